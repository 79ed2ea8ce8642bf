"""Reading a morale conflict from plain data: the one place it is checked.

``setup`` and ``events`` arrive as the page keeps them; :func:`read_setup` and
:func:`read_event` check every value and build the frozen
:class:`~rules_core.morale.Setup` and :class:`~rules_core.morale.Event` the
core (:mod:`rules_core.morale`) trusts without checking them again.
"""
from __future__ import annotations

from ... import morale
from ...editions import DEFAULT
from ...errors import RulesError, shown
from .. import fields as f

MAX_TEAMS = 12
MAX_MEMBERS = 30
MAX_EVENTS = 2000

_EVENT_KEYS = {
    "success": ("member", "margin"),
    "failure": ("member", "margin"),
    "attack": ("member", "defender", "effort", "defender_effort", "disposed", "reduce", "absorbed", "new_captain"),
    "advantage": ("member", "margin"),
    "leave": ("member", "successes", "new_captain"),
    "overwhelmed": ("member", "new_captain"),
    "end_turn": ("team", "effort", "passed", "helpers", "new_captain"),
    "last_stand": ("member",),
    "concede": ("team",),
    "perish": ("member", "new_captain"),
    "adjust": ("team", "amount", "note"),
}


def read_setup(raw) -> morale.Setup:
    """A setup from plain data: ``{edition, teams: [{name, goal, captain, approach,
    members: [name or {name, successes, perfect_defense, vigor, intuition}]}]}``."""
    if not isinstance(raw, dict):
        raise RulesError("The conflict's setup is missing.", field="setup", code="required")
    f.only(raw, "edition", "teams")
    edition = f.choice(raw, "edition", "The edition", morale.EDITIONS, default=DEFAULT)
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
                name=f.name(m.get("name"), "A member", field=f"{mw}.name"),
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
            name=f.name(t.get("name"), f"Team {i + 1}", field=f"{where}.name"),
            captain=f.name(captain, "The captain", field=f"{where}.captain"),
            members=tuple(members),
            goal=f.text(t, "goal", "The goal", default="", max_length=200),
            approach=f.integer(t, "approach", "The captain's Approach", low=0, high=20, default=0,
                               field=f"{where}.approach"),
        ))
    setup = morale.Setup(edition, tuple(teams))
    check_setup(setup)
    return setup


def check_setup(setup: morale.Setup) -> None:
    """What a setup needs besides its shape: two teams or more, names each
    used once, members, and a captain among them. Checked here, once: the core
    (:mod:`rules_core.morale`) trusts a :class:`~rules_core.morale.Setup`."""
    if len(setup.teams) < 2:
        raise RulesError("A conflict needs at least two teams.", field="teams", code="too_small")
    seen_teams: set[str] = set()
    seen_members: set[str] = set()
    for i, team in enumerate(setup.teams):
        where = f"teams[{i}]"
        if team.name in seen_teams:
            raise RulesError(f"Two teams are called {shown(team.name)}.", field=f"{where}.name", code="duplicate")
        seen_teams.add(team.name)
        if not team.members:
            raise RulesError(f"{team.name} has no members.", field=f"{where}.members", code="too_small")
        for j, member in enumerate(team.members):
            if member.name in seen_members:
                raise RulesError(
                    f"{shown(member.name)} appears twice: every participant needs their own name.",
                    field=f"{where}.members[{j}].name", code="duplicate",
                )
            seen_members.add(member.name)
        if team.captain not in {m.name for m in team.members}:
            raise RulesError(
                f"The captain of {team.name} must be one of its members.", field=f"{where}.captain", code="invalid"
            )
    # Two that look alike (the same name twice: above).
    f.distinct((team.name, f"teams[{i}].name") for i, team in enumerate(setup.teams))
    f.distinct((m.name, f"teams[{i}].members[{j}].name") for i, team in enumerate(setup.teams) for j, m in enumerate(team.members))


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
        elif key in ("disposed", "passed", "absorbed"):
            if not isinstance(value, bool):
                raise RulesError("This is yes or no (true or false).", field=key, code="invalid")
        elif key == "reduce":
            if value not in ("stress", "morale"):
                raise RulesError("The defense reduces either 'stress' or 'morale'.", field=key, code="invalid")
        elif key == "note":
            value = f.text(raw, key, "The note", max_length=200)
        else:
            value = f.name(value, _WHO[key], field=key)
        values[key] = value
    return morale.Event(kind, **values)


_WHO = {"member": "The member", "defender": "The defender", "team": "The team", "new_captain": "The new captain"}

_WHAT = {
    "margin": "The margin of effort", "effort": "The effort", "defender_effort": "The defender's effort",
    "successes": "The successes", "helpers": "The number of helpers",
}


def setup_of(p: dict) -> morale.Setup:
    if p.get("setup") is None:
        raise RulesError("The conflict's setup is missing.", field="setup", code="required")
    return read_setup(p.get("setup"))  # its errors name fields inside the setup: "teams[0].name"


def events_of(p: dict) -> list[morale.Event]:
    return f.events(p, read_event, max_length=MAX_EVENTS)


def event_payload(event: morale.Event) -> dict:
    """An event as plain data again: only the keys its kind uses, and set (a flag that is off is left
    out, but for ``passed`` and ``absorbed``, whose ``false`` says something: the test failed, the stress
    was not absorbed)."""
    out = {"kind": event.kind}
    for key in _EVENT_KEYS[event.kind]:
        value = getattr(event, key)
        if value is not None and value != "" and (value is not False or key in ("passed", "absorbed")):
            out[key] = value
    return out
