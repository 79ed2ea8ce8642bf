"""Applying an event to the board (docs/edgerunner/conflicts.md#actions): the rolled actions,
continue, simple action, compel, and the table's own events (docs/edgerunner/conflicts.md#game-over);
a whole log's history.
"""
from __future__ import annotations

from dataclasses import replace

from .. import borders
from ..boosts import INVOKE_VALUE
from ..errors import RulesError, shown
from .rolled import _ACTIONS, _finish, _line, _rolled
from .setup import start
from .state import _acting, _after, _invoke, _revert_defenses_by, _set, _take_out, _target
from .values import ROLLED, Board, Entry, Event, Pass, Roll, Setup


def apply(board: Board, event: Event) -> tuple[Board, Entry]:
    """The board after ``event``, and its log entry.

    Raises:
        RulesError: naming the event's own field (``zone``, ``target`` …) when
        the event does not fit the board.
    """
    if board.over:
        raise RulesError("The conflict is over: undo the last event to change it.", field="kind", code="invalid")
    handler = _HANDLERS.get(event.kind)
    if handler is None:
        raise RulesError(f"There is no event {shown(event.kind)}.", field="kind", code="unknown")
    board, entry = handler(board, event)
    return board, replace(entry, kind=event.kind)


def _continue(board: Board, event: Event) -> tuple[Board, Entry]:
    board, index, actor = _acting(board, event.actor)
    prev = actor.previous
    if prev is None:
        raise RulesError(f"{actor.name} has no previous action to continue: roll a new one.", field="kind",
                         code="invalid")
    for i, name in enumerate(event.invokes):
        if name in prev.invoked:
            raise RulesError(f"{shown(name)} was already invoked for this action: a continue adds new invokes only.",
                             field=f"invokes[{i}]", code="invalid")
    board = _revert_defenses_by(board, actor.name)      # a continued defense is set again below
    board, used = _invoke(board, event.invokes)
    shifts = prev.shifts + INVOKE_VALUE * len(event.invokes)
    target = prev.target
    if prev.kind == "maneuver":
        on, target = prev.target
        again = replace(event, kind="maneuver", on=on, target=list(target) if isinstance(target, tuple) else target)
    else:
        again = replace(event, kind=prev.kind, target=target, track=prev.track)
    pseudo = Roll(prev.skill, 0, 0, invokes=tuple(event.invokes))
    board, entry, key, track = _ACTIONS[prev.kind](board, index, again, shifts, pseudo, used)
    text = entry.text.replace(f"— {actor.name} moves:", f"— {actor.name} continues the move:", 1)
    text = text.replace(f"— {actor.name} ", f"— {actor.name} continues: ", 1)
    entry = replace(entry, text=text)
    return _finish(board, index, prev.kind, prev.skill, key, track, shifts, prev.invoked | set(event.invokes), entry)


def _simple(board: Board, event: Event) -> tuple[Board, Entry]:
    board, index, actor = _acting(board, event.actor)
    board = _revert_defenses_by(board, actor.name)
    board = _set(board, "actor", index, replace(actor, previous=None))
    board = replace(board, acted=board.acted | {actor.name})
    note = f" — {event.note}" if event.note else ""
    return _after(board), Entry(board.exchange, "simple", _line(board, f"{actor.name}: simple action{note}"), actor.name)


def _compel(board: Board, event: Event) -> tuple[Board, Entry]:
    board, index, actor = _acting(board, event.actor)
    aspect = event.aspect or "an aspect"
    if not event.accepted:
        return board, Entry(board.exchange, "compel",
                            _line(board, f"{actor.name} refuses the compel on {aspect} (a fate point) and still acts"),
                            actor.name)
    board = _revert_defenses_by(board, actor.name)
    board = _set(board, "actor", index, replace(actor, previous=None))
    board = replace(board, acted=board.acted | {actor.name})
    return _after(board), Entry(board.exchange, "compel",
                                _line(board, f"{actor.name} is compelled ({aspect}) and loses the turn"), actor.name)


def _taken_out(board: Board, event: Event) -> tuple[Board, Entry]:
    kind, t, target = _target(board, event.target)
    board = _take_out(board, kind, t)
    word = "is taken out" if kind == "actor" else "is beaten"
    note = f" — {event.note}" if event.note else ""
    return _after(board), Entry(board.exchange, "taken_out", _line(board, f"{target.name} {word}{note}"),
                                None, target.name)


def _concession(board: Board, event: Event) -> tuple[Board, Entry]:
    side = event.side
    if side not in board.setup.sides:
        raise RulesError(f"There is no side called {shown(side)}.", field="side",
                         code="required" if not side else "unknown")
    others = [s for s in board.setup.sides if s != side and any(a.side == s and not a.out for a in board.actors)]
    winner = others[0] if len(others) == 1 else None
    board = replace(board, over=True, ended="concession", conceded=side, winner=winner, story=event.note)
    story = f": {event.note}" if event.note else ""
    accepted = f"; {winner} accepts" if winner else "; the other sides accept"
    return board, Entry(board.exchange, "concession", _line(board, f"{side} concedes{accepted}{story}"))


def _end_exchange(board: Board, event: Event) -> tuple[Board, Entry]:
    if board.closed:
        raise RulesError(f"Exchange {board.exchange} is already over: the next action opens exchange "
                         f"{board.exchange + 1}.", field="kind", code="invalid")
    if not board.acted:
        raise RulesError(f"Nobody has acted in exchange {board.exchange} yet.", field="kind", code="invalid")
    waiting = [a.name for a in board.actors if not a.out and a.name not in board.acted]
    board = replace(board, closed=True)
    left = f" ({', '.join(waiting)} did not act)" if waiting else ""
    return board, Entry(board.exchange, "end_exchange", _line(board, f"the table ends the exchange{left}"))


def _end(board: Board, event: Event) -> tuple[Board, Entry]:
    board = replace(board, over=True, ended="table", story=event.note)
    note = f": {event.note}" if event.note else ""
    return board, Entry(board.exchange, "end", _line(board, f"the table ends the conflict{note}"))


def _redefine_border(board: Board, event: Event) -> tuple[Board, Entry]:
    """The one who beat a thing standing for a border sets that border's pass value
    (docs/edgerunner/conflicts.md#at-the-table): from now on moves, reach and range use it."""
    who = event.actor
    if not isinstance(who, str) or not who:
        raise RulesError("Choose who redefines the border.", field="actor", code="required")
    if board.actor(who) is None:
        raise RulesError(f"There is no actor called {shown(who)} on the board.", field="actor", code="unknown")
    name = event.thing
    if not isinstance(name, str) or not name:
        raise RulesError("Choose the beaten thing that stands for the border.", field="thing", code="required")
    w = board.who(name)
    if w is None or w[0] != "thing":
        raise RulesError(f"There is no thing called {shown(name)} on the board.", field="thing", code="unknown")
    thing = board.things[w[1]]
    if thing.border is None:
        raise RulesError(f"{name} stands for no border of the map: there is no border to redefine.",
                         field="thing", code="invalid")
    if not thing.out:
        raise RulesError(f"{name} is not beaten yet: its border can be redefined once it is taken out.",
                         field="thing", code="invalid")
    if thing.beaten_by != who:
        by = f"{thing.beaten_by} beat it" if thing.beaten_by else "no actor's action beat it"
        raise RulesError(f"Only the one who beat {name} may redefine its border ({by}).", field="actor",
                         code="invalid")
    value = event.pass_value
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError("Give the border's new pass value.", field="pass", code="required")
    if not 0 <= value <= borders.MAX_PASS:
        raise RulesError(f"A pass value is 0 to {borders.MAX_PASS}.", field="pass", code="too_large")
    a, b = thing.border
    m = board.setup.map
    changed = tuple(replace(x, ways=(borders.Way("", value, value),)) if {x.a, x.b} == {a, b} else x
                    for x in m.borders)
    new_map = borders.ZoneMap(m.zones, changed, m.name, m.at)
    passes = tuple(p for p in board.passes if set(p.between) != {a, b}) + (Pass((a, b), value, who),)
    board = replace(board, setup=replace(board.setup, map=new_map), passes=passes)
    text = f"{who} sets the border {a} – {b} to {value} ({name} is beaten)"
    return board, Entry(board.exchange, "redefine_border", _line(board, text), who, name)


_HANDLERS = {**{k: _rolled for k in ROLLED}, "continue": _continue, "simple": _simple, "compel": _compel,
             "taken_out": _taken_out, "concession": _concession, "end_exchange": _end_exchange, "end": _end,
             "redefine_border": _redefine_border}


def history(setup: Setup, events) -> list[tuple[Board, Entry]]:
    """Every step of a log: (board after the event, its entry). Errors carry the event's index."""
    board = start(setup)
    steps = []
    for i, event in enumerate(events):
        try:
            board, entry = apply(board, event)
        except RulesError as err:
            raise RulesError(f"Event {i + 1}: {err.message}", field=err.field, code=err.code, event=i) from None
        steps.append((board, entry))
    return steps
