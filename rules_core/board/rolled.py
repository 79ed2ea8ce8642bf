"""The rolled actions (docs/edgerunner/conflicts.md#actions): move, move another, attack,
defense, maneuver and recovery, each from its shifts (docs/edgerunner/conflicts.md#rolling-shifts).
"""
from __future__ import annotations

from dataclasses import replace

from .. import maneuver, tracks
from ..errors import RulesError, shown
from ..looks import alike, why_alike
from .state import (
    _acting,
    _after,
    _aspect_target,
    _aspect_zone,
    _attack_target,
    _consequence_words,
    _hit,
    _invoke,
    _invoke_words,
    _labelled,
    _pay,
    _range,
    _reach,
    _revert_defenses_by,
    _set,
    _shifts,
    _take_out,
    _target,
    _track_name,
    _with_track,
    _without_defense,
    _zone,
)
from .values import TRACK_WORDS, Aspect, Board, Defense, Entry, Event, Payment, Previous, Roll


def _shifts_words(n: int) -> str:
    return f"{n} shift" if n == 1 else f"{n} shifts"


def _line(board: Board, text: str) -> str:
    return f"Exchange {board.exchange} — {text}"


def _rolled(board: Board, event: Event) -> tuple[Board, Entry]:
    board, index, actor = _acting(board, event.actor)
    roll = event.roll
    if roll is None:
        raise RulesError("This action needs a roll: the skill's rating and the dice.", field="rating", code="required")
    key = _previous_key(board, event)
    prev = actor.previous
    if prev is not None and (prev.kind, prev.skill, prev.target) == (event.kind, roll.skill, key):
        raise RulesError(f"Same skill, action and target as {actor.name}'s previous action: log it as a Continue.",
                         field="kind", code="invalid")
    board = _revert_defenses_by(board, actor.name)
    board, used = _invoke(board, roll.invokes)
    shifts = _shifts(roll)
    board, entry, key, track = _ACTIONS[event.kind](board, index, event, shifts, roll, used)
    return _finish(board, index, event.kind, roll.skill, key, track, shifts, frozenset(roll.invokes), entry)


def _finish(board, index, kind, skill, key, track, shifts, invoked, entry):
    actor = board.actors[index]
    habits = tuple((k, s) for k, s in actor.habits if k != kind) + ((kind, skill),)
    board = _set(board, "actor", index, replace(actor, previous=Previous(kind, skill, key, track, shifts, invoked),
                                                habits=habits))
    board = replace(board, acted=board.acted | {actor.name})
    return _after(board), entry


def _previous_key(board: Board, event: Event):
    if event.kind == "maneuver":
        return (event.on, tuple(event.target) if isinstance(event.target, list) else event.target)
    return event.target if event.kind != "move" else None


def _roll_words(roll: Roll | None, used) -> str:
    if not roll or not roll.invokes:
        return ""
    return "; " + _invoke_words(roll.invokes, used)


def _move(board, index, event, shifts, roll, used, *, continuing=False):
    board, paid, boost = _pay(board, "actor", index, event.boost, field="boost")
    shifts += paid
    actor = board.actors[index]
    board, entry = _relocate(board, "actor", index, actor, event.zone, shifts, actor.name, roll, used, boost, bought=paid)
    return board, entry, None, None


def _relocate(board, kind, index, mover, zone, shifts, by, roll, used, extra, resisted="", *, bought=0):
    """Move ``mover`` (an actor or a thing) to ``zone`` with ``shifts`` (docs/edgerunner/conflicts.md#move)."""
    m = board.setup.map
    start_zone = mover.zone
    if start_zone is None:
        raise RulesError(f"{mover.name} is on no zone of the map, so it cannot be moved.", field="target", code="invalid")
    other = None if mover.name == by else mover.name
    subject = f"{by} moves" if other is None else f"{by} moves {other}"
    notes = "".join(f"; {x}" for x in (extra, resisted) if x) + _roll_words(roll, used)
    reach = _reach(m, start_zone, shifts)
    if zone is None or zone == start_zone:
        reached = [r.zone for r in reach if r.reachable and r.zone != start_zone]
        if zone is None and reached:
            raise RulesError(f"Choose where {mover.name} goes ({', '.join(reached)} within reach), "
                             f"or {start_zone} to stay.", field="zone", code="required")
        if reached:
            text = f"{subject}: stays in {start_zone} ({_shifts_words(shifts)})"
        else:
            near = min((r for r in reach if r.shortfall), key=lambda r: (r.shortfall, r.route.cost), default=None)
            short = f" ({near.zone} is {near.shortfall} short)" if near else ""
            text = f"{subject}: {_shifts_words(shifts)} reach{'es' if shifts == 1 else ''} no other zone{short}"
        return board, Entry(board.exchange, "", _line(board, text + notes), by, other, shifts)
    _zone(m, zone, "zone")
    there = next(r for r in reach if r.zone == zone)
    if there.shortfall is None:
        raise RulesError(f"No way leads from {start_zone} to {zone} (every border between is off).",
                         field="zone", code="no_route")
    if there.shortfall:
        has = (f"the roll gives {shifts - bought} and the stress taken {bought}, {shifts} in all" if bought
               else f"the roll has {shifts}")
        raise RulesError(f"{zone} is beyond reach: the way there costs {there.route.cost} shifts and {has} "
                         f"({there.shortfall} short).", field="zone", code="too_large")
    moved = _without_defense(replace(mover, zone=zone))          # a target that moves loses the defenses on it
    board = _set(board, kind, index, moved)
    text = f"{subject} {' → '.join(there.route.zones)} ({there.route.cost} of {_shifts_words(shifts)})"
    return board, Entry(board.exchange, "", _line(board, text + notes), by, other, shifts)


def _move_another(board, index, event, shifts, roll, used):
    kind, t, target = _target(board, event.target)
    actor = board.actors[index]
    if target.name == actor.name:
        raise RulesError("To move yourself, log a Move.", field="target", code="invalid")
    board, paid, resisted = _pay(board, kind, t, event.resist, field="resist")
    shifts -= paid
    target = board.actors[t] if kind == "actor" else board.things[t]
    if target.out:
        text = f"{actor.name} tries to move {target.name}; {resisted}"
        return board, Entry(board.exchange, "", _line(board, text), actor.name, target.name, shifts), target.name, None
    board, entry = _relocate(board, kind, t, target, event.zone, shifts, actor.name, roll, used, "",
                             f"{target.name} resists: {resisted}" if resisted else "")
    return board, entry, target.name, None


def _attack(board, index, event, shifts, roll, used):
    kind, t, target = _attack_target(board, event.target)
    actor = board.actors[index]
    if kind == "aspect":
        return _attack_aspect(board, actor, t, target, event, shifts, roll, used)
    track = _track_name(target, event.track)
    resist = event.resist or Payment()
    if resist.stress is not None:
        raise RulesError("Against an attack the stress is the hit itself: resist with consequences and invokes.",
                         field="resist.stress", code="invalid")
    if kind == "thing" and (resist.consequences or resist.invokes):
        raise RulesError(f"{target.name} is a thing: things do not resist.", field="resist", code="invalid")
    board, resist_used = _invoke(board, resist.invokes, field="resist.invokes")
    r = _hit(target, track, shifts, resist.consequences, len(resist.invokes))
    target = _with_track(target, track, r.track)
    if kind == "actor":
        target = _labelled(target, resist.names)
    board = _set(board, kind, t, target)
    distance = _range(board, actor.zone, target.zone)
    what = f"{target.name}'s {TRACK_WORDS[track]}" if kind == "actor" else target.name
    soaked = []
    if r.consequences:
        soaked.append(_consequence_words(r.consequences, resist.names))
    if resist.invokes:
        soaked.append(_invoke_words(resist.invokes, resist_used))
    after = f" after {', '.join(soaked)}" if soaked else ""
    if r.taken_out:
        result = (f"{r.stress} stress{after} would mark box {r.would_mark}, above the threshold of {r.threshold}: "
                  f"{target.name} is {'taken out' if kind == 'actor' else 'beaten'}")
        board = _take_out(board, kind, t, by=actor.name)
    elif r.box:
        rolled = f" (box {r.rolled_up_from} was marked)" if r.rolled_up_from else ""
        result = f"{r.stress} stress{after} marks box {r.box}{rolled}"
    else:
        result = f"the hit is soaked{after}" if soaked else "no stress"
    far = f", range {distance}" if distance else ""
    text = f"{actor.name} attacks {what} ({_shifts_words(shifts)}{far}): {result}{_roll_words(roll, used)}"
    return board, Entry(board.exchange, "", _line(board, text), actor.name, target.name, shifts, distance), target.name, track


def _attack_aspect(board, actor, k, aspect, event, shifts, roll, used):
    """An attack on an aspect's stress boxes (docs/edgerunner/conflicts.md#at-the-table): a hit on a
    track whose threshold is its boxes; above it, the aspect leaves the board. It does not resist."""
    if event.resist is not None:
        raise RulesError(f"{aspect.name} is an aspect: aspects do not resist.", field="resist", code="invalid")
    r = tracks.hit(aspect.track(), max(0, shifts))
    distance = _range(board, actor.zone, _aspect_zone(board, aspect))
    if r.taken_out:
        board = replace(board, aspects=board.aspects[:k] + board.aspects[k + 1:])
        result = (f"{r.stress} stress would mark box {r.would_mark}, above its {r.threshold} "
                  f"box{'' if r.threshold == 1 else 'es'}: {aspect.name} is removed from the board")
    else:
        board = replace(board, aspects=board.aspects[:k] + (replace(aspect, marked=r.track.marked),)
                        + board.aspects[k + 1:])
        if r.box:
            rolled = f" (box {r.rolled_up_from} was marked)" if r.rolled_up_from else ""
            result = f"{r.stress} stress marks box {r.box}{rolled}"
        else:
            result = "no stress"
    far = f", range {distance}" if distance else ""
    text = (f"{actor.name} attacks the aspect {aspect.name} ({_shifts_words(shifts)}{far}): {result}"
            f"{_roll_words(roll, used)}")
    return (board, Entry(board.exchange, "", _line(board, text), actor.name, aspect.name, shifts, distance),
            aspect.name, None)


def _defense(board, index, event, shifts, roll, used):
    kind, t, target = _target(board, event.target)
    actor = board.actors[index]
    track = _track_name(target, event.track)
    distance = _range(board, actor.zone, target.zone)
    if distance is None:
        raise RulesError(f"{target.name} is out of range: no border leads there.", field="target", code="no_route")
    threshold = tracks.defense_threshold(shifts, distance)
    defenses = tuple((n, d) for n, d in target.defenses if n != track) + ((track, Defense(actor.name, threshold)),)
    board = _set(board, kind, t, replace(target, defenses=defenses))
    whose = "their own" if target.name == actor.name else f"{target.name}'s"
    far = f" − range {distance}" if distance else ""
    text = (f"{actor.name} defends {whose} {TRACK_WORDS[track]}: threshold {threshold} "
            f"({_shifts_words(shifts)}{far}){_roll_words(roll, used)}")
    return board, Entry(board.exchange, "", _line(board, text), actor.name, target.name, shifts, distance), target.name, track


def _maneuver(board, index, event, shifts, roll, used):
    actor = board.actors[index]
    name = event.aspect
    if not name:
        raise RulesError("Name the aspect the maneuver places.", field="aspect", code="required")
    if any(a.name == name for a in board.aspects):
        raise RulesError(f"An aspect called {shown(name)} is already on the board: name this one differently.",
                         field="aspect", code="duplicate")
    taken = next((n for n in (*(a.name for a in board.aspects), *(x.name for x in (*board.actors, *board.things)))
                  if alike(n, name)), None)
    if taken is not None:
        raise RulesError(why_alike(taken, name), field="aspect", code="duplicate")
    if board.who(name) is not None:
        raise RulesError(f"{shown(name)} is the name of an actor or thing: name the aspect differently.",
                         field="aspect", code="duplicate")
    on = event.on
    placed_on = _aspect_target(board, on, event.target)
    resisted = ""
    if on in ("zone", "border") and event.resist is not None:
        raise RulesError(f"A {on} does not resist: nobody takes stress or consequences against an aspect placed on it.",
                         field="resist", code="invalid")
    if on in ("actor", "thing") and placed_on != actor.name:
        kind, t, _ = _target(board, placed_on)
        if event.resist is not None:
            board, paid, resisted = _pay(board, kind, t, event.resist, field="resist")
            shifts -= paid
    where = " ↔ ".join(placed_on) if on == "border" else placed_on
    notes = (f"; resisted: {resisted}" if resisted else "") + _roll_words(roll, used)
    if maneuver.placed(shifts):
        free = maneuver.free_invokes(shifts)
        board = replace(board, aspects=board.aspects + (Aspect(name, on, placed_on, free),))
        text = f"{actor.name} places {name} on {where} ({_shifts_words(shifts)}: {free} free invoke{'' if free == 1 else 's'})"
    else:
        text = f"{actor.name} fails to place {name} on {where} ({_shifts_words(shifts)})"
    key = (on, placed_on)
    return board, Entry(board.exchange, "", _line(board, text + notes), actor.name, placed_on, shifts), key, None


def _recovery(board, index, event, shifts, roll, used):
    kind, t, target = _target(board, event.target)
    actor = board.actors[index]
    track = _track_name(target, event.track)
    if kind == "actor" and target.name != actor.name and target.name in board.acted:
        raise RulesError(f"{target.name} has already acted in exchange {board.exchange}: a recovery needs the "
                         "target's turn too.", field="target", code="invalid")
    try:
        r = tracks.recovery(target.track(track), max(0, shifts), chosen=event.boxes)
    except RulesError as err:
        raise RulesError(err.message, field="boxes", code=err.code) from None
    board = _set(board, kind, t, _with_track(target, track, r.track))
    if kind == "actor":
        board = replace(board, acted=board.acted | {target.name})
    cleared = (f"clears box{'es' if len(r.chosen) > 1 else ''} {', '.join(map(str, r.chosen))}"
               if r.chosen else "clears nothing")
    whose = "their own" if target.name == actor.name else f"{target.name}'s"
    text = f"{actor.name} recovers {whose} {TRACK_WORDS[track]}: {cleared} ({r.chosen_cost} of {_shifts_words(shifts)})"
    return (board, Entry(board.exchange, "", _line(board, text + _roll_words(roll, used)), actor.name, target.name,
                         shifts), target.name, track)


_ACTIONS = {"move": _move, "move_another": _move_another, "attack": _attack, "defense": _defense,
            "maneuver": _maneuver, "recovery": _recovery}
