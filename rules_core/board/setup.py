"""Setting up a conflict board: actors, things and aspects on a map
(docs/edgerunner/conflicts.md#exchanges).
"""
from __future__ import annotations

from .. import borders, tracks
from ..errors import RulesError, shown
from .state import _aspect_target
from .values import THING_TRACK, TRACKS, Actor, Board, Setup, Thing


def new_actor(name: str, side: str, zone: str, thresholds=None, marked=None, consequences=None, *,
              skills=(), aspects=()) -> Actor:
    """An actor as the setup gives them: thresholds and marked boxes by track
    (default threshold 2, nothing marked), consequence values (default mild 1,
    moderate 2, severe 4), and the skills and own aspects the table wrote down
    (docs/edgerunner/conflicts.md#board: they change no rule)."""
    thresholds = thresholds or {}
    marked = marked or {}
    values = tuple((consequences or dict(tracks.Track().consequences)).items())
    made = tuple((t, tracks.Track(thresholds.get(t, 2), frozenset(marked.get(t, ())), values)) for t in TRACKS)
    return Actor(name, side, zone, made, skills=tuple(skills), aspects=tuple(aspects))


def new_thing(name: str, threshold: int, zone: str | None = None, marked=(), border=None) -> Thing:
    """A thing with one track of ``threshold`` and no consequence slots, maybe standing for a border."""
    return Thing(name, zone, ((THING_TRACK, tracks.Track(threshold, frozenset(marked), ())),),
                 border=tuple(border) if border is not None else None)


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
        if t.border is not None:
            a, b = t.border
            if not (zone_map.has(a) and zone_map.has(b) and any(other == b for _, other in zone_map.exits(a))):
                raise RulesError(f"{t.name} stands for the border {a} – {b}, which is not a border of this map: "
                                 "choose two zones next to each other.", field=f"things[{i}].border", code="unknown")
    probe = Board(Setup(zone_map, sides, tuple(actors), tuple(things)), tuple(actors), tuple(things), ())
    aspect_names: set[str] = set()
    for i, asp in enumerate(aspects):
        if asp.name in aspect_names:
            raise RulesError(f"Two aspects are called {shown(asp.name)}.", field=f"aspects[{i}].name", code="duplicate")
        aspect_names.add(asp.name)
        if asp.name in names:
            raise RulesError(f"The aspect {shown(asp.name)} has the name of an actor or thing: name it differently.",
                             field=f"aspects[{i}].name", code="duplicate")
        try:
            _aspect_target(probe, asp.on, asp.target, field="target", allow_out=True)
        except RulesError as err:
            raise RulesError(err.message, field=f"aspects[{i}].{err.field}", code=err.code) from None
    return Setup(zone_map, sides, tuple(actors), tuple(things), tuple(aspects))


def start(setup: Setup) -> Board:
    """The board before any event: exchange 1, nobody has acted."""
    return Board(setup, setup.actors, setup.things, setup.aspects)
