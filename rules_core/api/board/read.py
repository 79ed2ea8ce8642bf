"""Reading the conflict board's setup and events: every value checked once, here.

What comes out are the frozen values of :mod:`rules_core.board`; the engine
then checks only what depends on the board (names, zones, reach). Errors name
the place: ``actors[1].zone`` in a setup, the event's own field (``faces``,
``resist.stress.amount``) in an event. The setup is read here; the events in
:mod:`.events` (:func:`event`, :func:`events`, re-exported here); the limits
and the reader of a name in :mod:`.limits`.
"""
from __future__ import annotations

from ... import board as core
from ...boosts import CONSEQUENCES
from ...errors import RulesError, shown
from .. import fields as f
from ..map_data import read_map
from .events import EVENT_KEYS, event, events  # noqa: F401 (this module's public names)
from .limits import MAX_ACTORS, MAX_ASPECTS, MAX_OWN, MAX_SIDES, MAX_SKILLS, MAX_THINGS, _names, name, placed_target

# ---------------------------------------------------------------- setup


def setup(raw) -> core.Setup:
    """A setup from plain data (see :mod:`rules_core.api.board`)."""
    if not isinstance(raw, dict):
        raise RulesError("The conflict's setup is missing.", field="setup", code="required")
    f.only(raw, "name", "map", "sides", "actors", "things", "aspects")
    if raw.get("map") is None:
        raise RulesError("The setup needs a map.", field="map", code="required")
    with f.within("map"):
        zone_map = read_map(raw["map"])
    sides_raw = f.sequence(raw, "sides", "The sides", max_length=MAX_SIDES)
    sides = tuple(name(s.get("name") if isinstance(s, dict) else s, f"sides[{i}]", f"Side {i + 1}")
                  for i, s in enumerate(sides_raw))
    actors = tuple(_actor(a, i) for i, a in enumerate(f.sequence(raw, "actors", "The actors", max_length=MAX_ACTORS)))
    things = tuple(_thing(t, i) for i, t in enumerate(f.sequence(raw, "things", "The things", default=[],
                                                                  max_length=MAX_THINGS)))
    aspects = tuple(_aspect(a, f"aspects[{i}]") for i, a in enumerate(
        f.sequence(raw, "aspects", "The aspects", default=[], max_length=MAX_ASPECTS)))
    f.distinct((s, f"sides[{i}]") for i, s in enumerate(sides))  # two that look alike (the same twice: make_setup)
    f.distinct([*((a.name, f"actors[{i}].name") for i, a in enumerate(actors)),
                *((t.name, f"things[{i}].name") for i, t in enumerate(things)),
                *((a.name, f"aspects[{i}].name") for i, a in enumerate(aspects))])
    return core.make_setup(zone_map, sides, actors, things, aspects)


def _actor(raw, i: int) -> core.Actor:
    where = f"actors[{i}]"
    if not isinstance(raw, dict):
        raise RulesError(f"Actor {i + 1} is a mapping with a name, a side and a zone.", field=where, code="invalid")
    with f.within(where):
        f.only(raw, "name", "side", "zone", "tracks", "consequences", "skills", "aspects")
    who = name(raw.get("name"), f"{where}.name", f"Actor {i + 1}")
    side = name(raw.get("side"), f"{where}.side", f"{who}'s side")
    zone = name(raw.get("zone"), f"{where}.zone", f"{who}'s zone")
    thresholds, marked = {}, {}
    tracks_raw = raw.get("tracks") or {}
    if not isinstance(tracks_raw, dict):
        raise RulesError("The tracks are {cool, humanity, reputation}.", field=f"{where}.tracks", code="invalid")
    for key, value in tracks_raw.items():
        tw = f"{where}.tracks.{key}"
        f.name_in(key, core.TRACKS, "A track", field=tw)
        thresholds[key], marked[key] = _track(value, tw)
    values = dict(CONSEQUENCES)
    over = raw.get("consequences") or {}
    if not isinstance(over, dict):
        raise RulesError("The consequences are {mild, moderate, severe} values.", field=f"{where}.consequences",
                         code="invalid")
    for key, value in over.items():
        cw = f"{where}.consequences.{key}"
        f.name_in(key, CONSEQUENCES, "A consequence slot", field=cw)
        values[key] = f.check_integer(value, f"The {key} consequence", field=cw, low=1, high=20)
    return core.new_actor(who, side, zone, thresholds, marked, values,
                          skills=_skills(raw.get("skills"), f"{where}.skills", who),
                          aspects=_names(raw, "aspects", f"{who}'s aspects", field=f"{where}.aspects", limit=MAX_OWN))


def _skills(raw, where: str, who: str) -> tuple[tuple[str, int], ...]:
    """An actor's skills as the setup writes them: {name: rating} (docs/edgerunner/conflicts.md#board)."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise RulesError(f"{who}'s skills are names with a rating each, e.g. “Athletics 3, Shoot 2”.",
                         field=where, code="invalid")
    if len(raw) > MAX_SKILLS:
        raise RulesError(f"{who} has too many skills (at most {MAX_SKILLS}).", field=where, code="too_large")
    out = []
    for key, value in raw.items():
        skill = name(key, where, f"One of {who}'s skills")
        out.append((skill, f.check_integer(value, f"{who}'s {skill}", field=where, low=0, high=10)))
    f.distinct(((skill, where) for skill, _ in out), twice=lambda s: f"{who}'s skills name {shown(s)} twice: give it once, with one rating.")
    return tuple(out)


def _track(value, where: str) -> tuple[int, tuple[int, ...]]:
    if isinstance(value, dict):
        with f.within(where):
            f.only(value, "threshold", "marked")
        threshold = f.integer(value, "threshold", "The threshold", low=0, high=50, default=2,
                              field=f"{where}.threshold")
        marked_raw = value.get("marked") or []
        if not isinstance(marked_raw, list) or len(marked_raw) > 50:
            raise RulesError("The marked boxes are a list of box numbers.", field=f"{where}.marked", code="invalid")
        marked = tuple(f.check_integer(b, "A marked box", field=f"{where}.marked[{k}]", low=1, high=50)
                       for k, b in enumerate(marked_raw))
        return threshold, marked
    return f.check_integer(value, "The threshold", field=where, low=0, high=50), ()


def _thing(raw, i: int) -> core.Thing:
    where = f"things[{i}]"
    if not isinstance(raw, dict):
        raise RulesError(f"Thing {i + 1} is a mapping with a name and a threshold.", field=where, code="invalid")
    with f.within(where):
        f.only(raw, "name", "threshold", "zone", "marked", "border")
    what = name(raw.get("name"), f"{where}.name", f"Thing {i + 1}")
    threshold, marked = _track({"threshold": raw.get("threshold"), "marked": raw.get("marked")}, where)
    zone = raw.get("zone")
    zone = None if zone in (None, "") else name(zone, f"{where}.zone", f"{what}'s zone")
    border = raw.get("border")
    if border is not None:
        if not isinstance(border, list) or len(border) != 2:
            raise RulesError(f"{what}'s border is named by its two zones, e.g. [West end, Middle].",
                             field=f"{where}.border", code="invalid")
        border = tuple(name(z, f"{where}.border", f"{what}'s border") for z in border)
    return core.new_thing(what, threshold, zone, marked, border)


def _aspect(raw, where: str) -> core.Aspect:
    if not isinstance(raw, dict):
        raise RulesError("An aspect is a mapping with a name, what it is on and its target.", field=where, code="invalid")
    with f.within(where):
        f.only(raw, "name", "on", "target", "free_invokes")
        on = f.choice(raw, "on", "What the aspect is on", core.ASPECT_ON)
        free = f.integer(raw, "free_invokes", "The free invokes", low=0, high=10, default=0)
    return core.Aspect(name(raw.get("name"), f"{where}.name", "The aspect"), on,
                       placed_target(raw, on, f"{where}.target"), free)
