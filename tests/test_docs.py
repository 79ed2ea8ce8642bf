"""The rules pages: worked examples agree with rules_core, and the Markdown is Material's.

Every worked example of the sources is retold on a page inside an
``!!! example "Title"`` admonition, and every ruling sits in a
``!!! ruling "Ruling: …"`` box. Each test below pulls such a box (or a
section) out of the page and checks that the numbers it states are the ones
rules_core computes, so a page and the calculators can never disagree
silently. Text is compared with its whitespace collapsed (:func:`flat`), so
re-wrapping a paragraph never breaks a test.
"""
import re
from pathlib import Path

import pytest
import yaml

from rules_core import boons, boosts, conditions, dice, maneuver, tracks
from rules_core.api import call

DOCS = Path(__file__).resolve().parent.parent / "docs"


def flat(text: str) -> str:
    """``text`` with every run of whitespace (line breaks, indentation) made one space."""
    return " ".join(text.split())


def page_text(page: str) -> str:
    return (DOCS / page).read_text(encoding="utf-8")


def box(page: str, kind: str, title: str) -> str:
    """The body of the ``!!! kind "title"`` admonition on ``page`` (at any indentation), flattened."""
    match = re.search(rf'^( *)!!! {kind} "{re.escape(title)}"\n((?:\1    .*\n|\n)+)', page_text(page), re.M)
    assert match, f"{page} has no {kind} box titled {title!r}"
    return flat(match.group(2))


def example(page: str, title: str) -> str:
    """The body of the ``!!! example "title"`` admonition on ``page``, flattened."""
    return box(page, "example", title)


def ruling(page: str, title: str) -> str:
    """The body of the ``!!! ruling "title"`` box on ``page``, flattened."""
    return box(page, "ruling", title)


def section(page: str, anchor: str) -> str:
    """From the heading with ``{ #anchor }`` to the next heading of the same or a higher level, flattened."""
    text = page_text(page)
    match = re.search(rf"^(#+) .*\{{ #{re.escape(anchor)} \}}\n", text, re.M)
    assert match, f"{page} has no heading #{anchor}"
    level = len(match.group(1))
    rest = text[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return flat(rest[:end.start()] if end else rest)


def tracker(edition: str, teams: list, events: list) -> dict:
    reply = call("morale.replay", {"setup": {"edition": edition, "teams": teams}, "events": events})
    assert reply["ok"], reply
    return reply["result"]


def morale_of(result: dict) -> dict:
    return {t["name"]: t["morale"] for t in result["teams"]}


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
                                 "destination": "East end"})["result"]
    assert "**each border pass value 3**" in text
    assert f"**{move['destination']['cost']} shifts**" in text
    assert f"**{move['shifts']} shifts**" in text
    assert move["reachable"] == [] and "**no other zone**" in text
    short = {z["zone"]: z["shortfall"] for z in move["zones"]}
    assert f"**{short['Middle']} shift short**" in text
    assert f"**{short['East end']} short**" in text


def test_nephrite_shoves_the_daemon_four_zones():
    text = example("edgerunner/conflicts.md", "Nephrite shoves the daemon")
    assert "Deception 4 against the daemon's Netrunning 2" in text
    assert "**4 shifts**" in text and "**four zones**" in text
    # the dice are shown, and the shifts are the roll minus the opposing skill
    faces = "⊞⊞⊡⊡"
    roll = call("dice.fate_shifts", {"skill": 4, "faces": faces})["result"]
    assert f"Her dice show {faces}, that is **+{roll['dice']}**" in text
    assert f"4 + {roll['dice']} − 2 = **{roll['shifts'] - 2} shifts**" in text and roll["shifts"] - 2 == 4
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
        route = call("borders.route", {"map": house, "start": "Hall", "destination": "Room"})["result"]
        assert route["cost"] == cost and route["crossings"][0]["way"] == name
        assert re.search(rf"\| {re.escape(name)} \| (1 \+ 2 = )?{cost} \|", door), name
    slope = example("edgerunner/conflicts.md", "A slope")
    hill = {"zones": ["Top", "Bottom"], "borders": [{"between": ["Top", "Bottom"], "pass": 1, "back": 3}]}
    down = call("borders.route", {"map": hill, "start": "Top", "destination": "Bottom"})["result"]["cost"]
    up = call("borders.route", {"map": hill, "start": "Bottom", "destination": "Top"})["result"]["cost"]
    assert f"| downhill | {down} |" in slope and f"| uphill | {up} |" in slope


def test_gatto_is_taken_out_by_8_stress():
    text = example("edgerunner/conflicts.md", "Gatto is taken out")
    assert "**8 stress to his Cool**" in text and "**taken out**" in text
    # whatever his threshold short of 8, and whatever he already carries, 8 stress is too much
    for threshold in range(0, 8):
        assert tracks.hit(tracks.Track(threshold=threshold), 8).taken_out


def test_cyrenes_boon():
    text = example("gauntlet-forge/boons-and-banes.md", "Cyrene's boon: Hidden from Sight")
    assert "Excess: 4 − 2 = **2**" in text and "rating **2**" in text
    dice_added, after = boons.spend(boons.Boon(4 - 2))
    assert f"**+{dice_added} dice**" in text and after is None and "vanishes" in text
    assert "rolls only **2** successes" in text and "Difficulty **3**" in text


def test_cyrenes_two_dice_are_odds_not_two_hits():
    """+2 dice is not +2 hits: one short of difficulty 3, she needs a hit from two dice."""
    text = example("gauntlet-forge/boons-and-banes.md", "Cyrene's boon: Hidden from Sight")
    needed = 3 - 2
    odds = call("dice.pool_odds", {"pool": 2, "difficulty": needed})["result"]["probability"]
    assert f"a **{odds['exact']}** chance (**{odds['percent']}**)" in text
    # the page tells the reader how to get the same figure from the boon calculator
    assert "a pool of **0**, difficulty **1** and a boon rated **2**" in text
    spending = call("boons.odds", {"pool": 0, "difficulty": 1, "rating": 2})["result"]["spending"]
    assert spending["probability"] == odds and spending["pool"] == 2


def test_maros_bane():
    text = example("gauntlet-forge/boons-and-banes.md", "Maro's bane: Sand in my Eyes!")
    dice_added, after = boons.spend(boons.Boon(2))
    assert "**2** excess hits" in text and "rating **2**" in text
    # anyone *may* take the bane's dice (seed 002/003), and they are dice, not a bonus to the total
    assert f"may add **{dice_added}** dice to their roll, once" in text and after is None
    assert "Anyone may take it" in text


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
    assert "**2** stress" in text and "rated **2** or one rated **3**" in text


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
    text = ruling("gauntlet-forge/editions.md", "Ruling: the 2022 attack in the morale tracker")
    assert "4 against 1, defense spent on the stress: 3 stress, 4 morale damage" in text
    reply = call("morale.replay", {
        "setup": {"edition": "2022", "teams": [{"name": "A", "members": ["x"]}, {"name": "B", "members": ["y"]}]},
        "events": [{"kind": "attack", "member": "x", "defender": "y", "effort": 4, "defender_effort": 1,
                    "disposed": True, "reduce": "stress"}]})["result"]
    assert "3 stress to y" in reply["log"][0]["text"]
    assert {t["name"]: t["morale"] for t in reply["teams"]} == {"A": 3, "B": -4}


# ---------------------------------------------------------------- issue 12: what misleads at the table


GF_CONFLICTS = "gauntlet-forge/conflicts.md"
EDITIONS = "gauntlet-forge/editions.md"
WOUNDS = "gauntlet-forge/stress-and-wounds.md"
BOONS = "gauntlet-forge/boons-and-banes.md"
ER_CONFLICTS = "edgerunner/conflicts.md"
TWO_TEAMS = [{"name": "A", "captain": "a1", "members": ["a1", "a2", "a3"]}, {"name": "B", "members": ["b1"]}]


def disposition_table(name: str) -> dict:
    """``{your attribute: the attribute it is disposed against}`` from the conflicts page's tab ``name``."""
    text = page_text(GF_CONFLICTS)
    tab = text[text.index(f'=== "{name}"'):]
    rows = re.findall(r"^    \| (Vigor|Intuition|Reason) \| (Vigor|Intuition|Reason) \|$", tab, re.M)[:3]
    return dict(rows)


def test_2022_disposition_reads_from_the_attacker_with_an_example():
    text = section(EDITIONS, "attacks")
    assert "it is the **attacker's** disposition that counts" in text
    assert "defends with the attribute that the attacker's attribute is disposed against" in text
    table = disposition_table("Disposition I")
    against = table["Vigor"]
    other = ({"Vigor", "Intuition", "Reason"} - {"Vigor", against}).pop()
    assert (f"an attacker with Disposition I attacks with Vigor, which is disposed against {against}. "
            f"Defended with {against}: only the stress or only the morale damage is reduced. "
            f"Defended with {other}: both are.") in text
    # the tracker: the disposed defense cuts only one of the two
    result = tracker("2022", TWO_TEAMS, [{"kind": "attack", "member": "a1", "defender": "b1", "effort": 4,
                                          "defender_effort": 1, "disposed": True, "reduce": "stress"}])
    assert morale_of(result)["B"] == -4


def test_2023_attacking_names_disposition_and_links_the_table():
    text = section(GF_CONFLICTS, "attacking")
    assert "may **not** defend with the attribute you are disposed against" in text
    assert "[Disposition](#disposition)" in text
    assert f"with Disposition I an attack with Vigor can't be met with {disposition_table('Disposition I')['Vigor']}" in text


def test_wiki_morale_can_rise_and_the_example_is_the_trackers():
    text = section(EDITIONS, "morale")
    assert "only goes down" not in text
    assert "it can also **rise** during the conflict" in text and "Vigor benefit" in text
    team = [{"name": "A", "approach": 3, "members": [{"name": "a1", "successes": 0}]},
            {"name": "B", "approach": 1, "members": [{"name": "b1", "successes": 0}]}]
    before = morale_of(tracker("wiki", team, []))["A"]
    after = morale_of(tracker("wiki", team, [{"kind": "advantage", "member": "a1", "margin": 2}]))["A"]
    assert f"A team at morale **{before}** whose member wins such a test by **2** goes up to **{after}**" in text


def test_wiki_morale_stops_at_0_as_the_ruling_says():
    assert "a loss bigger than what is left takes the team to **0**" in ruling(EDITIONS, "Ruling: wiki morale never goes below 0")
    team = [{"name": "A", "approach": 1, "members": [{"name": "a1", "successes": 0}]},
            {"name": "B", "approach": 2, "members": [{"name": "b1", "successes": 0}]}]
    result = tracker("wiki", team, [{"kind": "attack", "member": "b1", "defender": "a1", "effort": 5, "defender_effort": 0}])
    assert morale_of(result)["A"] == 0


def test_overwhelmed_in_a_conflict_is_explained_where_stress_and_leaving_are():
    for page, title in ((GF_CONFLICTS, "Ruling: overwhelmed in the middle of a conflict"),
                        (WOUNDS, "Ruling: overwhelmed during a conflict")):
        text = ruling(page, title)
        assert "retire" in text and "at once" in text and "captain" in text, page
    # the cost is the one for any departure: 1 for a member, the members remaining for a captain
    member = morale_of(tracker("2023", TWO_TEAMS, [{"kind": "leave", "member": "a2"}]))["A"]
    captain = morale_of(tracker("2023", TWO_TEAMS, [{"kind": "leave", "member": "a1"}]))["A"]
    assert (member, captain) == (-1, -2)
    assert "1 morale, or one per member still in the team" in ruling(GF_CONFLICTS, "Ruling: overwhelmed in the middle of a conflict")


def test_breaks_again_ruling_stands_where_the_last_stand_is_explained():
    text = ruling(GF_CONFLICTS, "Ruling: “breaks again” means any break during your Last Stand")
    assert "**any** break of your team's morale while you are in your Last Stand" in text
    assert "however you entered it" in text
    for page, anchor in ((EDITIONS, "last-stand"), (WOUNDS, "perishing")):
        assert "however you entered it" in section(page, anchor), page
    # the tracker: a2 entered through stress (no break before); the first break kills them
    result = tracker("2023", TWO_TEAMS, [{"kind": "last_stand", "member": "a2"}, {"kind": "failure", "member": "a1"},
                                         {"kind": "end_turn", "team": "A", "effort": 0}])
    status = {m["name"]: m["status"] for t in result["teams"] for m in t["members"]}
    assert status["a2"] == "perished"


def test_intuition_advantage_caps_both_discarding_and_taking_back():
    row = next(line for line in page_text(GF_CONFLICTS).splitlines() if line.startswith("| **Intuition** |"))
    assert "rated at most your margin — or take back 1 asset that was discarded this way, also rated at most your margin" in row
    row = next(line for line in page_text(EDITIONS).splitlines() if line.strip().startswith("| Intuition | discard"))
    assert "rated at most your effort, or regain 1 discarded this conflict, also rated at most your effort" in row


def test_the_stress_page_has_one_calculator_and_says_what_its_edition_switch_does():
    text = page_text(WOUNDS)
    assert text.count("```calculator") == 1 and "widget: stress\nmodel: wounds\n```" in text
    assert "follows the 2023 rules" not in text
    calc = section(WOUNDS, "calculator")
    assert "with an **Edition** switch (2023 or 2022)" in calc and "conditions (wiki)" in calc


def test_move_names_the_boosts_the_border_calculator_offers():
    text = section(ER_CONFLICTS, "move")
    names = {"mild": "mild", "moderate": "moderate", "severe": "severe"}
    consequences = ", ".join(f"{names[k]} **+{v}**" for k, v in boosts.CONSEQUENCES.items())
    assert f"aspects (**+{boosts.INVOKE_VALUE}** shifts each)" in text
    assert f"({consequences})" in text
    # and the calculator's cover is made of exactly those: Gatto, 1 shift short of the middle
    warehouse = line_map([3, 3], ["West end", "Middle", "East end"])
    move = call("borders.move", {"map": warehouse, "start": "West end", "shifts": 2})["result"]
    cover = next(z["cover"] for z in move["zones"] if z["zone"] == "Middle")
    assert {"consequences": [], "invokes": 1} in cover and {"consequences": ["mild"], "invokes": 0} in cover


def test_shifts_are_measured_against_the_opposing_skill():
    assert "the shifts are the roll minus the opposing skill" in section(ER_CONFLICTS, "rolling-shifts")


# ---------------------------------------------------------------- rulings


RULINGS = [
    # (page, box title, a phrase of the ruling)
    (GF_CONFLICTS, "Ruling: every team starts at 0", "We start every team at **0**"),
    (EDITIONS, "Ruling: 2023 and 2022 teams start at 0", "every team starts at **0**"),
    (EDITIONS, "Ruling: wiki morale never goes below 0", "takes the team to **0**, not below"),
    (GF_CONFLICTS, "Ruling: turn order is the initiator's call", "in the order you list them"),
    (EDITIONS, "Ruling: turn order in the morale tracker", "in the order you list them"),
    (GF_CONFLICTS, "Ruling: a landed attack costs the defender's team 1", "their team loses 1 morale"),
    (EDITIONS, "Ruling: the defender's team loses 1 when an attack lands", "loses 1 morale"),
    (GF_CONFLICTS, "Ruling: the keep-morale test doesn't move morale", "the score itself stays where it was"),
    (EDITIONS, "Ruling: the keep-morale test doesn't move morale", "it only decides whether morale breaks"),
    (WOUNDS, "Ruling: the largest empty slot fills first", "We fill the **largest** empty slot"),
    ("edgerunner/conflicts.md", "Ruling: range counts borders", "**number of borders**"),
    (BOONS, "Ruling: spending it gives its rating, no free dice on top", "dice equal to its **rating**"),
    (BOONS, "Ruling: the free-dice table goes on past rating 7", "(rating − 1) ÷ 2"),
    (BOONS, "Ruling: these boon rules hold in every edition", "to every [edition](editions.md)"),
    ("edgerunner/conflicts.md", "Ruling: when an exchange ends", "every character still in the conflict has acted"),
    ("edgerunner/conflicts.md", "Ruling: range does not reduce an attack", "keeps its full shifts at any range"),
    ("edgerunner/conflicts.md", "Ruling: recovering someone who has already acted", "must not have acted yet this exchange"),
]


@pytest.mark.parametrize(("page", "title", "phrase"), RULINGS, ids=[r[1] for r in RULINGS])
def test_every_ruling_of_issue_12_has_its_box(page, title, phrase):
    assert phrase in ruling(page, title)


def test_every_ruling_is_a_ruling_box_titled_ruling():
    boxes = []
    for page in PAGES:
        text = page_text(page)
        assert not re.search(r'!!! (note|info|tip|warning) "Ruling', text), page
        boxes += [(page, title) for title in re.findall(r'^ *(?:!!!|\?\?\?) ruling "([^"]*)"', text, re.M)]
    assert len(boxes) >= len(RULINGS) and all(title.startswith("Ruling") for _, title in boxes)
    config = yaml.load((DOCS.parent / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)
    css = (DOCS / config["extra_css"][0]).read_text()
    assert ".admonition.ruling" in css  # the box has its own look


def test_the_ruling_examples_are_what_rules_core_computes():
    overflow = conditions.absorb(conditions.Conditions().fill(conditions.RATINGS.index(3)), 5)
    assert (f"**5** stress becomes a condition rated **{overflow.rating}** and a trait rated **{overflow.trait}**"
            in ruling(WOUNDS, "Ruling: the largest empty slot fills first"))
    warehouse = line_map([3, 3], ["West end", "Middle", "East end"])
    far = call("borders.range", {"map": warehouse, "start": "West end", "destination": "East end"})["result"]["range"]
    cost = call("borders.route", {"map": warehouse, "start": "West end", "destination": "East end"})["result"]["cost"]
    assert (f"the far end is **{far}** borders away, though crossing costs **{cost}** shifts"
            in ruling(ER_CONFLICTS, "Ruling: range counts borders"))
    five = call("boons.free_dice", {"rating": 5})["result"]
    assert (f"A boon rated **5** gives **{five['spend']['dice']}** dice when spent, or **{five['free_dice']}** free dice"
            in ruling(BOONS, "Ruling: spending it gives its rating, no free dice on top"))
    nine = call("boons.free_dice", {"rating": 9})["result"]["free_dice"]
    assert f"Rating **9** gives **{nine}** free dice" in ruling(BOONS, "Ruling: the free-dice table goes on past rating 7")


def test_the_tracker_does_what_the_2023_rulings_say():
    assert morale_of(tracker("2023", TWO_TEAMS, [])) == {"A": 0, "B": 0}
    assert morale_of(tracker("2022", TWO_TEAMS, [])) == {"A": 0, "B": 0}
    landed = tracker("2023", TWO_TEAMS, [{"kind": "attack", "member": "a1", "defender": "b1", "effort": 3, "defender_effort": 1}])
    assert morale_of(landed) == {"A": 1, "B": -1}
    for effort in (0, 2):  # failing or passing the keep-morale test leaves the score at −1
        kept = tracker("2023", TWO_TEAMS, [{"kind": "failure", "member": "a1"},
                                           {"kind": "end_turn", "team": "A", "effort": effort}])
        assert morale_of(kept)["A"] == -1


# ---------------------------------------------------------------- findability


def test_the_two_conflicts_pages_have_distinct_titles():
    config = yaml.load((DOCS.parent / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)
    titles = {}
    for section_ in config["nav"]:
        for value in section_.values():
            for item in value if isinstance(value, list) else []:
                titles.update({v: k for k, v in item.items()})
    assert titles[ER_CONFLICTS] == "Edgerunner conflicts"
    assert titles[GF_CONFLICTS] == "Gauntlet Forge conflicts"
    assert page_text(ER_CONFLICTS).startswith("# Edgerunner conflicts\n")
    assert page_text(GF_CONFLICTS).startswith("# Gauntlet Forge conflicts\n")


def glance(page: str) -> str:
    text = page_text(page)
    match = re.search(r'<div class="glance" id="at-a-glance" markdown>\n(.*?)\n</div>', text, re.S)
    assert match, page
    assert text.index(match.group(0)) < text.index("\n## "), f"{page}: the cheat sheet comes first"
    return flat(match.group(1))


def test_gauntlet_forge_cheat_sheet_options_morale_end_of_turn_and_edition_tags():
    text = glance(GF_CONFLICTS)
    for link in ("(#attacking)", "(#gaining-an-advantage)", "(#surrendering)", "(#broken-morale)", "(#last-stand)"):
        assert link in text
    assert "`2022`" in text and "`wiki`" in text  # edition tags inline, not only in tabs
    # the morale numbers are the tracker's
    landed = morale_of(tracker("2023", TWO_TEAMS, [{"kind": "attack", "member": "a1", "defender": "b1", "effort": 3, "defender_effort": 1}]))
    missed = morale_of(tracker("2023", TWO_TEAMS, [{"kind": "attack", "member": "a1", "defender": "b1", "effort": 1, "defender_effort": 1}]))
    assert (landed, missed) == ({"A": 1, "B": -1}, {"A": -1, "B": 1})
    assert "your team **+1** morale, theirs **−1**. Tie or less: yours **−1**, theirs **+1**" in text
    assert "Team **−1**; a captain, **1 per member left**" in text
    assert "tests another skill against its rating **+1 per helper**" in text
    assert "morale **breaks**: Last Stand, or the team loses" in text


def test_edgerunner_cheat_sheet_numbers_are_rules_cores():
    text = glance(ER_CONFLICTS)
    invokes = " / ".join(str(maneuver.free_invokes(s)) for s in (1, 3, 6))
    assert f"1 / 3 / 6 shifts buy {invokes} free invokes" in text
    values = " / ".join(str(v) for v in boosts.CONSEQUENCES.values())
    assert f"soak with consequences ({values}) and invokes ({boosts.INVOKE_VALUE})" in text
    assert f"invoke (−{boosts.INVOKE_VALUE} each)" in text
    for link in ("(#move)", "(#attack)", "(#defense)", "(#maneuver)", "(#recovery)", "(#continue)", "(#resist)"):
        assert link in text


GLOSSARY_TERMS = ["positioning", "spin", "free-move", "morale-breaks", "broken-morale", "legacy",
                  "doomed-approach", "hit", "hit-edgerunner", "maneuver", "maneuver-skill", "severity"]


@pytest.mark.parametrize("anchor", GLOSSARY_TERMS)
def test_glossary_has_the_term(anchor):
    assert re.search(rf"^### \S.* \{{ #{anchor} \}}$", page_text("glossary.md"), re.M), anchor


def glossary_entry(anchor: str) -> str:
    text = page_text("glossary.md")
    match = re.search(rf"^### \S.* \{{ #{re.escape(anchor)} \}}\n\n(?:[^#\n].*\n)+", text, re.M)
    return flat(match.group(0))


def test_glossary_entries_say_what_the_issue_asks():
    assert "never defines it" in glossary_entry("free-move")
    assert "**no such trait**" in glossary_entry("broken-morale")
    assert "2022" in glossary_entry("hit") and "successes" in glossary_entry("hit")
    assert "Edgerunner" in glossary_entry("hit") and "Gauntlet Forge" in glossary_entry("hit-edgerunner")
    assert "skill" in glossary_entry("maneuver-skill") and "action" in glossary_entry("maneuver")
    assert "keep-morale test" in glossary_entry("morale-breaks")


def test_every_calculator_on_the_table_page_lists_the_rulings_it_assumes():
    text = page_text("table.md")
    for anchor in ("boons", "stress", "morale", "borders"):
        part = text[text.index(f"{{ #{anchor} }}"):]
        part = part[:part.index("```calculator")]
        assert '??? ruling "Rulings this calculator assumes"' in part, anchor


# ---------------------------------------------------------------- issue 27: nothing the sources don't say


# A page may credit the five sources (the chapters, "the 2023 text", "the wiki") and our rulings; the game's
# other pages (wounds, skill tests, advancement…) are not among the sources, so no page leans on them.
OUTSIDE_SOURCES = re.compile(r"published\s+\w+\s+page|\b(wounds?|skill[- ]tests?|skills|advancement|traits)"
                             r"\s+(page|rules|chapter)\b", re.I)


@pytest.mark.parametrize("page", PAGES)
def test_no_page_credits_a_source_outside_the_seeds(page):
    found = [m.group(0) for m in OUTSIDE_SOURCES.finditer(flat(page_text(page)))]
    assert found == [], f"{page} credits {found}"


def test_severity_is_the_highest_marked_box_and_nothing_more():
    from rules_core import wounds
    text = section(WOUNDS, "severity")
    # the table is rules_core's: the capacity of the highest marked box names the severity
    for capacity in sorted(set(wounds.BOXES)):
        assert f"| {capacity} | {wounds.SEVERITIES[capacity]} |" in text
    assert f"| none marked | {wounds.SEVERITIES[0]} |" in text
    # the effects no source states are gone: no difficulty floor, no table of hindered skills
    for claim in ("simple tests", "contests", "Hinders", "Fight, Maneuver", "Influence, Resources", "difficulty"):
        assert claim not in text, claim
    assert "not in the conflict chapters" in text
    entry = glossary_entry("severity")
    assert "least difficulty" not in entry and "least effort" not in entry
    assert "Our sources don't say what it does" in entry


def test_gain_an_advantage_at_a_glance_moves_morale_both_ways():
    line = next(item for item in glance(GF_CONFLICTS).split(" - ") if "(#gaining-an-advantage)" in item)
    assert "Succeed: your team **+1** morale" in line and "Fail (beaten): your team **−1**" in line
    assert "(Vigor: the margin to **morale** as well)" in line
    # the tracker: a success +1, a failure −1, and a Vigor advantage adds its margin on top of the success
    assert morale_of(tracker("2023", TWO_TEAMS, [{"kind": "success", "member": "a2"}]))["A"] == 1
    assert morale_of(tracker("2023", TWO_TEAMS, [{"kind": "failure", "member": "a2"}]))["A"] == -1
    vigor = tracker("2023", TWO_TEAMS, [{"kind": "success", "member": "a2"}, {"kind": "advantage", "member": "a2", "margin": 2}])
    assert morale_of(vigor)["A"] == 3
    body = section(GF_CONFLICTS, "gaining-an-advantage")
    assert "succeed and your team gains **1**" in body and "(**−1**)" in body


def test_glossary_hit_says_2023_never_speaks_of_successes():
    entry = glossary_entry("hit")
    assert "uses both words" not in entry
    assert "The 2023 text counts hits and effort and never speaks of successes" in entry
    assert "the 2022 and `wiki` texts call them successes" in entry


def test_glossary_names_both_ways_into_a_last_stand():
    entry = glossary_entry("morale-breaks")
    assert "Only then may its members" not in entry
    assert "**two ways into a Last Stand**" in entry
    assert "stress that fits no box, paid for with Favor as a new trait" in entry
    assert "choose surrender or a Last Stand" in entry
    # the conflicts page lists the same two ways
    entering = section(GF_CONFLICTS, "last-stand")
    assert "spent [Favor](../glossary.md#favor) on a new trait" in entering and "your team's morale breaks" in entering


def test_glossary_last_stand_and_overwhelmed_use_one_word_each():
    stand, overwhelmed = glossary_entry("last-stand"), glossary_entry("overwhelmed")
    assert "overwhelm" not in stand.replace("[overwhelmed](#overwhelmed)", "")
    assert "Favor has bought a trait" in stand
    assert "Without the Favor you are [overwhelmed](#overwhelmed) and retire: no Last Stand" in stand
    assert "too little Favor" in overwhelmed and "retires" in overwhelmed


def test_opposed_rolls_are_our_ruling_where_they_are_first_used():
    title = "Ruling: an opposing skill comes off the roll"
    assert "**your roll minus the opposing skill**" in ruling(ER_CONFLICTS, title)
    rolling = section(ER_CONFLICTS, "rolling-shifts")
    assert f'!!! ruling "{title}"' in rolling
    # the first place on the page that says it (the cheat sheet) points to the ruling
    assert "minus the opposing skill (our [ruling](#rolling-shifts))" in glance(ER_CONFLICTS)
    assert "by our [ruling](#rolling-shifts)" in example(ER_CONFLICTS, "Nephrite shoves the daemon")
    assert "takes it off your roll (our [ruling](#rolling-shifts))" in section(ER_CONFLICTS, "move-another")
    assert "(our ruling, the Fate way)" in glossary_entry("shift")


def test_wiki_attacks_take_any_approach():
    text = section(EDITIONS, "attacks")
    wiki = text[text.index('=== "wiki"'):]
    assert "An attack may use **any Approach** with the relevant skill" in wiki
    assert text.count("An attack may use **any attribute** with the relevant skill") == 2  # 2023, 2022


NEW_RULINGS = [
    # RULES.md §4 "Rulings the site states for every edition" and §5: (page, anchor, box title, a phrase of it)
    (GF_CONFLICTS, "building-morale", "Ruling: every team starts at 0", "We start every team at **0**"),
    (EDITIONS, "starting-morale", "Ruling: 2023 and 2022 teams start at 0", "every team starts at **0**"),
    (EDITIONS, "morale", "Ruling: wiki morale never goes below 0", "takes the team to **0**, not below"),
    (GF_CONFLICTS, "keeping-morale", "Ruling: the keep-morale test doesn't move morale", "the score itself stays"),
    (EDITIONS, "keeping-morale", "Ruling: the keep-morale test doesn't move morale", "whether morale breaks"),
    (GF_CONFLICTS, "turn-order", "Ruling: turn order is the initiator's call", "in the order you list them"),
    (EDITIONS, "turn-order", "Ruling: turn order in the morale tracker", "positioning successes"),
    (GF_CONFLICTS, "ending", "Ruling: who has lost, in the morale tracker", "it costs the team no morale"),
    (GF_CONFLICTS, "ending", "Ruling: who has lost, in the morale tracker", "It names no winner at that point"),
    (EDITIONS, "ending", "Ruling: the end of a conflict, in every edition", "costs the team no more morale"),
    (EDITIONS, "ending", "Ruling: the end of a conflict, in every edition", "it names no winner"),
    (ER_CONFLICTS, "rolling-shifts", "Ruling: an opposing skill comes off the roll", "minus the opposing skill"),
    (ER_CONFLICTS, "move", "Ruling: stress bought for a move", "adds **one shift**"),
    (ER_CONFLICTS, "resist", "Ruling: resisting with stress, one shift per point", "**one shift per point**"),
]


@pytest.mark.parametrize(("page", "anchor", "title", "phrase"), NEW_RULINGS,
                         ids=[f"{r[0]}#{r[1]}: {r[3]}" for r in NEW_RULINGS])
def test_every_new_ruling_has_its_box_where_the_site_applies_it(page, anchor, title, phrase):
    assert f'!!! ruling "{title}"' in section(page, anchor)
    assert phrase in ruling(page, title)


def test_the_tracker_ends_a_conflict_as_the_every_edition_ruling_says():
    broken = tracker("2023", TWO_TEAMS, [{"kind": "failure", "member": "a1"}, {"kind": "end_turn", "team": "A", "effort": 0}])
    assert broken["winner"] is None and broken["teams"][0]["status"] == "deciding"
    perished = tracker("2023", TWO_TEAMS, [{"kind": "failure", "member": "a1"}, {"kind": "end_turn", "team": "A", "effort": 0},
                                           {"kind": "last_stand", "member": "a2"}, {"kind": "perish", "member": "a2"}])
    assert morale_of(perished)["A"] == -1 and perished["winner"] == "B"  # no further morale; all last-standers gone
    wiki = [{"name": "A", "approach": 1, "members": [{"name": "a1", "successes": 0}, {"name": "a2", "successes": 0}]},
            {"name": "B", "approach": 2, "members": [{"name": "b1", "successes": 0}]}]
    zero = tracker("wiki", wiki, [{"kind": "attack", "member": "b1", "defender": "a2", "effort": 5, "defender_effort": 0}])
    assert zero["winner"] is None
    assert {m["name"]: m["actions"] for m in zero["teams"][0]["members"]} == {"a1": [], "a2": ["last_stand"]}
