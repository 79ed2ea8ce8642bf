"""The ``calculator`` fence: how a page author places a calculator.

In Markdown::

    ```calculator
    widget: boons
    ```

The body is YAML: ``widget`` names the calculator, the other keys are its
options (``model``, ``edition``, ``map``, …; see each module in
``calculators/widgets``). A bare name (``boons``) works too.

At build time the fence renders the widget's static content, computed by
``rules_core`` in CPython (so the page is useful before the engine loads and
without JavaScript), and the form the browser brings to life. An unknown
widget or option fails the build with a message naming it.
"""
from __future__ import annotations

import yaml
from markdown import Markdown

from . import yaml_limits
from .widgets import WIDGETS, WidgetError


def parse(source: str) -> tuple[str, dict]:
    """The widget name and its options from the fence body."""
    try:
        data = yaml.safe_load(source) if source.strip() else None
    except yaml.YAMLError as err:
        raise WidgetError(f"the calculator fence is not valid YAML: {err}") from None
    problem = yaml_limits.check(data)
    if problem:
        raise WidgetError(f"the calculator fence can't be read: {problem}")
    if isinstance(data, str):
        data = {"widget": data}
    if not isinstance(data, dict) or "widget" not in data:
        raise WidgetError("a calculator fence needs `widget: <name>` (one of: " + ", ".join(WIDGETS) + ")")
    options = dict(data)
    name = str(options.pop("widget"))
    if name not in WIDGETS:
        raise WidgetError(f"unknown calculator widget {name!r}; known: {', '.join(WIDGETS)}")
    return name, options


def _next_id(md: Markdown | None, name: str) -> str:
    """An id from the page and the widget's position on it (a fresh Markdown runs each page)."""
    seq = getattr(md, "_calculator_seq", 0) + 1
    if md is not None:
        md._calculator_seq = seq
    return f"calc-{name}-{seq}"


def validate_calculator(language, inputs, options, attrs, md) -> bool:
    return True


def format_calculator(source, language, css_class, options, md, **kwargs) -> str:
    name, opts = parse(source)
    return WIDGETS[name](_next_id(md, name), opts)
