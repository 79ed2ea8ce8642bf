"""Stress absorption (docs/gauntlet-forge/stress-and-wounds.md#calculator, docs/edgerunner/stress.md#track-calculator): wound boxes, wiki conditions, Edgerunner tracks.

Static content, computed by ``rules_core`` in CPython: for wound boxes the
capacities and severities and what 1…4 stress does to an empty slot in each
edition; for conditions the slot ratings and what 1…5 stress does to empty
slots; for tracks the consequence values and a worked track.

In the browser (``assets/calc/widgets/stress/index.js``) one form, drawn by the page,
holds all three models; the fence's ``model`` picks the one shown first.

Options: :data:`OPTIONS`.

The parts, by what they do: :mod:`.options` (the fence's options, the
bounds, the fields' first values) and :mod:`.static` (the tables); here the
fresh states, what the page is handed (:func:`page_options`) and :func:`render`.
"""
from __future__ import annotations

from rules_core import boosts, tracks, wounds

from .. import _html as h
from ..base import Widget, known, typed
from .options import (
    HIT_STRESS,
    LIMITS,
    MODELS,
    OPTIONS,
    RECOVERY_SHIFTS,
    THRESHOLD,
    TRACK_HIT,
    _options,
    _result,
)
from .static import _conditions_static, _track_static, _wounds_static

__all__ = ["LIMITS", "MODELS", "OPTIONS", "THRESHOLD", "WIDGET", "empty_states", "page_options", "render"]


# ---------------------------------------------------------------- empty states (what "reset" goes back to)


def empty_states() -> dict:
    """Each model's fresh state, as the rules_core API returns it."""
    w = _result("stress.wounds", {"stress": 0, "type": wounds.SLOTS[0]})
    c = _result("stress.conditions", {"stress": 0})
    t = _result("stress.track_hit", {"track": {"threshold": THRESHOLD}, "shifts": 0})["hit"]["track"]
    return {
        "wounds": {"wounds": w["wounds"], "favor": 0, "in_conflict": True, "last_stand": False},
        "conditions": {"conditions": c["conditions"], "last_stand": False},
        "track": {"current": tracks.TRACKS[0], "tracks": {name: t for name in tracks.TRACKS}},
    }


def render(wid: str, options: dict) -> str:
    opts = _options(options)
    statics = {"wounds": _wounds_static(), "conditions": _conditions_static(), "track": _track_static()}
    static = "".join(
        f'<div class="calc-stress__static" data-model="{m}"{"" if m == opts["model"] else " hidden data-search-exclude"}>{html}</div>'
        for m, html in statics.items()
    )
    data = page_options(opts)
    # The form is the page's to draw (widgets/stress/view.js: the party, the model switch, the panels).
    return h.widget(wid, "stress", title="Stress absorption", static=static, form="", options=data,
                    known=known(first_calls(data["empty"], opts["edition"])))


def page_options(opts: dict) -> dict:
    """What the page's script is handed (``data-options``): the fence's options, the fresh states, the names
    and limits, and the rules' answers it draws before asking (capacities, ratings), the fields' first values."""
    return {
        **opts,
        "empty": empty_states(),
        "slots": list(wounds.SLOTS),
        "tracks": list(tracks.TRACKS),
        "consequences": list(boosts.CONSEQUENCES),
        "limits": LIMITS,
        "models": MODELS,
        "editions": list(wounds.EDITIONS),
        "boxes": _result("stress.wounds", {"stress": 0, "type": wounds.SLOTS[0]})["boxes"],
        "ratings": _result("stress.conditions", {"stress": 0})["ratings"],
        "fields": first_fields(opts["edition"]),
    }


def first_fields(edition: str) -> dict:
    """What each panel's fields hold as a fresh page shows them (the view draws them; :func:`first_calls` asks with them)."""
    return {
        "wounds": {"stress": str(HIT_STRESS), "type": wounds.SLOTS[0], "edition": edition},
        "conditions": {"stress": str(HIT_STRESS)},
        "track": {**{key: str(value) for key, value in TRACK_HIT.items()}, "recovery.shifts": str(RECOVERY_SHIFTS)},
    }


def first_calls(empty: dict, edition: str) -> list[tuple[str, dict]]:
    """What stress/index.js asks first, from each model's fresh state and the values its form starts
    with (:mod:`.form`): the wound boxes now and under the hit, the conditions under the hit, and the
    first track under its hit and its recovery. No box or slot is picked."""
    character = {key: empty["wounds"][key] for key in ("wounds", "favor", "in_conflict", "last_stand")}
    track = empty["track"]["tracks"][empty["track"]["current"]]
    shape = {key: track[key] for key in ("threshold", "marked", "consequences", "taken")}
    hit = {key: typed(value) for key, value in TRACK_HIT.items()}
    stress = typed(HIT_STRESS)
    return [
        ("stress.wounds", {**character, "stress": 0, "type": wounds.SLOTS[0]}),
        ("stress.wounds", {**character, "stress": stress, "type": wounds.SLOTS[0], "edition": edition, "box": None}),
        ("stress.conditions", {**empty["conditions"], "stress": stress, "slot": None}),
        ("stress.track_hit", {"track": shape, **hit, "consequences": []}),
        ("stress.track_recovery", {"track": shape, "shifts": typed(RECOVERY_SHIFTS)}),
    ]


WIDGET = Widget(
    name="stress", title="Stress absorption", render=render, options=OPTIONS, api="stress",
    bench={"field": '[data-panel="wounds"] input[name="stress"]', "values": ["1", "2", "3", "4", "5"],
           "out": '[data-panel="wounds"] [data-out="answer"]'},
)
