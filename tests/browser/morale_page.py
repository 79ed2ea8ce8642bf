"""The morale tracker's page object: ``Tracker`` drives the widget the way a player does (buttons,
fields, the submit button) and reads what it shows; with the names the tracker's tests share."""
from __future__ import annotations

import json

from tests.browser.waits import engine_barrier

CONFLICTS = "gauntlet-forge/conflicts/"
TABLE = "table/"
WIDGET = '.calc[data-calc="morale"]'
KEY = "conflict-table[/]:morale"  # scoped to the site's path (served at /)
ASIDE = "conflict-table[/]:morale:set-aside"


def wait_logged(page, n: int):
    """The log holds `n` lines and the sheet is the rules' answer for it: a logged event's line is drawn with
    the sheet asking (data-busy), and who has acted comes with the answer (a test that read the chips at the
    line alone read the sheet before it, in one CI run)."""
    page.wait_for_function("([s, n, sheet]) => document.querySelectorAll(s).length === n"
                           " && document.querySelector(sheet)?.dataset.busy !== 'true'",
                           arg=[f'{WIDGET} [data-out="log"] li', n, f"{WIDGET} .morale__sheet"])


class Tracker:
    """Drives the widget the way a player does: buttons, fields, the submit button."""

    def __init__(self, page):
        self.page = page
        self.w = page.locator(WIDGET).first

    # ---- reading
    def morale(self) -> dict[str, int]:
        cards = self.w.locator(".morale__team")
        return {cards.nth(i).get_attribute("data-team"): int(cards.nth(i).locator('[data-out="morale"]').get_attribute("data-value"))
                for i in range(cards.count())}

    def fact(self, team: str, out: str) -> str:
        return self.w.locator(f'.morale__team[data-team="{team}"] [data-out="{out}"]').inner_text()

    def log(self) -> list[str]:
        return self.w.locator('[data-out="log"] li').all_inner_texts()

    def saved(self) -> dict:
        return json.loads(self.page.evaluate(f"localStorage.getItem('{KEY}')"))

    def error(self, field: str):
        return self.w.locator(f'[data-field="{field}"] > .calc__error')

    # ---- setting up
    def start(self, edition: str, teams: list[dict]):
        if self.w.locator('[data-act="new"]').count():
            self.w.locator('[data-act="new"]').click()
        self.w.locator('select[name="edition"]').select_option(edition)
        self.until_count("fieldset.morale__setup-team", '[data-act="remove-team"]', '[data-act="add-team"]', len(teams))
        for i, team in enumerate(teams):
            self.until_count(f'[name^="teams[{i}].members"][name$="].name"]', f'[data-act="remove-member"][data-team="{i}"]',
                             f'[data-act="add-member"][data-team="{i}"]', len(team["members"]))
            self.fill(f"teams[{i}].name", team["name"])
            if "approach" in team:
                self.fill(f"teams[{i}].approach", team["approach"])
            for j, m in enumerate(team["members"]):
                m = {"name": m} if isinstance(m, str) else m
                where = f"teams[{i}].members[{j}]"
                self.fill(f"{where}.name", m["name"])
                if edition == "wiki":
                    self.fill(f"{where}.successes", m.get("successes", ""))
                    for flag in ("vigor", "intuition") + (("perfect_defense",) if i else ()):
                        self.w.locator(f'[name="{where}.{flag}"]').set_checked(m.get(flag, False))
            self.w.locator(f'[name="teams[{i}].captain"]').nth(team.get("captain", 0)).check()

    def until_count(self, items: str, remove: str, add: str, n: int):
        """Remove the last of `items` (a selector inside the widget) or add one until there are `n`. A team or
        member added or removed is drawn once the taps before it are done (a preview the rules are still
        answering): each tap is seen drawn before the next, as a player's is."""
        count = "([w, s]) => document.querySelector(w).querySelectorAll(s).length"
        while (now := self.page.evaluate(count, [WIDGET, items])) != n:
            (self.w.locator(remove).last if now > n else self.w.locator(add)).click()
            self.page.wait_for_function(f"([w, s, n]) => ({count})([w, s]) !== n", arg=[WIDGET, items, now])

    def begin(self, edition: str, teams: list[dict]):
        self.start(edition, teams)
        # the setup's preview of what was typed last is drawn (above Start, which it moves) before the tap,
        # as a player sees it: on a loaded machine a press held past press.longestMs lets it move Start away
        engine_barrier(self.page)
        self.w.locator('button[type="submit"]').click()
        self.w.locator(".morale__team").first.wait_for()

    def fill(self, name: str, value):
        self.w.locator(f'[name="{name}"]').fill(str(value))

    # ---- playing
    def settle(self):
        """The rules' answer to the last tap is drawn (the sheet is not asking them any more; no sheet while
        a conflict is set up)."""
        self.page.wait_for_function("([w, s]) => document.querySelector(w + ' .morale__setup-team') || document.querySelector(s)?.dataset.busy === 'false'",
                                    arg=[WIDGET, f"{WIDGET} .morale__sheet"])

    def button(self, kind: str, who: str):
        """An event's button in the event sheet; a member's show once they are chosen as the one who acts."""
        self.settle()
        chip = self.w.locator(f'[data-key="choose:{who}"]')
        if chip.count() and chip.get_attribute("aria-pressed") == "false":
            chip.click()
            self.w.locator(f'[data-key="choose:{who}"][aria-pressed="true"]').wait_for()
        button = self.w.locator(f'[data-key="event:{kind}:{who}"]')
        one_of = self.w.locator(f'[data-act="choose"][data-team="{who}"]').first
        if not button.count() and one_of.count():  # another team's correction: once one of them is chosen
            one_of.click()
            self.settle()
        return button

    def act(self, kind: str, who: str, **fields):
        """Press the event's button, fill its form if it has one, and wait for the new log line and the
        rules' answer to it (what is due next: the outcome, the buttons)."""
        count = len(self.log())
        self.button(kind, who).click()
        if fields:
            self.fill_panel(**fields)
            self.w.locator('.morale__panel button[type="submit"]').click()
        self.wait_log(count + 1)
        self.settle()

    def fill_panel(self, **fields):
        """Each field as a player gives it: a tap on its chip (a name, a number up to 6, a choice), a tick,
        or typed (a larger number, or a wrong one). 2022's disposed defense is its choice of what it reduces."""
        panel = self.w.locator(".morale__panel")
        panel.locator("[data-field]").first.wait_for(state="attached")  # the rules' answer is drawn
        for name, value in fields.items():
            pick = panel.locator(f'[data-act="pick"][data-name="{name}"][data-value="{value}"]')
            box = panel.locator(f'[name="{name}"]')
            if isinstance(value, bool):
                if box.count():
                    box.set_checked(value)
                continue
            panel.locator(f'[data-field="{name}"]').first.wait_for(state="attached")  # a field the answer adds later
            if pick.count():
                pick.click()
                panel.locator(f'[data-act="pick"][data-name="{name}"][data-value="{value}"][aria-pressed="true"]').wait_for()
            else:
                box.fill(str(value))

    def wait_log(self, count: int):
        wait_logged(self.page, count)


WOLVES_CROWS = [{"name": "Wolves", "members": ["Ada", "Bo", "Eve"]}, {"name": "Crows", "members": ["Cy", "Di"]}]
