"""The Last Stand: entering it after a break, conceding, perishing.

Rules: docs/gauntlet-forge/conflicts.md#last-stand and
docs/gauntlet-forge/editions.md#last-stand (a team whose morale broke loses
unless members enter their Last Stand; the wiki: only the member whose failed
defense brought the team to 0), with the ruling that a team decides right
after the break (nobody is named winner until it has).

* :func:`either_of` — "Ada", "Ada or Bo", "Ada, Bo or Cy".
* ``_after_break`` — who may enter a Last Stand once a team's morale broke.
* ``_last_stand``, ``_concede``, ``_perish`` — those three events;
  ``_perishing`` — members perish (a perish event, a stress hit, a break).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RulesError
from .building import _actor, _hand_over
from .values import _STATUS_WORDS, ACTIVE, LAST_STAND, PERISHED, Conflict, Event, TeamState

__docformat__ = "google"


def either_of(names) -> str:
    """"Ada", "Ada or Bo", "Ada, Bo or Cy"."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _after_break(state: Conflict, team: TeamState, may_enter: list[str]) -> tuple[Conflict, str]:
    """The team's morale just broke: with nobody of it in a Last Stand, those in
    ``may_enter`` (still active) decide whether to enter one; nobody able to: it loses."""
    if team.last_standers():
        return state, ""
    may_enter = [m.name for m in team.members if m.name in may_enter and m.status == ACTIVE]
    if not may_enter:
        return state, f"; nobody of {team.name} can enter a Last Stand, so {team.name} loses"
    state = state._with_team(replace(team, deciding=tuple(may_enter)))
    return state, f"; {either_of(may_enter)} may enter their Last Stand now, or {team.name} loses"


def _last_stand(state: Conflict, event: Event) -> tuple[Conflict, str]:
    if not event.member:
        raise RulesError("Choose who enters their Last Stand.", field="member", code="required")
    team = state.team_of(event.member)
    status = team.member(event.member).status
    if status != ACTIVE:
        raise RulesError(
            f"{event.member} can't enter a Last Stand: {_STATUS_WORDS[status]}.", field="member", code="invalid"
        )
    if team.status == "lost":
        raise RulesError(f"{team.name} has lost: nobody of it enters a Last Stand now.", field="member", code="invalid")
    members = tuple(replace(m, status=LAST_STAND) if m.name == event.member else m for m in team.members)
    text = f"{event.member} entered their Last Stand"
    if team.deciding:
        text += f"; {team.name} fights on"
    return state._with_team(replace(team, members=members, deciding=())), text


def _concede(state: Conflict, event: Event) -> tuple[Conflict, str]:
    if not event.team:
        raise RulesError("Choose the team.", field="team", code="required")
    team = state.team(event.team)
    if not team.deciding:
        raise RulesError(
            f"{team.name} has nothing to concede: a team loses this way only right after its morale breaks.",
            field="team", code="invalid",
        )
    return state._with_team(replace(team, deciding=())), f"Nobody of {team.name} entered a Last Stand: {team.name} loses"


def _perish(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    if team.member(event.member).status != LAST_STAND:
        raise RulesError(
            f"Only someone in their Last Stand perishes; {event.member} is not.", field="member", code="invalid"
        )
    state, words = _perishing(state, team, [event.member], event.new_captain)
    return state, f"{event.member} perished{words}"


def _perishing(state: Conflict, team: TeamState, names, new_captain: str | None) -> tuple[Conflict, str]:
    """Members of ``team`` perish (their Last Stand ends); a captain among them hands over. Perishing
    costs no morale (docs/gauntlet-forge/editions.md#ending, ruling). Returns the state and the
    handover's words ("; Bo is the new captain", or "")."""
    captain, words = _hand_over(team, set(names), new_captain)
    members = tuple(replace(m, status=PERISHED) if m.name in names else m for m in team.members)
    return state._with_team(replace(team, members=members, captain=captain)), words
