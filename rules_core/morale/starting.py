"""Starting a morale conflict: base morale and turn order.

Rules: docs/gauntlet-forge/editions.md#starting-morale (0 in 2023 and 2022;
the wiki's Approach plus positioning) and
docs/gauntlet-forge/editions.md#turn-order (as listed; the wiki's by
positioning successes).

* :func:`start` — the conflict before anything happens.
* :func:`base_morale` — a team's morale at the start.
* :func:`turn_order` — the teams in the order they act.
"""
from __future__ import annotations

from .ending import _settle
from .values import Conflict, Member, MemberState, Setup, Team, TeamState

__docformat__ = "google"


def start(setup: Setup) -> Conflict:
    """The conflict before anything happens: base morale and turn order."""
    teams = tuple(
        TeamState(t.name, t.goal, t.captain, base_morale(setup, t), tuple(MemberState(m.name) for m in t.members), setup.edition)
        for t in setup.teams
    )
    return _settle(Conflict(setup.edition, teams, turn_order(setup)))


def _eligible(setup: Setup, team: Team) -> list[Member]:
    """wiki: members whose positioning counts. The initiating team's always do;
    a defender forced to defend perfectly counts only with at least as many
    successes as the initiating captain."""
    initiator = setup.teams[0]
    if team is initiator:
        return list(team.members)
    bar = next(m.successes for m in initiator.members if m.name == initiator.captain)
    return [m for m in team.members if not m.perfect_defense or m.successes >= bar]


def base_morale(setup: Setup, team: Team) -> int:
    """Morale at the start: 0 in 2023 and 2022; in the wiki, the captain's
    Approach plus every eligible member's positioning successes (twice with
    the Vigor benefit).

    Rule: morale.wiki.base.
    """
    if setup.edition != "wiki":
        return 0
    return team.approach + sum(m.successes * (2 if m.vigor else 1) for m in _eligible(setup, team))


def turn_order(setup: Setup) -> tuple[str, ...]:
    """Team names in the order they act.

    2023 and 2022: as listed (the initiator decides). wiki: the captain with
    the most positioning successes first (Intuition benefits add theirs), ties
    to the higher base morale, then as listed.
    """
    if setup.edition != "wiki":
        return tuple(t.name for t in setup.teams)

    def captain_successes(team: Team) -> int:
        captain = next(m for m in team.members if m.name == team.captain)
        helpers = sum(m.successes for m in _eligible(setup, team) if m.intuition and m.name != team.captain)
        return captain.successes + helpers

    order = sorted(
        enumerate(setup.teams),
        key=lambda it: (-captain_successes(it[1]), -base_morale(setup, it[1]), it[0]),
    )
    return tuple(t.name for _, t in order)
