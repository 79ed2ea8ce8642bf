"""Benchmark: what a new browser profile costs the test suite's Chromium, before any page of the site.

Run with ``.venv/bin/python benchmarks/new_profile.py --profiles 10 --rounds 2``.
Each round launches Debian's Chromium twice, as the browser tests do (``TEST_ARGS``, ``devtools/server.py``):

* **without** the tests' ``--disable-features`` (Chromium 156 opens the address bar's two hidden
  WebUI popups, ``chrome://omnibox-popup.top-chrome/``, in a renderer of their own per window);
* **with** ``TEST_ARGS`` (the popups left out, Playwright's own disabled features kept).

Each opens ``--profiles`` new profiles one after another, a blank page in each, closed after
0.3 s. Printed per profile: the CPU-seconds of the whole Chromium tree (every process, the reaped
ones included: ``/proc/self/stat``'s children's times) and the wall time; then the windows' extra
targets (``Target.getTargets``) a profile leaves. Not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from devtools.server import CHROMIUM, NO_OMNIBOX_POPUP, TEST_ARGS  # noqa: E402

WITHOUT = [a for a in TEST_ARGS if a != NO_OMNIBOX_POPUP]


def tree_cpu() -> float:
    """CPU-seconds of this process's descendants, alive (their /proc stat) and reaped (cutime, cstime)."""
    children: dict[int, list[tuple[int, int]]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append((int(name), sum(int(f) for f in fields[11:15])))
    total, stack = 0, [os.getpid()]
    while stack:
        for pid, ticks in children.get(stack.pop(), []):
            total += ticks
            stack.append(pid)
    return total / os.sysconf("SC_CLK_TCK")


def measure(p, args: list[str], profiles: int) -> tuple[float, float, list[str]]:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=args)
    try:
        warm = browser.new_context()
        warm.new_page().goto("data:text/html,warm")
        extra = [t["url"] for t in browser.new_browser_cdp_session().send("Target.getTargets", {"filter": [{}]})["targetInfos"]
                 if t["type"] == "browser_ui"]
        warm.close()
        cpu, wall = tree_cpu(), time.perf_counter()
        for _ in range(profiles):
            ctx = browser.new_context()
            ctx.new_page().goto("data:text/html,blank")
            time.sleep(0.3)
            ctx.close()
        time.sleep(1)  # the closed profiles' processes exit and are reaped
        return (tree_cpu() - cpu) / profiles, (time.perf_counter() - wall - 1) / profiles, extra
    finally:
        browser.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--profiles", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    print(f"{'Chromium':<32} {'CPU-s / profile':>16} {'wall s / profile':>17}  hidden WebUI targets per window")
    with sync_playwright() as p:
        for _ in range(a.rounds):
            for label, args in (("without the tests' flag", WITHOUT), ("with it (TEST_ARGS)", TEST_ARGS)):
                cpu, wall, extra = measure(p, args, a.profiles)
                print(f"{label:<32} {cpu:>16.2f} {wall:>17.2f}  {len(extra)} {' '.join(extra)}", flush=True)


if __name__ == "__main__":
    main()
