"""Every engine call ends in a reply (issue 14 §1), in real Chromium.

* an input that can't even be handed to the worker (no JSON for it) gets an
  error reply instead of a rejected promise;
* an input nested thousands of levels deep (which structured cloning would
  refuse, or deliver to the worker as nothing) gets the rules' "nested more
  than 32 levels" message;
* a worker that dies or gets stuck after "ready" is noticed at the call's
  deadline: the call gets an error, the status beside the calculator says the
  engine is restarting, a new worker starts and the next call is answered.
"""
from __future__ import annotations

import pytest

from tests.browser.support import wait_engine

BOONS = "gauntlet-forge/boons-and-banes/"

CALL_WITH_DEADLINE = """async ([depth, wait]) => {
    let value = 1;
    for (let i = 0; i < depth; i++) value = [value];
    const late = new Promise((resolve) => setTimeout(() => resolve("no reply"), wait));
    try {
        return await Promise.race([window.calcEngine.call("boons.free_dice", {rating: value}), late]);
    } catch (error) {
        return "rejected: " + error;
    }
}"""


def _engine_worker(page):
    return next(w for w in reversed(page.workers) if w.url.endswith("/worker.js"))


def test_an_input_that_cannot_be_sent_gets_an_error_reply_not_a_rejection(page, server):
    page.goto(server.url + BOONS)
    wait_engine(page)
    reply = page.evaluate("""async () => {
        const loop = {rating: 3};
        loop.self = loop;  // no JSON for this
        try { return await window.calcEngine.call("boons.free_dice", loop); } catch (error) { return "rejected: " + error; }
    }""")
    assert isinstance(reply, dict), reply
    assert reply["ok"] is False
    assert reply["error"]["message"] == ("This input could not be handed to the calculator engine (it is not plain data). "
                                         "Nothing was changed.")


@pytest.mark.parametrize("depth", [3000, 5000, 20_000])
def test_an_input_nested_thousands_of_levels_gets_the_rules_message(page, server, depth):
    page.goto(server.url + BOONS)
    wait_engine(page)
    reply = page.evaluate(CALL_WITH_DEADLINE, [depth, 20_000])
    assert isinstance(reply, dict), reply
    assert reply["ok"] is False
    assert "nested more than 32 levels deep" in reply["error"]["message"]
    # the engine still answers afterwards
    assert page.evaluate("window.calcEngine.call('boons.free_dice', {rating: 7})")["result"]["free_dice"] == 3


def _breaks_and_recovers(page, server, how: str):
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    page.evaluate("window.calcEngine.deadlineMs = 2000")
    _engine_worker(page).evaluate(how)
    reply = page.evaluate(CALL_WITH_DEADLINE, [0, 15_000])
    assert isinstance(reply, dict), reply
    assert reply["ok"] is False
    assert "stopped answering" in reply["error"]["message"]
    assert page.evaluate("window.calcEngine.restarts") == 1
    # the next call waits for the new worker and is answered
    assert page.evaluate("window.calcEngine.call('boons.free_dice', {rating: 7})")["result"]["free_dice"] == 3
    assert page.evaluate("[window.calcEngine.status, window.calcEngine.starts]") == ["ready", 2]
    # the calculator works again from its form
    page.fill('.calc[data-calc="boons"] input[name="rating"]', "9")
    page.wait_for_function("""() => document.querySelector('.calc[data-calc="boons"] [data-out="boon"]').textContent.includes('4 free dice')""")


def test_a_worker_that_dies_after_ready_is_restarted_and_the_call_answered(page, server):
    _breaks_and_recovers(page, server, "self.close()")


def test_a_stuck_worker_is_restarted_and_says_so_beside_the_calculator(page, server):
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.evaluate("""() => {
        window.calcEngine.deadlineMs = 2000;
        const status = document.querySelector('.calc[data-calc="boons"] .calc__status');
        window.__statusSeen = [];
        new MutationObserver(() => window.__statusSeen.push([status.textContent, status.hidden]))
            .observe(status, {childList: true, characterData: true, subtree: true, attributes: true});
    }""")
    _engine_worker(page).evaluate("setTimeout(() => { const t = Date.now(); while (Date.now() - t < 600000); }, 0)")
    reply = page.evaluate("window.calcEngine.call('boons.free_dice', {rating: 4})")  # unanswered: it times out
    assert "stopped answering (it gave no answer within 2 seconds)" in reply["error"]["message"]
    wait_engine(page)
    shown = [text for text, hidden in page.evaluate("window.__statusSeen") if text and not hidden]
    assert shown and shown[0] == ("The calculator engine stopped answering (it gave no answer within 2 seconds); "
                    "restarting it… Your input is kept.")
    assert page.locator('.calc[data-calc="boons"] .calc__status').is_hidden()  # gone once it answers again
    assert page.evaluate("window.calcEngine.call('boons.free_dice', {rating: 7})")["result"]["free_dice"] == 3


def test_a_call_is_counted_while_its_answer_is_to_come(page, server):
    """``calcEngine.inFlight``: what the WebKit checks' clicks wait on (an answer redraws the page,
    devtools/drivers.py); a call counts from when it is sent until its answer is in."""
    page.goto(server.url + BOONS)
    wait_engine(page)
    # Mounted is not answered: the boons form's first call may still be on its way (CI, 28 November,
    # saw 1 here). Once it is in, nothing is waiting.
    page.wait_for_function("window.calcEngine.inFlight === 0", timeout=10_000)
    _engine_worker(page).evaluate("setTimeout(() => { const t = Date.now(); while (Date.now() - t < 1500); }, 0)")
    seen = page.evaluate("""async () => {
        const answer = window.calcEngine.call("boons.free_dice", {rating: 7});
        await new Promise((r) => setTimeout(r, 300));
        const waiting = window.calcEngine.inFlight;
        const reply = await answer;
        return [waiting, reply.result.free_dice, window.calcEngine.inFlight];
    }""")
    assert seen == [1, 3, 0]
