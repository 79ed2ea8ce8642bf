"""The rules pages: worked examples agree with rules_core, and the Markdown is Material's.

Every worked example of the sources is retold on a page inside an
``!!! example "Title"`` admonition. Each test below pulls that admonition out
of the page and checks that the numbers it states are the ones rules_core
computes, so a page and the calculators can never disagree silently.
"""
import re
from pathlib import Path

import pytest
import yaml

from rules_core import boons, conditions, dice, maneuver, tracks
from rules_core.api import call

DOCS = Path(__file__).resolve().parent.parent / "docs"


def example(page: str, title: str) -> str:
    """The body of the ``!!! example "title"`` admonition on ``page``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    match = re.search(rf'^!!! example "{re.escape(title)}"\n((?:    .*\n|\n)+)', text, re.M)
    assert match, f"{page} has no example titled {title!r}"
    return match.group(1)


def line_map(costs, names=None) -> dict:
    names = names or [f"Zone {i}" for i in range(len(costs) + 1)]
    return {"zones": names, "borders": [{"between": [a, b], "pass": c} for a, b, c in zip(names, names[1:], costs)]}


def test_reading_a_4df_roll():
    text = example("edgerunner/conflicts.md", "Reading a 4dF roll")
    assert "Athletics 3, dice ⊞⊡⊟⊟" in text
    assert f"= {dice.fate_total('⊞⊡⊟⊟')}".replace("-", "−") in text
    assert f"**{dice.shifts(3, '⊞⊡⊟⊟')} shifts**" in text


def test_gatto_crosses_the_warehouse():
    text = example("edgerunner/conflicts.md", "Gatto crosses the warehouse")
    warehouse = line_map([3, 3], ["West end", "Middle", "East end"])
    move = call("borders.move", {"map": warehouse, "start": "West end", "skill": 3, "faces": "⊞⊡⊟⊟",
                                 "target": "East end"})["result"]
    assert "**each border pass value 3**" in text
    assert f"**{move['target']['cost']} shifts**" in text
    assert f"**{move['shifts']} shifts**" in text
    assert move["reachable"] == [] and "**no other zone**" in text
    short = {z["zone"]: z["shortfall"] for z in move["zones"]}
    assert f"**{short['Middle']} shift short**" in text
    assert f"**{short['East end']} short**" in text


def test_nephrite_shoves_the_daemon_four_zones():
    text = example("edgerunner/conflicts.md", "Nephrite shoves the daemon")
    assert "Deception 4 against the daemon's Netrunning 2" in text
    assert "**4 shifts**" in text and "**four zones**" in text
    move = call("borders.move", {"map": line_map([1] * 6), "start": "Zone 0", "shifts": 4})["result"]
    assert move["reachable"][-1] == "Zone 4" and "Zone 5" not in move["reachable"]


def test_a_wall_with_a_door_and_a_slope():
    door = example("edgerunner/conflicts.md", "A wall with a door")
    ways = [("through the open door", 1), ("open or close the door, then go through", 3),
            ("break the door", 4), ("break through the wall", 7)]
    house = {"zones": ["Hall", "Room"], "borders": [{"between": ["Hall", "Room"], "ways": [
        {"name": n, "pass": c} for n, c in ways]}]}
    for i, (name, cost) in enumerate(ways):
        # switch off every cheaper way: the route takes this one at this cost
        for j, way in enumerate(house["borders"][0]["ways"]):
            way["off"] = j < i
        route = call("borders.route", {"map": house, "start": "Hall", "target": "Room"})["result"]
        assert route["cost"] == cost and route["crossings"][0]["way"] == name
        assert re.search(rf"\| {re.escape(name)} \| (1 \+ 2 = )?{cost} \|", door), name
    slope = example("edgerunner/conflicts.md", "A slope")
    hill = {"zones": ["Top", "Bottom"], "borders": [{"between": ["Top", "Bottom"], "pass": 1, "back": 3}]}
    down = call("borders.route", {"map": hill, "start": "Top", "target": "Bottom"})["result"]["cost"]
    up = call("borders.route", {"map": hill, "start": "Bottom", "target": "Top"})["result"]["cost"]
    assert f"| downhill | {down} |" in slope and f"| uphill | {up} |" in slope


def test_gatto_is_taken_out_by_8_stress():
    text = example("edgerunner/conflicts.md", "Gatto is taken out")
    assert "**8 stress to his\n    Cool**" in text and "**taken out**" in text
    # whatever his threshold short of 8, and whatever he already carries, 8 stress is too much
    for threshold in range(0, 8):
        assert tracks.hit(tracks.Track(threshold=threshold), 8).taken_out


def test_cyrenes_boon():
    text = example("gauntlet-forge/boons-and-banes.md", "Cyrene's boon: Hidden from Sight")
    assert "Excess: 4 − 2 = **2**" in text and "rating **2**" in text
    dice_added, after = boons.spend(boons.Boon(4 - 2))
    assert f"**+{dice_added} dice**" in text and after is None and "vanishes" in text
    assert "rolls only **2** successes" in text and "Difficulty **3**" in text


def test_maros_bane():
    text = example("gauntlet-forge/boons-and-banes.md", "Maro's bane: Sand in my Eyes!")
    dice_added, after = boons.spend(boons.Boon(2))
    assert "**2** excess hits" in text and "rating **2**" in text
    assert f"**{dice_added}** to their roll once" in text and after is None


def test_the_dragons_enduring_bane():
    text = example("gauntlet-forge/boons-and-banes.md", "The dragon's enduring bane")
    dice_added, after = boons.spend(boons.Boon(3, enduring=True))
    assert "rating **3**" in text
    assert f"**+{dice_added} dice**" in text
    assert f"drops to rating **{after.rating}**" in text


def test_two_stress_two_choices():
    text = example("gauntlet-forge/stress-and-wounds.md", "Two stress, two choices")
    r = conditions.absorb(conditions.Conditions(), 2)
    ratings = sorted({conditions.RATINGS[i] for i in (r.slot, *r.alternatives)})
    assert ratings == [2, 3]
    assert "**2** stress" in text and "rated\n    **2** or one rated **3**" in text


def test_maneuver_free_invokes_match_the_page():
    text = (DOCS / "edgerunner/conflicts.md").read_text(encoding="utf-8")
    section = text[text.index("### Maneuver"):text.index("### Recovery")]
    assert "| 0 | none" in section and maneuver.free_invokes(0) == 0
    for shifts in (1, 3, 6):
        assert f"| {shifts} | {maneuver.free_invokes(shifts)} |" in section


PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))


@pytest.mark.parametrize("page", PAGES)
def test_pages_use_markdown_not_gitbook_jekyll_or_liquid(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    assert not re.search(r"\{%|%\}|\{\{|\}\}|\{:\s*\.|^---\s*$\n(layout|permalink):", text, re.M), page


def test_the_free_dice_table_is_not_typed_by_hand():
    text = (DOCS / "gauntlet-forge/boons-and-banes.md").read_text(encoding="utf-8")
    assert "```calculator\nwidget: boons" in text
    # no Markdown table row pairing a rating with its free dice ("| 3 | 1 |")
    assert not re.search(r"^\|\s*\**\d+\**\s*\|\s*(\d+|–|-)\s*\|\s*$", text, re.M)


def test_every_page_is_in_the_navigation():
    config = yaml.load((DOCS.parent / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)

    def pages(nav):
        for item in nav:
            for value in item.values():
                yield from (pages(value) if isinstance(value, list) else [value])

    assert sorted(pages(config["nav"])) == PAGES


def test_credits_name_both_games_and_authors():
    text = (DOCS / "credits.md").read_text(encoding="utf-8")
    for words in ("Edgerunner", "Mert Torun", "Fate", "Gauntlet Forge", "Rumpunzel"):
        assert words in text


def test_the_2022_disposition_ruling_example_is_what_the_tracker_does():
    text = (DOCS / "gauntlet-forge/editions.md").read_text(encoding="utf-8")
    assert "4 against\n          1, defense spent on the stress: 3 stress, 4 morale damage" in text
    reply = call("morale.replay", {
        "setup": {"edition": "2022", "teams": [{"name": "A", "members": ["x"]}, {"name": "B", "members": ["y"]}]},
        "events": [{"kind": "attack", "member": "x", "target": "y", "effort": 4, "defense": 1,
                    "disposed": True, "reduce": "stress"}]})["result"]
    assert "3 stress to y" in reply["log"][0]["text"]
    assert {t["name"]: t["morale"] for t in reply["teams"]} == {"A": 3, "B": -4}
