"""Reading the conflict board's setup and events: every value checked once, here.

What comes out are the frozen values of :mod:`rules_core.board`; the engine
then checks only what depends on the board (names, zones, reach). Errors name
the place: ``actors[1].zone`` in a setup, the event's own field (``faces``,
``resist.stress.amount``) in an event.
"""
from __future__ import annotations

from ... import board as core
from ... import dice
from ...boosts import CONSEQUENCES
from ...borders import MAX_PASS
from ...errors import RulesError, shown
from .. import fields as f
from ..map_data import read_map

MAX_SIDES = 12
MAX_ACTORS = 30
MAX_THINGS = 30
MAX_ASPECTS = 60
MAX_EVENTS = 5000
MAX_NAME = 60
MAX_NOTE = 300
MAX_INVOKES = 10
MAX_SKILLS = 20
MAX_OWN = 10
"""An actor's own aspects, at most."""

_ROLL = ("actor", "skill", "rating", "faces", "dice", "bid", "invokes", "opposition")
EVENT_KEYS = {
    "move": _ROLL + ("zone", "boost"),
    "move_another": _ROLL + ("target", "zone", "resist"),
    "attack": _ROLL + ("target", "track", "resist"),
    "defense": _ROLL + ("target", "track"),
    "maneuver": _ROLL + ("aspect", "on", "target", "resist"),
    "recovery": _ROLL + ("target", "track", "boxes"),
    "continue": ("actor", "invokes", "zone", "boost", "resist", "aspect", "boxes"),
    "simple": ("actor", "note"),
    "compel": ("actor", "aspect", "accepted"),
    "taken_out": ("target", "note"),
    "concession": ("side", "story"),
    "end_exchange": (),
    "end": ("note",),
    "redefine_border": ("actor", "thing", "pass"),
}
"""Every event kind and the fields it takes (``kind`` aside)."""


def name(value, field: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{what} needs a name.", field=field, code="required")
    value = value.strip()
    if len(value) > MAX_NAME:
        raise RulesError(f"{what}: the name is too long (at most {MAX_NAME} characters).", field=field, code="too_large")
    return value


def _names(raw: dict, key: str, what: str, *, field: str | None = None, limit: int = MAX_INVOKES) -> tuple[str, ...]:
    field = field or key
    items = raw.get(key)
    if items is None:
        return ()
    if not isinstance(items, list):
        raise RulesError(f"{what} is a list of names.", field=field, code="invalid")
    if len(items) > limit:
        raise RulesError(f"{what}: at most {limit}.", field=field, code="too_large")
    return tuple(name(v, f"{field}[{i}]", "Each aspect") for i, v in enumerate(items))


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
                       _placed_target(raw, on, f"{where}.target"), free)


def _placed_target(raw: dict, on: str, field: str):
    target = raw.get("target")
    if on == "border":
        if not isinstance(target, list) or len(target) != 2:
            raise RulesError("A border is named by its two zones, e.g. [West end, Middle].", field=field,
                             code="required" if target is None else "invalid")
        return tuple(name(z, f"{field}[{k}]", "The zone") for k, z in enumerate(target))
    return name(target, field, "The target")


# ---------------------------------------------------------------- events


def _roll(raw: dict, *, partial: bool = False) -> core.Roll | None:
    """The roll of an action; with ``partial`` (a preview) ``None`` until rating and dice are given."""
    if partial and (raw.get("rating") in (None, "") or (raw.get("faces") in (None, "") and raw.get("dice") in (None, ""))):
        for key, low in (("bid", 0), ("opposition", 0)):
            f.optional_integer(raw, key, _WHAT[key], low=low, high=30)
        return None
    skill = raw.get("skill")
    skill = "" if partial and skill in (None, "") else name(skill, "skill", "The skill")
    rating = f.integer(raw, "rating", "The skill's rating", low=-10, high=30)
    faces = raw.get("faces")
    total = raw.get("dice")
    if faces not in (None, "") and total not in (None, ""):
        raise RulesError("Give the four dice or their total, not both.", field="dice", code="invalid")
    if faces not in (None, ""):
        total = dice.fate_total(faces)            # faces that are not Fate dice: field "faces"
        faces = "".join("+0-"[1 - v] for v in faces) if isinstance(faces, list) else faces
    elif total in (None, ""):
        raise RulesError("Enter the four dice (e.g. +0--) or their total.", field="faces", code="required")
    else:
        total = f.check_integer(total, "The dice total", field="dice", low=-4, high=4)
        faces = None
    bid = f.integer(raw, "bid", _WHAT["bid"], low=0, high=30, default=0)
    opposition = f.integer(raw, "opposition", _WHAT["opposition"], low=0, high=30, default=0)
    return core.Roll(skill, rating, total, faces, bid, _names(raw, "invokes", "The invokes"), opposition)


_WHAT = {"bid": "The bid", "opposition": "The opposing skill"}


def _payment(raw: dict, key: str) -> core.Payment | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RulesError("This is {stress: {track, amount}, consequences, invokes}.", field=key, code="invalid")
    with f.within(key):
        f.only(value, "stress", "consequences", "invokes", "names")
    stress = value.get("stress")
    if stress is not None:
        if not isinstance(stress, dict):
            raise RulesError("Stress is {track, amount}.", field=f"{key}.stress", code="invalid")
        with f.within(f"{key}.stress"):
            f.only(stress, "track", "amount")
        amount = f.integer(stress, "amount", "The stress", low=0, high=50, field=f"{key}.stress.amount")
        track = stress.get("track")
        track = None if track in (None, "") else name(track, f"{key}.stress.track", "The track")
        stress = None if amount == 0 else (track, amount)
    consequences = value.get("consequences") or []
    if not isinstance(consequences, list) or len(consequences) > 3:
        raise RulesError("The consequences are a list of slots (mild, moderate, severe).",
                         field=f"{key}.consequences", code="invalid")
    for i, c in enumerate(consequences):
        f.name_in(c, CONSEQUENCES, "A consequence", field=f"{key}.consequences[{i}]")
    return core.Payment(stress, tuple(consequences), _names(value, "invokes", "The invokes", field=f"{key}.invokes"),
                        _consequence_names(value.get("names"), consequences, f"{key}.names"))


def _consequence_names(raw, taken, field: str) -> tuple[tuple[str, str], ...]:
    """``{"mild": "Cracked ribs"}``: a name for each consequence taken in the same payment
    (docs/edgerunner/conflicts.md#at-the-table)."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise RulesError("The consequences' names are {slot: name}, e.g. {mild: Cracked ribs}.",
                         field=field, code="invalid")
    out = []
    for slot, label in raw.items():
        if slot not in taken:
            raise RulesError(f"Only a consequence taken here can be named: {shown(slot)} is not one of them.",
                             field=field, code="invalid")
        out.append((slot, name(label, field, f"The {slot} consequence")))
    return tuple(out)


def event(raw, *, partial: bool = False) -> core.Event:
    """An event from plain data: ``{kind, …}`` with the keys its kind uses (see :data:`EVENT_KEYS`).

    ``partial`` reads an event still being filled in (a preview): its roll
    may be missing."""
    if not isinstance(raw, dict):
        raise RulesError("An event is a mapping with a 'kind'.", field="kind", code="invalid")
    kind = f.name_in(raw.get("kind"), EVENT_KEYS, "The event", field="kind")
    f.only(raw, "kind", *EVENT_KEYS[kind])
    keys = EVENT_KEYS[kind]
    values: dict = {}
    if "actor" in keys:
        actor = raw.get("actor")
        values["actor"] = name(actor, "actor", "Who acts")
    if "rating" in keys:
        values["roll"] = _roll(raw, partial=partial)
    if kind == "continue":
        values["invokes"] = _names(raw, "invokes", "The invokes")
    if "target" in keys:
        target = raw.get("target")
        if kind == "maneuver":
            values["on"] = f.choice(raw, "on", "What the aspect goes on", core.ASPECT_ON)
            values["target"] = _placed_target(raw, values["on"], "target") if not (partial and target is None) else None
        elif target not in (None, "") or not partial:
            values["target"] = name(target, "target", "The target")
    if "track" in keys and raw.get("track") not in (None, ""):
        values["track"] = name(raw["track"], "track", "The track")
    if "zone" in keys and raw.get("zone") not in (None, ""):
        values["zone"] = name(raw["zone"], "zone", "The zone")
    if "aspect" in keys and raw.get("aspect") not in (None, ""):
        values["aspect"] = name(raw["aspect"], "aspect", "The aspect")
    elif kind == "maneuver" and not partial:
        raise RulesError("Name the aspect the maneuver places.", field="aspect", code="required")
    if "boxes" in keys and raw.get("boxes") is not None:
        boxes = raw["boxes"]
        if not isinstance(boxes, list) or len(boxes) > 50:
            raise RulesError("The boxes to clear are a list of box numbers.", field="boxes", code="invalid")
        values["boxes"] = tuple(f.check_integer(b, "A box", field=f"boxes[{i}]", low=1, high=50)
                                for i, b in enumerate(boxes))
    for key in ("resist", "boost"):
        if key in keys:
            values[key] = _payment(raw, key)
    if "side" in keys:
        values["side"] = name(raw.get("side"), "side", "The side")
    for key in ("note", "story"):
        if key in keys:
            values["note"] = f.text(raw, key, "The note" if key == "note" else "The story", default="",
                                    max_length=MAX_NOTE)
    if "accepted" in keys:
        values["accepted"] = f.boolean(raw, "accepted", "Accepted", default=True)
    if "thing" in keys:
        values["thing"] = name(raw.get("thing"), "thing", "The beaten thing")
    if "pass" in keys:
        values["pass_value"] = f.integer(raw, "pass", "The pass value", low=0, high=MAX_PASS)
    return core.Event(kind, **values)


def events(p: dict) -> list[core.Event]:
    """The ``events`` of a payload; an error names the event's own field and its index (``event``)."""
    return f.events(p, event, max_length=MAX_EVENTS)
