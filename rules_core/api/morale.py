"""Calculators for the morale tracker (RULES.md §4).

A conflict travels as plain data: ``setup`` and the list of ``events``. The
tracker keeps both (in the page's storage) and asks for the state, which is
always derived by replaying the log.
"""
from __future__ import annotations

from .. import morale
from ..errors import RulesError
from . import fields as f

MAX_TEAMS = 12
MAX_MEMBERS = 30
MAX_EVENTS = 2000

_EVENT_KEYS = {
    "success": ("member", "margin"),
    "failure": ("member", "margin"),
    "attack": ("member", "target", "effort", "defense", "disposed", "reduce"),
    "advantage": ("member", "margin"),
    "leave": ("member", "successes", "new_captain"),
    "end_turn": ("team", "effort", "passed", "helpers"),
    "last_stand": ("member",),
    "perish": ("member",),
    "adjust": ("team", "amount", "note"),
}


def read_setup(raw) -> morale.Setup:
    """A setup from plain data: ``{edition, teams: [{name, goal, captain, approach,
    members: [name or {name, successes, perfect_defense, vigor, intuition}]}]}``."""
    if not isinstance(raw, dict):
        raise RulesError("The conflict's setup is missing.", field="setup", code="required")
    f.only(raw, "edition", "teams")
    edition = f.choice(raw, "edition", "The edition", morale.EDITIONS, default="2023")
    teams_raw = f.sequence(raw, "teams", "The teams", max_length=MAX_TEAMS)
    teams = []
    for i, t in enumerate(teams_raw):
        where = f"teams[{i}]"
        if not isinstance(t, dict):
            raise RulesError(f"Team {i + 1} is not in the right shape.", field=where, code="invalid")
        f.only(t, "name", "goal", "captain", "approach", "members")
        members_raw = f.sequence(t, "members", f"The members of team {i + 1}", max_length=MAX_MEMBERS)
        members = []
        for j, m in enumerate(members_raw):
            mw = f"{where}.members[{j}]"
            if isinstance(m, str):
                m = {"name": m}
            if not isinstance(m, dict):
                raise RulesError("A member is a name.", field=mw, code="invalid")
            f.only(m, "name", "successes", "perfect_defense", "vigor", "intuition")
            members.append(morale.Member(
                name=_name(m.get("name"), f"{mw}.name", "A member"),
                successes=f.integer(m, "successes", "Positioning successes", low=0, high=100, default=0,
                                    field=f"{mw}.successes"),
                perfect_defense=_flag(m, "perfect_defense", mw),
                vigor=_flag(m, "vigor", mw),
                intuition=_flag(m, "intuition", mw),
            ))
        captain = t.get("captain")
        if captain in (None, "") and members:
            captain = members[0].name
        teams.append(morale.Team(
            name=_name(t.get("name"), f"{where}.name", "A team"),
            captain=_name(captain, f"{where}.captain", "The captain"),
            members=tuple(members),
            goal=f.text(t, "goal", "The goal", default="", max_length=200),
            approach=f.integer(t, "approach", "The captain's Approach", low=0, high=20, default=0,
                               field=f"{where}.approach"),
        ))
    return morale.Setup(edition, tuple(teams))


def _name(value, field: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{what} needs a name.", field=field, code="required")
    if len(value.strip()) > 60:
        raise RulesError(f"{what}'s name is too long (at most 60 characters).", field=field, code="too_large")
    return value.strip()


def _flag(m: dict, key: str, where: str) -> bool:
    value = m.get(key, False)
    if not isinstance(value, bool):
        raise RulesError("This is yes or no (true or false).", field=f"{where}.{key}", code="invalid")
    return value


def read_event(raw) -> morale.Event:
    """An event from plain data: ``{kind, …}`` with the keys its kind uses."""
    if not isinstance(raw, dict):
        raise RulesError("An event is a mapping with a 'kind'.", field="kind", code="invalid")
    kind = f.name_in(raw.get("kind"), _EVENT_KEYS, "The event", field="kind")
    f.only(raw, "kind", *_EVENT_KEYS[kind])
    values = {}
    for key in _EVENT_KEYS[kind]:
        if key not in raw or raw[key] is None or raw[key] == "":
            continue
        value = raw[key]
        if key in ("margin", "effort", "defense", "successes", "helpers"):
            value = f.check_integer(value, _WHAT[key], field=key, low=0, high=100)
        elif key == "amount":
            value = f.check_integer(value, "The amount", field=key, low=-100, high=100)
        elif key in ("disposed", "passed"):
            if not isinstance(value, bool):
                raise RulesError("This is yes or no (true or false).", field=key, code="invalid")
        elif key == "reduce":
            if value not in ("stress", "morale"):
                raise RulesError("The defense reduces either 'stress' or 'morale'.", field=key, code="invalid")
        elif key == "note":
            value = f.text(raw, key, "The note", max_length=200)
        else:
            value = _name(value, key, "Who")
        values[key] = value
    return morale.Event(kind, **values)


_WHAT = {
    "margin": "The margin of effort", "effort": "The effort", "defense": "The defender's effort",
    "successes": "The successes", "helpers": "The number of helpers",
}


def _setup(p: dict) -> morale.Setup:
    if p.get("setup") is None:
        raise RulesError("The conflict's setup is missing.", field="setup", code="required")
    return read_setup(p.get("setup"))  # its errors name fields inside the setup: "teams[0].name"


def _events(p: dict) -> list[morale.Event]:
    raw = f.sequence(p, "events", "The events", default=[], max_length=MAX_EVENTS)
    events = []
    for i, e in enumerate(raw):
        try:
            events.append(read_event(e))
        except RulesError as err:
            raise RulesError(f"Event {i + 1}: {err.message}", field=f"events[{i}].{err.field}", code=err.code) from None
    return events


def state_payload(setup: morale.Setup, steps: list[morale.Step]) -> dict:
    """The tracker's whole view: teams, turn, status, and the log newest first."""
    state = steps[-1].state if steps else morale.start(setup)
    survivors = set(morale.survivors(state))
    teams = []
    for t in state.teams:
        teams.append({
            "name": t.name,
            "goal": t.goal,
            "captain": t.captain,
            "morale": t.morale,
            "broken_morale": t.broken_morale,
            "keep_morale": {"due": t.keep_morale_due, "difficulty": t.keep_morale_difficulty(0), "per_helper": 1},
            "broken": t.broken,
            "breaks": t.breaks,
            "status": t.status,
            "status_text": _team_words(t, state),
            "members": [
                {
                    "name": m.name,
                    "status": "survived" if m.name in survivors else m.status,
                    "captain": m.name == t.captain,
                    "in_play": m.status in morale.IN_PLAY,
                }
                for m in t.members
            ],
        })
    return {
        "edition": state.edition,
        "round": state.round,
        "turn": None if state.over else state.current_team,
        "turn_order": list(state.turn_order),
        "over": state.over,
        "winner": state.winner,
        "teams": teams,
        "survivors": sorted(survivors),
        "log": [
            {"index": i, "kind": s.event.kind, "text": s.text,
             "morale": {t.name: t.morale for t in s.state.teams}}
            for i, s in reversed(list(enumerate(steps)))
        ],
    }


def _team_words(t: morale.TeamState, state: morale.Conflict) -> str:
    if t.status == "won":
        return "Won: the only team still standing."
    if t.status == "lost":
        if not t.in_play():
            return "Lost: nobody is left in the conflict."
        if t.broken and t.last_standers():
            return "Lost: every opponent fell while its morale was broken."
        if t.broken:
            return ("Lost: its morale broke and nobody is in their Last Stand "
                    "(members may still enter it).")
        return "Lost."
    if t.status == "broken":
        return "Morale broken: fighting on through its Last Stands."
    if t.broken_morale:
        return f"BROKEN MORALE {t.broken_morale}: keep-morale test at the end of its turn (difficulty {t.broken_morale}, +1 per helper)."
    return "Fighting."


def replay(p: dict) -> dict:
    """The conflict after its whole log.

    Input: ``setup`` ({edition "2023"|"2022"|"wiki", teams: [{name, goal,
    captain, approach (wiki), members: [names, or {name, successes,
    perfect_defense, vigor, intuition} in the wiki]}]}), ``events`` (the log:
    [{kind, …}], see :mod:`rules_core.morale`).
    Output: ``edition``, ``round``, ``turn`` (team whose turn it is),
    ``turn_order``, ``over``, ``winner``, ``teams`` ([{name, goal, captain,
    morale, broken_morale, keep_morale {due, difficulty, per_helper}, broken,
    status, status_text, members [{name, status, captain, in_play}]}]),
    ``survivors`` and ``log`` (newest first: {index, kind, text, morale}).
    """
    f.only(p, "setup", "events")
    setup = _setup(p)
    events = _events(p)
    return state_payload(setup, morale.history(setup, events))


def apply(p: dict) -> dict:
    """Check one new event against the conflict so far, and return the state with it.

    Input: ``setup``, ``events`` (the log so far), ``event`` (the new one).
    Output: as ``morale.replay`` for the log plus the event, and ``event``
    (the new event, cleaned). Errors name the new event's own field
    (``"effort"``, ``"member"`` …) so the page can show them beside it.
    """
    f.only(p, "setup", "events", "event")
    setup = _setup(p)
    events = _events(p)
    steps = morale.history(setup, events)
    state = steps[-1].state if steps else morale.start(setup)
    event = read_event(p.get("event"))
    new_state, text = morale.apply(state, event)
    steps.append(morale.Step(event, text, new_state))
    out = state_payload(setup, steps)
    out["event"] = {k: v for k, v in _event_payload(event).items()}
    return out


def _event_payload(event: morale.Event) -> dict:
    out = {"kind": event.kind}
    for key in _EVENT_KEYS[event.kind]:
        value = getattr(event, key)
        if value is not None and value != "" and value is not False:
            out[key] = value
    return out


def keep_morale(p: dict) -> dict:
    """The keep-morale test before the roll.

    Input: ``setup``, ``events``, ``team``, ``helpers`` (teammates testing
    with the captain, default 0).
    Output: ``due`` (the team has BROKEN MORALE), ``rating``, ``difficulty``.
    """
    f.only(p, "setup", "events", "team", "helpers")
    setup = _setup(p)
    state = morale.replay(setup, _events(p))
    team = state.team(f.text(p, "team", "The team"))
    helpers = f.integer(p, "helpers", "The number of helpers", low=0, high=MAX_MEMBERS, default=0)
    return {"due": team.keep_morale_due, "rating": team.broken_morale,
            "difficulty": team.keep_morale_difficulty(helpers)}
