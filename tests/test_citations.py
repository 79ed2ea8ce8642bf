"""Every rule citation in the code points at a place on the site.

Docstrings and comments in ``rules_core/`` and ``calculators/`` cite the page
a mechanic comes from as ``docs/<page>.md#<anchor>``; the anchor must exist on
that page, as an attribute list (``## Zones { #zones }``) or the slug of a
heading without one (how MkDocs' ``toc`` names it). Nothing cites a file the
repository does not hold (the old ``RULES.md §N``).
"""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"\bdocs/([\w./-]+\.md)#([\w-]+)")
SOURCES = sorted(p for folder in ("rules_core", "calculators") for p in (ROOT / folder).rglob("*")
                 if p.suffix in (".py", ".js", ".mjs", ".css"))


def slug(heading: str) -> str:
    """Python-Markdown's toc slug: lower case, punctuation dropped, spaces and dashes as one dash."""
    text = re.sub(r"[^\w\s-]", "", heading).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(page: Path) -> set[str]:
    found = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        found.update(re.findall(r"\{[^}]*#([\w-]+)[^}]*\}", line))
        heading = re.match(r"#{1,6} (.*?)\s*(\{.*\})?\s*$", line)
        if heading and not heading.group(2):
            found.add(slug(heading.group(1)))
    return found


def citations() -> list[tuple[str, str, str]]:
    return [(str(path.relative_to(ROOT)), page, anchor)
            for path in SOURCES
            for page, anchor in CITATION.findall(path.read_text(encoding="utf-8"))]


def test_the_rules_modules_cite_the_site():
    cited = {path for path, _, _ in citations()}
    board = [f"rules_core/board/{m}.py" for m in ("__init__", "values", "setup", "state", "rolled", "actions", "preview")]
    morale = [f"rules_core/morale/{m}.py" for m in ("__init__", "values", "starting", "building", "attacks", "leaving",
                                                    "keeping", "last_stand", "ending", "log")]
    borders = [f"rules_core/borders/{m}.py" for m in ("__init__", "zones", "routes", "drawing")]
    mechanics = [*board, *morale, "rules_core/boons.py", "rules_core/boosts.py", *borders, "rules_core/conditions.py",
                 "rules_core/dice.py", "rules_core/maneuver.py", "rules_core/rolls.py",
                 "rules_core/tracks.py", "rules_core/wounds.py"]
    assert [m for m in mechanics if m not in cited] == []


@pytest.mark.parametrize(("where", "page", "anchor"), citations())
def test_a_citation_names_an_anchor_that_exists(where, page, anchor):
    path = ROOT / "docs" / page
    assert path.is_file(), f"{where} cites docs/{page}, which does not exist"
    assert anchor in anchors(path), f"{where} cites docs/{page}#{anchor}, which that page has no heading for"


def test_nothing_cites_a_rules_file_outside_the_repository():
    assert [str(p.relative_to(ROOT)) for p in SOURCES if "RULES.md" in p.read_text(encoding="utf-8")] == []


def test_heading_slugs_are_read_like_mkdocs():
    assert slug("Dice in brief") == "dice-in-brief"
    assert slug("`BROKEN MORALE`") == "broken-morale"
    assert anchors(ROOT / "docs" / "credits.md") >= {"the-games", "this-site"}
