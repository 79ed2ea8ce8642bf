"""The widget registry: the one list of the calculators a page can place.

Every module in this package whose name does not start with ``_`` (and is
not ``base``) is a widget: it ends with ``WIDGET = base.Widget(...)`` and
its browser side is ``calculators/browser/widgets/<name>.js``. Nothing else
lists the widgets: the fence reads :data:`REGISTRY`, the build writes
:func:`browser_list` for ``calc.js`` (``calculators/build/ship.py``), the engine
benchmark takes its interactions from it, and the Calculators reference
page is generated from it (``calculators/pages/reference.py``).
``tests/test_contract.py`` fails when the registry and the files disagree.
"""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .base import Option, Widget, WidgetError

NOT_WIDGETS = {"base"}
BROWSER_WIDGETS = Path(__file__).resolve().parents[2] / "browser" / "widgets"


def _discover() -> dict[str, Widget]:
    found = {}
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        if module.startswith("_") or module in NOT_WIDGETS:
            continue
        widget = getattr(importlib.import_module(f"{__name__}.{module}"), "WIDGET", None)
        if not isinstance(widget, Widget):
            raise WidgetError(f"calculators/pages/widgets/{module}.py has no WIDGET = Widget(...) (see widgets/base.py)")
        if widget.name != module:
            raise WidgetError(f"calculators/pages/widgets/{module}.py registers the widget {widget.name!r}; "
                              f"name it {module!r} like its module")
        found[widget.name] = widget
    return found


REGISTRY: dict[str, Widget] = _discover()
"""Widget name (the fence's ``widget:``) → its :class:`~calculators.pages.widgets.base.Widget`."""
WIDGETS = {name: widget.render for name, widget in REGISTRY.items()}
"""Widget name → ``render(widget_id, options) -> str``."""


def browser_list() -> dict:
    """What the browser needs to know of the registry: the widgets' names (``calc.js`` loads their modules)
    and those that keep something in the browser (a ``kept.js`` listing the names and their checks, which
    Import everything reads: ``keeping/checks.js``)."""
    return {"widgets": list(REGISTRY), "keeping": [name for name in REGISTRY if (BROWSER_WIDGETS / name / "kept.js").exists()]}


__all__ = ["REGISTRY", "WIDGETS", "Option", "Widget", "WidgetError", "browser_list"]
