"""Morale tracker: what one tap costs, at 20 and at 1,999 logged events, the most a tap still adds to (CPython).

Run with ``.venv/bin/python benchmarks/morale.py`` (``make bench`` runs it).
Each tap is a full request through ``rules_core.api.handle`` (JSON in and
out, as the worker receives it), two ways:

* **token**: ``morale.apply {token, length, event}`` after one
  ``morale.replay`` (the page's way since issue 23): the engine keeps the
  replayed log, the tap applies one event and answers only what changed;
* **whole log**: ``morale.apply {setup, events, event}`` (saved links and older
  pages): the whole log is replayed and the whole state, form and log sent back.

Prints the median and p95 milliseconds per tap, and writes
``benchmarks/results/morale.json``. Figures, not pass or fail (issue 23: a tap on
a 2,000-event conflict should cost about what it costs on a 20-event one).
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_core.api import handle  # noqa: E402
from rules_core.api.morale.read import MAX_EVENTS  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "morale.json"
SETUP = {"edition": "2023", "teams": [{"name": "Wolves", "captain": "Ada", "members": ["Ada", "Bo", "Eve"]},
                                      {"name": "Crows", "captain": "Cy", "members": ["Cy", "Di"]}]}
ROUND = [{"kind": "success", "member": "Ada"}, {"kind": "end_turn", "team": "Wolves"},
         {"kind": "success", "member": "Cy"}, {"kind": "end_turn", "team": "Crows"}]
TAP = {"kind": "success", "member": "Bo"}


def log_of(n: int) -> list[dict]:
    """A conflict of ``n`` events that goes on (both teams keep succeeding)."""
    return [ROUND[i % len(ROUND)] for i in range(n)]


def ask(name: str, payload: dict) -> dict:
    reply = json.loads(handle(json.dumps({"id": 1, "name": name, "payload": payload})))
    assert reply["ok"], reply
    return reply["result"]


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def measure(n: int, runs: int) -> dict:
    events = log_of(n)
    kept = ask("morale.replay", {"setup": SETUP, "events": events})
    token = kept["token"]
    # each tap logs one event after the n (the page's undo cuts back to n: the same length every time)
    tap = timed(lambda: ask("morale.apply", {"token": token, "length": n, "event": TAP}), runs)
    whole = timed(lambda: ask("morale.apply", {"setup": SETUP, "events": events, "event": TAP}), max(5, runs // 10))
    return {"events": n, "token_median_ms": statistics.median(tap), "token_p95_ms": p95(tap),
            "whole_median_ms": statistics.median(whole), "whole_p95_ms": p95(whole),
            "token_runs": len(tap), "whole_runs": len(whole)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="token taps per size (whole-log taps: a tenth, at least 5)")
    args = parser.parse_args()
    # a tap on the fullest log a tracker still logs into (rules_core.api.morale.read.MAX_EVENTS: the next is refused)
    rows = [measure(n, args.runs) for n in (20, MAX_EVENTS - 1)]
    print(f"Morale tap, CPython {platform.python_version()}: ms per tap (median / p95)")
    print(f"{'events':>7}  {'token tap':>17}  {'whole log':>17}")
    for r in rows:
        print(f"{r['events']:>7}  {r['token_median_ms']:7.2f} / {r['token_p95_ms']:7.2f}  "
              f"{r['whole_median_ms']:7.2f} / {r['whole_p95_ms']:7.2f}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"python": platform.python_version(), "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
