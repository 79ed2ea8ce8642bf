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

from .._drafts import Shape
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


SHAPE = Shape(noun="action", whose="the board", version=VERSION, kinds=frozenset(EVENT_KEYS), text=TEXT, lists=LISTS,
              flags=FLAGS, old=OLD)


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
    return SHAPE.read(raw)


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
