"""The boon free-dice calculator, in the browser, against the same rules_core in CPython."""
import pytest

from rules_core.api import call
from tests.browser.support import wait_engine
from tests.browser.waits import routed

BOONS = "gauntlet-forge/boons-and-banes/"
WIDGET = '.calc[data-calc="boons"]'


@pytest.fixture(scope="module")
def boons_page(shared_page, server):
    page = shared_page
    page.set_default_timeout(60_000)
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_selector(f'{WIDGET} [data-out="boon"] .calc__answer')
    return page


@pytest.fixture
def boons(boons_page):
    """The widget, set back to a known state (the page and its engine are shared by the module)."""
    widget = boons_page.locator(WIDGET).first
    widget.locator('input[name="enduring"]').set_checked(False)
    for name, value in (("rating", 7), ("pool", 3), ("difficulty", 2), ("target", 5)):
        set_field(widget, name, value)
    boons_page.wait_for_function("el => el.innerText.includes('3 free dice') && el.innerText.includes('vanishes')",
                                 arg=widget.locator('[data-out="boon"]').element_handle())
    return widget


def set_field(widget, name, value):
    widget.locator(f'input[name="{name}"]').fill(str(value))


def answer(widget):
    return widget.locator('[data-out="boon"]').inner_text()


def test_rating_7_gives_3_free_dice(boons):
    set_field(boons, "rating", 7)
    boons.page.wait_for_function(
        "el => el.innerText.includes('3 free dice')", arg=boons.locator('[data-out="boon"]').element_handle())
    text = answer(boons)
    assert "3 free dice per roll" in text
    assert "stays at rating 7" in text
    assert "then it vanishes" in text


def test_enduring_boon_drops_by_one_when_spent(boons):
    set_field(boons, "rating", 3)
    boons.locator('input[name="enduring"]').check()
    boons.page.wait_for_function("el => el.innerText.includes('drops to rating 2')",
                                 arg=boons.locator('[data-out="boon"]').element_handle())
    assert "1 free die per roll" in answer(boons)


@pytest.mark.parametrize("bad, words", [("abc", "whole number"), ("0", "at least 1"), ("", "missing"),
                                        ("-2", "at least 1"), ("2.5", "whole number")])
def test_bad_rating_is_explained_beside_the_field_and_the_last_result_stays(boons, bad, words):
    set_field(boons, "rating", 5)
    boons.page.wait_for_function("el => el.innerText.includes('2 free dice')",
                                 arg=boons.locator('[data-out="boon"]').element_handle())
    set_field(boons, "rating", bad)
    error = boons.locator('[data-field="rating"] .calc__error')
    error.wait_for(state="visible")
    assert words in error.inner_text()
    assert boons.locator('input[name="rating"]').get_attribute("aria-invalid") == "true"
    assert "2 free dice" in answer(boons)  # the last good result is still shown
    assert "calc__result--stale" in boons.locator('[data-out="boon"]').get_attribute("class")
    set_field(boons, "rating", 9)  # and a good value clears the message
    error.wait_for(state="hidden")
    assert "4 free dice" in answer(boons)


def test_odds_match_the_core(boons):
    for name, value in (("rating", 4), ("pool", 3), ("difficulty", 3), ("target", 5)):
        set_field(boons, name, value)
    expected = call("boons.odds", {"pool": 3, "difficulty": 3, "rating": 4, "target": 5})["result"]
    odds = boons.locator('[data-out="odds"]')
    boons.page.wait_for_function("([el, pct]) => el.innerText.includes(pct)",
                                 arg=[odds.element_handle(), expected["spending"]["probability"]["percent"]])
    rows = odds.locator("tbody tr")
    for i, key in enumerate(("without", "with_free_dice", "spending")):
        cells = rows.nth(i).locator("td")
        assert cells.nth(0).inner_text() == f"{expected[key]['pool']} dice"
        chance = expected[key]["probability"]  # the exact chance is said beside it (a phone has no hover title)
        assert cells.nth(1).inner_text() == chance["percent"] + ("" if chance["exact"] in ("0/1", "1/1") else f" ({chance['exact']})")


def test_fields_are_labelled_and_results_are_announced(boons):
    for name in ("rating", "pool", "difficulty", "target", "enduring"):
        field = boons.locator(f'[name="{name}"]')
        label = boons.locator(f'label[for="{field.get_attribute("id")}"]')
        assert label.count() == 1 and label.inner_text().strip()
    for out in ("boon", "odds"):  # quiet: the calculator's one live region says each answer once (test_a11y)
        assert boons.locator(f'[data-out="{out}"]').get_attribute("aria-live") == "off"
    assert boons.locator('[data-out="announce"]').get_attribute("aria-live") == "polite"


def test_keyboard_only_use(boons):
    page = boons.page
    boons.locator('input[name="rating"]').focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("11")
    page.keyboard.press("Tab")  # on to the enduring checkbox
    page.keyboard.press("Space")
    page.wait_for_function("el => el.innerText.includes('drops to rating 10')",
                           arg=boons.locator('[data-out="boon"]').element_handle())
    assert "5 free dice" in answer(boons)


def test_phone_viewport_touch_targets(phone, server):
    page = phone
    page.goto(server.url + BOONS)
    wait_engine(page)
    widget = page.locator(WIDGET).first
    widget.locator('[data-out="boon"] .calc__answer').wait_for()
    for name in ("rating", "pool"):
        box = widget.locator(f'input[name="{name}"]').bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_form_as_first_shown_is_answered_before_the_engine_has_started(context, server):
    """Issue 35: the build worked out the answers for the form as the page first shows it, so a player
    sees them at once, with the engine still on its way (here its pyodide.mjs is held back), and the
    engine's first moments are left for the player's own taps. A change of a field goes to the engine."""
    held = []
    context.route("**/engine/*/pyodide.mjs", lambda route: held.append(route))
    page = context.new_page()
    page.goto(server.url + BOONS)
    widget = page.locator(WIDGET).first
    page.wait_for_function("el => el.innerText.includes('3 free dice')", arg=widget.locator('[data-out="boon"]').element_handle())
    odds = call("boons.odds", {"pool": 3, "difficulty": 2, "target": 5, "rating": 7})["result"]
    shown = widget.locator('[data-out="odds"]').inner_text()
    for part in ("without", "with_free_dice", "spending"):
        assert odds[part]["probability"]["percent"] in shown, shown
    assert page.evaluate("window.calcEngine.status") == "starting"
    assert page.evaluate("window.calcKnown.answered") == 2
    # the engine's worker asks for pyodide.mjs in its own time (the answers did not wait for it)
    routed(page, held, "the engine's worker to ask for pyodide.mjs")
    assert page.evaluate("window.calcEngine.status") == "starting"
    context.unroute("**/engine/*/pyodide.mjs")
    for route in held:
        route.fallback()
    set_field(widget, "rating", 3)
    page.wait_for_function("el => el.innerText.includes('1 free die per roll')",
                           arg=widget.locator('[data-out="boon"]').element_handle(), timeout=90_000)
    assert page.evaluate("window.calcEngine.status") == "ready"
    assert page.evaluate("window.calcKnown.answered") == 2
