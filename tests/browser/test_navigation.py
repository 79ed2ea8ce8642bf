"""Moving between pages as a reader does: the address always names the page shown."""
from tests.browser.pages import follow_link

STRAY = "() => { const id = decodeURIComponent(location.hash.slice(1)); return id === '' || !!document.getElementById(id); }"


def test_the_next_page_never_carries_the_last_pages_anchor(page, server):
    """Material's navigation tracking writes the heading in view into the address;
    when the reader scrolls and at once follows a link, it wrote the old page's
    heading (``#stress``) onto the new page's address, and Back kept it."""
    page.goto(server.url + "table/")
    page.wait_for_load_state("load")
    page.mouse.move(600, 400)
    page.mouse.wheel(0, 4000)
    page.wait_for_timeout(1500)  # the reader has scrolled to the morale tracker
    follow_link(page, 'nav.md-nav a[href$="gauntlet-forge/boons-and-banes/"]', "/boons-and-banes/")
    page.wait_for_timeout(1000)  # long enough for the tracking's late write (debounced 250 ms)
    assert page.evaluate(STRAY), page.url
    page.go_back()
    page.wait_for_function("() => document.querySelector('article h1')?.textContent.includes('At the table')")
    assert page.evaluate(STRAY), page.url
