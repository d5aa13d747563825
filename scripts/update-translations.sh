#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Brings the translations up to date with the strings marked in app/, views/ and core/: new strings are added
# as unfinished, changed ones keep their old translation as unfinished, removed ones are dropped. Without
# locations and sorted by context and source, so a change of code moves no entry and the diff shows only what
# a translator has to look at.
#   scripts/update-translations.sh            updates resources/translations/*.ts
#   scripts/update-translations.sh FILE.ts    updates FILE.ts (the tests check a temporary copy this way)
# LUPDATE names the lupdate to run (default: Qt 6's).
set -euo pipefail
cd "$(dirname "$0")/.."

lupdate=${LUPDATE:-}
if [[ -z $lupdate ]]; then
  for candidate in /usr/lib/qt6/bin/lupdate "$(command -v lupdate6 || true)" "$(command -v lupdate || true)"; do
    [[ -n $candidate && -x $candidate ]] && { lupdate=$candidate; break; }
  done
fi
[[ -n $lupdate ]] || { echo "update-translations: lupdate not found (apt-get install qt6-l10n-tools)" >&2; exit 1; }

ts_files=("$@")
((${#ts_files[@]})) || ts_files=(resources/translations/*.ts)

# -I: headers are included from the project root and from core/, and lupdate must read them to know each
# class's context.
"$lupdate" -silent -no-obsolete -locations none -I . -I core -I app -extensions cpp,h \
  app views core -ts "${ts_files[@]}"
