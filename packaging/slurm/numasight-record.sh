#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One numasight capture per node of a Slurm allocation, each named after its node (packaging/slurm/README.md).
#
#   sbatch -N 16 numasight-record.sh -o /shared/run1 [-d 60s] [-i 1s] [-- RECORD_OPTION...]
#   salloc -N 16 numasight-record.sh -o /shared/run1           (or run it from a shell inside salloc)
#   numasight-record.sh --job 1234 -o /shared/run1             (the nodes of running job 1234)
#
# Options (the environment variable in brackets gives the default):
#   -o, --output DIR   folder of the captures, created on every node [NUMASIGHT_OUT_DIR]
#   -d, --duration T   how long to record: 500ms, 30s, 10m, 1h [NUMASIGHT_DURATION, 60s]
#   -i, --interval T   time between samples [NUMASIGHT_INTERVAL, 1s]
#   --name PATTERN     file name on each node: %N Slurm node name, %h short host name, %j job id
#                      [NUMASIGHT_NAME, %N.numasight]
#   --cli PATH         numasight-cli on the nodes [NUMASIGHT_CLI, numasight-cli from PATH]
#   --job ID           record on the nodes of that running job (a step that overlaps it) instead of this one
#   -- OPTION...       more `numasight-cli record` options for every node: --mode, --pid, --comm
#                      [NUMASIGHT_RECORD_ARGS, split as a shell would: --comm 'python|vllm']
#
# Exit code: srun's (the highest of the nodes' numasight-cli exit codes); 1 when a node wrote nothing although
# srun succeeded; 2 for a bad command line or no Slurm job to run in.
#
#SBATCH --job-name=numasight-record
#SBATCH --ntasks-per-node=1
#SBATCH --time=00:30:00
#SBATCH --output=numasight-record-%j.out
set -euo pipefail

# Under sbatch $0 is Slurm's copy of the script (slurm_script): messages use the name users know.
me=numasight-record.sh
usage="usage: $me -o DIR [-d TIME] [-i TIME] [--name PATTERN] [--cli PATH] [--job ID] [-- RECORD_OPTION...]"

fail() { # exit code, message
  echo "$me: $2" >&2
  exit "$1"
}
# Bash 4.4 (RHEL 8, Debian 10, Ubuntu 18.04 and later): mapfile -d and wait for a process substitution.
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 404)) || fail 1 "needs bash 4.4 or later, not $BASH_VERSION"

out_dir=${NUMASIGHT_OUT_DIR:-}
duration=${NUMASIGHT_DURATION:-60s}
interval=${NUMASIGHT_INTERVAL:-1s}
name=${NUMASIGHT_NAME:-%N.numasight}
cli=${NUMASIGHT_CLI:-numasight-cli}
job=
record_args=()
if [[ -n ${NUMASIGHT_RECORD_ARGS:-} ]]; then
  # xargs splits at blanks and honours quotes and backslashes, as the recorder service's variable does;
  # nothing in it is evaluated.
  mapfile -d '' record_args < <(xargs -r printf '%s\0' <<<"$NUMASIGHT_RECORD_ARGS")
  wait $! || fail 2 "NUMASIGHT_RECORD_ARGS: cannot split (see xargs's line above): $NUMASIGHT_RECORD_ARGS"
fi

need_value() { # option, number of arguments left
  (($2 >= 2)) || fail 2 "$1 needs a value; $usage"
}
while (($#)); do
  case $1 in
    -o | --output) need_value "$1" $# && out_dir=$2 && shift 2 ;;
    -d | --duration) need_value "$1" $# && duration=$2 && shift 2 ;;
    -i | --interval) need_value "$1" $# && interval=$2 && shift 2 ;;
    --name) need_value "$1" $# && name=$2 && shift 2 ;;
    --cli) need_value "$1" $# && cli=$2 && shift 2 ;;
    --job) need_value "$1" $# && job=$2 && shift 2 ;;
    --output=* | --duration=* | --interval=* | --name=* | --cli=* | --job=*)
      set -- "${1%%=*}" "${1#*=}" "${@:2}" ;;
    -h | --help)
      echo "$usage"
      exit 0
      ;;
    --)
      shift
      record_args+=("$@")
      break
      ;;
    *) fail 2 "unexpected argument '$1'; $usage" ;;
  esac
done

[[ -n $out_dir ]] || fail 2 "no output folder: give -o DIR (or NUMASIGHT_OUT_DIR); $usage"
for arg in "${record_args[@]}"; do
  case $arg in
    -o | -o* | --output | --output=*)
      fail 2 "'$arg' among the record options: each node's file is -o DIR with --name, not a record option" ;;
    -d | -d* | --duration | --duration=* | -i | -i* | --interval | --interval=*)
      fail 2 "'$arg' among the record options: give -d/--duration and -i/--interval to $me itself" ;;
  esac
done
[[ $name == *%N* || $name == *%h* ]] ||
  fail 2 "--name '$name' has neither %N nor %h: every node would write the same file"
[[ $name != */* ]] || fail 2 "--name '$name' is a file name, not a path: give the folder with -o"
[[ -z $job || $job =~ ^[0-9]+(_[0-9]+)?$ ]] || fail 2 "--job takes a job id such as 1234, not '$job'"
# The tasks start in the submit folder only where it exists on their node: a relative folder is made
# absolute here, where it was meant.
[[ $out_dir == /* ]] || out_dir=$PWD/$out_dir

[[ -n $job || -n ${SLURM_JOB_ID:-} ]] ||
  fail 2 "not inside a Slurm job: submit it with sbatch, run it inside salloc, or give --job ID"
command -v srun >/dev/null || fail 1 "srun not found: run $me on a node of the Slurm cluster"
if [[ -n $job ]]; then
  # The variables of an allocation this runs in would pull srun back into that one.
  for var in "${!SLURM_@}"; do
    [[ $var == SLURM_CONF ]] || unset "$var"
  done
  nodelist=$(squeue --noheader --jobs="$job" --states=running --format=%N) ||
    fail 1 "squeue could not read job $job (see the line above)"
  [[ -n $nodelist ]] || fail 1 "job $job is not running: squeue --jobs=$job shows its state"
  node_count=$(squeue --noheader --jobs="$job" --format=%D)
  step=(--jobid="$job")
else
  nodelist=${SLURM_JOB_NODELIST:?SLURM_JOB_ID is set without SLURM_JOB_NODELIST}
  node_count=${SLURM_JOB_NUM_NODES:?SLURM_JOB_ID is set without SLURM_JOB_NUM_NODES}
  step=()
fi
mapfile -t nodes < <(scontrol show hostnames "$nodelist")
((${#nodes[@]} == node_count)) || fail 1 "scontrol expands $nodelist to ${#nodes[@]} nodes, not $node_count"

# What each node runs, as bash -c SCRIPT numasight-record CLI DIR NAME DURATION INTERVAL RECORD_OPTION...:
# the file name is made there, from the node's own name. srun does not expand %N in a command's arguments
# (only in its own --output), so `-o DIR/%N.numasight` would make a file literally named so.
# shellcheck disable=SC2016 # expanded by the node's bash, not here
task='
me=$0 cli=$1 dir=$2 name=$3 duration=$4 interval=$5
shift 5
node=${SLURMD_NODENAME:-$(hostname -s)}
host=$(hostname -s)
name=${name//"%N"/"$node"}
name=${name//"%h"/"$host"}
name=${name//"%j"/"${SLURM_JOB_ID:-}"}
if ! command -v -- "$cli" >/dev/null; then
  echo "$me: $node: $cli not found: install numasight on every node or give --cli PATH" >&2
  exit 127
fi
if ! why=$(mkdir -p -- "$dir" 2>&1); then
  echo "$me: $node: cannot create the output folder $dir: ${why##*: }" >&2
  exit 1
fi
if [[ ! -w $dir ]]; then
  echo "$me: $node: cannot write to the output folder $dir as $(id -un)" >&2
  exit 1
fi
status=0
"$cli" record --duration "$duration" --interval "$interval" "$@" -o "$dir/$name" || status=$?
# 130 and 143 (a signal, such as the job reaching its time limit) keep every completed sample.
if [[ -s $dir/$name ]] && ((status == 0 || status == 130 || status == 143)); then
  echo "$me: $node: captured $dir/$name"
else
  echo "$me: $node: no capture, numasight-cli record exited with $status" >&2
fi
exit "$status"
'

echo "$me: recording ${#nodes[@]} node(s) ($nodelist) for $duration every $interval into $out_dir"
results=$(mktemp "${TMPDIR:-/tmp}/numasight-record.XXXXXX")
trap 'rm -f -- "$results"' EXIT
# --overlap: the recorder shares the CPUs and memory of the job's other steps instead of waiting for them.
# --kill-on-bad-exit=0: a node that fails does not end the others' recordings, whatever slurm.conf says.
status=0
srun "${step[@]}" --nodes="$node_count" --ntasks="$node_count" --ntasks-per-node=1 --overlap \
  --kill-on-bad-exit=0 --input=none --job-name=numasight-record \
  bash -c "$task" "$me" "$cli" "$out_dir" "$name" "$duration" "$interval" "${record_args[@]}" |
  tee -- "$results" || status=$?

captured=()
missing=()
for node in "${nodes[@]}"; do
  line=$(grep -F -m1 -- "$me: $node: captured " "$results" || true)
  if [[ -n $line ]]; then
    captured+=("${line#"$me: $node: captured $out_dir/"}")
  else
    missing+=("$node")
  fi
done
summary="$me: ${#captured[@]} of ${#nodes[@]} node(s) captured into $out_dir"
((${#captured[@]} == 0)) || summary+=":"
for file in "${captured[@]}"; do
  summary+=" $file"
done
echo "$summary"
if ((${#missing[@]})); then
  echo "$me: no capture from ${missing[*]}: see their lines above" >&2
  ((status != 0)) || status=1
fi
exit "$status"
