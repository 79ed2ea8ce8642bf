"""What the keepers' tests share: the storage keys of the morale tracker, the stress roster and the
border map (each taken from its widget's page object, so it is written once), the pages, a small
morale conflict (``SMALL``), storage read and written directly (``get``, ``put``), and the tracker
opened with its engine ready (``open_tracker``).
"""
from __future__ import annotations

import json

from tests.browser.morale_page import KEY as MORALE
from tests.browser.morale_page import WIDGET, Tracker
from tests.browser.party_page import BORDERS_PAGE, TABLE
from tests.browser.party_page import MAP_KEY as BORDERS
from tests.browser.stress_page import KEY as STRESS
from tests.browser.support import wait_engine

__all__ = ["BORDERS", "BORDERS_PAGE", "MORALE", "SMALL", "STRESS", "TABLE", "get", "open_tracker", "put"]

SMALL = {"format": "conflict-table/morale", "version": 1, "redo": [], "events": [{"kind": "failure", "member": "Oz"}],
         "setup": {"edition": "2023", "teams": [{"name": "Owls", "members": [{"name": "Oz"}]},
                                                {"name": "Cats", "members": [{"name": "Kit"}]}]}}


def get(page, key):
    return page.evaluate("k => localStorage.getItem(k)", key)


def put(page, key, value):
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value if isinstance(value, str) else json.dumps(value)])


def open_tracker(page, url):
    page.goto(url)
    wait_engine(page)
    page.locator(f"{WIDGET} .morale__heading").wait_for()
    return Tracker(page)
