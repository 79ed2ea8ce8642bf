"""The engine in the page: lazy, one per visit, reused across instant navigation, honest when it fails."""
import re

import pytest

from tests.browser.morale_page import KEY, WOLVES_CROWS, Tracker
from tests.browser.pages import follow_link
from tests.browser.support import wait_engine
from tests.browser.waits import engine_barrier, routed, until

BOONS = "gauntlet-forge/boons-and-banes/"
TABLE = "table/"

# The engine's own start is what this module checks: each test's profile is a first visit's.
pytestmark = pytest.mark.first_visit


def test_a_page_without_a_calculator_loads_no_engine_file(page, server, requests_seen):
    page.goto(server.url + "glossary/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".calc").count() == 0
    assert requests_seen.matching("/assets/engine/") == []
    assert requests_seen.matching("worker.js") == []
    assert page.evaluate("window.calcEngine ? window.calcEngine.stats.starts : 0") == 0


def test_instant_navigation_to_another_calculator_page_reuses_the_engine(page, server, requests_seen):
    workers = []
    page.on("worker", lambda w: workers.append(w.url) if w.url.endswith("/worker.js") else None)
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    # follow the navigation link: Material's instant navigation swaps the content in place
    follow_link(page, 'nav.md-nav a[href$="table/"]', "/table/")
    page.wait_for_selector('.calc[data-calc="boons"] [data-out="boon"] .calc__answer')
    assert page.evaluate("window.calcEngine.stats.starts") == 1
    assert len(workers) == 1
    assert len(requests_seen.matching("pyodide.asm.wasm")) == 1


def test_the_engines_big_downloads_start_without_waiting_for_pyodide_mjs(context, server):
    """On a phone link each request that waits for another costs a round trip: the worker asks for the
    wasm and the standard library the moment it starts, beside pyodide.mjs, and no manifest, lock
    file or wheel first. Held here: pyodide.mjs never arrives, and both big files are asked for anyway."""
    held, asked = [], []
    context.route("**/assets/engine/*/pyodide.mjs", lambda route: held.append(route))
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'starting'")
    routed(page, held, "the worker to ask for pyodide.mjs")
    until(lambda: page.evaluate("() => true") and any(u.endswith("pyodide.asm.wasm") for u in asked)
          and any(u.endswith("python_stdlib.zip") for u in asked), timeout=15, what="the wasm and the zip to be asked for")
    assert any(u.endswith("pyodide.asm.wasm") for u in asked) and any(u.endswith("python_stdlib.zip") for u in asked), asked
    assert not [u for u in asked if u.endswith(("engine.json", "pyodide-lock.json", ".whl"))]
    for route in held:
        route.continue_()
    context.unroute("**/assets/engine/*/pyodide.mjs")
    wait_engine(page)
    page.wait_for_selector('[data-out="boon"] .calc__answer')


def test_a_failed_engine_says_why_and_keeps_the_static_table(context, server):
    context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'failed'", timeout=90_000)
    status = page.locator('.calc[data-calc="boons"] .calc__status')
    assert "could not be downloaded" in status.inner_text()
    assert page.locator(".calc__static table").first.is_visible()
    assert page.locator(".calc__form").first.is_hidden()


def test_without_javascript_the_static_content_is_there(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + BOONS)
    table = page.locator('.calc[data-calc="boons"] .calc__static table')
    assert table.is_visible()
    assert "12" in table.inner_text()
    assert page.locator('.calc[data-calc="boons"] .calc__form').is_hidden()
    context.close()


def _all_golden_replies(page, cases):
    return page.evaluate(
        """async (cases) => {
            const out = [];
            for (const c of cases) out.push(await window.calcEngine.call(c.call, c.input ?? {}));
            return out;
        }""",
        cases,
    )


def test_a_later_visit_restores_the_snapshot_and_answers_every_golden_case(context, server):
    from pathlib import Path

    from golden import check, load_cases

    page = context.new_page()
    page.goto(server.url + BOONS)
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.source") == "fresh"
    engine_barrier(page)  # the worker's steps said after ready have arrived before this answer
    assert "snapshot to keep once idle" in [step for step, _ in page.evaluate("calcEngine.stats.timeline")]
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    assert page.evaluate("window.calcEngine.stats.snapshot.bytes") > 1_000_000

    page.goto(server.url + BOONS)  # a later visit, same browser profile
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.source") == "snapshot"
    cases = load_cases(Path(__file__).resolve().parents[1] / "cases")
    replies = _all_golden_replies(page, cases)
    failures = {case["id"]: check(case, lambda name, payload, r=reply: r) for case, reply in zip(cases, replies)}
    assert {k: v for k, v in failures.items() if v} == {}
    assert len(replies) == len(cases) >= 80


def test_the_tests_returning_profiles_restore_their_seeded_snapshot_and_answer(browser, server):
    """Every other browser test's profile holds a stored snapshot (conftest.py): its engine restores it,
    saves none of its own, and answers as a fresh start does."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(server.url + BOONS)
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.source") == "snapshot"
    assert page.evaluate("calcEngine.call('boons.free_dice', {rating: 7})")["result"]["free_dice"] == 3
    # A fresh start says, right after ready and before any answer, that it will keep a snapshot once idle.
    steps = [step for step, _ in page.evaluate("calcEngine.stats.timeline")]
    assert "ready" in steps and "snapshot to keep once idle" not in steps, steps
    assert page.evaluate("window.calcEngine.stats.snapshot") is None
    ctx.close()


def starts_fresh_and_answers(page, server):
    """The next visit did not use the spoiled snapshot: Python started afresh and the boons calculator answers."""
    page.goto(server.url + BOONS)
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.source") == "fresh"
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert "3 free dice" in page.inner_text('.calc[data-calc="boons"] [data-out="boon"]')


def test_a_snapshot_damaged_in_the_middle_is_caught_by_its_checksum(context, server):
    """4 KB spoiled in the middle of a real snapshot still answers the test question: the checksum catches it."""
    page = context.new_page()
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    page.evaluate("""async () => {
        const cache = await caches.open('conflict-table-engine');
        const [key] = await cache.keys();
        const saved = await cache.match(key);
        const bytes = new Uint8Array(await saved.arrayBuffer());
        const middle = Math.floor(bytes.length / 2);
        bytes.fill(7, middle, middle + 4096);
        await cache.put(key, new Response(bytes, { headers: saved.headers }));
    }""")
    starts_fresh_and_answers(page, server)


def test_a_damaged_snapshot_is_thrown_away_and_python_starts_fresh(context, server):
    page = context.new_page()
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)  # then spoil it
    page.evaluate("""async () => {
        const cache = await caches.open('conflict-table-engine');
        const [key] = await cache.keys();
        await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
    }""")
    starts_fresh_and_answers(page, server)


def test_a_snapshot_of_one_build_never_restores_into_another_builds_engine(context, server):
    """A new build whose engine differs only in its standard library (a module more or less in the zip,
    the same Pyodide and the same rules_core): the snapshot the last build left refers to the old zip's
    contents, so it is refused, Python starts fresh, and the new build's snapshot replaces the old one."""
    import io
    import zipfile

    page = context.new_page()
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    manifest = page.evaluate("async () => (await fetch('../../assets/engine/engine.json')).json()")
    old, new = manifest["stdlib"], manifest["stdlib"].replace("stdlib-", "stdlib-0new")
    zipped = io.BytesIO()  # the next build's zip: the same modules and one file more
    with zipfile.ZipFile(zipped, "w") as out, zipfile.ZipFile(io.BytesIO(context.request.get(
            server.url + "assets/engine/" + old).body())) as src:
        for info in src.infolist():
            out.writestr(info, src.read(info))
        out.writestr("next_build.txt", "a module more")
    context.route("**/worker.js", lambda route: route.fulfill(response=(r := route.fetch()), body=r.text().replace(old, new)))
    context.route("**/" + new, lambda route: route.fulfill(body=zipped.getvalue(), content_type="application/zip"))
    saved = "async () => (await (await caches.open('conflict-table-engine')).keys()).map((r) => r.url)"
    before = page.evaluate(saved)

    page.goto(server.url + BOONS)  # the next build
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.source") == "fresh"
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert "3 free dice" in page.inner_text('.calc[data-calc="boons"] [data-out="boon"]')
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    after = page.evaluate(saved)
    assert len(before) == len(after) == 1 and before != after  # remade for this build, the old one gone


def test_a_first_visit_shows_how_far_the_engine_download_is(context, server):
    """While the engine downloads, the status says how much has arrived and that the tables work already."""
    context.add_init_script("""
        window.__statusTexts = [];
        new MutationObserver(() => {
            const status = document.querySelector('.calc[data-calc="boons"] .calc__status');
            if (status && !status.hidden && status.textContent !== window.__statusTexts.at(-1)) window.__statusTexts.push(status.textContent);
        }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    """)
    # The standard library is held back until the page has said how far the download is: on
    # 127.0.0.1 the whole engine may otherwise arrive before the calculator is even drawn.
    held = []
    context.route("**/python_stdlib.zip", lambda route: held.append(route))
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_function("() => window.__statusTexts.some(t => t.startsWith('Downloading'))", timeout=60_000)
    assert len(held) == 1
    held[0].continue_()
    wait_engine(page)
    texts = page.evaluate("window.__statusTexts")
    progress = [t for t in texts if re.match(r"Downloading the calculator engine: \d+ %\. The tables above already work\.$", t)]
    assert progress, texts
    percents = [int(re.search(r"(\d+) %", t).group(1)) for t in progress]
    assert percents == sorted(percents) and all(0 <= p < 100 for p in percents)
    total = page.evaluate("window.calcEngine.progress")
    assert total["loaded"] == total["total"] > 5_000_000  # the wasm, the standard library, the lock file


def test_when_the_browser_saves_data_the_engine_waits_for_a_tap(context, server, requests_seen):
    """Save-Data: nothing of the engine downloads by itself; the page says its size and offers a button."""
    context.add_init_script("Object.defineProperty(navigator, 'connection', { value: { saveData: true } })")
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_selector('.calc[data-calc="boons"] .calc__start')
    page.wait_for_load_state("networkidle")
    assert requests_seen.matching("/assets/engine/") == []
    status = page.inner_text('.calc[data-calc="boons"] .calc__status')
    assert "save data" in status and "5 MB" in status
    assert page.locator('.calc[data-calc="boons"] .calc__static table').is_visible()  # the build-time table stays
    page.click('.calc[data-calc="boons"] .calc__start')
    wait_engine(page)
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert page.evaluate("window.calcEngine.stats.starts") == 1


FAILED = "() => window.calcEngine && window.calcEngine.status === 'failed'"
BOONS_STATUS = '.calc[data-calc="boons"] .calc__status'


def _retry_button(page):
    return page.get_by_role("button", name="Retry").and_(page.locator(f"{BOONS_STATUS} button"))


def test_a_download_cut_off_says_so_in_plain_words_and_retry_brings_the_calculators(context, server):
    """The engine's biggest file does not arrive (the connection drops): the status says the network
    failed, not a browser's error text; Retry, once the file can come, starts every calculator. Nothing
    else says it (the shared check fails the test on an uncaught error: the worker once also threw it)."""
    def cut(route):
        route.abort()
    context.route("**/pyodide.asm.wasm", cut)
    page = context.new_page()
    page.goto(server.url + TABLE)  # five calculators
    page.wait_for_function(FAILED, timeout=90_000)
    status = page.locator(BOONS_STATUS)
    text = status.inner_text()
    assert "could not be downloaded: the network connection failed" in text, text
    assert "tables above still work" in text
    assert "Failed to fetch" not in text.split("Details")[0]  # the browser's words only inside the details
    assert "Failed to fetch" in page.locator('.calc[data-calc="boons"] .calc__why').text_content()  # folded away
    assert page.locator('.calc[data-calc="boons"] .calc__static table').is_visible()
    retries = page.locator(".calc__status button.calc__retry")
    assert retries.count() == page.locator(".calc[data-calc]").count() > 1  # every calculator offers it
    starts = page.evaluate("window.calcEngine.stats.starts")
    context.unroute("**/pyodide.asm.wasm", cut)
    button = _retry_button(page)
    button.focus()
    page.keyboard.press("Enter")  # reachable and usable by keyboard
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.starts") == starts + 1
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert "3 free dice" in page.inner_text('.calc[data-calc="boons"] [data-out="boon"]')
    for calc in page.locator(".calc[data-calc]").all():  # every calculator came alive, without a reload
        assert calc.locator(".calc__form").is_visible()
        assert calc.locator(".calc__status").is_hidden()
    page.locator('.calc[data-calc="boons"] input[name="rating"]').fill("9")
    page.wait_for_function("() => document.querySelector('.calc[data-calc=\"boons\"] [data-out=\"boon\"]').textContent.includes('4 free dice')")


def test_a_server_refusal_is_named_and_retry_tries_again(context, server):
    context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_function(FAILED, timeout=90_000)
    text = page.inner_text(BOONS_STATUS)
    assert "could not be downloaded" in text and "server" in text and "404" in text, text
    assert "network" not in text
    _retry_button(page).click()
    page.wait_for_function("() => window.calcEngine.stats.starts === 2 && window.calcEngine.status === 'failed'", timeout=90_000)
    assert "404" in page.inner_text(BOONS_STATUS)


def test_offline_the_page_says_so_and_recovers_by_itself_when_the_network_returns(context, server):
    """No click: the browser's 'online' event starts the engine again, and the calculators answer."""
    held = []

    def hold(route):
        if held is not None:
            held.append(route)
        else:
            route.fallback()
    context.route("**/engine/*/pyodide.mjs", hold)
    page = context.new_page()
    page.goto(server.url + BOONS)
    # every calculator is drawn (its module here) before the network goes away
    page.wait_for_function("() => document.querySelectorAll('.calc[data-calc]').length === "
                           "document.querySelectorAll('.calc[data-calc] [data-out=\"announce\"]').length")
    routed(page, held, "pyodide.mjs to be asked for")  # the engine needs it to start: held while the network goes away
    context.set_offline(True)
    route, held = held[0], None
    route.abort("internetdisconnected")
    page.wait_for_function(FAILED, timeout=90_000)
    text = page.inner_text(BOONS_STATUS)
    assert "network connection failed" in text, text
    assert page.evaluate("window.calcEngine.cause") == "network"
    context.set_offline(False)
    wait_engine(page)
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert "3 free dice" in page.inner_text('.calc[data-calc="boons"] [data-out="boon"]')
    assert page.evaluate("window.calcEngine.stats.starts") == 2


def test_a_saved_conflict_is_kept_while_the_engine_is_down_and_shown_after_retry(context, server):
    page = context.new_page()
    page.goto(server.url + TABLE)
    wait_engine(page)
    t = Tracker(page)
    t.begin("2023", WOLVES_CROWS)
    t.act("failure", "Bo")
    log = t.log()
    kept = page.evaluate(f"localStorage.getItem('{KEY}')")

    def cut(route):
        route.abort()
    context.route("**/pyodide.asm.wasm", cut)
    page.reload()
    page.wait_for_function(FAILED, timeout=90_000)
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == kept  # nothing overwritten or dropped
    context.unroute("**/pyodide.asm.wasm", cut)
    t.w.get_by_role("button", name="Retry").click()
    wait_engine(page)
    t.wait_log(len(log))
    assert t.log() == log
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == kept


def test_a_start_stuck_restoring_the_snapshot_is_replaced_by_a_fresh_one(context, server):
    """A browser that never finishes a step of the start (here: the snapshot's reader never arrives, so
    the restore waits for ever) does not leave the calculators 'starting' for minutes: after a silence
    the page replaces the worker once, with one that skips the snapshot, and the calculators answer."""
    page = context.new_page()
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    held = []
    context.route("**/snapshot.js", lambda route: held.append(route))
    page.goto(server.url + BOONS)
    page.wait_for_function("() => window.calcEngine")
    page.evaluate("calcEngine.stallMs = 2000")  # the player's 30 seconds, shortened for the stuck start
    page.wait_for_function("() => calcEngine.stats.stalls === 1", timeout=30_000)
    page.evaluate("calcEngine.stallMs = 30000")  # and given back to the start that replaces it
    wait_engine(page)
    assert page.evaluate("calcEngine.stats.source") == "fresh"
    assert held, "the stuck worker never asked for the snapshot's reader"
    assert page.evaluate("[calcEngine.stats.stalls, calcEngine.stats.starts]") == [1, 2]
    assert "stopped making progress" in page.evaluate("calcEngine.error")
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert "3 free dice" in page.inner_text('.calc[data-calc="boons"] [data-out="boon"]')
    context.unroute("**/snapshot.js")


def test_a_snapshot_lookup_that_never_answers_is_given_up_in_seconds_not_a_stall(context, server):
    """WebKit's Cache Storage was seen to hang after a reload (a fresh-clone check, 2026-12-02): the start
    waited for its snapshot's lookup, said nothing for 30 s, and only then did the watchdog start again. Here
    the worker's Cache Storage never answers: after 5 s the start goes on without a snapshot, and Python
    starts fresh in the same worker, with no stall (the watchdog set to 12 s, where before it fired)."""
    def stuck(route):
        body = route.fetch().text()
        route.fulfill(body="self.caches.open = () => new Promise(() => {});\n" + body, content_type="text/javascript")
    context.route("**/worker.js", stuck)
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_function("() => window.calcEngine")
    page.evaluate("calcEngine.stallMs = 12000")
    wait_engine(page)
    assert page.evaluate("[calcEngine.stats.source, calcEngine.stats.stalls, calcEngine.stats.starts]") == ["fresh", 0, 1]
    assert "snapshot lookup stuck" in [step for step, _ in page.evaluate("calcEngine.stats.timeline")]
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert "3 free dice" in page.inner_text('.calc[data-calc="boons"] [data-out="boon"]')
    context.unroute("**/worker.js")


def test_a_start_that_stalls_twice_fails_and_says_so_instead_of_waiting_for_ever(context, server):
    context.route("**/pyodide.asm.mjs", lambda route: None)  # never answered
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_function("() => window.calcEngine")
    page.evaluate("calcEngine.stallMs = 2000")
    page.wait_for_function(FAILED, timeout=30_000)
    assert page.evaluate("[calcEngine.stats.stalls, calcEngine.stats.starts]") == [1, 2]
    assert "stopped making progress" in page.evaluate("calcEngine.error")
    assert "could not start" in page.inner_text(BOONS_STATUS)
    assert page.locator(".calc__static table").first.is_visible()


def test_a_snapshot_of_another_build_stored_under_this_builds_name_is_refused(context, server):
    """Issue 64 item 11: a snapshot is named after its build in Cache Storage, but was trusted on its
    checksum alone: another build's snapshot, whole and with its valid checksum, found under this build's
    name, was restored (and answered as the other build). The snapshot names its build inside, and the
    engine refuses one that names another: Python starts fresh, answers, and saves this build's own."""
    page = context.new_page()
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    manifest = page.evaluate("async () => (await fetch('../../assets/engine/engine.json')).json()")
    old = manifest["wheel_sha256"]
    new = old[::-1]  # the next build: another rules_core, the same Pyodide and zip
    context.route("**/worker.js", lambda route: route.fulfill(response=(r := route.fetch()), body=r.text().replace(old, new)))
    page.evaluate("""async ([old, now]) => {
        const cache = await caches.open('conflict-table-engine');
        const [key] = await cache.keys();
        await cache.put(key.url.replace(old, now), await cache.match(key));  // the last build's, under the next one's name
    }""", [old, new])

    page.goto(server.url + BOONS)  # the next build
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.source") == "fresh"
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    assert "3 free dice" in page.inner_text('.calc[data-calc="boons"] [data-out="boon"]')
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)  # this build's own, saved in its place
    page.goto(server.url + BOONS)
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.source") == "snapshot"
