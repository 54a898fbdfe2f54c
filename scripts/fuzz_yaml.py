"""The device and anchors families of scripts/fuzz.py: the YAML files a scenario reads besides itself,
and YAML's aliases and merge keys.

device: the shipped scenario that names a device profile file (feed-on-iphone-12.yaml, `device:
devices/iphone-12.yaml`) beside its profile, in the mutant's directory. The profile gets one to
three edits: the scenario family's (lines deleted, duplicated, swapped, characters flipped,
numbers set to extremes), a cost set to an extreme (0, -1, 1e-9, 1e300, NaN, inf, just past the
10 s limit, text, nothing), a name unknown, doubled, empty, of 10,000 characters or a payload,
10,000 or 20,000 costs, nesting 63 to 1,000 levels deep, aliases and merge keys, a byte order
mark, NUL bytes, invalid UTF-8 or UTF-16, the file emptied, of comments only, a list, two
documents; or the file replaced by a FIFO, a directory, a link to /dev/zero, /dev/null or
/dev/urandom, a link to itself, a dangling link, a link to the real profile, or a file of 16 MiB
less one byte, 16 MiB, 16 MiB and one byte, 17 MiB. Sometimes the scenario's `device:` names
another path instead: absolute, through `..`, a directory, a file that is no profile (whose text
past its 60th character must never appear in an error:
"an error quotes at most 60 characters of a value it found"), a payload path, an inline mapping with
extremes. Each mutant is validated and, when it validates, run (with its plots a fifth of the
time), as the scenario family does; an error must not quote the planted secret.

anchors: a shipped scenario with one to three anchors (`&a`) put on its values and aliases (`*a`)
or merge keys (`<<: *a`, `<<: [*a, *a]`) referring to them later in the file, merges of merges,
undefined or repeated anchors, merges of scalars and lists, and alias bombs sized about the
loader's bounds (ScenarioLimits: 10,000 nodes and 64 levels, aliases and merge keys expanded:
just under, at and past each). `validate` must load the mutant or refuse it quickly (within
`--quick` seconds) naming its place, `file:line:column: error:`; one that loads is run.
"""

import os
import random
import re
import socket
import time

from fuzz_oracle import Failure, call, payloads

DEVICE_SCENARIO = "feed-on-iphone-12.yaml"
PROFILE = "devices/iphone-12.yaml"
FALLBACK_PROFILE = "name: iPhone 12\ncosts:\n  text-post: 3ms\n  photo-post: 6ms\n  ad: 8ms\n  detail: 18ms\n"
COSTS = ["0", "-1", "1e-9", "1e300", "-1e300", ".nan", "nan", ".inf", "-.inf", "inf", "10s", "10.000001s", "10001ms",
         "1e-10ms", "x", "''", "~", "[]", "{}", "3 ms", "3mss", "1e309", "0x10", "9223372036854775808ns", "-0ms"]
NAMES = ["text-post", "photo-post", "ad", "detail", "FeedCel", "TEXT-POST", "''", "x" * 10000, "<<", "name", "costs",
         "\u00e9", "text-post ", "? x"]
SECRET = "TOPSECRET-not-to-be-printed"
MIB = 1 << 20


def edit_profile(text, rng, ops, canary, mutate_yaml):
    """One edit of a device profile's text."""
    op = rng.choices(["lines", "cost", "name", "many", "nesting", "aliases", "encoding", "shape", "payload"],
                     weights=[25, 20, 12, 6, 8, 8, 8, 8, 5])[0]
    lines = text.split("\n")
    costs = [i for i, line in enumerate(lines) if re.match(r"^\s+\S+:\s*\S", line)]
    if op == "lines":
        ops.append("profile: lines edited")
        return mutate_yaml(text, rng)
    if op == "cost" and costs:
        i = rng.choice(costs)
        value = rng.choice(COSTS)
        lines[i] = re.sub(r":\s*\S.*$", ": " + value, lines[i])
        ops.append(f"profile: line {i + 1} cost -> {value!r}")
    elif op == "name" and costs:
        i = rng.choice(costs)
        if rng.random() < 0.3:
            lines.insert(i, lines[i])
            ops.append(f"profile: line {i + 1} doubled")
        else:
            name = rng.choice(NAMES)
            lines[i] = re.sub(r"^(\s+)\S+:", lambda m: m.group(1) + name + ":", lines[i])
            ops.append(f"profile: line {i + 1} name -> {name[:20]!r}")
    elif op == "many":
        count = rng.choice([10000, 20000])
        ops.append(f"profile: {count} costs")
        return "name: many\ncosts:\n" + "".join(f"  c{i}: 1ms\n" for i in range(count))
    elif op == "nesting":
        depth = rng.choice([63, 64, 65, 1000])
        ops.append(f"profile: nested {depth} levels")
        if rng.random() < 0.5:
            return "name: deep\ncosts: " + "{a: " * depth + "1ms" + "}" * depth + "\n"
        return "name: deep\ncosts:\n" + "".join("  " * (k + 1) + "a:\n" for k in range(depth)) + "  " * (depth + 1) + "b: 1ms\n"
    elif op == "aliases":
        ops.append("profile: aliases and merge keys")
        return rng.choice([
            "name: &n iPhone\ncosts: &c\n  text-post: &t 3ms\n  ad: *t\n  photo-post: *t\n  detail: 18ms\n",
            "base: &b {text-post: 3ms}\nname: x\ncosts: {<<: *b, ad: 8ms}\n",
            "name: x\ncosts:\n  <<: {text-post: 3ms, ad: 8ms}\n  <<: {detail: 18ms}\n",
            "name: x\ncosts: &c\n  text-post: 3ms\n  <<: *c\n",
            "name: x\ncosts: {<<: [*u], ad: 8ms}\n",
            "a: &a [" + ", ".join(["1ms"] * 10) + "]\nb: &b [" + ", ".join(["*a"] * 10) + "]\nc: &c ["
            + ", ".join(["*b"] * 10) + "]\nd: [" + ", ".join(["*c"] * 10) + "]\nname: x\ncosts: {ad: 1ms}\n",
        ])
    elif op == "encoding":
        choice = rng.choice(["bom", "nul", "invalid", "utf16", "cr"])
        ops.append(f"profile: {choice}")
        if choice == "bom":
            return "\ufeff" + text
        if choice == "nul":
            k = rng.randrange(len(text) + 1)
            return text[:k] + "\x00" + text[k:]
        if choice == "invalid":
            k = rng.randrange(len(text) + 1)
            return text[:k] + "\udcff\udcfe" + text[k:]
        if choice == "utf16":
            return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace").encode("utf-16").decode(
                "utf-8", "surrogateescape")
        return text.replace("\n", "\r")
    elif op == "shape":
        shape = rng.choice(["", "# only a comment\n", "- a\n- b\n", "name: x\n", "costs: {}\n", "costs: []\n",
                            "name: x\ncosts: {ad: 1ms}\n---\nname: y\n", "~\n", "[", "costs: {ad: 1ms}\nextra: 1\n",
                            "name: [1]\ncosts: {ad: 1ms}\n", "name: " + "n" * 100000 + "\ncosts: {ad: 1ms}\n"])
        ops.append(f"profile: replaced by {shape[:30]!r}")
        return shape
    elif op == "payload":
        payload = rng.choice(payloads(canary))
        quoted = '"' + payload.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
        if rng.random() < 0.5:
            lines = [re.sub(r"^name:.*$", "name: " + quoted, line) for line in lines]
        elif costs:
            i = rng.choice(costs)
            lines[i] = re.sub(r"^(\s+)\S+:", lambda m: m.group(1) + quoted + ":", lines[i])
        ops.append(f"profile: payload {payload!r}")
    return "\n".join(lines)


def replace_profile(path, rng, ops, real):
    """The profile file replaced by something that is not a small regular file."""
    op = rng.choice(["fifo", "directory", "zero", "null", "urandom", "loop", "dangling", "link", "socket", "size"])
    os.remove(path)
    if op == "fifo":
        os.mkfifo(path)
    elif op == "directory":
        os.mkdir(path)
    elif op in ("zero", "null", "urandom"):
        os.symlink("/dev/" + op, path)
    elif op == "loop":
        os.symlink(os.path.basename(path), path)
    elif op == "dangling":
        os.symlink("nowhere.yaml", path)
    elif op == "link":
        with open(path + ".real", "w") as handle:
            handle.write(real)
        os.symlink(os.path.basename(path) + ".real", path)
    elif op == "socket":
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.bind(path)
        except OSError:
            open(path, "w").close()
        finally:
            server.close()
    else:
        size = rng.choice([16 * MIB - 1, 16 * MIB, 16 * MIB + 1, 17 * MIB])
        with open(path, "w") as handle:
            handle.write(real)
            line = "#" + "x" * 1022 + "\n"
            left = size - len(real.encode())
            handle.write(line * (left // len(line)) + "#" * (left % len(line)))
        op = f"{size} bytes"
    ops.append(f"profile: {op}")


def edit_device_line(text, rng, ops, canary, directory):
    """The scenario's `device:` line naming something else."""
    choice = rng.choice(["absolute", "dotdot", "directory", "secret", "payload", "inline", "empty", "list", "home",
                         "self", "trailing"])
    value = {
        "absolute": os.path.join(directory, PROFILE),
        "dotdot": "devices/../devices/../devices/iphone-12.yaml",
        "directory": rng.choice(["devices", "devices/", ".", "/"]),
        "secret": rng.choice(["secret.txt", os.path.join(directory, "secret.txt")]),
        "payload": '"' + rng.choice(payloads(canary)).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"',
        "inline": "{name: x, costs: {text-post: %s, ad: %s}}" % (rng.choice(COSTS), rng.choice(COSTS)),
        "empty": rng.choice(["", "''", "~"]),
        "list": "[devices/iphone-12.yaml]",
        "home": "~/devices/iphone-12.yaml",
        "self": "mutant.yaml",
        "trailing": "devices/iphone-12.yaml/",
    }[choice]
    ops.append(f"device: {value[:60]!r}")
    return re.sub(r"(?m)^device:.*$", lambda _: "device: " + value, text)


def run_mutant(args, directory, rng, ops, located, quick=None, secret=False):
    """Validates the mutant.yaml of `directory` and runs it when it validates."""
    binary = os.path.abspath(args.binary)
    memory = ["--memory-limit", f"{args.memory_mb // 2}MB"]
    command = [binary, "validate", "mutant.yaml"] + memory
    started = time.monotonic()
    code, err, how = call("validate", command, args, {0, 1}, cwd=directory, interruptible=False, located=located)
    took = time.monotonic() - started
    if quick and took > quick:
        raise Failure("validate", command, code, err, how, f"took {took:.1f} s (more than {quick:g} s)")
    if secret and SECRET in err:
        raise Failure("validate", command, code, err, how, "quoted a file's text past its 60th character")
    if code != 0:
        return "refused"
    plots = rng.random() < 0.2
    command = [binary, "run", "mutant.yaml", "--out", "out", "--quiet", "--max-duration", args.max_duration] + memory + (
        [] if plots else ["--no-plots"])
    if plots:
        ops.append("run with plots")
    code, err, how = call("run", command, args, {0, 1, 2}, writes=["out"], cwd=directory)
    out = os.path.join(directory, "out")
    written = [name for name in (os.listdir(out) if os.path.isdir(out) else [])
               if os.path.isfile(os.path.join(out, name, "summary.csv"))]
    if how == "ok" and code in (0, 2) and not written:
        raise Failure("run", command, code, err, how, f"exit {code} without a summary.csv")
    if code == 1 and written:
        raise Failure("run", command, code, err, how, f"exit 1 but {written[0]}/summary.csv written")
    if secret and SECRET in err:
        raise Failure("run", command, code, err, how, "quoted a file's text past its 60th character")
    return "slow" if how == "slow" else "ran"


def device_corpus(sources):
    """(scenario text, profile text): the shipped scenario naming a profile file, and its profile."""
    shipped = [path for path in sources if os.path.basename(path) == DEVICE_SCENARIO]
    if shipped:
        with open(shipped[0]) as handle:
            scenario = handle.read()
        profile = os.path.join(os.path.dirname(shipped[0]), PROFILE)
        if os.path.isfile(profile):
            with open(profile) as handle:
                return scenario, handle.read()
    feed = [path for path in sources if os.path.basename(path) == "feed.yaml"]
    if not feed:
        return None
    with open(feed[0]) as handle:
        scenario = handle.read()
    return scenario.replace("\ncache:", f"\ndevice: {PROFILE}\ncache:", 1), FALLBACK_PROFILE


def check_device(seed, corpus, args, directory, mutate_yaml):
    """Makes and checks one device mutant in `directory`; returns (verdict, failure or None, ops)."""
    rng = random.Random(seed)
    canary = os.path.basename(directory)
    scenario, profile = corpus
    ops = []
    os.makedirs(os.path.join(directory, "devices"))
    # A file that is no profile, its values holding a secret past their 60th character.
    with open(os.path.join(directory, "secret.txt"), "w") as handle:
        handle.write(rng.choice([
            "costs: {ad: " + "p" * 70 + SECRET + "}\n",
            "p" * 70 + SECRET + "\n",
            "costs: {ad: 1ms}\nname: " + "q" * 70 + SECRET + "\nnote: " + "r" * 70 + SECRET + "\n",
            "a first line of " + "u" * 50 + "\n" + SECRET + "\n",
            "name: [" + "s" * 70 + SECRET + "]\ncosts: {ad: 1ms}\n",
            "costs: {ad: 1ms, text-post: '" + "t" * 70 + SECRET + "'}\n"]))
    text = profile
    for _ in range(rng.randint(1, 3)):
        text = edit_profile(text, rng, ops, canary, mutate_yaml)
    path = os.path.join(directory, PROFILE)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as handle:
        handle.write(text)
    if rng.random() < 0.15:
        replace_profile(path, rng, ops, profile)
    if rng.random() < 0.2:
        scenario = edit_device_line(scenario, rng, ops, canary, directory)
    with open(os.path.join(directory, "mutant.yaml"), "w") as handle:
        handle.write(scenario)
    try:
        return run_mutant(args, directory, rng, ops, located=False, secret=True), None, ops
    except Failure as failure:
        return "fail", failure, ops


# Where an anchor may go: a `key: value` line (the value anchored), or a `key:` line whose block follows.
VALUE_LINE = re.compile(r"^(\s*(?:- )?[\w.-]+:\s+)(\S.*?)(\s+#.*)?$")
BLOCK_LINE = re.compile(r"^(\s*(?:- )?[\w.-]+:)\s*(#.*)?$")
FLOW_ITEM = re.compile(r"^(\s*- )(\{.*\})(\s*#.*)?$")


def bomb(rng):
    """An alias bomb (a flow value) sized about the loader's limits, and what it is."""
    form = rng.choice(["nodes", "nodes", "depth", "merge"])
    if form == "nodes":
        width, levels = rng.choice([(10, 3), (10, 4), (10, 5), (100, 2), (99, 2), (101, 2), (2, 13), (2, 14), (3, 9),
                                    (1000, 2), (9, 9)])
        parts = ["&b0 [" + ", ".join(["x"] * width) + "]"]
        parts += [f"&b{k} [" + ", ".join([f"*b{k - 1}"] * width) + "]" for k in range(1, levels)]
        return "[" + ", ".join(parts) + "]", f"alias bomb {width} wide, {levels} levels"
    if form == "depth":
        depth = rng.choice([30, 60, 62, 63, 64, 65, 100])
        parts = ["&d0 [x]"] + [f"&d{k} [*d{k - 1}]" for k in range(1, depth)]
        return "[" + ", ".join(parts) + "]", f"aliases nested {depth} levels"
    keys = rng.choice([100, 1000, 5000])
    merges = rng.choice([2, 3, 10, 50])
    big = "&m {" + ", ".join(f"k{i}: {i}" for i in range(keys)) + "}"
    return "[" + big + ", {<<: [" + ", ".join(["*m"] * merges) + "]}]", f"merge of {merges} × {keys} keys"


def child_indent(lines, j):
    """The indentation of the keys of the block mapping that line `j` opens."""
    own = len(lines[j]) - len(lines[j].lstrip()) + (2 if lines[j].lstrip().startswith("- ") else 0)
    for line in lines[j + 1:]:
        if line.strip() and not line.lstrip().startswith("#"):
            indent = len(line) - len(line.lstrip())
            return indent + (2 if line.lstrip().startswith("- ") and indent <= own else 0) if indent > own else own + 2
    return own + 2


def insert_aliases(text, rng, ops, index):
    """One anchor-and-alias edit of a scenario's text."""
    lines = text.split("\n")
    values = [i for i, line in enumerate(lines) if VALUE_LINE.match(line) and not line.lstrip().startswith("#")]
    blocks = [i for i, line in enumerate(lines) if BLOCK_LINE.match(line) and not line.lstrip().startswith("#")]
    flows = [i for i, line in enumerate(lines) if FLOW_ITEM.match(line)]
    name = f"a{index}"
    op = rng.choices(["alias", "identical", "inline-merge", "merge-flow", "merge-block", "repeat", "chain", "undefined",
                      "redefined", "scalar-merge", "bomb", "top"], weights=[10, 12, 12, 15, 8, 8, 8, 4, 4, 5, 12, 2])[0]
    same = {}
    for i in values:
        same.setdefault(VALUE_LINE.match(lines[i]).group(2), []).append(i)
    pairs = [group for group in same.values() if len(group) > 1]
    inner = [i for i in values if lines[i].startswith(" ") and not lines[i].lstrip().startswith("- ")]
    if op == "identical" and pairs:
        # An alias of an equal value: the file means what it meant.
        group = rng.choice(pairs)
        i, j = sorted(rng.sample(group, 2))
        m = VALUE_LINE.match(lines[i])
        lines[i] = m.group(1) + f"&{name} " + m.group(2) + (m.group(3) or "")
        n = VALUE_LINE.match(lines[j])
        lines[j] = n.group(1) + f"*{name}" + (n.group(3) or "")
        ops.append(f"line {j + 1}: alias of the equal value of line {i + 1}")
    elif op == "inline-merge" and inner:
        # `key: value` as a merged mapping, perhaps after another that the first one overrides.
        i = rng.choice(inner)
        m = VALUE_LINE.match(lines[i])
        indent = m.group(1)[:len(m.group(1)) - len(m.group(1).lstrip())]
        pair = m.group(1).strip() + " " + m.group(2)
        other = m.group(1).strip() + " " + rng.choice(["0", "-1", "x", "1e300", "[]"])
        form = rng.choice(["{%s}" % pair, "[{%s}, {%s}]" % (pair, other), "&%s {%s}" % (name, pair)])
        lines[i] = indent + "<<: " + form
        ops.append(f"line {i + 1}: merged in as <<: {form[:40]}")
    elif op == "alias" and len(values) > 1:
        i, j = sorted(rng.sample(values, 2))
        m = VALUE_LINE.match(lines[i])
        lines[i] = m.group(1) + f"&{name} " + m.group(2) + (m.group(3) or "")
        n = VALUE_LINE.match(lines[j])
        lines[j] = n.group(1) + f"*{name}" + (n.group(3) or "")
        ops.append(f"line {j + 1}: alias of line {i + 1}")
    elif op == "merge-flow" and len(flows) > 1:
        i, j = sorted(rng.sample(flows, 2))
        m = FLOW_ITEM.match(lines[i])
        lines[i] = m.group(1) + f"&{name} " + m.group(2)
        n = FLOW_ITEM.match(lines[j])
        body = n.group(2)[1:-1]
        merged = rng.choice([f"*{name}", f"[*{name}, *{name}]", f"[*{name}]"])
        kept = body if rng.random() < 0.5 else ", ".join(p for p in body.split(", ") if p.startswith("type:"))
        lines[j] = n.group(1) + "{<<: " + merged + (", " + kept if kept else "") + "}"
        ops.append(f"line {j + 1}: merges line {i + 1}")
    elif op == "merge-block" and blocks:
        i = rng.choice(blocks)
        m = BLOCK_LINE.match(lines[i])
        lines[i] = m.group(1) + f" &{name}"
        later = [j for j in blocks if j > i] or [i]
        j = rng.choice(later)
        lines.insert(j + 1, " " * child_indent(lines, j) + f"<<: *{name}")
        ops.append(f"line {j + 2}: `<<: *{name}` merging line {i + 1}'s mapping")
    elif op == "repeat" and blocks:
        i = rng.choice(blocks)
        m = BLOCK_LINE.match(lines[i])
        lines[i] = m.group(1) + f" &{name}"
        j = rng.choice([k for k in blocks if k > i] or [i])
        count = rng.choice([2, 3, 10, 100])
        lines.insert(j + 1, " " * child_indent(lines, j) + "<<: [" + ", ".join([f"*{name}"] * count) + "]")
        ops.append(f"line {j + 2}: merges line {i + 1}'s mapping {count} times")
    elif op == "chain" and len(flows) > 1:
        chosen = sorted(rng.sample(flows, min(len(flows), rng.randint(2, 4))))
        for k, i in enumerate(chosen):
            m = FLOW_ITEM.match(lines[i])
            body = m.group(2)[1:-1]
            merge = f"<<: *{name}c{k - 1}, " if k else ""
            lines[i] = m.group(1) + f"&{name}c{k} " + "{" + merge + body + "}"
        ops.append(f"merges chained over lines {', '.join(str(i + 1) for i in chosen)}")
    elif op == "undefined" and values:
        j = rng.choice(values)
        n = VALUE_LINE.match(lines[j])
        lines[j] = n.group(1) + rng.choice([f"*{name}", f"*{name}undefined", "*", "&", "&a &b x", "!!merge x"])
        ops.append(f"line {j + 1}: undefined alias")
    elif op == "redefined" and len(values) > 2:
        i, k, j = sorted(rng.sample(values, 3))
        for at in (i, k):
            m = VALUE_LINE.match(lines[at])
            lines[at] = m.group(1) + f"&{name} " + m.group(2)
        n = VALUE_LINE.match(lines[j])
        lines[j] = n.group(1) + f"*{name}"
        ops.append(f"lines {i + 1} and {k + 1} anchored alike, line {j + 1} an alias")
    elif op == "scalar-merge" and blocks:
        j = rng.choice(blocks)
        lines.insert(j + 1, " " * child_indent(lines, j) + "<<: " + rng.choice(["1", "x", "[1, 2]", "[]", "{}", "~", "[[x]]", '"<<"',
                                                                 "{<<: {<<: {a: 1}}}"]))
        ops.append(f"line {j + 2}: a merge of a non-mapping")
    elif op == "bomb":
        value, what = bomb(rng)
        at = rng.choice(values + [len(lines) - 1]) if values else len(lines) - 1
        n = VALUE_LINE.match(lines[at]) if at < len(lines) else None
        if n:
            lines[at] = n.group(1) + value
        else:
            lines.append("description: " + value)
        ops.append(f"line {at + 1}: {what}")
    elif op == "top":
        lines.append(rng.choice([f"x-{name}: &{name} {{a: 1}}", f"\"<<\": {{description: x}}", "<<: {description: x}",
                                 "<<: {seed: 9}"]))
        ops.append("a top-level merge or anchor")
    return "\n".join(lines)


def check_anchors(seed, sources, args, directory, mutate_yaml):
    """Makes and checks one anchors mutant in `directory`; returns (verdict, failure or None, ops)."""
    rng = random.Random(seed)
    source = rng.choice(sources)
    with open(source) as handle:
        text = handle.read()
    ops = [f"from {os.path.basename(source)}"]
    for index in range(rng.randint(1, 3)):
        text = insert_aliases(text, rng, ops, index)
    with open(os.path.join(directory, "mutant.yaml"), "w") as handle:
        handle.write(text)
    # A scenario naming a profile keeps it (the device family mutates those).
    real = os.path.join(os.path.dirname(source), PROFILE)
    if "device: " + PROFILE in text and os.path.isfile(real):
        os.makedirs(os.path.join(directory, "devices"))
        with open(real) as handle, open(os.path.join(directory, PROFILE), "w") as out:
            out.write(handle.read())
    try:
        return run_mutant(args, directory, rng, ops, located=True, quick=args.quick), None, ops
    except Failure as failure:
        return "fail", failure, ops
