"""Calculators for the Edgerunner conflict board (docs/edgerunner/conflicts.md#exchanges).

The board is a log of events (:mod:`rules_core.board`); these calls follow the
token protocol of :mod:`rules_core.api._logs`: ``board.replay`` reads a whole
log once and hands back a token (``log``) and a ``length``; each tap then
sends only ``{log, length, event}``. A token or length the engine no longer
holds is refused with code ``stale`` (field ``log``): send the whole log
again through ``board.replay``.

**Setup** (plain data, the page keeps it)::

    {"map": {"name": "Warehouse", "zones": ["West end", "Middle", "East end"],
             "borders": [{"between": ["West end", "Middle"], "pass": 3},
                         {"between": ["Middle", "East end"], "pass": 3}]},
     "sides": ["Crew", "Hargan's gang"],
     "actors": [{"name": "Gatto", "side": "Crew", "zone": "West end",
                 "tracks": {"cool": 2, "humanity": 3, "reputation": {"threshold": 2, "marked": [1]}},
                 "consequences": {"severe": 5}}],       # optional value overrides
     "things": [{"name": "Loading door lock", "threshold": 3, "zone": "East end"}],  # zone optional
     "aspects": [{"name": "Cluttered aisles", "on": "zone", "target": "Middle", "free_invokes": 1}]}

``on`` is ``zone``, ``border`` (target ``[zone, zone]``), ``actor`` or ``thing``.
A track is a threshold or ``{threshold, marked}``; thresholds default to 2.

**Events** (``kind`` and the fields it uses)::

    roll fields (every rolled action): actor, skill (name), rating, faces ("+0--", "⊞⊡⊟⊟", [1,0,-1,-1])
        or dice (the typed total −4…4), bid (≥ 0, default 0), invokes (aspect names, +2 each),
        opposition (the opposing skill, active opposition only; default 0)
    {"kind": "move", <roll>, "zone": "Middle"}            # zone omitted (or the actor's own): stays put
    {"kind": "move_another", <roll>, "target": "Daemon", "zone": "Node 5", "resist": <resist>}
    {"kind": "attack", <roll>, "target": "Gatto", "track": "cool",
     "resist": {"consequences": ["mild"], "invokes": ["Tough as nails"]}}
    {"kind": "defense", <roll>, "target": "Jade", "track": "cool"}
    {"kind": "maneuver", <roll>, "aspect": "Smoke everywhere", "on": "zone", "target": "Middle", "resist": <resist>}
    {"kind": "recovery", <roll>, "target": "Jade", "track": "cool", "boxes": [1, 2]}   # boxes omitted: the suggested set
    {"kind": "continue", "actor": "Gatto", "invokes": [...], + the previous action's own fields
        (zone / resist / aspect, on, target / boxes)}
    {"kind": "simple", "actor": "Jade", "note": "opens the door"}
    {"kind": "compel", "actor": "Gatto", "aspect": "Hot-headed", "accepted": true}   # accepted: loses the turn
    {"kind": "taken_out", "target": "Gatto"}          # the table rules someone (or a thing) out
    {"kind": "concession", "side": "Crew", "story": "they run, leaving the data"}
    {"kind": "end_exchange"}
    {"kind": "end", "note": "the alarm ends it"}      # the table ends the conflict
    <resist> = {"stress": {"track": "cool", "amount": 2}, "consequences": ["mild"], "invokes": ["…"]}
    (a move may carry "boost": {"stress": {...}, "consequences": [...]}: stress and consequences
     taken to add shifts to the move.)

**State** (``state`` in every answer; compact, without the map)::

    {"exchange": 2, "closed": false,          # closed: everyone in has acted, the next action opens exchange 3
     "to_act": ["Hargan"], "acted": ["Gatto", "Jade"],
     "over": false, "ended": null,            # "taken_out" | "concession" | "table"
     "winner": null, "conceded": null, "story": null,
     "sides": [{"name": "Crew", "in": ["Gatto", "Jade"], "out": []}],
     "actors": [{"name": "Gatto", "side": "Crew", "zone": "Middle", "out": false, "acted": true,
                 "tracks": {"cool": {"threshold": 2, "base": 2, "defense": null, "marked": [1]}, ...},
                 "consequences": [{"name": "mild", "value": 1, "taken": false}, ...],
                 "previous": {"kind": "move", "skill": "Athletics", "target": null, "shifts": 3}}],
     "things": [{"name": "Loading door lock", "zone": "East end", "out": false,
                 "track": {"threshold": 3, "base": 3, "defense": null, "marked": []}}],
     "aspects": [{"name": "Cluttered aisles", "on": "zone", "target": "Middle", "free_invokes": 1}]}

``defense`` on a track is ``{"by": "Jade", "threshold": 3}`` while a defense holds
(``threshold`` then shows it; ``base`` is the setup's).

**Log entry**::

    {"index": 3, "exchange": 2, "kind": "move", "actor": "Gatto", "target": null,
     "shifts": 3, "text": "Exchange 2 — Gatto moves West end → Middle (3 of 3 shifts)"}

**Calls**::

    board.replay  {setup, events}          → {log, length, map: {data, layout: {zone: [col, row]}},
                                              state, entries: [entry, … oldest first]}
    board.apply   {log, length, event}     → {log, length, entry, state}      (length is the new one)
    board.at      {log, length}            → {log, length, state, entry}      (undo: a shorter length;
                                              entry is the last one kept, or null; redo = apply again)
    board.preview {log, length, event}     → what the event's form needs before it is chosen:
        {"kind", "actor", "shifts" (null until the roll is given), "must_continue": bool,
         "previous": {kind, skill, target, shifts} | null,
         "reach":   [{zone, cost, shortfall, reachable, route: [zones], cover: [{consequences, invokes}]}]
                    (move, move_another: from the mover's zone; shortfall null when no route),
         "range":   borders from the actor to the target (or null),
         "absorb":  {track, threshold, options: [{consequences, invokes, hit}], taken_out_anyway: bool} (attack),
         "defense_threshold": n (defense), "free_invokes": n (maneuver),
         "recovery": {clearable, suggested} (recovery)}
        (the event may be incomplete: only ``kind`` and ``actor`` are required.)
    board.example {name: "warehouse crew"} → {name, setup}

Errors: a setup's error names its place (``actors[1].name``); an event's error names the
event's own field (``zone``, ``faces``, ``resist.stress.amount``) and gives its index as ``event``
(in ``board.apply``, ``event`` is the length before it: the new event's place).
"""
from __future__ import annotations

CALCULATORS: dict = {}
"""Filled by :mod:`.read` once the engine lands (name → handler)."""
