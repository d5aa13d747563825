#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`numasight-cli info --json FILE` against python3's json.load of the same FILE, end to end.

Both run as fresh processes (start, read, parse or model, output, exit), --repeat times each and alternately,
with each process's peak resident memory (ru_maxrss). Inputs: the real witty-profiler capture scaled by
numasight-witty-scale (as written by witty: entities plus edges that repeat them), the same with many threads
per process, two shapes of small entities (threads only, sockets only), whose model is large against their
JSON, and the smallest entities witty's format allows: a type numasight does not know, with only the fields
every witty node has (entity_namespace, entity_type, details) and one key, listed as nodes, then named only by
edges (two new ones an edge).

usage: bench/info_vs_python.py BUILD_DIR [--repeat N] [--scale N] [--keep DIR] [--cli PATH]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_once(cmd):
    """Wall seconds, CPU seconds (user + system) and peak resident MB of one fresh process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace").strip()
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(cmd)} failed ({code}): {err}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024 / 1e6  # kB to MB


def measure_pair(first, second, repeat):
    """Runs the two commands alternately, so that both see the machine in the same state (this VM's speed
    drifts by tens of percent within minutes), and returns for each the wall times and the largest peak."""
    runs = ([], []), ([], [])
    for _ in range(repeat):
        for cmd, (walls, peaks) in zip((first, second), runs):
            wall, _, peak = run_once(cmd)
            walls.append(wall)
            peaks.append(peak)
    return [(sorted(walls), max(peaks)) for walls, peaks in runs]


def write_small_threads(path, count):
    with open(path, "w") as f:
        f.write('{"nodes":[\n{"entity_type":"ProcessEntity","entity_namespace":"local","pid":7,"ppid":1,'
                '"name":"worker"}')
        for i in range(count):
            f.write(',\n{"entity_type":"ThreadEntity","entity_namespace":"local","tid":%d,"process":'
                    '{"entity_type":"ProcessEntity","entity_namespace":"local","pid":7}}' % (100 + i))
        f.write('\n],"edges":[]}\n')


def write_small_sockets(path, count):
    with open(path, "w") as f:
        f.write('{"nodes":[')
        for i in range(count):
            f.write(('\n' if i == 0 else ',\n') +
                    '{"entity_type":"SocketEntity","socket_addr":"10.%d.%d.%d","socket_port":%d,'
                    '"socket_type":"TCP"}' % (i >> 16, (i >> 8) & 255, i & 255, 1024 + (i % 60000)))
        f.write('\n],"edges":[]}\n')


def write_minimal_unknown(path, count):
    with open(path, "w") as f:
        f.write('{"nodes":[')
        for i in range(count):
            f.write(('\n' if i == 0 else ',\n') +
                    '{"entity_namespace":"local","entity_type":"A","details":{},"id":%d}' % i)
        f.write('\n],"edges":[]}\n')


def write_minimal_edges(path, count):
    """Edges only, each naming two entities seen nowhere else (the model grows by two entities an edge)."""
    node = '{"entity_namespace":"local","entity_type":"A","details":{},"id":%d}'
    with open(path, "w") as f:
        f.write('{"nodes":[],"edges":[')
        for i in range(count):
            f.write(('\n' if i == 0 else ',\n') + '{"edge_type":"E","weight":null,"source_node":' +
                    node % (2 * i) + ',"target_node":' + node % (2 * i + 1) + '}')
        f.write('\n]}\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--scale", type=int, default=1000, help="copies of the witty capture (default 1000)")
    ap.add_argument("--keep", help="write the inputs here and keep them")
    ap.add_argument("--cli", help="the numasight-cli to measure (default: BUILD/app/numasight-cli); the "
                                  "packages ship the release preset's")
    args = ap.parse_args()

    cli = args.cli or os.path.join(args.build, "app", "numasight-cli")
    scale = os.path.join(args.build, "bench", "numasight-witty-scale")
    fixtures = os.environ.get("NUMASIGHT_FIXTURES", os.path.join(HERE, "..", "..", "shared", "fixtures"))
    witty = os.path.join(fixtures, "witty-profiler", "graph.json")
    tmp = args.keep or tempfile.mkdtemp(prefix="numasight-info-bench-")
    os.makedirs(tmp, exist_ok=True)

    inputs = []
    def scaled(name, extra):
        path = os.path.join(tmp, name)
        if not os.path.exists(path):
            subprocess.run([scale, witty] + extra + ["-o", path], check=True, stdout=subprocess.DEVNULL)
        inputs.append((name, path))
    scaled(f"witty-x{args.scale}.json", [str(args.scale)])
    scaled(f"witty-x{args.scale // 25}-threads30.json", [str(max(1, args.scale // 25)), "--threads", "30"])
    for name, writer, count in (("small-threads.json", write_small_threads, args.scale * 1000),
                                ("small-sockets.json", write_small_sockets, args.scale * 1000),
                                ("minimal-unknown.json", write_minimal_unknown, args.scale * 1000),
                                ("minimal-edges.json", write_minimal_edges, args.scale * 500)):
        path = os.path.join(tmp, name)
        if not os.path.exists(path):
            writer(path, count)
        inputs.append((name, path))

    python = [sys.executable, "-c", "import json, sys\nwith open(sys.argv[1]) as f: json.load(f)"]
    print(f"{args.repeat} runs each, fresh processes, python and numasight alternating; s = best (median); "
          f"peak = largest ru_maxrss; speed-up = best / best (median / median)")
    print(f"{'input':30} {'MB':>7} {'python s':>14} {'peak MB':>8} {'numasight s':>14} {'peak MB':>8} "
          f"{'speed-up':>14} {'peak/file':>9}")
    for name, path in inputs:
        size_mb = os.path.getsize(path) / 1e6
        (py, py_peak), (ns, ns_peak) = measure_pair(python + [path], [cli, "info", "--json", path], args.repeat)
        py_med, ns_med = py[len(py) // 2], ns[len(ns) // 2]
        print(f"{name:30} {size_mb:7.1f} {py[0]:6.2f} ({py_med:5.2f}) {py_peak:8.0f} {ns[0]:6.3f} ({ns_med:5.3f}) "
              f"{ns_peak:8.0f} {py[0] / ns[0]:5.1f}x ({py_med / ns_med:4.1f}x) {ns_peak / size_mb:8.2f}x", flush=True)
    if not args.keep:
        for _, path in inputs:
            os.unlink(path)
        os.rmdir(tmp)


if __name__ == "__main__":
    main()
