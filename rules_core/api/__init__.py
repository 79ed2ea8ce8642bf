"""The one entry point the pages use: :func:`call`.

``call(name, payload)`` takes JSON-safe input and returns
``{"ok": True, "result": …}`` or ``{"ok": False, "error": {"code", "message",
"field"}}``. It never raises: wrong types, out-of-range values, unknown
calculators, editions, zones and malformed maps each come back as an error a
player can read, naming the field.

Every calculator's docstring documents its input and output;
:func:`describe` lists them (a page can render it).

>>> call("boons.free_dice", {"rating": 7})["result"]["free_dice"]
3
>>> call("boons.free_dice", {"rating": 0})["error"]["field"]
'rating'
"""
from __future__ import annotations

import inspect
import json

from ..errors import RulesError
from . import boons, borders, dice, maneuver, morale, rolls, stress

__docformat__ = "google"

CALCULATORS = {
    "dice.fate_shifts": dice.fate_shifts,
    "dice.fate_odds": dice.fate_odds,
    "dice.fate_distribution": dice.fate_distribution,
    "dice.pool_odds": dice.pool_odds,
    "dice.roll_fate": rolls.roll_fate,
    "dice.roll_pool": rolls.roll_pool,
    "boons.free_dice": boons.free_dice,
    "boons.table": boons.table,
    "boons.odds": boons.odds,
    "boons.bane_difficulty": boons.bane_difficulty,
    "stress.wounds": stress.wound_boxes,
    "stress.conditions": stress.condition_slots,
    "stress.track_hit": stress.track_hit,
    "stress.track_recovery": stress.track_recovery,
    "morale.replay": morale.replay,
    "morale.apply": morale.apply,
    "morale.keep_morale": morale.keep_morale,
    "morale.form": morale.form,
    "borders.check": borders.check,
    "borders.route": borders.route,
    "borders.range": borders.range_,
    "borders.move": borders.move,
    "borders.diagram": borders.diagram,
    "maneuver.free_invokes": maneuver.free_invokes,
}
"""Calculator name → handler (a function from a payload dict to a result dict)."""


def call(name: str, payload: dict | None = None) -> dict:
    """Run calculator ``name`` on ``payload``; never raises."""
    try:
        handler = CALCULATORS.get(name) if isinstance(name, str) else None
        if handler is None:
            raise RulesError(f"There is no calculator called {name!r}.", field=None, code="unknown_calculator")
        if payload is None:
            payload = {}
        if not isinstance(payload, dict):
            raise RulesError("The input must be a mapping of field names to values.", field=None, code="invalid")
        return {"ok": True, "result": handler(payload)}
    except RulesError as err:
        return {"ok": False, "error": err.to_payload()}
    except RecursionError:
        return {"ok": False, "error": {"code": "invalid", "message": "The input is nested too deeply.", "field": None}}
    except Exception as err:  # the page must always get an answer
        return {
            "ok": False,
            "error": {
                "code": "internal",
                "message": f"The calculator stumbled ({type(err).__name__}). Your input is kept; please report this.",
                "field": None,
            },
        }


def handle(message: str) -> str:
    """The worker's entry: a JSON request ``{id, name, payload}`` in, a JSON reply ``{id, ok, result|error}`` out."""
    try:
        request = json.loads(message)
    except (TypeError, ValueError):
        return json.dumps({"id": None, "ok": False, "error": {"code": "invalid", "message": "Unreadable request.", "field": None}})
    if not isinstance(request, dict):
        request = {}
    reply = call(request.get("name"), request.get("payload"))
    return json.dumps({"id": request.get("id"), **reply}, ensure_ascii=False)


def describe() -> list[dict]:
    """Every calculator with its documentation: [{name, doc}]."""
    return [{"name": n, "doc": inspect.cleandoc(fn.__doc__ or "")} for n, fn in CALCULATORS.items()]
