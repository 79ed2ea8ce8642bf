"""A phone's CPU on this machine: a cgroup-v1 CPU quota on Chromium's whole process tree
(``benchmarks/phone_cpu.py`` and ``benchmarks/board_page.py`` hold Chromium with it)."""
from __future__ import annotations

import contextlib
import os
from pathlib import Path

from devtools.server import CHROMIUM

CPU_ROOT = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10_000  # a short period: the limit slows every thread evenly, as a slower CPU does, instead of
# stopping the whole browser for up to two thirds of a 100 ms period once two busy threads spent the quota


class CpuLimit:
    """A cgroup-v1 CPU group holding ``share`` of this machine's CPU, and a Chromium that starts in it."""

    def __init__(self, share: float, folder: Path):
        self.group = CPU_ROOT / f"conflict-table-bench-{os.getpid()}"
        self.group.mkdir()
        (self.group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        self.quota = int(PERIOD_US * (os.cpu_count() or 1) * share)
        (self.group / "cpu.cfs_quota_us").write_text(str(self.quota))
        self.chromium = folder / "chromium-held"
        self.chromium.write_text(f'#!/bin/sh\necho $$ > {self.group / "cgroup.procs"}\nexec {CHROMIUM} "$@"\n')
        self.chromium.chmod(0o755)

    def processes(self) -> int:
        return len((self.group / "cgroup.procs").read_text().split())

    def close(self):
        for pid in (self.group / "cgroup.procs").read_text().split():  # anything left goes back to the root group
            with contextlib.suppress(OSError):
                (CPU_ROOT / "cgroup.procs").write_text(pid)
        self.group.rmdir()


def limit_problem() -> str | None:
    """Why a CPU limit can't be set here, or None."""
    if not (CPU_ROOT / "cpu.cfs_quota_us").exists():
        return f"no cgroup-v1 cpu controller at {CPU_ROOT}"
    if not os.access(CPU_ROOT, os.W_OK):
        return f"{CPU_ROOT} is not writable (run as root)"
    return None
