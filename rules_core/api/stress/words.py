"""The stress calculators' sentences: what a player reads under the result.

Rules: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes (a box, a trait
for Favor, overwhelmed, a Last Stand), docs/gauntlet-forge/stress-and-wounds.md#conditions-wiki
(a condition, overflow into a trait) and docs/edgerunner/stress.md#taking-a-hit
(the box marked, rolled up, taken out).
"""
from __future__ import annotations

from ... import conditions, tracks, wounds

__docformat__ = "google"

_BOX_NAMES = ("first", "second", "third", "fourth", "fifth", "sixth")
CHOICES = {"surrender": "Surrender", "last_stand": "Enter the Last Stand"}
"""What a player may do after a trait took the stress in a conflict, as the buttons say it."""


def _wound_message(r: wounds.WoundResult, favor: int, edition: str) -> str:
    s = r.stress
    if r.outcome == "none":
        return "No stress: nothing to absorb."
    if r.outcome == "marked":
        level = wounds.SEVERITIES[r.wounds.severity(r.slot)]
        return (f"The {_BOX_NAMES[r.box]} {r.slot} box (capacity {wounds.BOXES[r.box]}) takes the {s} stress. "
                f"{r.slot.capitalize()} wounds: {level}.")
    if r.outcome == "trait":
        text = f"No empty {r.slot} box can take {s} stress. Spend {s} Favor for a new trait rated {s} that absorbs it."
        if r.choice:
            text += " Then choose: surrender, or enter your Last Stand."
        return text
    if r.outcome == "overwhelmed":
        return (f"No empty {r.slot} box can take {s} stress, and {favor} Favor is not enough for a trait ({s} needed): "
                "the character is overwhelmed: they retire at once and leave the conflict. Their team's morale "
                "drops by 1, or, if they were the captain, by the number of members still in the team.")
    if r.outcome == "retired":
        return (f"No empty {r.slot} box can take {s} stress, and {favor} Favor is not enough for a trait ({s} needed): "
                "outside a conflict, the character retires.")
    if edition == "2022":
        return "In a Last Stand (2022) any stress at all is fatal: the character perishes."
    return f"In a Last Stand no empty {r.slot} box can take {s} stress: the character perishes."


def _condition_message(r: conditions.ConditionResult) -> str:
    s = r.stress
    then = " Then choose: surrender, or enter your Last Stand."
    if r.outcome == "none":
        return "No stress: nothing to absorb."
    if r.outcome == "condition":
        return f"Take a condition rated {r.rating} (slot {r.slot + 1}) for the {s} stress."
    if r.outcome == "overflow":
        return (f"No empty slot is rated {s} or more. The largest empty slot takes a condition rated {r.rating}; "
                f"the other {r.trait} {'becomes' if r.trait == 1 else 'become'} a new (or replaced) trait rated {r.trait}." + then)
    if r.outcome == "trait":
        return f"Every slot is full: a new (or replaced) trait rated {s} takes all {s} stress." + then
    return "In a Last Stand any stress is fatal: the participant perishes."


def _hit_message(r: tracks.HitResult) -> str:
    reduced = []
    if r.consequences:
        reduced.append(" and ".join(f"a {c} consequence" for c in r.consequences))
    if r.invokes:
        reduced.append(f"{r.invokes} invoke{'s' if r.invokes > 1 else ''}")
    how = f" after {', '.join(reduced)}" if reduced else ""
    if r.stress <= 0:
        return f"The hit is reduced to nothing{how}: no box is marked."
    roll = f" (box {r.rolled_up_from} is already marked, so it rolls up)" if r.rolled_up_from else ""
    if r.taken_out:
        return (f"{r.stress} stress{how} would mark box {r.would_mark}{roll}, above the threshold of {r.threshold}: "
                "taken out.")
    return f"{r.stress} stress{how} marks box {r.box}{roll}."


def _boxes(boxes) -> str:
    return f"box{'es' if len(boxes) > 1 else ''} {', '.join(map(str, boxes))}"


def _shifts(n: int) -> str:
    return f"{n} shift{'' if n == 1 else 's'}"


def _recovery_message(r: tracks.Recovery) -> str:
    if not r.chosen:
        return f"Nothing chosen to clear with {_shifts(r.shifts)}."
    return f"Clearing {_boxes(r.chosen)} costs {_shifts(r.chosen_cost)}; {r.shifts - r.chosen_cost} left."


def _recovery_done(r: tracks.Recovery) -> str | None:
    return f"cleared {_boxes(r.chosen)} for {_shifts(r.chosen_cost)}" if r.chosen else None


def _ways_to_apply(message: str, choice: tuple[str, ...], last_stand: bool) -> list[dict]:
    """What Apply can keep: one way, or after a trait in a conflict one per choice (surrender, or enter
    the Last Stand: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes), each with its button, the
    undo step's words, the log's and whether the character is in their Last Stand after it."""
    if not choice:
        return [{"choice": None, "button": "Apply", "label": message, "log": f"Applied: {message}",
                 "last_stand": last_stand}]
    ways = []
    for name in choice:
        label = f"{message} Then: {CHOICES[name]}."
        ways.append({"choice": name, "button": CHOICES[name], "label": label, "log": f"Applied: {label}",
                     "last_stand": last_stand or name == "last_stand"})
    return ways


def _way_to_stay_in(consequences, invokes: int, hit_message: str) -> str:
    """A way to stay in, in words: its consequences and invokes, then what the hit does."""
    bits = [f"{name} consequence" for name in consequences]
    if invokes:
        bits.append(f"{invokes} invoke{'s' if invokes > 1 else ''}")
    return f"{' + '.join(bits)}: {hit_message}"
