"""The tracker's log: one event applied, the whole log replayed.

Rules: docs/gauntlet-forge/conflicts.md#morale-tracker (Rule: morale.log:
the state is what the log gives, so undo is the log without its last event).

* :func:`apply` — one event: the new state and a sentence saying what happened
  (a member's action marks them as having acted this round).
* :func:`replay` — the state after the whole log (a fold over :func:`apply`).
* :func:`history` — every step of the log (an accumulate over :func:`apply`).

Each kind of event has its handler in the module of its mechanic
(``_HANDLERS``); a team deciding whether to enter a Last Stand is asked
first (``_check_decision``).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RulesError, shown
from .attacks import _attack
from .building import _adjust, _advantage, _test
from .ending import _settle
from .keeping import _end_turn
from .last_stand import _concede, _last_stand, _perish, either_of
from .leaving import _leave
from .starting import start
from .values import ACTIONS, EVENT_KINDS, Conflict, Event, Setup, Step

__docformat__ = "google"


def replay(setup: Setup, events) -> Conflict:
    """The state after the whole log. Rule: morale.log."""
    state = start(setup)
    for i, event in enumerate(events):
        state = _apply_at(state, event, i)[0]
    return state


def history(setup: Setup, events) -> list[Step]:
    """Every step of the log, in order (an accumulate over :func:`apply`)."""
    steps: list[Step] = []
    state = start(setup)
    for i, event in enumerate(events):
        state, text = _apply_at(state, event, i)
        steps.append(Step(event, text, state))
    return steps


def _apply_at(state: Conflict, event: Event, index: int) -> tuple[Conflict, str]:
    try:
        return apply(state, event)
    except RulesError as err:
        raise RulesError(
            f"Event {index + 1}: {err.message}", field=err.field or "kind", code=err.code, event=index
        ) from None


def apply(state: Conflict, event: Event) -> tuple[Conflict, str]:
    """Apply one event; returns the new state and a sentence saying what happened.

    Raises:
        RulesError: the event cannot happen now (unknown member, someone who
            left acting, an edition without that event, the conflict is over…).
    """
    handler = _HANDLERS.get(event.kind)
    if handler is None:
        raise RulesError(
            f"Unknown event {shown(event.kind)}. Events: {', '.join(EVENT_KINDS)}.", field="kind", code="unknown"
        )
    if state.over and event.kind != "adjust":
        raise RulesError("The conflict is over: undo, or start a new one.", field="kind", code="invalid")
    _check_decision(state, event)
    new, text = handler(state, event)
    if event.kind in ACTIONS and event.member not in new.acted:
        new = replace(new, acted=(*new.acted, event.member))
    return _settle(new), text


def _check_decision(state: Conflict, event: Event) -> None:
    """Right after a break that left nobody in a Last Stand, the team decides
    first: one of ``deciding`` enters their Last Stand, or it concedes."""
    team = state.deciding
    if team is None or event.kind == "adjust":
        return
    if event.kind == "concede" and event.team == team.name:
        return
    if event.kind == "last_stand" and event.member in team.deciding:
        return
    raise RulesError(
        f"First log what {team.name} does now that its morale broke: {either_of(team.deciding)} "
        f"may enter their Last Stand, or nobody does and {team.name} loses.",
        field="kind", code="invalid",
    )


_HANDLERS = {
    "success": _test, "failure": _test, "attack": _attack, "advantage": _advantage,
    "leave": _leave, "overwhelmed": _leave, "end_turn": _end_turn, "last_stand": _last_stand,
    "concede": _concede, "perish": _perish, "adjust": _adjust,
}
