"""The Calculators reference page: written from the code, it names every calculator, input, output and option."""
import json
from html.parser import HTMLParser
from pathlib import Path

import markdown

from calculators import hook
from calculators.pages import reference
from calculators.pages.widgets import REGISTRY
from rules_core.api import CALCULATORS

PAGE = Path(__file__).resolve().parent.parent / "docs" / "calculators-reference.md"


class Text(HTMLParser):
    """The page as a reader gets it: its headings' ids and texts, table rows, and all the text."""

    def __init__(self):
        super().__init__()
        self.ids, self.rows, self.text, self._row, self._in = {}, [], [], None, None

    def handle_starttag(self, tag, attrs):
        if tag in ("h2", "h3"):
            self._in = [dict(attrs).get("id"), ""]
        if tag == "tr":
            self._row = []
        if tag in ("td", "th") and self._row is not None:
            self._row.append("")

    def handle_endtag(self, tag):
        if tag in ("h2", "h3") and self._in:
            self.ids[self._in[0]] = self._in[1].strip()
            self._in = None
        if tag == "tr" and self._row is not None:
            self.rows.append([c.strip() for c in self._row])
            self._row = None

    def handle_data(self, data):
        self.text.append(data)
        if self._in:
            self._in[1] += data
        if self._row:
            self._row[-1] += data


def built() -> Text:
    page = hook.on_page_markdown(PAGE.read_text(encoding="utf-8"), page=None)
    html = markdown.Markdown(extensions=["attr_list", "tables", "toc", "pymdownx.superfences"]).convert(page)
    parser = Text()
    parser.feed(html)
    return parser


def test_the_page_asks_for_the_reference_and_the_hook_writes_it():
    text = PAGE.read_text(encoding="utf-8")
    assert reference.MARKER.search(text)
    assert "calculators-reference" not in hook.on_page_markdown(text, page=None)


def test_every_engine_calculator_has_a_heading_with_its_input_and_output():
    page = built()
    words = " ".join(" ".join(page.text).split())
    for name in CALCULATORS:
        assert page.ids.get(name.replace(".", "")) == name, name
    assert words.count("Input:") == len(CALCULATORS) and words.count("Output:") == len(CALCULATORS)
    # what a docstring says about a field reaches the page: boons.free_dice reads `enduring`, defaults to false
    part = words.split("boons.free_dice", 2)[2]
    assert "enduring (default false)" in part.split("boons.table")[0]


def test_every_widget_and_every_fence_option_is_listed_with_its_default():
    page = built()
    for name, widget in REGISTRY.items():
        assert page.ids.get(f"widget-{name}") == f"{name}: {widget.title}", name
        for key, option in widget.options.items():
            default = "worked out (see the right column)" if option.default is None else json.dumps(option.default)
            assert [key, default, option.doc] in page.rows, (name, key)


def test_docstrings_split_into_what_a_calculator_reads_and_gives():
    part = reference.sections("Chance.\n\nInput: ``pool`` (0…100), see :func:`rules_core.x.form`.\nOutput: ``rows``.")
    assert part == {"about": "Chance.", "input": "`pool` (0…100), see `form`.", "output": "`rows`."}
    assert reference.sections("Input: ``shifts``. Output: ``placed``.")["output"] == "`placed`."
