"""The stress widget's options and the values its parts share.

Rules: docs/gauntlet-forge/stress-and-wounds.md#calculator and
docs/edgerunner/stress.md#track-calculator (the three models a page can
show first). :data:`OPTIONS` are the fence's options; :data:`LIMITS` the
bounds the page holds a stored track to (the rules' own, see
``tests/test_stress_limits.py``); ``_result`` asks ``rules_core`` at build time.
"""
from __future__ import annotations

from rules_core import wounds
from rules_core.api.stress import MAX_STRESS

from ..base import Option, check_choice, check_options, result

MODELS = {
    "wounds": "Gauntlet Forge wound boxes",
    "conditions": "Gauntlet Forge conditions (wiki)",
    "track": "Edgerunner stress track",
}
OPTIONS = {
    "model": Option("wounds", "the model shown first: wounds, conditions (the wiki's) or track (Edgerunner)"),
    "edition": Option("2023", 'the wound boxes\' edition shown first: "2023" or "2022"'),
}
THRESHOLD = 2
"""A fresh track's threshold: character creation's base of 2 with a stress skill of 0 (the reader changes it)."""


def _result(name: str, payload: dict) -> dict:
    return result("stress", name, payload)


def _options(options: dict) -> dict:
    opts = check_options("stress", {k: str(v) for k, v in options.items()}, OPTIONS)
    check_choice("stress", "model", opts["model"], MODELS)
    check_choice("stress", "edition", opts["edition"], wounds.EDITIONS,
                 " (the wiki edition is `model: conditions`)")
    return opts


# Bounds the page checks a stored track against before drawing it (a damaged value could ask for
# millions of boxes); the same bounds stress.track_hit sets (tests/test_stress_limits.py holds them equal).
LIMITS = {"threshold": 50, "box": MAX_STRESS, "marked": 100}

# What the panels' fields hold as a fresh page shows them (the page draws the panels; __init__.first_calls asks with these).
HIT_STRESS = 1  # wound boxes and conditions
TRACK_HIT = {"shifts": 2, "invokes_available": 0, "defense_shifts": "", "range": 0, "invokes": 0}
RECOVERY_SHIFTS = 0
