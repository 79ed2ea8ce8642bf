"""What the build writes (Python) and what the browser builds (JavaScript) are the same markup.

A field drawn at build time (``calculators/pages/widgets/_html.py``) and one built in
the page (``draw.js``'s ``fieldHtml``, lit-html's template rendered) must read the same to a screen reader and take
the rules' messages the same way; a map drawn at build time
(``widgets/borders.py``) and in the page (``maps/svg.js``) must look the
same. Chromium parses the Python markup and both trees are compared after
normalising what a reader cannot see: attribute order, whitespace, number
formatting (``12`` and ``12.0``), the ``xmlns`` the HTML parser leaves as an
attribute and the comments lit-html marks its parts with.
"""
import pytest

from calculators.pages import maps
from calculators.pages.widgets import _html as h
from calculators.pages.widgets import borders
from rules_core.api import call
from tests.browser.support import glue_as_written

# Runs in the page: import the modules, build the JavaScript side, parse the Python side,
# normalise both into plain trees.
COMPARE = """async ([glue, module, python, calls]) => {
  const built = await import(glue + module);
  const { render } = await import(glue + "vendor/lit-html/lit-html.js");
  const drawn = (out) => {  // a template (fieldHtml's) is rendered as the widgets render it
    if (out instanceof Node) return out;
    const box = document.createDocumentFragment();
    render(out, box);
    return box.firstElementChild;
  };
  const norm = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data.replace(/\\s+/g, " ").trim();
    const value = (v) => (/^-?\\d+(\\.\\d+)?$/.test(v) ? String(Number(v)) : v.replace(/\\s+/g, " ").trim());
    return {
      tag: node.localName,
      attrs: Object.fromEntries([...node.attributes].filter((a) => a.name !== "xmlns")
        .map((a) => [a.name, value(a.value)]).sort(([a], [b]) => (a < b ? -1 : 1))),
      kids: [...node.childNodes].filter((k) => k.nodeType !== Node.COMMENT_NODE).map(norm).filter((k) => k !== ""),
    };
  };
  const parse = (html) => {
    const t = document.createElement("template");
    t.innerHTML = html;
    return norm(t.content.firstElementChild);
  };
  return python.map((html, i) => {
    const [fn, ...args] = calls[i];
    return { python: parse(html), js: norm(drawn(built[fn](...args))) };
  });
}"""


def lines(tree, depth=0) -> list[str]:
    """A normalised tree as indented lines (a failure shows which element or attribute differs)."""
    if isinstance(tree, str):
        return ["  " * depth + repr(tree)]
    attrs = " ".join(f"{k}={v!r}" for k, v in tree["attrs"].items())
    return ["  " * depth + f"<{tree['tag']} {attrs}>"] + [line for kid in tree["kids"] for line in lines(kid, depth + 1)]


def compare(page, server, module, cases):
    """cases: [(python markup, [JS function, its arguments…])] → [(python tree, JS tree)]."""
    out = page.evaluate(COMPARE, [glue_as_written(server), module, [c[0] for c in cases], [c[1] for c in cases]])
    return [(lines(o["python"]), lines(o["js"])) for o in out]


@pytest.fixture(scope="module")
def blank(shared_page, server):
    shared_page.goto(server.url)
    return shared_page


FIELDS = {
    "number with a hint": (
        h.number_field("w", "skill", "Skill", 3, hint="for the roll & the odds"),
        {"id": "w-skill", "field": "skill", "label": "Skill", "kind": "number", "value": 3, "hint": "for the roll & the odds"}),
    "wide number, no hint": (
        h.number_field("w", "bid", "Initiative bid", "", wide=True),
        {"id": "w-bid", "field": "bid", "label": "Initiative bid", "kind": "number", "wide": True}),
    "text with a hint": (
        h.text_field("w", "map-name", "Map name", "Warehouse", hint="exported under this name"),
        {"id": "w-map-name", "field": "map-name", "label": "Map name", "value": "Warehouse", "wide": True,
         "hint": "exported under this name"}),
    "checkbox": (
        h.checkbox("w", "open", "Open <door>", True),
        {"id": "w-open", "field": "open", "label": "Open <door>", "kind": "checkbox", "checked": True}),
    "checkbox with a hint": (
        h.checkbox("w", "open", "Open", False, hint="both ways"),
        {"id": "w-open", "field": "open", "label": "Open", "kind": "checkbox", "hint": "both ways"}),
    "select": (
        h.select("w", "die1", "Die 1", borders.FACES, "0"),
        {"id": "w-die1", "field": "die1", "label": "Die 1", "kind": "select", "options": borders.FACES, "value": "0"}),
    "wide select with a hint": (
        h.select("w", "mode", "Shifts", [("roll", "rolled"), ("shifts", "typed")], "shifts", hint="how", wide=True),
        {"id": "w-mode", "field": "mode", "label": "Shifts", "kind": "select", "options": [["roll", "rolled"], ["shifts", "typed"]],
         "value": "shifts", "hint": "how", "wide": True}),
}


def test_a_field_built_in_the_page_is_the_one_the_build_writes(blank, server):
    cases = [(html, ["fieldHtml", spec]) for html, spec in FIELDS.values()]
    results = compare(blank, server, "draw.js", cases)
    for name, (python, js) in zip(FIELDS, results, strict=True):
        assert js == python, name


@pytest.mark.parametrize("example", sorted(maps.load_all()))
def test_a_map_drawn_in_the_page_is_the_one_the_build_draws(blank, server, example):
    data = maps.load_all()[example]
    reply = call("borders.diagram", {"map": data})
    assert reply["ok"], reply
    drawing = reply["result"]
    title = f"Map: {data.get('name', example)}"
    [(python, js)] = compare(blank, server, "maps/svg.js",
                             [(borders.svg(drawing, "w", title), ["draw", drawing, "w-map", title])])
    assert sum(line.strip().startswith("<rect") for line in python) == len(data["zones"])
    assert js == python
