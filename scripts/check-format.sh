#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a C++ file in the tree differs from what .clang-format asks for (`scripts/check-format.sh --fix`
# rewrites them instead), or when a source, CMake or shell file lacks its SPDX licence line.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (apt-get install clang-format)" >&2; exit 1; }
mapfile -t files < <(git ls-files "*.cpp" "*.h" "*.c")
if [[ ${1:-} == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
clang-format --dry-run -Werror "${files[@]}"
echo "check-format: ${#files[@]} files follow .clang-format"
mapfile -t unlicensed < <(git ls-files "*.cpp" "*.h" "*.c" "*.in" "*.cmake" "*CMakeLists.txt" "*.sh" .ci/run |
  xargs grep -L -m1 "SPDX-License-Identifier: GPL-3.0-or-later" || true)
if ((${#unlicensed[@]})); then
  printf 'check-format: no SPDX-License-Identifier line in %s\n' "${unlicensed[@]}" >&2
  exit 1
fi
