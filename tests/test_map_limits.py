"""What a border map may hold (issue 14 §1): the largest map the benchmark
times is accepted, one more of anything is refused with a message naming the
limit, and a border with thousands of ways no longer takes seconds."""
from __future__ import annotations

import copy
import importlib.util
from pathlib import Path

import pytest

from rules_core import borders
from rules_core.api import call

_spec = importlib.util.spec_from_file_location("bench_maps", Path(__file__).resolve().parents[1] / "benchmarks" / "maps.py")
bench_maps = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_maps)


@pytest.fixture(scope="module")
def largest():
    return bench_maps.largest_map()


def test_the_benchmarks_largest_map_reaches_every_limit_and_is_accepted(largest):
    assert len(largest["zones"]) == borders.MAX_ZONES
    assert len(largest["borders"]) == borders.MAX_BORDERS
    assert sum(len(b["ways"]) for b in largest["borders"]) == borders.MAX_WAYS
    first, last = largest["zones"][0], largest["zones"][-1]
    assert call("borders.check", {"map": largest})["ok"]
    route = call("borders.route", {"map": largest, "start": first, "destination": last})
    assert route["ok"] and route["result"]["zones"][0] == first and route["result"]["zones"][-1] == last
    move = call("borders.move", {"map": largest, "start": first, "shifts": 5})
    assert move["ok"] and len(move["result"]["zones"]) == borders.MAX_ZONES


def _refused(the_map, field):
    reply = call("borders.check", {"map": the_map})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "too_large"
    assert reply["error"]["field"] == field
    return reply["error"]["message"]


def test_a_border_with_more_ways_than_allowed_is_refused():
    ways = [{"name": f"way {k}", "pass": 1} for k in range(10_000)]
    message = _refused({"zones": ["Hall", "Room"], "borders": [{"between": ["Hall", "Room"], "ways": ways}]},
                       "map.borders[0].ways")
    assert message == f"A border has at most {borders.MAX_WAYS_PER_BORDER} ways through it; this one has 10000."


def test_a_map_with_more_ways_in_all_than_allowed_is_refused(largest):
    bigger = copy.deepcopy(largest)
    last = bigger["borders"][-1]
    last["ways"].append({"name": "one more", "pass": 1})
    assert len(last["ways"]) <= borders.MAX_WAYS_PER_BORDER
    message = _refused(bigger, f"map.borders[{borders.MAX_BORDERS - 1}].ways")
    assert f"at most {borders.MAX_WAYS} ways" in message


def test_a_map_with_one_zone_or_border_too_many_says_how_many_it_has(largest):
    more_zones = {**largest, "zones": largest["zones"] + ["One more"]}
    assert _refused(more_zones, "map.zones") == f"A map holds at most {borders.MAX_ZONES} zones; this one has {borders.MAX_ZONES + 1}."
    more_borders = {**largest, "borders": largest["borders"] + [{"between": largest["zones"][:2]}]}
    assert _refused(more_borders, "map.borders").startswith(f"A map holds at most {borders.MAX_BORDERS} borders")


def test_the_largest_map_fits_in_one_request(largest):
    import json

    from rules_core.api import MAX_REQUEST_CHARS
    request = json.dumps({"id": 1, "name": "borders.move", "payload": {"map": largest, "start": largest["zones"][0], "shifts": 3}})
    assert len(request) < MAX_REQUEST_CHARS / 2
