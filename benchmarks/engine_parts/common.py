"""What every part of the engine benchmark shares: the pages, the stored conflicts, the statistics.

The pages it visits (:data:`CALC_PAGE`, :data:`TABLE_PAGE`…), the scripts it
adds to them (:data:`FLOOR_PAGE`, :data:`FIRST_RESULT`), one interaction per
calculator from the widget registry (:data:`INTERACTIONS`), the conflicts
stored before a page opens, and :func:`median_spread` / :func:`percentile`.
"""
from __future__ import annotations

import statistics
from pathlib import Path

from calculators.pages.widgets import REGISTRY

ROOT = Path(__file__).resolve().parent.parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "engine.json"
PHONE_RESULTS = ROOT / "benchmarks" / "results" / "phone.json"
CALC_PAGE = "gauntlet-forge/boons-and-banes/"
PLAIN_PAGE = "glossary/"
TABLE_PAGE = "table/"

# The floor loads the pinned npm package's files as they are (copied into bench/pyodide/),
# not the site's tuned copy.
FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><title>floor</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const t0 = performance.now();
const py = await loadPyodide();
window.floor = { ms: performance.now() - t0, at: performance.now(), version: py.version };
</script>"""

# Records when the first calculator result appears, without touching the product's code.
FIRST_RESULT = """
(() => {
  const seen = () => document.querySelector('.calc__result:not(:empty)');
  const done = () => { if (!window.__firstResult && seen()) window.__firstResult = performance.now(); };
  new MutationObserver(done).observe(document, { childList: true, subtree: true, characterData: true });
})();
"""

# One interaction per calculator, from the widget registry (each widget's ``bench``: a field to change
# and values to cycle, or for the morale tracker a tap that logs an event and one on Undo, in turn).
INTERACTIONS = {name: widget.bench for name, widget in REGISTRY.items()}
# A conflict already set up, so the tracker's buttons are there to tap.
MORALE_CONFLICT = {
    "format": "conflict-table/morale", "version": 1, "events": [], "redo": [],
    "setup": {"edition": "2023", "teams": [
        {"name": "Wolves", "captain": "Ada", "members": ["Ada", "Bo"]},
        {"name": "Crows", "captain": "Cy", "members": ["Cy", "Di"]}]},
}

# The attack being composed on the board below: each tap of a dice total asks the rules for the sheet.
BOARD_ACTION = {"kind": "attack", "actor": "Hargan", "target": "Gatto", "skill": "Firearms", "rating": "3"}

# The conflict board with one event logged, so that Undo and Redo have a step to take.
BOARD_CONFLICT = {
    "format": "conflict-table/board", "version": 1, "redo": [],
    "setup": {"map": {"name": "Warehouse", "zones": ["West end", "Middle", "East end"],
                      "borders": [{"between": ["West end", "Middle"], "pass": 3}, {"between": ["Middle", "East end"], "pass": 3}]},
              "sides": ["Crew", "Gang"],
              "actors": [{"name": "Gatto", "side": "Crew", "zone": "West end", "tracks": {"cool": 2, "humanity": 2, "reputation": 2}},
                         {"name": "Hargan", "side": "Gang", "zone": "East end", "tracks": {"cool": 2, "humanity": 2, "reputation": 2}}]},
    "events": [{"kind": "simple", "actor": "Gatto", "note": "waits"}],
}


def median_spread(values: list[float]) -> dict:
    values = sorted(values)
    return {
        "median": round(statistics.median(values), 1),
        "min": round(values[0], 1),
        "max": round(values[-1], 1),
        "runs": len(values),
    }


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return round(values[lo] + (values[hi] - values[lo]) * (k - lo), 2)


def new_context(browser):
    return browser.new_context(service_workers="block")
