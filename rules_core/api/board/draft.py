"""The action being composed on the board (a *draft*): what the referee has tapped or typed so far,
as the page keeps it (``board:action``), and the event it becomes once complete.

A draft is flat plain data, every value as it was tapped or typed (a rating "2" is text until read)::

    {"kind": "attack", "actor": "Gatto", "target": "Rook", "track": "cool",
     "skill": "Shoot", "rating": "",            # rating: typed only ("" / absent: the skill's own)
     "faces": "+0--",                           # the four dice, ⊞⊡⊟ too, or a typed total ("2", "-1")
     "bid": "", "opposition": "", "invokes": ["Cluttered aisles"],
     "zone": "Middle",                          # a move's destination
     "aspect": "Pinned down", "on": "actor", "which": "Rook",      # a maneuver (a border: its zones as JSON)
     "absorb": "[\\"mild\\"]",                  # an attack's way to absorb: its consequences as JSON
     "named.mild": "Cracked rib",               # a consequence's name, by slot
     "resist.stress.track": "cool", "resist.stress.amount": "1",  # a resist against a maneuver or move
     "resist.consequences": ["mild"], "resist.invokes": ["…"],
     "boxes": ["1", "2"], "note": "…", "accepted": true, "side": "Crew", "story": "…",
     "thing": "Loading door lock", "pass": "1", "version": 1}

Every key is optional and a draft keeps the keys of every kind tapped so far: a change of kind
loses nothing. :func:`read` checks its shape only (a damaged draft is set aside by the page);
what its values mean for the board is the sheet's (:mod:`.sheet`).
"""
from __future__ import annotations

import json

from ...errors import RulesError, shown
from .events import EVENT_KEYS

VERSION = 1
"""The draft's form; a newer one is another release's, never read as this one."""

TEXT = ("kind", "actor", "target", "track", "skill", "rating", "faces", "bid", "opposition", "zone", "aspect", "on",
        "which", "resist.stress.track", "resist.stress.amount", "absorb", "named.mild", "named.moderate",
        "named.severe", "note", "side", "story", "thing", "pass", "from")
"""Keys holding one value as tapped or typed (text; a number typed is read as text too). ``from``: "undo"
while the draft is the undone action Undo put back, untouched (Redo then logs it and closes the sheet)."""
LISTS = ("invokes", "resist.consequences", "resist.invokes", "boxes")
"""Keys holding the choices ticked, a list of text."""
FLAGS = ("accepted",)
OLD = ("touched", "dice")
"""Keys an earlier release kept, read and dropped."""

MAX_TEXT = 400
MAX_LIST = 60


def read(raw) -> dict:
    """A draft as the page kept it, its shape checked (a key unknown, a value of the wrong type or size, a
    newer version: refused, naming the key). Numbers become text; ``None`` and empty values go.

    >>> read({"kind": "attack", "rating": 2, "invokes": [], "touched": ["faces"]})
    {'kind': 'attack', 'rating': '2'}
    >>> read({"kind": "attack", "invokes": 5})
    Traceback (most recent call last):
    ...
    rules_core.errors.RulesError: The action's invokes is not a list of names.
    """
    if not isinstance(raw, dict):
        raise RulesError("The action being composed is not a mapping of its fields.", field="action", code="invalid")
    version = raw.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesError("The action's version is damaged.", field="action.version", code="invalid")
    if version > VERSION:
        raise RulesError(f"The action was kept by a newer version of this site (action version {version}; this one "
                         f"reads version {VERSION}).", field="action.version", code="invalid")
    out: dict = {}
    for key, value in raw.items():
        if key == "version" or key in OLD:
            continue
        if key in TEXT:
            if value is None or value == "":
                continue
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise RulesError(f"The action's {key} is not text.", field=f"action.{key}", code="invalid")
            text = value if isinstance(value, str) else format(value, "g")
            if len(text) > MAX_TEXT:
                raise RulesError(f"The action's {key} is too long (at most {MAX_TEXT} characters).",
                                 field=f"action.{key}", code="too_large")
            out[key] = text
        elif key in LISTS:
            if not isinstance(value, list) or len(value) > MAX_LIST or not all(
                    isinstance(v, (str, int)) and not isinstance(v, bool) and len(str(v)) <= MAX_TEXT for v in value):
                raise RulesError(f"The action's {key} is not a list of names.", field=f"action.{key}", code="invalid")
            if value:
                out[key] = [str(v) for v in value]
        elif key in FLAGS:
            if value is None:
                continue
            if not isinstance(value, bool):
                raise RulesError(f"The action's {key} is not yes or no.", field=f"action.{key}", code="invalid")
            out[key] = value
        else:
            raise RulesError(f"The action being composed has a field {shown(key)} no kind of action has.",
                             field=f"action.{key}", code="unknown")
    kind = out.get("kind")
    if kind is not None and kind not in EVENT_KEYS:
        raise RulesError(f"The action being composed is of no kind the board knows ({shown(kind)}).",
                         field="action.kind", code="unknown")
    return out


def from_event(event: dict) -> dict:
    """A logged event back as a draft (Undo puts the undone action back, to mend and log again).

    >>> from_event({"kind": "attack", "actor": "Gatto", "target": "Rook", "skill": "Shoot", "rating": 2,
    ...             "faces": "+0-0", "resist": {"consequences": ["mild"], "names": {"mild": "Cracked ribs"}}})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'attack', 'actor': 'Gatto', 'target': 'Rook', 'skill': 'Shoot', 'rating': '2', 'faces': '+0-0',
     'absorb': '["mild"]', 'named.mild': 'Cracked ribs'}
    """
    e = dict(event)
    d: dict = {"kind": e.get("kind")}
    for key in ("actor", "target", "track", "skill", "zone", "aspect", "note", "side", "story", "thing"):
        if e.get(key) is not None:
            d[key] = str(e[key])
    for key in ("rating", "bid", "opposition", "pass"):
        if e.get(key) is not None:
            d[key] = str(e[key])
    if e.get("faces") is not None:
        faces = e["faces"]
        d["faces"] = "".join("+0-"[1 - v] for v in faces) if isinstance(faces, list) else str(faces)
    elif e.get("dice") is not None:
        d["faces"] = str(e["dice"])
    if e.get("invokes"):
        d["invokes"] = [str(x) for x in e["invokes"]]
    if e.get("boxes"):
        d["boxes"] = [str(b) for b in e["boxes"]]
    if e.get("accepted") is not None:
        d["accepted"] = bool(e["accepted"])
    if e.get("kind") == "maneuver" and e.get("on"):
        d["on"] = e["on"]
        d["which"] = json.dumps(e.get("target"), ensure_ascii=False) if e["on"] == "border" else str(e.get("target") or "")
        d.pop("target", None)
    resist = e.get("resist") or {}
    if e.get("kind") in ("attack", "continue") and resist and not resist.get("stress"):
        d["absorb"] = json.dumps(list(resist.get("consequences") or []))
        for slot, label in (resist.get("names") or {}).items():
            d[f"named.{slot}"] = str(label)
        if resist.get("invokes"):
            d["resist.invokes"] = [str(x) for x in resist["invokes"]]
    elif resist:
        if resist.get("stress"):
            d["resist.stress.track"] = str(resist["stress"].get("track") or "")
            d["resist.stress.amount"] = str(resist["stress"].get("amount") or "")
        if resist.get("consequences"):
            d["resist.consequences"] = list(resist["consequences"])
        if resist.get("invokes"):
            d["resist.invokes"] = [str(x) for x in resist["invokes"]]
        for slot, label in (resist.get("names") or {}).items():
            d[f"named.{slot}"] = str(label)
    return read(d)
