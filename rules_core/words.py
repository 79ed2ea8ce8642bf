"""Numbers in the site's words: the one place a sign is written.

Nothing here is a rule of the games; every calculator and page that shows a
change or a score with its sign takes it from here (the browser has its own
copy in ``calculators/browser/ui.js``).

>>> signed(2), signed(-1), signed(0)
('+2', '−1', '0')
>>> minus(-3), minus(4)
('−3', '4')
"""
from __future__ import annotations

MINUS = "\u2212"
"""The real minus sign (not the hyphen)."""


def minus(n: int) -> str:
    """A number with a real minus sign when it is negative, and no plus."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """A change with its sign: ``+2``, ``−1``, ``0``."""
    return f"+{n}" if n > 0 else minus(n)
