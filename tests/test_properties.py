"""Property tests: invariants of RULES.md checked on many generated inputs.

Every oracle here is written from RULES.md, independently of rules_core:
a tiny stress-track simulator, brute force over consequence subsets, over
recovery sets, over simple paths of a map, over ``itertools.product`` of dice.
The runs are derandomized (the same examples every time), so a failure here is
reproducible and not a flake.
"""
from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations, permutations, product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from golden import load_cases
from rules_core import morale
from rules_core.api import CALCULATORS, call, handle
from rules_core.api import morale as api_morale
from rules_core.errors import RulesError

CASES = load_cases(Path(__file__).parent / "cases")

FAST = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
# Each example replays the log once per event; shrinking a failure would take long, so these don't shrink.
SLOW = settings(max_examples=25, deadline=None, derandomize=True,
                phases=[Phase.explicit, Phase.reuse, Phase.generate],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def ok(name: str, payload: dict) -> dict:
    reply = call(name, payload)
    assert reply["ok"], reply
    return reply["result"]


def frac(p: dict) -> Fraction:
    """The exact probability a calculator reports, as a Fraction."""
    return Fraction(p["exact"])


# ============================================================ stress: wound boxes (RULES.md §3a)

CAPACITY = (1, 1, 1, 2, 2, 3)
SLOTS = ("physical", "mental", "social")
flags6 = st.lists(st.booleans(), min_size=6, max_size=6)


@FAST
@given(data=st.data(), wounds=st.fixed_dictionaries({s: flags6 for s in SLOTS}), stress=st.integers(0, 9),
       kind=st.sampled_from(SLOTS), favor=st.integers(0, 12), in_conflict=st.booleans(),
       last_stand=st.booleans(), edition=st.sampled_from(["2023", "2022"]))
def test_wounds_conserve_stress_and_respect_capacity(data, wounds, stress, kind, favor, in_conflict, last_stand, edition):
    assume(in_conflict or not last_stand)
    fitting = [i for i in range(6) if not wounds[kind][i] and CAPACITY[i] >= stress]
    payload = {"wounds": wounds, "stress": stress, "type": kind, "favor": favor,
               "in_conflict": in_conflict, "last_stand": last_stand, "edition": edition}
    if fitting and stress and data.draw(st.booleans(), label="pick a box"):
        payload["box"] = data.draw(st.sampled_from(fitting), label="box") + 1  # the API numbers boxes from 1
    r = ok("stress.wounds", payload)

    if r["outcome"] not in ("perishes", "overwhelmed", "retired"):
        assert r["absorbed"] + r["trait"] == stress
    if r["outcome"] == "marked":
        box = r["box"] - 1                                  # the API numbers boxes from 1
        assert CAPACITY[box] >= stress                      # never marked beyond its capacity
        assert not wounds[kind][box]
        assert r["wounds"][kind] == [m or i == box for i, m in enumerate(wounds[kind])]
    else:
        assert r["wounds"] == wounds                        # nothing marked
    for s in SLOTS:
        if s != kind:
            assert r["wounds"][s] == wounds[s]
        level = max((c for c, m in zip(CAPACITY, r["wounds"][s]) if m), default=0)
        assert r["severity"][s]["level"] == level
    assert 0 <= r["favor_spent"] <= favor and r["favor_left"] == favor - r["favor_spent"]
    if stress == 0:
        assert r["outcome"] == "none" and r["wounds"] == wounds
    if last_stand and edition == "2022" and stress > 0:
        assert r["outcome"] == "perishes"


# ============================================================ stress: wiki conditions (RULES.md §3b)

RATING = (1, 1, 1, 2, 2, 3)


@FAST
@given(filled=flags6, stress=st.integers(0, 9), last_stand=st.booleans())
def test_conditions_conserve_stress(filled, stress, last_stand):
    r = ok("stress.conditions", {"conditions": filled, "stress": stress, "last_stand": last_stand})
    if stress == 0:
        assert r["outcome"] == "none" and r["conditions"] == filled
        return
    if last_stand:
        assert r["outcome"] == "perishes"
        return
    assert r["absorbed"] + r["trait"] == stress
    empty = [i for i in range(6) if not filled[i]]
    if r["slot"] is None:
        assert not empty and r["trait"] == stress and r["conditions"] == filled
    else:
        slot = r["slot"] - 1                                # the API numbers slots from 1
        assert slot in empty and r["rating"] == RATING[slot] and r["absorbed"] <= RATING[slot]
        assert r["conditions"] == [f or i == slot for i, f in enumerate(filled)]
        fits = [i for i in empty if RATING[i] >= stress]
        if fits:
            assert r["trait"] == 0 and RATING[slot] == min(RATING[i] for i in fits)
        else:
            assert RATING[slot] == max(RATING[i] for i in empty)
            assert r["choice"] == ["surrender", "last_stand"]


# ============================================================ stress: Edgerunner tracks (RULES.md §3c)

RANK = {"mild": 1, "moderate": 2, "severe": 3}
DEFAULT_VALUES = {"mild": 1, "moderate": 2, "severe": 4}


@st.composite
def tracks(draw):
    values = dict(DEFAULT_VALUES)
    overrides = {}
    for name in RANK:
        if draw(st.booleans()):
            overrides[name] = values[name] = draw(st.integers(1, 6))
    track = {"threshold": draw(st.integers(0, 6)),
             "marked": draw(st.lists(st.integers(1, 8), unique=True, max_size=5)),
             "consequences": overrides,
             "taken": draw(st.lists(st.sampled_from(list(RANK)), unique=True, max_size=2))}
    return track, values


def simulate(track, values, threshold, shifts, chosen, invokes):
    """RULES.md §3c by hand: ('none'|'mark'|'out', box)."""
    stress = shifts - sum(values[c] for c in chosen) - 2 * invokes
    if stress <= 0:
        return "none", None
    box = stress
    while box in track["marked"]:
        box += 1
    return ("out", box) if box > threshold else ("mark", box)


def no_worse(a, b) -> bool:
    """Option a = (consequences, invokes) is no worse than b: no more invokes, and
    each of a's consequences matched to a distinct one of b's at least as severe."""
    (ca, ia), (cb, ib) = a, b
    if ia > ib or len(ca) > len(cb):
        return False
    return any(all(RANK[x] <= RANK[y] for x, y in zip(ca, perm)) for perm in permutations(cb, len(ca)))


def threshold_of(track, defense, distance):
    return track["threshold"] if defense is None else max(0, defense - distance)


@FAST
@given(t=tracks(), shifts=st.integers(0, 14), invokes=st.integers(0, 3), data=st.data(),
       defense=st.none() | st.integers(0, 6), distance=st.integers(0, 2))
def test_track_hit_matches_the_rules(t, shifts, invokes, data, defense, distance):
    track, values = t
    free = [c for c in RANK if c not in track["taken"]]
    chosen = data.draw(st.lists(st.sampled_from(free), unique=True), label="consequences") if free else []
    payload = {"track": track, "shifts": shifts, "consequences": chosen, "invokes": invokes}
    if defense is not None:
        payload.update(defense_shifts=defense, range=distance)
    hit = ok("stress.track_hit", payload)["hit"]
    threshold = threshold_of(track, defense, distance)
    outcome, box = simulate(track, values, threshold, shifts, chosen, invokes)
    assert hit["threshold"] == threshold
    assert hit["taken_out"] == (outcome == "out")
    if outcome == "mark":
        assert hit["box"] == box and hit["box"] <= threshold       # never above the threshold
        assert hit["track"]["marked"] == sorted(set(track["marked"]) | {box})
    else:
        assert hit["box"] is None
        assert hit["track"]["marked"] == sorted(track["marked"])   # taking out marks nothing
    if shifts == 0:
        assert hit["stress"] == 0 and hit["track"]["marked"] == sorted(track["marked"])


@FAST
@given(t=tracks(), shifts=st.integers(0, 16), available=st.integers(0, 3),
       defense=st.none() | st.integers(0, 6), distance=st.integers(0, 2))
def test_absorb_options_are_valid_complete_and_cheapest(t, shifts, available, defense, distance):
    track, values = t
    payload = {"track": track, "shifts": shifts, "invokes_available": available}
    if defense is not None:
        payload.update(defense_shifts=defense, range=distance)
    options = ok("stress.track_hit", payload)["options"]
    threshold = threshold_of(track, defense, distance)
    free = [c for c in RANK if c not in track["taken"]]
    combos = [(tuple(sub), k) for n in range(len(free) + 1) for sub in combinations(free, n) for k in range(available + 1)]
    valid = [c for c in combos if simulate(track, values, threshold, shifts, *c)[0] != "out"]
    got = [(tuple(o["consequences"]), o["invokes"]) for o in options]

    for o, (cons, k) in zip(options, got):                 # every option really keeps the character in
        assert (cons, k) in valid
        assert not o["hit"]["taken_out"]
    for c in valid:                                         # no cheaper way is missing
        assert any(no_worse(o, c) for o in got), f"{c} is not covered by {got}"
    for o in got:                                           # and none is beaten by another way
        assert not any(no_worse(c, o) and not no_worse(o, c) for c in valid)
    assert len(set(got)) == len(got)
    if not valid:
        assert options == []
    else:
        def cost(c):
            return (len(c[0]), sum(RANK[x] for x in c[0]), c[1])
        assert cost(got[0]) == min(map(cost, valid))


@FAST
@given(marked=st.lists(st.integers(1, 10), unique=True, max_size=7), shifts=st.integers(0, 25))
def test_recovery_suggestion_is_the_best_set(marked, shifts):
    r = ok("stress.track_recovery", {"track": {"threshold": 10, "marked": marked}, "shifts": shifts})
    best = max((len(s), sum(s)) for n in range(len(marked) + 1) for s in combinations(marked, n) if sum(s) <= shifts)
    assert (len(r["suggested"]), sum(r["suggested"])) == best
    assert set(r["suggested"]) <= set(marked)
    assert r["cost"] == sum(r["suggested"]) <= shifts and r["left"] == shifts - r["cost"]
    assert r["clearable"] == sorted(b for b in marked if b <= shifts)
    assert r["track"]["marked"] == sorted(set(marked) - set(r["suggested"]))


# ============================================================ morale (RULES.md §4)

KINDS = ("success", "failure", "attack", "advantage", "leave", "overwhelmed", "end_turn", "last_stand", "concede",
         "perish", "adjust")


@st.composite
def conflicts(draw, editions=morale.EDITIONS):
    """A setup and a log of events that each apply cleanly (rejected candidates are skipped)."""
    edition = draw(st.sampled_from(editions))
    teams = []
    for i in range(draw(st.integers(2, 3))):
        names = [f"P{i}{j}" for j in range(draw(st.integers(1, 3)))]
        if edition == "wiki":
            members = [{"name": n, "successes": draw(st.integers(0, 4)), "perfect_defense": draw(st.booleans()),
                        "vigor": draw(st.booleans()), "intuition": draw(st.booleans())} for n in names]
            team = {"name": f"T{i}", "captain": draw(st.sampled_from(names)), "members": members,
                    "approach": draw(st.integers(0, 4))}
        else:
            team = {"name": f"T{i}", "captain": draw(st.sampled_from(names)), "members": names}
        teams.append(team)
    setup = {"edition": edition, "teams": teams}
    people = [m if isinstance(m, str) else m["name"] for t in teams for m in t["members"]]
    state = morale.start(api_morale.read_setup(setup))
    events = []
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.sampled_from(KINDS))
        raw = {"kind": kind}
        if kind in ("success", "failure", "advantage"):
            raw.update(member=draw(st.sampled_from(people)), margin=draw(st.integers(0, 4)))
        elif kind == "attack":
            raw.update(member=draw(st.sampled_from(people)), defender=draw(st.sampled_from(people)),
                       effort=draw(st.integers(0, 6)), defender_effort=draw(st.integers(0, 6)),
                       disposed=draw(st.booleans()), reduce=draw(st.sampled_from(["stress", "morale"])))
        elif kind in ("leave", "overwhelmed"):
            raw.update(member=draw(st.sampled_from(people)))
            if kind == "leave" and draw(st.booleans()):
                raw["successes"] = draw(st.integers(0, 3))
            if draw(st.booleans()):
                raw["new_captain"] = draw(st.sampled_from(people))
        elif kind == "end_turn":
            raw.update(effort=draw(st.integers(0, 6)), helpers=draw(st.integers(0, 2)))
        elif kind in ("last_stand", "perish"):
            raw.update(member=draw(st.sampled_from(people)))
        elif kind == "concede":
            raw.update(team=draw(st.sampled_from([t["name"] for t in teams])))
        else:
            raw.update(team=draw(st.sampled_from([t["name"] for t in teams])), amount=draw(st.integers(-3, 3)))
        try:
            state = morale.apply(state, api_morale.read_event(raw))[0]
        except RulesError:
            continue
        events.append(raw)
    return setup, events


def without_event(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("event", "stress_dealt")}


def state_of(result: dict) -> dict:
    """A replay's state without the token it was kept under (each replay keeps its own)."""
    return {k: v for k, v in result.items() if k not in ("token", "length")}


@SLOW
@given(conflict=conflicts())
def test_morale_replay_equals_applying_one_by_one(conflict):
    setup, events = conflict
    whole = ok("morale.replay", {"setup": setup, "events": events})
    for i, event in enumerate(events):
        stepped = ok("morale.apply", {"setup": setup, "events": events[:i], "event": event})
        assert stepped["stress_dealt"] == stepped["log"][0]["stress_dealt"]
        assert without_event(stepped) == state_of(ok("morale.replay", {"setup": setup, "events": events[:i + 1]}))
    if events:
        assert without_event(stepped) == state_of(whole)


@SLOW
@given(conflict=conflicts())
def test_morale_token_tap_answers_what_the_whole_log_apply_does(conflict):
    """A tap with the token (one event) gives the state and the log entry the
    whole-log ``morale.apply`` gives, without the form and the log; an undo is
    a shorter length; a length the engine does not hold is ``stale``."""
    setup, events = conflict
    kept = ok("morale.replay", {"setup": setup, "events": []})
    token = kept["token"]
    for i, event in enumerate(events):
        whole = ok("morale.apply", {"setup": setup, "events": events[:i], "event": event})
        tap = ok("morale.apply", {"token": token, "length": i, "event": event})
        assert tap["entry"] == whole["log"][0] and tap["length"] == i + 1
        assert {k: v for k, v in tap.items() if k not in ("entry", "token", "length")} == \
            {k: v for k, v in whole.items() if k not in ("form", "log")}
    if events:
        undone = ok("morale.apply", {"token": token, "length": len(events) - 1})
        again = state_of(ok("morale.replay", {"setup": setup, "events": events[:-1]}))
        assert {k: v for k, v in undone.items() if k not in ("entry", "token", "length")} == \
            {k: v for k, v in again.items() if k not in ("form", "log")}
    assert call("morale.apply", {"token": token, "length": len(events) + 1, "event": {}})["error"]["code"] == "stale"


@SLOW
@given(conflict=conflicts())
def test_morale_cleaned_events_replay_to_the_same_state(conflict):
    """The page stores the cleaned event ``morale.apply`` returns; replaying those must give the same state."""
    setup, events = conflict
    cleaned = [ok("morale.apply", {"setup": setup, "events": events[:i], "event": e})["event"] for i, e in enumerate(events)]
    assert state_of(ok("morale.replay", {"setup": setup, "events": cleaned})) == \
        state_of(ok("morale.replay", {"setup": setup, "events": events}))


@FAST
@given(conflict=conflicts(), cut=st.integers(0, 30))
def test_morale_prefix_then_rest_and_undo(conflict, cut):
    setup, raw = conflict
    s = api_morale.read_setup(setup)
    events = [api_morale.read_event(e) for e in raw]
    whole = morale.replay(s, events)
    cut = min(cut, len(events))
    state = morale.replay(s, events[:cut])
    for e in events[cut:]:
        state = morale.apply(state, e)[0]
    assert state == whole
    steps = morale.history(s, events)
    assert [st_.state for st_ in steps] == [morale.replay(s, events[:i + 1]) for i in range(len(events))]
    if events:                                             # undo = replay without the last event
        before = steps[-2].state if len(steps) > 1 else morale.start(s)
        assert morale.replay(s, events[:-1]) == before


@FAST
@given(conflict=conflicts())
def test_morale_wiki_never_negative_and_broken_morale_rating(conflict):
    setup, raw = conflict
    s = api_morale.read_setup(setup)
    states = [morale.start(s)] + [step.state for step in morale.history(s, [api_morale.read_event(e) for e in raw])]
    for state in states:
        for team in state.teams:
            if setup["edition"] == "wiki":
                assert team.morale >= 0
            else:
                assert team.broken_morale == max(0, -team.morale)
    for team in ok("morale.replay", {"setup": setup, "events": raw})["teams"]:
        if setup["edition"] == "wiki":
            assert team["morale"] >= 0
        else:
            assert team["broken_morale"] == max(0, -team["morale"])
            assert team["keep_morale"]["difficulty"] == team["broken_morale"]


@FAST
@given(conflict=conflicts())
def test_morale_no_winner_while_a_broken_team_may_still_enter_a_last_stand(conflict):
    """RULES.md §4: a team whose morale broke loses only if nobody enters a Last Stand, so while its
    members may still do so nobody has won, the tracker says so, and nothing else can be logged."""
    setup, raw = conflict
    for i in range(len(raw) + 1):
        view = ok("morale.replay", {"setup": setup, "events": raw[:i]})
        deciding = [t for t in view["teams"] if t["status"] == "deciding"]
        assert len(deciding) <= 1
        if deciding:
            team = deciding[0]
            assert view["winner"] is None and not view["over"]
            assert all(t["status"] != "won" for t in view["teams"])
            assert view["announcement"].startswith(team["name"]) and "Last Stand" in view["announcement"]
            assert "won" not in view["announcement"]
            assert team["actions"] == ["concede", "adjust"]
            for t in view["teams"]:
                for m in t["members"]:
                    assert m["actions"] in ([], ["last_stand"]) and (not m["actions"] or t is team)
        elif view["over"]:
            winner = view["winner"]
            assert view["announcement"].startswith(f"{winner} won the conflict." if winner else "Every team lost the conflict.")
        else:
            assert view["announcement"] is None


@FAST
@given(conflict=conflicts(editions=("2023", "2022")), helpers=st.integers(0, 3))
def test_keep_morale_difficulty_is_rating_plus_helpers(conflict, helpers):
    setup, raw = conflict
    state = ok("morale.replay", {"setup": setup, "events": raw})
    for team in state["teams"]:
        payload = {"setup": setup, "events": raw, "team": team["name"], "helpers": helpers}
        able = sum(1 for m in team["members"] if m["in_play"] and not m["captain"])
        if helpers > able:  # only teammates in play beside the captain can help
            reply = call("morale.keep_morale", payload)
            assert not reply["ok"] and reply["error"]["field"] == "helpers" and reply["error"]["code"] == "too_large"
            continue
        r = ok("morale.keep_morale", payload)
        assert r["rating"] == max(0, -team["morale"])
        assert r["difficulty"] == r["rating"] + helpers


# ============================================================ borders (RULES.md §5)


@st.composite
def zone_maps(draw):
    zones = [f"Z{i}" for i in range(draw(st.integers(2, 5)))]
    pairs = [(a, b) for a, b in combinations(zones, 2)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    borders = []
    for a, b in chosen:
        if draw(st.booleans()):
            a, b = b, a
        style = draw(st.sampled_from(["default", "plain", "directional", "ways"]))
        border = {"between": [a, b]}
        if style == "plain":
            border["pass"] = draw(st.integers(0, 6))
        elif style == "directional":
            border.update({"pass": draw(st.integers(0, 6)), "back": draw(st.integers(0, 6))})
        elif style == "ways":
            ways = []
            for k in range(draw(st.integers(1, 3))):
                way = {"name": f"w{k}", "pass": draw(st.integers(0, 8))}
                if draw(st.booleans()):
                    way["back"] = draw(st.integers(0, 8))
                if draw(st.booleans()):
                    way["off"] = True
                ways.append(way)
            border["ways"] = ways
        borders.append(border)
    return {"zones": zones, "borders": borders}


def step_cost(border, frm):
    """Cheapest enabled way across ``border`` starting from zone ``frm`` (None if all are off)."""
    a = border["between"][0]
    ways = border.get("ways") or [{k: border[k] for k in ("pass", "back") if k in border}]
    costs = []
    for w in ways:
        if w.get("off"):
            continue
        forward = w.get("pass", 1)
        costs.append(forward if frm == a else w.get("back", forward))
    return min(costs, default=None)


def brute_force_costs(zone_map, start):
    """Cheapest cost to every zone over all simple paths (None when unreachable)."""
    best = {z: None for z in zone_map["zones"]}

    def walk(zone, cost, seen):
        if best[zone] is None or cost < best[zone]:
            best[zone] = cost
        for b in zone_map["borders"]:
            if zone in b["between"]:
                other = b["between"][1] if b["between"][0] == zone else b["between"][0]
                c = step_cost(b, zone)
                if other not in seen and c is not None:
                    walk(other, cost + c, seen | {other})

    walk(start, 0, {start})
    return best


def fewest_borders(zone_map, start):
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for z in frontier:
            for b in zone_map["borders"]:
                if z in b["between"]:
                    other = b["between"][1] if b["between"][0] == z else b["between"][0]
                    if other not in dist:
                        dist[other] = dist[z] + 1
                        nxt.append(other)
        frontier = nxt
    return dist


def route_cost(zone_map, a, b):
    r = call("borders.route", {"map": zone_map, "start": a, "destination": b})
    if not r["ok"]:
        assert r["error"]["code"] == "no_route", r
        return None
    return r["result"]


@FAST
@given(zone_map=zone_maps())
def test_routes_match_brute_force_and_are_consistent(zone_map):
    zones = zone_map["zones"]
    cost = {}
    for a in zones:
        oracle = brute_force_costs(zone_map, a)
        hops = fewest_borders(zone_map, a)
        for b in zones:
            r = route_cost(zone_map, a, b)
            cost[a, b] = None if r is None else r["cost"]
            assert cost[a, b] == oracle[b]
            if r is None:
                continue
            assert r["cost"] >= 0
            assert r["range"] == hops[b]
            assert r["zones"][0] == a and r["zones"][-1] == b and len(set(r["zones"])) == len(r["zones"])
            assert sum(c["cost"] for c in r["crossings"]) == r["cost"] and r["borders"] == len(r["crossings"])
            for c in r["crossings"]:
                border = next(x for x in zone_map["borders"] if set(x["between"]) == {c["from"], c["to"]})
                assert c["cost"] == step_cost(border, c["from"])
    for border in zone_map["borders"]:                     # never dearer than the direct border
        a, b = border["between"]
        for frm, to in ((a, b), (b, a)):
            direct = step_cost(border, frm)
            if direct is not None:
                assert cost[frm, to] is not None and cost[frm, to] <= direct
    for a, b, c in product(zones, repeat=3):               # triangle inequality
        if cost[a, b] is not None and cost[b, c] is not None:
            assert cost[a, c] is not None and cost[a, c] <= cost[a, b] + cost[b, c]


@FAST
@given(zone_map=zone_maps(), data=st.data(), shifts=st.integers(0, 15))
def test_reach_and_shortfall_agree_with_route_cost(zone_map, data, shifts):
    start = data.draw(st.sampled_from(zone_map["zones"]), label="start")
    r = ok("borders.move", {"map": zone_map, "start": start, "shifts": shifts})
    oracle = brute_force_costs(zone_map, start)
    assert [z["zone"] for z in r["zones"]] == zone_map["zones"]
    for z in r["zones"]:
        c = oracle[z["zone"]]
        assert z["cost"] == c
        if c is None:
            assert z["shortfall"] is None and not z["reachable"]
            continue
        assert z["shortfall"] == max(0, c - shifts)
        assert z["reachable"] == (c <= shifts)
        for way in z["cover"]:                              # each suggested cover makes the shortfall up
            made_up = sum(DEFAULT_VALUES[x] for x in way["consequences"]) + 2 * way["invokes"]
            assert made_up >= z["shortfall"] > 0
    assert r["reachable"] == [z for z in zone_map["zones"] if z != start and oracle[z] is not None and oracle[z] <= shifts]


# ============================================================ dice and boons (RULES.md §1, §2)


def test_4df_sums_to_one():
    rows = ok("dice.fate_distribution", {})["rows"]
    assert sum(r["ways"] for r in rows) == 81
    assert sum(frac(r["probability"]) for r in rows) == 1
    ways = {t: 0 for t in range(-4, 5)}
    for faces in product((-1, 0, 1), repeat=4):
        ways[sum(faces)] += 1
    assert [(r["total"], r["ways"]) for r in rows] == sorted(ways.items())


@FAST
@given(skill=st.integers(-10, 30), target=st.integers(-20, 60), bid=st.integers(0, 30))
def test_fate_odds_match_brute_force(skill, target, bid):
    r = ok("dice.fate_odds", {"skill": skill, "difficulty": target, "bid": bid})
    hits = sum(1 for faces in product((-1, 0, 1), repeat=4) if skill + sum(faces) - bid >= target)
    assert frac(r["probability"]) == Fraction(hits, 81)
    assert r["probability"]["value"] == pytest.approx(hits / 81)


def brute_pool(pool, target):
    """P(exactly k hits), every face of every die enumerated (pools up to 5)."""
    counts = [0] * (pool + 1)
    for roll in product(range(1, 7), repeat=pool):
        counts[sum(d >= target for d in roll)] += 1
    return [Fraction(c, 6 ** pool) for c in counts]


def brute_hits(pool, target):
    """P(exactly k hits), every hit/miss pattern enumerated with its weight (larger pools)."""
    p = Fraction(7 - target, 6)
    dist = [Fraction(0)] * (pool + 1)
    for pattern in product((True, False), repeat=pool):
        k = sum(pattern)
        dist[k] += p ** k * (1 - p) ** (pool - k)
    return dist


@FAST
@given(pool=st.integers(0, 5), difficulty=st.integers(0, 7), target=st.integers(2, 6))
def test_pool_odds_match_brute_force(pool, difficulty, target):
    r = ok("dice.pool_odds", {"pool": pool, "difficulty": difficulty, "target": target})
    dist = brute_pool(pool, target)
    assert [frac(p) for p in r["distribution"]] == dist
    assert sum(frac(p) for p in r["distribution"]) == 1
    assert frac(r["probability"]) == sum(dist[difficulty:], Fraction(0))


@FAST
@given(pool=st.integers(0, 4), difficulty=st.integers(0, 6), rating=st.integers(1, 5), target=st.integers(2, 6))
def test_boon_odds_are_three_pools(pool, difficulty, rating, target):
    r = ok("boons.odds", {"pool": pool, "difficulty": difficulty, "rating": rating, "target": target})
    free = max(0, (rating - 1) // 2)
    for key, n in (("without", pool), ("with_free_dice", pool + free), ("spending", pool + rating)):
        assert r[key]["pool"] == n
        assert frac(r[key]["probability"]) == sum(brute_hits(n, target)[difficulty:], Fraction(0))


@FAST
@given(rating=st.integers(1, 99), enduring=st.booleans())
def test_free_dice_never_decrease(rating, enduring):
    a = ok("boons.free_dice", {"rating": rating, "enduring": enduring})
    b = ok("boons.free_dice", {"rating": rating + 1, "enduring": enduring})
    assert a["free_dice"] <= b["free_dice"] <= a["free_dice"] + 1
    assert a["free_dice"] == max(0, (rating - 1) // 2)
    assert a["use_free_dice"]["rating_after"] == rating    # free dice degrade nothing
    assert a["spend"]["rating_after"] == (rating - 1 if enduring and rating > 1 else None)


@FAST
@given(shifts=st.integers(-20, 98))
def test_maneuver_invokes_never_decrease(shifts):
    a = ok("maneuver.free_invokes", {"shifts": shifts})
    b = ok("maneuver.free_invokes", {"shifts": shifts + 1})
    assert 0 <= a["free_invokes"] <= b["free_invokes"] <= 3
    assert a["free_invokes"] == a["stress_boxes"]


# ============================================================ the API boundary never breaks

json_leaves = (st.none() | st.booleans() | st.integers(-10**12, 10**12)
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6)
               | st.sampled_from(["", "abc", "2.5", "-1", "mild", "wiki", "2023", "physical", "+0--", "A"]))
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
SEEDS = {name: [c["input"] for c in CASES if c["call"] == name and "expect" in c] for name in CALCULATORS}


@st.composite
def mutated(draw, value, depth=0):
    """A valid input with random parts replaced, dropped or added, to reach deep into a calculator."""
    roll = draw(st.integers(0, 9))
    if roll == 0 or depth > 6:
        return draw(json_values) if roll == 0 else value
    if roll == 1:
        return [value] if draw(st.booleans()) else {"": value}   # the right value in the wrong container
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            choice = draw(st.integers(0, 5))
            if choice == 0:
                continue                                    # drop the key
            out[key] = draw(mutated(v, depth + 1)) if choice <= 3 else v
        if draw(st.integers(0, 4)) == 0:
            out[draw(st.text(max_size=6))] = draw(json_values)
        return out
    if isinstance(value, list):
        out = [draw(mutated(v, depth + 1)) if draw(st.booleans()) else v for v in value]
        if out and draw(st.integers(0, 4)) == 0:
            out.pop(draw(st.integers(0, len(out) - 1)))
        if draw(st.integers(0, 4)) == 0:
            out.insert(draw(st.integers(0, len(out))), draw(json_values))
        return out
    return draw(json_values) if roll <= 2 else value


def payloads(name):
    seeds = SEEDS[name]
    guided = st.sampled_from(seeds).flatmap(mutated) if seeds else st.nothing()
    return guided | st.dictionaries(st.text(max_size=8), json_values, max_size=5) | json_values


def assert_clean_reply(reply):
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
    if reply["ok"]:
        json.dumps(reply["result"])                        # JSON-safe
    else:
        error = reply["error"]
        assert error["code"] != "internal", error
        assert isinstance(error["message"], str) and error["message"].strip()


@pytest.mark.parametrize("name", sorted(CALCULATORS))
@settings(max_examples=40, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(data=st.data())
def test_call_never_raises_nor_fails_internally(name, data):
    payload = data.draw(payloads(name), label="payload")
    assert_clean_reply(call(name, payload))


@FAST
@given(name=st.text(max_size=20) | st.none() | st.integers(), payload=json_values)
def test_unknown_names_and_any_payload(name, payload):
    reply = call(name, payload)
    assert_clean_reply(reply)
    if name not in CALCULATORS:
        assert reply["error"]["code"] == "unknown_calculator"


@FAST
@given(message=st.text(max_size=60) | json_values.map(json.dumps))
def test_handle_always_answers_json(message):
    reply = json.loads(handle(message))
    assert set(reply) >= {"id", "ok"}
    assert_clean_reply(reply)
