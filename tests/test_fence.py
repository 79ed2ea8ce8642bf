"""The ``calculator`` fence, as Markdown sees it: good fences render, bad ones fail the build."""
import markdown
import pytest

from calculators.fence import format_calculator, validate_calculator
from calculators.widgets import WIDGETS, WidgetError


def render(source: str) -> str:
    md = markdown.Markdown(extensions=["pymdownx.superfences"], extension_configs={"pymdownx.superfences": {
        "custom_fences": [{"name": "calculator", "class": "calculator",
                           "format": format_calculator, "validator": validate_calculator}]}})
    return md.convert(source)


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_every_widget_renders_its_static_content_and_a_hidden_form(name):
    html = render(f"```calculator\nwidget: {name}\n```\n")
    assert f'data-calc="{name}"' in html
    assert 'class="calc__static"' in html and "<form" in html and " hidden" in html


def test_the_boons_table_says_it_holds_in_every_edition():
    """RULES.md §2 ruling: the boon rules (written only in the 2022 text) apply to every edition."""
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
