"""Worked examples (issue 33): every example box a calculator can show carries its state and the outcome it
states; the build checks that outcome against ``rules_core`` and fails, naming the page and the example,
when a rule no longer gives it; the link it renders is the share link the calculator reads."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from types import SimpleNamespace

import markdown
import markdown.treeprocessors
import pytest

from calculators.pages import examples
from calculators.pages.examples import ExampleError, format_example, validate_example

DOCS = Path(__file__).resolve().parent.parent / "docs"
FOUND = examples.find(DOCS)

# Example boxes no calculator can show, and why (the note of issue 33 lists them too).
NO_CALCULATOR: dict[str, str] = {}


class _Page(markdown.treeprocessors.Treeprocessor):
    """What MkDocs registers in every page's Markdown (its link rewriter, "relpath"): it knows the page's file."""

    def __init__(self, md, src_uri):
        super().__init__(md)
        self.file = SimpleNamespace(src_uri=src_uri)

    def run(self, root):
        return None


def render(text: str, page: str = "edgerunner/conflicts.md") -> str:
    """A page's Markdown as the site renders it: admonitions, and the worked-example fence of mkdocs.yml."""
    md = markdown.Markdown(extensions=["admonition", "pymdownx.superfences"], extension_configs={
        "pymdownx.superfences": {"custom_fences": [{
            "name": "worked-example", "class": "worked-example",
            "format": format_example, "validator": validate_example}]}})
    md.treeprocessors.register(_Page(md, page), "relpath", 0)
    return md.convert(text)


def box(page: str, title: str) -> str:
    """The `!!! example "<title>"` (or ruling) box of a page, as written, moved left if it stands in a tab."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    head = re.compile(rf'^(\s*)!!! (?:example|ruling) "{re.escape(title)}"$')
    (at,) = [i for i, line in enumerate(lines) if head.match(line)]
    indent = len(head.match(lines[at])[1])
    end = at + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    return "".join(line[indent:] + "\n" for line in lines[at:end])


def test_the_site_renders_the_fence():
    config = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    assert "name: worked-example" in config
    assert "calculators.pages.examples.format_example" in config


def test_every_example_box_either_opens_in_its_calculator_or_says_why_not():
    titles = {m for page in DOCS.rglob("*.md") for m in re.findall(r'^\s*!!! example "(.+)"', page.read_text(), re.M)}
    named = {e["name"] for _, e in FOUND}
    rulings = {m for page in DOCS.rglob("*.md") for m in re.findall(r'^\s*!!! ruling "(.+)"', page.read_text(), re.M)}
    assert named - titles - rulings == set(), "a worked-example fence names no box"
    assert titles - named == set(NO_CALCULATOR), "an example box has no worked-example fence (and no reason)"
    assert len(titles) == 11


@pytest.mark.parametrize(("page", "example"), FOUND, ids=[e["name"] for _, e in FOUND])
def test_each_example_is_inside_its_box_and_renders_its_link(page, example):
    html = render(box(page, example["name"]))
    link = re.search(r'class="md-button calc-example__open" href="([^"]+)"', html)[1].replace("&amp;", "&")
    assert f">Open in {examples.KINDS[example['calculator']].noun}</a>" in html
    name, code = link.split("#", 1)[1].split("=", 1)
    assert name == examples.KINDS[example["calculator"]].share
    carried = json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    assert carried["format"].startswith("conflict-table/") and carried["version"] in (1, 2)  # morale files are at 2
    if "fields" in carried:  # a form's link (share.js readValues): text fields and checkbox flags only
        assert all(isinstance(v, (str, bool)) for v in carried["fields"].values())


def test_the_dice_example_carries_the_roll_it_describes():
    (example,) = [e for _, e in FOUND if e["name"] == "Reading a 4dF roll"]
    carried = json.loads(base64.urlsafe_b64decode(examples.link_of(example).split("=", 1)[1] + "=="))
    assert carried["fields"] | {"game": "edgerunner", "skill": "3", "fate_faces": "+0--"} == carried["fields"]


def test_a_rule_changed_fails_the_build_naming_the_page_and_the_example(monkeypatch):
    from rules_core import dice

    real = dice.fate_total
    monkeypatch.setattr(dice, "fate_total", lambda faces: real(faces) + 1)  # every roll one better
    with pytest.raises(ExampleError) as refused:
        render(box("edgerunner/conflicts.md", "Reading a 4dF roll"))
    message = str(refused.value)
    assert message.startswith("edgerunner/conflicts.md: worked example “Reading a 4dF roll”")
    assert "but the rules give" in message


def test_a_board_rule_changed_fails_the_board_example(monkeypatch):
    from rules_core.board import actions, state

    for module in (actions, state):
        monkeypatch.setattr(module, "INVOKE_VALUE", 1)  # an invoke worth +1 instead of +2
    with pytest.raises(ExampleError, match="worked example “Gatto is taken out”: it states shifts = 8, but the rules give 7"):
        render(box("edgerunner/conflicts.md", "Gatto is taken out"))


@pytest.mark.parametrize(("source", "problem"), [
    ("name: X\ncalculator: oracle\nstate: {a: 1}\noutcome: {b: 2}", "`calculator` is one of"),
    ("name: X\ncalculator: dice\noutcome: {shifts: 2}", "needs `state`"),
    ("name: X\ncalculator: dice\nstate: {game: edgerunner, faces: '+0--'}\noutcome: {luck: 2}", "does not compute"),
    ("name: X\ncalculator: dice\nstate: {game: edgerunner}\noutcome: {shifts: 2}", "its state needs faces"),
    ("name: X\ncalculator: boons\nstate: {rating: 2, colour: red}\noutcome: {spent_dice: 2}", "no field 'colour'"),
    ("name: X\ncalculator: borders\nstate: {map: atlantis, start: A, destination: B}\noutcome: {cost: 1}", "no map 'atlantis'"),
    ("name: X\ncalculator: board\nstate: {setup: hargan and gatto, events: [{kind: bogus}]}\noutcome: {over: false}",
     "the rules refuse its state"),
    ("calculator: dice\nstate: {faces: '+0--', game: edgerunner}\noutcome: {shifts: 2}", "needs a `name`"),
    ("name: X\ncalculator: dice\nstate: {game: edgerunner, faces: '+0--'}\noutcome: {shifts: 2}\ncolour: red", "unknown key 'colour'"),
])
def test_a_bad_example_fails_the_build_with_a_reason(source, problem):
    with pytest.raises(ExampleError, match=re.escape(problem)):
        render("```worked-example\n" + source + "\n```\n")


def test_a_stated_outcome_the_rules_do_not_give_is_refused():
    source = "name: Wrong sum\ncalculator: dice\nstate: {game: edgerunner, skill: 3, faces: '+0--'}\noutcome: {shifts: 3}"
    with pytest.raises(ExampleError, match=r"Wrong sum.*it states shifts = 3, but the rules give 2"):
        render("```worked-example\n" + source + "\n```\n")
