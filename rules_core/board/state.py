"""Looking things up on the board and changing them: targets, tracks, zones, range
(docs/edgerunner/conflicts.md#borders), invokes and payments (docs/edgerunner/conflicts.md#resist),
and the exchange (docs/edgerunner/conflicts.md#exchanges)."""
from __future__ import annotations

from dataclasses import replace

from .. import borders, dice, tracks
from ..boosts import INVOKE_VALUE
from ..errors import RulesError, shown
from .values import TRACK_WORDS, TRACKS, Actor, Board, Payment, Roll


def _target(board: Board, name, *, field: str = "target", things: bool = True, allow_out: bool = False):
    """An actor or thing by name (not taken out): ``(kind, index, value)``."""
    if not isinstance(name, str) or not name:
        raise RulesError("Choose a target.", field=field, code="required")
    w = board.who(name)
    if w is None or (w[0] == "thing" and not things):
        what = "actor or thing" if things else "actor"
        raise RulesError(f"There is no {what} called {shown(name)} on the board.", field=field, code="unknown")
    value = board.actors[w[1]] if w[0] == "actor" else board.things[w[1]]
    if value.out and not allow_out:
        gone = "is taken out" if w[0] == "actor" else "is already beaten"
        raise RulesError(f"{name} {gone}: nothing targets them any more.", field=field, code="invalid")
    return w[0], w[1], value


def _attack_target(board: Board, name, *, field: str = "target"):
    """What an attack can hit: an actor or thing, or else an aspect on the board that has stress boxes
    (docs/edgerunner/conflicts.md#at-the-table): ``(kind, index, value)``, kind ``"aspect"`` for an aspect."""
    if isinstance(name, str) and name and board.who(name) is None:
        k = next((k for k, a in enumerate(board.aspects) if a.name == name), None)
        if k is None:
            raise RulesError(f"There is no actor, thing or aspect called {shown(name)} on the board.", field=field,
                             code="unknown")
        aspect = board.aspects[k]
        if not aspect.boxes:
            raise RulesError(f"{name} was placed with no free invokes, so it has no stress boxes: it cannot be "
                             "attacked.", field=field, code="invalid")
        return "aspect", k, aspect
    return _target(board, name, field=field)


def _aspect_zone(board: Board, aspect) -> str | None:
    """Where an aspect is, for range: its zone, its target's zone, or a border's first zone."""
    if aspect.on == "zone":
        return aspect.target
    if aspect.on == "border":
        return aspect.target[0]
    w = board.who(aspect.target)
    if w is None:
        return None
    return (board.actors[w[1]] if w[0] == "actor" else board.things[w[1]]).zone


def _consequence_words(consequences, labels=()) -> str:
    """"a mild consequence, “Cracked ribs” and a moderate consequence" for the log."""
    named = dict(labels)
    return " and ".join(f"a {c} consequence" + (f", “{named[c]}”" if c in named else "") for c in consequences)


def _track_name(value, track, *, field: str = "track") -> str:
    names = [n for n, _ in value.tracks]
    if track is None:
        if len(names) == 1:
            return names[0]
        raise RulesError(f"Choose one of {value.name}'s tracks: Cool, Humanity or Reputation.", field=field,
                         code="required")
    if track not in names:
        raise RulesError(f"{value.name} has no {shown(track)} track (it has {', '.join(names)}).", field=field,
                         code="unknown")
    return track


def _zone(zone_map: borders.ZoneMap, value: str, field: str) -> str:
    """A zone an event names, checked against this board's map: the reader of
    events doesn't know the map, so this check depends on the board
    (``docs/edgerunner/conflicts.md#the-map``)."""
    if not zone_map.has(value):
        raise RulesError(f"There is no zone called {shown(value)} on this map.", field=field, code="unknown")
    return value


def _aspect_target(board: Board, on, target, *, field: str = "target", allow_out: bool = False):
    """Check what an aspect is placed on; returns the target as stored."""
    m = board.setup.map
    if on == "zone":
        return _zone(m, target, field)
    if on == "border":
        if not isinstance(target, (list, tuple)) or len(target) != 2:
            raise RulesError("A border is named by its two zones.", field=field, code="invalid")
        a, b = (_zone(m, z, f"{field}[{k}]") for k, z in enumerate(target))
        if not any(other == b for _, other in m.exits(a)):
            raise RulesError(f"There is no border between {a} and {b}.", field=field, code="unknown")
        return (a, b)
    kind, _, value = _target(board, target, field=field, allow_out=allow_out)
    if kind != on:
        raise RulesError(f"{target} is {'an actor' if kind == 'actor' else 'a thing'}, not {'an' if on == 'actor' else 'a'} {on}.",
                         field="on", code="invalid")
    return value.name


_REACHED: dict = {}
"""Recent :func:`rules_core.borders.reach` answers by (map, start, shifts): a conflict asks the same
few again and again (the map is kept in the value, so its id is not reused while cached)."""


def _reach(zone_map: borders.ZoneMap, start: str, shifts: int) -> list[borders.Reach]:
    key = (id(zone_map), start, shifts)
    hit = _REACHED.get(key)
    if hit is None or hit[0] is not zone_map:
        if len(_REACHED) >= 256:
            _REACHED.clear()
        hit = _REACHED[key] = (zone_map, borders.reach(zone_map, start, shifts))
    return hit[1]


def _range(board: Board, a: str | None, b: str | None) -> int | None:
    if a is None or b is None:
        return 0
    return borders.ranges(board.setup.map, a).get(b)



def _set(board: Board, kind: str, index: int, value) -> Board:
    if kind == "actor":
        return replace(board, actors=board.actors[:index] + (value,) + board.actors[index + 1:])
    return replace(board, things=board.things[:index] + (value,) + board.things[index + 1:])


def _with_track(value, name: str, track: tracks.Track):
    """``value`` with track ``name`` replaced; an actor's consequence slots taken are shared by all tracks."""
    out = []
    for n, t in value.tracks:
        if n == name:
            out.append((n, track))
        else:
            out.append((n, replace(t, taken=track.taken) if t.taken != track.taken else t))
    return replace(value, tracks=tuple(out))


def _without_defense(value, track: str | None = None, by: str | None = None):
    kept = tuple((t, d) for t, d in value.defenses
                 if not ((track is None or t == track) and (by is None or d.by == by)))
    return value if kept == value.defenses else replace(value, defenses=kept)


def _revert_defenses_by(board: Board, name: str) -> Board:
    """Every defense ``name`` holds reverts (they took another kind of action)."""
    actors = tuple(_without_defense(a, by=name) if a.defenses else a for a in board.actors)
    things = tuple(_without_defense(t, by=name) if t.defenses else t for t in board.things)
    if actors == board.actors and things == board.things:
        return board
    return replace(board, actors=actors, things=things)


def _invoke(board: Board, names, *, field: str = "invokes") -> tuple[Board, list[str]]:
    """Use each invoked aspect once: a free invoke if the board's aspect has one left, else a paid one.

    Returns the board and a word per invoke ("free" or "paid")."""
    words = []
    seen: set[str] = set()
    aspects = list(board.aspects)
    for i, name in enumerate(names):
        if name in seen:
            raise RulesError(f"{shown(name)} is invoked twice: an aspect can be invoked once per action.",
                             field=f"{field}[{i}]", code="duplicate")
        seen.add(name)
        k = next((k for k, a in enumerate(aspects) if a.name == name), None)
        if k is not None and aspects[k].free_invokes > 0:
            aspects[k] = replace(aspects[k], free_invokes=aspects[k].free_invokes - 1)
            words.append("free")
        else:
            words.append("paid")
    return (replace(board, aspects=tuple(aspects)) if words else board), words


def _shifts(roll: Roll) -> int:
    """Rating + dice − bid + 2 per invoke − the opposing skill (docs/edgerunner/conflicts.md#rolling-shifts)."""
    base = dice.shifts(roll.rating, roll.faces, bid=roll.bid) if roll.faces is not None else roll.rating + roll.dice - roll.bid
    return base + INVOKE_VALUE * len(roll.invokes) - roll.opposition


def _hit(value, track_name: str, shifts: int, consequences=(), invokes: int = 0,
         field: str = "resist") -> tracks.HitResult:
    d = value.defense(track_name)
    try:
        return tracks.hit(value.track(track_name), max(0, shifts), consequences=consequences, invokes=invokes,
                          defense=d.threshold if d else None)
    except RulesError as err:
        raise RulesError(err.message, field=f"{field}.{err.field}", code=err.code) from None


def _pay(board: Board, kind: str, index: int, payment: Payment | None, *, field: str) -> tuple[Board, int, str]:
    """An actor pays stress, consequences and invokes (to resist, or to boost a move).

    Returns the board, the shifts paid and words for the log. Stress is a hit
    of its size on the chosen track (docs/edgerunner/conflicts.md#resist): it can take them out."""
    if payment is None or (payment.stress is None and not payment.consequences and not payment.invokes):
        return board, 0, ""
    value = board.actors[index] if kind == "actor" else board.things[index]
    if kind != "actor":
        raise RulesError(f"{value.name} is a thing: things do not resist.", field=field, code="invalid")
    words = []
    total = 0
    if payment.consequences:
        track = value.track(TRACKS[0])
        free = track.free_consequences()
        for i, c in enumerate(payment.consequences):
            if c not in dict(track.consequences):
                raise RulesError(f"There is no {shown(c)} consequence slot.", field=f"{field}.consequences[{i}]",
                                 code="unknown")
            if c not in free or c in payment.consequences[:i]:
                raise RulesError(f"{value.name}'s {c} consequence is already taken: each slot is used once.",
                                 field=f"{field}.consequences[{i}]", code="invalid")
            total += free[c]
        value = _with_track(value, TRACKS[0], replace(track, taken=track.taken | set(payment.consequences)))
        value = _labelled(value, payment.names)
        words.append(_consequence_words(payment.consequences, payment.names))
    out = False
    if payment.stress is not None:
        name, amount = payment.stress
        name = _track_name(value, name, field=f"{field}.stress.track")
        r = _hit(value, name, amount, field=f"{field}.stress")
        value = _with_track(value, name, r.track)
        total += amount
        where = f"{amount} stress on {TRACK_WORDS[name]}"
        if r.taken_out:
            out = True
            where += f" (box {r.would_mark} is above the threshold of {r.threshold}: taken out)"
        elif r.box:
            where += f" (box {r.box})"
        words.append(where)
    board = _set(board, kind, index, value)
    if out:
        board = _take_out(board, kind, index)
    if payment.invokes:
        board, used = _invoke(board, payment.invokes, field=f"{field}.invokes")
        total += INVOKE_VALUE * len(payment.invokes)
        words.append(_invoke_words(payment.invokes, used))
    return board, total, ", ".join(words)


def _labelled(actor, names):
    """``actor`` with the names given to consequences just taken."""
    if not names:
        return actor
    given = dict(names)
    return replace(actor, labels=tuple((n, v) for n, v in actor.labels if n not in given) + tuple(names))


def _invoke_words(names, used) -> str:
    return ", ".join(f"{n} ({u})" for n, u in zip(names, used)) + " invoked"


def _take_out(board: Board, kind: str, index: int, by: str | None = None) -> Board:
    """Take an actor or thing out; a thing remembers who beat it (``by``: the actor whose action did)."""
    value = board.actors[index] if kind == "actor" else board.things[index]
    gone = replace(value, out=True, defenses=())
    if kind == "thing":
        gone = replace(gone, beaten_by=by)
    board = _set(board, kind, index, gone)
    if kind == "actor":
        board = _revert_defenses_by(board, value.name)
    return board



def _open(board: Board) -> Board:
    """The next action after a closed exchange opens the next one."""
    if board.closed:
        return replace(board, exchange=board.exchange + 1, closed=False, acted=frozenset())
    return board


def _after(board: Board) -> Board:
    """Close the exchange once everyone still in has acted; end the conflict
    when only one side is still in (docs/edgerunner/conflicts.md#game-over)."""
    alive = {a.side for a in board.actors if not a.out}
    if len(alive) <= 1 and not board.over:
        board = replace(board, over=True, ended="taken_out", winner=next(iter(alive), None))
    if not board.closed and board.acted and all(a.name in board.acted for a in board.actors if not a.out):
        board = replace(board, closed=True)
    return board


def _acting(board: Board, name, *, field: str = "actor") -> tuple[Board, int, Actor]:
    if not isinstance(name, str) or not name:
        raise RulesError("Choose who acts.", field=field, code="required")
    w = board.who(name)
    if w is None or w[0] != "actor":
        raise RulesError(f"There is no actor called {shown(name)} on the board.", field=field, code="unknown")
    actor = board.actors[w[1]]
    if actor.out:
        raise RulesError(f"{name} is taken out and no longer acts.", field=field, code="invalid")
    board = _open(board)
    if name in board.acted:
        raise RulesError(f"{name} has already acted in exchange {board.exchange}.", field=field, code="invalid")
    return board, w[1], actor
