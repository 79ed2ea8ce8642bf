"""Moving between pages as a reader does: the address always names the page shown."""
from playwright.sync_api import expect

from tests.browser.pages import follow_link
from tests.browser.support import wait_engine

STRAY = "() => { const id = decodeURIComponent(location.hash.slice(1)); return id === '' || !!document.getElementById(id); }"
# Scrolled far down, and still for one frame (the wheel's scroll has ended).
SCROLLED = "() => { const was = window.__scrolledTo; window.__scrolledTo = scrollY; return scrollY > 2000 && scrollY === was; }"


def test_the_next_page_never_carries_the_last_pages_anchor(page, server):
    """Material's navigation tracking writes the heading in view into the address;
    when the reader scrolls and at once follows a link, it wrote the old page's
    heading (``#stress``) onto the new page's address, and Back kept it."""
    page.goto(server.url + "table/")
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.calcAnchors?.checked >= 2")  # the page's own two checks are done
    page.mouse.move(600, 400)
    page.mouse.wheel(0, 4000)
    page.wait_for_function(SCROLLED)  # the reader has scrolled down to the morale tracker
    checked = page.evaluate("calcAnchors.checked")
    follow_link(page, 'nav.md-nav a[href$="gauntlet-forge/boons-and-banes/"]', "/boons-and-banes/")
    # the new page's late check, after the tracking's debounced write (250 ms) would have landed
    page.wait_for_function("(n) => calcAnchors.checked >= n + 2", arg=checked)
    assert page.evaluate(STRAY), page.url
    page.go_back()
    page.wait_for_function("() => document.querySelector('article h1')?.textContent.includes('At the table')")
    assert page.evaluate(STRAY), page.url


def test_back_returns_to_the_boon_as_the_reader_left_it(page, server):
    page.goto(server.url + "gauntlet-forge/boons-and-banes/")
    wait_engine(page)
    boons = page.locator('.calc[data-calc="boons"]').first
    assert boons.locator('input[name="rating"]').input_value() != "11"
    boons.locator('input[name="rating"]').fill("11")
    page.wait_for_function("el => el.innerText.includes('5 free dice')",
                           arg=boons.locator('[data-out="boon"]').element_handle())
    follow_link(page, 'nav.md-nav a[href$="table/"]', "/table/")
    page.go_back()
    page.wait_for_function("() => document.querySelector('article h1')?.textContent.includes('Boons')")
    boons = page.locator('.calc[data-calc="boons"]').first
    expect(boons.locator('input[name="rating"]')).to_have_value("11")  # once the calculator has mounted
    page.wait_for_function("el => el.innerText.includes('5 free dice')",
                           arg=boons.locator('[data-out="boon"]').element_handle())


def test_a_reload_keeps_the_dice_rollers_fields(page, server):
    """The roller keeps what was typed (a skill, physical dice) for this tab, like the boons calculator."""
    page.goto(server.url + "table/")
    wait_engine(page)
    dice = page.locator('.calc[data-calc="dice"]').first
    dice.locator('input[name="skill"]').fill("4")
    dice.locator('input[name="fate_faces"]').fill("+ + 0 -")
    dice.locator('[data-out="total"]').filter(has_text="5 shifts").wait_for()
    page.reload()
    wait_engine(page)
    dice = page.locator('.calc[data-calc="dice"]').first
    expect(dice.locator('input[name="skill"]')).to_have_value("4")  # once the roller has mounted
    expect(dice.locator('input[name="fate_faces"]')).to_have_value("+ + 0 -")
    dice.locator('[data-out="total"]').filter(has_text="5 shifts").wait_for()
