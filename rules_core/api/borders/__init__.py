"""Calculators for Edgerunner maps and border costs (docs/edgerunner/conflicts.md#borders).

The calculators are here (``borders.check``, ``.route``, ``.range``,
``.move``, ``.diagram``, ``.edit``); the diagram's geometry (boxes, lines,
labels) is beside them in :mod:`.diagram`, the map editor's edits in
:mod:`.edits`."""
from __future__ import annotations

from ... import borders, dice
from ...errors import RulesError
from ...words import MINUS, signed
from .. import fields as f
from .._convert import probability
from ..map_data import read_map, zone
from .diagram import ARROWS, BOX_H, BOX_W, CHAR, LABEL_FONT, LABEL_LINE, NAME_FONT, NAME_LINE, draw
from .edits import apply, note

__all__ = ["ARROWS", "BOX_H", "BOX_W", "CALCULATORS", "CHAR", "LABEL_FONT", "LABEL_LINE", "NAME_FONT", "NAME_LINE",
           "check", "cover_words", "diagram", "edit", "move", "range_", "route"]

__docformat__ = "google"


def _map(p: dict) -> borders.ZoneMap:
    raw = p.get("map")
    if raw is None:
        raise RulesError("The map is missing.", field="map", code="required")
    try:
        return read_map(raw)
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
    """Validate a map and return it cleaned (the shape :func:`rules_core.api.map_data.read_map` reads).

    Input: ``map``. Output: ``map`` (zones drawn at a grid place keep it:
    ``{name, at}``), ``zones`` (the names), ``borders`` (a listing:
    [{between, ways: [{name, pass, back, on, cost}]}], ``cost`` the way's pass
    values in words: one number, or each direction's when they differ) and
    ``text`` (a plain-words description, one line per border, for screen
    readers and the page).
    """
    f.only(p, "map")
    m = _map(p)
    listing = []
    lines = []
    for b in m.borders:
        ways = []
        parts = []
        for w in b.ways:
            cost = str(w.forward) if w.forward == w.backward else f"{w.forward} from {b.a}, {w.backward} from {b.b}"
            ways.append({"name": w.name, "pass": w.forward, "back": w.backward, "on": w.enabled, "cost": cost})
            label = f"{w.name}: {cost}" if w.name else cost
            parts.append(label + ("" if w.enabled else " (off)"))
        listing.append({"between": [b.a, b.b], "ways": ways})
        lines.append(f"{b.a} – {b.b}: " + "; ".join(parts))
    return {"map": borders.to_data(m), "zones": list(m.zones), "borders": listing, "text": lines}


def route(p: dict) -> dict:
    """Cheapest route between two zones.

    Input: ``map``, ``start``, ``destination`` (zone names). Output: ``cost``, ``zones`` (the
    path), ``borders`` (how many crossed), ``crossings`` ([{from, to, way,
    cost}]), ``range`` (fewest borders, whatever they cost). An error with
    code ``no_route`` when the ways switched on don't connect them.
    """
    f.only(p, "map", "start", "destination")
    m = _map(p)
    start, destination = zone(m, p.get("start"), "start"), zone(m, p.get("destination"), "destination")
    r = borders.route(m, start, destination)
    if r is None:
        raise RulesError(
            f"No way leads from {start} to {destination} with the ways that are switched on.", field="destination",
            code="no_route"
        )
    return {**_route_payload(r), "range": borders.range_between(m, start, destination)}


def range_(p: dict) -> dict:
    """Range: the fewest borders between two zones, whatever they cost.

    Input: ``map``, ``start``, ``destination`` (zone names).
    Output: ``range`` (a number of borders); an error with code ``no_route``
    when the zones are not connected at all.
    """
    f.only(p, "map", "start", "destination")
    m = _map(p)
    distance = borders.range_between(m, zone(m, p.get("start"), "start"), zone(m, p.get("destination"), "destination"))
    if distance is None:
        raise RulesError("These zones are not connected at all.", field="destination", code="no_route")
    return {"range": distance}


def move(p: dict) -> dict:
    """Everything a move raises: what the shifts reach, what's short, the route and the odds.

    Input: ``map``, ``start``; either ``shifts`` (−20…99) or a roll ``skill``
    + ``faces`` (four Fate dice) − ``bid``; optional ``destination`` (the zone the
    move aims at).
    Output: ``shifts``, ``dice`` (the faces' total, when rolled), ``zones``
    (map order: {zone, cost, route, reachable, shortfall, cover [{consequences,
    invokes}], cover_text, range, status_text}), ``reachable`` (zone names, start excluded),
    ``destination`` ({zone, route, range, shortfall, odds} or null; ``odds`` =
    P(skill + 4dF − bid ≥ cost) when a skill is given). ``cover_text`` says
    in words what would make a shortfall up: the cheapest invokes and
    consequences, or taking that much stress (empty when nothing is short).
    In words too: ``sum`` (a roll's: "skill 3 −1 on the dice − bid 1", or
    null), ``reach_text`` (the zones reached) and the destination's ``text``
    (within reach, short by how much and its cover, or no way through).
    ``status_text`` is what the diagram writes in the zone's box: ``start``,
    ``no way through``, ``✓ reached (cost 3)`` or ``short 1 (cost 3)``.
    """
    f.only(p, "map", "start", "destination", "shifts", "skill", "faces", "bid")
    m = _map(p)
    start = zone(m, p.get("start"), "start")
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
    distances = borders.ranges(m, start)
    for z in borders.reach(m, start, shifts):
        zones.append({
            "zone": z.zone,
            "cost": z.route.cost if z.route else None,
            "route": _route_payload(z.route),
            "reachable": z.reachable,
            "shortfall": z.shortfall,
            "cover": [{"consequences": list(c.consequences), "invokes": c.invokes} for c in z.cover],
            "cover_text": cover_words(z.cover, z.shortfall),
            "range": distances.get(z.zone),
            "status_text": _status_text(z, start),
        })
    destination_info = None
    destination = p.get("destination")
    if destination not in (None, ""):
        destination = zone(m, destination, "destination")
        z = next(z for z in zones if z["zone"] == destination)
        odds = None
        if skill is not None and z["cost"] is not None:
            odds = {
                "probability": probability(dice.chance_fate_at_least(skill, z["cost"], bid=bid)),
                "needed": z["cost"] - skill + bid,
            }
        destination_info = {**z, "odds": odds, "text": _destination_words(z)}
    reachable = [z["zone"] for z in zones if z["reachable"] and z["zone"] != start]
    rolled_sum = None
    if rolled is not None:
        rolled_sum = f"skill {skill} {signed(rolled)} on the dice" + (f" {MINUS} bid {bid}" if bid else "")
    return {
        "shifts": shifts,
        "dice": rolled,
        "sum": rolled_sum,
        "zones": zones,
        "reachable": reachable,
        "reach_text": f"reach {', '.join(reachable)}." if reachable else "reach no other zone.",
        "destination": destination_info,
    }


def _status_text(z: borders.Reach, start: str) -> str:
    """A zone's word on the diagram after a move: the start, no way through, or what the shifts reach."""
    if z.zone == start:
        return "start"
    if z.route is None:
        return "no way through"
    return f"✓ reached (cost {z.route.cost})" if z.reachable else f"short {z.shortfall} (cost {z.route.cost})"


def _destination_words(z: dict) -> str:
    """Where a move aims, in words: out of reach of any way, within reach, or short (and how to cover it)."""
    if z["cost"] is None:
        return f"{z['zone']}: no way through with the ways switched on."
    if z["reachable"]:
        return f"{z['zone']} is within reach (cost {z['cost']})."
    return f"{z['zone']}: short by {z['shortfall']} (cost {z['cost']}). Cover: {z['cover_text']}."


def cover_words(options, shortfall: int | None) -> str:
    """What makes a move's shortfall up, in words: the core's cheapest
    invokes and consequences, then stress (docs/edgerunner/conflicts.md#move —
    invoking aspects, or taking stress and consequences, adds shifts; stress
    counts one shift per point, as when resisting).

    >>> from rules_core.boosts import cover, CONSEQUENCES
    >>> cover_words(cover(1, CONSEQUENCES), 1)
    '1 invoke, or a mild consequence, or take 1 stress'
    """
    if not shortfall:
        return ""
    words = []
    for c in options:
        parts = []
        if len(c.consequences) == 1:
            parts.append(f"a {c.consequences[0]} consequence")
        elif c.consequences:
            parts.append(f"{' and '.join(c.consequences)} consequences")
        if c.invokes:
            parts.append(f"{c.invokes} invoke{'' if c.invokes == 1 else 's'}")
        words.append(" + ".join(parts))
    words.append(f"take {shortfall} stress")
    return ", or ".join(words)


# ---------------------------------------------------------------- the diagram


def diagram(p: dict) -> dict:
    """The map drawn: where each zone's box, each border's line and each pass value go.

    Zones sit in the grid cells of :func:`rules_core.borders.layout` (``at``
    where the map gives it); a border is a straight line between box
    centres, or a curve when a straight one would run through another box.
    Pass values are labelled per way; when a way costs differently each
    direction, arrows say which value goes which way (``→ 1 · ← 3``).

    Input: ``map``.
    Output: ``width``, ``height``, ``view_box`` ([x, y, width, height]);
    ``zones`` ([{zone, cell: [col, row], x, y, w, h, lines: [{text, x,
    y}], status: {x, y}}], map order; ``lines`` is the name, wrapped;
    ``status`` is where the page may write a word about the zone);
    ``borders`` ([{between, path (SVG path data), labels: [{text, way, on,
    x, y}]}], map order); ``description``: the drawing in one sentence for
    a screen reader (its zones, its borders with their labels; a way
    switched off says so); ``step``: [x, y] from one grid cell to the next
    (a zone dragged that far moves one cell). Text is centred on its x; y is its baseline.
    """
    f.only(p, "map")
    return draw(_map(p))


def edit(p: dict) -> dict:
    """One change to a map, as the map editor makes it, and the map after it (checked as any map is).

    Input: ``map``; ``edit``: {``do``, …} — ``add-zone`` {name} (in the first
    free cell of the grid: every zone keeps the cell it is drawn in),
    ``rename-zone`` {zone, name} (its borders follow), ``move-zone`` {zone,
    by: [columns, rows]} (a zone already there takes its old cell; nothing
    past the grid's edges), ``remove-zone`` {zone} (its borders go too),
    ``rename-map`` {name} (blank: none), ``add-border`` {between: [zone,
    zone], ways: [{name, pass, back}]} (one way without a name: a plain
    border), ``remove-border`` {border}, ``set-way`` {border, way, pass,
    back} (blank back: the same both ways), ``switch-way`` {border, way,
    on}; ``zone``, ``border`` and ``way`` count from 0 in map order.
    Output: ``map`` (the shape ``borders.check`` returns) and ``note``: what the
    edit did, in words ("Zone added.", "Renamed Hall."). A refusal names the
    edit's field: ``edit.name``, ``edit.zone``, ``edit.pass``,
    ``edit.between[1]``, ``edit.ways[0].pass``…
    """
    f.only(p, "map", "edit")
    m = _map(p)
    after = apply(m, p.get("edit"))
    return {"map": after, "note": note(m, p["edit"], after)}


CALCULATORS = {
    "borders.check": check,
    "borders.route": route,
    "borders.range": range_,
    "borders.move": move,
    "borders.diagram": diagram,
    "borders.edit": edit,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
