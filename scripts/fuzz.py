#!/usr/bin/env python3
"""Mutates the shipped scenarios and runs `workbench validate`, then `workbench run`, on each mutant.

A mutant is a shipped scenario with one to three edits: a line deleted, duplicated or swapped with
another, a character flipped, or a number replaced by an extreme (0, -1, 1e-9, 1e18, 1e300, 2^31,
2^63; a unit after it stays). Each mutant is validated; one that validates is run with every
duration and warm-up capped (`--max-duration`), under a virtual-memory limit (`ulimit -v`) and a
time limit. The run fails on:

  - a signal or a trap (a crash, an abort on a failed allocation), in validate or run;
  - a hang: no exit within the time limit, nor within a grace period after a SIGINT;
  - an exit code outside the documented ones (0, 1, 2; 4 only after our SIGINT).

A run still busy at the time limit that stops on SIGINT (exit 4) is counted as slow, not failed.
Every failing mutant is saved, with the command and its stderr, under the failures directory.
Mutants are drawn from --seed, so a run can be repeated exactly.

    scripts/fuzz.py --count 2000 --jobs 2
"""

import argparse
import glob
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

EXTREMES = ["0", "-1", "1e-9", "1e18", "1e300", "2147483648", "9223372036854775808"]
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
# Exit codes a run may end with by itself: success, input error, failed expectation.
RUN_CODES = {0, 1, 2}
VALIDATE_CODES = {0, 1}


def mutate(text, rng):
    """One to three random edits of a scenario's text."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        op = rng.choice(["delete", "duplicate", "swap", "flip", "number", "number", "number"])
        i = rng.randrange(len(lines))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "flip":
            if lines[i]:
                k = rng.randrange(len(lines[i]))
                char = rng.choice(" :-[]{},#'\"0123456789abcxyz\t")
                lines[i] = lines[i][:k] + char + lines[i][k + 1:]
        else:
            # A number somewhere in the file, so that most edits hit one.
            candidates = [n for n, line in enumerate(lines) if NUMBER.search(line)]
            if not candidates:
                continue
            n = rng.choice(candidates)
            matches = list(NUMBER.finditer(lines[n]))
            m = rng.choice(matches)
            lines[n] = lines[n][:m.start()] + rng.choice(EXTREMES) + lines[n][m.end():]
    return "\n".join(lines)


def limited(command, memory_kb):
    """The command under a virtual-memory limit, in its own process group."""
    quoted = " ".join("'" + part.replace("'", "'\\''") + "'" for part in command)
    return ["bash", "-c", f"ulimit -v {memory_kb}; exec {quoted}"]


def execute(command, timeout, grace, memory_kb):
    """Runs a command; returns (code, stderr, how) with how in ok, slow, hang."""
    process = subprocess.Popen(
        limited(command, memory_kb), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _, err = process.communicate(timeout=timeout)
        return process.returncode, err.decode("utf-8", "replace"), "ok"
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGINT)
        try:
            _, err = process.communicate(timeout=grace)
            return process.returncode, err.decode("utf-8", "replace"), "slow"
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            _, err = process.communicate()
            return process.returncode, err.decode("utf-8", "replace"), "hang"


def describe(code):
    if code < 0:
        return f"signal {signal.Signals(-code).name}" if -code in signal.Signals._value2member_map_ else f"signal {-code}"
    return f"exit {code}"


def check(index, source, text, args, work):
    """Validates and runs one mutant; returns (verdict, detail)."""
    directory = os.path.join(work, f"m{index}")
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "mutant.yaml")
    with open(path, "w") as handle:
        handle.write(text)
    try:
        command = [args.binary, "validate", path, "--memory-limit", f"{args.memory_mb // 2}MB"]
        code, err, how = execute(command, args.timeout, args.grace, args.memory_mb * 1024)
        if how != "ok" or code not in VALIDATE_CODES:
            return "fail", ("validate", command, code, err, how)
        if code != 0:
            return "refused", None
        command = [args.binary, "run", path, "--out", os.path.join(directory, "out"), "--quiet", "--no-plots",
                   "--max-duration", args.max_duration, "--memory-limit", f"{args.memory_mb // 2}MB"]
        code, err, how = execute(command, args.timeout, args.grace, args.memory_mb * 1024)
        if how == "hang" or code < 0 or (how == "slow" and code != 4) or (how == "ok" and code not in RUN_CODES):
            return "fail", ("run", command, code, err, how)
        return ("slow" if how == "slow" else "ran"), None
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def save(failures, index, source, text, detail):
    step, command, code, err, how = detail
    os.makedirs(failures, exist_ok=True)
    stem = os.path.join(failures, f"mutant-{index:05d}-{os.path.basename(source)}")
    with open(stem, "w") as handle:
        handle.write(text)
    with open(stem + ".txt", "w") as handle:
        handle.write(f"from: {source}\nstep: {step}\ncommand: {' '.join(command)}\nresult: {describe(code)} ({how})\n\n{err}")
    return stem


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=300, help="mutants to try (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants checked at once (default 2)")
    parser.add_argument("--binary", default=".build/release/workbench", help="the workbench binary")
    parser.add_argument("--scenarios", default="scenarios/*.yaml", help="glob of the files to mutate")
    parser.add_argument("--failures", default=".build/fuzz-failures", help="where failing mutants are saved")
    parser.add_argument("--max-duration", default="1s", help="run's --max-duration (default 1s)")
    parser.add_argument("--memory-mb", type=int, default=4096, help="virtual memory limit per process (default 4096)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds before a SIGINT (default 60)")
    parser.add_argument("--grace", type=float, default=10, help="seconds after the SIGINT before a hang (default 10)")
    parser.add_argument("--budget", type=float, default=0, help="stop starting mutants after this many seconds (0: none)")
    args = parser.parse_args()

    sources = sorted(glob.glob(args.scenarios))
    if not sources:
        sys.exit(f"fuzz: no scenarios match {args.scenarios}")
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"fuzz: {args.binary} is not an executable (build it: swift build -c release --product workbench)")
    texts = {source: open(source).read() for source in sources}
    rng = random.Random(args.seed)
    mutants = []
    for index in range(args.count):
        source = rng.choice(sources)
        mutants.append((index, source, mutate(texts[source], rng)))

    started = time.monotonic()
    counts = {"refused": 0, "ran": 0, "slow": 0, "fail": 0, "skipped": 0}
    saved = []
    work = tempfile.mkdtemp(prefix="workbench-fuzz-")

    def one(mutant):
        index, source, text = mutant
        if args.budget and time.monotonic() - started > args.budget:
            return mutant, "skipped", None
        verdict, detail = check(index, source, text, args, work)
        return mutant, verdict, detail

    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for (index, source, text), verdict, detail in pool.map(one, mutants):
                counts[verdict] += 1
                if verdict == "fail":
                    stem = save(args.failures, index, source, text, detail)
                    saved.append(stem)
                    print(f"fuzz: FAILED {detail[0]} of mutant {index} of {source}: {describe(detail[2])} ({detail[4]}); saved {stem}",
                          file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    tried = args.count - counts["skipped"]
    print(f"fuzz: {tried} mutants in {time.monotonic() - started:.0f} s (seed {args.seed}): "
          f"{counts['refused']} refused by validate, {counts['ran']} ran, {counts['slow']} stopped by SIGINT at the time limit, "
          f"{counts['fail']} failed" + (f", {counts['skipped']} not tried (time budget)" if counts["skipped"] else ""))
    if saved:
        print(f"fuzz: failing inputs saved under {args.failures}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
