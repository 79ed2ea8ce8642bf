"""Calculators for Edgerunner maps and border costs (RULES.md §5)."""
from __future__ import annotations

from .. import borders, dice
from ..errors import RulesError
from . import fields as f
from ._convert import probability


def _map(p: dict) -> borders.ZoneMap:
    raw = p.get("map")
    if raw is None:
        raise RulesError("The map is missing.", field="map", code="required")
    try:
        return borders.from_data(raw)
    except RulesError as err:
        raise RulesError(err.message, field=f"map.{err.field}" if err.field != "map" else "map", code=err.code) from None


def _route_payload(r: borders.Route | None) -> dict | None:
    if r is None:
        return None
    return {
        "cost": r.cost,
        "zones": list(r.zones),
        "borders": len(r.crossings),
        "crossings": [{"from": c.start, "to": c.end, "way": c.way, "cost": c.cost} for c in r.crossings],
    }


def check(p: dict) -> dict:
    """Validate a map and return it cleaned (the shape :func:`rules_core.borders.from_data` reads).

    Input: ``map``. Output: ``map``, ``zones``, ``borders`` (a listing:
    [{between, ways: [{name, pass, back, on}]}]) and ``text`` (a plain-words
    description, one line per border, for screen readers and the page).
    """
    f.only(p, "map")
    m = _map(p)
    listing = []
    lines = []
    for b in m.borders:
        ways = [{"name": w.name, "pass": w.forward, "back": w.backward, "on": w.enabled} for w in b.ways]
        listing.append({"between": [b.a, b.b], "ways": ways})
        parts = []
        for w in b.ways:
            cost = str(w.forward) if w.forward == w.backward else f"{w.forward} from {b.a}, {w.backward} from {b.b}"
            label = f"{w.name}: {cost}" if w.name else cost
            parts.append(label + ("" if w.enabled else " (off)"))
        lines.append(f"{b.a} – {b.b}: " + "; ".join(parts))
    return {"map": borders.to_data(m), "zones": list(m.zones), "borders": listing, "text": lines}


def route(p: dict) -> dict:
    """Cheapest route between two zones.

    Input: ``map``, ``start``, ``target``. Output: ``cost``, ``zones`` (the
    path), ``borders`` (how many crossed), ``crossings`` ([{from, to, way,
    cost}]), ``range`` (fewest borders, whatever they cost). An error with
    code ``no_route`` when the ways switched on don't connect them.
    """
    f.only(p, "map", "start", "target")
    m = _map(p)
    start, target = p.get("start"), p.get("target")
    r = borders.route(m, start, target)
    if r is None:
        raise RulesError(
            f"No way leads from {start} to {target} with the ways that are switched on.", field="target", code="no_route"
        )
    return {**_route_payload(r), "range": borders.range_between(m, start, target)}


def range_(p: dict) -> dict:
    """Range: the fewest borders between two zones, whatever they cost.

    Input: ``map``, ``start``, ``target``.
    Output: ``range`` (a number of borders); an error with code ``no_route``
    when the zones are not connected at all.
    """
    f.only(p, "map", "start", "target")
    m = _map(p)
    distance = borders.range_between(m, p.get("start"), p.get("target"))
    if distance is None:
        raise RulesError("These zones are not connected at all.", field="target", code="no_route")
    return {"range": distance}


def move(p: dict) -> dict:
    """Everything a move raises: what the shifts reach, what's short, the route and the odds.

    Input: ``map``, ``start``; either ``shifts`` (−20…99) or a roll ``skill``
    + ``faces`` (four Fate dice) − ``bid``; optional ``target``.
    Output: ``shifts``, ``dice`` (the faces' total, when rolled), ``zones``
    (map order: {zone, cost, route, reachable, shortfall, cover [{consequences,
    invokes}], range}), ``reachable`` (zone names, start excluded),
    ``target`` ({zone, route, range, shortfall, odds} or null; ``odds`` =
    P(skill + 4dF − bid ≥ cost) when a skill is given).
    """
    f.only(p, "map", "start", "target", "shifts", "skill", "faces", "bid")
    m = _map(p)
    start = m.check_zone(p.get("start"), "start")
    skill = f.optional_integer(p, "skill", "The skill", low=-10, high=30)
    bid = f.integer(p, "bid", "The bid", low=0, high=30, default=0)
    rolled = None
    given = f.optional_integer(p, "shifts", "The shifts", low=-20, high=99)
    if given is not None:
        shifts = given
    elif skill is not None and p.get("faces") not in (None, ""):
        rolled = dice.fate_total(p["faces"])
        shifts = skill + rolled - bid
    else:
        raise RulesError("Enter the shifts, or the skill and the four dice.", field="shifts", code="required")
    zones = []
    for z in borders.reach(m, start, shifts):
        zones.append({
            "zone": z.zone,
            "cost": z.route.cost if z.route else None,
            "route": _route_payload(z.route),
            "reachable": z.reachable,
            "shortfall": z.shortfall,
            "cover": [{"consequences": list(c.consequences), "invokes": c.invokes} for c in z.cover],
            "range": borders.range_between(m, start, z.zone),
        })
    target_info = None
    target = p.get("target")
    if target not in (None, ""):
        target = m.check_zone(target, "target")
        z = next(z for z in zones if z["zone"] == target)
        odds = None
        if skill is not None and z["cost"] is not None:
            odds = {
                "probability": probability(dice.chance_fate_at_least(skill, z["cost"], bid=bid)),
                "needed": z["cost"] - skill + bid,
            }
        target_info = {**z, "odds": odds}
    return {
        "shifts": shifts,
        "dice": rolled,
        "zones": zones,
        "reachable": [z["zone"] for z in zones if z["reachable"] and z["zone"] != start],
        "target": target_info,
    }
