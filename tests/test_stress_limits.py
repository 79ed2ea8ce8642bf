"""The bounds the stress widget checks a stored track against before drawing it
(calculators/pages/widgets/stress/options.py LIMITS) are the rules' own: one past each is refused."""
from calculators.pages.widgets.stress import LIMITS
from rules_core.api import call


def hit(track):
    return call("stress.track_hit", {"track": track, "shifts": 0})


def test_the_page_bounds_are_the_rules_bounds():
    assert hit({"threshold": LIMITS["threshold"]})["ok"]
    assert not hit({"threshold": LIMITS["threshold"] + 1})["ok"]
    assert hit({"threshold": 2, "marked": [LIMITS["box"]]})["ok"]
    assert not hit({"threshold": 2, "marked": [LIMITS["box"] + 1]})["ok"]
    assert hit({"threshold": 2, "marked": list(range(1, min(LIMITS["marked"], LIMITS["box"]) + 1))})["ok"]
    too_many = list(range(1, LIMITS["marked"] + 2))
    assert not hit({"threshold": 2, "marked": too_many})["ok"]
