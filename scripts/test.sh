#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start: install dependencies, build with warnings as errors, and run the whole test suite.
#   scripts/test.sh            the dev preset (RelWithDebInfo, -Werror)
#   scripts/test.sh asan       the same suite under AddressSanitizer + UndefinedBehaviorSanitizer
#   scripts/test.sh PRESET -DOPTION=VALUE…   with more cache options for the configure step (CI's
#                                            -DNUMASIGHT_DEBUG_LINES_ONLY=ON)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-dev}
shift || true
scripts/install-deps.sh
cmake --preset "$preset" "$@"
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset" -j "$(nproc)" --timeout 900
