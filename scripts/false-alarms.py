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
  2. detection through two runs: for each nib scale S (every nib of the feed S times as many
     views, so every instantiation builds a larger view tree), `run --repeat R` of the scaled
     feed, judged against A's feed. Caught = a regression of a measured time metric (`*_ns`);
  3. false alarm through two runs: `run --repeat R` of both files again (B), `compare A B`;
  4. false alarm through ab: `ab BIN BIN FILES --repeat RA` (the same binary on both sides;
     RA is --ab-repeat, by default R);
  5. detection through ab: for each scale of --ab-scales (default: --scales),
     `ab BIN SLOWER feed.yaml --repeat RA`, where SLOWER is a two-line wrapper that runs BIN
     with the scaled feed in place of the feed (a build whose every instantiation costs more).
The runs of a pair are judged again with every threshold of --thresholds (default settings
otherwise: alpha 0.01, Holm), so one set of runs answers for each threshold. The slowdown that
a scale really causes is the ratio of the medians of `dequeue_latency_p50_ns` of the feed's
`none` run (every dequeue there instantiates a controller), scaled over unscaled.

    scripts/false-alarms.py [--pairs 20] [--repeat 10] [--ab-repeat RA] [--scales 1.1,1.2,1.5]
                            [--ab-scales S,...] [--thresholds 0%,5%,10%,20%]
                            [--workbench .build/release/workbench] [--csv pairs.csv]

Prints one line per pair, then the slowdown each scale caused and, for each threshold, the
pairs with a false alarm and the pairs in which each scale was caught, both ways. The --csv file
has one row per pair, way and threshold, with each regression and its ratio of medians.
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


def ab_run(baseline, current, files, out, repeat):
    proc = subprocess.run([baseline, "ab", baseline, current, *files, "--repeat", str(repeat), "--out", out],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 2):
        sys.exit("workbench ab failed (%d): %s" % (proc.returncode, proc.stderr))


# A "build" that runs the scaled feed wherever it is asked to run the feed: the slower build of
# the detection through `ab`.
WRAPPER = """#!/usr/bin/env bash
args=()
for arg in "$@"; do
    if [ "$arg" = "%(feed)s" ]; then args+=("%(scaled)s"); else args+=("$arg"); fi
done
exec "%(workbench)s" "${args[@]}"
"""


def judge(workbench, baseline, current, threshold):
    """compare's exit status and the metrics it calls regressions, as (scenario, run, metric)."""
    proc = subprocess.run([workbench, "compare", baseline, current, "--format", "csv", "--threshold", "*=" + threshold],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 2):
        sys.exit("workbench compare failed (%d): %s" % (proc.returncode, proc.stderr))
    regressions = [(row["scenario"], row["policy"], row["metric"], row["ratio"])
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
    parser.add_argument("--repeat", type=int, default=10, help="repetitions of each run (run+compare)")
    parser.add_argument("--ab-repeat", type=int, help="repetitions of each side of ab (default: --repeat)")
    parser.add_argument("--scales", default="1.1,1.2,1.5", help="nib scales measured through run+compare ('' for none)")
    parser.add_argument("--ab-scales", help="nib scales measured through ab (default: --scales; '' for none)")
    parser.add_argument("--thresholds", default="0%,5%,10%,20%")
    parser.add_argument("--workbench", default=os.path.join(ROOT, ".build/release/workbench"))
    parser.add_argument("--csv", help="also write one row per pair, way and threshold to this file")
    args = parser.parse_args()
    workbench = os.path.abspath(args.workbench)
    if not os.access(workbench, os.X_OK):
        sys.exit("build first: swift build -c release (or pass --workbench)")
    scales = [float(s) for s in args.scales.split(",") if s]
    ab_scales = scales if args.ab_scales is None else [float(s) for s in args.ab_scales.split(",") if s]
    ab_repeat = args.ab_repeat or args.repeat
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
        for scale in sorted(set(scales) | set(ab_scales)):
            os.makedirs(os.path.join(work, "x%g" % scale), exist_ok=True)
            scaled[scale] = os.path.join(work, "x%g" % scale, "feed.yaml")   # same scenario name: feed
            with open(scaled[scale], "w") as f:
                f.write(scaled_feed(feed_text, scale))
        files = [feed, ticker]
        wrappers = {}
        for scale in ab_scales:
            wrappers[scale] = os.path.join(work, "x%g" % scale, "workbench")
            with open(wrappers[scale], "w") as f:
                f.write(WRAPPER % {"feed": feed, "scaled": scaled[scale], "workbench": workbench})
            os.chmod(wrappers[scale], 0o755)
        default_threshold = "10%" if "10%" in thresholds else thresholds[0]

        # counts[threshold][way] = pairs with a regression (false alarm) or caught (detection)
        counts = {t: {} for t in thresholds}
        ways_in_order = ["false alarm, run+compare", "false alarm, ab"]
        ways_in_order += ["nibs x%g, run+compare" % scale for scale in scales]
        ways_in_order += ["nibs x%g, ab" % scale for scale in ab_scales]
        slowdowns = {way: [] for way in ways_in_order[2:]}
        fields = ["pair", "threshold", "way", "exit", "flagged", "regressions"]
        log = open(args.csv, "w", newline="") if args.csv else None   # written pair by pair
        writer = csv.DictWriter(log, fieldnames=fields) if log else None
        if writer:
            writer.writeheader()
        for pair in range(1, args.pairs + 1):
            a, b, ab = (os.path.join(work, name) for name in ("a", "b", "ab"))
            for d in (a, b, ab):
                shutil.rmtree(d, ignore_errors=True)
            run(workbench, files, a, args.repeat)
            ways = [("false alarm, run+compare", a, b), ("false alarm, ab", os.path.join(ab, "baseline"), os.path.join(ab, "current"))]
            for scale in scales:   # right after A, as a change would be measured after its baseline
                out = os.path.join(work, "x%g-out" % scale)
                shutil.rmtree(out, ignore_errors=True)
                run(workbench, [scaled[scale]], out, args.repeat)
                way = "nibs x%g, run+compare" % scale
                slowdowns[way].append(none_latency(out) / none_latency(a))
                ways.append((way, a, out))
            run(workbench, files, b, args.repeat)
            ab_run(workbench, workbench, files, ab, ab_repeat)
            for scale in ab_scales:   # the same change through ab: a "build" whose feed is the scaled one
                out = os.path.join(work, "x%g-ab" % scale)
                shutil.rmtree(out, ignore_errors=True)
                ab_run(workbench, wrappers[scale], [feed], out, ab_repeat)
                way = "nibs x%g, ab" % scale
                base, cur = os.path.join(out, "baseline"), os.path.join(out, "current")
                slowdowns[way].append(none_latency(cur) / none_latency(base))
                ways.append((way, base, cur))
            line = []
            for threshold in thresholds:
                for way, base, cur in ways:
                    status, regressions = judge(workbench, base, cur, threshold)
                    if way.startswith("nibs"):
                        hit = any(m.endswith("_ns") for _, _, m, _ in regressions)
                    else:
                        hit = status == 2
                    counts[threshold][way] = counts[threshold].get(way, 0) + int(hit)
                    if writer:
                        writer.writerow({"pair": pair, "threshold": threshold, "way": way, "exit": status,
                                         "flagged": int(hit), "regressions": " ".join("%s/%s/%s=%s" % r for r in regressions)})
                    if threshold == default_threshold:
                        line.append("%s: %s" % (way, ("FLAGGED" if hit else "-") if way.startswith("false")
                                                else ("caught" if hit else "missed")))
            if log:
                log.flush()
            print("pair %d (threshold %s): %s" % (pair, default_threshold, "; ".join(line)), flush=True)

        n = args.pairs
        print()
        print("%d pairs, run --repeat %d, ab --repeat %d, alpha 0.01 (Holm); feed as shipped, stock-ticker 300 ms"
              % (n, args.repeat, ab_repeat))
        print("slowdown of an instantiation (dequeue_latency_p50_ns of feed/none, scaled / unscaled), median (min-max) over pairs:")
        for way in ways_in_order[2:]:
            v = slowdowns[way]
            print("  %-22s %.3f (%.3f-%.3f)" % (way, statistics.median(v), min(v), max(v)))
        print("pairs flagged (false alarms) or caught (a *_ns regression), by threshold:")
        print("  %-26s %s" % ("", "".join("%-10s" % t for t in thresholds)))
        for way in ways_in_order:
            print("  %-26s %s" % (way, "".join("%-10s" % ("%d/%d" % (counts[t].get(way, 0), n)) for t in thresholds)))
        if log:
            log.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
