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

from .._drafts import Shape
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


SHAPE = Shape(noun="event", whose="the tracker", version=VERSION, kinds=frozenset(_EVENT_KEYS), text=TEXT, flags=FLAGS)


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
    return SHAPE.read(raw)
