"""The Edgerunner conflict board: a whole conflict as a log of events.

Rules: docs/edgerunner/conflicts.md#exchanges (exchanges and who acts),
docs/edgerunner/conflicts.md#actions (every action), docs/edgerunner/conflicts.md#game-over.
The board state is what the log gives, event after event (:func:`apply`);
undo is the log without its last event. Nothing here computes a rule of its
own that another module already knows: routes, reach and range come from
:mod:`rules_core.borders`, hits, absorption, defense thresholds and recovery
from :mod:`rules_core.tracks`, free invokes from :mod:`rules_core.maneuver`,
the dice from :mod:`rules_core.dice`.

Values come in already checked for their type and range (the API reads them,
:mod:`rules_core.api.board.read`); this module checks what depends on the
board: names, zones, who may act, what a roll can reach.

* **Exchanges** (docs/edgerunner/conflicts.md#social-initiative): every actor still in acts once per
  exchange, in the order the log gives. The exchange ends when everyone
  still in has acted (a lost turn counts) or when the table ends it; the next
  action opens the next one.
* **Shifts** (docs/edgerunner/conflicts.md#rolling-shifts): rating + dice − bid + 2 per invoke − the
  opposing skill (active opposition). An aspect on the board with a free
  invoke left uses it up; any other invoke is paid by the table.
* An action with the same skill, kind and target as the actor's previous one
  must be a **Continue** (docs/edgerunner/conflicts.md#continue).
* **Resist** (docs/edgerunner/conflicts.md#resist) is part of the action it answers: the target
  takes stress (one shift per point, a hit of that size on a track it
  chooses), consequences (their value) or invokes (2 each). Against an attack
  (docs/edgerunner/conflicts.md#attack) the target's consequences and invokes reduce the hit itself
  (docs/edgerunner/stress.md#soak).

Rulings beyond the rules page (each stated where it applies; see :data:`RULINGS`).

>>> setup = make_setup(
...     borders.ZoneMap(("West end", "Middle", "East end"),
...                     (borders.Border("West end", "Middle", (borders.Way("", 3, 3),)),
...                      borders.Border("Middle", "East end", (borders.Way("", 3, 3),)))),
...     sides=("Crew", "Gang"),
...     actors=(new_actor("Gatto", "Crew", "West end"), new_actor("Hargan", "Gang", "East end")))
>>> b = start(setup)
>>> b, entry = apply(b, Event("move", actor="Gatto", roll=Roll("Athletics", 3, dice=-1), zone=None))
>>> entry.text
'Exchange 1 — Gatto moves: 2 shifts reach no other zone (Middle is 1 short)'
>>> b, entry = apply(b, Event("move", actor="Hargan", roll=Roll("Athletics", 2, dice=1), zone="Middle"))
>>> entry.text, b.closed
('Exchange 1 — Hargan moves East end → Middle (3 of 3 shifts)', True)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import borders, dice, maneuver, tracks
from .boosts import INVOKE_VALUE
from .errors import RulesError, shown

__docformat__ = "google"

TRACKS = tracks.TRACKS
"""An actor's three stress tracks."""
THING_TRACK = "stress"
"""The one track of a thing (a lock's integrity, a problem's time track)."""
TRACK_WORDS = {"cool": "Cool", "humanity": "Humanity", "reputation": "Reputation", THING_TRACK: "stress"}

ROLLED = ("move", "move_another", "attack", "defense", "maneuver", "recovery")
"""Actions that roll (or continue a roll)."""
TURNS = ROLLED + ("continue", "simple", "compel")
"""Events that are an actor's turn in the exchange (a compel only when accepted)."""
TABLE = ("taken_out", "concession", "end_exchange", "end")
"""Events the table logs, outside anyone's turn."""
KINDS = TURNS + TABLE
ASPECT_ON = ("zone", "border", "actor", "thing")

RULINGS = (
    "An actor's consequence slots are shared by their three tracks: a slot taken on one is gone for the others.",
    "A thing has no consequence slots and does not resist; its threshold is all its defense.",
    "An invoke naming an aspect that is not on the board (a character's own aspect) is paid by the table; "
    "an aspect on the board spends its free invokes first.",
    "An aspect can be invoked once per action, and its name is unique on the board.",
    "An actor's previous action is their last turn; a simple action or a lost turn leaves nothing to continue.",
    "A defense also reverts when its defender loses a turn to a compel or is taken out; "
    "a second defense on the same track replaces the first.",
    "A move with too few shifts to reach another zone is logged as staying put; it still uses the turn.",
    "Stress taken to boost a move (one shift per point) is marked as a hit of that size on a track of the "
    "mover's choice, like stress taken to resist.",
    "A compel is offered before the roll: it is refused for an actor who has already acted this exchange; "
    "a refused compel is logged and leaves the turn.",
    "Nothing targets an actor or thing already taken out.",
    "With two sides, the side that accepts a concession wins; with more, no winner is named.",
    "The table cannot end an exchange in which nobody has acted yet.",
    "Continuing a defense sets it again with the same shifts, the range measured anew (also after the target moved).",
    "A thing without a zone is at range 0 from everyone; recovering a thing uses only the recoverer's turn.",
    "Actors and things share one set of names, and every side needs at least one actor at setup.",
    "Redefining a border beaten as a thing is a change to the map (the setup), not an event of the log.",
)
"""Every ruling the board adds beyond docs/edgerunner/conflicts.md#actions, one sentence each."""


# ---------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Defense:
    """A defense in effect on one track: who holds it and the threshold it sets."""

    by: str
    threshold: int


@dataclass(frozen=True, slots=True)
class Previous:
    """What an actor's last action was, for Continue: its kind, skill, target
    (a name, or ``(on, target)`` for a maneuver), track, shifts, and the aspects
    already invoked for it."""

    kind: str
    skill: str
    target: object
    track: str | None
    shifts: int
    invoked: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Actor:
    """An actor: a side, a zone, three tracks (sharing consequence slots),
    the defenses on them (track → :class:`Defense`), taken out or not, and
    their previous action."""

    name: str
    side: str
    zone: str
    tracks: tuple[tuple[str, tracks.Track], ...]
    defenses: tuple[tuple[str, Defense], ...] = ()
    out: bool = False
    previous: Previous | None = None

    def track(self, name: str) -> tracks.Track:
        return dict(self.tracks)[name]

    def defense(self, name: str) -> Defense | None:
        return dict(self.defenses).get(name)


@dataclass(frozen=True, slots=True)
class Thing:
    """A target with no side that does not act: one track, maybe a zone."""

    name: str
    zone: str | None
    tracks: tuple[tuple[str, tracks.Track], ...]
    defenses: tuple[tuple[str, Defense], ...] = ()
    out: bool = False

    def track(self, name: str) -> tracks.Track:
        return dict(self.tracks)[name]

    def defense(self, name: str) -> Defense | None:
        return dict(self.defenses).get(name)


@dataclass(frozen=True, slots=True)
class Aspect:
    """A named aspect on a zone, a border (``(zone, zone)``), an actor or a thing, with its free invokes."""

    name: str
    on: str
    target: object
    free_invokes: int = 0


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll: skill name and rating, the dice total (from faces or typed), the
    bid, the aspects invoked and the opposing skill."""

    skill: str
    rating: int
    dice: int
    faces: str | None = None
    bid: int = 0
    invokes: tuple[str, ...] = ()
    opposition: int = 0


@dataclass(frozen=True, slots=True)
class Payment:
    """Stress (track, amount), consequences and invokes a target pays to
    resist (or a mover pays to boost a move)."""

    stress: tuple[str, int] | None = None
    consequences: tuple[str, ...] = ()
    invokes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log: ``kind`` and the fields that kind uses."""

    kind: str
    actor: str | None = None
    roll: Roll | None = None
    target: object = None
    track: str | None = None
    zone: str | None = None
    aspect: str | None = None
    on: str | None = None
    boxes: tuple[int, ...] | None = None
    resist: Payment | None = None
    boost: Payment | None = None
    invokes: tuple[str, ...] = ()
    side: str | None = None
    note: str = ""
    accepted: bool = True


@dataclass(frozen=True, slots=True)
class Setup:
    """The map, the sides, and the actors, things and aspects as they start."""

    map: borders.ZoneMap
    sides: tuple[str, ...]
    actors: tuple[Actor, ...]
    things: tuple[Thing, ...] = ()
    aspects: tuple[Aspect, ...] = ()


@dataclass(frozen=True, slots=True)
class Board:
    """The state after some events."""

    setup: Setup
    actors: tuple[Actor, ...]
    things: tuple[Thing, ...]
    aspects: tuple[Aspect, ...]
    exchange: int = 1
    closed: bool = False
    acted: frozenset[str] = frozenset()
    over: bool = False
    ended: str | None = None
    winner: str | None = None
    conceded: str | None = None
    story: str = ""
    _where: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        if not self._where:
            where = {a.name: ("actor", i) for i, a in enumerate(self.actors)}
            where.update({t.name: ("thing", i) for i, t in enumerate(self.things)})
            object.__setattr__(self, "_where", where)

    def who(self, name) -> tuple[str, int] | None:
        return self._where.get(name) if isinstance(name, str) else None

    def actor(self, name: str) -> Actor | None:
        w = self.who(name)
        return self.actors[w[1]] if w and w[0] == "actor" else None

    def in_play(self) -> list[Actor]:
        return [a for a in self.actors if not a.out]

    def to_act(self) -> list[str]:
        """Actors still in who have not acted this exchange (all of them once it has closed)."""
        return [a.name for a in self.actors if not a.out and (self.closed or a.name not in self.acted)]


@dataclass(frozen=True, slots=True)
class Entry:
    """What one event did, for the log: a story line and the figures behind it."""

    exchange: int
    kind: str
    text: str
    actor: str | None = None
    target: object = None
    shifts: int | None = None
    range: int | None = None


# ---------------------------------------------------------------- setup


def new_actor(name: str, side: str, zone: str, thresholds=None, marked=None, consequences=None) -> Actor:
    """An actor as the setup gives them: thresholds and marked boxes by track
    (default threshold 2, nothing marked), consequence values (default mild 1,
    moderate 2, severe 4)."""
    thresholds = thresholds or {}
    marked = marked or {}
    values = tuple((consequences or dict(tracks.Track().consequences)).items())
    made = tuple((t, tracks.Track(thresholds.get(t, 2), frozenset(marked.get(t, ())), values)) for t in TRACKS)
    return Actor(name, side, zone, made)


def new_thing(name: str, threshold: int, zone: str | None = None, marked=()) -> Thing:
    """A thing with one track of ``threshold`` and no consequence slots."""
    return Thing(name, zone, ((THING_TRACK, tracks.Track(threshold, frozenset(marked), ())),))


def make_setup(zone_map: borders.ZoneMap, sides, actors, things=(), aspects=()) -> Setup:
    """Check a setup against its map: names unique, every side known and
    manned, every zone on the map, every aspect on something that exists.

    Errors name the place in the setup (``actors[1].name``)."""
    sides = tuple(sides)
    seen_sides: set[str] = set()
    for i, s in enumerate(sides):
        if s in seen_sides:
            raise RulesError(f"Two sides are called {shown(s)}.", field=f"sides[{i}]", code="duplicate")
        seen_sides.add(s)
    if len(sides) < 2:
        raise RulesError("A conflict needs at least two sides.", field="sides", code="too_small")
    names: set[str] = set()
    for i, a in enumerate(actors):
        if a.name in names:
            raise RulesError(f"The name {shown(a.name)} is taken twice: give each actor their own.",
                             field=f"actors[{i}].name", code="duplicate")
        names.add(a.name)
        if a.side not in seen_sides:
            raise RulesError(f"{a.name}'s side {shown(a.side)} is not one of the sides.",
                             field=f"actors[{i}].side", code="unknown")
        if a.zone not in zone_map.zones:
            raise RulesError(f"{a.name} stands in {shown(a.zone)}, which is not on this map: "
                             "choose a zone the map has.", field=f"actors[{i}].zone", code="unknown")
    for i, s in enumerate(sides):
        if not any(a.side == s for a in actors):
            raise RulesError(f"The side {shown(s)} has no actors: add one, or remove the side.",
                             field=f"sides[{i}]", code="required")
    for i, t in enumerate(things):
        if t.name in names:
            raise RulesError(f"The name {shown(t.name)} is taken twice: actors and things each need their own.",
                             field=f"things[{i}].name", code="duplicate")
        names.add(t.name)
        if t.zone is not None and t.zone not in zone_map.zones:
            raise RulesError(f"{t.name} is in {shown(t.zone)}, which is not on this map.",
                             field=f"things[{i}].zone", code="unknown")
    probe = Board(Setup(zone_map, sides, tuple(actors), tuple(things)), tuple(actors), tuple(things), ())
    aspect_names: set[str] = set()
    for i, asp in enumerate(aspects):
        if asp.name in aspect_names:
            raise RulesError(f"Two aspects are called {shown(asp.name)}.", field=f"aspects[{i}].name", code="duplicate")
        aspect_names.add(asp.name)
        try:
            _aspect_target(probe, asp.on, asp.target, field="target", allow_out=True)
        except RulesError as err:
            raise RulesError(err.message, field=f"aspects[{i}].{err.field}", code=err.code) from None
    return Setup(zone_map, sides, tuple(actors), tuple(things), tuple(aspects))


def start(setup: Setup) -> Board:
    """The board before any event: exchange 1, nobody has acted."""
    return Board(setup, setup.actors, setup.things, setup.aspects)


# ---------------------------------------------------------------- looking things up


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


# ---------------------------------------------------------------- changing values


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
        words.append(" and ".join(f"a {c} consequence" for c in payment.consequences))
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


def _invoke_words(names, used) -> str:
    return ", ".join(f"{n} ({u})" for n, u in zip(names, used)) + " invoked"


def _take_out(board: Board, kind: str, index: int) -> Board:
    value = board.actors[index] if kind == "actor" else board.things[index]
    board = _set(board, kind, index, replace(value, out=True, defenses=()))
    if kind == "actor":
        board = _revert_defenses_by(board, value.name)
    return board


# ---------------------------------------------------------------- the exchange


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


# ---------------------------------------------------------------- applying an event


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
    board = _set(board, "actor", index, replace(actor, previous=Previous(kind, skill, key, track, shifts, invoked)))
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
    board, entry = _relocate(board, "actor", index, actor, event.zone, shifts, actor.name, roll, used, boost)
    return board, entry, None, None


def _relocate(board, kind, index, mover, zone, shifts, by, roll, used, extra, resisted=""):
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
        raise RulesError(f"{zone} is beyond reach: the way there costs {there.route.cost} shifts and the roll has "
                         f"{shifts} ({there.shortfall} short).", field="zone", code="too_large")
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
    kind, t, target = _target(board, event.target)
    actor = board.actors[index]
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
    board = _set(board, kind, t, target)
    distance = _range(board, actor.zone, target.zone)
    what = f"{target.name}'s {TRACK_WORDS[track]}" if kind == "actor" else target.name
    soaked = []
    if r.consequences:
        soaked.append(" and ".join(f"a {c} consequence" for c in r.consequences))
    if resist.invokes:
        soaked.append(_invoke_words(resist.invokes, resist_used))
    after = f" after {', '.join(soaked)}" if soaked else ""
    if r.taken_out:
        result = (f"{r.stress} stress{after} would mark box {r.would_mark}, above the threshold of {r.threshold}: "
                  f"{target.name} is {'taken out' if kind == 'actor' else 'beaten'}")
        board = _take_out(board, kind, t)
    elif r.box:
        rolled = f" (box {r.rolled_up_from} was marked)" if r.rolled_up_from else ""
        result = f"{r.stress} stress{after} marks box {r.box}{rolled}"
    else:
        result = f"the hit is soaked{after}" if soaked else "no stress"
    far = f", range {distance}" if distance else ""
    text = f"{actor.name} attacks {what} ({_shifts_words(shifts)}{far}): {result}{_roll_words(roll, used)}"
    return board, Entry(board.exchange, "", _line(board, text), actor.name, target.name, shifts, distance), target.name, track


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
    on = event.on
    placed_on = _aspect_target(board, on, event.target)
    resisted = ""
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


_HANDLERS = {**{k: _rolled for k in ROLLED}, "continue": _continue, "simple": _simple, "compel": _compel,
             "taken_out": _taken_out, "concession": _concession, "end_exchange": _end_exchange, "end": _end}


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


# ---------------------------------------------------------------- before choosing


@dataclass(frozen=True, slots=True)
class Preview:
    """What an action's form needs before the choice: see :func:`preview`."""

    kind: str
    actor: str
    shifts: int | None
    must_continue: bool
    previous: Previous | None
    range: int | None = None
    reach: tuple[borders.Reach, ...] = ()
    track: str | None = None
    threshold: int | None = None
    absorb: tuple = ()
    defense_threshold: int | None = None
    free_invokes: int | None = None
    recovery: tracks.Recovery | None = None


def preview(board: Board, event: Event) -> Preview:
    """What the form of ``event`` (maybe incomplete) needs before choosing.

    * move / move another: every zone with its cost and shortfall from the
      mover's zone (:func:`rules_core.borders.reach`);
    * attack: the target's ways to stay in (:func:`rules_core.tracks.absorb_options`,
      with a defense in effect, and the target's free invokes on the board);
    * defense: the threshold it would set; maneuver: the free invokes;
    * recovery: the boxes the roll can clear (:func:`rules_core.tracks.recovery`).
    """
    if event.kind not in TURNS:
        raise RulesError(f"There is no action {shown(event.kind)} to preview.", field="kind", code="unknown")
    board, _, actor = _acting(board, event.actor)
    prev = actor.previous
    shifts = None
    if event.kind == "continue":
        if prev is None:
            raise RulesError(f"{actor.name} has no previous action to continue: roll a new one.", field="kind",
                             code="invalid")
        shifts = prev.shifts + INVOKE_VALUE * len(event.invokes)
        kind = prev.kind
        event = replace(event, kind=kind, target=prev.target if kind != "maneuver" else prev.target[1],
                        on=prev.target[0] if kind == "maneuver" else event.on, track=prev.track)
    elif event.roll is not None:
        shifts = _shifts(event.roll)
    kind = event.kind
    must = bool(prev and event.roll and kind in ROLLED
                and (prev.kind, prev.skill, prev.target) == (kind, event.roll.skill, _previous_key(board, event)))
    out = Preview(kind, actor.name, shifts, must, prev)
    m = board.setup.map
    if kind == "move":
        return replace(out, reach=tuple(_reach(m, actor.zone, shifts if shifts is not None else 0)))
    if kind not in ("move_another", "attack", "defense", "recovery", "maneuver") or event.target is None:
        return out
    if kind == "maneuver":
        free = maneuver.free_invokes(shifts) if shifts is not None and maneuver.placed(shifts) else None
        return replace(out, free_invokes=free)
    tkind, _, target = _target(board, event.target)
    distance = _range(board, actor.zone, target.zone)
    out = replace(out, range=distance)
    if kind == "move_another":
        if target.zone is None:
            return out
        return replace(out, reach=tuple(_reach(m, target.zone, shifts if shifts is not None else 0)))
    if kind == "defense":
        return replace(out, defense_threshold=None if shifts is None or distance is None
                       else tracks.defense_threshold(shifts, distance))
    if event.track is None and tkind == "actor":
        return out
    track = _track_name(target, event.track)
    d = target.defense(track)
    threshold = d.threshold if d else target.track(track).threshold
    out = replace(out, track=track, threshold=threshold)
    if shifts is None:
        return out
    if kind == "attack":
        # the target's own free invokes on the board (a thing does not resist)
        free = sum(a.free_invokes for a in board.aspects if a.on == "actor" and a.target == target.name)
        options = tracks.absorb_options(target.track(track), max(0, shifts), invokes=free if tkind == "actor" else 0,
                                        defense=d.threshold if d else None)
        return replace(out, absorb=tuple(options))
    return replace(out, recovery=tracks.recovery(target.track(track), max(0, shifts)))
