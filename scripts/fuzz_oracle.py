"""The oracle every fuzz family judges its commands by (scripts/fuzz.py).

A command passes when it exits by itself, within the time limit, with one of the exit codes its
step documents, and:

  - no signal and no trap (a crash, an abort on a failed allocation, a Swift runtime failure
    printed by a child whose parent then exited cleanly);
  - no hang: no exit within the time limit, nor within a grace period after a SIGINT (a command
    still busy at the time limit that stops on the SIGINT, exit 4, is slow, not failed);
  - an error exit (1) says what is wrong: a line with `error` on stderr, and for a bad input file
    (a trace) its place, `file:line:column: error: message`;
  - nothing half written: no staging directory, `.partial` or `.tmp` file left in the
    directories it wrote to;
  - nothing written, changed or removed outside them: a command runs in its mutant's directory
    (its `cwd`) with TMPDIR in a scratch directory there, and may touch only the directories it
    writes to (its `--out`, the results it decides) and that scratch directory, which must be
    empty again when it exits; nor may it add anything beside the mutants in the fuzz run's
    scratch root;
  - no command run for it: the families plant payloads (`system("touch CANARY-...")`, `$(touch
    CANARY-...)`, backquotes, `; touch CANARY-...`, `../../CANARY-...` paths, see `payloads`) in
    the values they mutate, and a file named CANARY... anywhere under the scratch root, in the
    directory the fuzzer was started from or directly in /tmp fails the mutant (the fuzzer scans
    all of /tmp once more at the end).

Each family adds its own checks of what was written (see fuzz_trace.py, fuzz_results.py,
fuzz_overrides.py, fuzz_decide.py and fuzz_yaml.py).
"""

import hashlib
import os
import re
import shutil
import signal
import subprocess
import time

# What a trap or a crash prints, whatever the exit code that follows it.
TRAP = re.compile(r"Fatal error|Swift runtime failure|Current stack trace|Stack dump|terminate called|double free|malloc\(\): ")
# Files a command stages its writes in, which must be gone when it exits.
DEBRIS = re.compile(r"^\.staging-|\.partial$|\.tmp$")
# An error that names its place: file:line:column (the form every input error should take).
LOCATED = re.compile(r"^\S[^\n]*?:\d+:\d+: error: ", re.MULTILINE)
# What a payload creates when something runs it: a file whose name starts with this.
CANARY = "CANARY"
# The scratch directory a command's TMPDIR points to, inside its mutant's directory.
SCRATCH = "scratch-tmp"
# The mutants' directories in the fuzz run's scratch root (anything else new there escaped).
MUTANT_DIRECTORY = re.compile(r"^m\d+$")


class Failure(Exception):
    """A command that broke the oracle: the step, the command, its exit and stderr, and why."""

    def __init__(self, step, command, code, err, how, reason):
        super().__init__(reason)
        self.step, self.command, self.code, self.err, self.how, self.reason = step, command, code, err, how, reason


def limited(command, memory_kb):
    """The command under a virtual-memory limit, in its own process group."""
    quoted = " ".join("'" + part.replace("'", "'\\''") + "'" for part in command)
    return ["bash", "-c", f"ulimit -v {memory_kb}; exec {quoted}"]


def payloads(tag):
    """Values that run a command, or name a path outside, when something evaluates them: each
    creates (or names) a file `CANARY-<tag>`, in the working directory, two or three levels up,
    or in /tmp. Gnuplot's system() and backquotes and `!`, a shell's $(), backquotes, `;`, `|`
    and `&&`, a quote closed early."""
    canary = f"{CANARY}-{tag}"
    touch = f"touch {canary}"
    return [f'system("{touch}")', f"system('{touch}')", f"`{touch}`", f"$({touch})", f"; {touch}", f"| {touch}",
            f"&& {touch}", f"'; system('{touch}'); '", f'"; system("{touch}"); "', f"x' . system('{touch}') . '",
            f"\n!{touch}\n", f"'\n!{touch}\n'", f"@{{system('{touch}')}}", f"x'; {touch}; echo '",
            f"../../{canary}", f"../../../{canary}", f"/tmp/{canary}", canary, f"$(touch /tmp/{canary})"]


def canaries(*roots):
    """Files named CANARY... under `roots` (walked) and directly in /tmp and the working directory."""
    found = []
    for root in roots:
        for directory, names, files in os.walk(root):
            found += [os.path.join(directory, name) for name in names + files if name.startswith(CANARY)]
    for directory in ("/tmp", os.getcwd()):
        try:
            found += [os.path.join(directory, name) for name in os.listdir(directory) if name.startswith(CANARY)]
        except OSError:
            pass
    return sorted(set(found))


class Sandbox:
    """A mutant's directory, where its commands run: what they may write, and what they did.

    `root` is the directory (the command's cwd); `writes` the directories it may write to.
    Its scratch directory (TMPDIR) is `root/scratch-tmp`. `work` is the fuzz run's scratch root.
    """

    def __init__(self, root, writes, work=None):
        self.root = os.path.abspath(root)
        self.scratch = os.path.join(self.root, SCRATCH)
        self.allowed = [os.path.abspath(os.path.join(self.root, path)) for path in writes] + [self.scratch]
        self.work = work
        os.makedirs(self.scratch, exist_ok=True)

    def env(self):
        env = dict(os.environ)
        env["TMPDIR"] = self.scratch
        return env

    def _inside(self, path):
        return any(path == allowed or path.startswith(allowed + os.sep) for allowed in self.allowed)

    def state(self):
        """Every path under root outside the allowed directories: its kind, size and mtime; and
        the scratch root's entries other than the mutants' directories."""
        seen = {}
        for directory, names, files in os.walk(self.root):
            names[:] = [n for n in names if not self._inside(os.path.join(directory, n))]
            for name in names + files:
                path = os.path.join(directory, name)
                if name == ".workbench.lock" or self._inside(path):
                    continue
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                seen[path] = ("dir", 0, 0) if os.path.isdir(path) and not os.path.islink(path) else (
                    "file", info.st_size, info.st_mtime_ns)
        top = set()
        if self.work:
            top = {name for name in os.listdir(self.work) if not MUTANT_DIRECTORY.match(name)}
        return seen, top

    def escaped(self, before, ended):
        """What the command did outside the places it may write (a sentence), or None. `ended`:
        the command exited by itself (or on our SIGINT), so its scratch directory is empty again."""
        seen, top = self.state()
        old, old_top = before
        # Making the directories an output goes in is writing that output.
        added = sorted(path for path in set(seen) - set(old)
                       if not (seen[path][0] == "dir" and any(a.startswith(path + os.sep) for a in self.allowed)))
        removed = sorted(set(old) - set(seen))
        changed = sorted(path for path in set(seen) & set(old) if seen[path] != old[path])
        rel = lambda paths: ", ".join(os.path.relpath(p, self.root) for p in paths[:5])
        if added:
            return f"wrote outside its output directories: {rel(added)}"
        if changed:
            return f"changed files outside its output directories: {rel(changed)}"
        if removed:
            return f"removed files outside its output directories: {rel(removed)}"
        if top - old_top:
            return "wrote into the fuzz run's scratch root: " + ", ".join(sorted(top - old_top)[:5])
        if ended and os.path.isdir(self.scratch) and os.listdir(self.scratch):
            return f"left files in its temporary directory (TMPDIR): {', '.join(sorted(os.listdir(self.scratch))[:5])}"
        return None


def execute(command, timeout, grace, memory_kb, cwd=None, env=None):
    """Runs a command; returns (code, stderr, how) with how in ok, slow, hang.

    A binary being rebuilt while the fuzzer runs cannot be started ("Text file busy", exit 126):
    that start is tried again, a few times, a second apart.
    """
    for _ in range(5):
        code, err, how = execute_once(command, timeout, grace, memory_kb, cwd, env)
        if code != 126 or "Text file busy" not in err:
            break
        time.sleep(1)
    return code, err, how


def execute_once(command, timeout, grace, memory_kb, cwd, env):
    process = subprocess.Popen(
        limited(command, memory_kb), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, cwd=cwd,
        env=env)
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


def debris(*roots):
    """Staging directories and temporary files left under `roots`."""
    found = []
    for root in roots:
        if not os.path.isdir(root):
            continue
        for directory, names, files in os.walk(root):
            found += [os.path.join(directory, name) for name in names + files if DEBRIS.search(name)]
    return found


def snapshot(root):
    """A digest of every path, kind and content under `root` (None when it does not exist)."""
    if not os.path.lexists(root):
        return None
    digest = hashlib.sha256()
    for directory, names, files in os.walk(root):
        names.sort()
        for name in sorted(files) + names:
            path = os.path.join(directory, name)
            digest.update(os.path.relpath(path, root).encode() + b"\0")
            if os.path.islink(path):
                digest.update(b"link:" + os.readlink(path).encode())
            elif os.path.isfile(path) and name != ".workbench.lock":
                with open(path, "rb") as handle:
                    digest.update(hashlib.sha256(handle.read()).digest())
    return digest.hexdigest()


def call(step, command, args, codes, writes=(), cwd=None, interruptible=True, located=False):
    """Runs one command and applies the oracle; returns (code, err, how) or raises Failure.

    `codes` are the exit codes the step documents when it ends by itself; `writes` the
    directories it may write to, checked for staging debris afterwards. A step that is not
    `interruptible` (validate, which only reads) fails when still busy at the time limit. A
    `located` step (one that reads a bad input file) must name the place of an error it exits 1 on:
    `file:line:column: error: message`. A step with a `cwd` runs sandboxed there (see `Sandbox`):
    it may write only to `writes`, and its TMPDIR is a scratch directory there.
    """
    sandbox = Sandbox(cwd, writes, getattr(args, "work", None)) if cwd else None
    before = sandbox.state() if sandbox else None
    code, err, how = execute(command, args.timeout, args.grace, args.memory_mb * 1024, cwd=cwd,
                             env=sandbox.env() if sandbox else None)

    def fail(reason):
        raise Failure(step, command, code, err, how, reason)

    if how == "hang":
        fail("no exit after the time limit and a SIGINT")
    if code < 0:
        fail(f"died of {describe(code)}")
    if how == "slow" and not interruptible:
        fail(f"still busy at the time limit ({describe(code)} after the SIGINT)")
    if how == "slow" and code != 4:
        fail(f"stopped by the SIGINT at the time limit with exit {code}, not 4")
    if how == "ok" and code not in codes:
        fail(f"exit {code}, not one of {sorted(codes)}")
    trap = TRAP.search(err)
    if trap:
        fail(f"printed '{trap.group(0)}' (a trap or a crash)")
    if code == 1 and "error" not in err.lower():
        fail("exit 1 without an error message")
    if code == 1 and located and not LOCATED.search(err):
        fail("exit 1 without a file:line:column error")
    left = debris(*[os.path.join(cwd or "", path) for path in writes])
    if left:
        fail("left staging files behind: " + ", ".join(sorted(left)[:5]))
    planted = canaries(*[root for root in (getattr(args, "work", None),) if root])
    if planted:
        for path in planted:
            remove(path)
        fail("ran a planted payload: " + ", ".join(planted[:5]) + " appeared")
    if sandbox:
        problem = sandbox.escaped(before, how == "ok" or code == 4)
        if problem:
            fail(problem)
    return code, err, how


def remove(path):
    """Removes a file or a directory tree, whatever it is."""
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.remove(path)
    except OSError:
        pass
