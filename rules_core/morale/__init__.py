"""Gauntlet Forge morale: a whole conflict as a log of events.

Rules: docs/gauntlet-forge/conflicts.md#morale, edition by edition in
docs/gauntlet-forge/editions.md#morale. Editions ``2023`` (default), ``2022`` and ``wiki``.

A conflict is a :class:`Setup` (teams, captains, members) and a tuple of
events. The state is never stored: :func:`replay` folds :func:`apply` over the
log, so undo is "replay without the last event" and is exact.

================  ====================================================  ==========
event             what it is                                           editions
================  ====================================================  ==========
``success``       a member succeeds on a test (``margin`` in 2022)      2023 2022
``failure``       a member fails a test (``margin`` in 2022)            2023 2022
``attack``        both efforts, optional disposition                    all
``advantage``     a Vigor advantage: its margin goes to morale          all
``leave``         surrender or leaving; a captain hands over            all
``overwhelmed``   stress overwhelmed a member: they retire and leave    2023 2022
``end_turn``      the team's turn ends; the keep-morale test if due     all
``last_stand``    a member enters their Last Stand                      all
``concede``       the team's morale broke and nobody enters a Last      all
                  Stand: the team loses
``perish``        a member in their Last Stand perishes                 all
``adjust``        the GM corrects a team's morale by hand               all
================  ====================================================  ==========

How morale moves, per edition:

* ``2023`` — success +1, failure −1; in an attack the side with more effort
  succeeded and the other failed (the defender wins ties); a winning attacker
  deals the difference as stress.
* ``2022`` — success + margin, failure − margin; so an attack moves both teams
  by the difference (our reading of "as 2023, except"); when the defender
  defends with the attribute that the attacker's attribute is disposed
  against (Disposition I: attack with Vigor, defended with Reason), the
  defense reduces only the stress *or* the morale damage, the other is the
  attacker's full effort.
* ``wiki`` — base morale from the captains' Approach and positioning; only the
  loser of an attack loses morale (the difference, or all the attacker's
  successes against a perfect defense); morale never goes below 0.

Below 0 (2023, 2022) a team has ``BROKEN MORALE`` rated −morale; at the end of
its turn the captain tests to keep morale at that difficulty, +1 per helper,
and on a failure the team's morale **breaks**. A broken team (wiki: a team
reduced to 0) loses unless members are in their Last Stand; in 2023 a break
makes those already in their Last Stand perish, however they entered it.

When a break leaves a team with nobody in a Last Stand, the team is
*deciding*: its members (wiki: the member whose failed defense brought it to 0)
may enter their Last Stand now; the next event must be one of them doing so,
or ``concede`` (nobody does, and the team loses). Only then is a winner known.

The package, by mechanic: :mod:`.values` (the setup, the events, the
state), :mod:`.starting` (base morale, turn order), :mod:`.building` (tests,
Vigor advantages, corrections: every change of morale), :mod:`.attacks`,
:mod:`.leaving` (surrender, leaving, overwhelmed), :mod:`.keeping` (the
keep-morale test at the end of a turn), :mod:`.last_stand` (entering it after
a break, conceding, perishing), :mod:`.ending` (who lost, who won, who
survives) and :mod:`.log` (:func:`apply`, :func:`replay`, :func:`history`).
The same names are importable from here.

>>> setup = Setup.from_teams("2023", [("Wolves", "Ada", ["Ada", "Bo"]), ("Crows", "Cy", ["Cy"])])
>>> state = replay(setup, [Event("failure", member="Bo"), Event("failure", member="Ada")])
>>> state.team("Wolves").morale, state.team("Wolves").broken_morale
(-2, 2)
"""
from __future__ import annotations

from ..editions import EDITIONS  # morale.EDITIONS: the editions a conflict can be in
from .attacks import stress_dealt
from .building import _count  # noqa: F401  (a check that stays in the core: tests/test_checked_once.py reads it)
from .ending import survivors
from .last_stand import either_of
from .log import apply, history, replay
from .starting import base_morale, start, turn_order
from .values import (
    ACTIVE,
    EVENT_KINDS,
    IN_PLAY,
    LAST_STAND,
    LEFT,
    PERISHED,
    RETIRED,
    Conflict,
    Event,
    Member,
    MemberState,
    Setup,
    Step,
    Team,
    TeamState,
)

__all__ = [
    "ACTIVE",
    "EDITIONS",
    "EVENT_KINDS",
    "IN_PLAY",
    "LAST_STAND",
    "LEFT",
    "PERISHED",
    "RETIRED",
    "Conflict",
    "Event",
    "Member",
    "MemberState",
    "Setup",
    "Step",
    "Team",
    "TeamState",
    "apply",
    "base_morale",
    "either_of",
    "history",
    "replay",
    "start",
    "stress_dealt",
    "survivors",
    "turn_order",
]

__docformat__ = "google"
