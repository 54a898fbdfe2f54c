#!/usr/bin/env python3
"""End-to-end speed and peak memory of a trace replay (the trace kind), on a release build.

Generates trace A (1 M requests, 10,000 objects, Zipf 1.0, seed 42) as csv with
`workbench trace generate` and converts it to the binary format (v2: dense object ids), then
times whole `workbench run` processes of a trace scenario replaying it under one policy at one
capacity (default lru, C = 1000): loading the scenario (a csv is not read then, only opened and
its requests estimated; a binary file's header and size are checked), reading the file once
(a csv's rows parsed and checked by the replay), the replay, and writing the results. Each figure is the median of --runs processes
with its min-max; one process is one sample. Requests per second = requests / the process's
wall-clock time (wall), and requests / its user + system CPU time (cpu: less sensitive to other
processes on the machine, but it misses time spent waiting for the disk).

It also replays a 10 M-request trace (same generator, 100,000 objects) and compares the peak
RSS (ru_maxrss of the process) with the 1 M-request replay's: a streaming replay holds the
same whatever the trace's length.

    scripts/trace-bench.py [--workbench .build/release/workbench] [--runs 5] [--policy lru] [--capacity 1000]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(workbench, scenario, out):
    """Wall-clock seconds and peak RSS (KiB) of one `workbench run` process."""
    start = time.monotonic()
    proc = subprocess.Popen(
        [workbench, "run", scenario, "--out", out, "--no-plots", "--quiet"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("workbench run %s failed: %s" % (scenario, proc.stderr.read().decode()))
    return elapsed, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def scenario(directory, name, path, fmt, policy, capacity, columns):
    text = "name: %s\nkind: trace\ntrace: {path: %s, format: %s%s}\ncache: {policies: [%s], capacities: [%d]}\nwindow: 100000\n" % (
        name, path, fmt, columns, policy, capacity)
    file = os.path.join(directory, name + ".yaml")
    with open(file, "w") as f:
        f.write(text)
    return file


def summarize(label, requests, samples):
    rates = [requests / s for s, _, _ in samples]
    cpu = [requests / c for _, _, c in samples]
    rss = [m / 1024 for _, m, _ in samples]
    print("%-22s wall %6.2f M req/s (%.2f-%.2f)  cpu %6.2f M req/s (%.2f-%.2f)  peak RSS %5.1f MiB (%.1f-%.1f)" % (
        label, statistics.median(rates) / 1e6, min(rates) / 1e6, max(rates) / 1e6,
        statistics.median(cpu) / 1e6, min(cpu) / 1e6, max(cpu) / 1e6,
        statistics.median(rss), min(rss), max(rss)))
    return statistics.median(rss)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workbench", default=".build/release/workbench")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--policy", default="lru")
    ap.add_argument("--capacity", type=int, default=1000)
    args = ap.parse_args()
    wb = os.path.abspath(args.workbench)
    with tempfile.TemporaryDirectory() as d:
        csv = os.path.join(d, "a.csv")
        binary = os.path.join(d, "a.wbt")
        big = os.path.join(d, "b.csv")
        subprocess.run([wb, "trace", "generate", "--objects", "10000", "--requests", "1000000", "--alpha", "1",
                        "--seed", "42", "--out", csv], check=True, stderr=subprocess.DEVNULL)
        subprocess.run([wb, "trace", "convert", csv, "--header", "--time-column", "1", "--key-column", "2",
                        "--size-column", "3", "--to", "binary", "--out", binary], check=True, stderr=subprocess.DEVNULL)
        subprocess.run([wb, "trace", "generate", "--objects", "100000", "--requests", "10000000", "--alpha", "0.8",
                        "--seed", "42", "--out", big], check=True, stderr=subprocess.DEVNULL)
        bigbinary = os.path.join(d, "b.wbt")
        subprocess.run([wb, "trace", "convert", big, "--header", "--time-column", "1", "--key-column", "2",
                        "--size-column", "3", "--to", "binary", "--out", bigbinary], check=True, stderr=subprocess.DEVNULL)
        cols = ", header: true, columns: {time: 1, key: 2, size: 3}"
        files = [
            ("csv, 1 M requests", 1_000_000, scenario(d, "a-csv", csv, "csv", args.policy, args.capacity, cols)),
            ("binary, 1 M requests", 1_000_000, scenario(d, "a-binary", binary, "binary", args.policy, args.capacity, "")),
            ("csv, 10 M requests", 10_000_000, scenario(d, "b-csv", big, "csv", args.policy, args.capacity, cols)),
            ("binary, 10 M requests", 10_000_000, scenario(d, "b-binary", bigbinary, "binary", args.policy, args.capacity, "")),
        ]
        print("workbench run, %s at C = %d, %d processes each (median, min-max):" % (args.policy, args.capacity, args.runs))
        os.system("uptime")
        medians = {}
        for label, requests, file in files:
            samples = [run_once(wb, file, os.path.join(d, "out-%d" % i)) for i in range(args.runs)]
            medians[label] = summarize(label, requests, samples)
        small, large = medians["csv, 1 M requests"], medians["csv, 10 M requests"]
        print("peak RSS, 10 M against 1 M requests: %+.1f%%" % ((large - small) / small * 100))


if __name__ == "__main__":
    main()
