"""The map diagram's geometry: where boxes, border lines and pass values go.

Rules: docs/edgerunner/conflicts.md#borders (zones joined by borders, a pass
value per way and direction). Nothing here is a rule: the zones' grid cells
come from :func:`rules_core.borders.layout`; this module turns them into
boxes, straight or curved lines and labels, in the diagram's units, for the
``borders.diagram`` calculator (:func:`draw`).

* :data:`BOX_W`, :data:`BOX_H`, the fonts and line heights — the sizes.
* :func:`draw` — the whole diagram of a map; ``_describe`` — the same in one sentence.
* ``_wrap`` — a zone name cut to fit its box; ``_arrow`` — which way a value goes.
"""
from __future__ import annotations

import math

from ... import borders

__docformat__ = "google"

BOX_W, BOX_H = 148, 60
"""A zone's box, in the diagram's units (about pixels at full size)."""


NAME_FONT, LABEL_FONT = 14, 12


NAME_LINE, LABEL_LINE = 17, 15


CHAR = 0.6
"""A character's width as a share of the font size (a generous estimate for a sans-serif face)."""


ARROWS = "→↘↓↙←↖↑↗"


def _wrap(name: str, size: int = NAME_FONT, width: int = BOX_W - 12, lines: int = 2) -> list[str]:
    """A zone name cut into at most ``lines`` lines that fit the box (… when it doesn't)."""
    room = max(4, int(width / (CHAR * size)))
    out: list[str] = []
    words = name.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and len(line) + 1 + len(words[0]) <= room:
            line += " " + words.pop(0)
        out.append(line)
    if words or any(len(line) > room for line in out):
        out = [line if len(line) <= room else line[: room - 1] + "…" for line in out]
        if words:
            out[-1] = (out[-1] if len(out[-1]) < room else out[-1][: room - 1]) + "…"
    return out


def _label_width(text: str) -> float:
    return len(text) * CHAR * LABEL_FONT + 8


def _arrow(dx: float, dy: float) -> str:
    return ARROWS[round(math.atan2(dy, dx) / (math.pi / 4)) % 8]


def draw(m: borders.ZoneMap) -> dict:
    """The diagram of a checked map (the ``borders.diagram`` calculator's result, see its docstring)."""
    cells = borders.layout(m)
    labels: list[list[tuple[str, borders.Way]]] = []
    span_cols = [0.0]
    span_rows = [0.0]
    for b in m.borders:
        (ca, ra), (cb, rb) = cells[b.a], cells[b.b]
        ab, ba = _arrow(cb - ca, rb - ra), _arrow(ca - cb, ra - rb)
        texts = []
        for w in b.ways:
            value = str(w.forward) if w.forward == w.backward else f"{ab} {w.forward} · {ba} {w.backward}"
            text = f"{w.name} {value}" if w.name else value
            texts.append((text + ("" if w.enabled else " (off)"), w))
        labels.append(texts)
        widest = max(_label_width(t) for t, _ in texts)
        if ca != cb:
            span_cols.append(widest)
        elif ra != rb:
            span_rows.append(len(texts) * LABEL_LINE)
    col_gap = min(260, max(56, max(span_cols) + 16))
    row_gap = max(36, max(span_rows) + 12)
    boxes = {}
    zones = []
    for z in m.zones:
        col, row = cells[z]
        x, y = col * (BOX_W + col_gap), row * (BOX_H + row_gap)
        boxes[z] = (x, y)
        name = _wrap(z)
        top = y + (BOX_H - 14 - len(name) * NAME_LINE) / 2 + NAME_FONT - 2
        zones.append({
            "zone": z, "cell": [col, row], "x": round(x), "y": round(y), "w": BOX_W, "h": BOX_H,
            "lines": [{"text": t, "x": round(x + BOX_W / 2), "y": round(top + i * NAME_LINE)} for i, t in enumerate(name)],
            "status": {"x": round(x + BOX_W / 2), "y": round(y + BOX_H - 8)},
        })
    xs = [x for x, _ in boxes.values()] + [x + BOX_W for x, _ in boxes.values()]
    ys = [y for _, y in boxes.values()] + [y + BOX_H for _, y in boxes.values()]

    at_cell = {tuple(cells[z]): z for z in m.zones}

    def inside_other(px, py, ends):
        # Boxes sit in grid cells with gaps wider than the 4-unit margin: only
        # the box of the cell under the point can hold it.
        z = at_cell.get((math.floor((px + 4) / (BOX_W + col_gap)), math.floor((py + 4) / (BOX_H + row_gap))))
        if z is None or z in ends:
            return False
        bx, by = boxes[z]
        return bx - 4 <= px <= bx + BOX_W + 4 and by - 4 <= py <= by + BOX_H + 4

    lines = []
    for b, texts in zip(m.borders, labels):
        (xa, ya), (xb, yb) = boxes[b.a], boxes[b.b]
        x1, y1, x2, y2 = xa + BOX_W / 2, ya + BOX_H / 2, xb + BOX_W / 2, yb + BOX_H / 2
        dx, dy = x2 - x1, y2 - y1
        if any(inside_other(x1 + dx * t / 20, y1 + dy * t / 20, (b.a, b.b)) for t in range(1, 20)):
            length = math.hypot(dx, dy)
            bend = (BOX_W if abs(dy) > abs(dx) else BOX_H) + 24
            cx, cy = (x1 + x2) / 2 + dy / length * bend, (y1 + y2) / 2 - dx / length * bend
            path = f"M{round(x1)} {round(y1)} Q{round(cx)} {round(cy)} {round(x2)} {round(y2)}"
            mx, my = (x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4
        else:
            path = f"M{round(x1)} {round(y1)} L{round(x2)} {round(y2)}"
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out = []
        first = my - (len(texts) - 1) * LABEL_LINE / 2 + LABEL_FONT / 3
        for i, (text, w) in enumerate(texts):
            lx, ly = mx, first + i * LABEL_LINE
            half = _label_width(text) / 2
            xs += [lx - half, lx + half]
            ys += [ly - LABEL_FONT, ly + 4]
            out.append({"text": text, "way": w.name, "on": w.enabled, "x": round(lx), "y": round(ly)})
        xs += [mx]
        ys += [my]
        lines.append({"between": [b.a, b.b], "path": path, "labels": out})
    pad = 6
    left, top = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    width, height = math.ceil(max(xs)) + pad - left, math.ceil(max(ys)) + pad - top
    return {"width": width, "height": height, "view_box": [left, top, width, height], "zones": zones, "borders": lines,
            "step": [round(BOX_W + col_gap), round(BOX_H + row_gap)], "description": _describe(zones, lines)}


def _describe(zones: list[dict], lines: list[dict]) -> str:
    """The diagram in one sentence for a screen reader (the SVG's ``<desc>``): its zones, and its borders
    with their labels as drawn (a way switched off says so)."""
    names = ", ".join(z["zone"] for z in zones) or "none"
    joins = "; ".join(
        f"{b['between'][0]} – {b['between'][1]}: "
        + ", ".join(label["text"] + ("" if label["on"] else " (switched off)") for label in b["labels"])
        for b in lines
    ) or "none"
    return f"Zones: {names}. Borders: {joins}."
