"""Calculators for the morale tracker (docs/gauntlet-forge/conflicts.md#morale).

A conflict travels as plain data: ``setup`` and the list of ``events``. The
tracker keeps both (in the page's storage) and asks for the state, which is
always derived by replaying the log. The state also says which events each
member and team can log now (``actions``, tried against the core) and what
the tracker asks for in the edition (``form``), so the page holds no rules.
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
    "attack": ("member", "defender", "effort", "defender_effort", "disposed", "reduce"),
    "advantage": ("member", "margin"),
    "leave": ("member", "successes", "new_captain"),
    "overwhelmed": ("member", "new_captain"),
    "end_turn": ("team", "effort", "passed", "helpers"),
    "last_stand": ("member",),
    "concede": ("team",),
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
        if key in ("margin", "effort", "defender_effort", "successes", "helpers"):
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
    "margin": "The margin of effort", "effort": "The effort", "defender_effort": "The defender's effort",
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
            raise RulesError(f"Event {i + 1}: {err.message}", field=err.field, code=err.code, event=i) from None
    return events


def state_payload(setup: morale.Setup, steps: list[morale.Step]) -> dict:
    """The tracker's whole view: teams, turn, status, and the log newest first."""
    state = steps[-1].state if steps else morale.start(setup)
    survivors = set(morale.survivors(state))
    member_actions, team_actions = _actions(state)
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
            "actions": team_actions[t.name],
            "members": [
                {
                    "name": m.name,
                    "status": "survived" if m.name in survivors else m.status,
                    "captain": m.name == t.captain,
                    "in_play": m.status in morale.IN_PLAY,
                    "actions": member_actions[m.name],
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
        "announcement": announcement(state),
        "teams": teams,
        "survivors": sorted(survivors),
        "form": form({"edition": state.edition}),
        "log": [
            {"index": i, "kind": s.event.kind, "text": s.text,
             "morale": {t.name: t.morale for t in s.state.teams},
             "stress_dealt": _stress_dealt(state.edition, s.event)}
            for i, s in reversed(list(enumerate(steps)))
        ],
    }


def _stress_dealt(edition: str, event: morale.Event) -> dict | None:
    """An attack's stress to its defender as data: {member, amount} (amount 0 when held off)."""
    amount = morale.stress_dealt(edition, event)
    return None if amount is None else {"member": event.defender, "amount": amount}


def _actions(state: morale.Conflict) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Which events each member and each team could log now.

    Nothing is decided here: each kind is tried with :func:`morale.apply` on
    a harmless example (margin 1, an attack 1 vs 0 on the first opponent in
    play, a kept keep-morale test, a correction of 0) and listed when the
    core accepts it. So a button the page shows is one the rules allow.
    """
    def accepted(event: morale.Event) -> bool:
        try:
            morale.apply(state, event)
        except RulesError:
            return False
        return True

    members: dict[str, list[str]] = {}
    for team in state.teams:
        opponent = next((m.name for o in state.teams if o.name != team.name for m in o.in_play()), None)
        for m in team.members:
            probes = [
                morale.Event("success", member=m.name, margin=1),
                morale.Event("failure", member=m.name, margin=1),
                morale.Event("attack", member=m.name, defender=opponent, effort=1, defender_effort=0) if opponent else None,
                morale.Event("advantage", member=m.name, margin=1),
                morale.Event("leave", member=m.name),
                morale.Event("overwhelmed", member=m.name),
                morale.Event("last_stand", member=m.name),
                morale.Event("perish", member=m.name),
            ]
            members[m.name] = [e.kind for e in probes if e is not None and accepted(e)]
    teams = {
        t.name: [e.kind for e in (morale.Event("end_turn", team=t.name, passed=True),
                                  morale.Event("concede", team=t.name),
                                  morale.Event("adjust", team=t.name, amount=0)) if accepted(e)]
        for t in state.teams
    }
    return members, teams


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _decision_words(t: morale.TeamState) -> str:
    """What a team whose morale just broke may do, in plain words."""
    names = list(t.deciding)
    broke = "fell to 0" if t.edition == "wiki" else "broke"
    if len(names) == 1:
        return (f"{_possessive(t.name)} morale {broke}: {names[0]} may enter their Last Stand now. "
                f"If not, {t.name} loses the conflict.")
    who = f"{', '.join(names[:-1])} and {names[-1]}"
    return (f"{_possessive(t.name)} morale {broke}: {who} may each enter their Last Stand now. "
            f"If nobody does, {t.name} loses the conflict.")


def announcement(state: morale.Conflict) -> str | None:
    """The one sentence the tracker puts above the teams: who won once that is
    decided, or which team must decide first. ``None`` while the conflict simply goes on."""
    deciding = state.deciding
    if deciding is not None:
        return _decision_words(deciding)
    if not state.over:
        return None
    text = f"{state.winner} won the conflict." if state.winner else "Every team lost the conflict."
    alive = morale.survivors(state)
    if alive:
        text += f" Leaving their Last Stand alive: {', '.join(alive)}."
    return text


def _team_words(t: morale.TeamState, state: morale.Conflict) -> str:
    if t.status == "won":
        return "Won: the only team still standing."
    if t.status == "deciding":
        return _decision_words(t)
    if t.status == "lost":
        if not t.in_play():
            return "Lost: nobody is left in the conflict."
        if t.broken and t.last_standers():
            return "Lost: every opponent fell while its morale was broken."
        if t.broken:
            return "Lost: its morale broke and nobody of it is in a Last Stand."
        return "Lost."
    if t.status == "broken":
        return "Morale broken: fighting on through its Last Stands."
    if t.broken_morale:
        return f"BROKEN MORALE {t.broken_morale}: keep-morale test at the end of its turn (difficulty {t.broken_morale}, +1 per helper)."
    return "Fighting."


def replay(p: dict) -> dict:
    """The conflict after its whole log.

    Errors: in the setup, ``field`` is its path (``"teams[0].name"``); in an
    event, ``field`` is the event's own field (``"effort"``) and the error's
    ``event`` is the event's index in ``events``.

    Input: ``setup`` ({edition "2023"|"2022"|"wiki", teams: [{name, goal,
    captain, approach (wiki), members: [names, or {name, successes,
    perfect_defense, vigor, intuition} in the wiki]}]}), ``events`` (the log:
    [{kind, …}], see :mod:`rules_core.morale`).
    Output: ``edition``, ``round``, ``turn`` (team whose turn it is),
    ``turn_order``, ``over``, ``winner`` (only once decided: never while a
    team whose morale broke may still enter a Last Stand),
    ``announcement`` (the sentence above the teams: the outcome, or what the
    team whose morale just broke may do; ``None`` otherwise), ``teams``
    ([{name, goal, captain, morale, broken_morale, keep_morale {due,
    difficulty, per_helper}, broken, status (playing, deciding, broken,
    lost, won), status_text, actions, members [{name, status (active, left,
    retired, last_stand, perished, survived), captain, in_play,
    actions}]}]), ``survivors``, ``form`` (what the tracker asks for in this
    edition: see :func:`form`) and ``log`` (newest first: {index, kind, text,
    morale, stress_dealt}; ``stress_dealt`` is {member, amount} for an attack:
    the stress its defender takes, 0 when held off; ``None`` for other
    events). An attack event is {kind "attack", member (the attacker),
    defender, effort (the attacker's), defender_effort, disposed, reduce}. ``actions`` lists the event kinds the core accepts now from that
    member (``success`` … ``perish``) or team (``end_turn``, ``concede``,
    ``adjust``).
    """
    f.only(p, "setup", "events")
    setup = _setup(p)
    events = _events(p)
    return state_payload(setup, morale.history(setup, events))


def apply(p: dict) -> dict:
    """Check one new event against the conflict so far, and return the state with it.

    Input: ``setup``, ``events`` (the log so far), ``event`` (the new one).
    Output: as ``morale.replay`` for the log plus the event, ``event``
    (the new event, cleaned) and ``stress_dealt`` (the new event's, as in the
    log). An error in an event (as in ``morale.replay``) names the event's own
    field (``"effort"``, ``"member"`` …) and gives the event's index as the
    error's ``event``: ``len(events)`` for the new one, so the page shows it
    beside the field of the form being filled, and an earlier one's elsewhere.
    """
    f.only(p, "setup", "events", "event")
    setup = _setup(p)
    events = _events(p)
    steps = morale.history(setup, events)
    state = steps[-1].state if steps else morale.start(setup)
    try:
        event = read_event(p.get("event"))
        new_state, text = morale.apply(state, event)
    except RulesError as err:  # the new event's own field, and its place: after the log
        raise RulesError(err.message, field=err.field or "kind", code=err.code, event=len(events)) from None
    steps.append(morale.Step(event, text, new_state))
    out = state_payload(setup, steps)
    out["event"] = {k: v for k, v in _event_payload(event).items()}
    out["stress_dealt"] = _stress_dealt(setup.edition, event)
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


# ---------------------------------------------------------------- what the tracker asks for


def _field(name: str, label: str, type_: str, **extra) -> dict:
    return {"name": name, "label": label, "type": type_, **extra}


def _event_forms(edition: str) -> list[dict]:
    """The events of ``edition`` in button order, each with the fields a player fills."""
    wiki, e2022 = edition == "wiki", edition == "2022"
    scored = "successes" if wiki else "effort"
    margin = _field("margin", "Margin of effort", "count")
    attack = [
        _field("defender", "Defender", "opponent"),
        _field("effort", f"Attacker's {scored}", "count"),
        _field("defender_effort", f"Defender's {scored}", "count"),
    ]
    if e2022:
        attack += [
            _field("disposed", "The defender defended with the attribute the attacker's attribute is disposed against "
                               "(e.g. attack with Vigor, defended with Reason)", "flag"),
            _field("reduce", "The defense reduces only", "choice", when="disposed", choices=[
                ["stress", "the stress (the team loses the attacker's full effort)"],
                ["morale", "the morale damage (the defender takes the full effort as stress)"],
            ]),
        ]
    elif wiki:
        attack.append(_field("disposed", "The defender had to defend perfectly against the attacker's Disposition "
                                         "(the team loses all the attacker's successes)", "flag"))
    leave = [_field("new_captain", "New captain", "teammate", when="captain")]
    overwhelmed = list(leave)
    if wiki:
        leave.append(_field("successes", "Surrendered on their own turn: successes of the test", "count",
                            optional=True, hint="leave empty when they left any other way"))
    events = [
        {"kind": "success", "label": "Success", "by": "member", "fields": [margin] if e2022 else []},
        {"kind": "failure", "label": "Failure", "by": "member", "fields": [margin] if e2022 else []},
        {"kind": "attack", "label": "Attack", "by": "member", "fields": attack},
        {"kind": "advantage", "label": "Vigor advantage", "by": "member",
         "fields": [_field("margin", {"2023": "Margin of effort", "2022": "Effort of the Vigor positioning",
                                      "wiki": "Successes of the Vigor benefit"}[edition], "count")],
         # tests move morale in 2023 and 2022: the advantage's own test is a second entry
         **({} if wiki else {"note": "This only adds the margin: log the test's Success or Failure as well."})},
        {"kind": "leave", "label": "Surrender or leave", "by": "member", "fields": leave},
        {"kind": "overwhelmed", "label": "Overwhelmed (retires)", "by": "member", "fields": overwhelmed},
        {"kind": "last_stand", "label": "Enter Last Stand", "by": "member", "fields": []},
        {"kind": "perish", "label": "Perish", "by": "member", "fields": []},
        {"kind": "end_turn", "label": "End turn", "by": "team", "fields": [
            _field("helpers", "Teammates helping the captain", "count", when="keep_morale_due", optional=True,
                   hint="each adds 1 to the difficulty"),
            _field("effort", "Captain's effort on the keep-morale test", "count", when="keep_morale_due",
                   hint="the captain tests a skill other than the conflict's relevant skill"),
        ]},
        {"kind": "concede", "label": "Nobody enters a Last Stand", "by": "team", "fields": []},
        {"kind": "adjust", "label": "Correct morale", "by": "team", "fields": [
            _field("amount", "Change to morale", "integer", hint="a whole number, e.g. 2 or -1"),
            _field("note", "Why", "text", optional=True),
        ]},
    ]
    return [e for e in events if not (wiki and e["kind"] in ("success", "failure", "overwhelmed"))]


def form(p: dict) -> dict:
    """What the tracker asks for in an edition: the setup's fields and each event's.

    Every state (``morale.replay``, ``morale.apply``) carries it as ``form``;
    the page also renders it at build time for the setup, before the engine
    runs.

    Input: ``edition`` ("2023" default, "2022", "wiki").
    Output: ``edition``; ``team`` and ``member`` (the setup's fields, in
    order); ``events`` ([{kind, label, by ("member" or "team"), fields}], in
    button order; kinds the edition lacks are left out: the wiki has no plain
    tests). A field is {name, label, type, …}: ``type`` is ``text``,
    ``count`` (a whole number, 0 or more), ``integer`` (may be negative),
    ``flag``, ``choice`` (with ``choices``: [[value, words]]), ``member``
    (one of the team's members), ``opponent`` (someone in play on another
    team) or ``teammate`` (someone still in play on the same team); it may
    carry ``optional``, ``hint`` and ``when``: shown only when the one acting
    is their team's ``captain``, when the team's ``keep_morale_due``, when
    the form's ``disposed`` flag is set, or (a setup field) for a member of a
    ``defending`` team (not the first, which initiated the conflict).
    """
    f.only(p, "edition")
    edition = f.choice(p, "edition", "The edition", morale.EDITIONS, default="2023")
    wiki = edition == "wiki"
    team = [
        _field("name", "Team", "text"),
        _field("goal", "Goal", "text", optional=True),
        _field("captain", "Captain", "member"),
    ]
    member = [_field("name", "Name", "text")]
    if wiki:
        team.append(_field("approach", "Captain's Approach rating", "count", hint="the base of the team's morale"))
        member += [
            _field("successes", "Positioning successes", "count", optional=True),
            _field("perfect_defense", "Their Approach would have to defend perfectly against the initiating "
                                      "captain's Disposition", "flag", when="defending"),
            _field("vigor", "Vigor benefit (their successes count twice)", "flag"),
            _field("intuition", "Intuition benefit (their successes add to the captain's for turn order)", "flag"),
        ]
    return {"edition": edition, "team": team, "member": member, "events": _event_forms(edition)}


CALCULATORS = {
    "morale.replay": replay,
    "morale.apply": apply,
    "morale.keep_morale": keep_morale,
    "morale.form": form,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
