"""The conflict board as plain data for the page: state, log entries, previews.

Shapes: see :mod:`rules_core.api.board`. Hits and absorb options are written as
the stress calculator writes them (:func:`rules_core.api.stress.payload._hit_payload`).
"""
from __future__ import annotations

from ... import board as core
from ... import borders
from ..stress.payload import _hit_payload


def _target(value):
    return list(value) if isinstance(value, tuple) else value


def _track(value, name: str) -> dict:
    t = value.track(name)
    d = value.defense(name)
    return {"threshold": d.threshold if d else t.threshold, "base": t.threshold,
            "defense": {"by": d.by, "threshold": d.threshold} if d else None, "marked": sorted(t.marked)}


def _previous(p: core.Previous | None) -> dict | None:
    if p is None:
        return None
    target = p.target[1] if p.kind == "maneuver" else p.target
    return {"kind": p.kind, "skill": p.skill, "target": _target(target), "track": p.track, "shifts": p.shifts}


def state(board: core.Board) -> dict:
    """The board's whole state, without the map (it never changes)."""
    first = core.TRACKS[0]
    return {
        "exchange": board.exchange,
        "closed": board.closed,
        "to_act": [] if board.over else board.to_act(),
        "acted": [] if board.closed else [a.name for a in board.actors if a.name in board.acted],
        "over": board.over,
        "ended": board.ended,
        "winner": board.winner,
        "conceded": board.conceded,
        "story": board.story or None,
        "sides": [{"name": s, "in": [a.name for a in board.actors if a.side == s and not a.out],
                   "out": [a.name for a in board.actors if a.side == s and a.out]} for s in board.setup.sides],
        "actors": [{
            "name": a.name, "side": a.side, "zone": a.zone, "out": a.out,
            "acted": a.name in board.acted and not board.closed,
            "tracks": {t: _track(a, t) for t in core.TRACKS},
            "consequences": [{"name": n, "value": v, "taken": n in a.track(first).taken,
                              "label": dict(a.labels).get(n) if n in a.track(first).taken else None}
                             for n, v in a.track(first).consequences],
            "previous": _previous(a.previous),
            "skills": dict(a.skills),
            "aspects": list(a.aspects),
        } for a in board.actors],
        "things": [{"name": t.name, "zone": t.zone, "out": t.out, "track": _track(t, core.THING_TRACK),
                    "border": list(t.border) if t.border else None, "beaten_by": t.beaten_by}
                   for t in board.things],
        "aspects": [{"name": a.name, "on": a.on, "target": _target(a.target), "free_invokes": a.free_invokes,
                     "boxes": {"threshold": a.boxes, "marked": sorted(a.marked)} if a.boxes else None}
                    for a in board.aspects],
        "passes": [{"between": list(p.between), "pass": p.value, "by": p.by} for p in board.passes],
        "borders": [{"between": [b.a, b.b], "label": _border_label(b)} for b in board.setup.map.borders],
    }


def _border_label(b: borders.Border) -> str:
    """What a border costs to cross, as the board's map writes it beside the border: "3", or each way
    ("open door 1, break the door 4"; "2 / 4 back" when the way back costs another value; "(off)")."""
    out = []
    for w in b.ways:
        value = str(w.forward) if w.forward == w.backward else f"{w.forward} / {w.backward} back"
        out.append((f"{w.name} {value}" if w.name else value) + ("" if w.enabled else " (off)"))
    return ", ".join(out)


def entry(e: core.Entry, index: int) -> dict:
    return {"index": index, "exchange": e.exchange, "kind": e.kind, "actor": e.actor, "target": _target(e.target),
            "shifts": e.shifts, "range": e.range, "text": e.text}


def zone_map(m: borders.ZoneMap) -> dict:
    return {"data": borders.to_data(m), "layout": {z: list(c) for z, c in borders.layout(m).items()}}


def _reach(r: borders.Reach) -> dict:
    return {"zone": r.zone, "cost": r.route.cost if r.route else None, "shortfall": r.shortfall,
            "reachable": r.reachable, "route": list(r.route.zones) if r.route else [],
            "cover": [{"consequences": list(c.consequences), "invokes": c.invokes} for c in r.cover]}


def preview(p: core.Preview) -> dict:
    absorb = None
    if p.kind == "attack" and p.track is not None and p.shifts is not None:
        absorb = {"track": p.track, "threshold": p.threshold,
                  "options": [{"consequences": list(c.consequences), "invokes": c.invokes, "hit": _hit_payload(h)}
                              for c, h in p.absorb],
                  "taken_out_anyway": not p.absorb}
    recovery = None
    if p.recovery is not None:
        recovery = {"track": p.track, "marked": sorted(p.recovery.track.marked | set(p.recovery.chosen)),
                    "clearable": list(p.recovery.clearable), "suggested": list(p.recovery.suggested)}
    return {
        "kind": p.kind, "actor": p.actor, "shifts": p.shifts, "must_continue": p.must_continue,
        "previous": _previous(p.previous), "range": p.range,
        "reach": [_reach(r) for r in p.reach], "track": p.track, "threshold": p.threshold,
        "absorb": absorb, "defense_threshold": p.defense_threshold, "free_invokes": p.free_invokes,
        "recovery": recovery,
    }
