"""The one error the rules raise.

Every check in `rules_core` raises :class:`RulesError`, a ``ValueError`` that
also says *which* input is wrong (``field``) and *what kind* of wrong it is
(``code``), so a page can show the message right next to the field.
"""
from __future__ import annotations

__docformat__ = "google"

QUOTE_CHARS = 40
"""How much of a value a message quotes; longer ones are cut, ending in "…"."""
MESSAGE_CHARS = 400
"""The longest message (and field name) a reply carries, whatever went in."""


def shown(value, limit: int = QUOTE_CHARS) -> str:
    """A value quoted in a message: ``repr`` for text, cut after ``limit`` characters.

    >>> shown("Hall")
    "'Hall'"
    >>> shown("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (1000 characters)"
    >>> shown(7)
    '7'
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}"[:-1] + f"…{repr(value)[0]} ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= limit + 2 else text[:limit] + "…"


def clip(text, limit: int = MESSAGE_CHARS):
    """Text cut to ``limit`` characters (the last resort: messages quote with :func:`shown`)."""
    if isinstance(text, str) and len(text) > limit:
        return text[: limit - 1] + "…"
    return text


class RulesError(ValueError):
    """An input the rules cannot work with.

    Args:
        message: A sentence a player understands, saying what is wrong and,
            where it helps, how to fix it.
        field: The input the message belongs to (``"rating"``,
            ``"borders[2].ways[0].pass"``), or ``None`` for the whole request.
        code: A short machine-readable kind: ``"required"``, ``"not_integer"``,
            ``"too_small"``, ``"too_large"``, ``"unknown"``, ``"invalid"``, …
        event: For an error in one event of a log (the morale tracker's), its
            index in the log; ``field`` is then that event's own field
            (``"effort"``), as the event's form names it. The payload carries
            ``event`` only when it is set.
    """

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid", event: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.event = event

    def to_payload(self) -> dict:
        """The error as the JSON-safe dict the API returns."""
        out = {"code": self.code, "message": clip(self.message), "field": clip(self.field)}
        if self.event is not None:
            out["event"] = self.event
        return out
