"""The Calculators reference page: written from the code, it names every calculator, input, output and option."""
import json
from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml

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
            self.ids[self._in[0]] = self._in[1].strip().removesuffix("¶")  # the permalink
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


def render(text: str) -> markdown.Markdown:
    """The page's Markdown through the fence as ``mkdocs.yml`` registers it (``md.html`` holds the HTML)."""
    md = markdown.Markdown(extensions=["attr_list", "tables", "toc", "pymdownx.superfences"], extension_configs={
        "toc": {"permalink": True},
        "pymdownx.superfences": {"custom_fences": [
            {"name": reference.FENCE, "class": reference.FENCE,
             "format": reference.format_reference, "validator": reference.validate_reference}]}})
    md.html = md.convert(text)
    return md


def built() -> Text:
    parser = Text()
    parser.feed(render(PAGE.read_text(encoding="utf-8")).html)
    return parser


def test_the_page_asks_for_the_reference_and_its_fence_writes_it():
    """No hook event: the page's fence, registered in mkdocs.yml like the calculator fence, writes it
    (so a generator that runs no hooks writes the page too)."""
    text = PAGE.read_text(encoding="utf-8")
    assert reference.MARKER.search(text)
    config_text = (PAGE.parents[1] / "mkdocs.yml").read_text()
    config = yaml.load(config_text, Loader=yaml.BaseLoader)  # tags stay strings (empty)
    [superfences] = [e["pymdownx.superfences"] for e in config["markdown_extensions"]
                     if isinstance(e, dict) and "pymdownx.superfences" in e]
    assert reference.FENCE in [f["name"] for f in superfences["custom_fences"]]
    assert "format: !!python/name:calculators.pages.reference.format_reference" in config_text
    assert "on_page_markdown" not in (PAGE.parents[1] / "calculators" / "hook.py").read_text()
    html = render(text).html
    assert "```calculators-reference" not in html and "language-calculators-reference" not in html
    assert '<h2 id="engine-calculators">' in html


def _toc_ids(tokens) -> list[str]:
    return [i for t in tokens for i in [t["id"], *_toc_ids(t["children"])]]


def test_the_references_headings_are_in_the_pages_table_of_contents_once():
    """The sidebar and the search list the reference's headings, as they did when the page held them itself."""
    md = render(PAGE.read_text(encoding="utf-8"))
    ids = _toc_ids(md.toc_tokens)
    for name in CALCULATORS:
        assert name.replace(".", "") in ids, name
    for name in REGISTRY:
        assert f"widget-{name}" in ids, name
        assert md.html.count(f'id="widget-{name}"') == 1, name  # the headings lent to the toc are gone again
    assert len(ids) == len(set(ids))
    assert md.html.count('class="headerlink"') == len(ids) - ids.count("calculators-reference") + 1


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
