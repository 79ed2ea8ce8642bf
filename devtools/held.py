"""Run a command held to a share of this machine's CPU, as a slower or busier machine would run it.

    python -m devtools.held --cores 0.5 -- .venv/bin/python -m pytest -p no:randomly tests/browser

The command and every process it starts (pytest, its Chromium, WebKit and servers) share one
cgroup-v1 CPU quota of ``--cores`` CPUs. A test that passes here only when the machine is idle waits
for a fixed time somewhere, or races: this is how issue 34 §4's "three full runs in a row held to half
a core" are made, and how a test that failed under load in CI is reproduced. ``make test-held`` runs
the whole suite this way. The benchmarks hold Chromium alone with the same group
(``benchmarks/engine_parts/cpulimit.py``). Needs root (the group is made under /sys/fs/cgroup/cpu).
"""
from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

CPU_ROOT = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10_000  # a short period: the limit slows every thread evenly, as a slower CPU does, instead of
# stopping every process for up to two thirds of a 100 ms period once two busy threads spent the quota


def limit_problem() -> str | None:
    """Why a CPU limit can't be set here, or None."""
    if not (CPU_ROOT / "cpu.cfs_quota_us").exists():
        return f"no cgroup-v1 cpu controller at {CPU_ROOT}"
    if not os.access(CPU_ROOT, os.W_OK):
        return f"{CPU_ROOT} is not writable (run as root)"
    return None


class CpuGroup:
    """A cgroup-v1 CPU group allowed ``cores`` CPUs' worth of time; a process put in it (``join``)
    and every process it starts afterwards share that quota."""

    def __init__(self, cores: float, name: str = "conflict-table-held"):
        self.group = CPU_ROOT / f"{name}-{os.getpid()}"
        self.group.mkdir()
        (self.group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        self.quota = int(PERIOD_US * cores)
        (self.group / "cpu.cfs_quota_us").write_text(str(self.quota))

    def join(self, pid: int) -> None:
        """Put process ``pid`` (and the children it starts from now on) in the group."""
        (self.group / "cgroup.procs").write_text(str(pid))

    def processes(self) -> int:
        return len((self.group / "cgroup.procs").read_text().split())

    def close(self) -> None:
        for pid in (self.group / "cgroup.procs").read_text().split():  # anything left goes back to the root group
            with contextlib.suppress(OSError):
                (CPU_ROOT / "cgroup.procs").write_text(pid)
        with contextlib.suppress(OSError):  # a process still exiting keeps the group a moment: it is harmless
            self.group.rmdir()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     usage="python -m devtools.held [--cores N] -- command ...")
    parser.add_argument("--cores", type=float, default=0.5, help="CPUs' worth of time for the whole tree (default 0.5)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name a command to run, after --")
    if problem := limit_problem():
        print(f"devtools.held: {problem}", file=sys.stderr)
        return 2
    term = {signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, term)  # stopped from now on: told to the command once it runs
    group = CpuGroup(args.cores)

    def start():  # in the command's process, before it runs anything: every process it starts is held too
        group.join(os.getpid())
        signal.pthread_sigmask(signal.SIG_UNBLOCK, term)

    print(f"devtools.held: {' '.join(command)} — held to {args.cores:g} of {os.cpu_count()} CPUs "
          f"(quota {group.quota} µs per {PERIOD_US} µs)", file=sys.stderr, flush=True)
    try:
        child = subprocess.Popen(command, preexec_fn=start)
        # stopped (a timeout, kill): the command is told too, and the group still goes
        signal.signal(signal.SIGTERM, lambda *_: child.send_signal(signal.SIGTERM))
        signal.pthread_sigmask(signal.SIG_UNBLOCK, term)
        code = child.wait()
        return 128 - code if code < 0 else code  # a command stopped by a signal: as a shell says it
    finally:
        group.close()


if __name__ == "__main__":
    sys.exit(main())
