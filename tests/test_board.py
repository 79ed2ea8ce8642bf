"""The conflict board's token protocol (rules_core/api/_logs.py): a tap applies one event to a kept log.

What a referee would notice: after any tap, undo or redo the board shows exactly what replaying the
whole log shows; a tap on a forgotten log asks for the log again instead of answering wrongly; a tap
does not replay the log.
"""
from pathlib import Path

import pytest
import yaml

from rules_core import board as core
from rules_core.api import call
from rules_core.api.board import LOGS
from rules_core.api.board.examples import warehouse

ROOT = Path(__file__).resolve().parent.parent


def ok(name, payload):
    reply = call(name, payload)
    assert reply["ok"], reply.get("error")
    return reply["result"]


def crew():
    return ok("board.example", {"name": "warehouse crew"})["setup"]


def roll(kind, actor, skill, rating, dice, **kw):
    return {"kind": kind, "actor": actor, "skill": skill, "rating": rating, "dice": dice, **kw}


def simple(actor, note=""):
    return {"kind": "simple", "actor": actor, "note": note}


def ten_exchanges() -> list[dict]:
    """Four actors on the warehouse map, ten exchanges: moves, attacks, a defense held and continued,
    a maneuver, a recovery, a compel, and the table ending an exchange."""
    events = []
    for n in range(10):
        if n % 2 == 0:
            events += [
                roll("defense", "Jade", "Athletics", 2, 1, target="Gatto", track="cool") if n == 0
                else {"kind": "continue", "actor": "Jade"},
                roll("move", "Gatto", "Athletics", 3, 0, zone="Middle" if n % 4 == 0 else "West end"),
                roll("attack", "Hargan", "Shoot", 1, 0, target="Jade", track="humanity",
                     resist={"consequences": []}) if n == 0 else simple("Hargan", f"reloads ({n})"),
                {"kind": "compel", "actor": "Rook", "aspect": "Lazy"} if n == 2 else simple("Rook"),
            ]
        else:
            events += [
                {"kind": "continue", "actor": "Jade"},
                simple("Gatto"),
                roll("maneuver", "Hargan", "Notice", 2, n % 3 - 1, aspect=f"Cover {n}", on="zone", target="East end")
                if n < 9 else roll("recovery", "Hargan", "Will", 3, 0, target="Rook", track="cool"),
            ]
            if n < 9:
                events.append({"kind": "end_exchange"})
    return events


def test_the_warehouse_crew_uses_the_border_calculators_warehouse_map():
    on_disk = yaml.safe_load((ROOT / "docs" / "maps" / "warehouse.yml").read_text(encoding="utf-8"))
    assert warehouse() == on_disk
    assert crew()["map"] == on_disk


def test_ten_exchanges_of_four_actors_replay_to_the_tenth_exchange():
    events = ten_exchanges()
    state = ok("board.replay", {"setup": crew(), "events": events})
    assert state["length"] == len(events)
    assert state["state"]["exchange"] == 10
    assert state["entries"][0]["text"] == "Exchange 1 — Jade defends Gatto's Cool: threshold 3 (3 shifts)"
    assert state["entries"][-1]["text"].startswith("Exchange 10 — Hargan recovers Rook's Cool")
    assert state["state"]["closed"] is True           # all four acted in exchange 10 (the recovery counts for Rook)


def test_every_tap_gives_what_replaying_the_whole_log_gives():
    events = ten_exchanges()
    setup = crew()
    start = ok("board.replay", {"setup": setup, "events": []})
    token = start["token"]
    for i, event in enumerate(events):
        tap = ok("board.apply", {"token": token, "length": i, "event": event})
        whole = ok("board.replay", {"setup": setup, "events": events[: i + 1]})
        assert tap["length"] == i + 1
        assert tap["state"] == whole["state"], f"after event {i}"
        assert tap["entry"] == whole["entries"][-1]


def test_undo_and_redo_move_along_the_kept_log():
    events = ten_exchanges()[:6]
    setup = crew()
    full = ok("board.replay", {"setup": setup, "events": events})
    token = full["token"]
    undone = ok("board.at", {"token": token, "length": 4})
    assert undone["state"] == ok("board.replay", {"setup": setup, "events": events[:4]})["state"]
    assert undone["entry"]["index"] == 3
    redone = ok("board.apply", {"token": token, "length": 4, "event": events[4]})
    assert redone["state"] == ok("board.replay", {"setup": setup, "events": events[:5]})["state"]
    empty = ok("board.at", {"token": token, "length": 0})
    assert empty["entry"] is None and empty["state"]["exchange"] == 1 and empty["state"]["acted"] == []


def test_a_length_the_engine_no_longer_holds_is_stale():
    events = ten_exchanges()[:6]
    token = ok("board.replay", {"setup": crew(), "events": events})["token"]
    ok("board.at", {"token": token, "length": 2})          # undo twice … four times
    reply = call("board.apply", {"token": token, "length": 6, "event": simple("Rook")})
    assert reply["ok"] is False
    assert (reply["error"]["code"], reply["error"]["field"]) == ("stale", "token")


def test_a_forgotten_log_is_stale_and_never_answers_for_another():
    first = ok("board.replay", {"setup": crew(), "events": []})["token"]
    for _ in range(8):                                    # the engine keeps 8: the first is forgotten
        ok("board.replay", {"setup": crew(), "events": [simple("Gatto")]})
    reply = call("board.apply", {"token": first, "length": 0, "event": simple("Jade")})
    assert reply["error"]["code"] == "stale"


def test_a_bad_tap_names_the_field_and_the_new_events_place():
    events = [roll("move", "Gatto", "Athletics", 3, -1)]
    token = ok("board.replay", {"setup": crew(), "events": events})["token"]
    reply = call("board.apply", {"token": token, "length": 1,
                                 "event": roll("move", "Hargan", "Athletics", 1, 0, zone="Middle")})
    error = reply["error"]
    assert (error["field"], error["event"], error["code"]) == ("zone", 1, "too_large")
    assert "2 short" in error["message"]
    # the kept log is still there: the next good tap continues it
    assert ok("board.apply", {"token": token, "length": 1, "event": simple("Hargan")})["length"] == 2


def test_a_tap_does_not_replay_the_log(monkeypatch):
    token = ok("board.replay", {"setup": crew(), "events": ten_exchanges()})["token"]
    length = len(ten_exchanges())

    def no_replay(*_args, **_kwargs):
        raise AssertionError("a tap replayed the log")
    monkeypatch.setattr(core, "history", no_replay)
    monkeypatch.setattr(core, "start", no_replay)
    assert ok("board.apply", {"token": token, "length": length, "event": simple("Gatto")})["length"] == length + 1


def test_preview_on_a_kept_log_offers_the_reachable_zones_and_absorb_options():
    token = ok("board.replay", {"setup": crew(), "events": []})["token"]
    move = ok("board.preview", {"token": token, "length": 0,
                                "event": {"kind": "move", "actor": "Rook", "rating": 2, "dice": 1}})
    assert [(z["zone"], z["reachable"], z["shortfall"]) for z in move["reach"]] == [
        ("West end", True, 0), ("Middle", True, 0), ("East end", True, 0)]
    attack = ok("board.preview", {"token": token, "length": 0, "event": {
        "kind": "attack", "actor": "Rook", "rating": 3, "dice": 1, "target": "Gatto", "track": "cool"}})
    # 4 shifts on a threshold of 2, nothing marked: the hit must come down to 2; a moderate does it (box 2)
    assert [(o["consequences"], o["invokes"], o["hit"]["box"]) for o in attack["absorb"]["options"]] == [
        (["moderate"], 0, 2)]
    assert attack["absorb"]["taken_out_anyway"] is False and attack["range"] == 1
    assert attack["must_continue"] is False


def test_preview_says_when_an_action_must_be_a_continue():
    events = [roll("attack", "Rook", "Fight", 1, 0, target="Jade", track="cool"),
              simple("Gatto"), simple("Jade"), simple("Hargan")]
    token = ok("board.replay", {"setup": crew(), "events": events})["token"]
    again = ok("board.preview", {"token": token, "length": 4, "event": {
        "kind": "attack", "actor": "Rook", "skill": "Fight", "rating": 1, "dice": 0, "target": "Jade", "track": "cool"}})
    assert again["must_continue"] is True
    assert again["previous"] == {"kind": "attack", "skill": "Fight", "target": "Jade", "track": "cool", "shifts": 1}


def test_every_ruling_is_one_sentence():
    assert len(core.RULINGS) >= 10
    for ruling in core.RULINGS:
        assert ruling.endswith(".") and ruling[0].isupper()


@pytest.mark.parametrize("name", ["warehouse crew", "nephrite and the daemon", "hargan and gatto"])
def test_every_example_replays(name):
    setup = ok("board.example", {"name": name})["setup"]
    state = ok("board.replay", {"setup": setup, "events": []})["state"]
    assert state["to_act"] == [a["name"] for a in setup["actors"]]
    assert LOGS is not None


# ---------------------------------------------------------------- random taps


NAMES = ["Gatto", "Jade", "Hargan", "Rook", "Loading door lock", "Nobody"]
ROLLED = ["move", "move_another", "attack", "defense", "maneuver", "recovery"]
KINDS = [*ROLLED, "continue", "simple", "compel", "taken_out", "concession", "end_exchange", "end", "bogus"]


def random_event(r) -> dict:
    """A tap a hurried referee might make: often fine, often refused (a wrong target, a zone out of reach…)."""
    kind = r.choice(KINDS) if r.random() < 0.04 else r.choice(KINDS[:9])
    e = {"kind": kind}
    if kind not in ("taken_out", "concession", "end_exchange", "end"):
        e["actor"] = r.choice(NAMES[:5])
    if kind in ROLLED:
        e.update(skill=r.choice(["Athletics", "Fight"]), rating=r.randint(-1, 5), dice=r.randint(-4, 4),
                 bid=r.choice([0, 0, 1]), invokes=r.sample(["Cluttered aisles", "Quick", "Tough"], r.randint(0, 2)))
    if kind in ("move_another", "attack", "defense", "recovery", "taken_out"):
        e["target"] = r.choice(NAMES)
    if kind in ("attack", "defense", "recovery") and r.random() < 0.8:
        e["track"] = r.choice(["cool", "humanity", "reputation", "stress"])
    if kind in ("move", "move_another", "continue") and r.random() < 0.7:
        e["zone"] = r.choice(["West end", "Middle", "East end", "Roof"])
    if kind == "maneuver":
        e.update(aspect=f"Aspect {r.randint(0, 5)}", on=r.choice(["zone", "actor", "thing", "border"]))
        e["target"] = {"zone": r.choice(["West end", "Middle"]), "actor": r.choice(NAMES[:4]),
                       "thing": "Loading door lock", "border": ["West end", "Middle"]}[e["on"]]
    if kind in ("attack", "move_another", "maneuver") and r.random() < 0.5:
        e["resist"] = {"consequences": r.sample(["mild", "moderate", "severe"], r.randint(0, 2))}
        if kind != "attack" and r.random() < 0.5:
            e["resist"]["stress"] = {"track": r.choice(["cool", "humanity"]), "amount": r.randint(0, 3)}
    if kind == "concession":
        e["side"] = r.choice(["Crew", "Hargan's gang"])
    if kind == "compel":
        e.update(aspect="Lazy", accepted=r.random() < 0.7)
    return e


@pytest.mark.parametrize("seed", range(12))
def test_random_taps_never_stumble_and_always_equal_a_replay(seed):
    import random

    r = random.Random(seed)
    setup = crew()
    token = ok("board.replay", {"setup": setup, "events": []})["token"]
    log: list[dict] = []
    for _ in range(80):
        event = random_event(r)
        reply = call("board.apply", {"token": token, "length": len(log), "event": event})
        if reply["ok"] and reply["result"]["state"]["over"]:     # the referee undoes the end and plays on
            undone = ok("board.at", {"token": token, "length": len(log)})
            assert undone["state"]["over"] is False
            continue
        if not reply["ok"]:
            assert reply["error"]["code"] != "internal", (event, reply["error"])
            assert reply["error"]["field"] and reply["error"]["event"] == len(log)
            continue
        log.append(event)
        form = {k: v for k, v in random_event(r).items() if k not in ("zone", "resist", "aspect", "accepted", "side")}
        preview = call("board.preview", {"token": token, "length": len(log), "event": form})
        assert preview["ok"] or preview["error"]["code"] != "internal", (form, preview["error"])
    assert len(log) >= 5, "the walk should log events, not only be refused"
    assert ok("board.at", {"token": token, "length": len(log)})["state"] == \
        ok("board.replay", {"setup": setup, "events": log})["state"]


# ---------------------------------------------------------------- at the table (RULES.md §7, issue 31)


def test_skills_and_own_aspects_ride_in_the_setup_and_change_no_rule():
    """The warehouse crew's Gatto carries Athletics 3 and his own aspect; the page reads them from the
    state; invoking his aspect is the table's fate point (no free invoke), as for any aspect not on the board."""
    setup = crew()
    state = ok("board.replay", {"setup": setup, "events": []})["state"]
    gatto = state["actors"][0]
    assert gatto["skills"]["Athletics"] == 3
    assert gatto["aspects"] == ["Only if this @#! gun fired once in a while"]
    bare = {**setup, "actors": [{k: v for k, v in a.items() if k not in ("skills", "aspects")} for a in setup["actors"]]}
    move = roll("move", "Gatto", "Athletics", 3, 0, invokes=[gatto["aspects"][0]], zone="Middle")
    with_skills = ok("board.replay", {"setup": setup, "events": [move]})
    without = ok("board.replay", {"setup": bare, "events": [move]})
    assert with_skills["entries"][0]["text"] == without["entries"][0]["text"]
    assert with_skills["state"]["actors"][0]["zone"] == "Middle"


@pytest.mark.parametrize(("skills", "says"), [
    ("Athletics", "names with a rating each"),
    ({"Athletics": 11}, "Athletics"),
    ({f"Skill {i}": 1 for i in range(21)}, "too many skills"),
])
def test_bad_skills_are_named_at_the_actor(skills, says):
    setup = crew()
    setup["actors"][1]["skills"] = skills
    reply = call("board.replay", {"setup": setup, "events": []})
    assert not reply["ok"] and reply["error"]["field"] == "actors[1].skills"
    assert says in reply["error"]["message"]


def test_a_name_too_long_reads_well_for_every_label():
    """Issue 31: "Who acts's name is too long" read badly; the label now leads, then what is wrong."""
    reply = call("board.replay", {"setup": crew(), "events": [simple("x" * 61)]})
    assert not reply["ok"]
    assert reply["error"]["message"].startswith("Who acts: the name is too long") or "'s name" not in reply["error"]["message"]
    assert "'s name is too long" not in reply["error"]["message"]


def test_clearing_one_box_is_said_in_the_singular():
    from rules_core import tracks
    from rules_core.errors import RulesError
    track = tracks.Track(3, frozenset({3}))
    with pytest.raises(RulesError, match=r"^Clearing box 3 costs 3 shifts; the roll has 2\.$"):
        tracks.recovery(track, 2, chosen=[3])
