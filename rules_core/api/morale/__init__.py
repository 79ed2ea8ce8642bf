"""Calculators for the morale tracker (docs/gauntlet-forge/conflicts.md#morale).

A conflict travels as plain data: ``setup`` and the list of ``events``. The
tracker keeps both (in the page's storage) and asks for the state, which is
always derived by replaying the log. The state also says which events each
member and team can log now (``actions``, tried against the core) and what
the tracker asks for in the edition (``form``), so the page holds no rules.

One tap costs one event, not the whole log: ``morale.replay`` keeps the
replayed log under a ``token`` (the protocol of :mod:`rules_core.api._logs`),
and ``morale.apply`` with ``{token, length, event}`` answers only what changed.

The parts, by role: :mod:`.read` (plain data in, checked once),
:mod:`.payload` (the state out), :mod:`.words` (its sentences),
:mod:`.forms` (the fields each edition asks for), :mod:`.typed` (the setup as typed).
"""
from __future__ import annotations

from ... import morale
from ...errors import RulesError
from .. import fields as f
from .._logs import STALE, Logs
from . import draft as drafts
from . import sheet as sheets
from . import typed
from .forms import form
from .payload import log_entry, state_payload, state_view, stress_dealt
from .read import (
    MAX_EVENTS,
    MAX_MEMBERS,
    MAX_TEAMS,
    check_setup,
    event_payload,
    events_of,
    read_event,
    read_setup,
    setup_of,
)
from .words import announcement, opening

__all__ = [
    "CALCULATORS",
    "MAX_EVENTS",
    "MAX_MEMBERS",
    "MAX_TEAMS",
    "STALE",
    "announcement",
    "apply",
    "check_setup",
    "draft",
    "form",
    "keep_morale",
    "read_event",
    "read_setup",
    "replay",
    "sheet",
    "state_payload",
    "state_view",
]

LOGS = Logs()
"""The replayed conflicts this engine keeps, by token (see :mod:`rules_core.api._logs`)."""


def replay(p: dict) -> dict:
    """The conflict after its whole log.

    Errors: in the setup, ``field`` is its path (``"teams[0].name"``); in an
    event, ``field`` is the event's own field (``"effort"``) and the error's
    ``event`` is the event's index in ``events``.

    Input: ``setup`` ({edition "2023"|"2022"|"wiki", teams: [{name, goal,
    captain, approach (wiki), members: [names, or {name, successes,
    perfect_defense, vigor, intuition} in the wiki]}]}), ``events`` (the log:
    [{kind, …}], see :mod:`rules_core.morale`).
    Output: ``edition``, ``round``, ``turn`` (team whose turn it is),
    ``turn_order``, ``over``, ``winner`` (only once decided: never while a
    team whose morale broke may still enter a Last Stand),
    ``announcement`` (the sentence above the teams: the outcome, or what the
    team whose morale just broke may do; ``None`` otherwise), ``teams``
    ([{name, goal, captain, morale, broken_morale, keep_morale {due,
    difficulty, per_helper}, broken, status (playing, deciding, broken,
    lost, won), status_text, badge (the standing in a word or two), actions,
    members [{name, status (active, left, retired, last_stand, perished,
    survived), status_text (in words; "" when active), captain, in_play, acted (took
    an action this round: a test, an attack, an advantage), actions}]}]), ``survivors``, ``form`` (what the tracker asks for in this
    edition: see :func:`form`) and ``log`` (newest first: {index, kind, text,
    morale, stress_dealt}; ``stress_dealt`` is {member, amount} for an attack:
    the stress its defender takes, 0 when held off; ``None`` for other
    events). An attack event is {kind "attack", member (the attacker),
    defender, effort (the attacker's), defender_effort, disposed, reduce}. ``actions`` lists the event kinds the core accepts now from that
    member (``success`` … ``perish``) or team (``end_turn``, ``concede``,
    ``adjust``). Then ``token`` and ``length`` (how many events it holds):
    send them to ``morale.apply`` so that the next tap replays nothing.
    ``opening``: a conflict with no events yet in words (``preview``: every
    team's starting morale and the turn order; ``started``: what Start says),
    else ``None``.
    """
    f.only(p, "setup", "events")
    setup = setup_of(p)
    steps = morale.history(setup, events_of(p))
    out = state_payload(setup, steps)
    out["token"] = LOGS.keep((setup, *_sizes(p)), steps)
    out["length"] = len(steps)
    return out


def apply(p: dict) -> dict:
    """Check one new event against the conflict so far, and return what it changed.

    Input, one of two:

    * ``token``, ``length``, ``event`` (a tap): the conflict ``morale.replay``
      kept under ``token``, cut to its first ``length`` events (undo on the
      page is a shorter length), then the new event. Output: the state as
      ``morale.replay`` gives it **without** ``form`` and ``log`` (the page
      has both), and ``entry`` (the new log entry, as in ``log``), ``event``
      (the new event, cleaned), ``stress_dealt`` (the new event's), ``token``
      (the same) and ``length`` (one more). Without ``event``: the state at
      ``length``, ``entry`` ``None`` (an undo) and ``opening`` (as
      ``morale.replay`` gives it). A token or length the engine no longer
      holds (a restarted worker, a conflict forgotten to make room) is
      refused with the code ``stale``: send the log to ``morale.replay``
      again.
    * ``setup``, ``events`` (the log so far), ``event`` (the whole log each
      time, as saved links and older pages send it). Output: as
      ``morale.replay`` for the log plus the event (without ``token``), and
      ``event`` and ``stress_dealt`` as above.

    An error in an event (as in ``morale.replay``) names the event's own
    field (``"effort"``, ``"member"`` …) and gives the event's index as the
    error's ``event``: the log's length for the new one, so the page shows it
    beside the field of the form being filled, and an earlier one's elsewhere.
    """
    if "token" in p:
        return _tap(p)
    f.only(p, "setup", "events", "event")
    setup = setup_of(p)
    events = events_of(p)
    steps = morale.history(setup, events)
    event, step = _next(steps[-1].state if steps else morale.start(setup), p.get("event"), len(events))
    _room(*_sizes(p), event_payload(event))
    steps.append(step)
    out = state_payload(setup, steps)
    out["event"] = event_payload(event)
    out["stress_dealt"] = stress_dealt(setup.edition, event)
    return out


def _next(state: morale.Conflict, raw, index: int) -> tuple[morale.Event, morale.Step]:
    """The new event read and applied; its errors name its place (after the log)."""
    try:
        event = read_event(raw)
        new_state, text = morale.apply(state, event)
    except RulesError as err:
        raise RulesError(err.message, field=err.field or "kind", code=err.code, event=index) from None
    return event, morale.Step(event, text, new_state)


def _sizes(p: dict) -> tuple[int, list[int]]:
    """The characters of ``{"setup": …, "events": []}`` as a page sends it, and with each event of the log."""
    base = len('{"setup":,"events":[]}') + f.json_chars(p.get("setup"))
    sizes, total = [], base
    for i, raw in enumerate(p.get("events") or []):
        total += f.json_chars(raw) + (1 if i else 0)
        sizes.append(total)
    return base, sizes


def _room(base: int, sizes: list, cleaned: dict) -> int:
    """The log's characters with one more event as the page keeps it (``cleaned``); refused when the log has
    no room for it (:data:`MAX_EVENTS`, :data:`rules_core.api.fields.MAX_KEPT_CHARS`): a reload would refuse
    the log, so the tap does, and nothing is kept."""
    index = len(sizes)
    if index >= MAX_EVENTS:
        raise RulesError(f"The log is full: a conflict holds at most {MAX_EVENTS:,} events. Nothing was logged; "
                         "end this conflict and start the next.", field="kind", code="too_large", event=index)
    now = sizes[-1] if sizes else base
    total = now + f.json_chars(cleaned) + (1 if sizes else 0)
    if total > f.MAX_KEPT_CHARS:
        raise RulesError(f"The log is full: a conflict and its log take at most {f.MAX_KEPT_CHARS:,} characters, "
                         f"and this one already takes {now:,}. Nothing was logged; shorten the note, or end this "
                         "conflict and start the next.", field="note" if cleaned.get("note") else "kind",
                         code="too_large", event=index)
    return total


def _tap(p: dict) -> dict:
    f.only(p, "token", "length", "event")
    (setup, base, sizes), steps = LOGS.steps(p.get("token"), p.get("length"))
    del sizes[len(steps):]
    if p.get("event") is None:
        state = steps[-1].state if steps else morale.start(setup)
        return {**state_view(state), "entry": None, "token": p["token"], "length": len(steps),
                "opening": None if steps else opening(state)}
    event, step = _next(steps[-1].state if steps else morale.start(setup), p.get("event"), len(steps))
    sizes.append(_room(base, sizes, event_payload(event)))
    steps.append(step)
    out = state_view(step.state)
    out["opening"] = None  # an event is logged: the conflict has begun
    out["entry"] = log_entry(len(steps) - 1, step, setup.edition)
    out["event"] = event_payload(event)
    out["stress_dealt"] = stress_dealt(setup.edition, event)
    out["token"] = p["token"]
    out["length"] = len(steps)
    return out


def keep_morale(p: dict) -> dict:
    """The keep-morale test before the roll.

    Input: ``setup``, ``events``, ``team``, ``helpers`` (teammates testing
    with the captain, default 0).
    Output: ``due`` (the team has BROKEN MORALE), ``rating``, ``difficulty``.
    """
    f.only(p, "setup", "events", "team", "helpers")
    setup = setup_of(p)
    state = morale.replay(setup, events_of(p))
    team = state.team(f.text(p, "team", "The team"))
    helpers = f.integer(p, "helpers", "The number of helpers", low=0, high=MAX_MEMBERS, default=0)
    return {"due": team.keep_morale_due, "rating": team.broken_morale,
            "difficulty": team.keep_morale_difficulty(helpers)}


def sheet(p: dict) -> dict:
    """Everything the tracker's event sheet shows for the event being composed (:mod:`.sheet`).

    Input: ``token`` and ``length`` (or ``setup`` and ``events``, replayed for this answer only), and
    ``action``: the draft, whatever has been tapped or typed so far (:mod:`.draft`; ``{"kind": null}``
    before a kind is chosen).
    Output: ``round``, ``turn``, ``over``; ``who`` (the members who may act now, the team whose turn it
    is first, each tagged ``turn`` or ``other``, ``acted`` this round, ``last_stand``; its ``value`` is
    the one chosen: the draft's, or the first of the team whose turn it is still to act); ``kinds``
    (what the chosen member and the teams may log now: {kind, label, who, by, at_once, event}: ``at_once``
    when it asks nothing more, and then ``event``, what one tap logs); ``due`` (a decision the rules ask for first, {text, choices}: a team
    whose morale broke enters a Last Stand or loses; or the result once the conflict is over); ``kind``,
    ``title``, ``note``; ``fields`` (each thing the event asks, in order, with its legal choices and
    the value read: tapped, typed, or the hits of dice rolled in the sheet); ``outcome`` ({entry: the
    log line it would write, ends: what it decides}); ``missing`` and ``errors`` ([{field, message}]);
    ``log`` ({label: the button's own words, ready, hint}); ``action`` (the draft as read) and
    ``event`` (what ``morale.apply`` takes, or ``null`` until it is ready).

    Example: Wolves (Ada, Bo) against Crows (Cy, Di), nothing logged, ``{"kind": "attack"}`` → Ada
    acts (the first of Wolves), ``missing`` the defender and both efforts, ``log.label`` "Log attack".
    """
    f.only(p, "token", "length", "setup", "events", "action")
    if p.get("setup") is not None:
        setup = setup_of(p)
        steps = morale.history(setup, events_of(p))
    else:
        (setup, _base, _sizes), steps = LOGS.steps(p.get("token"), p.get("length"))
    state = steps[-1].state if steps else morale.start(setup)
    return sheets.answer(state, drafts.read(p.get("action") or {"kind": None}))


def draft(p: dict) -> dict:
    """The event being composed, its shape checked as a page keeps it (``morale:action``).

    Input: ``action``, the draft (:mod:`.draft`).
    Output: ``action``, the draft as read (numbers as text, empty values gone), or an error naming the
    damaged key (``action.disposed``): the page sets such a draft aside and never uses it.
    """
    f.only(p, "action")
    return {"action": drafts.read(p.get("action"))}


def setup(p: dict) -> dict:
    """The setup as the player typed it (:mod:`.typed`), read into what ``morale.replay`` takes.

    Input: ``draft``, the setup view's draft (every value as typed, the captain by place).
    Output: ``setup``, with only the fields the edition asks for (nothing checked: ``morale.replay``
    names the field of anything wrong).

    Example: the wiki, a first team's member typed with successes "3" → ``successes`` 3, and no
    ``perfect_defense`` (asked only of a defending team).
    """
    f.only(p, "draft")
    return {"setup": typed.setup(f.mapping(p, "draft", "The setup"))}


CALCULATORS = {
    "morale.replay": replay,
    "morale.apply": apply,
    "morale.sheet": sheet,
    "morale.draft": draft,
    "morale.keep_morale": keep_morale,
    "morale.form": form,
    "morale.setup": setup,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
