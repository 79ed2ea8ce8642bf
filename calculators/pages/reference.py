"""The Calculators reference page, written at build time from the registry and ``rules_core.api.describe()``.

A page holds the fence::

    ```calculators-reference
    ```

which ``mkdocs.yml`` hands to :func:`format_reference` (a SuperFences custom
fence, like the ``calculator`` one): it renders :func:`markdown` (every widget
with its fence options and their defaults, then every engine calculator with
its input and output, taken from the calculators' own docstrings) and hands its
headings to the page's table of contents, so they reach the sidebar and the
search as the page's own would (as markdown-exec does). No hook is involved:
any generator that runs the page's Markdown extensions writes the page.
Nothing here is typed by hand, so the page cannot drift from the code.

A page that names the calculators (the *Offline* page) holds the fence
``calculators-list`` instead (:func:`format_list`): a list of every widget's
title, from the same registry, so adding a calculator updates the page.
"""
from __future__ import annotations

import copy
import json
import re
from html import escape
from xml.etree import ElementTree as etree

from markdown import Markdown
from markdown.extensions.toc import TocExtension
from markdown.treeprocessors import Treeprocessor
from markdown.util import HTML_PLACEHOLDER_RE

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


def format_list(source, language, css_class, options, md, **kwargs) -> str:
    """The ``calculators-list`` fence: every calculator of the registry, as an HTML list of titles."""
    items = "".join(f"<li>{escape(widget.title)}</li>" for widget in REGISTRY.values())
    return f'<ul class="calculators-list">{items}</ul>'


def validate_list(language, inputs, options, attrs, md) -> bool:
    return True


def expand(page_markdown: str) -> str:
    """The page's Markdown with its ``calculators-reference`` fence replaced by :func:`markdown`
    and its ``calculators-list`` fence by :func:`calculator_list` (for reading the page's Markdown
    outside a build)."""
    if LIST_MARKER.search(page_markdown):
        listed = calculator_list()
        page_markdown = LIST_MARKER.sub(lambda _: listed, page_markdown)
    if not MARKER.search(page_markdown):
        return page_markdown
    body = markdown()
    return MARKER.sub(lambda _: body, page_markdown)


FENCE = "calculators-reference"
_HEADING = re.compile(r"^h[1-6]$")
_PLACEHOLDER = HTML_PLACEHOLDER_RE  # where a stashed block of HTML (the fence's output) sits in the tree


def _toc_configs(md: Markdown | None) -> dict:
    """The page's ``toc`` settings (permalinks, slugify…), so the reference's headings get the same."""
    for ext in getattr(md, "registeredExtensions", ()):
        if isinstance(ext, TocExtension):
            return {key: value for key, value in ext.getConfigs().items() if key != "marker"}
    return {}


class _Report(Treeprocessor):
    """In the reference's own Markdown, after its ``toc``: keep a copy of each heading (without its permalink)."""

    def __init__(self, md, found: list):
        super().__init__(md)
        self.found = found

    def run(self, root):
        for el in root.iter():
            if isinstance(el.tag, str) and _HEADING.match(el.tag):
                heading = copy.deepcopy(el)
                for link in [a for a in heading if a.tag == "a" and "headerlink" in a.get("class", "")]:
                    heading.remove(link)
                self.found.append(heading)


class _Insert(Treeprocessor):
    """In the page, before its ``toc``: put the reference's headings where its HTML will go."""

    def run(self, root):
        for parent in list(root.iter()):
            for index, child in reversed(list(enumerate(parent))):
                match = child.tag == "p" and _PLACEHOLDER.fullmatch((child.text or "").strip())
                if not match:
                    continue
                block = self.md.htmlStash.rawHtmlBlocks[int(match.group(1))]
                for offset, heading in enumerate(self.md._reference_headings.get(block, ())):
                    heading = copy.deepcopy(heading)
                    heading.set("data-reference-heading", "")
                    parent.insert(index + offset, heading)


class _Remove(Treeprocessor):
    """In the page, after its ``toc``: take those headings out again (the HTML holds the real ones)."""

    def run(self, root):
        for parent in list(root.iter()):
            for child in [c for c in parent if c.get("data-reference-heading") is not None]:
                parent.remove(child)


def format_reference(source, language, css_class, options, md, **kwargs) -> str:
    """The ``calculators-reference`` fence: :func:`markdown` as HTML, its headings in the page's contents."""
    found: list[etree.Element] = []
    inner = Markdown(extensions=["tables", "attr_list", TocExtension(**_toc_configs(md)), "pymdownx.superfences"])
    inner.treeprocessors.register(_Report(inner, found), "reference-report", 4)
    html = inner.convert(markdown())
    if md is not None:
        if "reference-insert" not in md.treeprocessors:
            md._reference_headings = {}
            md.treeprocessors.register(_Insert(md), "reference-insert", 6)
            md.treeprocessors.register(_Remove(md), "reference-remove", 4)
        md._reference_headings[html] = found
    return html


def validate_reference(language, inputs, options, attrs, md) -> bool:
    return True
