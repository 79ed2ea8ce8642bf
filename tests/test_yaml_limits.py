"""YAML read at build time has the browser import's limits (issue 14 §1): a
few hundred bytes of aliases ("billion laughs") fail with a message instead
of hanging the build."""
from __future__ import annotations

import pytest

from calculators.pages import maps
from calculators.pages.fence import parse
from calculators.pages.widgets import WidgetError
from tests.hostile_input import LAUGHS


def test_an_alias_bomb_map_file_is_refused_with_a_message(tmp_path):
    path = tmp_path / "bomb.yml"
    path.write_text("zones: [A, B]\nborders: []\nnotes:\n  " + LAUGHS.replace("\n", "\n  "))
    assert len(path.read_bytes()) < 600
    with pytest.raises(maps.MapError, match=r"can't be read as a map: its aliases \(\*name\) repeat its content past 100,000 values"):
        maps.load(path)


def test_an_alias_bomb_fence_fails_the_build_with_a_message():
    with pytest.raises(WidgetError, match="its aliases"):
        parse("widget: boons\nrating:\n  " + LAUGHS.replace("\n", "\n  "))


def test_a_fence_nested_too_deeply_fails_the_build_with_a_message():
    with pytest.raises(WidgetError, match="nests more than 32 levels"):
        parse("widget: boons\nrating: " + "[" * 40 + "]" * 40)
