"""A phone's CPU on this machine: a cgroup-v1 CPU quota on Chromium's whole process tree
(``benchmarks/phone_cpu.py`` and ``benchmarks/board_page.py`` hold Chromium with it; the group itself
is ``devtools.held``'s, which holds a whole test run the same way)."""
from __future__ import annotations

import os
from pathlib import Path

from devtools.held import PERIOD_US, CpuGroup, limit_problem
from devtools.server import CHROMIUM

__all__ = ["PERIOD_US", "CpuLimit", "limit_problem"]


class CpuLimit(CpuGroup):
    """A CPU group holding ``share`` of this machine's CPU, and a Chromium that starts in it."""

    def __init__(self, share: float, folder: Path):
        super().__init__((os.cpu_count() or 1) * share, name="conflict-table-bench")
        self.chromium = folder / "chromium-held"
        self.chromium.write_text(f'#!/bin/sh\necho $$ > {self.group / "cgroup.procs"}\nexec {CHROMIUM} "$@"\n')
        self.chromium.chmod(0o755)
