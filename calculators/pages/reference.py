"""The Calculators reference page, written at build time from the registry and ``rules_core.api.describe()``.

A page holds the marker fence::

    ```calculators-reference
    ```

and :func:`expand` (called by the MkDocs hook on each page's Markdown, before
Markdown runs, so the headings reach the table of contents and the search)
replaces it with :func:`markdown`: every widget with its fence options and
their defaults, then every engine calculator with its input and output, taken
from the calculators' own docstrings. Nothing here is typed by hand, so the
page cannot drift from the code.

A page that names the calculators (the *Offline* page) holds the marker fence
``calculators-list`` instead: :func:`expand` replaces it with a list of every
widget's title, from the same registry, so adding a calculator updates it.
"""
from __future__ import annotations

import json
import re

from rules_core.api import CALCULATORS, describe

from .widgets import REGISTRY

MARKER = re.compile(r"^```calculators-reference[ \t]*\n```[ \t]*$", re.M)
LIST_MARKER = re.compile(r"^```calculators-list[ \t]*\n```[ \t]*$", re.M)
_ROLE = re.compile(r":(?:func|mod|data|class):`~?([^`]+)`")
_LITERAL = re.compile(r"``(.+?)``", re.S)
_SECTION = re.compile(r"\b(Input|Output):\s*")


def _text(doc: str) -> str:
    """A docstring's reStructuredText as Markdown: ``x`` and :func:`x` become `x`, lines joined."""
    doc = _ROLE.sub(lambda m: f"``{m.group(1).rsplit('.', 1)[-1]}``", doc)
    doc = _LITERAL.sub(lambda m: "`" + " ".join(m.group(1).split()) + "`", doc)
    return " ".join(doc.split())


def sections(doc: str) -> dict:
    """``{"about", "input", "output"}`` from a calculator's docstring (its ``Input:`` and ``Output:`` parts)."""
    text = _text(doc)
    parts = _SECTION.split(text)
    found = {"about": parts[0].strip(), "input": "", "output": ""}
    for label, body in zip(parts[1::2], parts[2::2]):
        found[label.lower()] = body.strip()
    return found


def _value(default) -> str:
    return "worked out (see the right column)" if default is None else f"`{json.dumps(default, ensure_ascii=False)}`"


def _anchor(name: str) -> str:
    return name.replace(".", "")


def _widgets() -> list[str]:
    lines = ["## Widgets and their fence options", "",
             "A page places a calculator with a `calculator` fence whose body is YAML: `widget:` names it, "
             "the other keys are its options. An unknown widget or option fails the build, naming the ones "
             "that exist.", ""]
    for name, widget in REGISTRY.items():
        calls = ", ".join(f"[`{c}`](#{_anchor(c)})" for c, fn in CALCULATORS.items()
                          if fn.__module__ in {f"rules_core.api.{a}" for a in (widget.api, *widget.apis)})
        lines += [f"### `{name}`: {widget.title} {{ #widget-{name} }}", "",
                  "````markdown", "```calculator", f"widget: {name}", "```", "````", "",
                  "| Option | Default | What it sets |", "|---|---|---|"]
        lines += [f"| `{key}` | {_value(o.default)} | {o.doc} |" for key, o in widget.options.items()]
        lines += ["", f"Engine calculators it calls: {calls}.", ""]
    return lines


def _calculators() -> list[str]:
    lines = ["## Engine calculators", "",
             "Each one takes a JSON mapping and answers `{ok, result}` or `{ok: false, error: {code, message, "
             "field}}` (`rules_core.api.call(name, payload)`; in the page, `engine.call(name, payload)`). "
             "The error's `field` names the input to show the message beside.", ""]
    for entry in describe():
        part = sections(entry["doc"])
        lines += [f"### `{entry['name']}`", ""]
        if part["about"]:
            lines += [part["about"], ""]
        lines += [f"**Input:** {part['input'] or 'nothing.'}", "", f"**Output:** {part['output'] or '—'}", ""]
    return lines


def markdown() -> str:
    """The reference's body, as Markdown."""
    return "\n".join(_widgets() + _calculators())


def calculator_list() -> str:
    """Every calculator the registry holds, one Markdown list item each (its title)."""
    return "\n".join(f"- {widget.title}" for widget in REGISTRY.values())


def expand(page_markdown: str) -> str:
    """The page's Markdown with its ``calculators-reference`` fence replaced by :func:`markdown`
    and its ``calculators-list`` fence by :func:`calculator_list`."""
    if LIST_MARKER.search(page_markdown):
        listed = calculator_list()
        page_markdown = LIST_MARKER.sub(lambda _: listed, page_markdown)
    if not MARKER.search(page_markdown):
        return page_markdown
    body = markdown()
    return MARKER.sub(lambda _: body, page_markdown)
