"""The tests' own Chromium (``TEST_ARGS`` in ``support.py``): it leaves the address bar's hidden popups out of every
new profile, and still runs with every feature Playwright's defaults turn off (Chromium reads only
the last ``--disable-features``, so a list of ours that lost one of Playwright's would quietly change
what every other browser test sees)."""
from tests.browser.support import CHROMIUM, CHROMIUM_ARGS


def disabled_features(page) -> list[str]:
    """The features the page's Chromium was told to turn off: its last --disable-features (chrome://version)."""
    page.goto("chrome://version")
    switches = page.locator("#command_line").inner_text().split()
    return [s.split("=", 1)[1] for s in switches if s.startswith("--disable-features=")][-1].split(",")


def test_the_tests_chromium_opens_no_address_bar_popup_and_keeps_playwrights_defaults(browser, browser_type):
    plain = browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        playwrights = disabled_features(plain.new_page())
    finally:
        plain.close()
    ctx = browser.new_context(first_visit=True)
    try:
        ours = disabled_features(ctx.new_page())
        windows = browser.new_browser_cdp_session().send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    finally:
        ctx.close()
    assert set(playwrights) - set(ours) == set(), "the tests' Chromium no longer turns off all Playwright turns off"
    assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} <= set(ours)
    assert [t["url"] for t in windows if t["type"] == "browser_ui"] == [], "a new profile opened the address bar's popups"
