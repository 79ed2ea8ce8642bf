"""The *Offline* page names the calculators from the widget registry, not by hand (issue 25, section 3):
adding a calculator to the registry adds it to the page."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from calculators.pages import reference
from calculators.pages.widgets import REGISTRY

OFFLINE = Path(__file__).resolve().parents[1] / "docs" / "offline.md"


def test_the_offline_page_lists_every_calculator_of_the_registry():
    text = OFFLINE.read_text(encoding="utf-8")
    assert "```calculators-list\n```" in text
    page = reference.expand(text)
    assert "calculators-list" not in page
    for widget in REGISTRY.values():
        assert f"\n- {widget.title}\n" in page + "\n"
    assert not any(word in text for word in ("four calculators", "five calculators", "six calculators"))


def test_a_new_widget_in_the_registry_is_listed(monkeypatch):
    """A calculator added to the registry, under a name and title no other has, appears in both the
    Markdown list (``expand``) and the built page's list (the fence's ``format_list``), after the others."""
    first = next(iter(REGISTRY.values()))
    title = "Initiative order"
    assert all(widget.title != title for widget in REGISTRY.values())
    monkeypatch.setitem(REGISTRY, "initiative", replace(first, name="initiative", title=title))
    listed = reference.expand("```calculators-list\n```\n")
    assert listed.splitlines()[-1] == f"- {title}"
    assert len(listed.splitlines()) == len(REGISTRY)
    built = reference.format_list("", "calculators-list", "", {}, None)
    assert built.endswith(f"<li>{title}</li></ul>") and built.count("<li>") == len(REGISTRY)


def test_the_built_offline_page_lists_every_calculator(tmp_path):
    """Through the page's own Markdown extensions (the fence in mkdocs.yml), as a build renders it."""
    import markdown

    config = (OFFLINE.parents[1] / "mkdocs.yml").read_text(encoding="utf-8")
    assert "- name: calculators-list" in config and "calculators.pages.reference.format_list" in config
    page = markdown.markdown(OFFLINE.read_text(encoding="utf-8"), extensions=["pymdownx.superfences"], extension_configs={
        "pymdownx.superfences": {"custom_fences": [{"name": "calculators-list", "class": "calculators-list",
                                                     "format": reference.format_list}]}})
    for widget in REGISTRY.values():
        assert f"<li>{widget.title}</li>" in page
