"""Calculators for Edgerunner maps and border costs (docs/edgerunner/conflicts.md#borders)."""
from __future__ import annotations

import math

from .. import borders, dice
from ..errors import RulesError
from . import fields as f
from ._convert import probability
from .map_data import read_map, zone


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
    invokes}], cover_text, range}), ``reachable`` (zone names, start excluded),
    ``destination`` ({zone, route, range, shortfall, odds} or null; ``odds`` =
    P(skill + 4dF − bid ≥ cost) when a skill is given). ``cover_text`` says
    in words what would make a shortfall up: the cheapest invokes and
    consequences, or taking that much stress (empty when nothing is short).
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
        destination_info = {**z, "odds": odds}
    return {
        "shifts": shifts,
        "dice": rolled,
        "zones": zones,
        "reachable": [z["zone"] for z in zones if z["reachable"] and z["zone"] != start],
        "destination": destination_info,
    }


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

BOX_W, BOX_H = 148, 60
"""A zone's box, in the diagram's units (about pixels at full size)."""
NAME_FONT, LABEL_FONT = 14, 12
NAME_LINE, LABEL_LINE = 17, 15
CHAR = 0.6
"""A character's width as a share of the font size (a generous estimate for a sans-serif face)."""
ARROWS = "→↘↓↙←↖↑↗"


def _wrap(name: str, size: int = NAME_FONT, width: int = BOX_W - 12, lines: int = 2) -> list[str]:
    """A zone name cut into at most ``lines`` lines that fit the box (… when it doesn't)."""
    room = max(4, int(width / (CHAR * size)))
    out: list[str] = []
    words = name.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and len(line) + 1 + len(words[0]) <= room:
            line += " " + words.pop(0)
        out.append(line)
    if words or any(len(line) > room for line in out):
        out = [line if len(line) <= room else line[: room - 1] + "…" for line in out]
        if words:
            out[-1] = (out[-1] if len(out[-1]) < room else out[-1][: room - 1]) + "…"
    return out


def _label_width(text: str) -> float:
    return len(text) * CHAR * LABEL_FONT + 8


def _arrow(dx: float, dy: float) -> str:
    return ARROWS[round(math.atan2(dy, dx) / (math.pi / 4)) % 8]


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
    x, y}]}], map order). Text is centred on its x; y is its baseline.
    """
    f.only(p, "map")
    m = _map(p)
    cells = borders.layout(m)
    labels: list[list[tuple[str, borders.Way]]] = []
    span_cols = [0.0]
    span_rows = [0.0]
    for b in m.borders:
        (ca, ra), (cb, rb) = cells[b.a], cells[b.b]
        ab, ba = _arrow(cb - ca, rb - ra), _arrow(ca - cb, ra - rb)
        texts = []
        for w in b.ways:
            value = str(w.forward) if w.forward == w.backward else f"{ab} {w.forward} · {ba} {w.backward}"
            text = f"{w.name} {value}" if w.name else value
            texts.append((text + ("" if w.enabled else " (off)"), w))
        labels.append(texts)
        widest = max(_label_width(t) for t, _ in texts)
        if ca != cb:
            span_cols.append(widest)
        elif ra != rb:
            span_rows.append(len(texts) * LABEL_LINE)
    col_gap = min(260, max(56, max(span_cols) + 16))
    row_gap = max(36, max(span_rows) + 12)
    boxes = {}
    zones = []
    for z in m.zones:
        col, row = cells[z]
        x, y = col * (BOX_W + col_gap), row * (BOX_H + row_gap)
        boxes[z] = (x, y)
        name = _wrap(z)
        top = y + (BOX_H - 14 - len(name) * NAME_LINE) / 2 + NAME_FONT - 2
        zones.append({
            "zone": z, "cell": [col, row], "x": round(x), "y": round(y), "w": BOX_W, "h": BOX_H,
            "lines": [{"text": t, "x": round(x + BOX_W / 2), "y": round(top + i * NAME_LINE)} for i, t in enumerate(name)],
            "status": {"x": round(x + BOX_W / 2), "y": round(y + BOX_H - 8)},
        })
    xs = [x for x, _ in boxes.values()] + [x + BOX_W for x, _ in boxes.values()]
    ys = [y for _, y in boxes.values()] + [y + BOX_H for _, y in boxes.values()]

    at_cell = {tuple(cells[z]): z for z in m.zones}

    def inside_other(px, py, ends):
        # Boxes sit in grid cells with gaps wider than the 4-unit margin: only
        # the box of the cell under the point can hold it.
        z = at_cell.get((math.floor((px + 4) / (BOX_W + col_gap)), math.floor((py + 4) / (BOX_H + row_gap))))
        if z is None or z in ends:
            return False
        bx, by = boxes[z]
        return bx - 4 <= px <= bx + BOX_W + 4 and by - 4 <= py <= by + BOX_H + 4

    lines = []
    for b, texts in zip(m.borders, labels):
        (xa, ya), (xb, yb) = boxes[b.a], boxes[b.b]
        x1, y1, x2, y2 = xa + BOX_W / 2, ya + BOX_H / 2, xb + BOX_W / 2, yb + BOX_H / 2
        dx, dy = x2 - x1, y2 - y1
        if any(inside_other(x1 + dx * t / 20, y1 + dy * t / 20, (b.a, b.b)) for t in range(1, 20)):
            length = math.hypot(dx, dy)
            bend = (BOX_W if abs(dy) > abs(dx) else BOX_H) + 24
            cx, cy = (x1 + x2) / 2 + dy / length * bend, (y1 + y2) / 2 - dx / length * bend
            path = f"M{round(x1)} {round(y1)} Q{round(cx)} {round(cy)} {round(x2)} {round(y2)}"
            mx, my = (x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4
        else:
            path = f"M{round(x1)} {round(y1)} L{round(x2)} {round(y2)}"
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out = []
        first = my - (len(texts) - 1) * LABEL_LINE / 2 + LABEL_FONT / 3
        for i, (text, w) in enumerate(texts):
            lx, ly = mx, first + i * LABEL_LINE
            half = _label_width(text) / 2
            xs += [lx - half, lx + half]
            ys += [ly - LABEL_FONT, ly + 4]
            out.append({"text": text, "way": w.name, "on": w.enabled, "x": round(lx), "y": round(ly)})
        xs += [mx]
        ys += [my]
        lines.append({"between": [b.a, b.b], "path": path, "labels": out})
    pad = 6
    left, top = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    width, height = math.ceil(max(xs)) + pad - left, math.ceil(max(ys)) + pad - top
    return {"width": width, "height": height, "view_box": [left, top, width, height], "zones": zones, "borders": lines}


CALCULATORS = {
    "borders.check": check,
    "borders.route": route,
    "borders.range": range_,
    "borders.move": move,
    "borders.diagram": diagram,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
