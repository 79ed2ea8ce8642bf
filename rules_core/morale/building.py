"""Building and losing morale: tests, Vigor advantages, the GM's corrections.

Rules: docs/gauntlet-forge/conflicts.md#building-morale and, edition by
edition, docs/gauntlet-forge/editions.md#morale (2023: ±1; 2022: ± the
margin; the wiki: tests don't move morale), docs/gauntlet-forge/conflicts.md#gaining-an-advantage
(a Vigor advantage adds its margin) and docs/gauntlet-forge/conflicts.md#broken-morale
(below 0 the team has ``BROKEN MORALE``; the wiki's morale stops at 0).

* ``_shift`` — every change of morale goes through it, with its words.
* ``_test``, ``_advantage``, ``_adjust`` — the ``success``/``failure``,
  ``advantage`` and ``adjust`` events.
* ``_actor``, ``_count`` — who acts and the numbers an event needs, checked
  against the state and the edition (every event's handler uses them).
* ``_hand_over`` — the captaincy passes when the captain leaves the fight
  (surrenders, retires or perishes).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RulesError
from ..words import minus
from .values import _STATUS_WORDS, IN_PLAY, Conflict, Event, TeamState

__docformat__ = "google"


def _actor(state: Conflict, name: str | None, field_name: str = "member") -> TeamState:
    if not name:
        raise RulesError("Choose who acts.", field=field_name, code="required")
    team = state.team_of(name, field_name)
    status = team.member(name).status
    if status not in IN_PLAY:
        raise RulesError(f"{name} is no longer in the conflict ({_STATUS_WORDS[status]}).", field=field_name, code="invalid")
    return team


def _count(value: int | None, field_name: str, what: str, *, minimum: int = 0) -> int:
    """A number an event of this kind needs here (the boundary made it a whole
    number already). This check stays in the core because it is a rule, not a
    shape: which numbers a kind needs depends on the edition (a 2022 test
    needs its margin, the 2023 one none) and a failure's margin is at least 1."""
    if value is None:
        raise RulesError(f"Enter the {what}.", field=field_name, code="required")
    if value < minimum:
        raise RulesError(f"The {what} is at least {minimum}.", field=field_name, code="too_small")
    return value


def _hand_over(team: TeamState, gone, chosen: str | None) -> tuple[str | None, str]:
    """Who captains ``team`` once the members in ``gone`` are out of the fight, and the words for it.

    Rule: docs/gauntlet-forge/conflicts.md#leaving (ruling: the team names a new
    captain from those remaining; a captain who perishes is replaced the same
    way, docs/gauntlet-forge/conflicts.md#ending). ``chosen`` is the one the team
    named (``None``: the first still in play); a captain who stays keeps it."""
    if team.captain not in gone:
        return team.captain, ""
    remaining = [m.name for m in team.in_play() if m.name not in gone]
    if chosen is not None and chosen not in remaining:
        raise RulesError(
            f"The new captain must be someone still in {team.name}: {', '.join(remaining) or 'nobody is left'}.",
            field="new_captain", code="invalid",
        )
    captain = chosen or (remaining[0] if remaining else None)
    return captain, f"; {captain} is the new captain" if captain else ""


def _shift(state: Conflict, team: TeamState, delta: int) -> tuple[Conflict, TeamState, str]:
    """Move a team's morale; returns the new state, the team, and "−1 → −2, BROKEN MORALE 2"."""
    before = team.morale
    after = before + delta
    if state.edition == "wiki":
        after = max(0, after)
    breaks = team.breaks
    if state.edition == "wiki" and after == 0 and before > 0:
        breaks += 1
    new_team = replace(team, morale=after, breaks=breaks)
    return state._with_team(new_team), new_team, _morale_words(team, new_team)


def _morale_words(before: TeamState, after: TeamState) -> str:
    text = f"{before.name} {minus(before.morale)} → {minus(after.morale)}"
    if after.broken_morale:
        text += f", BROKEN MORALE {after.broken_morale}"
    elif before.broken_morale:
        text += ", BROKEN MORALE gone"
    if after.edition == "wiki" and after.breaks > before.breaks:
        text += f"; {after.name} is down to 0"
    return text


def _test(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    if state.edition == "wiki":
        raise RulesError(
            "In the wiki edition tests don't move morale: log attacks, advantages and departures.",
            field="kind", code="invalid",
        )
    if state.edition == "2022":
        margin = _count(event.margin, "margin", "margin of effort", minimum=0 if event.kind == "success" else 1)
    else:
        margin = 1
    delta = margin if event.kind == "success" else -margin
    state, _, words = _shift(state, team, delta)
    verb = "succeeded on" if event.kind == "success" else "failed"
    return state, f"{event.member} {verb} a test: {words}"


def _advantage(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    margin = _count(event.margin, "margin", "margin of effort")
    state, _, words = _shift(state, team, margin)
    return state, f"{event.member} gained a Vigor advantage (margin {margin}): {words}"


def _adjust(state: Conflict, event: Event) -> tuple[Conflict, str]:
    if not event.team:
        raise RulesError("Choose the team.", field="team", code="required")
    team = state.team(event.team)
    amount = _count(event.amount, "amount", "amount", minimum=-10**6)  # any whole number: the boundary bounds it
    state, _, words = _shift(state, team, amount)
    note = f" ({event.note})" if event.note else ""
    return state, f"Morale corrected by hand{note}: {words}"
