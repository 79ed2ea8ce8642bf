"""The stress widget's form: one panel per model, hidden until the script mounts it.

Rules: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes,
docs/gauntlet-forge/stress-and-wounds.md#conditions-wiki and
docs/edgerunner/stress.md#taking-a-hit (what each panel asks for). The fields
are ``_html``'s, the same markup ``ui.field`` builds in the page; the boxes,
buttons and outputs carry the ``data-`` names
``calculators/browser/widgets/stress/`` reads.
"""
from __future__ import annotations

from html import escape

from rules_core import boosts, tracks, wounds

from .. import _html as h
from .options import MODELS, NOTICE, THRESHOLD, _result

# What the hit and recovery fields start with (the page's first answers are worked out from them: __init__.first_calls).
HIT_STRESS = 1  # wound boxes and conditions
TRACK_HIT = {"shifts": 2, "invokes_available": 0, "defense_shifts": "", "range": 0, "invokes": 0}
RECOVERY_SHIFTS = 0


def _radios(wid: str, name: str, legend: str, choices: dict, value: str, *, cls: str = "") -> str:
    items = "".join(
        f'<label class="calc-stress__choice" for="{wid}-{name}-{key}">'
        f'<input {h.attrs(type="radio", id=f"{wid}-{name}-{key}", name=name, value=key, checked=(key == value))}>'
        f"<span>{escape(text)}</span></label>"
        for key, text in choices.items()
    )
    return (f'<fieldset class="calc-stress__switch {cls}" data-switch="{escape(name)}">'
            f"<legend>{escape(legend)}</legend>{items}</fieldset>")


def _buttons(kind: str) -> str:
    return (
        '<div class="calc__buttons">'
        f'<button type="button" class="calc__primary" data-act="apply" disabled>Apply</button>'
        '<span class="calc-stress__choices" data-out="choices"></span>'
        f'<button type="button" data-act="undo" disabled>Undo</button>'
        f'<button type="button" data-act="redo" disabled>Redo</button>'
        f'<button type="button" data-act="reset">Reset {escape(kind)}</button>'
        "</div>"
        '<p class="calc-stress__log" data-out="log" aria-live="polite"></p>'
    )


def _result_area() -> str:
    return (
        '<output class="calc__result" data-out="answer" aria-live="polite"></output>'
        '<div class="calc-stress__picks" data-out="picks"></div>'
        '<p class="calc__form-error" hidden></p>'
    )


def _wounds_form(wid: str, edition: str) -> str:
    boxes = _result("stress.wounds", {"stress": 0, "type": wounds.SLOTS[0]})["boxes"]
    slots = ""
    for slot in wounds.SLOTS:
        buttons = "".join(
            f'<button type="button" class="calc-stress__box calc-stress__box--{cap}" data-box="{i + 1}" '
            f'aria-pressed="false" aria-label="{slot.capitalize()} box {i + 1}, capacity {cap}">{cap}</button>'
            for i, cap in enumerate(boxes)
        )
        slots += (
            f'<div class="calc-stress__row" data-slot="{slot}">'
            f'<p class="calc-stress__row-name" id="{wid}-w-{slot}">{slot.capitalize()}: '
            f'<span data-out="severity">none</span></p>'
            f'<div class="calc-stress__boxes" role="group" aria-labelledby="{wid}-w-{slot}">{buttons}</div></div>'
        )
    w = f"{wid}-w"
    return (
        f'<fieldset class="calc-stress__panel" data-panel="wounds" hidden><legend>{MODELS["wounds"]}</legend>'
        f'{NOTICE}'
        '<p class="calc__hint">Tap a box to mark or clear it.</p>'
        f'<div class="calc-stress__grid">{slots}</div>'
        '<fieldset class="calc__group" data-part="hit"><legend>The stress</legend>'
        + h.number_field(w, "stress", "Stress", HIT_STRESS, hint="a whole number, 0 or more")
        + h.select(w, "type", "Type", [(s, s.capitalize()) for s in wounds.SLOTS], wounds.SLOTS[0])
        + h.select(w, "edition", "Edition", [(e, e) for e in wounds.EDITIONS], edition)
        + "</fieldset>"
        '<fieldset class="calc__group" data-part="character"><legend>The character</legend>'
        + h.number_field(w, "favor", "Favor available", 0)
        + h.checkbox(w, "in_conflict", "In a conflict", True)
        + h.checkbox(w, "last_stand", "In their Last Stand")
        + "</fieldset>"
        + _result_area() + _buttons("the boxes")
        + "</fieldset>"
    )


def _conditions_form(wid: str) -> str:
    ratings = _result("stress.conditions", {"stress": 0})["ratings"]
    buttons = "".join(
        f'<button type="button" class="calc-stress__box calc-stress__box--{r}" data-box="{i + 1}" '
        f'aria-pressed="false" aria-label="Slot {i + 1}, rating {r}">{r}</button>'
        for i, r in enumerate(ratings)
    )
    c = f"{wid}-c"
    return (
        f'<fieldset class="calc-stress__panel" data-panel="conditions" hidden><legend>{MODELS["conditions"]}</legend>'
        f'{NOTICE}'
        '<p class="calc__hint">Tap a slot to fill or clear it.</p>'
        f'<div class="calc-stress__row"><p class="calc-stress__row-name" id="{c}-slots">Condition slots</p>'
        f'<div class="calc-stress__boxes" role="group" aria-labelledby="{c}-slots">{buttons}</div></div>'
        '<fieldset class="calc__group" data-part="hit"><legend>The stress</legend>'
        + h.number_field(c, "stress", "Stress", HIT_STRESS, hint="a whole number, 0 or more")
        + "</fieldset>"
        '<fieldset class="calc__group" data-part="character"><legend>The participant</legend>'
        + h.checkbox(c, "last_stand", "In their Last Stand")
        + "</fieldset>"
        + _result_area() + _buttons("the slots")
        + "</fieldset>"
    )


def _track_form(wid: str) -> str:
    t = f"{wid}-t"
    r = f"{wid}-r"
    names = list(boosts.CONSEQUENCES)
    states = [("free", "Free"), ("use", "Against this hit"), ("taken", "Taken already")]
    slots = "".join(
        '<div class="calc-stress__consequence">'
        + h.select(t, f"consequence-{n}", f"{n.capitalize()} consequence", states, "free")
        # "value" on screen, beside the slot's name; the whole name for a screen reader
        + h.number_field(t, f"value-{n}", f"{n.capitalize()} consequence value", boosts.CONSEQUENCES[n]).replace(
            f">{n.capitalize()} consequence value</label>",
            f'><span class="calc__sr">{n.capitalize()} consequence </span>value</label>', 1)
        + "</div>"
        for n in names
    )
    return (
        f'<fieldset class="calc-stress__panel" data-panel="track" hidden><legend>{MODELS["track"]}</legend>'
        + NOTICE
        + _radios(t, "track", "Track", {n: n.capitalize() for n in tracks.TRACKS}, tracks.TRACKS[0])
        + '<fieldset class="calc__group" data-part="character"><legend>The track</legend>'
        + h.number_field(t, "threshold", "Threshold", THRESHOLD, hint="the highest box a hit may mark")
        + f'<div class="calc-stress__row calc__field--wide"><p class="calc-stress__row-name" id="{t}-boxes">'
          'Stress boxes (tap to mark or clear)</p>'
          f'<div class="calc-stress__boxes calc-stress__boxes--track" role="group" aria-labelledby="{t}-boxes" '
          'data-out="boxes"></div></div>'
        + '<div class="calc__field calc__field--wide calc-stress__consequences" data-field="consequences">'
          '<p class="calc__hint">Consequences: each slot is taken once; one taken against this hit absorbs its value.</p>'
        + slots
        + f'<p class="calc__error" id="{t}-consequences-error" hidden></p></div>'
        + "</fieldset>"
        '<fieldset class="calc__group" data-part="hit"><legend>The hit</legend>'
        + h.number_field(t, "shifts", "Incoming shifts", TRACK_HIT["shifts"])
        + h.number_field(t, "invokes_available", "Invokes available", TRACK_HIT["invokes_available"])
        + h.number_field(t, "defense_shifts", "Defense shifts", TRACK_HIT["defense_shifts"],
                         hint="blank when not defending; replaces the threshold")
        + h.number_field(t, "range", "Range to the defender", TRACK_HIT["range"])
        + h.number_field(t, "invokes", "Invokes used against this hit", TRACK_HIT["invokes"])
        + "</fieldset>"
        + _result_area() + _buttons("the track")
        + '<fieldset class="calc__group" data-part="recovery"><legend>Recovery</legend>'
        + h.number_field(r, "shifts", "Recovery shifts", RECOVERY_SHIFTS)
        + '<div class="calc__field calc__field--wide" data-field="chosen">'
          f'<p class="calc-stress__row-name" id="{r}-chosen">Boxes to clear (tap to choose)</p>'
          f'<div class="calc-stress__boxes calc-stress__boxes--track" role="group" aria-labelledby="{r}-chosen" '
          'data-out="chosen"></div>'
          f'<p class="calc__error" id="{r}-chosen-error" hidden></p></div>'
        + '<output class="calc__result" data-out="recovery" aria-live="polite"></output>'
        + '<div class="calc__buttons">'
          '<button type="button" data-act="suggested">Use the suggested set</button>'
          '<button type="button" class="calc__primary" data-act="recover" disabled>Clear these boxes</button></div>'
        + "</fieldset>"
        + "</fieldset>"
    )

