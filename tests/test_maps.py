"""The example maps (docs/maps/*.yml) and their loader, calculators.pages.maps: safe YAML,
checked by rules_core, every problem named with its file and line."""
from __future__ import annotations

import subprocess
import sys

import markdown
import pytest

from calculators import ROOT
from calculators.pages import fence, maps
from rules_core.api import call

WAREHOUSE = {"name": "Warehouse", "zones": ["West end", "Middle", "East end"],
             "borders": [{"between": ["West end", "Middle"], "pass": 3}, {"between": ["Middle", "East end"], "pass": 3}]}


def test_the_three_example_maps_load():
    loaded = maps.load_all()
    assert sorted(loaded) == ["house", "slope", "warehouse"]
    assert loaded["warehouse"] == WAREHOUSE


def test_warehouse_costs_6_end_to_end_and_gattos_2_shifts_reach_nothing():
    data = maps.load_named("warehouse")
    assert call("borders.route", {"map": data, "start": "West end", "destination": "East end"})["result"]["cost"] == 6
    move = call("borders.move", {"map": data, "start": "West end", "skill": 3, "faces": "⊞⊡⊟⊟"})["result"]
    assert move["shifts"] == 2 and move["reachable"] == []
    assert [z["shortfall"] for z in move["zones"]] == [0, 1, 4]


def test_house_door_and_wall_ways():
    data = maps.load_named("house")
    (border,) = data["borders"]
    assert [(w["name"], w["pass"]) for w in border["ways"]] == [
        ("open door", 1), ("open or close the door", 3), ("break the door", 4), ("break the wall", 7)]


def test_slope_is_1_down_and_3_up():
    data = maps.load_named("slope")
    top, foot = (z["name"] for z in data["zones"])
    assert call("borders.route", {"map": data, "start": top, "destination": foot})["result"]["cost"] == 1
    assert call("borders.route", {"map": data, "start": foot, "destination": top})["result"]["cost"] == 3


def write(tmp_path, text, name="bad.yml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BAD = [
    ("unknown zone",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n  - between: [B, Cellar]\n",
     4, "Unknown zone 'Cellar'"),
    ("duplicate zone name",
     "zones:\n  - A\n  - B\n  - A\nborders: []\n",
     4, "Two zones are called 'A'"),
    ("negative pass value",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n    pass: -2\n",
     4, "can't be negative"),
    ("fractional pass value",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n    pass: 1\n    back: 2.5\n",
     5, "whole number"),
    ("bad value in a named way",
     "zones: [Hall, Room]\nborders:\n  - between: [Hall, Room]\n    ways:\n      - {name: open door, pass: 1}\n"
     "      - name: break the wall\n        pass: -7\n",
     7, "can't be negative"),
    ("duplicate border",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n  - between: [B, A]\n    pass: 2\n",
     4, "already a border between B and A"),
    ("duplicate way name",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n    ways:\n      - {name: door, pass: 1}\n      - {name: door, pass: 3}\n",
     6, "Two ways are called 'door'"),
    ("unknown map key",
     "name: X\nzones: [A, B]\nborders: []\ncolour: red\n",
     4, "Unknown map key 'colour'"),
    ("unknown border key",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n    cost: 2\n",
     4, "Unknown border key 'cost'"),
    ("unknown way key",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n    ways:\n      - name: door\n        pass: 1\n        locked: true\n",
     7, "Unknown way key 'locked'"),
    ("zone without a name",
     "zones: [A, '']\nborders: []\n",
     1, "needs a name"),
    ("key given twice",
     "zones: [A, B]\nborders:\n  - between: [A, B]\n    pass: 1\n    pass: 2\n",
     5, "'pass' is given twice"),
    ("not YAML",
     "zones: [A, B\nborders: []\n",
     2, "not valid YAML"),
    ("two zones drawn in one place",
     "zones:\n  - {name: A, at: [0, 0]}\n  - {name: B, at: [0, 0]}\nborders: []\n",
     3, "already drawn at [0, 0]"),
    ("missing zones",
     "name: Empty\nborders: []\n",
     1, "needs a list of zones"),
]


@pytest.mark.parametrize("text, line, words", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_each_problem_names_the_file_and_the_line(tmp_path, text, line, words):
    path = write(tmp_path, text)
    with pytest.raises(maps.MapError) as caught:
        maps.load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}, line {line}"), message
    assert words in message


def test_a_problem_also_names_the_place_in_the_map(tmp_path):
    path = write(tmp_path, "zones: [A, B]\nborders:\n  - between: [A, B]\n    ways:\n      - {name: x, pass: 1}\n      - {name: y, pass: -1}\n")
    with pytest.raises(maps.MapError, match=r"line 6 \(borders\[0\]\.ways\[1\]\.pass\)"):
        maps.load(path)


def test_an_empty_file_fails(tmp_path):
    with pytest.raises(maps.MapError, match="line 1: the map file is empty"):
        maps.load(write(tmp_path, "# nothing yet\n"))


def test_loading_is_safe(tmp_path):
    """No Python objects from YAML tags: the safe loader refuses them."""
    path = write(tmp_path, "zones: !!python/object/apply:os.system ['true']\nborders: []\n")
    with pytest.raises(maps.MapError, match="line 1: this is not valid YAML"):
        maps.load(path)


def test_line_of_follows_the_core_s_field_paths():
    import yaml
    tree = yaml.compose("zones: [A, B]\nborders:\n  - between: [A, B]\n    ways:\n      - name: a\n        pass: 1\n", Loader=yaml.SafeLoader)
    assert maps.line_of(tree, "zones[1]") == 1
    assert maps.line_of(tree, "borders[0].between[1]") == 3
    assert maps.line_of(tree, "borders[0].ways") == 4
    assert maps.line_of(tree, "borders[0].ways[0].pass") == 6
    assert maps.line_of(tree, "borders[0].ways[0].back") == 5     # missing: the way it belongs to
    assert maps.line_of(tree, None) == 1


def test_an_unknown_map_name_is_refused():
    with pytest.raises(maps.MapError, match=r"no map 'castle'.*house, slope, warehouse"):
        maps.load_named("castle")
    with pytest.raises(maps.MapError, match="no map"):
        maps.load_named("../mkdocs")


def page_with_fence(body: str) -> str:
    md = markdown.Markdown(extensions=["pymdownx.superfences"], extension_configs={"pymdownx.superfences": {
        "custom_fences": [{"name": "calculator", "class": "calculator",
                           "format": fence.format_calculator, "validator": fence.validate_calculator}]}})
    return md.convert(f"```calculator\n{body}\n```\n")


def test_the_fence_embeds_the_map_and_its_static_content():
    html = page_with_fence("widget: borders\nmap: warehouse")
    assert 'data-calc="borders"' in html
    assert "<svg" in html and "West end – Middle: 3" in html
    assert "&quot;store&quot;:&quot;borders&quot;" in html  # a store.js name (the key carries the site's path)


@pytest.mark.parametrize("body, words", [
    ("widget: borders\nmap: castle", "no map 'castle'"),
    ("widget: borders\nmap: warehouse\ncolour: red", "unknown option 'colour'"),
    ("widget: borders\nmap: warehouse\nstart: Attic", "start 'Attic' is not a zone"),
])
def test_a_bad_fence_fails_the_page_not_silently(body, words):
    """pymdownx.superfences leaves a fence as code when its formatter raises most errors;
    these must escape, so a strict build stops."""
    with pytest.raises(Exception, match=words):
        page_with_fence(body)


def test_a_bad_example_map_fails_the_build(tmp_path, monkeypatch):
    write(tmp_path, "name: Broken\nzones: [A, B]\nborders:\n  - between: [A, B]\n    pass: 1.5\n", "warehouse.yml")
    monkeypatch.setattr(maps, "MAPS_DIR", tmp_path)
    with pytest.raises(maps.MapError) as caught:
        page_with_fence("widget: borders\nmap: warehouse")
    assert f"{tmp_path / 'warehouse.yml'}, line 5 (borders[0].pass)" in str(caught.value)
    assert "whole number" in str(caught.value)


def test_reading_maps_needs_no_markdown():
    """The map reader serves benchmarks and tests too: importing it loads neither pymdownx nor Markdown."""
    code = ("import sys, calculators.pages.maps as m; m.load_named('warehouse'); "
            "print(sorted(n for n in sys.modules if n.split('.')[0] in {'pymdownx', 'markdown'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
