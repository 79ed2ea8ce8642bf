"""What the keepers' tests share: the keys the site stores each calculator under (served at ``/``),
the pages, a small morale conflict (``SMALL``), local storage read and written directly
(``get``, ``put``), and the tracker opened with its engine ready (``open_tracker``).
"""
from __future__ import annotations

import json

from tests.browser.morale_page import WIDGET, Tracker
from tests.browser.support import wait_engine

MORALE = "conflict-table[/]:morale"
STRESS = "conflict-table[/]:stress"
BORDERS = "conflict-table[/]:borders"
TABLE = "table/"
BORDERS_PAGE = "edgerunner/conflicts/"

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
