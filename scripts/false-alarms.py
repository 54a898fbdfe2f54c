#!/usr/bin/env python3
"""How often `compare` and `ab` report a regression between two measurements of the same build
(false alarms), how often they catch a real slowdown, and how both depend on the threshold.

Release build. Everything runs on two shipped scenarios:
  - scenarios/feed.yaml (scrolling-table) as shipped;
  - scenarios/stock-ticker.yaml (parallel-readers), shortened so a pair takes seconds: 300 ms
    measured after a 100 ms warm-up, 20000 operations per reader, designs gcd-barrier and
    big-reader only (its expect lines, which name the other designs, are dropped).

Per pair, in this order:
  1. `run --repeat R` of both files (A);
  2. detection: for each nib scale S (every nib of the feed S times as many views, so every
     instantiation builds a larger view tree), `run --repeat R` of the scaled feed, judged
     against A's feed. Caught = a regression of a measured time metric (`*_ns`);
  3. false alarm, two runs: `run --repeat R` of both files again (B), `compare A B`;
  4. false alarm, ab: `ab BIN BIN FILES --repeat R` (the same binary on both sides).
The runs of a pair are judged again with every threshold of --thresholds (default settings
otherwise: alpha 0.01, Holm), so one set of runs answers for each threshold. The slowdown that
a scale really causes is the ratio of the medians of `dequeue_latency_p50_ns` of the feed's
`none` run (every dequeue there instantiates a controller), scaled over A.

    scripts/false-alarms.py [--pairs 20] [--repeat 10] [--scales 1.05,1.1,1.2,1.5]
                            [--thresholds 0%,5%,10%,20%] [--workbench .build/release/workbench]
                            [--csv pairs.csv]

Prints one line per pair, then a table per threshold: false alarms of each way, and the share
of pairs in which each scale was caught, with the median slowdown it caused.
"""

import argparse
import csv
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def shortened_stock_ticker(text):
    out, skip = [], False
    for line in text.splitlines():
        if line.startswith("expect:"):
            skip = True
            continue
        if skip and re.match(r"^[a-z]", line):
            skip = False
        if skip:
            continue
        line = re.sub(r"^duration: .*", "duration: 300ms", line)
        line = re.sub(r"^warmup: .*", "warmup: 100ms", line)
        line = re.sub(r"operations: [0-9]+", "operations: 20000", line)
        line = re.sub(r"designs: \[.*\]", "designs: [gcd-barrier, big-reader]", line)
        out.append(line)
    return "\n".join(out) + "\n"


def scaled_feed(text, scale):
    return re.sub(r"views: ([0-9]+)", lambda m: "views: %d" % round(int(m.group(1)) * scale), text)


def run(workbench, files, out, repeat):
    """One `workbench run`; a failed expectation (exit 2) is not a failure of the measurement."""
    proc = subprocess.run([workbench, "run", *files, "--repeat", str(repeat), "--no-plots", "--quiet", "--out", out],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 2):
        sys.exit("workbench run failed (%d): %s" % (proc.returncode, proc.stderr))


def judge(workbench, baseline, current, threshold):
    """compare's exit status and the metrics it calls regressions, as (scenario, run, metric)."""
    proc = subprocess.run([workbench, "compare", baseline, current, "--format", "csv", "--threshold", "*=" + threshold],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 2):
        sys.exit("workbench compare failed (%d): %s" % (proc.returncode, proc.stderr))
    regressions = [(row["scenario"], row["policy"], row["metric"])
                   for row in csv.DictReader(proc.stdout.splitlines()) if row["verdict"] == "regression"]
    return proc.returncode, regressions


def none_latency(directory):
    with open(os.path.join(directory, "feed", "summary.csv")) as f:
        for row in csv.DictReader(f):
            if row["policy"] == "none":
                return float(row["dequeue_latency_p50_ns"])
    sys.exit("no none run in %s" % directory)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--scales", default="1.05,1.1,1.2,1.5")
    parser.add_argument("--thresholds", default="0%,5%,10%,20%")
    parser.add_argument("--workbench", default=os.path.join(ROOT, ".build/release/workbench"))
    parser.add_argument("--csv", help="also write one row per pair, way and threshold to this file")
    args = parser.parse_args()
    workbench = os.path.abspath(args.workbench)
    if not os.access(workbench, os.X_OK):
        sys.exit("build first: swift build -c release (or pass --workbench)")
    scales = [float(s) for s in args.scales.split(",") if s]
    thresholds = [t for t in args.thresholds.split(",") if t]

    work = tempfile.mkdtemp(prefix="false-alarms.")
    try:
        with open(os.path.join(ROOT, "scenarios/feed.yaml")) as f:
            feed_text = f.read()
        with open(os.path.join(ROOT, "scenarios/stock-ticker.yaml")) as f:
            ticker_text = f.read()
        feed = os.path.join(work, "feed.yaml")
        ticker = os.path.join(work, "stock-ticker.yaml")
        with open(feed, "w") as f:
            f.write(feed_text)
        with open(ticker, "w") as f:
            f.write(shortened_stock_ticker(ticker_text))
        scaled = {}
        for scale in scales:
            os.makedirs(os.path.join(work, "x%g" % scale), exist_ok=True)
            scaled[scale] = os.path.join(work, "x%g" % scale, "feed.yaml")   # same scenario name: feed
            with open(scaled[scale], "w") as f:
                f.write(scaled_feed(feed_text, scale))
        files = [feed, ticker]

        # counts[threshold][way] = pairs with a regression (false alarm) or caught (detection)
        counts = {t: {} for t in thresholds}
        slowdowns = {s: [] for s in scales}
        rows = []
        for pair in range(1, args.pairs + 1):
            a, b, ab = (os.path.join(work, name) for name in ("a", "b", "ab"))
            for d in (a, b, ab):
                shutil.rmtree(d, ignore_errors=True)
            run(workbench, files, a, args.repeat)
            ways = [("run+compare", a, b), ("ab", os.path.join(ab, "baseline"), os.path.join(ab, "current"))]
            for scale in scales:   # right after A, as a change would be measured after its baseline
                out = os.path.join(work, "x%g-out" % scale)
                shutil.rmtree(out, ignore_errors=True)
                run(workbench, [scaled[scale]], out, args.repeat)
                slowdowns[scale].append(none_latency(out) / none_latency(a))
                ways.append(("nibs x%g" % scale, a, out))
            run(workbench, files, b, args.repeat)
            proc = subprocess.run([workbench, "ab", workbench, workbench, *files, "--repeat", str(args.repeat), "--out", ab],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if proc.returncode not in (0, 2):
                sys.exit("workbench ab failed (%d): %s" % (proc.returncode, proc.stderr))
            line = []
            for threshold in thresholds:
                for way, base, cur in ways:
                    status, regressions = judge(workbench, base, cur, threshold)
                    if way.startswith("nibs"):
                        hit = any(m.endswith("_ns") for _, _, m in regressions)
                    else:
                        hit = status == 2
                    counts[threshold][way] = counts[threshold].get(way, 0) + int(hit)
                    rows.append({"pair": pair, "threshold": threshold, "way": way, "exit": status,
                                 "flagged": int(hit), "regressions": " ".join("%s/%s/%s" % r for r in regressions)})
                    if threshold == thresholds[len(thresholds) // 2] or len(thresholds) == 1:
                        line.append("%s %s" % (way, "FLAGGED" if hit else "-") if not way.startswith("nibs")
                                    else "%s %s" % (way, "caught" if hit else "missed"))
            print("pair %d (threshold %s): %s; slowdowns %s" % (
                pair, thresholds[len(thresholds) // 2], ", ".join(line),
                " ".join("x%g=%.3f" % (s, slowdowns[s][-1]) for s in scales)), flush=True)

        n = args.pairs
        print()
        print("%d pairs, --repeat %d, alpha 0.01 (Holm); feed as shipped, stock-ticker 300 ms" % (n, args.repeat))
        print("slowdown of an instantiation (median over pairs of dequeue_latency_p50_ns of feed/none, scaled / A):")
        for scale in scales:
            v = slowdowns[scale]
            print("  nibs x%g: %.3f (min %.3f, max %.3f)" % (scale, statistics.median(v), min(v), max(v)))
        header = ["threshold", "false alarms run+compare", "false alarms ab"] + ["caught nibs x%g" % s for s in scales]
        print(" | ".join(header))
        for threshold in thresholds:
            c = counts[threshold]
            cells = [threshold, "%d of %d" % (c.get("run+compare", 0), n), "%d of %d" % (c.get("ab", 0), n)]
            cells += ["%d of %d" % (c.get("nibs x%g" % s, 0), n) for s in scales]
            print(" | ".join(cells))
        if args.csv:
            with open(args.csv, "w", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=["pair", "threshold", "way", "exit", "flagged", "regressions"])
                writer.writeheader()
                writer.writerows(rows)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
