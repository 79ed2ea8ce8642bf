"""Build-time HTML of each calculator: static content plus the form.

Each widget is one module with ``render(widget_id, options) -> str``; the
registry below maps the fence's ``widget:`` name to it. The browser side of
widget ``x`` is ``calculators/assets/widgets/x.js``.
"""
from __future__ import annotations

from . import boons, borders, dice, morale, stress
from ._html import WidgetError

WIDGETS = {
    "boons": boons.render,
    "stress": stress.render,
    "morale": morale.render,
    "borders": borders.render,
    "dice": dice.render,
}

__all__ = ["WIDGETS", "WidgetError"]
