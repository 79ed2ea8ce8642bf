"""The ``calculator`` fence, as Markdown sees it: good fences render, bad ones fail the build."""
from html.parser import HTMLParser

import markdown
import pytest

from calculators.pages.fence import format_calculator, validate_calculator
from calculators.pages.widgets import WIDGETS, WidgetError


def render(source: str) -> str:
    md = markdown.Markdown(extensions=["pymdownx.superfences"], extension_configs={"pymdownx.superfences": {
        "custom_fences": [{"name": "calculator", "class": "calculator",
                           "format": format_calculator, "validator": validate_calculator}]}})
    return md.convert(source)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Shown(HTMLParser):
    """Each form and each ``calc__static`` block, with whether a reader without
    JavaScript sees it (neither it nor anything around it is ``hidden``)."""

    def __init__(self):
        super().__init__()
        self.open: list[bool] = []  # per open element: is it, or an ancestor, hidden?
        self.forms: list[bool] = []
        self.static: list[bool] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        hidden = (bool(self.open) and self.open[-1]) or "hidden" in attrs
        if tag == "form":
            self.forms.append(not hidden)
        if "calc__static" in (attrs.get("class") or "").split():
            self.static.append(not hidden)
        if tag not in VOID:
            self.open.append(hidden)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag):
        if tag not in VOID and self.open:
            self.open.pop()


def shown(html: str) -> Shown:
    parser = Shown()
    parser.feed(html)
    parser.close()
    return parser


FENCES = [f"widget: {name}" for name in sorted(WIDGETS)] + [
    "widget: stress\nmodel: wounds\nedition: \"2022\"", "widget: stress\nmodel: conditions", "widget: stress\nmodel: track",
    "widget: morale\nedition: wiki", "widget: dice\ngame: gauntlet-forge",
]


@pytest.mark.parametrize("body", FENCES)
def test_every_widget_shows_its_static_content_and_hides_every_form_until_the_script_mounts_it(body):
    """Without JavaScript (or before the engine), a reader sees the tables and no dead form."""
    name = body.split("\n")[0].split(": ")[1]
    html = render(f"```calculator\n{body}\n```\n")
    assert f'data-calc="{name}"' in html
    seen = shown(html)
    assert seen.forms and not any(seen.forms), f"forms shown without the script: {seen.forms}"
    assert seen.static and all(seen.static), "the static content is hidden"


def test_the_check_sees_a_form_left_visible():
    html = render("```calculator\nwidget: boons\n```\n").replace(" hidden autocomplete", " autocomplete", 1)
    assert shown(html).forms == [True]
    assert shown('<div hidden><p>x</p><form><input name="a"></form></div><form hidden></form>').forms == [False, False]


def test_the_boons_table_says_it_holds_in_every_edition():
    """docs/gauntlet-forge/boons-and-banes.md#boons: the boon rules (written only in the 2022 text) apply to every edition."""
    html = render("```calculator\nwidget: boons\n```\n")
    assert "the same in every edition (2023, 2022 and the wiki)" in html


def test_two_widgets_on_a_page_get_their_own_ids():
    html = render("```calculator\nwidget: boons\n```\n\n```calculator\nboons\n```\n")
    assert 'id="calc-boons-1"' in html and 'id="calc-boons-2"' in html


@pytest.mark.parametrize("source", [
    "widget: dragons",                 # unknown widget
    "widget: boons\nrating: 7\ncolour: red",  # unknown option
    "widget: stress\nmodel: sponge",   # unknown model
    "widget: borders\nmap: nowhere",   # unknown map
    "widget: [boons",                  # not YAML
    "rating: 3",                       # no widget
])
def test_a_bad_fence_fails_the_build(source):
    with pytest.raises(WidgetError):
        render(f"```calculator\n{source}\n```\n")
