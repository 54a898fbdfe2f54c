#!/usr/bin/env python3
"""Mutates the inputs workbench reads and checks that it refuses or runs each mutant cleanly.

Eight families of mutants, mixed (--family picks some; --family scenario alone is the fuzzer as
it was, mutant for mutant):

  scenario   a shipped scenario with one to three edits: a line deleted, duplicated or swapped
             with another, a character flipped, or a number replaced by an extreme (0, -1, 1e-9,
             1e18, 1e300, 2^31, 2^63; a unit after it stays). Each mutant is validated; one that
             validates is run with every duration and warm-up capped (`--max-duration`).
  trace      a trace file a trace scenario reads (csv, text, oracle-general, binary v1 and v2,
             vscsi v1 and v2, plain, .gz or .zst) with bad lines, extremes, a byte order mark,
             long or cut lines, header and record fields set to extremes, cut or trailing bytes,
             corrupt streams;
             validated, run, converted and described (scripts/fuzz_trace.py).
  compare    results directories (summary.csv, columns.csv, repetitions.csv, run.json,
             study.json, scenario.yaml, their layout) edited, then `workbench compare`
             (scripts/fuzz_results.py).
  merge      the shards of a study (`run --shard K/3`) edited, mixed with another study's, missing
             or doubled, then `workbench merge` (scripts/fuzz_results.py).
  overrides  a shipped scenario validated and run with `--set KEY.PATH=VALUE` and `--sweep
             KEY.PATH=V1,V2,...` whose key paths (unknown, deep, list indices, empty segments,
             very long) and values (extremes, NaN, infinities, text, nothing, values given twice,
             huge lists, payloads) are mutated (scripts/fuzz_overrides.py).
  decide     a results directory of two scenarios with a `decide:` block (seeds, repetitions, a
             sweep, a trace's capacities) edited as compare's are, rows added, the block changed,
             then `workbench decide` with and without --goal, --share, --minimize, --out and
             --replace, sometimes while another process holds the results' lock
             (scripts/fuzz_decide.py).
  device     the device profile file a scenario names (`device: devices/iphone-12.yaml`) edited
             as a scenario is, its costs and names set to extremes, made huge, deep, badly
             encoded, a FIFO, a directory, a link to a device, 16 MiB and more; the `device:`
             line naming other paths (scripts/fuzz_yaml.py).
  anchors    a shipped scenario with YAML anchors, aliases and merge keys (`<<: *a`) inserted,
             nested, repeated, and alias bombs about the loader's bounds (10,000 nodes, 64
             levels, aliases expanded): it must load, or be refused within --quick seconds at its
             file:line:column (scripts/fuzz_yaml.py).

Every command runs under a virtual-memory limit (`ulimit -v`, with `--memory-limit` at half of
it) and a time limit, in its mutant's directory with TMPDIR in a scratch directory there, and
fails (scripts/fuzz_oracle.py) on:

  - a signal or a trap (a crash, an abort on a failed allocation, a Swift runtime failure);
  - a hang: no exit within the time limit, nor within a grace period after a SIGINT;
  - an exit code outside the documented ones (run: 0, 1, 2; validate: 0, 1; compare: 0 to 3;
    merge: 0, 1; decide: 0, 1, and 64 for an option the argument parser refuses; 4 only after
    our SIGINT), or exit 1 without an error message;
  - results written half: staging or `.partial` files left, a failed run, convert or merge that
    wrote its output, a successful one that did not, an input changed;
  - a file written, changed or removed outside the command's `--out` (or the results it
    decides) and its scratch directory, or left in that scratch directory;
  - a payload run: the families plant `system("touch CANARY-...")`, `$(touch CANARY-...)`,
    backquotes, `; touch CANARY-...` and `../../CANARY-...` paths in the values they mutate, and
    a CANARY file appearing under the fuzz run's scratch root or in /tmp fails the mutant (all of
    /tmp is searched once more at the end of the run).

A run still busy at the time limit that stops on SIGINT (exit 4) is counted as slow, not failed.
Every failing mutant is saved, with the command and its stderr, under the failures directory (the
other families' mutants as directories whose commands rerun from inside them). Mutants are drawn
from --seed, each family from its own stream, so a run can be repeated exactly (--only N reruns
mutant N).

    scripts/fuzz.py --count 2000 --jobs 2
    scripts/fuzz.py --count 300 --family trace,merge
    scripts/fuzz.py --count 200 --family overrides,decide,device,anchors
"""

import argparse
import errno
import glob
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import fuzz_decide
import fuzz_overrides
import fuzz_results
import fuzz_trace
import fuzz_yaml
from fuzz_oracle import CANARY, Failure, call, describe

EXTREMES = ["0", "-1", "1e-9", "1e18", "1e300", "2147483648", "9223372036854775808"]
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
# Exit codes a run may end with by itself: success, input error, failed expectation.
RUN_CODES = {0, 1, 2}
VALIDATE_CODES = {0, 1}
# The families and their share of the mutants when mixed. A scenario mutant costs the most
# (0.8 s on average, two at a time, for the shipped kinds' runs); the shares keep `make fuzz`
# within about the time the scenario family alone took. The first four keep their proportions.
FAMILIES = {"scenario": 40, "trace": 24, "compare": 8, "merge": 8, "overrides": 6, "decide": 5, "device": 5,
            "anchors": 4}
# The --max-duration of the runs that make the compare and merge families' results directories.
CORPUS_DURATION = "0.2s"
# The corpus each family's mutants start from (made once per fuzz run), and its check.
CORPUS = {"scenario": None, "trace": "traces", "compare": "results", "merge": "results", "overrides": "keys",
          "decide": "decisions", "device": "device", "anchors": "scenarios"}
CHECKS = {"trace": fuzz_trace.check, "compare": fuzz_results.check_compare, "merge": fuzz_results.check_merge,
          "overrides": fuzz_overrides.check, "decide": fuzz_decide.check, "device": fuzz_yaml.check_device,
          "anchors": fuzz_yaml.check_anchors}
# How each family's summary names its refused and its accepted mutants.
WORDS = {"scenario": ("refused by validate", "ran"), "trace": ("refused by validate", "ran"),
         "compare": ("refused (exit 1)", "compared"), "merge": ("refused (exit 1)", "merged"),
         "overrides": ("refused by validate", "ran"), "decide": ("refused", "decided"),
         "device": ("refused by validate", "ran"), "anchors": ("refused by validate", "ran")}


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


def check(index, source, text, args, work):
    """Validates and runs one scenario mutant; returns (verdict, Failure or None)."""
    directory = os.path.join(work, f"m{index}")
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "mutant.yaml")
    with open(path, "w") as handle:
        handle.write(text)
    try:
        command = [args.binary, "validate", path, "--memory-limit", f"{args.memory_mb // 2}MB"]
        code, _, _ = call("validate", command, args, VALIDATE_CODES, cwd=directory, interruptible=False)
        if code != 0:
            return "refused", None
        out = os.path.join(directory, "out")
        command = [args.binary, "run", path, "--out", out, "--quiet", "--no-plots",
                   "--max-duration", args.max_duration, "--memory-limit", f"{args.memory_mb // 2}MB"]
        _, _, how = call("run", command, args, RUN_CODES, writes=[out], cwd=directory)
        return ("slow" if how == "slow" else "ran"), None
    except Failure as failure:
        return "fail", failure
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def report(failure, lines=()):
    return "".join(f"{line}\n" for line in lines) + (
        f"step: {failure.step}\ncommand: {' '.join(failure.command)}\n"
        f"result: {describe(failure.code)} ({failure.how}): {failure.reason}\n\n{failure.err}")


def save(failures, index, source, text, failure):
    os.makedirs(failures, exist_ok=True)
    stem = os.path.join(failures, f"mutant-{index:05d}-{os.path.basename(source)}")
    with open(stem, "w") as handle:
        handle.write(text)
    with open(stem + ".txt", "w") as handle:
        handle.write(report(failure, [f"from: {source}"]))
    return stem


def save_directory(failures, index, family, directory, ops, failure):
    """Keeps a failing mutant's directory (other than a scenario's); its commands rerun inside it."""
    os.makedirs(failures, exist_ok=True)
    stem = os.path.join(failures, f"mutant-{index:05d}-{family}")
    shutil.rmtree(stem, ignore_errors=True)
    shutil.copytree(directory, stem, symlinks=True, copy_function=copy_any)
    with open(stem + ".txt", "w") as handle:
        handle.write(report(failure, [f"family: {family}", f"directory: {stem} (run the command from inside it)",
                                      "mutations:"] + [f"  {op}" for op in ops]))
    return stem


def copy_any(source, destination):
    """Copies a file as shutil does, a FIFO as a new FIFO, and a socket as an empty file noting it."""
    mode = os.lstat(source).st_mode
    if stat.S_ISFIFO(mode):
        os.mkfifo(destination)
    elif stat.S_ISSOCK(mode):
        with open(destination + ".was-a-socket", "w"):
            pass
    else:
        shutil.copy2(source, destination)
    return destination


def prepare_command(command, cwd=None, codes=(0, 2)):
    """Runs one command that makes the corpus; exits the fuzzer when it fails."""
    for attempt in range(5):
        try:
            done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
            break
        except OSError as error:
            # The binary being rebuilt meanwhile ("Text file busy"): try again.
            if error.errno != errno.ETXTBSY or attempt == 4:
                sys.exit(f"fuzz: cannot make the corpus: {' '.join(command)}: {error}")
            time.sleep(1)
    if done.returncode not in codes:
        sys.exit(f"fuzz: cannot make the corpus: {' '.join(command)} exited {done.returncode}:\n"
                 + done.stderr.decode("utf-8", "replace"))


def canaries_in(root):
    """Files named CANARY... anywhere under `root`."""
    found = []
    for directory, names, files in os.walk(root, onerror=lambda _: None):
        found += [os.path.join(directory, name) for name in names + files if name.startswith(CANARY)]
    return found


def parse_families(values):
    chosen = []
    for value in values or ["all"]:
        for name in value.split(","):
            name = name.strip()
            if name == "all":
                chosen += [family for family in FAMILIES if family not in chosen]
            elif name in FAMILIES:
                chosen += [name] if name not in chosen else []
            else:
                sys.exit(f"fuzz: unknown family '{name}' (families: {', '.join(FAMILIES)}, all)")
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=300, help="mutants to try (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations (default 1)")
    parser.add_argument("--family", action="append",
                        help="families to mix, comma-separated or repeated: " + ", ".join(FAMILIES) + " or all "
                             "(default all: " + ", ".join(f"{f} {w}%%" for f, w in FAMILIES.items()) + ")")
    parser.add_argument("--only", type=int, action="append", help="check only mutant N of the draw (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants checked at once (default 2)")
    parser.add_argument("--binary", default=".build/release/workbench", help="the workbench binary")
    parser.add_argument("--scenarios", default="scenarios/*.yaml", help="glob of the files to mutate")
    parser.add_argument("--failures", default=".build/fuzz-failures", help="where failing mutants are saved")
    parser.add_argument("--max-duration", default="1s", help="run's --max-duration (default 1s)")
    parser.add_argument("--memory-mb", type=int, default=4096, help="virtual memory limit per process (default 4096)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds before a SIGINT (default 60)")
    parser.add_argument("--grace", type=float, default=10, help="seconds after the SIGINT before a hang (default 10)")
    parser.add_argument("--budget", type=float, default=0, help="stop starting mutants after this many seconds (0: none)")
    parser.add_argument("--quick", type=float, default=10,
                        help="seconds within which an anchors mutant must be validated (default 10)")
    args = parser.parse_args()
    families = parse_families(args.family)

    sources = sorted(glob.glob(args.scenarios))
    if not sources and {"scenario", "overrides", "anchors"} & set(families):
        sys.exit(f"fuzz: no scenarios match {args.scenarios}")
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"fuzz: {args.binary} is not an executable (build it: swift build -c release --product workbench)")
    texts = {source: open(source).read() for source in sources}
    # Each family draws from its own stream: the scenario mutants are those of the same seed before
    # the other families existed, in the same order; the others are a seed each, made in the worker.
    rng = random.Random(args.seed)
    pick = random.Random(f"family:{args.seed}")
    streams = {family: random.Random(f"{family}:{args.seed}") for family in FAMILIES}
    weights = [FAMILIES[family] for family in families]
    mutants = []
    for index in range(args.count):
        family = families[0] if len(families) == 1 else pick.choices(families, weights=weights)[0]
        if family == "scenario":
            source = rng.choice(sources)
            mutants.append((index, family, source, mutate(texts[source], rng)))
        else:
            mutants.append((index, family, family, streams[family].getrandbits(64)))
    if args.only:
        mutants = [mutant for mutant in mutants if mutant[0] in args.only]

    started = time.monotonic()
    counts = {family: {"refused": 0, "ran": 0, "slow": 0, "fail": 0, "skipped": 0} for family in families}
    saved = []
    work = tempfile.mkdtemp(prefix="workbench-fuzz-")
    binary = args.binary = os.path.abspath(args.binary)
    args.work = work
    started_wall = time.time()
    # The corpora the drawn families need, each made once.
    makers = {
        "traces": lambda: fuzz_trace.prepare(binary, os.path.join(work, "corpus-traces"), prepare_command),
        "results": lambda: fuzz_results.prepare(binary, os.path.join(work, "corpus-results"), sources, CORPUS_DURATION,
                                                prepare_command, args.jobs),
        "keys": lambda: (sources, fuzz_overrides.declared_keys(binary, prepare_command)),
        "decisions": lambda: fuzz_decide.prepare(binary, os.path.join(work, "corpus-decide"), sources, prepare_command),
        "device": lambda: fuzz_yaml.device_corpus(sources) or sys.exit(
            f"fuzz: no scenario of {args.scenarios} names a device profile, nor is there a feed.yaml to give one"),
        "scenarios": lambda: sources,
    }
    try:
        corpus = {name: makers[name]() for name in sorted({CORPUS[mutant[1]] for mutant in mutants} - {None})}

        def one(mutant):
            index, family, source, payload = mutant
            if args.budget and time.monotonic() - started > args.budget:
                return mutant, "skipped", None, None
            if family == "scenario":
                verdict, failure = check(index, source, payload, args, work)
                return mutant, verdict, failure, None
            directory = os.path.join(work, f"m{index}")
            os.makedirs(directory)
            try:
                verdict, failure, ops = CHECKS[family](payload, corpus[CORPUS[family]], args, directory, mutate)
                if failure:
                    return mutant, verdict, failure, save_directory(args.failures, index, family, directory, ops, failure)
                return mutant, verdict, None, None
            finally:
                shutil.rmtree(directory, ignore_errors=True)

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for (index, family, source, payload), verdict, failure, stem in pool.map(one, mutants):
                counts[family][verdict] += 1
                if verdict == "fail":
                    if family == "scenario":
                        stem = save(args.failures, index, source, payload, failure)
                    saved.append(stem)
                    print(f"fuzz: FAILED {failure.step} of mutant {index} ({family}"
                          f"{' of ' + source if family == 'scenario' else ''}): {describe(failure.code)} ({failure.how}): "
                          f"{failure.reason}; saved {stem}", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # A payload run late, or a CANARY deeper in /tmp than the oracle looks after each command.
    planted = [path for path in canaries_in("/tmp") if os.lstat(path).st_mtime >= started_wall - 1]
    if planted:
        counts[families[0]]["fail"] += 1
        saved.append("/tmp")
        print(f"fuzz: FAILED: a planted payload ran: {', '.join(planted[:5])} appeared", file=sys.stderr)
    total = {verdict: sum(c[verdict] for c in counts.values()) for verdict in ("refused", "ran", "slow", "fail", "skipped")}
    tried = len(mutants) - total["skipped"]
    print(f"fuzz: {tried} mutants in {time.monotonic() - started:.0f} s (seed {args.seed}): {total['fail']} failed"
          + (f", {total['skipped']} not tried (time budget)" if total["skipped"] else ""))
    for family in families:
        c = counts[family]
        refused, ran = WORDS[family]
        print(f"  {family}: {sum(c.values()) - c['skipped']} mutants: {c['refused']} {refused}, {c['ran']} {ran}, "
              f"{c['slow']} stopped by SIGINT at the time limit, {c['fail']} failed")
    if saved:
        print(f"fuzz: failing inputs saved under {args.failures}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
