"""Worked examples open in their calculator (issue 33), on a 360×740 phone by touch: one tap on "Open in
the …" brings the calculator into view, opens the example's state in it, and the calculator's own output
then says what the example's box states (each stated outcome, read from the screen). The link is a plain
share link: opened cold, from another tab, the calculator offers it first; a keyboard opens it too."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from calculators.pages import examples
from tests.browser.support import NO_WORKER, phone_context

DOCS = Path(__file__).resolve().parents[2] / "docs"
FOUND = examples.find(DOCS)


def url_of(page: str) -> str:
    return page.removesuffix(".md") + "/"


def expected(calculator: str, state: dict, outcome: dict) -> list[tuple[str, str]]:
    """(the output to read, a pattern of the words it must hold) for each outcome the example states."""
    said, e = [], re.escape
    for key, value in outcome.items():
        match calculator, key:
            case "dice", "shifts":
                said.append(('[data-out="roll"]', f"{value} shifts"))
            case "dice", "dice":
                said.append(('[data-out="roll"]', f"{'[+]' if value >= 0 else '−'} {abs(value)} on the dice"))
            case "boons", "spent_dice":
                said.append(('[data-out="boon"]', e(f"+{value} dice on one roll")))
            case "boons", "vanishes":
                said.append(('[data-out="boon"]', "then it vanishes" if value else "then it drops to rating"))
            case "boons", "rating_after":
                said.append(('[data-out="boon"]', f"drops to rating {value}"))
            case "boons", "spending_odds":
                said.append(('[data-out="odds"]', e(value)))
            case "borders", "cost":
                said.append(('[data-out="route"]', f"Cheapest route: {value} shifts?,"))
            case "borders", "way":
                said.append(('[data-out="route"]', e(f"({value})")))
            case "borders", "ways":
                said.extend(('[data-out="words"]', e(f"{way}: {cost}")) for way, cost in value.items())
            case "borders", "cost_back":
                said.append(('[data-out="words"]', e(f"{value} from {state['destination']}")))
            case "borders", "shifts":
                said.append(('[data-out="reach"]', f"^{value} shifts"))
            case "borders", "reached":
                said.append(('[data-out="reach"]', e(f"reach {', '.join(value) or 'no other zone'}.")))
            case "borders", "short":  # the reach table's row of the zone: zone, cost, range, short by
                said.extend((f'[data-out="reach"] tr:has(th:text-is("{zone}")) td:nth-of-type(3)', f"(^|\\D){n}$")
                            for zone, n in value.items())
            case "board", "shifts":
                said.append(('[data-out="last"]', f"[ (]{value} shifts\\)"))
            case "board", "zones":
                said.extend(('[data-out="where"]', f"{e(zone)}: [●■] {e(who)}") for who, zone in value.items())
            case "board", "taken_out":
                said.extend(('[data-out="actors"]', f"{e(who)}\\s+[^●■]*Taken out\\.") for who in value)
            case "board", "over":
                said.append(('[data-out="exchange"]', "To act: nobody" if value else "To act: (?!nobody)"))
            case "board", "winner":
                said.append(('[data-out="over"]', e(f"The conflict is over: {value} win")))
            case "board", "ended":
                said.append(('[data-out="over"]', "conceded" if value == "concession" else "taken out"))
            case "stress", "outcome":
                said.append(('[data-panel="conditions"] [data-out="answer"]', "^Take a condition" if value == "condition" else "^No empty slot is rated"))
            case "stress", "rating":
                said.append(('[data-panel="conditions"] [data-out="answer"]', f"(T|t)akes? a condition rated {value}"))
            case "stress", "slot":
                said.append(('[data-panel="conditions"] [data-out="answer"]', e(f"(slot {value})")))
            case "stress", "trait":
                said.append(('[data-panel="conditions"] [data-out="answer"]', f"trait rated {value}"))
            case "stress", "choices":  # the slot taken, or another that fits
                said.extend(('[data-panel="conditions"]', f"condition rated {r} |\\(rating {r}\\)") for r in value)
            case "morale", "stress":
                said.append(('[data-out="log"] li', f"{value} stress to"))
            case "morale", "morale":
                said.extend((f'[data-out="scoreboard"] [data-team="{team}"] [data-out="board-morale"]',
                             f"(^|\\s)[+]?{'−' if v < 0 else ''}{abs(v)}$") for team, v in value.items())
            case _:
                raise AssertionError(f"the test can't read {calculator}'s {key} from the screen: add it here")
    return said


PHONE_SCRIPTS = [NO_WORKER]  # the module's shared phone: no offline copy's bar over what is tapped


@pytest.fixture(scope="module")
def phone(shared_phone, server):
    shared_phone.goto(server.url)
    return shared_phone


def phone_page(browser):
    """A new phone with no service worker: (its context, its page); its uncaught errors fail the test (page_errors)."""
    ctx = phone_context(browser)
    ctx.add_init_script(NO_WORKER)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    return ctx, page


def read(page, calculator: str, said: list[tuple[str, str]]) -> None:
    """Each output shows its words (waiting for the calculator to draw them)."""
    for where, words in said:
        out = page.locator(f'.calc[data-calc="{calculator}"] {where}').first
        expect(out).to_contain_text(re.compile(words), use_inner_text=True)


@pytest.mark.parametrize(("source", "example"), FOUND, ids=[e["name"] for _, e in FOUND])
def test_one_tap_opens_the_example_and_the_calculator_says_its_outcome(phone, server, source, example):
    page, calculator = phone, example["calculator"]
    open_view = page.locator(".calc.is-table [data-act='table-close']")
    if open_view.count():  # the last example opened in a table view (the board's): closed to reach the page
        open_view.first.click()
    if not page.url.startswith(server.url + url_of(source)):
        page.goto(server.url + url_of(source))
    root = page.locator(f'.calc[data-calc="{calculator}"]')
    if not example.get("page"):
        root.and_(page.locator("[data-engine=ready]")).wait_for()
    link = page.locator(f'a[data-example-name="{example["name"]}"]')
    if not link.is_visible():  # in an edition's tab: the site-wide edition shows it
        tab = link.evaluate("a => { const b = a.closest('.tabbed-block'); const i = [...b.parentNode.children].indexOf(b);"
                            " return b.closest('.tabbed-set').querySelectorAll('.tabbed-labels > label')[i].textContent.trim(); }")
        page.get_by_role("combobox", name="Gauntlet Forge edition, site-wide").select_option(tab)
    # A plain share link, to this page or the one that holds the calculator (the theme may write it out whole).
    target = urljoin(server.url + url_of(source), example.get("page", ""))
    assert link.get_attribute("href").removeprefix(target).startswith(f"#{examples.KINDS[calculator].share}=")
    link.tap()
    if example.get("page"):
        page.wait_for_url(target + "**")
        root.and_(page.locator("[data-engine=ready]")).wait_for()
    # Opened at once, unless it would set aside a game in progress (an example opened before it): then its
    # offer waits for the player's own tap (issue 63 item 6).
    replaces = root.locator('[data-act$="open-shared"][data-replaces="true"]')
    page.wait_for_function("(s) => !location.hash.includes('=') || document.querySelector(s)", arg=f'.calc[data-calc="{calculator}"] [data-act$="open-shared"][data-replaces="true"]')
    if replaces.count():
        replaces.first.click()
    read(page, calculator, expected(calculator, example["state"], example["outcome"]))
    # The calculator is on the screen, not left below the example box.
    top = root.evaluate("r => r.getBoundingClientRect().top")
    bottom = root.evaluate("r => r.getBoundingClientRect().bottom")
    assert top < 740 and bottom > 0, f"the calculator is off screen (top {top}, bottom {bottom})"
    assert "=" not in page.evaluate("location.hash"), "the link's state stays in the address after it is opened"


def test_the_link_copied_to_another_tab_is_offered_first_then_opens(phones, server):
    page = phones(scripts=(NO_WORKER,))
    (source, example), = [(s, e) for s, e in FOUND if e["name"] == "Gatto is taken out"]
    page.goto(server.url + url_of(source) + examples.link_of(example))
    board = page.locator('.calc[data-calc="board"]')
    board.locator('[data-act="open-shared"]').wait_for()  # offered, not opened: nothing of the player's changed
    assert board.locator('[data-out="log"]').all_inner_texts() in ([], [""])
    board.locator('[data-act="open-shared"]').tap()
    read(page, "board", expected("board", example["state"], example["outcome"]))


def test_a_keyboard_opens_an_example_offline(phone, server):
    (source, example), = [(s, e) for s, e in FOUND if e["name"] == "The dragon's enduring bane"]
    phone.goto(server.url + url_of(source))
    phone.locator('.calc[data-calc="boons"][data-engine=ready]').wait_for()
    phone.context.set_offline(True)  # at the table with no network: the link needs none
    try:
        phone.locator(f'a[data-example-name="{example["name"]}"]').focus()
        phone.keyboard.press("Enter")
        read(phone, "boons", expected("boons", example["state"], example["outcome"]))
    finally:
        phone.context.set_offline(False)


@pytest.mark.parametrize("how", ["opened", "tapped"])
def test_a_link_naming_a_calculator_the_page_lacks_says_where_it_opens(browser, server, how):
    """Issue 64 item 9: a worked example's link naming the morale tracker, on the board's page (which has
    none): before, nothing happened and nothing was said. Now the page says which calculator the link is
    for and links to the pages that have it, carrying the same state; followed, it is offered there."""
    link = examples.link_of(next(e for _, e in FOUND if e["calculator"] == "morale"))
    fragment = link[link.index("#"):]
    ctx, page = phone_page(browser)
    if how == "opened":
        page.goto("about:blank")
        page.goto(server.url + "edgerunner/conflicts/" + fragment)
    else:  # a link to it on the page, tapped (as a worked example's would be)
        page.goto(server.url + "edgerunner/conflicts/")
        page.evaluate("(href) => { const a = document.createElement('a'); a.href = href; a.textContent = 'the link';"
                      " document.querySelector('article').prepend(a); }", fragment)
        page.locator("article > a", has_text="the link").tap()
    said = page.locator('[data-out="elsewhere"]')
    expect(said).to_contain_text("This link is for the morale tracker, which is not on this page")
    there = said.get_by_role("link", name="Gauntlet Forge conflicts")
    assert there.get_attribute("href").endswith("gauntlet-forge/conflicts/" + fragment)
    there.tap()
    page.wait_for_url("**/gauntlet-forge/conflicts/**")
    expect(page.locator('.calc[data-calc="morale"] [data-act="open-shared"]')).to_be_visible()
    expect(page.locator('[data-out="elsewhere"]')).to_have_count(0)
    ctx.close()
