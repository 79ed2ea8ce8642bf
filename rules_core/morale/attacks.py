"""Attacks: who wins, how much stress, how far morale moves.

Rules: docs/gauntlet-forge/conflicts.md#attacking and, edition by edition,
docs/gauntlet-forge/editions.md#attacks (2023: the winner +1, the loser −1;
2022: the difference both ways, a disposed defense reduces only the stress or
the morale damage; the wiki: only the loser moves, all the attacker's
successes against a perfect defense), docs/gauntlet-forge/conflicts.md#disposition.

* :func:`stress_dealt` — the stress an attack deals its defender.
* ``_attack`` — the ``attack`` event; ``_landed`` what a landed one deals;
  ``_perishes`` whether its stress ends a defender's Last Stand (2022 and the
  wiki: any stress does; 2023: the table says whether it was absorbed).
"""
from __future__ import annotations

from ..errors import RulesError
from .building import _actor, _count, _shift
from .last_stand import _after_break, _perishing
from .values import LAST_STAND, Conflict, Event

__docformat__ = "google"


def _landed(edition: str, a: int, d: int, event: Event) -> tuple[int, int, int]:
    """A landed attack (effort ``a`` over the defender's ``d``): the stress the
    defender takes, the defender's team's morale loss and the attacker's team's gain."""
    diff = a - d
    stress, damage, gain = diff, diff, diff
    if edition == "2023":
        damage, gain = 1, 1
    elif edition == "2022" and event.disposed:
        if event.reduce == "stress":
            damage = a
        else:
            stress = a
    elif edition == "wiki":
        gain = 0
        if event.disposed:
            damage = a
    return stress, damage, gain


_WHY_PERISH = {"2023": "the stress could not be absorbed", "2022": "any stress does in 2022",
               "wiki": "any stress does in the wiki"}


def _perishes(edition: str, event: Event) -> bool:
    """Does stress that lands on a defender in their Last Stand make them perish?

    Rule: docs/gauntlet-forge/editions.md#last-stand — 2022 and the wiki: any
    stress at all; 2023: only stress they cannot fully absorb, which depends on
    their wound boxes, so the table says it (``absorbed`` false). An attack
    logged without saying so was absorbed."""
    return edition != "2023" or event.absorbed is False


def stress_dealt(edition: str, event: Event) -> int | None:
    """The stress an attack deals its defender (0 when held off); ``None`` for other events.
    For an event :func:`apply` accepted.

    >>> stress_dealt("2023", Event("attack", member="Ada", defender="Cy", effort=5, defender_effort=2))
    3
    >>> stress_dealt("2022", Event("attack", member="Leo", defender="Ned", effort=4, defender_effort=1,
    ...                            disposed=True, reduce="morale"))
    4
    >>> stress_dealt("2023", Event("attack", member="Ada", defender="Cy", effort=2, defender_effort=2))
    0
    """
    if event.kind != "attack":
        return None
    a, d = event.effort or 0, event.defender_effort or 0
    return _landed(edition, a, d, event)[0] if a > d else 0


def _attack(state: Conflict, event: Event) -> tuple[Conflict, str]:
    attacking = _actor(state, event.member)
    defending = _actor(state, event.defender, "defender")
    if attacking.name == defending.name:
        raise RulesError("Attack someone on another team.", field="defender", code="invalid")
    a = _count(event.effort, "effort", "attacker's effort")
    d = _count(event.defender_effort, "defender_effort", "defender's effort")
    ed = state.edition
    parts: list[str] = []
    if a > d:
        if ed == "2022" and event.disposed and event.reduce not in ("stress", "morale"):
            raise RulesError(
                "Disposed against: the defender reduces only the stress or the morale damage. Choose which.",
                field="reduce", code="required",
            )
        stress, damage, gain = _landed(ed, a, d, event)
        summary = f"{event.member} hit {event.defender} ({a} vs {d}): {stress} stress to {event.defender}"
        if stress and defending.member(event.defender).status == LAST_STAND and _perishes(ed, event):
            state, handover = _perishing(state, defending, [event.defender], event.new_captain)
            summary += f"; {event.defender} perishes in their Last Stand ({_WHY_PERISH[ed]}){handover}"
            defending = state.team(defending.name)
        state, after, words = _shift(state, defending, -damage)
        if after.breaks > defending.breaks:  # wiki: down to 0, and the defender's failed defense did it
            state, then = _after_break(state, after, [event.defender])
            words += then
        parts.append(words)
        if gain:
            state, _, words = _shift(state, state.team(attacking.name), gain)
            parts.append(words)
        if ed == "wiki" and state.team(defending.name).breaks > defending.breaks and attacking.member(event.member).status == LAST_STAND:
            parts.append(f"{event.member} gains a Legacy for bringing {defending.name} to 0")
    else:
        diff = d - a
        tie = ", a tie goes to the defender" if d == a else ""
        summary = f"{event.defender} held off {event.member} ({d} vs {a}{tie})"
        loss, gain = (1, 1) if ed == "2023" else (diff, diff if ed == "2022" else 0)
        state, after, words = _shift(state, attacking, -loss)
        if after.breaks > attacking.breaks:  # wiki: down to 0, but no failed defense: nobody may enter
            state, then = _after_break(state, after, [])
            words += then
        parts.append(words)
        if gain:
            state, _, words = _shift(state, state.team(defending.name), gain)
            parts.append(words)
    return state, summary + "; " + "; ".join(parts)
