"""Benchmark: the conflict board at the table, counted as a referee meets it on a phone.

Run with ``.venv/bin/python benchmarks/table_taps.py`` (``make bench`` runs it too;
``--site DIR`` reuses a built site). Playwright drives Debian's Chromium at
360×740 with touch, on ``/table/``:

1. **find**: from the top of the page, the taps until the table view is open
   (the link at the top of the page);
2. **setup**: a conflict set up from scratch in the setup form — two sides,
   four actors, one thing and one aspect — counting taps (a tap on a field to
   type in it counts) and typed characters (names, and nothing else);
3. **play**: the warehouse crew (its actors carry their skills) plays its first
   two exchanges in the table view: a move, an attack, a maneuver… each action
   from choosing who acts to its line logged. Dice are rolled in the sheet
   (one tap), with ``crypto.getRandomValues`` seeded so every run rolls the same.

Per action it prints taps, typed characters, pixels scrolled (the page and
every scrolling box, summed, between choosing who acts and "Log it") and
milliseconds (first tap to the logged line on screen). The last line is one
JSON object: ``{"attack_taps_max", "attack_invoke_taps", "attack_typed_max",
"move_taps", "exchange_taps", "scroll_px_max", "log_ms_max", "setup_taps",
"setup_typed", "find_taps"}`` (the most taps of any attack without and with an
invoke, the most typed beyond a typed roll's four signs, the most taps of any
move, the taps of the first 4-actor exchange; the most scrolled in any action). Targets
(issue 31): attack ≤ 6 taps and nothing typed, move ≤ 5, exchange ≤ 25,
0 px scrolled, setup ≤ 20 taps plus names. Figures, not pass/fail.

4. **morale**: the morale tracker in its table view (``#morale-table``), for each edition
   (``benchmarks/morale_taps.py``): every kind of event (a tap on who acts only when the sheet has not
   chosen them), a whole round of two teams of three, a break of morale through to the team's result,
   an attack whose pools are rolled in the event, and an attack on the page. The JSON gains
   ``morale_event_taps_max`` (the most over every kind and edition), ``morale_round_taps``,
   ``morale_rolled_attack_taps``, ``morale_scroll_px_max``, and ``morale_attack_taps``,
   ``morale_test_taps``, ``morale_page_attack_taps``… Targets (issue 63): every event ≤ 6 taps and
   0 px scrolled, a round ≤ 25 taps, a rolled attack ≤ 7 taps.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.morale_taps import morale  # noqa: E402
from benchmarks.morale_taps import summary as morale_summary  # noqa: E402
from devtools.server import CHROMIUM, CHROMIUM_ARGS, Server, build_site, wait_engine  # noqa: E402

W = '.calc[data-calc="board"]'
PHONE = {"width": 360, "height": 740}
# A seeded generator behind crypto.getRandomValues: the same rolls every run.
SEEDED = """(() => { let s = 20261125; crypto.getRandomValues = (a) => { for (let i = 0; i < a.length; i++) {
  s = (s * 1103515245 + 12345) % 2147483648; a[i] = s >>> 8 & 255; } return a; }; })();"""
SCROLLED = """() => { let total = Math.round(window.scrollY); for (const e of document.querySelectorAll('*'))
  if (e.scrollTop) total += Math.round(e.scrollTop); return total; }"""


class Referee:
    """Taps and types like a referee, counting."""

    def __init__(self, page):
        self.page = page
        self.w = page.locator(W)
        self.reset()

    def reset(self):
        self.taps, self.typed, self.scroll, self.start = 0, 0, 0, None

    def _scroll_now(self) -> int:
        return self.page.evaluate(SCROLLED)

    def tap(self, locator):
        before = self._scroll_now()
        self.start = self.start or time.perf_counter()
        locator.first.tap()
        self.taps += 1
        self.scroll += abs(self._scroll_now() - before)

    def type(self, locator, text: str):
        self.tap(locator)
        locator.first.fill("")
        locator.first.type(text)
        self.typed += len(text)

    def settle(self):
        """The rules' answer to the last tap is drawn (the board is not asking them any more)."""
        self.page.wait_for_function("(s) => document.querySelector(s + ' .board__play')?.dataset.busy !== 'true'", arg=W)

    def chip(self, name: str, value: str):
        self.tap(self.w.locator(f'[data-panel] input[name="{name}"][value="{value}"], [data-who] input[name="{name}"][value="{value}"]'))
        self.settle()


def find_taps(page, url: str) -> int:
    page.goto(url)
    wait_engine(page)
    page.locator(f"{W} [data-board-app] h3").first.wait_for()
    page.locator('a[href$="#table-view"]').first.tap()
    page.wait_for_function("(s) => document.querySelector(s).classList.contains('is-table')", arg=W)
    return 1


def setup(ref: Referee) -> dict:
    w = ref.w
    if w.locator('[data-act="new"]').count():
        w.locator('[data-act="new"]').first.tap()
    w.locator('[data-key="start"]').wait_for()
    ref.reset()
    ref.type(w.locator('[name="sides.0"]'), "Crew")
    ref.type(w.locator('[name="sides.1"]'), "Gang")
    for _ in range(2):
        ref.tap(w.locator('[data-act="add"][data-what="actor"]'))
    zones = ["West end", "West end", "East end", "East end"]
    for i, name in enumerate(["Gatto", "Jade", "Hargan", "Rook"]):
        ref.type(w.locator(f'[name="actors.{i}.name"]'), name)
        select = w.locator(f'[name="actors.{i}.zone"]')
        if select.input_value() != zones[i]:
            ref.taps += 2  # a select on a phone: open it, pick
            select.select_option(zones[i])
    ref.tap(w.locator('[data-act="add"][data-what="thing"]'))
    ref.type(w.locator('[name="things.0.name"]'), "Door")
    ref.tap(w.locator('[data-act="add"][data-what="aspect"]'))
    ref.type(w.locator('[name="aspects.0.name"]'), "Smoke")
    ref.taps += 2
    w.locator('[name="aspects.0.where"]').select_option(index=2)
    ref.tap(w.locator('[data-key="start"]'))
    w.locator('[data-out="exchange"]').wait_for(state="attached")
    return {"step": "setup: 2 sides, 4 actors, a thing, an aspect", "taps": ref.taps, "typed": ref.typed}


def logged_lines(ref) -> int:
    return ref.w.locator('[data-out="log"] li').count()


def act(ref: Referee, label: str, actor: str, kind: str, *, target=None, zone_pick=False, dice="roll", invoke=None,
        note=None, aspect=None, on=None, which=None):
    """One action in the table view, as a referee taps it: the kind, who acts (only when the sheet has not
    chosen them: it offers the first still to act), the target, the dice (dice="roll": the sheet's Roll;
    "total:N": the total the table's dice show, one tap; "typed:+0-+": the four signs typed), an invoke
    (the fold opened, the aspect ticked), the way to absorb (only when the rules leave a choice), Log it."""
    ref.reset()
    n = logged_lines(ref)
    ref.tap(ref.w.locator(f'[data-act="kind"][data-kind="{kind}"]'))
    ref.settle()
    if ref.w.locator('[data-panel] input[name="actor"]:checked').get_attribute("value") != actor:
        ref.chip("actor", actor)
    if target:
        ref.chip("target", target)
    if aspect:
        ref.type(ref.w.locator('[data-panel] [name="aspect"]'), aspect)
        ref.settle()
    if on:
        ref.chip("on", on)
    if which and not ref.w.locator(f'[data-panel] input[name="which"][value="{which}"]').is_checked():
        ref.chip("which", which)
    if invoke:
        ref.tap(ref.w.locator('[data-panel] [data-fold="roll-invokes"] > summary'))
        ref.chip("invokes", invoke)
    if dice == "roll":
        ref.tap(ref.w.locator('[data-act="roll-dice"]'))
    elif dice.startswith("total:"):
        ref.tap(ref.w.locator(f'[data-act="die-total"][data-value="{dice[6:]}"]'))
    elif dice.startswith("typed:"):
        ref.type(ref.w.locator('[data-panel] input[name="faces"]'), dice[6:])
    if dice:
        ref.page.wait_for_function("(s) => /shift/.test(document.querySelector(s)?.textContent ?? '')", arg=f'{W} [data-out="preview"]')
        ref.settle()
    if zone_pick:
        reach = ref.w.locator('[data-panel] .board__chip.is-reach:not(.is-on) input[name="zone"]')
        if reach.count():
            ref.tap(reach.last)
            ref.settle()
    options = ref.w.locator('[data-panel] input[name="absorb"]')
    if options.count() and not ref.w.locator('[data-panel] input[name="absorb"]:checked').count():
        ref.tap(options)
        ref.settle()
    if note:
        ref.type(ref.w.locator('[data-panel] [name="note"]'), note)
    if os.environ.get("TABLE_TAPS_SHOTS"):  # a picture of the screen before Log it, to look at
        ref.page.screenshot(path=str(Path(os.environ["TABLE_TAPS_SHOTS"]) / f"{label.replace(' ', '_').replace(':', '')}.png"))
    started = ref.page.evaluate("performance.now()")
    ref.tap(ref.w.locator('[data-panel] [data-key="log"]'))
    ref.page.wait_for_function("([s, n]) => document.querySelectorAll(s).length > n", arg=[f'{W} [data-out="log"] li', n])
    ms = (time.perf_counter() - ref.start) * 1000
    shown = ref.w.locator('[data-out="last"]').inner_text()
    return {"step": label, "kind": kind, "variant": dice.split(":")[0] + (" + invoke" if invoke else ""), "taps": ref.taps,
            "typed": ref.typed, "scroll_px": ref.scroll, "ms": round(ms),
            "log_ms": round(ref.page.evaluate("performance.now()") - started), "logged": shown.replace("Logged:", "").strip()}


def end_exchange(ref: Referee):
    ref.reset()
    n = logged_lines(ref)
    ref.tap(ref.w.locator('[data-act="kind"][data-kind="end_exchange"]'))
    ref.page.wait_for_function("([s, n]) => document.querySelectorAll(s).length > n", arg=[f'{W} [data-out="log"] li', n])
    return {"step": "end of exchange", "kind": "end_exchange", "taps": ref.taps, "typed": 0, "scroll_px": ref.scroll,
            "ms": round((time.perf_counter() - ref.start) * 1000), "logged": ""}


# Two exchanges of the warehouse crew, every way an attack's dice reach the sheet among them.
PLAYS = {
    1: [dict(label="Gatto moves", actor="Gatto", kind="move", zone_pick=True),
        dict(label="Rook attacks Gatto, the dice's total tapped", actor="Rook", kind="attack", target="Gatto", dice="total:1"),
        dict(label="Hargan attacks Jade, the dice typed", actor="Hargan", kind="attack", target="Jade", dice="typed:+0-+"),
        dict(label="Jade pins Hargan down (a maneuver)", actor="Jade", kind="maneuver", aspect="Pinned down", on="actor",
             which="Hargan")],
    2: [dict(label="Gatto attacks Rook, rolled, one invoke", actor="Gatto", kind="attack", target="Rook", invoke="Cluttered aisles"),
        dict(label="Rook moves", actor="Rook", kind="move", zone_pick=True),
        dict(label="Hargan attacks Gatto, rolled", actor="Hargan", kind="attack", target="Gatto"),
        dict(label="Jade moves", actor="Jade", kind="move", zone_pick=True)],
}


def play(ref: Referee, rows: list[dict]) -> list[dict]:
    w = ref.w
    if w.locator('[data-act="tab"][data-tab="tools"]').count():
        w.locator('[data-act="tab"][data-tab="tools"]').tap()
    w.locator('[data-act="new"]').first.tap()
    w.locator('[data-act="example"]').tap()
    w.locator('[data-key="start-loaded"]').tap()
    w.locator('[data-out="exchange"]').wait_for(state="attached")
    if "is-table" not in (w.get_attribute("class") or ""):
        w.locator('[data-act="table-open"]').tap()
    for exchange in (1, 2):
        for one in PLAYS[exchange]:
            rows.append(act(ref, f"{exchange}: {one.pop('label')}", **one))
        state = ref.page.evaluate(f"document.querySelector('{W} [data-out=\"exchange\"]').textContent")
        if "To act: nobody" not in state and "Acted: nobody" not in state:
            rows.append(end_exchange(ref))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built for http://127.0.0.1:PORT/ (default: build one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            built = build_site(site, server.url)
            if built.returncode:
                print(built.stdout, built.stderr, file=sys.stderr)
                return 1
        server.folder = site
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
            ctx.add_init_script(SEEDED)
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            found = find_taps(page, server.url + "table/")
            ref = Referee(page)
            rows = []
            try:
                rows.append(setup(ref))
                play(ref, rows)
            except Exception:
                print(rows, file=sys.stderr)
                page.screenshot(path=str(ROOT / "benchmarks" / "results" / "table_taps_failure.png"))
                said = page.evaluate(f"[...document.querySelectorAll('{W} .calc__error:not([hidden]), {W} .calc__form-error:not([hidden]), {W} [data-out=notice]:not([hidden])')].map(e => e.textContent)")
                print("failed; the board says:", said, file=sys.stderr)
                raise
            kept = morale(browser, server.url, Referee, PHONE)
            browser.close()
        server.close()
    print(f"{'step':<32} {'taps':>4} {'typed':>5} {'scroll':>6} {'ms':>6}  logged")
    for r in rows:
        print(f"{r['step']:<32} {r['taps']:>4} {r['typed']:>5} {r.get('scroll_px', 0):>6} {r.get('ms', 0):>6}  {r.get('logged', '')[:70]}")
    plays = [r for r in rows if "kind" in r]
    first_exchange = [r for r in plays if r["step"].startswith("1:")]
    attacks = [r for r in plays if r["kind"] == "attack"]
    summary = {
        "attack_taps_max": max(r["taps"] for r in attacks if "invoke" not in r["variant"]),
        "attack_invoke_taps": max(r["taps"] for r in attacks if "invoke" in r["variant"]),
        "attack_typed_max": max(r["typed"] - (4 if r["variant"] == "typed" else 0) for r in attacks),
        "move_taps": max(r["taps"] for r in plays if r["kind"] == "move"),
        "exchange_taps": sum(r["taps"] for r in first_exchange),
        "scroll_px_max": max(r["scroll_px"] for r in plays),
        "log_ms_max": max(r.get("log_ms", 0) for r in plays),
        "setup_taps": rows[0]["taps"],
        "setup_typed": rows[0]["typed"],
        "find_taps": found,
    }
    for r in kept:
        print(f"{r['step']:<40} {r['taps']:>4} {r['typed']:>5} {r['scroll_px']:>6} {r['ms']:>6}  {r['logged'][:60]}")
    summary |= morale_summary(kept)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
