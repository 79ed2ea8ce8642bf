"""Build-time HTML of each calculator: static content plus the form.

Each widget is one module with ``render(widget_id, options) -> str``; the
registry below maps the fence's ``widget:`` name to it. The browser side of
widget ``x`` is ``calculators/assets/widgets/x.js``.
"""
from __future__ import annotations

from ._html import WidgetError
from . import boons, pending

WIDGETS = {
    "boons": boons.render,
    "stress": __import__("stress", globals(), fromlist=["render"], level=1).render,  # calculators/widgets/stress.py
    "morale": __import__("morale", globals(), fromlist=["render"], level=1).render,  # calculators/widgets/morale.py
    "borders": __import__("borders", globals(), fromlist=["render"], level=1).render,  # calculators/widgets/borders.py
}

__all__ = ["WIDGETS", "WidgetError"]
