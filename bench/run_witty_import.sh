#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Import benchmark: scales the real witty-profiler capture N times (default 1000, about 210 MB), then compares
# python3's json.load (best of 3), a bare simdjson parse and numasight's import (best of 5 each), and the
# import's peak memory in a fresh process.
# usage: bench/run_witty_import.sh [BUILD_DIR] [N]     (BUILD_DIR: a Release build, default build/witty-release)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build/witty-release}
copies=${2:-1000}
fixture=${NUMASIGHT_FIXTURES:-$here/../shared/fixtures}/witty-profiler/graph.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$build/bench/numasight-witty-scale" "$fixture" "$copies" -o "$tmp/graph-x$copies.json"

python_best=$(python3 - "$tmp/graph-x$copies.json" <<'PY'
import json, sys, time
best = float("inf")
for _ in range(3):
    t = time.perf_counter()
    with open(sys.argv[1]) as f:
        json.load(f)
    best = min(best, time.perf_counter() - t)
print(f"{best:.3f}")
PY
)
echo "python3 json.load: $python_best s (best of 3)"

out=$("$build/bench/bench_witty_import" "$tmp/graph-x$copies.json" --repeat 5)
echo "$out"
import_s=$(echo "$out" | sed -n 's/^readWittyJsonFile: \([0-9.]*\) s.*/\1/p')
awk -v p="$python_best" -v i="$import_s" 'BEGIN { printf "numasight import is %.1fx faster than python3 json.load (target >= 10x)\n", p / i }'
