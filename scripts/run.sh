#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start: install dependencies, build, and start numasight — on FILE if given, else attached to this machine.
#   scripts/run.sh [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target numasight numasight-cli numasight-export
if [[ $# -eq 0 ]]; then
  exec build/release/app/numasight --attach
fi
exec build/release/app/numasight "$@"
