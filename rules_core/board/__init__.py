"""The Edgerunner conflict board: a whole conflict as a log of events.

Rules: docs/edgerunner/conflicts.md#exchanges (exchanges and who acts),
docs/edgerunner/conflicts.md#actions (every action), docs/edgerunner/conflicts.md#game-over.
The board state is what the log gives, event after event (:func:`apply`);
undo is the log without its last event. Nothing here computes a rule of its
own that another module already knows: routes, reach and range come from
:mod:`rules_core.borders`, hits, absorption, defense thresholds and recovery
from :mod:`rules_core.tracks`, free invokes from :mod:`rules_core.maneuver`,
the dice from :mod:`rules_core.dice`.

The package, by role: :mod:`.values` (the frozen values and the names of
tracks and kinds of event), :mod:`.setup` (a board from its setup),
:mod:`.state` (looking things up and changing them, the exchange),
:mod:`.rolled` (the six rolled actions), :mod:`.actions` (:func:`apply`,
the other events, :func:`history`) and :mod:`.preview` (what a form needs
before the choice).

Values come in already checked for their type and range (the API reads them,
:mod:`rules_core.api.board.read`); this module checks what depends on the
board: names, zones, who may act, what a roll can reach.

* **Exchanges** (docs/edgerunner/conflicts.md#social-initiative): every actor still in acts once per
  exchange, in the order the log gives. The exchange ends when everyone
  still in has acted (a lost turn counts) or when the table ends it; the next
  action opens the next one.
* **Shifts** (docs/edgerunner/conflicts.md#rolling-shifts): rating + dice − bid + 2 per invoke − the
  opposing skill (active opposition). An aspect on the board with a free
  invoke left uses it up; any other invoke is paid by the table.
* An action with the same skill, kind and target as the actor's previous one
  must be a **Continue** (docs/edgerunner/conflicts.md#continue).
* **Resist** (docs/edgerunner/conflicts.md#resist) is part of the action it answers: the target
  takes stress (one shift per point, a hit of that size on a track it
  chooses), consequences (their value) or invokes (2 each). Against an attack
  (docs/edgerunner/conflicts.md#attack) the target's consequences and invokes reduce the hit itself
  (docs/edgerunner/stress.md#soak).

Rulings beyond the rules page (each stated where it applies; see :data:`RULINGS`).

>>> setup = make_setup(
...     borders.ZoneMap(("West end", "Middle", "East end"),
...                     (borders.Border("West end", "Middle", (borders.Way("", 3, 3),)),
...                      borders.Border("Middle", "East end", (borders.Way("", 3, 3),)))),
...     sides=("Crew", "Gang"),
...     actors=(new_actor("Gatto", "Crew", "West end"), new_actor("Hargan", "Gang", "East end")))
>>> b = start(setup)
>>> b, entry = apply(b, Event("move", actor="Gatto", roll=Roll("Athletics", 3, dice=-1), zone=None))
>>> entry.text
'Exchange 1 — Gatto moves: 2 shifts reach no other zone (Middle is 1 short)'
>>> b, entry = apply(b, Event("move", actor="Hargan", roll=Roll("Athletics", 2, dice=1), zone="Middle"))
>>> entry.text, b.closed
('Exchange 1 — Hargan moves East end → Middle (3 of 3 shifts)', True)
"""
from __future__ import annotations

from .. import borders  # noqa: F401  (the doctest above builds a map)
from .actions import (  # noqa: F401
    apply,
    history,
)
from .preview import (  # noqa: F401
    Preview,
    preview,
)
from .setup import (  # noqa: F401
    make_setup,
    new_actor,
    new_thing,
    start,
)
from .values import (  # noqa: F401
    ASPECT_ON,
    KINDS,
    ROLLED,
    RULINGS,
    TABLE,
    THING_TRACK,
    TRACK_WORDS,
    TRACKS,
    TURNS,
    Actor,
    Aspect,
    Board,
    Defense,
    Entry,
    Event,
    Pass,
    Payment,
    Previous,
    Roll,
    Setup,
    Thing,
)

__docformat__ = "google"
