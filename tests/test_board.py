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
from tests.board_calls import crew, ok

ROOT = Path(__file__).resolve().parent.parent


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


def test_an_undo_answers_with_the_undone_actions_preview_in_the_same_call():
    # Undo puts the undone action back in the form: its preview comes with the cut state, the same
    # as board.preview would give on it, so the page asks once and draws once.
    events = ten_exchanges()[:6]
    token = ok("board.replay", {"setup": crew(), "events": events})["token"]
    undone = ok("board.at", {"token": token, "length": 5, "event": events[5]})
    alone = ok("board.preview", {"token": token, "length": 5, "event": events[5]})
    assert undone["preview"] == alone and undone["preview"]["kind"] == events[5]["kind"]
    assert "preview" not in ok("board.at", {"token": token, "length": 5})
    # an event the rules refuse on the cut conflict: no preview, and the undo still happens
    refused = ok("board.at", {"token": token, "length": 4, "event": {"kind": "attack", "actor": "Nobody"}})
    assert refused["preview"] is None and refused["length"] == 4


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


# ---------------------------------------------------------------- at the table: names, aspects attacked, borders


def refused(name, payload):
    reply = call(name, payload)
    assert reply["ok"] is False, reply
    return reply["error"]


def test_a_consequence_named_when_taken_is_shown_logged_and_cleared_by_undo():
    hit = roll("attack", "Hargan", "Shoot", 4, 0, target="Gatto", track="cool",
               resist={"consequences": ["moderate"], "names": {"moderate": "  Cracked ribs "}})
    start = ok("board.replay", {"setup": crew(), "events": []})
    tap = ok("board.apply", {"token": start["token"], "length": 0, "event": hit})
    gatto = tap["state"]["actors"][0]
    assert [(c["name"], c["taken"], c["label"]) for c in gatto["consequences"]] == [
        ("mild", False, None), ("moderate", True, "Cracked ribs"), ("severe", False, None)]
    assert "a moderate consequence, “Cracked ribs”" in tap["entry"]["text"]
    assert gatto["tracks"]["cool"]["marked"] == [2]
    undone = ok("board.at", {"token": start["token"], "length": 0})
    assert all(c["label"] is None for c in undone["state"]["actors"][0]["consequences"])
    # a consequence taken to resist a maneuver may be named too
    trip = roll("maneuver", "Rook", "Fight", 2, 0, aspect="Tripped", on="actor", target="Jade",
                resist={"consequences": ["mild"], "names": {"mild": "Twisted ankle"}})
    state = ok("board.replay", {"setup": crew(), "events": [trip]})
    assert state["state"]["actors"][1]["consequences"][0]["label"] == "Twisted ankle"
    assert "a mild consequence, “Twisted ankle”" in state["entries"][0]["text"]


def test_a_named_consequence_is_invoked_like_an_own_aspect_paid_by_the_table():
    hit = roll("attack", "Hargan", "Shoot", 4, 0, target="Gatto", track="cool",
               resist={"consequences": ["moderate"], "names": {"moderate": "Cracked ribs"}})
    back = roll("attack", "Rook", "Fight", 1, 0, target="Gatto", track="humanity", invokes=["Cracked ribs"],
                resist={"consequences": ["mild"]})
    state = ok("board.replay", {"setup": crew(), "events": [hit, back]})
    assert state["entries"][1]["shifts"] == 3
    assert "Cracked ribs (paid) invoked" in state["entries"][1]["text"]
    assert state["state"]["actors"][0]["tracks"]["humanity"]["marked"] == [2]


@pytest.mark.parametrize("names", [{"mild": "Cracked ribs"}, {"moderate": ""}, {"moderate": "x" * 61},
                                   {"moderate": 3}, ["Cracked ribs"]])
def test_only_a_consequence_taken_in_the_same_resist_is_named(names):
    hit = roll("attack", "Hargan", "Shoot", 4, 0, target="Gatto", track="cool",
               resist={"consequences": ["moderate"], "names": names})
    error = refused("board.replay", {"setup": crew(), "events": [hit]})
    assert (error["field"], error["event"]) == ("resist.names", 0)
    hit["resist"]["names"] = {"moderate": "x" * 60}
    assert ok("board.replay", {"setup": crew(), "events": [hit]})["length"] == 1


def test_an_aspect_with_boxes_is_attacked_until_it_leaves_the_board():
    setup = crew()       # Cluttered aisles: 1 free invoke, so 1 stress box
    spend = roll("move", "Gatto", "Athletics", 3, 0, zone="Middle", invokes=["Cluttered aisles"])
    first = roll("attack", "Rook", "Fight", 1, 0, target="Cluttered aisles", track="cool")
    events = [spend, first]
    state = ok("board.replay", {"setup": setup, "events": events})
    aisles = state["state"]["aspects"][0]
    assert (aisles["free_invokes"], aisles["boxes"]) == (0, {"threshold": 1, "marked": [1]})
    assert state["entries"][1]["text"] == "Exchange 1 — Rook attacks the aspect Cluttered aisles (1 shift): 1 stress marks box 1"
    token = state["token"]
    preview = ok("board.preview", {"token": token, "length": 2, "event": {
        "kind": "attack", "actor": "Hargan", "rating": 1, "dice": 0, "target": "Cluttered aisles"}})
    absorb = preview["absorb"]
    assert (absorb["track"], absorb["threshold"], absorb["taken_out_anyway"]) == ("aspect", 1, False)
    [option] = absorb["options"]
    assert (option["consequences"], option["invokes"], option["hit"]["taken_out"]) == ([], 0, True)
    assert option["hit"]["would_mark"] == 2
    gone = ok("board.apply", {"token": token, "length": 2, "event": roll(
        "attack", "Hargan", "Shoot", 1, 0, target="Cluttered aisles")})
    assert gone["state"]["aspects"] == []
    assert gone["entry"]["text"].endswith("Cluttered aisles is removed from the board")
    assert gone["entry"]["target"] == "Cluttered aisles"


def test_an_aspect_does_not_resist_and_one_without_boxes_cannot_be_attacked():
    setup = crew()
    resisting = roll("attack", "Rook", "Fight", 1, 0, target="Cluttered aisles", resist={"invokes": ["Lucky"]})
    assert refused("board.replay", {"setup": setup, "events": [resisting]})["field"] == "resist"
    placed = roll("maneuver", "Jade", "Stealth", 0, 0, aspect="Thin smoke", on="zone", target="West end")
    state = ok("board.replay", {"setup": setup, "events": [placed]})["state"]
    assert state["aspects"][1]["name"] == "Thin smoke" and state["aspects"][1]["boxes"] is None
    at_smoke = roll("attack", "Rook", "Fight", 2, 0, target="Thin smoke")
    error = refused("board.replay", {"setup": setup, "events": [placed, at_smoke]})
    assert error["field"] == "target" and "no stress boxes" in error["message"]
    nobody = refused("board.replay", {"setup": setup, "events": [roll("attack", "Rook", "Fight", 2, 0, target="Ghost")]})
    assert "There is no actor, thing or aspect called 'Ghost'" in nobody["message"]


def test_an_aspect_cannot_share_a_name_with_an_actor_or_thing():
    setup = crew()
    setup["aspects"].append({"name": "Loading door lock", "on": "zone", "target": "Middle"})
    assert refused("board.replay", {"setup": setup, "events": []})["field"] == "aspects[1].name"
    named = roll("maneuver", "Jade", "Stealth", 3, 0, aspect="Rook", on="zone", target="West end")
    assert refused("board.replay", {"setup": crew(), "events": [named]})["field"] == "aspect"


def border_crew():
    setup = crew()
    setup["things"][0]["border"] = ["Middle", "East end"]
    return setup


def test_a_thing_stands_for_a_border_of_the_map_only():
    setup = crew()
    setup["things"][0]["border"] = ["West end", "East end"]
    assert refused("board.replay", {"setup": setup, "events": []})["field"] == "things[0].border"
    state = ok("board.replay", {"setup": border_crew(), "events": []})["state"]
    assert (state["things"][0]["border"], state["things"][0]["beaten_by"], state["passes"]) == (
        ["Middle", "East end"], None, [])


def test_the_one_who_beat_a_border_sets_its_pass_value_and_undo_takes_it_back():
    setup = border_crew()
    redefine = {"kind": "redefine_border", "actor": "Hargan", "thing": "Loading door lock", "pass": 1}
    assert "not beaten" in refused("board.replay", {"setup": setup, "events": [redefine]})["message"]
    beat = roll("attack", "Hargan", "Shoot", 4, 0, target="Loading door lock")
    state = ok("board.replay", {"setup": setup, "events": [beat]})
    assert state["state"]["things"][0]["beaten_by"] == "Hargan"
    token = state["token"]
    error = refused("board.apply", {"token": token, "length": 1, "event": {**redefine, "actor": "Rook"}})
    assert (error["field"], error["code"]) == ("actor", "invalid")
    tap = ok("board.apply", {"token": token, "length": 1, "event": redefine})
    assert tap["entry"]["text"] == "Exchange 1 — Hargan sets the border Middle – East end to 1 (Loading door lock is beaten)"
    assert tap["state"]["passes"] == [{"between": ["Middle", "East end"], "pass": 1, "by": "Hargan"}]
    # the move West end → East end now costs 3 + 1
    far = roll("move", "Gatto", "Athletics", 4, 0, zone="East end")
    moved = ok("board.apply", {"token": token, "length": 2, "event": far})
    assert moved["state"]["actors"][0]["zone"] == "East end"
    assert ok("board.at", {"token": token, "length": 1})["state"]["passes"] == []
    assert refused("board.apply", {"token": token, "length": 1, "event": far})["field"] == "zone"


def test_a_border_is_redefined_only_through_a_thing_that_stands_for_one():
    beat = roll("attack", "Hargan", "Shoot", 4, 0, target="Loading door lock")
    redefine = {"kind": "redefine_border", "actor": "Hargan", "thing": "Loading door lock", "pass": 1}
    plain = crew()
    plain["things"][0].pop("border")  # (the warehouse crew's lock stands for Middle – East end)
    error = refused("board.replay", {"setup": plain, "events": [beat, redefine]})
    assert (error["field"], error["event"]) == ("thing", 1) and "no border" in error["message"]
    error = refused("board.replay", {"setup": border_crew(), "events": [beat, {**redefine, "pass": -1}]})
    assert error["field"] == "pass"


def refusal(events):
    reply = call("board.replay", {"setup": crew(), "events": events})
    assert not reply["ok"]
    return reply["error"]


def test_a_boosted_move_that_falls_short_says_what_the_dice_gave():
    """Issue 31: it said "the roll has 3" when the dice gave 2 and the stress 1."""
    boosted = roll("move", "Gatto", "Athletics", 3, -1, zone="East end", boost={"stress": {"track": "cool", "amount": 1}})
    error = refusal([boosted])
    assert "the roll gives 2 and the stress taken 1, 3 in all" in error["message"] and error["field"] == "zone"
    assert "3 short" in error["message"]


@pytest.mark.parametrize(("on", "target"), [("zone", "Middle"), ("border", ["West end", "Middle"])])
def test_a_resist_on_a_maneuver_aimed_at_a_zone_or_border_is_refused_not_dropped(on, target):
    """Issue 31: it was accepted and silently dropped (on a thing it was refused)."""
    event = roll("maneuver", "Jade", "Stealth", 3, 0, aspect="Smoke", on=on, target=target,
                 resist={"stress": {"track": "cool", "amount": 1}})
    error = refusal([event])
    assert error["field"] == "resist" and "does not resist" in error["message"]


def test_a_refused_event_in_a_replay_is_counted_from_one_in_words_and_from_zero_in_its_index():
    """Issue 31: the message and error.event must agree: "Event 2" is error.event 1."""
    error = refusal([simple("Gatto"), simple("Nobody")])
    assert error["message"].startswith("Event 2:") and error["event"] == 1
