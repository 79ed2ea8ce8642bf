"""The stress widget's static content: tables computed by ``rules_core`` at build time.

Rules: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes (the boxes'
capacities and severities, what 1…4 stress does to an empty slot in each
edition), docs/gauntlet-forge/stress-and-wounds.md#conditions-wiki (the slot
ratings, what 1…5 stress does) and docs/edgerunner/stress.md#taking-a-hit
(what lowers a hit, a worked track). Readable with JavaScript off.
"""
from __future__ import annotations

from rules_core import boosts, wounds

from .. import _html as h
from .options import THRESHOLD, _result


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
