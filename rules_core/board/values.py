"""The board's values: its actors, things, aspects, events and log entries, and the
names of its tracks and kinds of event (docs/edgerunner/conflicts.md#actions).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import borders, tracks

TRACKS = tracks.TRACKS
"""An actor's three stress tracks."""
THING_TRACK = "stress"
"""The one track of a thing (a lock's integrity, a problem's time track)."""
TRACK_WORDS = {"cool": "Cool", "humanity": "Humanity", "reputation": "Reputation", THING_TRACK: "stress"}

ROLLED = ("move", "move_another", "attack", "defense", "maneuver", "recovery")
"""Actions that roll (or continue a roll)."""
TURNS = ROLLED + ("continue", "simple", "compel")
"""Events that are an actor's turn in the exchange (a compel only when accepted)."""
TABLE = ("taken_out", "concession", "end_exchange", "end", "redefine_border")
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
    "Redefining a border beaten as a thing is an event of the log (undo takes it back): only the actor whose "
    "action beat the thing may log it, and the new pass value holds from then on.",
    "A consequence's name is given in the resist that takes it and stays with the consequence while it is taken.",
    "An aspect attacked does not resist, its boxes are the free invokes it was placed with, and no aspect "
    "may share a name with an actor or a thing.",
)
"""Every ruling the board adds beyond docs/edgerunner/conflicts.md#actions, one sentence each."""



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
    skills: tuple[tuple[str, int], ...] = ()
    """The skills the setup gave them, with ratings (they change no rule: a page fills a rating from them)."""
    aspects: tuple[str, ...] = ()
    """Their own aspects (invoked like any aspect not on the board: paid by the table)."""
    labels: tuple[tuple[str, str], ...] = ()
    """The names given to consequences when taken (slot → name)."""
    habits: tuple[tuple[str, str], ...] = ()
    """The skill they last rolled for each kind of action (kind → skill): an action's sheet offers it first
    (:func:`rules_core.board.choices.skills`); it changes no rule."""

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
    border: tuple[str, str] | None = None
    """The border of the map it stands for, if any (docs/edgerunner/conflicts.md#at-the-table)."""
    beaten_by: str | None = None
    """The actor whose action took it out (they may redefine its border)."""

    def track(self, name: str) -> tracks.Track:
        return dict(self.tracks)[name]

    def defense(self, name: str) -> Defense | None:
        return dict(self.defenses).get(name)


@dataclass(frozen=True, slots=True)
class Aspect:
    """A named aspect on a zone, a border (``(zone, zone)``), an actor or a thing, with its free invokes,
    and its stress boxes: as many as the free invokes it was placed with (``boxes``, kept once they
    are spent) and the ones marked."""

    name: str
    on: str
    target: object
    free_invokes: int = 0
    boxes: int | None = None
    marked: frozenset[int] = frozenset()

    def __post_init__(self):
        if self.boxes is None:
            object.__setattr__(self, "boxes", self.free_invokes)

    def track(self) -> tracks.Track:
        """Its stress boxes as a track with no consequence slots (threshold: its boxes)."""
        return tracks.Track(self.boxes, self.marked, ())


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
    names: tuple[tuple[str, str], ...] = ()
    """Names given to the consequences taken (slot → name)."""


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
    thing: str | None = None
    pass_value: int | None = None


@dataclass(frozen=True, slots=True)
class Setup:
    """The map, the sides, and the actors, things and aspects as they start."""

    map: borders.ZoneMap
    sides: tuple[str, ...]
    actors: tuple[Actor, ...]
    things: tuple[Thing, ...] = ()
    aspects: tuple[Aspect, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """A border's pass value set by the one who beat the thing standing for it."""

    between: tuple[str, str]
    value: int
    by: str


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
    passes: tuple[Pass, ...] = ()
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
