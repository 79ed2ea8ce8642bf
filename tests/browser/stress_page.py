"""The stress widget on ``table/`` (one widget, three models behind its switch): ``table/`` opened
(``open_table``), a model's panel opened and reset (``fresh``), its fields filled as a player would,
and what it answers, shows and stores.
"""
from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.support import wait_engine

TABLE = "table/"
WOUNDS_PAGE = "gauntlet-forge/stress-and-wounds/"
TRACK_PAGE = "edgerunner/stress/"
KEY = "conflict-table[/]:stress"  # scoped to the site's path (served at /)
MODELS = {"wounds": "Gauntlet Forge wound boxes", "conditions": "Gauntlet Forge conditions (wiki)",
          "track": "Edgerunner stress track"}
WIDGETS = {"wounds": 0, "conditions": 0, "track": 0}  # table/ has one stress widget for all three


def open_table(page, server):
    """``page`` on ``table/``, its engine ready and the stress widget drawn (a module's shared page)."""
    page.goto(server.url + TABLE)
    wait_engine(page)
    stress_widgets(page).nth(0).locator('[data-panel="track"] [data-out="answer"] .calc__answer').wait_for(state="attached")
    return page


def stress_widgets(page):
    return page.locator('.calc[data-calc="stress"]')


def open_widget(page, model):
    """Switch table/'s stress widget to ``model``; returns its panel."""
    widget = stress_widgets(page).nth(WIDGETS[model])
    widget.locator(".calc-stress__models label", has_text=MODELS[model]).click()
    panel = widget.locator(f'[data-panel="{model}"]')
    expect(panel).to_be_visible()
    return panel


def fresh(page, model, **fields):
    """The panel of ``model``, reset through its own button, with its fields set."""
    panel = open_widget(page, model)
    panel.locator('[data-act="reset"]').click()
    expect(panel.locator('[data-out="log"]')).to_contain_text("Reset")
    if model == "track":  # what a test before may have left in the hit's fields
        fields = {"defense_shifts": "", "range": 0, "invokes": 0, "invokes_available": 0, **fields}
        panel.locator('[data-part="recovery"] [name="shifts"]').fill("0")
    for name, value in fields.items():
        fill(panel, name, value)
    return panel


def fill(panel, name, value):
    """Set a field as a player would; a field already holding the value is left alone (no extra calls)."""
    field = panel.locator(f'[name="{name}"]').first
    kind, current = field.evaluate("el => [el.type, el.type === 'checkbox' ? el.checked : el.value]")
    if kind == "checkbox":
        if current != bool(value):
            field.set_checked(bool(value))
    elif current != str(value):
        if kind.startswith("select"):
            field.select_option(str(value))
        else:
            field.fill(str(value))


def answer(panel):
    return panel.locator('[data-out="answer"]')


def expect_answer(panel, text):
    expect(answer(panel)).to_contain_text(text)


def stored(page, model):
    text = page.evaluate("k => localStorage.getItem(k)", f"{KEY}:{model}")
    return json.loads(text) if text else None


def boxes(panel, slot=None):
    """A wound slot's boxes, or the first row of boxes of the panel (condition slots, a track's boxes)."""
    scope = panel.locator(f'[data-slot="{slot}"]') if slot else panel.locator(".calc-stress__boxes").first
    return scope.locator("button")


def pressed(buttons):
    return [b.get_attribute("aria-pressed") == "true" for b in buttons.all()]
