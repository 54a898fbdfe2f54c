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
    directories it wrote to.

Each family adds its own checks of what was written (see fuzz_trace.py and fuzz_results.py).
"""

import hashlib
import os
import re
import signal
import subprocess
import time

# What a trap or a crash prints, whatever the exit code that follows it.
TRAP = re.compile(r"Fatal error|Swift runtime failure|Current stack trace|Stack dump|terminate called|double free|malloc\(\): ")
# Files a command stages its writes in, which must be gone when it exits.
DEBRIS = re.compile(r"^\.staging-|\.partial$|\.tmp$")
# An error that names its place: file:line:column (the form every input error should take).
LOCATED = re.compile(r"^\S[^\n]*?:\d+:\d+: error: ", re.MULTILINE)


class Failure(Exception):
    """A command that broke the oracle: the step, the command, its exit and stderr, and why."""

    def __init__(self, step, command, code, err, how, reason):
        super().__init__(reason)
        self.step, self.command, self.code, self.err, self.how, self.reason = step, command, code, err, how, reason


def limited(command, memory_kb):
    """The command under a virtual-memory limit, in its own process group."""
    quoted = " ".join("'" + part.replace("'", "'\\''") + "'" for part in command)
    return ["bash", "-c", f"ulimit -v {memory_kb}; exec {quoted}"]


def execute(command, timeout, grace, memory_kb, cwd=None):
    """Runs a command; returns (code, stderr, how) with how in ok, slow, hang.

    A binary being rebuilt while the fuzzer runs cannot be started ("Text file busy", exit 126):
    that start is tried again, a few times, a second apart.
    """
    for _ in range(5):
        code, err, how = execute_once(command, timeout, grace, memory_kb, cwd)
        if code != 126 or "Text file busy" not in err:
            break
        time.sleep(1)
    return code, err, how


def execute_once(command, timeout, grace, memory_kb, cwd):
    process = subprocess.Popen(
        limited(command, memory_kb), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, cwd=cwd)
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
    `file:line:column: error: message`.
    """
    code, err, how = execute(command, args.timeout, args.grace, args.memory_mb * 1024, cwd=cwd)

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
    left = debris(*writes)
    if left:
        fail("left staging files behind: " + ", ".join(sorted(left)[:5]))
    return code, err, how
