"""Turning exact results into JSON-safe values for the page."""
from __future__ import annotations

from fractions import Fraction


def probability(p: Fraction) -> dict:
    """``{"exact": "19/27", "value": 0.7037…, "percent": "70.4%"}``."""
    p = Fraction(p)
    if p in (0, 1):
        percent = f"{int(p) * 100}%"
    else:
        pct = float(p) * 100
        percent = f"{pct:.1f}%"
        if percent in ("0.0%", "100.0%"):          # never round a possibility away
            percent = "<0.1%" if pct < 50 else ">99.9%"
    return {"exact": f"{p.numerator}/{p.denominator}", "value": float(p), "percent": percent}
