"""The morale tracker's part of ``benchmarks/table_taps.py``: an attack and a test event counted on the
page as it was and in the tracker's table view (``#morale-table``), at 360×740 by touch."""
from __future__ import annotations

import json
import time

from devtools.server import wait_engine

M = '.calc[data-calc="morale"]'
# The morale tracker's conflict (2023): Wolves (Ada, Bo) against Crows (Cy, Di), nothing logged.
MORALE = {"format": "conflict-table/morale", "version": 1, "events": [], "redo": [],
          "setup": {"edition": "2023", "teams": [{"name": "Wolves", "captain": "Ada", "members": ["Ada", "Bo"]},
                                                 {"name": "Crows", "captain": "Cy", "members": ["Cy", "Di"]}]}}


def morale_event(ref, label: str, taps: list, *, picks=(), typed=(), select=None) -> dict:
    """One morale event, from choosing who acts to the event logged: `taps` before the form, then a
    select (two taps on a phone: open it, choose), typed fields, picks, the form's button."""
    w = ref.page.locator(M)
    n = ref.page.evaluate(f"document.querySelectorAll('{M} [data-out=\"log\"] li').length")
    ref.reset()
    for sel in taps:
        ref.tap(w.locator(sel))
    if select:
        name, value = select
        ref.taps += 1  # opening the list, then choosing in it
        w.locator(f'[data-panel] select[name="{name}"]').select_option(value)
        ref.taps += 1
    for name, text in typed:
        ref.type(w.locator(f'[data-panel] [name="{name}"]'), text)
    for name, value in picks:
        ref.tap(w.locator(f'[data-panel] [data-act="pick"][data-name="{name}"][data-value="{value}"]'))
    if picks or typed or select:
        ref.tap(w.locator('[data-panel] button[type="submit"]'))
    ref.page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n + 1", arg=[f'{M} [data-out="log"] li', n])
    last = w.locator('[data-out="log"] li').first.inner_text()
    return {"step": label, "taps": ref.taps, "typed": ref.typed, "scroll_px": ref.scroll,
            "ms": round((time.perf_counter() - ref.start) * 1000), "logged": last}


def morale(browser, url: str, referee, phone: dict) -> list[dict]:
    """The morale tracker at 360×740: an attack and a test event on the page as it was (a member's
    name, the event, the form's list and numbers typed), then the same in the table view (chips)."""
    rows = []
    for where in ("page", "table view"):
        ctx = browser.new_context(viewport=phone, has_touch=True, is_mobile=True)
        ctx.add_init_script("delete Navigator.prototype.serviceWorker;")
        ctx.add_init_script(f"localStorage.setItem('conflict-table[/]:morale', {json.dumps(json.dumps(MORALE))})")
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.goto(url + "table/" + ("#morale-table" if where == "table view" else ""))
        wait_engine(page)
        page.locator(f'{M} [data-act="event"]').first.wait_for(state="attached")
        ref = referee(page)
        if where == "page":
            page.locator(f'{M} [data-act="member"][data-member="Ada"]').scroll_into_view_if_needed()
            rows.append(morale_event(ref, "morale page: Ada attacks Di", [
                '[data-act="member"][data-member="Ada"]', '[data-act="event"][data-kind="attack"][data-member="Ada"]'],
                select=("defender", "Di"), typed=[("effort", "3"), ("defender_effort", "1")]))
            page.locator(f'{M} [data-act="member"][data-member="Bo"]').scroll_into_view_if_needed()
            rows.append(morale_event(ref, "morale page: Bo succeeds", [
                '[data-act="member"][data-member="Bo"]', '[data-act="event"][data-kind="success"][data-member="Bo"]']))
        else:
            page.locator(f"{M}.is-table").wait_for()
            rows.append(morale_event(ref, "morale table view: Ada attacks Di", [
                '[data-act="choose"][data-member="Ada"]', '[data-act="event"][data-kind="attack"][data-member="Ada"]'],
                picks=[("defender", "Di"), ("effort", "3"), ("defender_effort", "1")]))
            rows.append(morale_event(ref, "morale table view: Bo succeeds", [
                '[data-act="choose"][data-member="Bo"]', '[data-act="event"][data-kind="success"][data-member="Bo"]']))
        ctx.close()
    return rows
