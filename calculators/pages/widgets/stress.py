"""Stress absorption (docs/gauntlet-forge/stress-and-wounds.md#calculator, docs/edgerunner/stress.md#track-calculator): wound boxes, wiki conditions, Edgerunner tracks.

Static content, computed by ``rules_core`` in CPython: for wound boxes the
capacities and severities and what 1…4 stress does to an empty slot in each
edition; for conditions the slot ratings and what 1…5 stress does to empty
slots; for tracks the consequence values and a worked track.

In the browser (``assets/calc/widgets/stress/index.js``) one form holds all three
models; the fence's ``model`` picks the one shown first.

Options: :data:`OPTIONS`.
"""
from __future__ import annotations

from html import escape

from rules_core import boosts, tracks, wounds
from rules_core.api.stress import MAX_STRESS

from . import _html as h
from .base import Option, Widget, check_choice, check_options, result

MODELS = {
    "wounds": "Gauntlet Forge wound boxes",
    "conditions": "Gauntlet Forge conditions (wiki)",
    "track": "Edgerunner stress track",
}
OPTIONS = {
    "model": Option("wounds", "the model shown first: wounds, conditions (the wiki's) or track (Edgerunner)"),
    "edition": Option("2023", 'the wound boxes\' edition shown first: "2023" or "2022"'),
}
THRESHOLD = 2
"""A fresh track's threshold: character creation's base of 2 with a stress skill of 0 (the reader changes it)."""
NOTICE = '<div class="calc-stress__notice" data-out="notice" role="alert" hidden></div>'
"""Where a panel reports saved state it could not use."""
CHOICES = {"surrender": "Surrender", "last_stand": "Enter the Last Stand"}


def _result(name: str, payload: dict) -> dict:
    return result("stress", name, payload)


def _options(options: dict) -> dict:
    opts = check_options("stress", {k: str(v) for k, v in options.items()}, OPTIONS)
    check_choice("stress", "model", opts["model"], MODELS)
    check_choice("stress", "edition", opts["edition"], wounds.EDITIONS,
                 " (the wiki edition is `model: conditions`)")
    return opts


# ---------------------------------------------------------------- empty states (what "reset" goes back to)


# Bounds the page checks a stored track against before drawing it (a damaged value could ask for
# millions of boxes); the same bounds stress.track_hit sets (tests/test_stress_limits.py holds them equal).
LIMITS = {"threshold": 50, "box": MAX_STRESS, "marked": 100}


def empty_states() -> dict:
    """Each model's fresh state, as the rules_core API returns it."""
    w = _result("stress.wounds", {"stress": 0, "type": wounds.SLOTS[0]})
    c = _result("stress.conditions", {"stress": 0})
    t = _result("stress.track_hit", {"track": {"threshold": THRESHOLD}, "shifts": 0})["hit"]["track"]
    return {
        "wounds": {"wounds": w["wounds"], "favor": 0, "in_conflict": True, "last_stand": False},
        "conditions": {"conditions": c["conditions"], "last_stand": False},
        "track": {"current": tracks.TRACKS[0], "tracks": {name: t for name in tracks.TRACKS}},
    }


# ---------------------------------------------------------------- static content


def _ordinal(number: int) -> str:
    return f"box {number}"


def _wounds_static() -> str:
    slot = wounds.SLOTS[0]
    boxes = _result("stress.wounds", {"stress": 0, "type": slot})["boxes"]
    severities = [
        _result("stress.wounds", {"stress": cap, "type": slot, "box": n})["severity"][slot]["name"]
        for n, cap in enumerate(boxes, start=1)
    ]
    capacities = h.table(
        ["Box", "Capacity", "Severity when it is the highest marked"],
        [[i + 1, cap, severity] for i, (cap, severity) in enumerate(zip(boxes, severities))],
        caption="Every slot (physical, mental, social) has these boxes",
        cls="calc__table calc-stress__table",
    )
    def outside_last_stand(s: int, edition: str) -> list[str]:
        base = {"stress": s, "type": slot, "edition": edition}
        hit = _result("stress.wounds", base)
        if hit["outcome"] == "marked":
            return [f"{_ordinal(hit['box'])} (capacity {boxes[hit['box'] - 1]})", hit["severity"][slot]["name"]]
        paid = _result("stress.wounds", {**base, "favor": s})
        broke = _result("stress.wounds", {**base, "favor": s - 1})
        outside = _result("stress.wounds", {**base, "favor": s - 1, "in_conflict": False})
        return [f"no box: {paid['favor_spent']} Favor buys a trait rated {paid['trait']}; "
                f"without it, {broke['outcome']}: retires at once and leaves the conflict "
                f"({outside['outcome']} outside one too)", "unchanged"]

    def in_last_stand(s: int, edition: str) -> str:
        last = _result("stress.wounds", {"stress": s, "type": slot, "last_stand": True, "edition": edition})
        return f"{_ordinal(last['box'])} marked" if last["outcome"] == "marked" else last["outcome"]

    stresses = range(1, 5)
    by_edition = {e: [outside_last_stand(s, e) for s in stresses] for e in wounds.EDITIONS}
    same = all(rows == by_edition[wounds.EDITIONS[0]] for rows in by_edition.values())
    editions = [wounds.EDITIONS[0]] if same else list(wounds.EDITIONS)
    headers = ["Stress"]
    for e in editions:
        label = ", ".join(wounds.EDITIONS) if same else e
        headers += [f"On an empty slot ({label})", f"Severity ({label})"]
    headers += [f"In a Last Stand ({e})" for e in wounds.EDITIONS]
    rows = [
        [s, *[cell for e in editions for cell in by_edition[e][i]], *[in_last_stand(s, e) for e in wounds.EDITIONS]]
        for i, s in enumerate(stresses)
    ]
    empty = h.table(headers, rows, caption="Stress of one type on an empty slot, per edition",
                    cls="calc__table calc__table--stack calc-stress__table")
    return capacities + empty


def _conditions_static() -> str:
    ratings = _result("stress.conditions", {"stress": 0})["ratings"]
    table = h.table(
        ["Slot", *[str(i + 1) for i in range(len(ratings))]],
        [["Rating", *ratings]],
        caption="The six condition slots (any kind of harm)",
        cls="calc__table calc-stress__table",
    )
    rows = []
    for s in range(1, 6):
        r = _result("stress.conditions", {"stress": s})
        took = f"a condition rated {r['rating']} (slot {r['slot']})"
        if r["trait"]:
            took += f" and a trait rated {r['trait']}"
        stand = _result("stress.conditions", {"stress": s, "last_stand": True})["outcome"]
        rows.append([s, took, stand])
    return table + h.table(
        ["Stress", "On empty slots", "In a Last Stand"], rows,
        caption="Stress on empty condition slots", cls="calc__table calc-stress__table",
    )


def _track_static() -> str:
    values = _result("stress.track_hit", {"track": {"threshold": THRESHOLD}, "shifts": 0})["hit"]["track"]["consequences"]
    soak = h.table(
        ["Soak", "Removes"],
        [*[[f"{name} consequence", v] for name, v in values.items()], ["each aspect invoked", boosts.INVOKE_VALUE]],
        caption="What lowers a hit (each consequence slot once)",
        cls="calc__table calc-stress__table",
    )
    example = {"threshold": 3, "marked": [2]}
    rows = [[n, _result("stress.track_hit", {"track": example, "shifts": n})["hit"]["message"]] for n in range(1, 5)]
    worked = h.table(
        ["Shifts", "What happens"], rows,
        caption="A track with threshold 3 and box 2 already marked",
        cls="calc__table calc-stress__table",
    )
    return soak + worked


# ---------------------------------------------------------------- the form


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
        + h.number_field(w, "stress", "Stress", 1, hint="a whole number, 0 or more")
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
        + h.number_field(c, "stress", "Stress", 1, hint="a whole number, 0 or more")
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
        + h.number_field(t, "shifts", "Incoming shifts", 2)
        + h.number_field(t, "invokes_available", "Invokes available", 0)
        + h.number_field(t, "defense_shifts", "Defense shifts", "", hint="blank when not defending; replaces the threshold")
        + h.number_field(t, "range", "Range to the defender", 0)
        + h.number_field(t, "invokes", "Invokes used against this hit", 0)
        + "</fieldset>"
        + _result_area() + _buttons("the track")
        + '<fieldset class="calc__group" data-part="recovery"><legend>Recovery</legend>'
        + h.number_field(r, "shifts", "Recovery shifts", 0)
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


def render(wid: str, options: dict) -> str:
    opts = _options(options)
    statics = {"wounds": _wounds_static(), "conditions": _conditions_static(), "track": _track_static()}
    static = "".join(
        f'<div class="calc-stress__static" data-model="{m}"{"" if m == opts["model"] else " hidden data-search-exclude"}>{html}</div>'
        for m, html in statics.items()
    )
    form = (
        _radios(wid, "model", "Stress model", MODELS, opts["model"], cls="calc-stress__models")
        + _wounds_form(wid, opts["edition"])
        + _conditions_form(wid)
        + _track_form(wid)
    )
    data = {
        **opts,
        "empty": empty_states(),
        "slots": list(wounds.SLOTS),
        "tracks": list(tracks.TRACKS),
        "consequences": list(boosts.CONSEQUENCES),
        "choices": CHOICES,
        "limits": LIMITS,
    }
    return h.widget(wid, "stress", title="Stress absorption", static=static, form=form, options=data)


WIDGET = Widget(
    name="stress", title="Stress absorption", render=render, options=OPTIONS, api="stress",
    bench={"field": '[data-panel="wounds"] input[name="stress"]', "values": ["1", "2", "3", "4", "5"],
           "out": '[data-panel="wounds"] [data-out="answer"]'},
)
