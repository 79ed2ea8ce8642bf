"""What every widget shares: its description for the registry, option checking, engine results, the error.

A widget module (``calculators/pages/widgets/<name>.py``, or a package
``<name>/`` whose ``__init__.py`` does) ends with ``WIDGET =
Widget(...)``: its name (the fence's ``widget:``), its ``render(widget_id,
options)``, its fence options with their defaults, the ``rules_core.api``
module it calls, and one interaction the engine benchmark times. The
registry (``calculators/pages/widgets/__init__.py``) finds every such module;
nothing else lists the widgets.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pymdownx.superfences import SuperFencesException

from rules_core.api import call


class WidgetError(SuperFencesException, ValueError):
    """A calculator fence the build cannot render.

    A ``SuperFencesException``: pymdownx.superfences lets only those through
    (any other error quietly turns the fence into a code block), so a bad
    fence fails the build.
    """


@dataclass(frozen=True)
class Option:
    """One fence option: its default (``None``: worked out from the rest) and what it does, for page authors."""

    default: object
    doc: str


@dataclass(frozen=True)
class Widget:
    """One calculator as the build, the browser, the benchmark and the reference page know it."""

    name: str
    """The fence's ``widget:`` value; the browser module is ``calculators/browser/widgets/<name>.js``."""
    title: str
    render: Callable[[str, dict], str]
    options: dict[str, Option]
    api: str
    """The ``rules_core.api`` module it calls (``rules_core/api/<api>.py``), also the prefix of its calculators."""
    bench: dict = field(default_factory=dict)
    """One interaction for ``benchmarks/engine.py``: a ``field`` to change with ``values`` to cycle, or
    ``taps`` to click in turn, and ``out``, where the answer shows (CSS selectors inside the widget)."""
    apis: tuple[str, ...] = ()
    """Other ``rules_core.api`` modules it calls, if any."""

    @property
    def defaults(self) -> dict:
        return {key: option.default for key, option in self.options.items()}


def check_options(widget: str, options: dict, known: dict[str, Option]) -> dict:
    """The fence's options over the defaults; an option the widget does not know fails the build, naming them."""
    unknown = sorted(set(options) - set(known), key=str)
    if unknown:
        raise WidgetError(f"{widget} widget: unknown option {unknown[0]!r} (options: {', '.join(known)})")
    return {**{key: option.default for key, option in known.items()}, **options}


def check_choice(widget: str, key: str, value: str, choices, note: str = "") -> str:
    """``value`` if it is one of ``choices``, else a build error naming them."""
    if value not in choices:
        raise WidgetError(f"{widget} widget: {key} must be one of {', '.join(choices)}{note}, not {value!r}")
    return value


def typed(value) -> int | str:
    """A field's text as the browser sends it (``ui.js`` ``typedNumber``): whole-number-looking text is a
    number, other text stays as typed, trimmed."""
    text = str(value).strip()
    return int(text) if re.fullmatch(r"[+-]?\d+", text) else text


def known(calls: list[tuple[str, dict]]) -> list[list]:
    """The rules' answers to the calls a calculator makes for its form as the page first shows it, worked
    out at build time: ``[[name, payload, reply], …]`` for the page's ``data-known`` (``calc.js``'s
    ``answering``). The page shows them at once, and the engine's first moments go to the player's own
    taps (issue 35). Only calls whose answer depends on the payload alone (no dice rolled); a refusal
    is an answer too, kept as the rules give it."""
    return [[name, payload, call(name, payload)] for name, payload in calls]


def result(widget: str, name: str, payload: dict, *, with_field: bool = False) -> dict:
    """The result of ``rules_core.api.call(name, payload)`` at build time; a refusal fails the build."""
    reply = call(name, payload)
    if not reply["ok"]:
        where = f" ({reply['error']['field']})" if with_field else ""
        raise WidgetError(f"{widget} widget: {reply['error']['message']}{where}")
    return reply["result"]
