"""The trace family of scripts/fuzz.py: mutated trace files, read by a trace scenario.

The corpus is made once per fuzz run by the binary under test: `workbench trace generate` writes
a csv trace, which the script resizes (sizes 1 B to 5 kB, fractional times) and `workbench trace
convert` turns into text, oracle-general and binary (WBTRACE2); the script writes a v1 binary
(WBTRACE1), vscsi v1 and v2 traces and a tab-separated csv of quoted string keys itself. A mutant
is one of these with one to three edits:

  - csv and text: a garbage line, a number replaced by an extreme (101 digits, 2^64, 1e309, -1),
    NaN or infinity, hexadecimal, a byte order mark, a line of 2 MiB or more, the file cut in the
    middle of a line, NUL bytes or invalid UTF-8, CRLF or lone CR, a column added or removed, an
    unbalanced quote, lines deleted, duplicated or swapped;
  - binary: a header field (the magic, v1 against v2, the request and object counts) or a
    record's field (object id, size, time, key, next access; vscsi's version, len, lbn, ts) set
    to an extreme, the file cut at any byte, bytes appended, bytes flipped;
  - either: the file compressed as .gz (Python's gzip) or .zst (the zstd command, when installed),
    then perhaps its stream corrupted (a flipped byte, cut, garbage after it, two streams, a plain
    file named .gz, a small file that inflates past the scenario's max_decompressed_bytes), or
    declared in another format than its own.

Each mutant is validated, run when it validates (with the scenario family's limits), and sometimes
converted (`trace convert`, to any format: on failure nothing may be left, on success the output
must read back with `trace stats`), described (`trace stats`) or curved (`trace curve`). Every
command runs in the mutant's directory, so a saved failure reruns as it is.
"""

import gzip
import os
import random
import re
import shutil
import struct
import subprocess

from fuzz_oracle import Failure, call

NUMBER = re.compile(rb"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
HUGE = [b"9" * 101, b"18446744073709551616", b"18446744073709551615", b"9223372036854775808", b"4294967296",
        b"4294967295", b"-1", b"-0", b"0", b"1e309", b"1e308", b"-1e300", b"1e-320", b"9" * 64, b"9" * 65,
        b"1" + b"0" * 63, b"0.000000000000000000000000000000000000000000000000000000000000001"]
NOT_NUMBERS = [b"nan", b"NaN", b"-nan", b"inf", b"-inf", b"Infinity", b"+1", b"1_000", b"1,5", b" 12", b"12 ", b"",
               b"\xe2\x88\x921", b"\xd9\xa1\xd9\xa2"]
HEX = [b"0x10", b"0X1p3", b"0x10%", b"0xffffffffffffffffff", b"#10", b"1e", b"e5", b".", b"-"]
POLICIES = ["lru", "fifo", "clock", "lfu", "arc", "s3-fifo", "sieve", "w-tinylfu", "2q", "slru", "optimal"]
FORMATS = ["csv", "text", "oracle-general", "binary", "vscsi"]
U64 = [0, 1, 2, 3, 2**31, 2**32 - 1, 2**32, 2**40 - 1, 2**40, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1]
U32 = [0, 1, 2**16, 2**31 - 1, 2**31, 2**32 - 2, 2**32 - 1]
U16 = [0, 0x100, 0x1ff, 0x200, 0x2ff, 0x300, 0xffff]
F64 = [float("nan"), float("inf"), float("-inf"), -0.0, -1.0, 1e308, -1e308, 5e-324, 2.0**63, 2.0**64, 1e15, 0.5]


class Variant:
    """A valid trace of the corpus: its file, how a scenario declares it and how the CLI reads it."""

    def __init__(self, name, filename, data, format, spec, flags, layout=None):
        self.name, self.filename, self.data, self.format = name, filename, data, format
        self.spec, self.flags, self.layout = spec, flags, layout


def prepare(binary, root, run):
    """Makes the corpus under `root` with the binary (`run(command)` raises on a failure)."""
    os.makedirs(root, exist_ok=True)
    csv_path = os.path.join(root, "trace.csv")
    run([binary, "trace", "generate", "--objects", "64", "--requests", "400", "--seed", "7", "--format", "csv",
         "--out", csv_path])
    with open(csv_path, "rb") as handle:
        generated = handle.read()
    rows = [line.split(b",") for line in generated.split(b"\n")[1:] if line]
    records = []  # (time, key, size)
    for n, (time, key, _) in enumerate(rows):
        records.append((int(time) + (n % 4) * 0.25, int(key), 1 + int(key) * 79 % 5000))
    sized = b"".join(b"%r,%d,%d\n" % (time, key, size) for time, key, size in records)
    sized_path = os.path.join(root, "sized.csv")
    with open(sized_path, "wb") as handle:
        handle.write(sized)
    sized_flags = ["--time-column", "1", "--key-column", "2", "--size-column", "3"]
    variants = [
        Variant("csv", "trace.csv", generated, "csv",
                "{path: %s, format: csv, header: true, columns: {time: 1, key: 2, size: 3}}",
                ["--format", "csv", "--header", "--time-column", "1", "--key-column", "2", "--size-column", "3"]),
        Variant("csv-sized", "trace.csv", sized, "csv", "{path: %s, format: csv, columns: {key: 2, time: 1, size: 3}}",
                ["--format", "csv"] + sized_flags),
    ]
    for format in ["text", "oracle-general", "binary"]:
        path = os.path.join(root, "sized." + format)
        run([binary, "trace", "convert", sized_path] + sized_flags + ["--to", format, "--out", path])
        with open(path, "rb") as handle:
            data = handle.read()
        variants.append(Variant(format, "trace." + format, data, format, "{path: %s, format: " + format + "}",
                                ["--format", format], layout=format if format != "text" else None))
    v1 = b"WBTRACE1" + b"".join(struct.pack("<QId", key, size, time) for time, key, size in records)
    variants.append(Variant("binary-v1", "trace.binary", v1, "binary", "{path: %s, format: binary}",
                            ["--format", "binary"], layout="v1"))
    # libCacheSim's vscsi: v1 (sn, len, nSG, cmd, ver, lbn, ts) and v2 (cmd, ver, sn, len, nSG, lbn, ts, rt).
    vscsi1 = b"".join(struct.pack("<IIIHHQQ", n, size, 1, 0x2a, 0x100, key, int(time * 1e6))
                      for n, (time, key, size) in enumerate(records))
    vscsi2 = b"".join(struct.pack("<HHIIIQQQ", 0x28, 0x200, n, size, 1, key, int(time * 1e6), 0)
                      for n, (time, key, size) in enumerate(records))
    for name, data in [("vscsi1", vscsi1), ("vscsi2", vscsi2)]:
        variants.append(Variant(name, "trace.vscsi", data, "vscsi", "{path: %s, format: vscsi}", ["--format", "vscsi"],
                                layout=name))
    tsv = b"".join(b'"https://example.org/items/%d?v=1"\t%d\n' % (key, size) for _, key, size in records)
    variants.append(Variant("tsv", "trace.tsv", tsv, "csv",
                            "{path: %s, format: csv, delimiter: \"\\\\t\", columns: {key: 1, size: 2}}",
                            ["--format", "csv", "--delimiter", "\\t", "--key-column", "1", "--size-column", "2"]))
    return variants


def mutate_lines(data, rng, ops):
    """One edit of a csv or text trace."""
    lines = data.split(b"\n")
    op = rng.choice(["garbage", "huge", "huge", "not-number", "hex", "bom", "long", "truncate", "bytes", "crlf",
                     "column", "quote", "delete", "duplicate", "swap", "empty"])
    i = rng.randrange(len(lines))
    if op == "garbage":
        line = bytes(rng.choice(b"0123456789,\t\"' -.eExn\x00\xff") for _ in range(rng.randint(1, 40)))
        lines.insert(i, line)
        ops.append(f"line {i + 1}: garbage {line!r}")
    elif op in ("huge", "not-number", "hex"):
        candidates = [n for n, line in enumerate(lines) if NUMBER.search(line)]
        if not candidates:
            return data
        n = rng.choice(candidates)
        m = rng.choice(list(NUMBER.finditer(lines[n])))
        value = rng.choice(HUGE if op == "huge" else NOT_NUMBERS if op == "not-number" else HEX)
        lines[n] = lines[n][:m.start()] + value + lines[n][m.end():]
        ops.append(f"line {n + 1}: {m.group(0)!r} -> {value[:40]!r}")
    elif op == "bom":
        bom = rng.choice([b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xef\xbb"])
        at = 0 if rng.random() < 0.7 else i
        lines[at] = bom + lines[at]
        ops.append(f"line {at + 1}: starts with {bom!r}")
    elif op == "long":
        size = rng.choice([(2 << 20) - 2, 2 << 20, (2 << 20) + 1, 3 << 20, 1 << 20])
        fill = rng.choice([b"7", b"a", b","])
        lines.insert(i, fill * size)
        ops.append(f"line {i + 1}: {size} bytes of {fill!r}")
    elif op == "truncate":
        text = b"\n".join(lines)
        cut = rng.randrange(len(text) + 1)
        ops.append(f"cut at byte {cut} of {len(text)}")
        return text[:cut]
    elif op == "bytes":
        value = rng.choice([b"\x00", b"\xff\xfe", b"\xc3", b"\r", b"\x1a", b"\xed\xa0\x80"])
        k = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:k] + value + lines[i][k:]
        ops.append(f"line {i + 1}: {value!r} inserted at column {k + 1}")
    elif op == "crlf":
        ending = rng.choice([b"\r\n", b"\r"])
        ops.append(f"every line ends with {ending!r}")
        return ending.join(lines)
    elif op == "column":
        delimiter = b"\t" if b"\t" in data else b","
        if rng.random() < 0.5 and delimiter in lines[i]:
            lines[i] = lines[i].replace(delimiter, b"", 1)
            ops.append(f"line {i + 1}: a column removed")
        else:
            lines[i] = lines[i] + delimiter * rng.randint(1, 3) + b"x"
            ops.append(f"line {i + 1}: columns added")
    elif op == "quote":
        k = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:k] + b'"' + lines[i][k:]
        ops.append(f"line {i + 1}: a quote at column {k + 1}")
    elif op == "delete":
        del lines[i]
        ops.append(f"line {i + 1} deleted")
    elif op == "duplicate":
        lines.insert(i, lines[i])
        ops.append(f"line {i + 1} duplicated")
    elif op == "swap":
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        ops.append(f"lines {i + 1} and {j + 1} swapped")
    else:
        keep = rng.choice([0, 1])
        lines = lines[:keep] + [b""] * rng.randint(0, 3)
        ops.append(f"only the first {keep} line(s) kept")
    return b"\n".join(lines)


def mutate_binary(data, layout, rng, ops):
    """One edit of a binary trace: a header or record field, a cut, bytes appended or flipped."""
    data = bytearray(data)
    header, record = {"binary": (24, 16), "v1": (8, 20), "oracle-general": (0, 24), "vscsi1": (0, 32),
                      "vscsi2": (0, 40)}[layout]
    records = max(1, (len(data) - header) // record)
    choices = ["field", "field", "field", "truncate", "append", "flip"] + (["magic", "count", "count"] if header else [])
    op = rng.choice(choices)
    if op == "magic":
        magic = rng.choice([b"WBTRACE1", b"WBTRACE2", b"WBTRACE3", b"wbtrace2", b"WBTRAC", b"\0" * 8])
        data[0:8] = magic
        ops.append(f"magic -> {magic!r}")
    elif op == "count" and layout == "binary":
        offset = rng.choice([8, 16])
        value = rng.choice(U64 + [records - 1, records + 1, records * 2])
        data[offset:offset + 8] = struct.pack("<Q", value % 2**64)
        ops.append(f"header {'requests' if offset == 8 else 'objects'} -> {value}")
    elif op in ("field", "count"):
        n = rng.randrange(records)
        base = header + n * record
        fields = {"binary": [(0, "<I", "object id"), (4, "<I", "size"), (8, "<d", "time")],
                  "v1": [(0, "<Q", "key"), (8, "<I", "size"), (12, "<d", "time")],
                  "oracle-general": [(0, "<I", "time"), (4, "<Q", "key"), (12, "<I", "size"), (16, "<q", "next access")],
                  "vscsi1": [(14, "<H", "ver"), (4, "<I", "len"), (16, "<Q", "lbn"), (24, "<Q", "ts")],
                  "vscsi2": [(2, "<H", "ver"), (8, "<I", "len"), (16, "<Q", "lbn"), (24, "<Q", "ts")]}
        offset, form, name = rng.choice(fields[layout])
        if form == "<d":
            value = rng.choice(F64)
        elif form == "<q":
            value = rng.choice([-2, -1, 0, n, n - 1, records, records + 10**6, 2**63 - 1, -2**63])
        elif form == "<Q":
            value = rng.choice(U64)
        elif form == "<H":
            value = rng.choice(U16)
        else:
            value = rng.choice(U32 + ([records, records + 1] if name == "object id" else []))
        if base + offset + struct.calcsize(form) <= len(data):
            data[base + offset:base + offset + struct.calcsize(form)] = struct.pack(form, value)
            ops.append(f"record {n + 1}: {name} -> {value}")
    elif op == "truncate":
        cut = rng.choice([rng.randrange(len(data) + 1), rng.randrange(min(len(data), 40) + 1), len(data) - 1])
        del data[max(0, cut):]
        ops.append(f"cut at byte {cut}")
    elif op == "append":
        extra = bytes(rng.randrange(256) for _ in range(rng.choice([1, 7, 8, record, record + 1, 100])))
        data += extra
        ops.append(f"{len(extra)} bytes appended")
    else:
        for _ in range(rng.randint(1, 4)):
            if data:
                k = rng.randrange(len(data))
                data[k] ^= 1 << rng.randrange(8)
                ops.append(f"bit flipped in byte {k}")
    return bytes(data)


def compress(data, codec):
    if codec == "gz":
        return gzip.compress(data, mtime=0)
    return subprocess.run(["zstd", "-q", "-c"], input=data, stdout=subprocess.PIPE, check=True).stdout


def mutate_compressed(data, rng, ops, zstd):
    """Compresses the trace, and perhaps corrupts the stream. Returns (bytes, suffix, max_decompressed_bytes)."""
    codec = "zst" if zstd and rng.random() < 0.5 else "gz"
    op = rng.choice(["clean", "clean", "flip", "truncate", "garbage", "twice", "plain", "other", "bomb"])
    limit = None
    if op == "plain":
        ops.append(f"named .{codec} but not compressed")
        return data, codec, limit
    if op == "other":
        other = "gz" if codec == "zst" else ("zst" if zstd else "gz")
        ops.append(f"compressed as {other}, named .{codec}")
        return compress(data, other), codec, limit
    if op == "bomb":
        data = data[:64] + rng.choice([b"7\n", b"\0"]) * (2 << 20)
        limit = rng.choice([1, 1000, 1 << 20])
        ops.append(f"inflates to {len(data)} bytes, max_decompressed_bytes {limit}")
    packed = bytearray(compress(data, codec))
    if op == "flip":
        k = rng.randrange(len(packed))
        packed[k] ^= 1 << rng.randrange(8)
        ops.append(f".{codec}: bit flipped in compressed byte {k} of {len(packed)}")
    elif op == "truncate":
        cut = rng.randrange(len(packed))
        del packed[cut:]
        ops.append(f".{codec}: cut at compressed byte {cut}")
    elif op == "garbage":
        packed += bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        ops.append(f".{codec}: garbage after the stream")
    elif op == "twice":
        packed += compress(data, codec)
        ops.append(f".{codec}: two streams of the file")
    else:
        ops.append(f"compressed as .{codec}" if op == "clean" else "")
    return bytes(packed), codec, limit


def make(variants, rng, zstd):
    """A mutant: (variant, file bytes, file name, scenario text, CLI flags, ops)."""
    variant = rng.choice(variants)
    ops = [f"from {variant.name}"]
    data = variant.data
    for _ in range(rng.randint(1, 3)):
        if variant.layout:
            data = mutate_binary(data, variant.layout, rng, ops)
        else:
            data = mutate_lines(data, rng, ops)
    filename = variant.filename
    limit = None
    if rng.random() < 0.3:
        data, suffix, limit = mutate_compressed(data, rng, ops, zstd)
        filename += "." + suffix
    spec = variant.spec % filename
    flags = list(variant.flags)
    if rng.random() < 0.08:
        # Declared in another format than its own.
        other = rng.choice([f for f in FORMATS if f != variant.format])
        spec = "{path: %s, format: %s}" % (filename, other)
        flags = ["--format", other]
        ops.append(f"declared as {other}")
    if limit is not None:
        spec = spec[:-1] + f", max_decompressed_bytes: {limit}}}"
    policies = rng.sample(POLICIES, rng.randint(1, 3))
    if rng.random() < 0.3:
        capacities = "capacity_bytes: [%s]" % ", ".join(rng.sample(["1", "4KB", "100000", '"25%"', "1GB"], 2))
    else:
        capacities = "capacities: [%s]" % ", ".join(rng.sample(["1", "2", "10", "50", '"10%"', "100000"], 2))
    extra = rng.choice(["", "", "window: 1\n", "window: 7\n", "warmup_requests: 100\n", "warmup_requests: 1000000000\n"])
    scenario = (f"name: fz\nkind: trace\ntrace: {spec}\ncache:\n  policies: [{', '.join(policies)}]\n"
                f"  {capacities}\n{extra}")
    return data, filename, scenario, flags, [op for op in ops if op]


def check(seed, variants, args, directory, mutate_yaml=None):
    """Makes and checks one trace mutant in `directory`; returns (verdict, failure or None, ops).

    `mutate_yaml` is unused: every family's check takes the same arguments."""
    rng = random.Random(seed)
    data, filename, scenario, flags, ops = make(variants, rng, shutil.which("zstd") is not None)
    with open(os.path.join(directory, filename), "wb") as handle:
        handle.write(data)
    with open(os.path.join(directory, "mutant.yaml"), "w") as handle:
        handle.write(scenario)
    binary = os.path.abspath(args.binary)
    memory = ["--memory-limit", f"{args.memory_mb // 2}MB"]
    verdict = "refused"
    try:
        code, _, _ = call("validate", [binary, "validate", "mutant.yaml"] + memory, args, {0, 1},
                          cwd=directory, interruptible=False, located=True)
        if code == 0:
            command = [binary, "run", "mutant.yaml", "--out", "out", "--quiet", "--no-plots",
                       "--max-duration", args.max_duration] + memory
            code, err, how = call("run", command, args, {0, 1, 2}, writes=[os.path.join(directory, "out")],
                                  cwd=directory, located=True)
            written = os.path.exists(os.path.join(directory, "out", "fz", "summary.csv"))
            if code in (0, 2) and not written:
                raise Failure("run", command, code, err, how, f"exit {code} without out/fz/summary.csv")
            if code == 1 and written:
                raise Failure("run", command, code, err, how, "exit 1 but out/fz/summary.csv written")
            verdict = "slow" if how == "slow" else "ran"
        if rng.random() < 0.5:
            to = rng.choice(FORMATS)
            out = os.path.join("converted", "trace." + to)
            os.makedirs(os.path.join(directory, "converted"), exist_ok=True)
            command = [binary, "trace", "convert", filename] + flags + ["--to", to, "--out", out]
            code, err, how = call("convert", command, args, {0, 1}, writes=[os.path.join(directory, "converted")],
                                  cwd=directory, located=True)
            left = os.listdir(os.path.join(directory, "converted"))
            if code != 0 and left:
                raise Failure("convert", command, code, err, how, f"exit {code} but left {', '.join(left)}")
            if code == 0:
                if not os.path.exists(os.path.join(directory, out)):
                    raise Failure("convert", command, code, err, how, f"exit 0 without {out}")
                back = ["--header", "--time-column", "1", "--key-column", "2", "--size-column", "3"] if to == "csv" else []
                call("stats of the converted trace", [binary, "trace", "stats", out, "--format", to] + back,
                     args, {0}, cwd=directory, interruptible=False, located=True)
        roll = rng.random()
        if roll < 0.3:
            call("stats", [binary, "trace", "stats", filename] + flags, args, {0, 1}, cwd=directory, located=True)
        elif roll < 0.45:
            # A capacity of 0 is a bad option value: a usage error (64).
            curve, codes = rng.choice([([], {0, 1}), (["--sample", "0.5", "--capacities", "1,10,100"], {0, 1}),
                                       (["--capacities", "0,1"], {64})])
            call("curve", [binary, "trace", "curve", filename] + flags + curve, args, codes, cwd=directory, located=True)
    except Failure as failure:
        return "fail", failure, ops
    return verdict, None, ops
