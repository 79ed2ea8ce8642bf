"""Keeping morale at the end of a team's turn, and whose turn is next.

Rules: docs/gauntlet-forge/conflicts.md#keeping-morale and
docs/gauntlet-forge/editions.md#keeping-morale (a team with ``BROKEN
MORALE`` tests at the end of its turn, difficulty the trait's rating +1 per
helper; a failure breaks its morale; 2023: a break makes those in their Last
Stand perish), docs/gauntlet-forge/conflicts.md#turn-order (the next team
still in the conflict acts).

* ``_end_turn`` — the ``end_turn`` event.
* ``_next_turn`` — the turn passes to the next team that has not lost.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RulesError
from .building import _count
from .last_stand import _after_break, _perishing
from .values import Conflict, Event

__docformat__ = "google"


def _end_turn(state: Conflict, event: Event) -> tuple[Conflict, str]:
    name = event.team or state.current_team
    team = state.team(name)
    if name != state.current_team:
        raise RulesError(f"It is {state.current_team}'s turn, not {name}'s.", field="team", code="invalid")
    text = f"{name} ended their turn"
    if team.keep_morale_due:
        helpers = _count(event.helpers, "helpers", "number of helpers")
        difficulty = team.keep_morale_difficulty(helpers)
        if event.effort is not None:
            effort = _count(event.effort, "effort", "effort of the keep-morale test")
            kept = effort >= difficulty
            roll = f"{effort} vs difficulty {difficulty}"
        elif event.passed is not None:
            kept = bool(event.passed)
            roll = f"difficulty {difficulty}"
        else:
            raise RulesError(
                f"{name} has BROKEN MORALE {team.broken_morale}: enter the captain's effort on the keep-morale test "
                f"(difficulty {difficulty}).",
                field="effort", code="required",
            )
        if kept:
            text += f"; kept morale ({roll})"
        else:
            # 2023: a break kills everyone already in a Last Stand, however they entered it
            doomed = [m.name for m in team.last_standers()] if state.edition == "2023" else []
            state = state._with_team(replace(team, breaks=team.breaks + 1))
            text += f"; MORALE BROKE ({roll})"
            if doomed:
                state, handover = _perishing(state, state.team(name), doomed, event.new_captain)
                text += f"; {', '.join(doomed)} perish{'es' if len(doomed) == 1 else ''} in their Last Stand{handover}"
            team = state.team(name)
            state, then = _after_break(state, team, [m.name for m in team.members])
            text += then
    return _next_turn(state), text


def _next_turn(state: Conflict) -> Conflict:
    """The turn passes to the next team still in the conflict; past the last team a new round
    begins, in which nobody has acted yet."""
    turn, rnd = state.turn, state.round
    for _ in range(len(state.turn_order)):
        turn += 1
        if turn == len(state.turn_order):
            turn, rnd = 0, rnd + 1
        if state.team(state.turn_order[turn]).status != "lost":
            break
    return replace(state, turn=turn, round=rnd, acted=state.acted if rnd == state.round else ())
