"""The board's setup as the referee types it in the page's setup view (a *setup draft*), and the setup
``board.replay`` takes (:mod:`rules_core.api.board`).

A setup draft keeps every value as typed::

    {"mapId": "warehouse", "map": {...}, "setupName": "…", "sides": ["Crew", "Hargan's gang"],
     "actors": [{"name": "Gatto", "side": "0", "zone": "West end", "cool": "2", "humanity": "3",
                 "reputation": "2", "skills": "Shoot 2, Athletics 3", "aspects": "Hot-headed; Owes Jade"}],
     "things": [{"name": "Loading door lock", "threshold": "3", "zone": "East end",
                 "border": "[\\"Middle\\",\\"East end\\"]"}],
     "aspects": [{"name": "Cluttered aisles", "where": "[\\"zone\\",\\"Middle\\"]", "free": "1"}]}

An actor's side is the side's place ("0", "1"), so renaming a side never strands an actor. What is
typed goes as typed (a number that does not read as one stays text); the rules' refusal of the setup
it makes is said beside the draft's own field (:func:`problem`).
"""
from __future__ import annotations

import json
import re

from ... import board as core
from ...errors import RulesError
from ..fields import typed_number
from . import read

TRACKS = ("cool", "humanity", "reputation")
DRAWN = {"actors": ("name", "side", "zone", *TRACKS, "skills", "aspects"), "things": ("name", "threshold", "zone", "border"),
         "aspects": ("name", "where", "free")}
"""The fields the setup view draws for each row of a list (the draft's names for them)."""
_RULES_FIELD = ((re.compile(r"^(actors\.\d+)\.tracks\."), r"\1."), (re.compile(r"^(aspects\.\d+)\.(on|target)\b"), r"\1.where"),
                (re.compile(r"^(aspects\.\d+)\.free_invokes\b"), r"\1.free"))
"""A setup's field as the draft names it: a track's threshold is the actor's own, an aspect's place is `where`."""
_SKILL = re.compile(r"(.*?)[\s:=]+([+-]?[0-9]+)")
_PLACE = re.compile(r"[0-9]+")


def skills(text):
    """"Athletics 3, Shoot 2" → {"Athletics": 3, "Shoot": 2}; anything else goes as typed.

    >>> skills("Athletics 3; Shoot: 2"), skills("Athletics three")
    ({'Athletics': 3, 'Shoot': 2}, 'Athletics three')
    """
    out = {}
    for part in re.split(r"[,;\n]", "" if text is None else str(text)):
        part = part.strip()
        if not part:
            continue
        m = _SKILL.fullmatch(part)
        if not m or not m[1].strip():
            return str(text).strip()
        out[m[1].strip()] = int(m[2])
    return out


def _names(text) -> list[str]:
    """"Hot-headed; Owes Jade" → ["Hot-headed", "Owes Jade"]."""
    return [x.strip() for x in re.split(r"[;\n]", "" if text is None else str(text)) if x.strip()]


def _json(text, empty):
    """A choice the setup view keeps as JSON text (a border, where an aspect is); typed text as it is."""
    if not text:
        return empty
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return text


def _side(sides: list, at) -> str:
    """An actor's side: by its place in the list (or, kept by an older draft, by its name)."""
    at = str(at)
    i = int(at) if _PLACE.fullmatch(at) else (sides.index(at) if at in sides else -1)
    return str(sides[i]).strip() if 0 <= i < len(sides) else ""


def setup(draft: dict) -> dict:
    """The setup ``board.replay`` takes, from the draft as typed."""
    sides = list(draft.get("sides") or [])
    actors = []
    for a in draft.get("actors") or []:
        actor = {"name": str(a.get("name", "")).strip(), "side": _side(sides, a.get("side", "")), "zone": a.get("zone", ""),
                 "tracks": {k: typed_number(a.get(k)) for k in TRACKS}}
        known, aspects = skills(a.get("skills")), _names(a.get("aspects"))
        if known:
            actor["skills"] = known
        if aspects:
            actor["aspects"] = aspects
        actors.append(actor)
    things = []
    for t in draft.get("things") or []:
        thing = {"name": str(t.get("name", "")).strip(), "threshold": typed_number(t.get("threshold"))}
        if t.get("zone"):
            thing["zone"] = t["zone"]
        if t.get("border"):
            thing["border"] = _json(t["border"], None)
        things.append(thing)
    out = {"map": draft.get("map"), "sides": [str(s).strip() for s in sides], "actors": actors, "things": things}
    aspects = []
    for a in draft.get("aspects") or []:
        where = _json(a.get("where"), ["", ""])
        on, target = where if isinstance(where, list) and len(where) == 2 else ("", where)
        aspects.append({"name": str(a.get("name", "")).strip(), "on": on, "target": target,
                        "free_invokes": typed_number(a.get("free"))})
    if aspects:
        out["aspects"] = aspects
    return out


def places(draft: dict) -> list[list[str]]:
    """Where an aspect can be placed at setup: [value, words], the value ``[on, target]`` as JSON (as the
    setup view keeps it): each zone and border of the map, each actor and thing named so far."""
    def place(on, target, words):
        return [json.dumps([on, target], ensure_ascii=False, separators=(",", ":")), f"{on}: {words}"]

    zone_map = draft.get("map") or {}
    zones = [z if isinstance(z, str) else (z or {}).get("name", "") for z in zone_map.get("zones") or []]
    named = [(on, str(x.get("name", "")).strip()) for on, part in (("actor", "actors"), ("thing", "things"))
             for x in draft.get(part) or []]
    return ([place("zone", z, z) for z in zones]
            + [place("border", b.get("between"), " – ".join(b.get("between") or [])) for b in zone_map.get("borders") or []]
            + [place(on, name, name) for on, name in named if name])


def placed(field: str | None, draft: dict) -> str:
    """Where the setup view says a refusal of the setup: the draft's field the rules name (``actors.1.cool``
    for ``actors[1].tracks.cool``) when it is drawn, else the list or part it is in, else the form's own line ("").

    >>> placed("actors[1].tracks.cool", {"actors": [{}, {}]}), placed("actors[5].zone", {"actors": []})
    ('actors.1.cool', 'actors')
    """
    path = re.sub(r"\[(\d+)\]", r".\1", field or "")
    for pattern, name in _RULES_FIELD:
        path = pattern.sub(name, path)
    known = {"map", "sides", "actors", "things", "aspects", *(f"sides.{i}" for i in range(len(draft.get("sides") or [])))}
    known.update(f"{part}.{i}.{key}" for part, keys in DRAWN.items() for i in range(len(draft.get(part) or [])) for key in keys)
    while path and path not in known:
        path = path.rpartition(".")[0]
    return path


def problem(draft: dict, setup_: dict) -> dict | None:
    """What the rules refuse in the setup, as ``board.replay`` would (``{field, message}``, the field
    :func:`placed` in the draft), or ``None``."""
    try:
        core.start(read.setup(setup_))
    except RulesError as err:
        return {"field": placed(err.field, draft), "message": err.message}
    return None
