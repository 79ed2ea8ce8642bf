"""The event being composed in the morale tracker (a *draft*): what has been tapped or typed so far,
as the page keeps it (``morale:action``), so that closing the table view, another page or a reload
loses nothing.

A draft is flat plain data, every value as it was tapped or typed (a number is text until read)::

    {"kind": "attack", "member": "Ada",          # who acts (a team's events: "team")
     "defender": "Cy", "effort": "3",             # tapped or typed: hits, or the dice ("6 5 2")
     "dice.defender_effort": "6 2 1",             # rolled in the sheet: the faces, scored by the rules
     "disposed": true, "reduce": "stress",       # 2022: the disposed defense and what it reduces
     "absorbed": "no",                            # 2023: a last-stander could not absorb the stress
     "new_captain": "Di", "helpers": "1", "margin": "2", "successes": "", "amount": "-1", "note": "…"}

Every key is optional, and a draft keeps the keys of every kind tapped so far: a change of kind
loses nothing. :func:`read` checks its shape only (a damaged draft is set aside by the page); what
its values mean is the sheet's (:mod:`.sheet`).
"""
from __future__ import annotations

from ...errors import RulesError, shown
from .read import _EVENT_KEYS

VERSION = 1
"""The draft's form; a newer one is another release's, never read as this one."""

ROLLED = ("effort", "defender_effort", "margin", "successes")
"""The fields whose hits can be rolled in the sheet; their dice are kept as ``dice.<field>``."""

TEXT = ("kind", "member", "team", "defender", "effort", "defender_effort", "margin", "helpers", "successes",
        "amount", "note", "reduce", "absorbed", "new_captain", *(f"dice.{name}" for name in ROLLED))
"""Keys holding one value as tapped or typed (text; a number is read as text too)."""
FLAGS = ("disposed",)
"""Keys holding a tick: yes or no."""

MAX_TEXT = 400


def read(raw) -> dict:
    """A draft as the page kept it, its shape checked (a key unknown, a value of the wrong type or size, a
    newer version: refused, naming the key). Numbers become text; ``None`` and empty values go.

    >>> read({"kind": "attack", "effort": 3, "note": ""})
    {'kind': 'attack', 'effort': '3'}
    >>> read({"kind": "attack", "disposed": "yes"})
    Traceback (most recent call last):
    ...
    rules_core.errors.RulesError: The event's disposed is not yes or no.
    """
    if not isinstance(raw, dict):
        raise RulesError("The event being composed is not a mapping of its fields.", field="action", code="invalid")
    version = raw.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesError("The event's version is damaged.", field="action.version", code="invalid")
    if version > VERSION:
        raise RulesError(f"The event was kept by a newer version of this site (event version {version}; this one "
                         f"reads version {VERSION}).", field="action.version", code="invalid")
    out: dict = {}
    for key, value in raw.items():
        if key == "version":
            continue
        if key in TEXT:
            if value is None or value == "":
                continue
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise RulesError(f"The event's {key} is not text.", field=f"action.{key}", code="invalid")
            text = str(value)
            if len(text) > MAX_TEXT:
                raise RulesError(f"The event's {key} is too long (at most {MAX_TEXT} characters).",
                                 field=f"action.{key}", code="too_large")
            out[key] = text
        elif key in FLAGS:
            if value is None:
                continue
            if not isinstance(value, bool):
                raise RulesError(f"The event's {key} is not yes or no.", field=f"action.{key}", code="invalid")
            out[key] = value
        else:
            raise RulesError(f"The event being composed has a field {shown(key)} no kind of event has.",
                             field=f"action.{key}", code="unknown")
    kind = out.get("kind")
    if kind is not None and kind not in _EVENT_KEYS:
        raise RulesError(f"The event being composed is of no kind the tracker knows ({shown(kind)}).",
                         field="action.kind", code="unknown")
    return out
