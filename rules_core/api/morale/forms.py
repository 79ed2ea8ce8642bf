"""What the morale tracker asks for in each edition: the setup's fields and each event's.

Rules: docs/gauntlet-forge/editions.md#morale (which events each edition has).
"""
from __future__ import annotations

from ... import morale
from ...editions import DEFAULT
from .. import fields as f


def _field(name: str, label: str, type_: str, **extra) -> dict:
    return {"name": name, "label": label, "type": type_, **extra}


def _event_forms(edition: str) -> list[dict]:
    """The events of ``edition`` in button order, each with the fields a player fills."""
    wiki, e2022 = edition == "wiki", edition == "2022"
    scored = "successes" if wiki else "effort"
    margin = _field("margin", "Margin of effort", "count")
    attack = [
        _field("defender", "Defender", "opponent"),
        _field("effort", f"Attacker's {scored}", "count"),
        _field("defender_effort", f"Defender's {scored}", "count"),
    ]
    if e2022:
        attack += [
            _field("disposed", "The defender defended with the attribute the attacker's attribute is disposed against "
                               "(e.g. attack with Vigor, defended with Reason)", "flag"),
            _field("reduce", "The defense reduces only", "choice", when="disposed", choices=[
                ["stress", "the stress (the team loses the attacker's full effort)"],
                ["morale", "the morale damage (the defender takes the full effort as stress)"],
            ]),
        ]
    elif wiki:
        attack.append(_field("disposed", "The defender had to defend perfectly against the attacker's Disposition "
                                         "(the team loses all the attacker's successes)", "flag"))
    leave = [_field("new_captain", "New captain", "teammate", when="captain")]
    overwhelmed = list(leave)
    if wiki:
        leave.append(_field("successes", "Surrendered on their own turn: successes of the test", "count",
                            optional=True, hint="leave empty when they left any other way"))
    events = [
        {"kind": "success", "label": "Success", "by": "member", "fields": [margin] if e2022 else []},
        {"kind": "failure", "label": "Failure", "by": "member", "fields": [margin] if e2022 else []},
        {"kind": "attack", "label": "Attack", "by": "member", "fields": attack},
        {"kind": "advantage", "label": "Vigor advantage", "by": "member",
         "fields": [_field("margin", {"2023": "Margin of effort", "2022": "Effort of the Vigor positioning",
                                      "wiki": "Successes of the Vigor benefit"}[edition], "count")],
         # tests move morale in 2023 and 2022: the advantage's own test is a second entry
         **({} if wiki else {"note": "This only adds the margin: log the test's Success or Failure as well."})},
        {"kind": "leave", "label": "Surrender or leave", "by": "member", "fields": leave},
        {"kind": "overwhelmed", "label": "Overwhelmed (retires)", "by": "member", "fields": overwhelmed},
        {"kind": "last_stand", "label": "Enter Last Stand", "by": "member", "fields": []},
        {"kind": "perish", "label": "Perish", "by": "member", "fields": []},
        {"kind": "end_turn", "label": "End turn", "by": "team", "fields": [
            _field("helpers", "Teammates helping the captain", "count", when="keep_morale_due", optional=True,
                   hint="each adds 1 to the difficulty"),
            _field("effort", "Captain's effort on the keep-morale test", "count", when="keep_morale_due",
                   hint="the captain tests a skill other than the conflict's relevant skill"),
        ]},
        {"kind": "concede", "label": "Nobody enters a Last Stand", "by": "team", "fields": []},
        {"kind": "adjust", "label": "Correct morale", "by": "team", "fields": [
            _field("amount", "Change to morale", "integer", hint="a whole number, e.g. 2 or -1"),
            _field("note", "Why", "text", optional=True),
        ]},
    ]
    return [e for e in events if not (wiki and e["kind"] in ("success", "failure", "overwhelmed"))]


def form(p: dict) -> dict:
    """What the tracker asks for in an edition: the setup's fields and each event's.

    Every state (``morale.replay``, ``morale.apply``) carries it as ``form``;
    the page also renders it at build time for the setup, before the engine
    runs.

    Input: ``edition`` ("2023" default, "2022", "wiki").
    Output: ``edition``; ``team`` and ``member`` (the setup's fields, in
    order); ``events`` ([{kind, label, by ("member" or "team"), fields}], in
    button order; kinds the edition lacks are left out: the wiki has no plain
    tests). A field is {name, label, type, …}: ``type`` is ``text``,
    ``count`` (a whole number, 0 or more), ``integer`` (may be negative),
    ``flag``, ``choice`` (with ``choices``: [[value, words]]), ``member``
    (one of the team's members), ``opponent`` (someone in play on another
    team) or ``teammate`` (someone still in play on the same team); it may
    carry ``optional``, ``hint`` and ``when``: shown only when the one acting
    is their team's ``captain``, when the team's ``keep_morale_due``, when
    the form's ``disposed`` flag is set, or (a setup field) for a member of a
    ``defending`` team (not the first, which initiated the conflict).
    """
    f.only(p, "edition")
    edition = f.choice(p, "edition", "The edition", morale.EDITIONS, default=DEFAULT)
    wiki = edition == "wiki"
    team = [
        _field("name", "Team", "text"),
        _field("goal", "Goal", "text", optional=True),
        _field("captain", "Captain", "member"),
    ]
    member = [_field("name", "Name", "text")]
    if wiki:
        team.append(_field("approach", "Captain's Approach rating", "count", hint="the base of the team's morale"))
        member += [
            _field("successes", "Positioning successes", "count", optional=True),
            _field("perfect_defense", "Their Approach would have to defend perfectly against the initiating "
                                      "captain's Disposition", "flag", when="defending"),
            _field("vigor", "Vigor benefit (their successes count twice)", "flag"),
            _field("intuition", "Intuition benefit (their successes add to the captain's for turn order)", "flag"),
        ]
    return {"edition": edition, "team": team, "member": member, "events": _event_forms(edition)}
