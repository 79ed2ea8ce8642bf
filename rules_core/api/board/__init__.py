"""Calculators for the Edgerunner conflict board (docs/edgerunner/conflicts.md#exchanges).

The board is a log of events (:mod:`rules_core.board`); these calls follow the
token protocol of :mod:`rules_core.api._logs`: ``board.replay`` reads a whole
log once and hands back a token (``token``) and a ``length``; each tap then
sends only ``{token, length, event}``. A token or length the engine no longer
holds is refused with code ``stale`` (field ``token``): send the whole log
again through ``board.replay``.

**Setup** (plain data, the page keeps it)::

    {"map": {"name": "Warehouse", "zones": ["West end", "Middle", "East end"],
             "borders": [{"between": ["West end", "Middle"], "pass": 3},
                         {"between": ["Middle", "East end"], "pass": 3}]},
     "sides": ["Crew", "Hargan's gang"],
     "actors": [{"name": "Gatto", "side": "Crew", "zone": "West end",
                 "tracks": {"cool": 2, "humanity": 3, "reputation": {"threshold": 2, "marked": [1]}},
                 "consequences": {"severe": 5}}],       # optional value overrides
     "things": [{"name": "Loading door lock", "threshold": 3, "zone": "East end",   # zone optional
                 "border": ["Middle", "East end"]}],                              # optional: a border it stands for
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
    {"kind": "redefine_border", "actor": "Hargan", "thing": "Loading door lock", "pass": 1}
        # the one whose action beat a thing standing for a border sets its pass value (0…999)
    <resist> = {"stress": {"track": "cool", "amount": 2}, "consequences": ["mild"], "invokes": ["…"],
                "names": {"mild": "Cracked ribs"}}   # names: only consequences taken in this resist
    An attack's target may be an aspect on the board with stress boxes (its track is then ignored;
    it takes no resist).
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
                 "consequences": [{"name": "mild", "value": 1, "taken": false, "label": null}, ...],
                 "previous": {"kind": "move", "skill": "Athletics", "target": null, "track": null, "shifts": 3}}],
     "things": [{"name": "Loading door lock", "zone": "East end", "out": false,
                 "track": {"threshold": 3, "base": 3, "defense": null, "marked": []},
                 "border": ["Middle", "East end"], "beaten_by": null}],
     "aspects": [{"name": "Cluttered aisles", "on": "zone", "target": "Middle", "free_invokes": 1,
                  "boxes": {"threshold": 1, "marked": []}}],          # boxes null: placed with 0 free invokes
     "passes": [{"between": ["Middle", "East end"], "pass": 1, "by": "Hargan"}]}   # borders redefined

``defense`` on a track is ``{"by": "Jade", "threshold": 3}`` while a defense holds
(``threshold`` then shows it; ``base`` is the setup's).

**Log entry**::

    {"index": 3, "exchange": 2, "kind": "move", "actor": "Gatto", "target": null,
     "shifts": 3, "text": "Exchange 2 — Gatto moves West end → Middle (3 of 3 shifts)"}

**Calls**::

    board.replay  {setup, events}          → {token, length, map: {data, layout: {zone: [col, row]}},
                                              state, entries: [entry, … oldest first]}
    board.apply   {token, length, event}     → {token, length, entry, state}      (length is the new one)
    board.at      {token, length[, event]}   → {token, length, state, entry[, preview]}  (undo: a shorter
                                              length; entry is the last one kept, or null; redo = apply
                                              again; with the undone event, its preview as below, or null)
    board.preview {token, length, event}     → what the event's form needs before it is chosen
                  (or {setup, events, event}: replayed for this answer, nothing kept):
        {"kind", "actor", "shifts" (null until the roll is given), "must_continue": bool,
         "previous": {kind, skill, target, track, shifts} | null,
         "reach":   [{zone, cost, shortfall, reachable, route: [zones], cover: [{consequences, invokes}]}]
                    (move, move_another: from the mover's zone; shortfall null when no route),
         "range":   borders from the actor to the target (or null),
         "absorb":  {track, threshold, options: [{consequences, invokes, hit}], taken_out_anyway: bool} (attack;
                    against an aspect: track "aspect", one option with no consequences or invokes),
         "defense_threshold": n (defense), "free_invokes": n (maneuver),
         "recovery": {clearable, suggested} (recovery)}
        (the event may be incomplete: only ``kind`` and ``actor`` are required.)
    board.example {name: "warehouse crew"} → {name, setup, names, rulings}
    board.setup   {draft}                  → {setup, places, problem}   (the setup view's draft as typed: :mod:`.typed`)

Errors: a setup's error names its place (``actors[1].name``); an event's error names the
event's own field (``zone``, ``faces``, ``resist.stress.amount``) and gives its index as ``event``
(in ``board.apply``, ``event`` is the length before it: the new event's place).
"""
from __future__ import annotations

from ... import board as core
from ...errors import RulesError
from .. import fields as f
from .._logs import Logs
from . import draft as drafts
from . import payload, read, typed
from . import sheet as sheets
from .examples import EXAMPLES
from .limits import MAX_EVENTS

LOGS = Logs()
"""The replayed conflicts this engine holds, by token (:mod:`rules_core.api._logs`)."""


def _kept(p: dict):
    """The kept setup, its steps ``(board, entry, characters of the log so far)`` and the board; the setup's
    characters (its log's, with no event) first."""
    (setup, base), steps = LOGS.steps(p.get("token"), p.get("length"))
    return setup, base, steps, (steps[-1][0] if steps else core.start(setup))


def _sized(base: int, steps: list, events_raw: list) -> list:
    """Each step with the characters of ``{"setup": …, "events": [… up to it]}`` as a page sends it."""
    out, total = [], base
    for i, ((board, entry), raw) in enumerate(zip(steps, events_raw)):
        total += f.json_chars(raw) + (1 if i else 0)
        out.append((board, entry, total))
    return out


FULL = (f"The log is full: a conflict holds at most {MAX_EVENTS:,} events. Nothing was logged; end this conflict "
        "and start the next.")
"""What every kind says once the log holds :data:`MAX_EVENTS` events (board.apply refuses the next)."""


def _room(base: int, steps: list, raw) -> int:
    """The log's characters with one more event; refused when the log has no room for it (its count or its
    size, :data:`rules_core.api.fields.MAX_KEPT_CHARS`): a reload would refuse the log."""
    if len(steps) >= MAX_EVENTS:
        raise RulesError(FULL, field="kind", code="too_large")
    now = steps[-1][2] if steps else base
    total = now + f.json_chars(raw) + (1 if steps else 0)
    if total > f.MAX_KEPT_CHARS:
        noted = isinstance(raw, dict) and any(raw.get(k) for k in ("note", "story"))
        raise RulesError(f"The log is full: a conflict and its log take at most {f.MAX_KEPT_CHARS:,} characters, "
                         f"and this one already takes {now:,}. Nothing was logged; "
                         f"{'shorten the note, or ' if noted else ''}end this conflict and start the next.",
                         field=("story" if raw.get("story") else "note") if noted else "kind", code="too_large")
    return total


def _answer(token: str, steps: list, board: core.Board) -> dict:
    return {"token": token, "length": len(steps), "state": payload.state(board)}


def replay(p: dict) -> dict:
    """The conflict after its whole log, and a token to continue it tap by tap.

    Input: ``setup`` (map, sides, actors, things, aspects: see the module),
    ``events`` (the log, oldest first; at most 5000).
    Output: ``token``, ``length`` (events held), ``map`` ({data,
    layout}: the map as data and each zone's grid cell), ``state`` and
    ``entries`` (every log entry, oldest first: {index, exchange, kind, actor,
    target, shifts, range, text}). An event the rules refuse: the error names
    its field, and ``event`` is its index in the log (from 0) while the message
    counts as a reader does ("Event 2: …" is ``event`` 1).

    Example: ``{"setup": {...warehouse crew...}, "events": [{"kind": "move", "actor": "Gatto",
    "skill": "Athletics", "rating": 3, "faces": "+0--"}]}`` → ``entries[0].text`` "Exchange 1 —
    Gatto moves: 2 shifts reach no other zone (Middle is 1 short)".
    """
    f.only(p, "setup", "events")
    if p.get("setup") is None:
        raise RulesError("The conflict's setup is missing.", field="setup", code="required")
    setup = read.setup(p["setup"])
    events = read.events(p)
    base = len('{"setup":,"events":[]}') + f.json_chars(p["setup"])
    steps = _sized(base, core.history(setup, events), p.get("events") or [])
    token = LOGS.keep((setup, base), steps)
    board = steps[-1][0] if steps else core.start(setup)
    return {**_answer(token, steps, board), "map": payload.zone_map(setup.map),
            "entries": [payload.entry(e, i) for i, (_, e, _) in enumerate(steps)]}


def apply(p: dict) -> dict:
    """One new event on a kept conflict: only what changed.

    Input: ``token`` (the token from ``board.replay``), ``length`` (the events
    the page holds before this one: undo is a shorter length), ``event``.
    Output: ``token``, ``length`` (one more), ``entry`` (the new log entry, with
    its story line) and ``state`` (the whole state, compact: no map, no log).
    A token or length the engine does not hold: error code ``stale`` (replay
    the log). A bad event: its own field, ``event`` = its index.

    Example: ``{"token": "9f…", "length": 0, "event": {"kind": "move", "actor": "Hargan",
    "skill": "Athletics", "rating": 2, "dice": 1, "zone": "Middle"}}`` → ``entry.text``
    "Exchange 1 — Hargan moves East end → Middle (3 of 3 shifts)".
    """
    f.only(p, "token", "length", "event")
    _, base, steps, board = _kept(p)
    try:
        event = read.event(p.get("event"))
        chars = _room(base, steps, p.get("event"))
        board, entry = core.apply(board, event)
    except RulesError as err:
        raise RulesError(err.message, field=err.field or "kind", code=err.code, event=len(steps)) from None
    steps.append((board, entry, chars))
    return {**_answer(p["token"], steps, board), "entry": payload.entry(entry, len(steps) - 1)}


def at(p: dict) -> dict:
    """The kept conflict cut to ``length`` events (undo; redo is ``board.apply`` with the event again).

    Input: ``token``, ``length``, and optionally ``event``: the action the undo took back, which the
    page puts back in its sheet to mend (one call, where a second would ask ``board.sheet``).
    Output: ``token``, ``length``, ``state``, ``entry`` (the last entry kept, or ``None``); with
    ``event``, also ``sheet``: ``board.sheet``'s answer for the event as a draft on the cut conflict
    (its ``action`` is the draft), and ``preview``: ``board.preview``'s answer for it, or ``None``
    when the rules refuse it there.
    """
    f.only(p, "token", "length", "event")
    _, _, steps, board = _kept(p)
    out = {**_answer(p["token"], steps, board),
           "entry": payload.entry(steps[-1][1], len(steps) - 1) if steps else None}
    if p.get("event") is not None:
        try:
            out["preview"] = payload.preview(core.preview(board, read.event(p["event"], partial=True)))
        except RulesError:
            out["preview"] = None
        try:
            action = drafts.from_event(p["event"]) if isinstance(p["event"], dict) else None
        except RulesError:
            action = None
        out["sheet"] = sheets.answer(board, action) if action else None
    return out


def preview(p: dict) -> dict:
    """What an action's form needs before choosing, on the kept conflict.

    Input: ``token``, ``length``, ``event``: the action as far as it is filled in
    (``kind`` and ``actor`` required; the roll, target and track when known).
    Instead of ``token`` and ``length``, ``setup`` and ``events`` may be given:
    the log is then replayed for this answer only (nothing is kept).
    Output: ``kind``, ``actor``, ``shifts`` (``None`` until the roll is given),
    ``must_continue`` (same skill, kind and target as the previous action),
    ``previous``, ``range``, ``reach`` (move, move another: every zone with
    cost, shortfall, reachable, route, cover), ``track``, ``threshold``,
    ``absorb`` (attack: {track, threshold, options [{consequences, invokes,
    hit}], taken_out_anyway}), ``defense_threshold``, ``free_invokes``
    (maneuver), ``recovery`` (recovery: {track, marked, clearable, suggested}).
    Without a roll, ``reach`` gives each zone's cost (its shortfall is then the whole cost).

    Example: ``{"token": "9f…", "length": 0, "event": {"kind": "move", "actor": "Gatto",
    "rating": 3, "faces": "+0--"}}`` → ``reach`` West end 0, Middle short 1, East end short 4.
    """
    f.only(p, "token", "length", "setup", "events", "event")
    if p.get("setup") is not None:   # no token: the log is replayed for this answer only (not kept)
        steps = core.history(read.setup(p["setup"]), read.events(p))
        board = steps[-1][0] if steps else core.start(read.setup(p["setup"]))
    else:
        _, _, steps, board = _kept(p)
    try:
        event = read.event(p.get("event"), partial=True)
        return payload.preview(core.preview(board, event))
    except RulesError as err:
        raise RulesError(err.message, field=err.field or "kind", code=err.code, event=len(steps)) from None


def sheet(p: dict) -> dict:
    """Everything the action sheet shows for the action being composed (:mod:`.sheet`).

    Input: ``token`` and ``length`` (or ``setup`` and ``events``, replayed for this answer only), and
    ``action``: the draft, whatever has been tapped so far (:mod:`.draft`; ``{"kind": null}`` before a kind).
    Output: ``kind``, ``title``, ``kinds`` (each kind, open or why not), ``fields`` (each part of the sheet
    with its legal choices and the value the sheet reads: the draft's, or the one the rules leave no choice
    about), ``folds``, ``outcome`` ({shifts, line, entry: the log line it would write, out: who it takes
    out, over}), ``missing`` and ``errors`` ([{field, message}]), ``log`` ({label: Log it's own words, ready,
    hint}), ``action`` (the draft as read, its choices made) and ``event`` (what ``board.apply`` takes, or
    ``null`` until it is ready).

    Example: the warehouse crew, ``{"kind": "attack"}`` → the actor Gatto (the first to act), his Shoot 2
    first, ``missing`` the target and the dice, ``log.label`` "Log it".
    """
    f.only(p, "token", "length", "setup", "events", "action")
    board, length = _board(p)
    full = FULL if length >= MAX_EVENTS else None
    return sheets.answer(board, drafts.read(p.get("action") or {"kind": None}), full=full)


def draft(p: dict) -> dict:
    """The action being composed, its shape checked as a page keeps it (``board:action``).

    Input: ``action``, the draft (:mod:`.draft`).
    Output: ``action``, the draft as read (numbers as text, empty values gone), or an error naming the
    damaged key (``action.invokes``): the page sets such a draft aside, with a download, and never uses it.

    Example: ``{"action": {"kind": "attack", "rating": 2}}`` → ``{"action": {"kind": "attack", "rating": "2"}}``.
    """
    f.only(p, "action")
    return {"action": drafts.read(p.get("action"))}


def _board(p: dict) -> tuple[core.Board, int]:
    """The board of a payload and its log's length: the kept conflict's (token, length), or a setup and log
    replayed for one answer."""
    if p.get("setup") is not None:
        steps = core.history(read.setup(p["setup"]), read.events(p))
        return (steps[-1][0] if steps else core.start(read.setup(p["setup"]))), len(steps)
    _, _, steps, board = _kept(p)
    return board, len(steps)


def example(p: dict) -> dict:
    """A ready setup.

    Input: ``name``: "warehouse crew" (the warehouse map, two sides, four
    actors and a lock), "nephrite and the daemon" or "hargan and gatto" (the
    worked examples).
    Output: ``name``, ``setup`` (plain data for ``board.replay``), ``names``
    (every example's name), ``rulings`` (every ruling the board adds beyond
    the rules page, one sentence each: :data:`rules_core.board.RULINGS`).
    """
    f.only(p, "name")
    which = f.choice(p, "name", "The example", EXAMPLES, default="warehouse crew")
    return {"name": which, "setup": EXAMPLES[which](), "names": list(EXAMPLES), "rulings": list(core.RULINGS)}


def setup(p: dict) -> dict:
    """The setup as the referee typed it (:mod:`.typed`), read into what ``board.replay`` takes.

    Input: ``draft``, the setup view's draft (every value as typed).
    Output: ``setup``, ``places`` ([value, words]: where an aspect can be placed, each zone, border, actor
    and thing named) and ``problem``: ``None``, or ``{field, message}``, what ``board.replay`` would refuse
    in the setup, its field the draft's own (``actors.1.cool``; a part not drawn: its list, else "").

    Example: an actor typed with skills "Shoot 2, Athletics 3" and cool "2" → ``skills`` {"Shoot": 2,
    "Athletics": 3}, ``tracks.cool`` 2.
    """
    f.only(p, "draft")
    draft = f.mapping(p, "draft", "The setup")
    setup_ = typed.setup(draft)
    return {"setup": setup_, "places": typed.places(draft), "problem": typed.problem(draft, setup_)}


CALCULATORS = {
    "board.replay": replay,
    "board.apply": apply,
    "board.at": at,
    "board.preview": preview,
    "board.sheet": sheet,
    "board.draft": draft,
    "board.example": example,
    "board.setup": setup,
}
"""This package's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
