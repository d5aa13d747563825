#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Records several machines at once over ssh, one numasight capture each, and copies the captures into a local
# folder named after each host (packaging/ssh/README.md). For sites without Slurm or Kubernetes.
#
#   numasight-record-hosts.sh -o captures/run1 [-d 60s] [-i 1s] node01 root@node02 [-- RECORD_OPTION...]
#   numasight-record-hosts.sh -o captures/run1 -f hosts.txt
#
# Options:
#   -o, --output DIR   local folder for HOST.numasight and HOST.log (the host's output and ssh's errors)
#   -f, --hosts FILE   hosts one a line, as ssh takes them (user@host, an alias of ~/.ssh/config); # comments
#   -d, --duration T   how long to record: 500ms, 30s, 10m, 1h [60s]
#   -i, --interval T   time between samples [1s]
#   --cli PATH         numasight-cli on the hosts [numasight-cli from the remote PATH]
#   --remote-dir DIR   where each host writes its capture, relative to the remote home unless absolute; the
#                      capture stays there after the copy [numasight-captures]
#   --parallel N       hosts recorded at the same time [64]
#   -- OPTION...       more `numasight-cli record` options for every host: --mode, --pid, --comm
#
# ssh and scp run in batch mode (keys or an agent, never a password prompt); users, ports and jump hosts come
# from ~/.ssh/config. Exit code: 0 when every host recorded and its capture was copied, 1 otherwise, 2 for a bad
# command line.
set -euo pipefail

me=numasight-record-hosts.sh
usage="usage: $me -o DIR [-d TIME] [-i TIME] [--cli PATH] [--remote-dir DIR] [--parallel N] [-f FILE] HOST... [-- RECORD_OPTION...]"

fail() { # exit code, message
  echo "$me: $2" >&2
  exit "$1"
}
# Bash 4.4 (RHEL 8, Debian 10, Ubuntu 18.04 and later): wait -n and empty arrays under set -u.
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 404)) || fail 1 "needs bash 4.4 or later, not $BASH_VERSION"

out_dir=
duration=60s
interval=1s
cli=numasight-cli
remote_dir=numasight-captures
parallel=64
hosts=()
record_args=()

need_value() { # option, number of arguments left
  (($2 >= 2)) || fail 2 "$1 needs a value; $usage"
}
read_hosts() { # file
  [[ -r $1 ]] || fail 2 "cannot read the host list $1"
  local line
  while IFS= read -r line || [[ -n $line ]]; do
    line=${line%%#*}
    line=${line//[[:space:]]/}
    [[ -z $line ]] || hosts+=("$line")
  done <"$1"
}
while (($#)); do
  case $1 in
    -o | --output) need_value "$1" $# && out_dir=$2 && shift 2 ;;
    -f | --hosts) need_value "$1" $# && read_hosts "$2" && shift 2 ;;
    -d | --duration) need_value "$1" $# && duration=$2 && shift 2 ;;
    -i | --interval) need_value "$1" $# && interval=$2 && shift 2 ;;
    --cli) need_value "$1" $# && cli=$2 && shift 2 ;;
    --remote-dir) need_value "$1" $# && remote_dir=$2 && shift 2 ;;
    --parallel) need_value "$1" $# && parallel=$2 && shift 2 ;;
    --output=* | --hosts=* | --duration=* | --interval=* | --cli=* | --remote-dir=* | --parallel=*)
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
    -*) fail 2 "unknown option '$1'; $usage" ;;
    *)
      hosts+=("$1")
      shift
      ;;
  esac
done

[[ -n $out_dir ]] || fail 2 "no output folder: give -o DIR; $usage"
((${#hosts[@]})) || fail 2 "no hosts: name them after the options or give -f FILE; $usage"
[[ $parallel =~ ^[1-9][0-9]*$ ]] || fail 2 "--parallel takes a number above 0, not '$parallel'"
# Legacy scp lets the remote shell expand the path and SFTP-mode scp does not: a path without special
# characters means the same to both.
[[ $remote_dir =~ ^[A-Za-z0-9._/+-]+$ ]] ||
  fail 2 "--remote-dir '$remote_dir': use letters, digits and . _ / + - only (scp versions quote others differently)"
for arg in "${record_args[@]}"; do
  case $arg in
    -o | -o* | --output | --output=*)
      fail 2 "'$arg' among the record options: each host's file is named after the host, in --remote-dir" ;;
    -d | -d* | --duration | --duration=* | -i | -i* | --interval | --interval=*)
      fail 2 "'$arg' among the record options: give -d/--duration and -i/--interval to $me itself" ;;
  esac
done
declare -A seen=()
for host in "${hosts[@]}"; do
  # A name ssh could read as an option, or one that is not a plain file name here.
  [[ $host =~ ^[A-Za-z0-9_.%:@][A-Za-z0-9_.%:@-]*$ ]] || fail 2 "'$host' is not a host name ssh takes"
  label=${host##*@}
  [[ -z ${seen[$label]:-} ]] || fail 2 "host $label is given twice (${seen[$label]} and $host): both would write $label.numasight"
  seen[$label]=$host
done
mkdir -p -- "$out_dir" 2>/dev/null || fail 1 "cannot create the output folder $out_dir"
[[ -w $out_dir && -x $out_dir ]] || fail 1 "cannot write to the output folder $out_dir"

quote() { # one word for any remote shell (sh, bash, zsh, csh): single quotes, ' as '\''
  printf "'%s'" "${1//\'/\'\\\'\'}"
}

state=$(mktemp -d "${TMPDIR:-/tmp}/numasight-record-hosts.XXXXXX")
trap 'rm -rf -- "$state"' EXIT

record_host() { # host; writes "STATUS COPIED WHAT" to $state/LABEL (COPIED: 1 when HOST.numasight is new)
  local host=$1 label=${1##*@} status=0
  local log=$out_dir/$label.log remote=$remote_dir/$label.numasight scp_host=$host
  [[ $label != *:* ]] || scp_host=${host%"$label"}[$label]
  local command
  command="mkdir -p -- $(quote "$remote_dir") && exec $(quote "$cli") record --duration $(quote "$duration")"
  command+=" --interval $(quote "$interval")"
  local arg
  for arg in "${record_args[@]}"; do
    command+=" $(quote "$arg")"
  done
  command+=" -o $(quote "$remote")"
  ssh -n -o BatchMode=yes -o ConnectTimeout=15 -o ServerAliveInterval=30 -- "$host" "$command" \
    >"$log" 2>&1 || status=$?
  if ((status == 255)); then
    echo "255 0 ssh failed" >"$state/$label"
    return
  fi
  # 130 and 143: the recorder was stopped early and kept its completed samples, which are worth copying.
  if ((status != 0 && status != 130 && status != 143)); then
    echo "$status 0 numasight-cli record exited with $status" >"$state/$label"
    return
  fi
  # Copied under a temporary name, so that a file named HOST.numasight here is always a whole capture.
  local part=$out_dir/.$label.numasight.part copied=0
  scp -q -o BatchMode=yes -o ConnectTimeout=15 -- "$scp_host:$remote" "$part" >>"$log" 2>&1 || copied=$?
  if ((copied != 0)); then
    rm -f -- "$part"
    echo "$copied 0 scp could not copy $remote" >"$state/$label"
  elif ! mv -f -- "$part" "$out_dir/$label.numasight" 2>>"$log"; then
    echo "1 0 could not move the copy to $out_dir/$label.numasight" >"$state/$label"
  elif ((status != 0)); then
    echo "$status 1 stopped early (exit $status); the samples before are in the capture" >"$state/$label"
  else
    echo "0 1 ok" >"$state/$label"
  fi
}

echo "$me: recording ${#hosts[@]} host(s) for $duration every $interval into $out_dir"
running=0
for host in "${hosts[@]}"; do
  if ((running >= parallel)); then
    wait -n || true
    running=$((running - 1))
  fi
  record_host "$host" &
  running=$((running + 1))
done
wait

captured=()
failed=0
for host in "${hosts[@]}"; do
  label=${host##*@}
  result="1 0 ended without a result"
  [[ ! -s $state/$label ]] || result=$(<"$state/$label")
  read -r status copied what <<<"$result"
  if ((status == 0)); then
    printf '%-24s %-9s %s\n' "$label" ok "$out_dir/$label.numasight"
  else
    failed=$((failed + 1))
    last=$(grep -v '^[[:space:]]*$' -- "$out_dir/$label.log" 2>/dev/null | tail -n 1 || true)
    printf '%-24s %-9s %s: %s (%s)\n' "$label" "exit $status" "$what" "${last:-no output}" "$out_dir/$label.log"
  fi
  ((copied == 0)) || captured+=("$label.numasight")
done
summary="$me: ${#captured[@]} of ${#hosts[@]} host(s) captured into $out_dir"
((${#captured[@]} == 0)) || summary+=":"
for file in "${captured[@]}"; do
  summary+=" $file"
done
echo "$summary"
if ((failed)); then
  echo "$me: $failed of ${#hosts[@]} host(s) failed: see their lines above and their logs" >&2
  exit 1
fi
