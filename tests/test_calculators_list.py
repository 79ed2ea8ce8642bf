"""The *Offline* page names the calculators from the widget registry, not by hand (issue 25, section 3):
adding a calculator to the registry adds it to the page."""
from __future__ import annotations

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
    board = next(iter(REGISTRY.values()))
    monkeypatch.setitem(REGISTRY, "board", type(board)(**{**board.__dict__, "name": "board", "title": "Conflict board"}))
    assert "- Conflict board" in reference.expand("```calculators-list\n```\n")
