#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets in fuzz/ (the `fuzz` preset: clang, ASan + UBSan) and runs each for a bounded
# time. Any crash, leak, undefined behaviour, timeout (10 s on one input) or memory over 2 GB fails the run
# and names the saved input. docs/fuzzing.md tells how to run longer and how to reproduce a crash.
#   scripts/fuzz.sh [seconds-per-target] [target…]     default: 30 s, every target
# Environment: NUMASIGHT_FIXTURES (default ../shared/fixtures), FUZZ_JOBS (build jobs, default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-30}
shift || true
all_targets=(fuzz_witty_json fuzz_capture_bytes fuzz_capture_sql fuzz_hwloc_xml fuzz_mlc fuzz_procfs)
targets=("$@")
((${#targets[@]})) || targets=("${all_targets[@]}")
fixtures=$(realpath -m "${NUMASIGHT_FIXTURES:-$root/../shared/fixtures}")
for f in "$fixtures/witty-profiler/graph.json" "$fixtures/hwloc"; do
  [[ -e $f ]] || { echo "fuzz: $f not found: set NUMASIGHT_FIXTURES to the shared fixtures folder" >&2; exit 1; }
done
command -v sqlite3 >/dev/null || { echo "fuzz: the sqlite3 shell is needed to make capture seeds (apt-get install sqlite3)" >&2; exit 1; }

build=$root/build/fuzz
mkdir -p "$build"
start=$(date +%s)
cmake --preset fuzz -DNUMASIGHT_FIXTURES="$fixtures" >"$build/configure.log" 2>&1 \
  || { cat "$build/configure.log" >&2; exit 1; }
cmake --build --preset fuzz -j "${FUZZ_JOBS:-2}"
echo "fuzz: built in $(($(date +%s) - start)) s"

# Seed corpora, made afresh from the fixtures and tests/data each run (never copied into the repository).
seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{fuzz_witty_json,fuzz_capture_bytes,fuzz_capture_sql,fuzz_hwloc_xml,fuzz_mlc,fuzz_procfs}
cp "$fixtures"/witty-profiler/*.json "$seeds/fuzz_witty_json/"
# Small graphs in each of the three forms the reader takes: mutations of a 400 KB file are slow and rarely
# reach the end of it.
python3 - "$fixtures/witty-profiler/graph.json" "$seeds/fuzz_witty_json" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
small = {"nodes": graph["nodes"][:12], "edges": graph["edges"][:12]}
out = sys.argv[2]
compact = lambda v: json.dumps(v, separators=(",", ":"))
open(f"{out}/small.json", "w").write(compact(small))
open(f"{out}/small-envelope.json", "w").write(compact({"env": {"host": "fuzz"}, "content": small}))
tail = {"nodes": graph["nodes"][12:20], "edges": graph["edges"][12:20]}
open(f"{out}/small-lines.jsonl", "w").write(compact(small) + "\n" + compact(tail) + "\n")
PY
for sql in tests/data/capture/*.sql; do
  sqlite3 "$seeds/fuzz_capture_bytes/$(basename "$sql" .sql).nscap" <"$sql"
done
# fuzz_capture_sql's input is a program of edits on its built-in bases (fuzz/fuzz_capture_sql.cpp).
printf '\x00' >"$seeds/fuzz_capture_sql/base0"
printf '\x01\x03\x00\x00\x02\x05\x00' >"$seeds/fuzz_capture_sql/update"
printf '\x02\x04\x01\x00\x00\x01\x02\x03\x00\x09' >"$seeds/fuzz_capture_sql/copy"
# A long program, so that libFuzzer's length limit starts above one edit.
python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(7, 135)))' >"$seeds/fuzz_capture_sql/long"
cp "$fixtures"/hwloc/*.xml "$seeds/fuzz_hwloc_xml/"
# hwloc 3 exports of some of the same machines, under the same names: kept apart by a prefix.
for xml in tests/data/hwloc-v3/*.xml; do
  cp "$xml" "$seeds/fuzz_hwloc_xml/v3-$(basename "$xml")"
done
cp tests/data/mlc/*.txt "$seeds/fuzz_mlc/"
cp fuzz/seeds/procfs/* "$seeds/fuzz_procfs/"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/fuzz/lsan.supp}
failed=()
for target in "${targets[@]}"; do
  bin=$build/fuzz/$target
  [[ -x $bin ]] || { echo "fuzz: no target $target (one of: ${all_targets[*]})" >&2; exit 1; }
  corpus=$build/corpus/$target
  crashes=$build/crashes/$target
  mkdir -p "$corpus" "$crashes"
  log=$build/logs/$target.log
  mkdir -p "$(dirname "$log")"
  : >"$log"
  end=$(($(date +%s) + seconds))
  dict=()
  [[ -e fuzz/$target.dict ]] && dict=(-dict="fuzz/$target.dict")
  status=ok
  while :; do
    left=$((end - $(date +%s)))
    ((left > 0)) || break
    run_log=$build/logs/$target.last.log
    if "$bin" -max_total_time="$left" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 "${dict[@]}" \
      -artifact_prefix="$crashes/" "$corpus" "$seeds/$target" >"$run_log" 2>&1; then
      cat "$run_log" >>"$log"
      break
    fi
    cat "$run_log" >>"$log"
    input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$run_log" | tail -n 1)
    status=failed
    echo "fuzz: ========== $target FAILED =========="
    grep -E '^==[0-9]+==ERROR|runtime error|SUMMARY|^ +#[0-9]+ ' "$run_log" | head -n 40 || true
    echo "fuzz: the crashing input is saved as ${input:-(none: see the log)}"
    echo "fuzz: reproduce with: $bin ${input:-<input>}    (log: $log)"
    break
  done
  stats=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{s += $2} END {print s + 0}')
  echo "fuzz: $target: $status, $stats inputs in ${seconds} s, corpus $(find "$corpus" -type f | wc -l) files"
  [[ $status == ok ]] || failed+=("$target")
done
echo "fuzz: done in $(($(date +%s) - start)) s"
if ((${#failed[@]})); then
  echo "fuzz: FAILED: ${failed[*]}: crashing inputs in $build/crashes/" >&2
  exit 1
fi
