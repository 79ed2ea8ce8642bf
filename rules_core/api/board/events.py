"""Reading the conflict board's events (docs/edgerunner/conflicts.md#actions): each kind and the fields
it takes, every value checked once; errors name the event's own field (``faces``, ``resist.stress.amount``).
"""
from __future__ import annotations

from ... import board as core
from ... import dice
from ...boosts import CONSEQUENCES
from ...borders import MAX_PASS
from ...errors import RulesError, shown
from .. import fields as f
from .limits import MAX_EVENTS, MAX_NOTE, _names, name, placed_target

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
            values["target"] = placed_target(raw, values["on"], "target") if not (partial and target is None) else None
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
