"""The decide family of scripts/fuzz.py: `workbench decide` on mutated results directories.

The corpus is made once per fuzz run by the binary under test: one results directory holding two
scenarios with a `decide:` block, run with `--max-duration 5s`: the shipped capacity-sweep.yaml
cut to three policies and three capacities, over three seeds and two repetitions (its summary.csv,
seeds.csv and repetitions.csv), and a trace scenario of a generated trace whose capacities are
its sweep points, one seed.

A mutant copies it and, nine times in ten, edits one to three of its files as the compare family
does (scripts/fuzz_results.py: in summary.csv, seeds.csv, repetitions.csv, columns.csv,
decision.csv and grid.csv a cell set to NaN, infinity, ±1e300, text, empty..., a row deleted,
doubled or swapped, a column deleted or renamed, the file cut or emptied; run.json and study.json
values set to extremes or other types, keys deleted; files deleted, made directories or links to
themselves), or adds rows (a copy of a row with a changed policy or sweep value, a row of
payloads), or edits the `decide:` block of a scenario.yaml (its goal, share and minimize set to
extremes, other types, unknown columns or payloads). Then `workbench decide` on the directory,
one scenario's directory, a file or nothing, with the block's question or `--goal` (valid,
mutated or a payload; repeated), `--share` (0, -1, 1e-9, 1, 1.5, NaN, inf, text), `--minimize`
(sweep, a column, an unknown one, a payload), `--out` (a new directory, an existing one, the
results themselves, a file) and `--replace`. One mutant in ten runs it while another process
holds the results' lock.

The command must exit 0 or 1 (64 for an option the argument parser refuses, with its usage) and:

  - never change the run's own files (summary.csv, seeds.csv, repetitions.csv, columns.csv,
    run.json, scenario.yaml, study.json, ...): it writes decision and grid files and the index
    pages only;
  - with --out, write nothing in the results (the sandbox allows only the --out directory);
  - asking a what-if (--goal, --share, --minimize) without --replace or --out, leave
    decision.csv, grid.csv and the index pages as they were (its answer goes beside them);
  - with the lock held, exit 1 saying the results are in use, and write nothing;
  - on the results as the run wrote them, asked their own question: exit 0 and leave decision.csv
    and grid.csv byte for byte as the run wrote them (`decide` gives the run's answer).
"""

import csv
import fcntl
import io
import os
import random
import re

import fuzz_results
from fuzz_oracle import Failure, call, payloads

SWEEP_SCENARIO = "capacity-sweep.yaml"
TRACE_SCENARIO = """name: tr
kind: trace
trace: {path: trace.csv, format: csv, header: true, columns: {time: 1, key: 2, size: 3}}
cache:
  policies: [lru, fifo, optimal]
  capacities: [5, 20, 50, 100]
decide:
  goal: {miss_ratio: "<= 0.7"}
  minimize: sweep
"""
FALLBACK_SWEEP = """name: capacity-sweep
kind: trace
generate: {distribution: zipf, objects: 200, requests: 3000, seed: 5}
cache:
  policies: [lru, fifo, optimal]
  capacities: [2, 8, 16]
seeds: 3
repeat: 2
decide:
  goal: {hit_rate: ">= 0.1"}
  share: 0.6
"""
# The files a run writes that decide only reads.
INPUTS = re.compile(r"^(summary|seeds|repetitions|columns|timeseries|latency|expectations|plots)\.csv$|"
                    r"^(run|study)\.json$|^scenario\.yaml$|\.(png|svg)$")
# The files decide writes as a scenario's answer.
ANSWER = re.compile(r"^(decision|grid)\.csv$|^index\.(html|md)$")
# What decide writes beside the answer for a what-if.
BESIDE = re.compile(r"^(decision|grid)-.+\.csv$")
COLUMNS = ["hit_rate", "miss_ratio", "instantiations", "allocated_bytes", "requests", "evictions", "capacity",
           "scenario", "policy", "sweep_value", "hit_rate_seed_min", "x", "", "dequeue_latency_p50_ns"]
OPERATORS = [">=", "<=", ">", "<", "==", "!=", "=", "=>", "", "~"]
NUMBERS = ["0.9", "0.5", "0", "-1", "1e-9", "1e300", "1", "20", "nan", "inf", "-inf", "x", "", "0x10", "1e309"]
SHARES = ["0", "-1", "1e-9", "1", "0.5", "0.95", "1.5", "nan", "inf", "x", "", "1e300", "-0"]
MINIMIZE = ["sweep", "allocated_bytes", "instantiations", "hit_rate", "miss_ratio", "evictions", "x", "", "scenario",
            "policy", "sweep_value", "cache.capacity"]


def prepare(binary, root, scenarios, run):
    """Makes the corpus's results directory `root/results` (`run(command, cwd)` exits on a failure)."""
    os.makedirs(root, exist_ok=True)
    run([binary, "trace", "generate", "--objects", "200", "--requests", "3000", "--seed", "5", "--out", "trace.csv"],
        root)
    shipped = [path for path in scenarios if os.path.basename(path) == SWEEP_SCENARIO]
    if shipped:
        with open(shipped[0]) as handle:
            text = handle.read()
        text = re.sub(r"(?m)^sweep: .*$", "sweep: {key: cache.capacity, values: [2, 8, 16]}\nseeds: 3\nrepeat: 2", text)
        text = re.sub(r"(?m)^  policies: .*$", "  policies: [lru, fifo, optimal]", text)
        text = re.sub(r"(?ms)^expect:.*", "", text)
    else:
        text = FALLBACK_SWEEP
    for name, content in [(SWEEP_SCENARIO, text), ("tr.yaml", TRACE_SCENARIO)]:
        with open(os.path.join(root, name), "w") as handle:
            handle.write(content)
    run([binary, "run", SWEEP_SCENARIO, "tr.yaml", "--out", "results", "--quiet", "--no-plots", "--max-duration", "5s"],
        root)
    return os.path.join(root, "results")


def add_rows(path, rng, ops, name, canary):
    """Extra rows in a results csv: a copy of a row with its policy or sweep value changed, or payloads."""
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        rows = list(csv.reader(io.StringIO(handle.read())))
    if len(rows) < 2:
        return
    header = rows[0]
    for _ in range(rng.choice([1, 1, 2, 50])):
        row = list(rng.choice(rows[1:]))
        column = rng.choice([c for c, title in enumerate(header) if title in ("policy", "sweep_value", "in_use", "scenario",
                                                                               "seed", "run")] or [0])
        if column < len(row):
            row[column] = rng.choice(["lru", "fifo", "optimal", "zzz", "4", "2.0", "1e300", "-1", "nan", "",
                                      rng.choice(payloads(canary))])
        rows.insert(rng.randrange(1, len(rows) + 1), row)
    ops.append(f"{name}: rows added")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as handle:
        handle.write(out.getvalue())


def edit_block(path, rng, ops, name, canary):
    """The decide: block of a scenario.yaml edited."""
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        text = handle.read()
    op = rng.choice(["goal", "goal", "share", "minimize", "remove", "type"])
    if op == "goal":
        value = rng.choice(OPERATORS) + " " + rng.choice(NUMBERS)
        column = rng.choice(COLUMNS + [rng.choice(payloads(canary))])
        replacement = f"  goal:\n    {quote(column)}: {quote(value)}\n"
        text, n = re.subn(r"(?m)^  goal:\n(    .*\n)+", replacement, text)
    elif op == "share":
        text, n = re.subn(r"(?m)^  share: .*$", "  share: " + rng.choice(SHARES), text)
    elif op == "minimize":
        text, n = re.subn(r"(?m)^  minimize: .*$", "  minimize: " + quote(rng.choice(MINIMIZE + payloads(canary))), text)
    elif op == "remove":
        text, n = re.subn(r"(?m)^decide:\n(  .*\n)+", "", text)
    else:
        text, n = re.subn(r"(?m)^  goal:\n(    .*\n)+", "  goal: " + rng.choice(["[]", "{}", "1", "x", "~", "[a, b]"]) + "\n",
                          text)
    ops.append(f"{name}: decide block: {op}" + ("" if n else " (no block)"))
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as handle:
        handle.write(text)


def quote(text):
    """`text` as a YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def goal(rng, canary, target):
    """A --goal condition: one the target's scenarios have the column of, or a mutated one."""
    roll = rng.random()
    if roll < 0.5:
        common = ["requests>0", "evictions<=100", "hits>=1", "requests >= 10"]
        own = {"capacity-sweep": ["hit_rate>=0.5", "hit_rate>=0.9", "instantiations<=20", "hit_rate >= 0.1"],
               "tr": ["miss_ratio<=0.7", "miss_ratio!=1", "misses<1000"]}.get(os.path.basename(target), [])
        return rng.choice(common + own)
    if roll < 0.85:
        return rng.choice(COLUMNS) + rng.choice(OPERATORS) + rng.choice(NUMBERS)
    return rng.choice(payloads(canary)) + rng.choice(["", ">=1"])


def digests(root):
    """{relative path: a digest of its content (or kind)} of every file under `root`."""
    found = {}
    for directory, names, files in os.walk(root):
        for name in names + files:
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root)
            if name == ".workbench.lock":
                continue
            if os.path.islink(path):
                found[relative] = "link:" + os.readlink(path)
            elif os.path.isfile(path):
                with open(path, "rb") as handle:
                    found[relative] = handle.read()
            else:
                found[relative] = "directory"
    return found


def check(seed, corpus, args, directory, mutate_yaml):
    """Makes and checks one decide mutant in `directory`; returns (verdict, failure or None, ops)."""
    rng = random.Random(seed)
    canary = os.path.basename(directory)
    ops = []
    results = fuzz_results.copy(corpus, directory, "results")
    mutated = rng.random() < 0.9
    if mutated:
        for _ in range(rng.randint(1, 3)):
            scenarios = sorted(n for n in os.listdir(results) if os.path.isdir(os.path.join(results, n)))
            roll = rng.random()
            if roll < 0.6 or not scenarios:
                fuzz_results.mutate_directory(results, rng, ops, mutate_yaml, "results")
                continue
            scenario = os.path.join(results, rng.choice(scenarios))
            if roll < 0.75:
                files = sorted(n for n in ("seeds.csv", "decision.csv", "grid.csv") if os.path.isfile(os.path.join(scenario, n)))
                if files:
                    target = os.path.join(scenario, rng.choice(files))
                    with open(target, encoding="utf-8", errors="surrogateescape") as handle:
                        text = handle.read()
                    text = fuzz_results.mutate_csv(text, rng, ops, os.path.relpath(target, directory))
                    with open(target, "w", encoding="utf-8", errors="surrogateescape") as handle:
                        handle.write(text)
            elif roll < 0.85:
                files = sorted(n for n in ("summary.csv", "seeds.csv") if os.path.isfile(os.path.join(scenario, n)))
                if files:
                    target = os.path.join(scenario, rng.choice(files))
                    add_rows(target, rng, ops, os.path.relpath(target, directory), canary)
            elif os.path.isfile(os.path.join(scenario, "scenario.yaml")):
                target = os.path.join(scenario, "scenario.yaml")
                edit_block(target, rng, ops, os.path.relpath(target, directory), canary)
        if not ops:
            mutated = False
    scenarios = sorted(n for n in os.listdir(results) if os.path.isdir(os.path.join(results, n)))
    target = rng.choices(["results", "scenario", "file", "absent"], weights=[55, 35, 5, 5])[0]
    if target == "scenario" and scenarios:
        target = os.path.join("results", rng.choice(scenarios))
    elif target == "file":
        target = os.path.join("results", "study.json")
    elif target == "absent":
        target = "nothing"
    else:
        target = "results"
    options = []
    whatif = False
    if rng.random() < 0.5:
        for _ in range(rng.choice([1, 1, 2])):
            options += ["--goal=" + goal(rng, canary, target)]
        whatif = True
    if rng.random() < 0.3:
        options += ["--share=" + rng.choice(["0.5", "0.95", "1"] if rng.random() < 0.6 else SHARES)]
        whatif = True
    if rng.random() < 0.3:
        options += ["--minimize=" + rng.choice(MINIMIZE + [rng.choice(payloads(canary))])]
        whatif = True
    out = None
    if rng.random() < 0.3:
        out = rng.choice(["answers", "answers", os.path.join("answers", "deep"), "existing", "file"])
        if out == "existing":
            os.makedirs(os.path.join(directory, out, "tr"), exist_ok=True)
            with open(os.path.join(directory, out, "tr", "decision.csv"), "w") as handle:
                handle.write("an earlier answer\n")
        elif out == "file":
            with open(os.path.join(directory, out), "w") as handle:
                handle.write("not a directory\n")
        options += ["--out", out]
    replace = rng.random() < 0.2
    if replace:
        options += ["--replace"]
    locked = rng.random() < 0.1
    if locked:
        ops.append("the results' lock held")
    if rng.random() < 0.2:
        rng.shuffle(options)
    command = [os.path.abspath(args.binary), "decide", target] + options
    writes = [out] if out else ["results"]
    before = digests(results)
    holder = None
    try:
        if locked:
            holder = open(os.path.join(results, ".workbench.lock"), "a+")
            fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        code, err, how = call("decide", command, args, {0, 1, 64}, writes=writes, cwd=directory, interruptible=False)
        if holder:
            holder.close()
            holder = None
        after = digests(results)

        def fail(reason):
            raise Failure("decide", command, code, err, how, reason)

        if code == 64 and "Usage:" not in err:
            fail("exit 64 without the usage")
        changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
        for path in changed:
            name = os.path.basename(path)
            if INPUTS.search(name) and not path.startswith("."):
                fail(f"changed the run's file {path}")
            if locked:
                fail(f"wrote {path} while another process held the results' lock")
            if whatif and not replace and ANSWER.search(name):
                fail(f"a what-if without --replace changed the answer's {path}")
            if not (ANSWER.search(name) or BESIDE.search(name)) and not path.startswith("."):
                fail(f"wrote {path}, which is neither an answer nor a what-if's file")
        if locked and code == 0:
            fail("exit 0 while another process held the results' lock (expected exit 1: results in use)")
        if not mutated and not locked and not options and target == "results":
            if code != 0:
                fail(f"exit {code} on the results as the run wrote them, asked their own question")
            for path in changed:
                fail(f"changed {path} on the results as the run wrote them (decide must give the run's answer)")
        return ("refused" if code != 0 else "ran"), None, ops + [" ".join(command[1:])[:300]]
    except Failure as failure:
        return "fail", failure, ops
    finally:
        if holder:
            holder.close()
