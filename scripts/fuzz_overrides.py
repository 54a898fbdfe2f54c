"""The overrides family of scripts/fuzz.py: `--set KEY.PATH=VALUE` and `--sweep KEY.PATH=V1,V2,...`
on the shipped scenarios, their key paths and values mutated.

The corpus is the key paths `workbench keys` declares for each kind (`cache.capacity`,
`table.cells[].nib.views`, ...), read once per fuzz run from the binary under test. A mutant is a
shipped scenario with one to three `--set` options and, half the time, a `--sweep`:

  - key paths: a declared key (its list indices filled: [0], [1], [7], [99]), or one mutated: an
    unknown key, a key below a number (`cache.capacity.x`), hundreds of segments deep, list
    indices out of range, negative, empty, huge or not numbers, empty segments (`a..b`, `.a`,
    `a.`), a segment of 60,000 characters, quotes, spaces, YAML punctuation, a planted payload;
  - `--set` values: the scenario family's extremes (0, -1, 1e-9, 1e18, 1e300, 2^31, 2^63), NaN
    and infinities in YAML's spellings and others, text, nothing, null, durations at the
    extremes, empty and nested lists and mappings, lists of 10,000 items, strings of 100,000
    characters, nesting 100 levels deep, aliases (undefined, or 10^5 nodes expanded), tags,
    a second document, a planted payload (scripts/fuzz_oracle.py `payloads`);
  - `--sweep` values: extremes, NaN, infinities, text, a value given twice (`2,2.0`), empty
    values (`1,,2`), 1,001 or 5,000 of them.

Each mutant is validated (exit 0 or 1; an exit 1 names the option or the file's place), then run
(exit 0, 1 or 2, with the scenario family's limits; a fifth with its plots, whose gnuplot scripts
then read the planted values) when it validates, has at most a few sweep points, no huge value,
and no trace `window` of fewer than 10,000 requests (--max-duration does not shorten a replay,
and a row per few requests of the shipped trace-a is millions of rows, minutes of writing that a
SIGINT does not cut short).
A run that exits 0 or 2 has written a summary.csv; one that exits 1 has not.
"""

import os
import random
import re
import subprocess

from fuzz_oracle import Failure, LOCATED, call, payloads

EXTREMES = ["0", "-1", "1e-9", "1e18", "1e300", "2147483648", "9223372036854775808"]
NON_FINITE = [".nan", ".NaN", "nan", "NaN", ".inf", "-.inf", "+.inf", "inf", "-inf", "Infinity", "1e309", "-1e309"]
TEXT = ["x", "true", "null", "~", "''", '""', "lru", "10%", "-0", "0x10", "1_000", "1,5", "\u22121", "\u00e9t\u00e9"]
DURATIONS = ["0s", "-1s", "1e-10s", "1e-9s", "1e300s", "1e9s", "1000000001s", "2w", "1e18ms", "nans", "infs", "1 s"]
STRUCTURES = ["[]", "{}", "[lru, lru]", "[1, [2]]", "{a: 1}", "{views: 70, depth: 4}", "[{}]", "- 1", "a: b",
              "&a [1, 2]", "*a", "!!binary aGVsbG8=", "!!str 8", "!custom 8", "!!python/object:os.system x",
              "1\n---\n2", "[1, 2", "{a: 1", "'unterminated", "\t8", "8 # a comment", "? complex\n: key"]
SWEEP_VALUES = EXTREMES + ["1", "2", "4", "8", "0.5", "-0", "2.0", "nan", "NaN", "inf", "-inf", "1e309", "x", " 3 ",
                           "0x10", "1e-320"]
INDICES = ["[0]", "[1]", "[7]", "[99]"]
BAD_INDICES = ["[-1]", "[]", "[x]", "[99999999999999999999]", "[1e3]", "[ 0 ]", "[0][0]", "[0", "0]", "[[0]]",
               "[9223372036854775807]", "[2147483648]"]
PUNCTUATION = [" ", '"', "'", ":", "#", "{", "}", ",", "&", "*", "!", "|", ">", "%", "@", "`", "\t", "\\", "=",
               "\u00e9", "\U0001f600"]


def declared_keys(binary, run):
    """The key paths `workbench keys` declares, per kind: {kind: [path, ...]} (lists as `[]`), and
    under `kind + ":numbers"` and `kind + ":durations"` those whose value is a number, a duration."""
    done = subprocess.run([binary, "keys"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if done.returncode != 0:
        run([binary, "keys"])  # exits the fuzzer with the reason
    keys, kind, sections = {}, None, []
    for line in done.stdout.decode("utf-8", "replace").split("\n"):
        header = re.match(r"^([a-z-]+): ", line)
        if header and not line.startswith(" "):
            kind = header.group(1)
            keys[kind] = []
        elif line and not line.startswith(" ") and kind:
            # A section: `table.header (also at table.footer)`, `top level`.
            name = line.split(" (also at ")[0]
            also = line.split(" (also at ")[1].rstrip(")").split(", ") if " (also at " in line else []
            sections = [""] if name == "top level" else [name] + also
        elif line.startswith("  ") and not line.startswith("   ") and kind and not line.strip().startswith("then:"):
            key, _, description = line.strip().partition(" ")
            paths = [f"{section}.{key}" if section else key for section in sections]
            keys[kind] += paths
            sort = ("numbers" if re.match(r"(an integer|a non-negative integer|a number)[;,. ]", description.strip())
                    else "durations" if description.strip().startswith("a duration") else None)
            if sort:
                keys.setdefault(f"{kind}:{sort}", []).extend(paths)
    return keys


def fill(path, rng):
    """A declared path with its `[]` replaced by list indices."""
    return re.sub(r"\[\]", lambda _: rng.choice(INDICES[:2] * 3 + INDICES[2:]), path)


def key_path(keys, rng, canary, ops):
    """A key path: declared, or mutated."""
    path = fill(rng.choice(keys), rng) if keys else "cache.capacity"
    op = rng.choices(["declared", "unknown", "below", "deep", "index", "empty", "long", "punctuation", "payload",
                      "case"], weights=[45, 8, 6, 6, 8, 6, 4, 8, 5, 4])[0]
    if op == "unknown":
        segments = path.split(".")
        segments[rng.randrange(len(segments))] = rng.choice(["x", "capacityy", "Cache", "__proto__", "<<", "0"])
        path = ".".join(segments)
    elif op == "below":
        path += "." + rng.choice(["x", "capacity", "0", "nib"])
    elif op == "deep":
        n = rng.choice([10, 63, 64, 65, 200, 5000])
        path = rng.choice([path + ".a" * n, path + "[0]" * n, ".".join(["a"] * n)])
    elif op == "index":
        path = re.sub(r"\[\d+\]", lambda _: rng.choice(BAD_INDICES), path) if "[" in path else (
            path + rng.choice(BAD_INDICES + INDICES))
    elif op == "empty":
        segments = path.split(".")
        at = rng.randrange(len(segments) + 1)
        path = rng.choice([".".join(segments[:at] + [""] + segments[at:]), "", ".", "..", path + "[0]."])
    elif op == "long":
        path = rng.choice([path + "." + "k" * 60000, "k" * 60000])
    elif op == "punctuation":
        k = rng.randrange(len(path) + 1)
        path = path[:k] + rng.choice(PUNCTUATION) + path[k:]
    elif op == "payload":
        path = rng.choice([path + "." + rng.choice(payloads(canary)), rng.choice(payloads(canary))])
    elif op == "case":
        path = path.upper()
    if op != "declared":
        ops.append(f"key path {op}")
    return path


def value(rng, canary, ops):
    """A --set value (YAML)."""
    op = rng.choices(["extreme", "non-finite", "text", "duration", "structure", "huge", "payload", "empty"],
                     weights=[25, 12, 12, 10, 15, 8, 12, 6])[0]
    ops.append(f"value {op}")
    if op == "extreme":
        return rng.choice(EXTREMES)
    if op == "non-finite":
        return rng.choice(NON_FINITE)
    if op == "text":
        return rng.choice(TEXT)
    if op == "duration":
        return rng.choice(DURATIONS)
    if op == "structure":
        return rng.choice(STRUCTURES)
    if op == "empty":
        return rng.choice(["", " ", "''"])
    if op == "payload":
        text = rng.choice(payloads(canary))
        return rng.choice([text, '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"',
                           "[lru, " + text + "]"])
    # Huge: long lists, long strings, deep nesting, an alias bomb.
    shape = rng.choice(["list", "string", "nesting", "mapping", "bomb", "policies"])
    if shape == "list":
        return "[" + ", ".join(str(rng.choice([1, 2, 8])) for _ in range(10000)) + "]"
    if shape == "string":
        return "x" * 100000
    if shape == "nesting":
        n = rng.choice([63, 64, 65, 100, 1000])
        return "[" * n + "1" + "]" * n
    if shape == "mapping":
        return "{" + ", ".join(f"k{i}: {i}" for i in range(5000)) + "}"
    if shape == "bomb":
        levels = ["&a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"] + [
            f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 6)]
        return "[" + ", ".join(levels) + "]"
    return "[" + ", ".join(["lru"] * 2000 + ["fifo"]) + "]"


def sweep(keys, rng, canary, ops):
    """A --sweep KEY.PATH=V1,V2,... option's text."""
    numeric = [k for k in keys if re.search(r"capacity|sections|rows|weight|views|depth|height|speed|count|hz|seed", k)]
    path = key_path(numeric or keys, rng, canary, ops)
    roll = rng.random()
    if roll < 0.5:
        values = [rng.choice(SWEEP_VALUES) for _ in range(rng.randint(1, 4))]
        ops.append("sweep of extremes")
    elif roll < 0.65:
        first = rng.choice(["2", "4", "1e-9", "0"])
        values = [first, rng.choice([first, first + ".0", first + "e0", "+" + first]), "8"]
        ops.append("sweep value given twice")
    elif roll < 0.75:
        values = ["1", "", "2"] if rng.random() < 0.5 else [""]
        ops.append("sweep with an empty value")
    elif roll < 0.85:
        count = rng.choice([1000, 1001, 5000])
        values = [str(v) for v in range(1, count + 1)]
        ops.append(f"sweep of {count} values")
    else:
        values = ["2", "4", rng.choice(payloads(canary))]
        ops.append("sweep with a payload")
    return f"{path}={','.join(values)}", len(values)


def rows_unbounded(kind, options):
    """Whether `window` (a trace scenario's key; the other kinds refuse it) is set to a few
    requests: --max-duration does not shorten a replay, and the shipped trace-a (1,000,000 requests, 24 runs) at `window: 2` writes
    12 million timeseries rows, minutes of writing, which a SIGINT does not cut short (the rows
    measured are written): more than a fuzz run's time limit and grace allow."""
    for option in options:
        match = re.match(r"--(?:set|sweep)=window=([^,]*)", option)
        try:
            if match and float(match.group(1)) < 10000:
                return True
        except ValueError:
            pass
    return False


def check(seed, corpus, args, directory, mutate_yaml=None):
    """Makes and checks one overrides mutant in `directory`; returns (verdict, failure or None, ops)."""
    rng = random.Random(seed)
    canary = os.path.basename(directory)
    sources, keys = corpus
    source = rng.choice(sources)
    with open(source) as handle:
        text = handle.read()
    kind = re.search(r"^kind:\s*([a-z-]+)", text, re.MULTILINE)
    kind_name = kind.group(1) if kind else ""
    kind_keys = keys.get(kind_name, [])
    with open(os.path.join(directory, "mutant.yaml"), "w") as handle:
        handle.write(text)
    ops = [f"from {os.path.basename(source)}"]
    # The keys the file writes (by their last name), more often than the others.
    present = [k for k in kind_keys if re.search(r"(?m)^[\s-]*(?:\{.*)?\b" + re.escape(k.split(".")[-1]) + r":", text)]
    options, points = [], 1
    if rng.random() < 0.4:
        # Gentle: one declared key the file has, a plain value or an extreme, perhaps a plain sweep.
        ops.append("gentle")
        numbers = [k for k in present if k in keys.get(kind_name + ":numbers", [])]
        durations = [k for k in present if k in keys.get(kind_name + ":durations", [])]
        if durations and rng.random() < 0.3:
            path = rng.choice(durations).replace("[]", "[0]")
            plain = ["3s", "250ms", "1", "0.5s", "2m"]
            extremes = DURATIONS
        else:
            path = rng.choice(numbers or present or kind_keys or ["cache.capacity"]).replace("[]", "[0]")
            plain = ["1", "2", "4", "8", "16", "100", "0.5"]
            extremes = EXTREMES
        options.append("--set=" + path + "=" + rng.choice(plain if rng.random() < 0.6 else extremes))
        if rng.random() < 0.4:
            swept = rng.choice(numbers or ["cache.capacity"]).replace("[]", "[0]")
            values = rng.sample(["1", "2", "3", "4", "8", "16"] if rng.random() < 0.6 else ["2", "4", "0", "0.5", "1e-9", "1e300"],
                                rng.randint(1, 4))
            options.append(f"--sweep={swept}={','.join(values)}")
            points = len(values)
    else:
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            path = key_path(present if present and rng.random() < 0.7 else kind_keys, rng, canary, ops)
            options.append("--set=" + path + "=" + value(rng, canary, ops))
        if rng.random() < 0.5:
            sweep_text, points = sweep(present or kind_keys, rng, canary, ops)
            options.append("--sweep=" + sweep_text)
    if rng.random() < 0.1:
        rng.shuffle(options)
    binary = os.path.abspath(args.binary)
    memory = ["--memory-limit", f"{args.memory_mb // 2}MB"]
    try:
        command = [binary, "validate", "mutant.yaml"] + options + memory
        code, err, how = call("validate", command, args, {0, 1}, cwd=directory, interruptible=False)
        if code == 1 and not ("--set" in err or "--sweep" in err or LOCATED.search(err)):
            raise Failure("validate", command, code, err, how, "exit 1 naming neither the option nor a file:line:column")
        if code != 0:
            return "refused", None, ops
        if points > 8 or any(len(option) > 2000 for option in options) or rows_unbounded(kind_name, options):
            return "ran", None, ops + ["not run (too large for a fuzz run)"]
        plots = rng.random() < 0.2
        command = [binary, "run", "mutant.yaml"] + options + ["--out", "out", "--quiet", "--max-duration",
                                                              args.max_duration] + memory + ([] if plots else ["--no-plots"])
        code, err, how = call("run", command, args, {0, 1, 2}, writes=["out"], cwd=directory)
        out = os.path.join(directory, "out")
        written = [name for name in (os.listdir(out) if os.path.isdir(out) else [])
                   if os.path.isfile(os.path.join(out, name, "summary.csv"))]
        if how == "ok" and code in (0, 2) and not written:
            raise Failure("run", command, code, err, how, f"exit {code} without a summary.csv")
        if code == 1 and written:
            raise Failure("run", command, code, err, how, f"exit 1 but {written[0]}/summary.csv written")
        return ("slow" if how == "slow" else "ran"), None, ops
    except Failure as failure:
        return "fail", failure, ops
