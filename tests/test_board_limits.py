"""What a tap on the conflict board accepts, a reload accepts (issue 32 §2), and names as a reader sees
them (issue 32 §4).

A tap (``board.apply``) is refused when the log is full — by its count (5,000 events) or by its size
(:data:`rules_core.api.fields.MAX_KEPT_CHARS`) — with a message naming the field, and nothing is
kept; every log a tap accepted replays through the engine's front door (:func:`rules_core.api.handle`).
"""
import json

import pytest

from rules_core.api import MAX_REQUEST_CHARS, call, handle
from rules_core.api.board.limits import MAX_EVENTS, MAX_NOTE
from rules_core.api.fields import MAX_KEPT_CHARS, json_chars
from tests.board_calls import crew, ok

ACTORS = ("Jade", "Gatto", "Hargan", "Rook")


def simples(n, note=""):
    return [{"kind": "simple", "actor": ACTORS[i % 4], "note": note} for i in range(n)]


def reload_reply(setup, events):
    """The engine's answer to a reload: the whole log as the page sends it."""
    request = json.dumps({"id": 7, "name": "board.replay", "payload": {"setup": setup, "events": events}},
                         ensure_ascii=False, separators=(",", ":"))
    return json.loads(handle(request))


def test_the_request_limit_is_never_below_what_a_calculator_keeps():
    assert MAX_REQUEST_CHARS > MAX_KEPT_CHARS
    assert json_chars({"a": "x\ud800"}) == len('{"a":"x\\ud800"}')   # a lone surrogate: JSON.stringify escapes it


def test_a_tap_past_the_last_event_a_reload_reads_is_refused_and_nothing_kept():
    setup, events = crew(), simples(MAX_EVENTS)
    done = ok("board.replay", {"setup": setup, "events": events})
    assert done["length"] == MAX_EVENTS
    reply = call("board.apply", {"token": done["token"], "length": MAX_EVENTS, "event": simples(1)[0]})
    assert not reply["ok"]
    assert reply["error"]["code"] == "too_large"
    assert "at most 5,000 events" in reply["error"]["message"]
    assert reply["error"]["event"] == MAX_EVENTS
    assert ok("board.at", {"token": done["token"], "length": MAX_EVENTS})["length"] == MAX_EVENTS
    # one undone: the tap is accepted again, and the log it makes reloads
    again = ok("board.apply", {"token": done["token"], "length": MAX_EVENTS - 1, "event": events[-1]})
    assert again["length"] == MAX_EVENTS
    assert reload_reply(setup, events)["ok"]


def test_a_tap_that_would_make_the_log_too_long_to_reload_is_refused_beside_the_note():
    setup = crew()
    note = "n" * (MAX_NOTE - 1)
    per = sum(json_chars(e) + 1 for e in simples(4, note)) / 4
    count = int((MAX_KEPT_CHARS - json_chars({"setup": setup, "events": []})) // per) - 3
    events = simples(count, note)
    done = ok("board.replay", {"setup": setup, "events": events})
    length, token = done["length"], done["token"]
    refused = None
    for i in range(10):
        event = {"kind": "simple", "actor": ACTORS[(count + i) % 4], "note": "m" * MAX_NOTE}
        reply = call("board.apply", {"token": token, "length": length, "event": event})
        if not reply["ok"]:
            refused = reply["error"]
            break
        events.append(event)
        length = reply["result"]["length"]
        assert json_chars({"setup": setup, "events": events}) <= MAX_KEPT_CHARS
    assert refused is not None, "ten taps of long notes past the limit were all accepted"
    assert refused["code"] == "too_large" and refused["field"] == "note"
    assert "shorten the note" in refused["message"]
    assert ok("board.at", {"token": token, "length": length})["length"] == length == len(events)
    answer = reload_reply(setup, events)          # everything the taps accepted, read back
    assert answer["ok"], answer.get("error")
    assert answer["result"]["length"] == len(events)


def with_actor_names(setup, *names):
    setup = json.loads(json.dumps(setup))
    for actor, new in zip(setup["actors"], names):
        actor["name"] = new
    return setup


def error_of(setup):
    reply = call("board.replay", {"setup": setup, "events": []})
    assert not reply["ok"]
    return reply["error"]


def test_a_name_made_only_of_invisible_characters_is_no_name():
    err = error_of(with_actor_names(crew(), "\u200b\u200b\u2060"))
    assert err["field"] == "actors[0].name" and err["code"] == "required"
    err = error_of({**crew(), "sides": ["\u200e\ufeff", "Gang"]})
    assert err["field"] == "sides[0]" and err["code"] == "required"


def test_two_names_that_look_alike_are_one_name():
    err = error_of(with_actor_names(crew(), "Gatto", "Gat\u200bto"))
    assert err["code"] == "duplicate" and err["field"] == "actors[1].name"
    err = error_of(with_actor_names(crew(), "Gatto", "Gatto\u00a0 "))
    assert err["code"] == "duplicate"
    err = error_of(with_actor_names(crew(), "Gatto", "Gat\u200dto"))   # a joiner between Latin letters shows nothing
    assert err["code"] == "duplicate"


def test_a_name_keeps_no_direction_override_and_a_log_line_reads_in_order():
    setup = with_actor_names(crew(), "Gatto \u202eevil")
    done = ok("board.replay", {"setup": setup, "events": [
        {"kind": "simple", "actor": "Gatto evil", "note": "opens \u202ethe door"}]})
    names = [a["name"] for a in done["state"]["actors"]]
    assert "Gatto evil" in names
    text = done["entries"][0]["text"]
    assert "\u202e" not in text and text.endswith("Gatto evil: simple action — opens the door")
    # an event may name the actor as typed, invisible characters and all: it is the same actor
    more = ok("board.apply", {"token": done["token"], "length": 1,
                              "event": {"kind": "simple", "actor": "Ja\u200bde", "note": ""}})
    assert "Jade: simple action" in more["entry"]["text"]


@pytest.mark.parametrize(("typed", "kept"), [("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"), ("خانه\u200cها", "خانه\u200cها"),
                                            ("Ra\u0301ul", "R\u00e1ul")])
def test_joiners_an_emoji_or_a_script_needs_stay(typed, kept):
    done = ok("board.replay", {"setup": with_actor_names(crew(), typed), "events": []})
    assert done["state"]["actors"][0]["name"] == kept


# The morale tracker keeps a log the same way: its tap is refused where its reload would be.
MORALE = {"edition": "2023", "teams": [{"name": "Wolves", "members": ["Ada"]}, {"name": "Crows", "members": ["Cy"]}]}


def adjust(note=""):
    return {"kind": "adjust", "team": "Wolves", "amount": 1, **({"note": note} if note else {})}


def morale_reload(events):
    request = json.dumps({"id": 7, "name": "morale.replay", "payload": {"setup": MORALE, "events": events}},
                         ensure_ascii=True, separators=(",", ":"))   # as JSON.stringify writes a lone surrogate
    return json.loads(handle(request))


def test_a_morale_tap_past_the_last_event_a_reload_reads_is_refused():
    from rules_core.api.morale import MAX_EVENTS as MORALE_EVENTS
    events = [adjust() for _ in range(MORALE_EVENTS)]
    done = ok("morale.replay", {"setup": MORALE, "events": events})
    reply = call("morale.apply", {"token": done["token"], "length": MORALE_EVENTS, "event": adjust()})
    assert not reply["ok"] and reply["error"]["code"] == "too_large"
    assert f"at most {MORALE_EVENTS:,} events" in reply["error"]["message"]
    whole = call("morale.apply", {"setup": MORALE, "events": events, "event": adjust()})   # the whole-log form too
    assert not whole["ok"] and whole["error"]["code"] == "too_large"
    assert ok("morale.apply", {"token": done["token"], "length": MORALE_EVENTS - 1, "event": adjust()})["length"] == MORALE_EVENTS


def test_a_morale_tap_that_would_make_the_log_too_long_to_reload_is_refused():
    note = "\ud800" * 200                      # six characters each in the page's JSON
    events, token, length, refused = [], None, 0, None
    done = ok("morale.replay", {"setup": MORALE, "events": []})
    token = done["token"]
    for _ in range(2000):
        reply = call("morale.apply", {"token": token, "length": length, "event": adjust(note)})
        if not reply["ok"]:
            refused = reply["error"]
            break
        events.append(reply["result"]["event"])
        length = reply["result"]["length"]
    assert refused is not None and refused["code"] == "too_large" and refused["field"] == "note"
    answer = morale_reload(events)
    assert answer["ok"], answer.get("error")
    assert answer["result"]["length"] == len(events)


def test_an_aspect_on_a_border_between_zones_named_with_bars_and_colons():
    setup = crew()
    setup["map"] = {"zones": ["North|South", "East:West", "West end", "Middle", "East end"],
                    "borders": [{"between": ["North|South", "East:West"], "pass": 1},
                                {"between": ["East:West", "West end"], "pass": 1},
                                {"between": ["West end", "Middle"], "pass": 3},
                                {"between": ["Middle", "East end"], "pass": 3}]}
    setup["aspects"] = [{"name": "Fog", "on": "border", "target": ["North|South", "East:West"], "free_invokes": 1}]
    done = ok("board.replay", {"setup": setup, "events": []})
    assert done["state"]["aspects"][0]["target"] == ["North|South", "East:West"]
