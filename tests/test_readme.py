"""The README a newcomer reads to the end: short, its two commands first and true, its layout table
matching the folders, and its links (to the guides the rest moved to) leading somewhere."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
GUIDES = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "benchmarks/README.md", "hosting/README.md"]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.M | re.S)


def text(name: str = "README.md") -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def layout() -> list[str]:
    """The first column of the README's layout table ("Where things are")."""
    section = text().split("## Where things are", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, re.M)


def test_the_readme_is_at_most_150_lines():
    assert len(text().splitlines()) <= 150


def test_the_two_commands_come_first_and_the_makefile_has_them():
    first = FENCE.search(text()).group(1)
    commands = [line.split("#")[0].strip() for line in first.splitlines()]
    assert commands == ["make serve", "make test"]
    makefile = text("Makefile")
    # what their comments promise: serve on 127.0.0.1:8000; test installs the two browsers when it can
    assert re.search(r"^serve: setup\b", makefile, re.M) and "HOST     ?= 127.0.0.1" in makefile
    assert "PORT     ?= 8000" in makefile
    # test: the set-up, the static checks and the two browsers (one apt-get after the other), then pytest
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0].split("\n", 1)[1]  # after the rule line
    first, then = recipe.split("\n")
    assert re.search(r"\bcheck\b", first) and re.search(r"\bbrowsers\b", first) and "pytest" in then
    assert re.search(r"^check: setup\b", makefile, re.M)
    assert re.search(r"^browsers:\n\t\$\(MAKE\) -j1 chromium webkit$", makefile, re.M)
    assert "apt-get" in makefile.split("\nchromium:", 1)[1].split("\nwebkit:", 1)[0]


def test_every_path_in_the_layout_table_exists():
    paths = layout()
    assert len(paths) >= 10
    assert [p for p in paths if not (ROOT / p).exists()] == []


def test_the_layout_table_names_every_folder_of_calculators():
    """The folder names show the roles: each of calculators/'s folders has its row."""
    folders = sorted(f"calculators/{p.name}/" for p in (ROOT / "calculators").iterdir()
                     if p.is_dir() and p.name != "__pycache__")
    assert folders == ["calculators/browser/", "calculators/build/", "calculators/pages/"]
    assert set(folders) <= set(layout())
    assert "calculators/hook.py" in layout()


def _slug(heading: str) -> str:
    return re.sub(r"\s+", "-", re.sub(r"[^\w\- ]", "", heading.strip().lower()))


def _anchors(path: Path) -> set[str]:
    return {_slug(h) for h in re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)}


@pytest.mark.parametrize("guide", GUIDES)
def test_every_link_between_the_guides_resolves(guide):
    """Links replace repetition: every relative link (and its #anchor) leads to a file and a heading."""
    source = ROOT / guide
    broken = []
    for target in LINK.findall(text(guide)):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (source.parent / path).resolve() if path else source
        if not dest.exists():
            broken.append(target)
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(target)
    assert broken == []


def test_the_readme_links_to_the_moved_guides():
    links = {link.partition("#")[0] for link in LINK.findall(text())}
    assert {"CONTRIBUTING.md", "ARCHITECTURE.md", "benchmarks/README.md", "hosting/README.md"} <= links


def test_the_readme_says_how_to_build_with_properdocs_and_the_post_build_command():
    readme = text()
    assert "properdocs build --strict -f mkdocs.yml" in readme
    assert "python -m calculators.build site/" in readme
    assert "properdocs==" in text("requirements-dev.txt") and "mkdocs==1.6.1" in text("requirements-dev.txt")
