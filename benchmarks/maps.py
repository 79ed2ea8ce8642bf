"""Benchmark: border maps at the largest size a map may have, in CPython.

Run with ``.venv/bin/python benchmarks/maps.py`` (``make bench`` runs it
first). Every figure is a full ``rules_core.api.call`` — the map is read and
checked on every call, as the page sends it every time — timed over several
runs; the median and the slowest are printed and written to
``benchmarks/results/maps.json``. The target (issue 14): a route and a move
on the largest map answer in at most 50 ms.

The maps:

* **largest** — :data:`~rules_core.borders.MAX_ZONES` zones with names of
  :data:`~rules_core.borders.MAX_NAME` characters,
  :data:`~rules_core.borders.MAX_BORDERS` borders and
  :data:`~rules_core.borders.MAX_WAYS` ways in all (a grid of neighbours plus
  seeded random shortcuts, some ways switched off, some one-way costs);
* **one wide border** — two zones and one border with
  :data:`~rules_core.borders.MAX_WAYS_PER_BORDER` named ways.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_core import borders  # noqa: E402
from rules_core.api import call  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "maps.json"
TARGET_MS = 50


def zone_name(i: int) -> str:
    head = f"Zone {i:03d} "
    return head + "x" * (borders.MAX_NAME - len(head))


def largest_map(seed: int = 14) -> dict:
    """The largest map :func:`rules_core.api.map_data.read_map` accepts: every limit reached."""
    rng = random.Random(seed)
    cols = 20
    zones = [zone_name(i) for i in range(borders.MAX_ZONES)]
    pairs: list[tuple[int, int]] = []
    seen = set()

    def add(a: int, b: int) -> None:
        key = (min(a, b), max(a, b))
        if a != b and key not in seen:
            seen.add(key)
            pairs.append((a, b))

    for i in range(len(zones)):  # a grid: right and down neighbours
        if (i + 1) % cols:
            add(i, i + 1)
        if i + cols < len(zones):
            add(i, i + cols)
    while len(pairs) < borders.MAX_BORDERS:  # shortcuts
        add(rng.randrange(len(zones)), rng.randrange(len(zones)))
    ways_left = borders.MAX_WAYS
    out = []
    for n, (a, b) in enumerate(pairs):
        count = max(1, min(borders.MAX_WAYS_PER_BORDER, ways_left - (len(pairs) - n - 1)))
        count = min(count, 2 if n < len(pairs) - 1 else count)
        ways_left -= count
        ways = []
        for k in range(count):
            way = {"name": f"way {k} " + "w" * (borders.MAX_NAME - 8), "pass": rng.randint(0, 9)}
            if rng.random() < 0.2:
                way["back"] = rng.randint(0, 9)
            if rng.random() < 0.1:
                way["off"] = True
            ways.append(way)
        out.append({"between": [zones[a], zones[b]], "ways": ways})
    return {"name": "The largest map", "zones": zones, "borders": out}


def wide_border_map() -> dict:
    ways = [{"name": f"way {k}", "pass": (k * 7) % 10} for k in range(borders.MAX_WAYS_PER_BORDER)]
    return {"zones": ["Hall", "Room"], "borders": [{"between": ["Hall", "Room"], "ways": ways}]}


def timed(name: str, payload: dict, runs: int) -> dict:
    reply = call(name, payload)
    assert reply["ok"], reply["error"]
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        call(name, payload)
        times.append((time.perf_counter() - t0) * 1000)
    return {"median_ms": round(statistics.median(times), 2), "max_ms": round(max(times), 2), "runs": runs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    big = largest_map()
    first, last = big["zones"][0], big["zones"][-1]
    wide = wide_border_map()
    figures = {
        "largest: check": timed("borders.check", {"map": big}, args.runs),
        "largest: route (corner to corner)": timed("borders.route", {"map": big, "start": first, "destination": last}, args.runs),
        "largest: range": timed("borders.range", {"map": big, "start": first, "destination": last}, args.runs),
        "largest: move (every zone)": timed("borders.move", {"map": big, "start": first, "destination": last, "skill": 3,
                                                             "faces": "+0-+", "bid": 1}, args.runs),
        "largest: diagram": timed("borders.diagram", {"map": big}, args.runs),
        "wide border: route": timed("borders.route", {"map": wide, "start": "Hall", "destination": "Room"}, args.runs),
        "wide border: move": timed("borders.move", {"map": wide, "start": "Hall", "shifts": 3}, args.runs),
    }
    size = len(json.dumps(big, ensure_ascii=False))
    print(f"Largest map: {len(big['zones'])} zones, {len(big['borders'])} borders, "
          f"{sum(len(b['ways']) for b in big['borders'])} ways, {size:,} characters of JSON")
    print(f"{'What':40} {'median':>10} {'slowest':>10}")
    for what, f in figures.items():
        print(f"{what:40} {f['median_ms']:>8.1f}ms {f['max_ms']:>8.1f}ms")
    slow = [w for w in ("largest: route (corner to corner)", "largest: move (every zone)", "wide border: route",
                        "wide border: move") if figures[w]["median_ms"] > TARGET_MS]
    print(f"target ≤ {TARGET_MS} ms for a route and a move: " + ("met" if not slow else "MISSED by " + ", ".join(slow)))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "python": platform.python_version(), "machine": platform.machine(), "map_json_chars": size,
        "figures": figures, "target_ms": TARGET_MS,
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
