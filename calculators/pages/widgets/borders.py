"""Border costs (Edgerunner maps, docs/edgerunner/conflicts.md#border-costs).

Static content, from ``rules_core`` at build time: the map drawn (SVG, from
``borders.diagram``), the map in words (``borders.check``'s ``text``) and the
cheapest cost from the first zone to every zone (``borders.move``).

In the browser (``widgets/borders/``, one store and one view, which draws the
whole form): the same drawing, live; start and destination → the cheapest
route, its cost and range; shifts (typed, or skill + four Fate dice − bid) →
what they reach, the shortfall to every other zone and what would cover it,
and the odds for the destination; editing the map, kept in local storage,
exported and imported as JSON or YAML; the example maps to load.

Options: :data:`OPTIONS`.
"""
from __future__ import annotations

from html import escape

from .. import maps
from . import _html as h
from .base import Option, Widget, WidgetError, check_options, known, result

OPTIONS = {
    "map": Option("warehouse", "the example map shown: a file name in docs/maps/ without .yml"),
    "start": Option(None, "the zone a move starts from (default: the map's first zone)"),
    "destination": Option(None, "the zone a move aims at (default: the map's last zone)"),
}
STORE_KEY = "borders"  # a keeper name (keeping/): the key carries the site's path
FACES = [("+", "⊞ plus (+1)"), ("0", "⊡ blank (0)"), ("-", "⊟ minus (−1)")]
GATTO = {"skill": 3, "faces": "+0--", "bid": 0}
"""The worked example's roll (Athletics 3, ⊞⊡⊟⊟): the form starts with it."""


def _result(name: str, payload: dict) -> dict:
    return result("borders", name, payload, with_field=True)


def svg(drawing: dict, wid: str, title: str) -> str:
    """The diagram as SVG markup (``assets/calc/maps/svg.js`` draws the same from the same data)."""
    x, y, w, hgt = drawing["view_box"]
    parts = [
        f'<svg {h.attrs(class_="bmap", xmlns="http://www.w3.org/2000/svg", viewBox=f"{x} {y} {w} {hgt}", width=w, height=hgt, role="img", aria_labelledby=f"{wid}-map-title", aria_describedby=f"{wid}-map-desc")}>'
        f'<title id="{wid}-map-title">{escape(title)}</title>'
        f'<desc id="{wid}-map-desc">{escape(drawing["description"])}</desc><g class="bmap__borders">'
    ]
    for b in drawing["borders"]:
        parts.append(f'<g {h.attrs(class_="bmap__border", data_a=b["between"][0], data_b=b["between"][1])}>'
                     f'<path d="{escape(b["path"])}"></path>')
        for label in b["labels"]:
            cls = "bmap__label" + ("" if label["on"] else " bmap__label--off")
            parts.append(f'<text {h.attrs(class_=cls, x=label["x"], y=label["y"], data_way=label["way"])}>{escape(label["text"])}</text>')
        parts.append("</g>")
    parts.append('</g><g class="bmap__zones">')
    for z in drawing["zones"]:
        parts.append(f'<g {h.attrs(class_="bmap__zone", data_zone=z["zone"])}><title>{escape(z["zone"])}</title>'
                     f'<rect {h.attrs(x=z["x"], y=z["y"], width=z["w"], height=z["h"], rx=6)}></rect>')
        for line in z["lines"]:
            parts.append(f'<text {h.attrs(class_="bmap__name", x=line["x"], y=line["y"])}>{escape(line["text"])}</text>')
        parts.append(f'<text {h.attrs(class_="bmap__status", x=z["status"]["x"], y=z["status"]["y"])}></text></g>')
    parts.append("</g></svg>")
    return "".join(parts)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _title(data: dict) -> str:
    return data.get("name") or "Your map"


def static(wid: str, data: dict, start: str) -> str:
    """The map drawn, in words, and the cheapest cost from ``start`` to every zone."""
    checked = _result("borders.check", {"map": data})
    drawing = _result("borders.diagram", {"map": data})
    move = _result("borders.move", {"map": data, "start": start, "shifts": 0})
    words = "".join(f"<li>{escape(line)}</li>" for line in checked["text"]) or "<li>No borders.</li>"
    rows = [[z["zone"], "no way through" if z["cost"] is None else z["cost"],
             "not connected" if z["range"] is None else z["range"]] for z in move["zones"]]
    return (
        f'<figure class="bmap-figure" tabindex="0">{svg(drawing, wid + "-static", "Map: " + _title(data))}'
        f'<figcaption>{escape(_title(data))}: {_count(len(checked["zones"]), "zone")} and '
        f'{_count(len(checked["borders"]), "border")} (pass values on the lines; in words below).</figcaption></figure>'
        f'<p class="bmap-words__zones"><strong>Zones:</strong> {escape(", ".join(checked["zones"]))}.</p>'
        f'<ul class="bmap-words">{words}</ul>'
        + h.table(["Zone", "Cheapest cost (shifts)", "Range (borders)"], rows,
                  caption=f"From {start}", cls="calc__table bmap-costs")
    )


class FenceMapError(WidgetError, maps.MapError):
    """A map problem met while rendering a fence: a :class:`WidgetError`, so the build stops."""


def _maps(name: str) -> tuple[dict, dict]:
    """Every example map and the one the fence names; a bad one stops the build."""
    try:
        return maps.load_all(), maps.load_named(name)
    except maps.MapError as err:
        raise FenceMapError(str(err)) from None


def render(wid: str, options: dict) -> str:
    opts = check_options("borders", options, OPTIONS)
    examples, data = _maps(opts["map"])
    zones = _result("borders.check", {"map": data})["zones"]
    start = opts["start"] if opts["start"] is not None else zones[0]
    destination = opts["destination"] if opts["destination"] is not None else zones[-1]
    for key, zone in (("start", start), ("destination", destination)):
        if zone not in zones:
            raise WidgetError(f"borders widget: {key} {zone!r} is not a zone of map {opts['map']!r} ({', '.join(zones)})")
    js_options = {
        "map": opts["map"], "start": start, "destination": destination, "store": STORE_KEY,
        "examples": [{"id": name, "title": _title(m), "map": m} for name, m in examples.items()],
        "faces": FACES, "roll": GATTO,
    }
    return h.widget(
        wid, "borders", title="Border costs",
        static=static(wid, data, start),
        form="",  # the form is drawn in the page (widgets/borders/view.js), from the map the rules accept
        options=js_options, known=known(first_calls(data, start, destination)),
    )


def first_calls(data: dict, start: str, destination: str) -> list[tuple[str, dict]]:
    """What borders/index.js asks first: the map checked and drawn, then the form's route and its roll
    (the worked example's, :data:`GATTO`) on the map as the check gives it back."""
    checked = _result("borders.check", {"map": data})["map"]
    route = {"map": checked, "start": start, "destination": destination}
    return [("borders.check", {"map": data}), ("borders.diagram", {"map": data}),
            ("borders.route", route), ("borders.move", {**route, **GATTO})]


WIDGET = Widget(
    name="borders", title="Border costs", render=render, options=OPTIONS, api="borders",
    # the skill (the form starts on a roll, so typed shifts would change nothing shown)
    bench={"field": 'input[name="skill"]', "values": [str(v) for v in range(0, 9)], "out": '[data-out="reach"]'},
)
