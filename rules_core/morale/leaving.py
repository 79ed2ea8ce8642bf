"""Leaving a conflict: surrender, leaving, being overwhelmed.

Rules: docs/gauntlet-forge/conflicts.md#surrendering,
docs/gauntlet-forge/conflicts.md#leaving and
docs/gauntlet-forge/editions.md#surrender (a member costs 1, a captain the
members still remaining; the wiki's surrender on one's own turn costs the
successes of its test), with the rulings there: the team names a new
captain, and a member overwhelmed by stress (2023, 2022) retires at once and
pays as any departure.

* ``_leave`` — the ``leave`` and ``overwhelmed`` events.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RulesError
from .building import _actor, _count, _hand_over, _shift
from .last_stand import _after_break
from .values import ACTIVE, LEFT, RETIRED, Conflict, Event

__docformat__ = "google"


def _leave(state: Conflict, event: Event) -> tuple[Conflict, str]:
    team = _actor(state, event.member)
    name = event.member
    remaining = [m.name for m in team.in_play() if m.name != name]
    is_captain = team.captain == name
    overwhelmed = event.kind == "overwhelmed"
    if overwhelmed:
        if state.edition == "wiki":
            raise RulesError(
                "In the wiki edition stress that no condition can take becomes a trait: log a surrender or a "
                "Last Stand instead.", field="kind", code="invalid",
            )
        if team.member(name).status != ACTIVE:
            raise RulesError(
                f"{name} is in their Last Stand: stress they can't absorb makes them perish, not retire.",
                field="member", code="invalid",
            )
        loss = len(remaining) if is_captain else 1
        how = "was overwhelmed and retired, leaving the conflict" + (" as captain" if is_captain else "")
    elif event.successes is not None and state.edition == "wiki":
        loss = _count(event.successes, "successes", "successes of the surrender test")
        how = f"surrendered (tested {loss})"
    elif is_captain:
        loss = len(remaining)
        how = "left as captain"
    else:
        loss = 1
        how = "left"
    captain, handover = _hand_over(team, {name}, event.new_captain)
    members = tuple(replace(m, status=RETIRED if overwhelmed else LEFT) if m.name == name else m for m in team.members)
    team = replace(team, members=members, captain=captain)
    state = state._with_team(team)
    state, after, words = _shift(state, team, -loss)
    if after.breaks > team.breaks:  # wiki: down to 0 without a failed defense: nobody may enter
        state, then = _after_break(state, after, [])
        words += then
    return state, f"{name} {how}: {words}{handover}"
