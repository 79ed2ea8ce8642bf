"""Calculators for stress absorption: wound boxes, conditions, Edgerunner tracks.

Rules: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes,
docs/gauntlet-forge/stress-and-wounds.md#conditions-wiki and
docs/edgerunner/stress.md#taking-a-hit.

The calculators are here (``stress.wounds``, ``stress.conditions``,
``stress.track_hit``, ``stress.track_recovery``); their parts, by role, beside
them: :mod:`.read` (the input, checked once), :mod:`.payload` (the result as
plain data) and :mod:`.words` (its sentences)."""
from __future__ import annotations

from ... import conditions, tracks, wounds
from ...boosts import CONSEQUENCES
from ...editions import DEFAULT
from ...errors import RulesError
from .. import fields as f
from .payload import _boxes_payload, _hit_payload, _severity_payload, _track_payload, _wounds_payload
from .read import MAX_STRESS, _defense, _flags, _index, _number, _read_track, _read_wounds
from .words import (
    _condition_message,
    _hit_message,
    _recovery_done,
    _recovery_message,
    _way_to_stay_in,
    _ways_to_apply,
    _wound_message,
)

__all__ = ["CALCULATORS", "MAX_STRESS", "check_state", "condition_slots", "track_hit", "track_recovery", "wound_boxes"]

__docformat__ = "google"


# ---------------------------------------------------------------- Gauntlet Forge wound boxes


def wound_boxes(p: dict) -> dict:
    """Gauntlet Forge (2023, 2022): where does this stress go?

    Input: ``wounds`` ({physical, mental, social}: six true/false each, for
    the boxes 1,1,1,2,2,3; default all empty), ``stress`` (0…99), ``type``
    (physical, mental, social), ``favor`` (0…999, default 0),
    ``in_conflict`` (default true), ``last_stand`` (default false),
    ``edition`` ("2023" default, "2022"), ``box`` (optional box number 1–6:
    mark this empty box instead of the lowest that fits).
    Output: ``outcome`` (none, marked, trait, overwhelmed, retired,
    perishes), ``message``, ``box`` (the box number marked, 1–6, or null),
    ``alternatives`` (the numbers of the other boxes that fit),
    ``absorbed``, ``trait``, ``favor_spent``, ``favor_left``, ``choice``
    (["surrender", "last_stand"] after a trait in a conflict), ``wounds``
    and ``severity`` after, ``boxes`` (the capacities), ``applies``
    (applying it changes the sheet: a box is marked or Favor buys a trait),
    ``notes`` (lines said under the message), ``apply`` (the ways Apply can
    go, empty when it changes nothing: {choice, button, label, log,
    last_stand after}; one per choice after a trait) and ``trait_gained``
    (the trait a player gains by applying it, in words, or null).
    """
    f.only(p, "wounds", "stress", "type", "favor", "in_conflict", "last_stand", "edition", "box")
    w = _read_wounds(p)
    stress = f.integer(p, "stress", "The stress", low=0, high=MAX_STRESS)
    slot = f.choice(p, "type", "The stress type", wounds.SLOTS)
    favor = f.integer(p, "favor", "Favor", low=0, high=999, default=0)
    in_conflict = f.boolean(p, "in_conflict", "In a conflict", default=True)
    last_stand = f.boolean(p, "last_stand", "Last Stand")
    edition = f.choice(p, "edition", "The edition", wounds.EDITIONS, default=DEFAULT)
    box = f.optional_integer(p, "box", "The box", low=1, high=len(wounds.BOXES))
    r = wounds.absorb(w, stress, slot, favor=favor, in_conflict=in_conflict, last_stand=last_stand, edition=edition,
                      box=_index(box))
    message = _wound_message(r, favor, edition)
    applies = r.box is not None or r.favor_spent > 0
    bought = f"Trait rated {r.trait} (bought with {r.favor_spent} Favor)" if r.favor_spent and r.trait else None
    return {
        "outcome": r.outcome,
        "message": message,
        "type": slot,
        "stress": stress,
        "box": _number(r.box),
        "alternatives": [_number(i) for i in r.alternatives],
        "absorbed": r.absorbed,
        "trait": r.trait,
        "favor_spent": r.favor_spent,
        "favor_left": favor - r.favor_spent,
        "choice": list(r.choice),
        "wounds": _wounds_payload(r.wounds),
        "severity": _severity_payload(r.wounds),
        "boxes": list(wounds.BOXES),
        "applies": applies,
        "notes": [f"Favor left after paying: {favor - r.favor_spent}."] if r.favor_spent else [],
        "apply": _ways_to_apply(message, r.choice, last_stand) if applies else [],
        "trait_gained": bought,
    }


# ---------------------------------------------------------------- Gauntlet Forge wiki conditions


def condition_slots(p: dict) -> dict:
    """Gauntlet Forge (wiki): which condition takes this stress?

    Input: ``conditions`` (six true/false for the slots rated 1,1,1,2,2,3;
    default all empty), ``stress`` (0…99), ``last_stand`` (default false),
    ``slot`` (optional slot number 1–6: use this empty slot rather than the
    lowest that fits).
    Output: ``outcome`` (none, condition, overflow, trait, perishes),
    ``message``, ``slot`` (the slot number taken, 1–6, or null), ``rating``
    (the condition's), ``alternatives`` (the numbers of the other slots that fit),
    ``absorbed``, ``trait``, ``choice``, ``conditions`` after, ``ratings``,
    ``applies`` (applying it changes the sheet: a slot is filled or a trait gained),
    ``notes``, ``apply`` and ``trait_gained`` (as :func:`wound_boxes` gives them).
    """
    f.only(p, "conditions", "stress", "last_stand", "slot")
    c = conditions.Conditions(_flags(p.get("conditions"), "conditions", "The condition slots", len(conditions.RATINGS)))
    stress = f.integer(p, "stress", "The stress", low=0, high=MAX_STRESS)
    last_stand = f.boolean(p, "last_stand", "Last Stand")
    slot = f.optional_integer(p, "slot", "The slot", low=1, high=len(conditions.RATINGS))
    r = conditions.absorb(c, stress, last_stand=last_stand, slot=_index(slot))
    message = _condition_message(r)
    applies = r.slot is not None or bool(r.trait)
    return {
        "outcome": r.outcome,
        "message": message,
        "stress": stress,
        "slot": _number(r.slot),
        "rating": r.rating,
        "alternatives": [_number(i) for i in r.alternatives],
        "absorbed": r.absorbed,
        "trait": r.trait,
        "choice": list(r.choice),
        "conditions": list(r.conditions.filled),
        "ratings": list(conditions.RATINGS),
        "applies": applies,
        "notes": [],
        "apply": _ways_to_apply(message, r.choice, last_stand) if applies else [],
        "trait_gained": f"Trait rated {r.trait} (the stress a condition could not take)" if r.trait else None,
    }


# ---------------------------------------------------------------- Edgerunner stress tracks


def track_hit(p: dict) -> dict:
    """Edgerunner: a hit on a stress track, and the cheapest ways to stay in.

    Input: ``track`` ({threshold 0…50, marked: box numbers, consequences:
    value overrides {mild, moderate, severe}, taken: slots already used}),
    ``shifts`` (0…99), ``consequences`` (slots taken against this hit),
    ``invokes`` (used against it, 0…20), ``invokes_available`` (for the
    options, default 0), ``defense_shifts`` (optional: the shifts of a
    defense action, which replace the threshold) and ``range`` (subtracted
    from the defense shifts).
    Output: ``hit`` (stress left, box marked, roll-up, taken out, message,
    track after) and ``options``: the cheapest ways to avoid being taken out,
    each {consequences, invokes, hit}; empty when none exists. For the sheet:
    ``boxes`` (every box to show, up to the threshold in force, the track's own
    and the highest mark: {box, marked, above (the threshold in force, so a hit
    can't mark it), target (the box this hit marks)}), ``open`` (the
    consequence slots still free: each slot is taken once), ``applies``
    (applying the hit changes the track: a box is marked or a consequence taken),
    ``notes`` (lines said under the hit's message: a defense's threshold) and
    ``offered`` (the ways to stay in a sheet offers: the options that take a
    consequence or an invoke, each {consequences, invokes, text, chosen: the one this hit's
    ``consequences`` and ``invokes`` take}).
    """
    f.only(p, "track", "shifts", "consequences", "invokes", "invokes_available", "defense_shifts", "range")
    track = _read_track(p)
    shifts = f.integer(p, "shifts", "The number of shifts", low=0, high=MAX_STRESS)
    chosen = f.sequence(p, "consequences", "The consequences", default=[], max_length=3)
    for name in chosen:
        f.name_in(name, CONSEQUENCES, "A consequence", field="consequences")
    invokes = f.integer(p, "invokes", "The invokes", low=0, high=20, default=0)
    available = f.integer(p, "invokes_available", "The invokes available", low=0, high=20, default=0)
    if p.get("invokes_available") is not None and invokes > available:
        raise RulesError(f"Only {available} invoke{'' if available == 1 else 's'} {'is' if available == 1 else 'are'} "
                         f"available, so {invokes} can't be used.", field="invokes", code="too_large")
    defense = _defense(p)
    result = tracks.hit(track, shifts, consequences=chosen, invokes=invokes, defense=defense)
    options = tracks.absorb_options(track, shifts, invokes=available, defense=defense)
    return {
        "hit": _hit_payload(result),
        "threshold": result.threshold,
        "boxes": _boxes_payload(track, result),
        "open": [name for name in CONSEQUENCES if name in track.free_consequences()],
        "applies": result.box is not None or bool(result.consequences),
        "notes": [] if result.threshold == track.threshold else [
            f"The defense sets the threshold to {result.threshold} for this hit (the track's own is {track.threshold})."
        ],
        "offered": [
            {"consequences": list(c.consequences), "invokes": c.invokes,
             "text": _way_to_stay_in(c.consequences, c.invokes, _hit_message(h)),
             "chosen": set(c.consequences) == set(chosen) and c.invokes == invokes}
            for c, h in options if c.consequences or c.invokes
        ],
        "options": [
            {"consequences": list(c.consequences), "invokes": c.invokes, "hit": _hit_payload(h)} for c, h in options
        ],
        "options_message": (
            "Nothing available keeps the character in: they are taken out unless they concede."
            if not options else
            "No reduction needed." if not options[0][0].consequences and not options[0][0].invokes else
            f"{len(options)} way{'s' if len(options) > 1 else ''} to stay in, cheapest first."
        ),
    }


def track_recovery(p: dict) -> dict:
    """Edgerunner: clearing boxes with a recovery roll (box k costs k shifts).

    Input: ``track``, ``shifts`` (0…99), ``chosen`` (optional box numbers).
    Output: ``clearable`` (marked boxes the roll can pay for on its own),
    ``suggested`` (most boxes, ties: the larger total), ``chosen``, ``cost``,
    ``left`` (shifts left over), ``track`` after clearing the chosen set (or the
    suggested one), ``message`` (what the chosen set costs) and ``done`` (the
    words for the log once it is cleared; null when nothing is chosen).
    """
    f.only(p, "track", "shifts", "chosen")
    track = _read_track(p)
    shifts = f.integer(p, "shifts", "The number of shifts", low=0, high=MAX_STRESS)
    raw = p.get("chosen")
    chosen = None
    if raw is not None:
        chosen = [f.check_integer(b, "A box", field=f"chosen[{i}]", low=1, high=MAX_STRESS)
                  for i, b in enumerate(f.sequence(p, "chosen", "The chosen boxes", max_length=100))]
    r = tracks.recovery(track, shifts, chosen)
    return {
        "shifts": shifts,
        "clearable": list(r.clearable),
        "suggested": list(r.suggested),
        "chosen": list(r.chosen),
        "cost": r.chosen_cost,
        "left": shifts - r.chosen_cost,
        "track": _track_payload(r.track),
        "message": _recovery_message(r),
        "done": _recovery_done(r),
    }


# ---------------------------------------------------------------- a kept state


def check_state(p: dict) -> dict:
    """A character's state of one model, as a stress panel keeps it, read by that model's calculator.

    Input: ``model`` (wounds, conditions or track) and ``state``: {wounds, favor, in_conflict,
    last_stand} read by :func:`wound_boxes`, {conditions, last_stand} by :func:`condition_slots`, or
    {current (the track shown), tracks: {name: track}} each track by :func:`track_hit`; nothing is absorbed.
    Output: ``state``, the same with the boxes, the Favor and the tracks as the rules read them. An error
    names its field in ``state`` (``state.favor``, ``state.tracks.cool.threshold``), a track's message its name.
    """
    f.only(p, "model", "state")
    model = f.choice(p, "model", "The model", ("wounds", "conditions", "track"))
    state = f.mapping(p, "state", "The state")
    with f.within("state"):
        if model == "wounds":
            r = wound_boxes({**_picked(state, "wounds", "favor", "in_conflict", "last_stand"), "stress": 0, "type": wounds.SLOTS[0]})
            return {"state": {**state, "wounds": r["wounds"], "favor": r["favor_left"]}}
        if model == "conditions":
            r = condition_slots({**_picked(state, "conditions", "last_stand"), "stress": 0})
            return {"state": {**state, "conditions": r["conditions"]}}
        f.name_in(state.get("current"), tracks.TRACKS, "The track shown", field="current")
        read = {}
        for name, track in f.mapping(state, "tracks", "The tracks").items():
            with f.within("tracks"):
                f.name_in(name, tracks.TRACKS, "A track", field=name)
                f.mapping(state["tracks"], name, f"The {name} track")
            try:
                hit = track_hit({"track": _picked(track, "threshold", "marked", "consequences", "taken"), "shifts": 0})
            except RulesError as err:
                field = f"tracks.{name}{err.field[len('track'):]}" if err.field else f"tracks.{name}"
                raise RulesError(f"The {name} track: {err.message[0].lower()}{err.message[1:]}", field=field, code=err.code) from None
            read[name] = hit["hit"]["track"]
    return {"state": {**state, "tracks": read}}


def _picked(raw: dict, *keys: str) -> dict:
    return {key: raw[key] for key in keys if key in raw}


CALCULATORS = {
    "stress.check": check_state,
    "stress.wounds": wound_boxes,
    "stress.conditions": condition_slots,
    "stress.track_hit": track_hit,
    "stress.track_recovery": track_recovery,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
