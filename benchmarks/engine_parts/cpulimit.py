"""A phone's CPU on this machine: a cgroup-v1 CPU quota on Chromium's whole process tree
(``benchmarks/phone_cpu.py`` and ``benchmarks/board_page.py`` hold Chromium with it; the group itself
is ``devtools.held``'s, which holds a whole test run the same way)."""
from __future__ import annotations

import os
import time
from pathlib import Path

from devtools.held import PERIOD_US, CpuGroup, limit_problem
from devtools.server import CHROMIUM

__all__ = ["PERIOD_US", "CpuLimit", "limit_problem"]

TICKS = os.sysconf("SC_CLK_TCK")  # /proc's unit of CPU time per second


class CpuLimit(CpuGroup):
    """A CPU group holding ``share`` of this machine's CPU, and a Chromium that starts in it."""

    def __init__(self, share: float, folder: Path):
        super().__init__((os.cpu_count() or 1) * share, name="conflict-table-bench")
        self.chromium = folder / "chromium-held"
        self.chromium.write_text(f'#!/bin/sh\necho $$ > {self.group / "cgroup.procs"}\nexec {CHROMIUM} "$@"\n')
        self.chromium.chmod(0o755)

    def cpu_ms(self) -> float:
        """CPU time (user and system, ms) the group's processes have used so far, each process's
        threads included; a process that has ended no longer counts."""
        total = 0.0
        for pid in (self.group / "cgroup.procs").read_text().split():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # it ended meanwhile
            total += (int(fields[11]) + int(fields[12])) * 1000 / TICKS
        return total

    def settle(self, quiet_ms: float = 30, window_s: float = 1.0, most_s: float = 60) -> float | None:
        """Wait until the browser is quiet: at most ``quiet_ms`` of CPU in a ``window_s`` window, as it
        is when a player comes back hours later (what a first visit left to finish, caches written,
        memory collected, is done by then). Seconds waited, or None if it never got that quiet."""
        start = time.monotonic()
        last = self.cpu_ms()
        while time.monotonic() - start < most_s:
            time.sleep(window_s)
            now = self.cpu_ms()
            if now - last <= quiet_ms:
                return round(time.monotonic() - start, 1)
            last = now
        return None
