"""Morale tracker (Gauntlet Forge, docs/gauntlet-forge/conflicts.md#morale-tracker): a whole conflict, every edition.

Static content: what moves morale in each edition, as worked examples that
``rules_core`` replays here at build time (so the numbers are the tracker's
own, and readable without JavaScript).

In the browser (``assets/widgets/morale.js``): set up a conflict, log what
happens with big buttons, see every team's morale and status, undo and redo,
keep the conflict in local storage, export and import it. The page holds no
rules: every state comes from ``morale.replay`` / ``morale.apply``, and the
fields each edition asks for come from ``rules_core.api.morale.form``,
rendered into the page here so the setup can be typed while the engine loads.

Options: :data:`OPTIONS`.
"""
from __future__ import annotations

import json

from rules_core.api import call
from rules_core.api import morale as morale_api
from rules_core.morale import EDITIONS
from rules_core.words import signed

from . import _html as h
from .base import Option, Widget, WidgetError, check_choice, check_options

OPTIONS = {"edition": Option(EDITIONS[0], "the edition a new conflict is set up in: "
                             + ", ".join(f'"{e}"' for e in EDITIONS[:-1]) + f' or "{EDITIONS[-1]}"')}

_WOLVES = ["Ada", "Bo", "Eve"]
_CROWS = ["Cy", "Di"]


def _setup(edition: str, approach: int = 5, successes=(0, 0, 0)) -> dict:
    """Wolves (Ada, Bo, Eve) against Crows (Cy, Di). In the wiki both teams
    start from the captain's Approach, so that losses below it show."""
    wolves = [{"name": n, "successes": s} for n, s in zip(_WOLVES, successes)] if edition == "wiki" else _WOLVES
    crows = [{"name": n} for n in _CROWS] if edition == "wiki" else _CROWS
    teams = [{"name": "Wolves", "captain": "Ada", "members": wolves}, {"name": "Crows", "captain": "Cy", "members": crows}]
    if edition == "wiki":
        for team in teams:
            team["approach"] = approach
    return {"edition": edition, "teams": teams}


def _moves(edition: str, events: list[dict]) -> str:
    """'+1 / −1': how Wolves' and Crows' morale moved."""
    before = _replay(_setup(edition), [])
    after = _replay(_setup(edition), events)
    if isinstance(after, str):
        return after
    deltas = [a["morale"] - b["morale"] for a, b in zip(after["teams"], before["teams"])]
    return " / ".join(signed(d) for d in deltas)


def _replay(setup: dict, events: list[dict]):
    reply = call("morale.replay", {"setup": setup, "events": events})
    if reply["ok"]:
        return reply["result"]
    if reply["error"].get("event") is not None:
        return "—"  # the edition has no such event
    raise WidgetError(f"morale widget: {reply['error']['message']}")


def _start(edition: str) -> str:
    state = _replay(_setup(edition, approach=2, successes=(3, 1, 0)), [])
    return str(state["teams"][0]["morale"])


def _below_zero(edition: str) -> str:
    to_one = [] if edition == "wiki" else [{"kind": "adjust", "team": "Wolves", "amount": 1}]  # wiki: Approach 1
    state = _replay(_setup(edition, approach=1), to_one + [{"kind": "adjust", "team": "Wolves", "amount": -3}])
    team = state["teams"][0]
    text = signed(team["morale"]) if team["morale"] < 0 else str(team["morale"])
    if team["broken_morale"]:
        text += f", BROKEN MORALE {team['broken_morale']} (keep-morale difficulty {team['keep_morale']['difficulty']})"
    if team["broken"]:
        text += ", morale broken" + (": lost without a Last Stand" if team["status"] == "lost" else "")
    return text


def _a(kind: str, member: str, **fields) -> dict:
    return {"kind": kind, "member": member, **fields}


_ROWS = [
    ("Succeeds on a test (margin 2)", [_a("success", "Bo", margin=2)]),
    ("Fails a test (margin 2)", [_a("failure", "Bo", margin=2)]),
    ("Attacks and wins, effort 5 against 2", [_a("attack", "Ada", defender="Cy", effort=5, defender_effort=2)]),
    ("… the defender using the attribute the attack's attribute is disposed against (2022: the defense reduces "
     "only the stress; wiki: they had to defend perfectly)",
     [_a("attack", "Ada", defender="Cy", effort=5, defender_effort=2, disposed=True, reduce="stress")]),
    ("Attacks, a tie at 3", [_a("attack", "Ada", defender="Cy", effort=3, defender_effort=3)]),
    ("Attacks and loses, effort 2 against 5", [_a("attack", "Ada", defender="Cy", effort=2, defender_effort=5)]),
    ("Gains a Vigor advantage (margin 3)", [_a("advantage", "Bo", margin=3)]),
    ("Leaves the conflict", [_a("leave", "Bo")]),
    ("Surrenders on their own turn, testing 2 successes", [_a("leave", "Bo", successes=2)]),
    ("The captain leaves (2 members remain)", [_a("leave", "Ada")]),
    ("Is overwhelmed by stress: retires at once and leaves", [_a("overwhelmed", "Bo")]),
    ("Perishes in their Last Stand", [_a("last_stand", "Bo"), _a("perish", "Bo")]),
]


def moves_table() -> str:
    """The worked examples, one column per edition, every cell replayed by rules_core."""
    rows = [[label] + [_moves(e, events) for e in EDITIONS] for label, events in _ROWS]
    rows.insert(0, ["Morale at the start (wiki: Approach 2, positioning 3 and 1)"] + [_start(e) for e in EDITIONS])
    rows.append(["A team at 1 loses 3"] + [_below_zero(e) for e in EDITIONS])
    return h.table(
        ["A member of your team…", *EDITIONS], rows,
        caption="What moves morale: your team / the other team (— : not in that edition)",
        cls="calc__table calc__table--stack morale__moves",
    )


def _forms_json() -> str:
    forms = {e: morale_api.form({"edition": e}) for e in EDITIONS}
    return json.dumps(forms, ensure_ascii=False, separators=(",", ":"))


def render(wid: str, options: dict) -> str:
    opts = check_options("morale", options, OPTIONS)
    opts["edition"] = check_choice("morale", "edition", str(opts["edition"]), EDITIONS)
    static = (
        "<p>Log what happens in a conflict and the tracker keeps every team's morale, "
        "<code>BROKEN MORALE</code>, keep-morale difficulty and standing, with undo. "
        "It keeps the conflict on this device, offline too, and can export it as a file.</p>"
        '<details class="morale__moves-box"><summary>What moves morale in each edition (worked examples)</summary>'
        + moves_table() + "</details>"
    )
    form = (
        # A data attribute, not a JSON <script>: Material's instant navigation re-runs the scripts it finds.
        f'<div {h.attrs(class_="morale__app", data_morale_app=True, data_morale_forms=_forms_json())}></div>'
    )
    return h.widget(wid, "morale", title="Morale tracker", static=static, form=form, options=opts)


WIDGET = Widget(
    name="morale", title="Morale tracker", render=render, options=OPTIONS, api="morale",
    # a tap that logs an event and one on Undo, in turn (the benchmark sets up a conflict first)
    bench={"taps": ['[data-act="event"][data-kind="success"]', '[data-act="undo"]'], "out": '[data-out="log"]'},
)
