"""The compare and merge families of scripts/fuzz.py: mutated results directories.

The corpus is made once per fuzz run by the binary under test, from three small scenario files (a
generated trace, a trace file, and the shipped feed.yaml when there is one, its runs capped at
0.2 s): two results directories written with `run --repeat 3` (the baseline and the
current side of a comparison) and the three shards of one study (`run --repeat 2 --shard K/3`),
plus a shard of another study (another --seed) and a shard that replayed a changed trace file.

A mutant copies them and edits one to three of their files: in summary.csv, repetitions.csv and
columns.csv a cell replaced by an extreme (NaN, infinity, ±1e300, 2^64, 101 digits, hexadecimal,
empty, text), a row deleted, duplicated or swapped, a column deleted or renamed, a cell added or
removed, the file cut, emptied or given a byte order mark or CRLF; in run.json and study.json a
value set to an extreme or another type (the shard's index and count, the run count, `complete`,
the files' and inputs' SHA-256), a key deleted or added, an entry of a list removed or doubled, or
the text cut; scenario.yaml edited as the scenario family edits; a file deleted, emptied, made a
directory or a symbolic link to itself, a scenario's directory deleted or renamed.

compare: `workbench compare BASELINE CURRENT` with random options; exit 0, 1, 2 or 3; neither
side changed; then, sometimes, a `run` of another scenario into the mutated side (its index pages
read the mutated results): exit 0, 1 or 2.

merge: sometimes `workbench plan` of the study's files with a shard count out of range first
(exit 0, 1 or 64); then the shards (perhaps one missing, doubled, of another study, of a changed
trace, not a shard, empty or absent, in another order) merged with `--no-plots`, sometimes
`--partial`, into a new directory, an existing results directory or one of the shards; exit 0 or 1. On exit 1 the
output is as it was and no input changed; on exit 0 every scenario has its summary.csv, a merge
without --partial is complete, and a complete merge has as many summary rows as the study has runs;
then `compare` of the baseline against the merged results: exit 0, 1, 2 or 3.
"""

import csv
import io
import json
import os
import random
import shutil
from concurrent.futures import ThreadPoolExecutor

from fuzz_oracle import Failure, call, snapshot

EXTREMES = ["NaN", "nan", "inf", "-inf", "-1e300", "1e300", "1e309", "", "-", "0x10", "9" * 101,
            "18446744073709551616", "-9223372036854775809", "9223372036854775807", "1e-320", "-1", "0", "-0",
            "true", "x", '"', "\u22121", " 1", "1,5", "2147483648", "0.5"]
JSON_NUMBERS = [0, -1, 1, 2, 3, 4, 10**9, 2**31, 2**63 - 1, 2**63, 2**64, -2**63 - 1, 1e300, -1e300, 1e-9, 0.5]
JSON_ODD = ["12", "", "NaN", None, True, False, [], {}, "../..", "/etc/passwd", "0" * 64, "z" * 64]
GENERATED = """name: gen
kind: trace
generate: {distribution: zipf, objects: 200, requests: 3000, seed: 5}
cache:
  policies: [lru, s3-fifo, optimal]
  capacities: [10, "10%"]
window: 500
"""
FROM_FILE = """name: fromfile
kind: trace
trace: {path: trace.csv, format: csv, header: true, columns: {time: 1, key: 2, size: 3}}
cache:
  policies: [lru, fifo]
  capacities: [5, 20]
window: 100
"""


class Corpus:
    """The results directories every compare and merge mutant starts from."""

    def __init__(self, root, files):
        self.root, self.files = root, files
        self.base = os.path.join(root, "base")
        self.current = os.path.join(root, "current")
        self.shards = [os.path.join(root, f"shard-{k}") for k in (1, 2, 3)]
        self.alien = os.path.join(root, "alien-2")
        self.drifted = os.path.join(root, "drifted-3")


def prepare(binary, root, scenarios, max_duration, run, jobs=2):
    """Makes the corpus under `root`, `jobs` commands at a time (`run(command, cwd)` exits on a failure)."""
    os.makedirs(os.path.join(root, "drift"), exist_ok=True)
    run([binary, "trace", "generate", "--objects", "40", "--requests", "300", "--seed", "3", "--out", "trace.csv"], root)
    with open(os.path.join(root, "trace.csv")) as handle:
        trace = handle.read()
    files = {"gen.yaml": GENERATED, "fromfile.yaml": FROM_FILE}
    feed = [path for path in scenarios if os.path.basename(path) == "feed.yaml"]
    if feed:
        with open(feed[0]) as handle:
            files["feed.yaml"] = handle.read()
    for directory in (root, os.path.join(root, "drift")):
        for name, text in files.items():
            with open(os.path.join(directory, name), "w") as handle:
                handle.write(text)
    with open(os.path.join(root, "drift", "trace.csv"), "w") as handle:
        handle.write(trace.replace("\n1,", "\n1,9", 1) if "\n1," in trace else trace + "9999,1,1\n")
    names = list(files)
    common = ["--quiet", "--no-plots", "--max-duration", max_duration]
    commands = [([binary, "run"] + names + ["--repeat", "3", "--out", side] + common, root) for side in ("base", "current")]
    commands += [([binary, "run"] + names + ["--repeat", "2", "--shard", f"{k}/3", "--out", f"shard-{k}"] + common, root)
                 for k in (1, 2, 3)]
    commands.append(([binary, "run"] + names + ["--seed", "9", "--shard", "2/3", "--out", "alien-2"] + common, root))
    commands.append(([binary, "run"] + names + ["--repeat", "2", "--shard", "3/3", "--out", "../drifted-3"] + common,
                     os.path.join(root, "drift")))
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(lambda command: run(*command), commands))
    return Corpus(root, files)


def mutate_csv(text, rng, ops, name):
    """One edit of a results csv file."""
    rows = list(csv.reader(io.StringIO(text)))
    op = rng.choice(["cell", "cell", "cell", "cell", "tail", "row-delete", "row-duplicate", "row-swap", "column-delete",
                     "header", "cell-add", "cell-remove", "cut", "empty", "bom", "crlf"])
    if not rows or op == "empty":
        header_only = ",".join(rows[0]) + "\n" if rows else ""
        ops.append(f"{name}: emptied")
        return rng.choice(["", "\n", header_only])
    if op == "cut":
        cut = rng.randrange(len(text) + 1)
        ops.append(f"{name}: cut at character {cut} of {len(text)}")
        return text[:cut]
    if op == "bom":
        ops.append(f"{name}: a byte order mark")
        return "\ufeff" + text
    if op == "crlf":
        ops.append(f"{name}: CRLF line ends")
        return text.replace("\n", "\r\n")
    header = rows[0]
    body = rows[1:]
    if op in ("cell", "tail") and body:
        r = rng.randrange(len(body))
        columns = [c for c, title in enumerate(header) if title.endswith("_tail_samples")] if op == "tail" else []
        if not columns:
            numeric = [c for c, value in enumerate(body[r]) if value.replace(".", "", 1).replace("-", "", 1).isdigit()]
            columns = numeric if numeric and rng.random() < 0.8 else list(range(len(body[r])))
        if columns:
            c = rng.choice(columns)
            value = rng.choice(EXTREMES)
            ops.append(f"{name}: row {r + 2} {header[c] if c < len(header) else c}: {body[r][c]!r} -> {value!r}")
            body[r][c] = value
    elif op == "row-delete" and body:
        r = rng.randrange(len(body))
        del body[r]
        ops.append(f"{name}: row {r + 2} deleted")
    elif op == "row-duplicate" and body:
        r = rng.randrange(len(body))
        body.insert(r, list(body[r]))
        ops.append(f"{name}: row {r + 2} duplicated")
    elif op == "row-swap" and len(body) > 1:
        r, s = rng.sample(range(len(body)), 2)
        body[r], body[s] = body[s], body[r]
        ops.append(f"{name}: rows {r + 2} and {s + 2} swapped")
    elif op == "column-delete":
        c = rng.randrange(len(header))
        ops.append(f"{name}: column {header[c]} deleted")
        rows = [row[:c] + row[c + 1:] for row in rows]
        header, body = rows[0], rows[1:]
    elif op == "header":
        c = rng.randrange(len(header))
        other = rng.choice(["", header[rng.randrange(len(header))], "x", header[c].upper(), "scenario"])
        ops.append(f"{name}: header {header[c]} -> {other!r}")
        header[c] = other
    elif op == "cell-add" and body:
        r = rng.randrange(len(body))
        body[r].append(rng.choice(EXTREMES))
        ops.append(f"{name}: row {r + 2}: a cell added")
    elif op == "cell-remove" and body:
        r = rng.randrange(len(body))
        if body[r]:
            body[r].pop(rng.randrange(len(body[r])))
        ops.append(f"{name}: row {r + 2}: a cell removed")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header] + body)
    return out.getvalue()


def paths(value, prefix=()):
    """Every path into a JSON value: (path, value)."""
    found = [(prefix, value)]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, prefix + (index,))
    return found


def mutate_json(text, rng, ops, name):
    """One edit of run.json or study.json."""
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    op = rng.choice(["set", "set", "set", "type", "delete", "add", "list", "cut", "nan"])
    if value is None or op == "cut":
        cut = rng.randrange(len(text) + 1)
        ops.append(f"{name}: cut at character {cut}")
        return text[:cut]
    if op == "nan":
        numbers = [m for m in range(len(text)) if text[m].isdigit() and (m == 0 or not text[m - 1].isalnum())]
        if numbers:
            at = rng.choice(numbers)
            token = rng.choice(["NaN", "Infinity", "-Infinity", "1e999"])
            ops.append(f"{name}: {token} at character {at}")
            return text[:at] + token + text[at:].lstrip("0123456789.")
    everything = paths(value)[1:]
    # The fields a study is judged by, more often than the others.
    favoured = [p for p in everything if p[0] and p[0][0] in ("shard", "runs", "complete", "files", "inputs", "merged",
                                                               "seeds", "repeat", "policies", "max_duration")]
    path, old = rng.choice(favoured if favoured and rng.random() < 0.7 else everything) if everything else ((), value)
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1] if path else None
    if op == "set" and path:
        new = rng.choice(JSON_NUMBERS) if isinstance(old, (int, float)) and not isinstance(old, bool) else (
            not old if isinstance(old, bool) else rng.choice(JSON_NUMBERS + JSON_ODD))
        if isinstance(old, str) and len(old) == 64 and rng.random() < 0.7:
            new = old[:-1] + ("0" if old[-1] != "0" else "1")
        parent[key] = new
        ops.append(f"{name}: {'.'.join(map(str, path))}: {old!r} -> {new!r}")
    elif op == "type" and path:
        new = rng.choice(JSON_ODD + [str(old)])
        parent[key] = new
        ops.append(f"{name}: {'.'.join(map(str, path))}: {old!r} -> {new!r}")
    elif op == "delete" and path:
        del parent[key]
        ops.append(f"{name}: {'.'.join(map(str, path))} deleted")
    elif op == "add":
        target = rng.choice([v for _, v in paths(value) if isinstance(v, (dict, list))] or [value])
        if isinstance(target, dict):
            target[rng.choice(["unknown", "complete", "runs", "shard"])] = rng.choice(JSON_NUMBERS + JSON_ODD)
        elif isinstance(target, list):
            target.append(rng.choice(JSON_NUMBERS + JSON_ODD))
        ops.append(f"{name}: an entry added")
    elif op == "list":
        lists = [(p, v) for p, v in paths(value) if isinstance(v, list) and v]
        if lists:
            p, items = rng.choice(lists)
            if rng.random() < 0.5:
                items.pop(rng.randrange(len(items)))
                ops.append(f"{name}: {'.'.join(map(str, p))}: an item removed")
            else:
                items.append(items[rng.randrange(len(items))])
                ops.append(f"{name}: {'.'.join(map(str, p))}: an item doubled")
    return json.dumps(value, indent=2)


def mutate_directory(directory, rng, ops, mutate_yaml, label):
    """One edit of a file of the results directory `directory` (or of its layout)."""
    scenarios = sorted(name for name in os.listdir(directory) if os.path.isdir(os.path.join(directory, name)))
    if not scenarios:
        return
    scenario = os.path.join(directory, rng.choice(scenarios))
    what = rng.choices(["summary.csv", "repetitions.csv", "columns.csv", "run.json", "study.json", "scenario.yaml",
                        "layout"], weights=[30, 15, 10, 10, 20, 5, 10])[0]
    target = os.path.join(directory if what == "study.json" else scenario, what)
    name = f"{label}/{os.path.relpath(target, directory)}"
    if what == "layout":
        files = [os.path.join(scenario, f) for f in sorted(os.listdir(scenario))] + [os.path.join(directory, "study.json")]
        files = [f for f in files if os.path.isfile(f) and not os.path.islink(f)]
        op = rng.choice(["delete", "delete", "empty", "directory", "loop", "scenario-delete", "scenario-rename"])
        if op == "scenario-delete":
            shutil.rmtree(scenario)
            ops.append(f"{label}/{os.path.basename(scenario)} deleted")
            return
        if op == "scenario-rename":
            other = rng.choice(["renamed", os.path.basename(scenario).upper(), "." + os.path.basename(scenario)])
            os.rename(scenario, os.path.join(directory, other))
            ops.append(f"{label}/{os.path.basename(scenario)} renamed {other}")
            return
        if not files:
            return
        path = rng.choice(files)
        name = f"{label}/{os.path.relpath(path, directory)}"
        os.remove(path)
        if op == "empty":
            open(path, "w").close()
        elif op == "directory":
            os.mkdir(path)
        elif op == "loop":
            os.symlink(os.path.basename(path), path)
        ops.append(f"{name}: {'deleted' if op == 'delete' else op}")
        return
    if not os.path.isfile(target):
        return
    with open(target, encoding="utf-8", errors="surrogateescape") as handle:
        text = handle.read()
    if what.endswith(".csv"):
        text = mutate_csv(text, rng, ops, name)
    elif what.endswith(".json"):
        text = mutate_json(text, rng, ops, name)
    else:
        text = mutate_yaml(text, rng)
        ops.append(f"{name}: lines edited")
    with open(target, "w", encoding="utf-8", errors="surrogateescape") as handle:
        handle.write(text)


def copy(source, directory, name):
    destination = os.path.join(directory, name)
    shutil.copytree(source, destination, symlinks=True)
    return destination


def check_compare(seed, corpus, args, directory, mutate_yaml):
    """Makes and checks one compare mutant in `directory`; returns (verdict, failure or None, ops)."""
    rng = random.Random(seed)
    ops = []
    binary = os.path.abspath(args.binary)
    baseline = copy(corpus.base, directory, "baseline")
    current = copy(rng.choice(corpus.shards) if rng.random() < 0.1 else corpus.current, directory, "current")
    sides = rng.choices([["current"], ["baseline"], ["baseline", "current"]], weights=[60, 25, 15])[0]
    for side in sides:
        for _ in range(rng.randint(1, 3)):
            mutate_directory(os.path.join(directory, side), rng, ops, mutate_yaml, side)
    options = rng.choice([[], ["--format", "csv"], ["--format", "markdown"], ["--summary"], ["--strict"], ["--counts-only"],
                          ["--all"], ["--threshold", "*=5%"], ["--alpha", "0.05", "--strict"], ["--summary", "--format", "markdown"]])
    before = [snapshot(baseline), snapshot(current)]
    try:
        command = [binary, "compare", "baseline", "current"] + options
        code, err, how = call("compare", command, args, {0, 1, 2, 3}, writes=[baseline, current], cwd=directory)
        if [snapshot(baseline), snapshot(current)] != before:
            raise Failure("compare", command, code, err, how, "changed a directory it compares")
        verdict = "refused" if code == 1 else "ran"
        if rng.random() < 0.3:
            with open(os.path.join(directory, "gen.yaml"), "w") as handle:
                handle.write(corpus.files["gen.yaml"])
            command = [binary, "run", "gen.yaml", "--out", "current", "--quiet", "--no-plots", "--max-duration", args.max_duration,
                       "--memory-limit", f"{args.memory_mb // 2}MB"]
            call("run into the mutated results", command, args, {0, 1, 2}, writes=[current], cwd=directory)
    except Failure as failure:
        return "fail", failure, ops
    return verdict, None, ops


def check_merge(seed, corpus, args, directory, mutate_yaml):
    """Makes and checks one merge mutant in `directory`; returns (verdict, failure or None, ops)."""
    rng = random.Random(seed)
    ops = []
    binary = os.path.abspath(args.binary)
    inputs = [copy(shard, directory, os.path.basename(shard)) for shard in corpus.shards]
    names = [os.path.basename(path) for path in inputs]
    roll = rng.random()
    if roll < 0.1:
        gone = names.pop(rng.randrange(3))
        ops.append(f"{gone} left out")
    elif roll < 0.18:
        names.insert(rng.randrange(4), rng.choice(names))
        ops.append("a shard given twice")
    elif roll < 0.26:
        names[1] = os.path.basename(copy(corpus.alien, directory, "alien-2"))
        ops.append("shard 2 of another study (another --seed)")
    elif roll < 0.34:
        names[2] = os.path.basename(copy(corpus.drifted, directory, "drifted-3"))
        ops.append("shard 3 replayed a changed trace file")
    elif roll < 0.39:
        names.append(os.path.basename(copy(corpus.base, directory, "unsharded")))
        ops.append("an unsharded results directory added")
    elif roll < 0.44:
        empty = rng.choice(["empty", "absent"])
        if empty == "empty":
            os.mkdir(os.path.join(directory, "empty"))
        names.insert(rng.randrange(len(names) + 1), empty)
        ops.append(f"an {empty} directory added")
    if rng.random() < 0.15:
        rng.shuffle(names)
        ops.append("order " + " ".join(names))
    if rng.random() < 0.8:
        for _ in range(rng.randint(1, 3)):
            label = rng.choice(sorted(set(names)))
            if os.path.isdir(os.path.join(directory, label)):
                mutate_directory(os.path.join(directory, label), rng, ops, mutate_yaml, label)
    out_roll = rng.random()
    if out_roll < 0.65:
        out = "merged"
    elif out_roll < 0.9:
        out = os.path.basename(copy(corpus.base, directory, "merged"))
        ops.append("--out an existing results directory")
    else:
        out = rng.choice(names)
        ops.append("--out one of the shards")
    partial = rng.random() < 0.3
    if rng.random() < 0.1:
        # The shard count itself, as `plan` takes it (a count out of range is a usage error).
        for name, text in corpus.files.items():
            with open(os.path.join(directory, name), "w") as handle:
                handle.write(text)
        shutil.copy(os.path.join(corpus.root, "trace.csv"), directory)
        shards = rng.choice(["0", "-1", "1", "3", "1000", "1000000000", str(2**63 - 1), str(2**63), "1e3"])
        ops.append(f"plan --shards {shards}")
        try:
            call("plan", [binary, "plan"] + list(corpus.files) + ["--shards", shards, "--emit", "csv"], args, {0, 1, 64},
                 cwd=directory)
        except Failure as failure:
            return "fail", failure, ops
    command = [binary, "merge"] + names + ["--out", out, "--no-plots"] + (["--partial"] if partial else [])
    watched = sorted(set(n for n in names if n != out))
    before = {n: snapshot(os.path.join(directory, n)) for n in watched}
    out_before = snapshot(os.path.join(directory, out))
    try:
        code, err, how = call("merge", command, args, {0, 1}, writes=[os.path.join(directory, out)], cwd=directory)
        for n in watched:
            if snapshot(os.path.join(directory, n)) != before[n]:
                raise Failure("merge", command, code, err, how, f"changed its input {n}")
        merged = os.path.join(directory, out)
        if code != 0:
            if snapshot(merged) != out_before:
                raise Failure("merge", command, code, err, how, f"exit {code} but {out} changed (written half)")
            return ("slow" if how == "slow" else "refused"), None, ops
        problem = judge_merged(merged, partial)
        if problem:
            raise Failure("merge", command, code, err, how, problem)
        command = [binary, "compare", corpus.base, out, "--counts-only"]
        call("compare with the merged results", command, args, {0, 1, 2, 3}, cwd=directory)
    except Failure as failure:
        return "fail", failure, ops
    return "ran", None, ops


def judge_merged(merged, partial):
    """What is wrong with a merge that exited 0, or None."""
    try:
        with open(os.path.join(merged, "study.json")) as handle:
            study = json.load(handle)
    except (OSError, ValueError) as error:
        return f"exit 0 without a readable study.json ({error})"
    rows = 0
    for name in sorted(os.listdir(merged)):
        path = os.path.join(merged, name)
        if os.path.isdir(path):
            summary = os.path.join(path, "summary.csv")
            if not os.path.isfile(summary):
                return f"exit 0 but {name}/summary.csv missing"
            with open(summary, encoding="utf-8", errors="replace") as handle:
                rows += max(0, len([line for line in handle if line.strip()]) - 1)
    complete = study.get("complete") if isinstance(study, dict) else None
    if not partial and complete is not True:
        return f"exit 0 without --partial but study.json says complete={complete}"
    runs = study.get("runs") if isinstance(study, dict) else None
    if complete is True and not study.get("seeds") and isinstance(runs, int) and rows != runs:
        return f"complete=true with {rows} summary rows for a study of {runs} runs"
    return None
