"""Benchmark: what the browser tests ask of the machine, file by file.

Run with ``.venv/bin/python benchmarks/suite_load.py`` (every test, the doctests included, on two workers
as ``make test`` runs pytest) or name test paths: ``.venv/bin/python benchmarks/suite_load.py tests/browser/test_party.py``.

pytest runs with this module as a plugin (``-p benchmarks.suite_load``): in each worker it counts what
the tests' server (``devtools.server``) answers while each test runs. Printed per test file, slowest
first: its tests, its test-seconds (junit: set-up, call and tear-down), the pages and other HTML the
server sent (a service worker's precache counts too), the engine starts (each start of the engine
fetches ``pyodide.asm.wasm``) and the new profiles seeded with the engine snapshot
(``tests/browser/support.py``, ``seed``). Then the whole run: its wall time and how busy the CPU was
(``/proc/stat``): the suite is held by the CPU when it is busy nearly all the time, and then only less
work makes it faster. Not a test: nothing is asserted. The last line is the totals as JSON.
"""
from __future__ import annotations

import atexit
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = "SUITE_LOAD_DIR"  # where each worker writes its counts
KINDS = ("html", "engine starts", "seeded")


# ---------------------------------------------------------------- the plugin (in each pytest process)

def _kind(path: str) -> str | None:
    path = path.split("?")[0]
    if path.endswith("/pyodide.asm.wasm"):
        return "engine starts"
    if path.endswith("/__tests__/snapshot"):
        return "seeded"
    if path.endswith(("/", ".html")):
        return "html"
    return None


if os.environ.get(OUT):
    from devtools import server as _server

    _counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    _now = ["(set-up)"]
    _logged = _server._Handler.log_request

    def _log_request(self, code="-", size="-"):
        if kind := _kind(self.path):
            _counts[_now[0]][kind] += 1
        return _logged(self, code, size)

    _server._Handler.log_request = _log_request

    def pytest_runtest_setup(item):
        _now[0] = item.nodeid.split("::")[0]

    def _write():
        (Path(os.environ[OUT]) / f"{os.getpid()}.json").write_text(json.dumps({k: dict(v) for k, v in _counts.items()}))

    atexit.register(_write)


# ---------------------------------------------------------------- the run and its table

def cpu_ticks() -> tuple[int, int]:
    """(busy, idle) jiffies of the whole machine since boot."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields) - idle, idle


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as out:
        junit = Path(out) / "junit.xml"
        busy0, idle0 = cpu_ticks()
        t0 = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadfile", "--no-loadscope-reorder",
                              "-q", "-p", "benchmarks.suite_load", f"--junitxml={junit}", *argv],
                             cwd=ROOT, env={**os.environ, OUT: out})
        wall = time.perf_counter() - t0
        busy1, idle1 = cpu_ticks()
        counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        for part in Path(out).glob("*.json"):
            for file, seen in json.loads(part.read_text()).items():
                counts[file].update(seen)
        tests: collections.Counter = collections.Counter()
        seconds: collections.Counter = collections.Counter()
        for case in ET.parse(junit).getroot().iter("testcase"):
            file = case.get("classname").replace(".", "/") + ".py"
            tests[file] += 1
            seconds[file] += float(case.get("time") or 0)
    print(f"\n{'test-s':>7} {'tests':>5} {'html':>5} {'engine':>6} {'seeded':>6}  file")
    for file, secs in seconds.most_common():
        c = counts.get(file, {})
        print(f"{secs:7.1f} {tests[file]:5d} {c.get('html', 0):5d} {c.get('engine starts', 0):6d} {c.get('seeded', 0):6d}  {file}")
    total = {kind: sum(c.get(kind, 0) for c in counts.values()) for kind in KINDS}
    busy = (busy1 - busy0) / max(1, (busy1 - busy0) + (idle1 - idle0))
    summary = {"passed": run.returncode == 0, "tests": sum(tests.values()), "wall_s": round(wall, 1),
               "test_s": round(sum(seconds.values()), 1), "cpu_busy": round(busy, 3), **total}
    print(f"\nwall {wall:.1f} s, {summary['test_s']} test-seconds over two workers, CPU busy {busy:.0%}; "
          f"{total['html']} HTML answers, {total['engine starts']} engine starts, {total['seeded']} profiles seeded")
    print(json.dumps(summary))
    return run.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
