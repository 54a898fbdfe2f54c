#!/usr/bin/env python3
"""Regenerates every generated part of README.md and docs/*.md from the binary, or checks them.

A generated part sits between two markers naming the command that produces it:

    <!-- BEGIN generated: workbench keys trace --format markdown -->
    ...the command's output, as is...
    <!-- END generated -->

    <!-- BEGIN transcript: workbench validate scenarios/feed.yaml -->
    ```console
    $ workbench validate scenarios/feed.yaml
    ...what it prints (stdout and stderr, in order)...
    ```
    <!-- END transcript -->

    <!-- BEGIN file: study/jobs/shard.sbatch from: workbench plan scenarios/feed.yaml --emit slurm --out study -->
    ```bash
    ...the file the command wrote...
    ```
    <!-- END file -->

    <!-- BEGIN copy: Examples/custom-cache/.github/workflows/workbench.yml -->
    ```yaml
    ...a file of the repository, as is (no command: the page shows the file itself)...
    ```
    <!-- END copy -->

`workbench` in a command is the binary given by --binary. Commands run in a scratch directory
(so results written there go nowhere) holding links to the package's scenarios/, scripts/ and
Tests/ (a command may read the tests' fixtures), with COLUMNS=80, TZ=UTC and WORKBENCH_SKIP_LOAD_CHECK=1; the scratch directory's path shows as /home/me/workbench in what
they print or write.

    scripts/generate-docs.py [--binary PATH]          rewrite the generated parts in place
    scripts/generate-docs.py --check [--binary PATH]  exit 1 naming the first file and line whose
                                                      generated part differs from the command's
                                                      output (the docs test runs this)
"""

import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MARKER = re.compile(r"^<!-- BEGIN (generated|transcript|file|copy): (.+?) -->\n", re.M)
END = {
    "generated": "<!-- END generated -->", "transcript": "<!-- END transcript -->", "file": "<!-- END file -->",
    "copy": "<!-- END copy -->",
}
# Where the scratch directory the commands run in appears in what they print or write.
SHOWN_DIRECTORY = "/home/me/workbench"
LANGUAGES = {".sbatch": "bash", ".sh": "bash", ".yml": "yaml", ".yaml": "yaml", ".csv": "csv", ".json": "json"}


def documents(root):
    """README.md and every Markdown file under docs/, in a stable order."""
    found = [root / "README.md"] if (root / "README.md").exists() else []
    if (root / "docs").is_dir():
        found += sorted((root / "docs").rglob("*.md"))
    return found


def run(command, binary, package, read=None, transcript=False):
    """What `command` prints, run in a scratch directory (or, with `read`, the file it wrote).

    Commands joined by ` && ` run one after the other in the same scratch directory (a run, then
    a compare of its results); in a transcript each is shown with its `$` line."""
    commands = command.split(" && ")
    scratch = Path(tempfile.mkdtemp(prefix="workbench-docs-"))
    try:
        for name in ("scenarios", "scripts", "Tests"):
            if (package / name).exists():
                os.symlink(package / name, scratch / name)
        # No load-average warning: what a transcript shows must not depend on the machine's load.
        env = dict(os.environ, COLUMNS="80", TZ="UTC", LC_ALL="C.UTF-8", WORKBENCH_SKIP_LOAD_CHECK="1")
        text = ""
        for index, one in enumerate(commands):
            words = shlex.split(one)
            if not words or words[0] != "workbench":
                raise SystemExit(f"error: a generated command must start with 'workbench': {one}")
            arguments = []
            for word in words[1:]:  # a shell's glob expansion, in the scratch directory
                matches = sorted(glob.glob(word, root_dir=scratch)) if any(c in word for c in "*?[") else []
                arguments += matches or [word]
            done = subprocess.run(
                [str(binary)] + arguments, cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
            printed = done.stdout.decode("utf-8", "replace")
            if printed and not printed.endswith("\n"):
                printed += "\n"
            if transcript:
                text += f"$ {one}\n{printed}"
            elif index == len(commands) - 1:
                text = printed
        if read is not None:
            written = scratch / read
            if not written.is_file():
                raise SystemExit(f"error: '{command}' wrote no {read}:\n" + text)
            text = written.read_text(encoding="utf-8")
        for prefix in sorted({str(scratch), os.path.realpath(scratch)}, key=len, reverse=True):
            text = text.replace(prefix, SHOWN_DIRECTORY)
        if text and not text.endswith("\n"):
            text += "\n"
        return text
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def copied(name, root, package):
    """The text of the repository's file `name` (under --root when it has it, else the package's)."""
    for base in (root, package):
        if (base / name).is_file():
            return (base / name).read_text(encoding="utf-8")
    raise SystemExit(f"error: no file {name} to copy")


def regenerate(text, path, binary, package, root=None):
    """The document with every generated part replaced by its command's output."""
    out = []
    position = 0
    while True:
        match = MARKER.search(text, position)
        if not match:
            out.append(text[position:])
            return "".join(out)
        marker, command = match.group(1), match.group(2)
        end = text.find(END[marker], match.end())
        if end < 0:
            line = text.count("\n", 0, match.start()) + 1
            raise SystemExit(f"{path}:{line}: error: no '{END[marker]}' after this BEGIN marker")
        if marker == "copy":
            name = command.strip()
            body = copied(name, root or package, package)
            if body and not body.endswith("\n"):
                body += "\n"
            output = f"```{LANGUAGES.get(Path(name).suffix, '')}\n{body}```\n"
        elif marker == "file":
            path_part, _, command = command.partition(" from: ")
            output = run(command, binary, package, read=path_part.strip())
            language = LANGUAGES.get(Path(path_part.strip()).suffix, "")
            output = f"```{language}\n{output}```\n"
        elif marker == "transcript":
            output = f"```console\n{run(command, binary, package, transcript=True)}```\n"
        else:
            output = run(command, binary, package)
        out.append(text[position:match.end()])
        out.append(output)
        position = end


def first_difference(old, new):
    """The 1-based line number of the first differing line, and both lines."""
    old_lines, new_lines = old.split("\n"), new.split("\n")
    for index in range(max(len(old_lines), len(new_lines))):
        a = old_lines[index] if index < len(old_lines) else "<end of file>"
        b = new_lines[index] if index < len(new_lines) else "<end of file>"
        if a != b:
            return index + 1, a, b
    return None


def main():
    package = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=None, help="the workbench binary (default: .build/release, else .build/debug)")
    parser.add_argument("--root", default=str(package), help="the tree whose README.md and docs/ to process")
    parser.add_argument("--check", action="store_true", help="only check; exit 1 at the first drift")
    args = parser.parse_args()
    binary = Path(args.binary) if args.binary else None
    if binary is None:
        for candidate in (package / ".build/release/workbench", package / ".build/debug/workbench"):
            if candidate.exists():
                binary = candidate
                break
    if binary is None or not binary.exists():
        raise SystemExit("error: no workbench binary: build it (swift build) or pass --binary")
    binary = binary.resolve()
    root = Path(args.root).resolve()

    changed = 0
    for path in documents(root):
        text = path.read_text(encoding="utf-8")
        if not MARKER.search(text):
            continue
        new = regenerate(text, path.relative_to(root), binary, package, root)
        if new == text:
            continue
        if args.check:
            line, old_line, new_line = first_difference(text, new)
            print(f"{path.relative_to(root)}:{line}: a generated part differs from what the code produces")
            print(f"  in the file: {old_line}")
            print(f"  generated:   {new_line}")
            print("run scripts/generate-docs.py to regenerate it (never edit a generated part by hand)")
            return 1
        path.write_text(new, encoding="utf-8")
        changed += 1
        print(f"rewrote {path.relative_to(root)}")
    if not args.check:
        print(f"{changed} file(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
