"""Ending a conflict: who lost, who won, who survives their Last Stand.

Rules: docs/gauntlet-forge/conflicts.md#ending and
docs/gauntlet-forge/editions.md#ending (Rule: morale.end, in
:func:`_settle`'s docstring), docs/gauntlet-forge/conflicts.md#last-stand
(leaving it alive once every opponent lost).

* :func:`survivors` — the last-standers who leave their Last Stand alive.
* ``_settle`` — every team's status after an event (playing, deciding,
  broken, lost, won).
"""
from __future__ import annotations

from dataclasses import replace

from .keeping import _next_turn
from .values import Conflict

__docformat__ = "google"


def survivors(state: Conflict) -> list[str]:
    """Members who leave their Last Stand alive: those still in it once every
    opposing team has lost (even when their own team lost too; 2023: they gain
    an Epiphany)."""
    return [
        m.name
        for t in state.teams
        if all(o.status == "lost" for o in state.teams if o.name != t.name)
        for m in t.last_standers()
    ]


def _settle(state: Conflict) -> Conflict:
    """Recompute every team's status (playing, deciding, broken, lost, won).

    Rule: morale.end — a team loses when nobody of it is left; when its morale
    broke and nobody of it is (still) in their Last Stand, once it is no
    longer deciding whether to enter one; or when its morale broke and every
    opponent lost. A team wins when every other team lost (a team still
    deciding has not lost yet, so nobody has won while it decides).
    Last-standers whose opponents have all lost leave their Last Stand alive
    (see :func:`survivors`).
    """
    lost = {}
    for t in state.teams:
        gone = not t.in_play()
        lost[t.name] = gone or (t.broken and not t.last_standers() and not t.deciding)
    for t in state.teams:
        if t.broken and not lost[t.name] and all(lost[o.name] for o in state.teams if o.name != t.name):
            lost[t.name] = True
    standing = [t.name for t in state.teams if not lost[t.name]]
    teams = []
    for t in state.teams:
        if lost[t.name]:
            status = "lost"
        elif t.deciding:
            status = "deciding"
        elif len(standing) == 1:
            status = "won"
        else:
            status = "broken" if t.broken else "playing"
        teams.append(replace(t, status=status, deciding=() if lost[t.name] else t.deciding))
    state = replace(state, teams=tuple(teams))
    if state.team(state.current_team).status == "lost" and not state.over:
        state = _next_turn(state)
    return state
