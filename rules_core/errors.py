"""The one error the rules raise.

Every check in `rules_core` raises :class:`RulesError`, a ``ValueError`` that
also says *which* input is wrong (``field``) and *what kind* of wrong it is
(``code``), so a page can show the message right next to the field.
"""
from __future__ import annotations

__docformat__ = "google"


class RulesError(ValueError):
    """An input the rules cannot work with.

    Args:
        message: A sentence a player understands, saying what is wrong and,
            where it helps, how to fix it.
        field: The input the message belongs to (``"rating"``,
            ``"borders[2].ways[0].pass"``), or ``None`` for the whole request.
        code: A short machine-readable kind: ``"required"``, ``"not_integer"``,
            ``"too_small"``, ``"too_large"``, ``"unknown"``, ``"invalid"``, …
    """

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code

    def to_payload(self) -> dict:
        """The error as the JSON-safe dict the API returns."""
        return {"code": self.code, "message": self.message, "field": self.field}
