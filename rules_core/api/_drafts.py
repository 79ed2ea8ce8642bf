"""A *draft*, read: what has been tapped or typed so far in a sheet, as the page keeps it (the board's
``board:action``, the tracker's ``morale:action``), so that closing the table view, another page or a
reload loses nothing. Its shape is checked here, once for every sheet; what its values mean is the
sheet's own.

Nothing here is a rule of the games.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RulesError, shown

MAX_TEXT = 400
MAX_LIST = 60


@dataclass(frozen=True)
class Shape:
    """A sheet's draft: what it is called (``noun``: "action", "event"), whose it is (``whose``: "the
    board"), its version, its kinds, and which keys hold text, lists of names or ticks (``old``: keys an
    earlier release kept, read and dropped)."""

    noun: str
    whose: str
    version: int
    kinds: frozenset
    text: tuple
    lists: tuple = ()
    flags: tuple = ()
    old: tuple = ()

    def read(self, raw) -> dict:
        """The draft ``raw`` as the page kept it, its shape checked (a key unknown, a value of the wrong
        type or size, a newer version: refused, naming the key). Numbers become text; ``None`` and
        empty values go."""
        noun = self.noun
        if not isinstance(raw, dict):
            raise RulesError(f"The {noun} being composed is not a mapping of its fields.", field="action", code="invalid")
        version = raw.get("version", self.version)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise RulesError(f"The {noun}'s version is damaged.", field="action.version", code="invalid")
        if version > self.version:
            raise RulesError(f"The {noun} was kept by a newer version of this site ({noun} version {version}; this one "
                             f"reads version {self.version}).", field="action.version", code="invalid")
        out: dict = {}
        for key, value in raw.items():
            if key == "version" or key in self.old or value is None:
                continue
            field = f"action.{key}"
            if key in self.text:
                if value == "":
                    continue
                if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                    raise RulesError(f"The {noun}'s {key} is not text.", field=field, code="invalid")
                text = value if isinstance(value, str) else format(value, "g")
                if len(text) > MAX_TEXT:
                    raise RulesError(f"The {noun}'s {key} is too long (at most {MAX_TEXT} characters).",
                                     field=field, code="too_large")
                out[key] = text
            elif key in self.lists:
                if not isinstance(value, list) or len(value) > MAX_LIST or not all(
                        isinstance(v, (str, int)) and not isinstance(v, bool) and len(str(v)) <= MAX_TEXT for v in value):
                    raise RulesError(f"The {noun}'s {key} is not a list of names.", field=field, code="invalid")
                if value:
                    out[key] = [str(v) for v in value]
            elif key in self.flags:
                if not isinstance(value, bool):
                    raise RulesError(f"The {noun}'s {key} is not yes or no.", field=field, code="invalid")
                out[key] = value
            else:
                raise RulesError(f"The {noun} being composed has a field {shown(key)} no kind of {noun} has.",
                                 field=field, code="unknown")
        kind = out.get("kind")
        if kind is not None and kind not in self.kinds:
            raise RulesError(f"The {noun} being composed is of no kind {self.whose} knows ({shown(kind)}).",
                             field="action.kind", code="unknown")
        return out
