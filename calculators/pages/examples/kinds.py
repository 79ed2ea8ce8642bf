"""What each calculator makes of a worked example's state.

For every calculator a worked example can open, two plain functions of the
example's ``state`` (the fence's YAML, see :mod:`calculators.pages.examples`):

* ``link``: the value its share link carries (the same format the calculator's
  own "Share link" writes and its receiver checks: ``calculators/browser/share.js``
  and each widget's reader);
* ``outcome``: what the rules compute for that state, by ``rules_core``'s own
  calls, as a flat mapping whose keys an example may state.

Nothing here is a rule: every number comes from a ``rules_core`` call.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules_core.api import call

from .. import maps
from ..widgets import boons as boons_widget
from ..widgets import dice as dice_widget
from ..widgets.base import WidgetError


class ExampleError(WidgetError):
    """A worked example the build refuses: its data is wrong, or the rules disagree with what it states."""


@dataclass(frozen=True)
class Kind:
    """One calculator as a worked example sees it."""

    share: str  # the link's name: #<share>=…
    noun: str  # "the dice roller": the button says "Open in the dice roller"
    link: Callable[[dict], dict]
    outcome: Callable[[dict], dict]
    needs: tuple[str, ...]  # the state's keys an example must give


def _ok(name: str, payload: dict) -> dict:
    reply = call(name, payload)
    if not reply["ok"]:
        raise ExampleError(f"the rules refuse its state ({name}: {reply['error']['message']})")
    return reply["result"]


def _form(share: str, fields: dict) -> dict:
    """A form calculator's link (share.js readValues): every field as the form holds it (text, or a checkbox's flag)."""
    return {"format": f"conflict-table/{share}", "version": 1,
            "fields": {k: v if isinstance(v, bool) else str(v) for k, v in fields.items()}}


# ---------------------------------------------------------------- the dice roller


def _dice_fields(state: dict) -> dict:
    fields = {name: opt.default for name, opt in dice_widget.OPTIONS.items()}
    fields.update({"fate_faces": "", "pool_faces": ""})
    fields.update({k: v for k, v in state.items() if k != "faces"})
    fields["fate_faces" if fields["game"] == "edgerunner" else "pool_faces"] = state["faces"]
    return fields


def _dice_outcome(state: dict) -> dict:
    f = _dice_fields(state)
    if f["game"] == "edgerunner":
        got = _ok("dice.fate_shifts", {"skill": f["skill"], "faces": f["fate_faces"], "bid": f["bid"]})
        return {"dice": got["dice"], "shifts": got["shifts"]}
    raise ExampleError("a worked example of the dice roller is an Edgerunner roll (game: edgerunner)")


DICE = Kind("dice", "the dice roller", lambda s: _form("dice", _dice_fields(s)), _dice_outcome, ("game", "faces"))


# ---------------------------------------------------------------- boons


def _boon_fields(state: dict) -> dict:
    fields = {name: boons_widget.OPTIONS[name].default for name in ("rating", "pool", "difficulty", "target")}
    fields["enduring"] = False
    unknown = set(state) - set(fields)
    if unknown:
        raise ExampleError(f"the boon calculator has no field {sorted(unknown)[0]!r}")
    fields.update(state)
    return fields


def _boon_outcome(state: dict) -> dict:
    f = _boon_fields(state)
    boon = _ok("boons.free_dice", {"rating": f["rating"], "enduring": f["enduring"]})
    odds = _ok("boons.odds", {k: f[k] for k in ("pool", "difficulty", "rating", "target")})
    return {
        "free_dice": boon["free_dice"],
        "spent_dice": boon["spend"]["dice"],
        "rating_after": boon["spend"]["rating_after"],
        "vanishes": boon["spend"]["vanishes"],
        "spending_odds": odds["spending"]["probability"]["exact"],
    }


BOONS = Kind("boons", "the boon calculator", lambda s: _form("boons", _boon_fields(s)), _boon_outcome, ("rating",))


# ---------------------------------------------------------------- the border map


def _map(state: dict) -> dict:
    try:
        return maps.load_named(state["map"])
    except maps.MapError as err:
        raise ExampleError(str(err)) from None


def _move(state: dict) -> dict:
    """The move fields as the border calculator's form holds them (its share link's ``move``)."""
    move = {"start": state["start"], "destination": state["destination"]}
    if "faces" in state:
        faces = str(state["faces"])
        move.update(mode="roll", skill=str(state.get("skill", 0)), bid=str(state.get("bid", 0)),
                    **{f"die{i}": face for i, face in enumerate(faces, start=1)})
    elif "shifts" in state:
        move.update(mode="shifts", shifts=str(state["shifts"]))
    return move


def _borders_outcome(state: dict) -> dict:
    zone_map = _map(state)
    ends = {"map": zone_map, "start": state["start"], "destination": state["destination"]}
    route = _ok("borders.route", ends)
    back = _ok("borders.route", {**ends, "start": state["destination"], "destination": state["start"]})
    got = {"cost": route["cost"], "way": route["crossings"][0]["way"] if len(route["crossings"]) == 1 else None,
           "cost_back": back["cost"], "range": route["range"]}
    crossed = [b for b in zone_map["borders"] if sorted(b["between"]) == sorted([state["start"], state["destination"]])]
    if crossed and crossed[0].get("ways"):
        got["ways"] = {w["name"]: w["pass"] for w in crossed[0]["ways"]}
    move = _move(state)
    if move.get("mode"):
        payload = {**ends, "skill": state.get("skill", 0), "bid": state.get("bid", 0)}
        payload.update({"faces": state["faces"]} if move["mode"] == "roll" else {"shifts": state["shifts"]})
        reach = _ok("borders.move", payload)
        got["shifts"] = reach["shifts"]
        got["reached"] = [z["zone"] for z in reach["reachable"] if z["zone"] != state["start"]]
        got["short"] = {z["zone"]: z["shortfall"] for z in reach["zones"] if z["shortfall"]}
    return got


BORDERS = Kind(
    "borders", "the border calculator",
    lambda s: {"format": "conflict-table/border-map", "version": 1, "map": _map(s), "move": _move(s)},
    _borders_outcome, ("map", "start", "destination"),
)


# ---------------------------------------------------------------- the conflict board


def _setup(state: dict) -> dict:
    return _ok("board.example", {"name": state["setup"]})["setup"]


def _board_outcome(state: dict) -> dict:
    got = _ok("board.replay", {"setup": _setup(state), "events": state.get("events", [])})
    board, entries = got["state"], got["entries"]
    last = entries[-1] if entries else {}
    return {
        "shifts": last.get("shifts"),
        "zones": {a["name"]: a["zone"] for a in board["actors"]},
        "taken_out": [name for side in board["sides"] for name in side["out"]],
        "over": board["over"],
        "winner": board.get("winner"),
        "ended": board.get("ended"),
        "logged": len(entries),
    }


BOARD = Kind(
    "board", "the conflict board",
    lambda s: {"format": "conflict-table/board", "version": 1, "setup": _setup(s),
               "events": s.get("events", []), "redo": []},
    _board_outcome, ("setup",),
)


# ---------------------------------------------------------------- the morale tracker


def _morale_outcome(state: dict) -> dict:
    got = _ok("morale.replay", {"setup": state["setup"], "events": state.get("events", [])})
    last = got["log"][-1] if got["log"] else {}
    return {
        "stress": (last.get("stress_dealt") or {}).get("amount", 0),
        "morale": {t["name"]: t["morale"] for t in got["teams"]},
        "over": got["over"],
        "winner": got["winner"],
    }


MORALE = Kind(
    "morale", "the morale tracker",
    lambda s: {"format": "conflict-table/morale", "version": 2, "setup": s["setup"],
               "events": s.get("events", []), "redo": []},
    _morale_outcome, ("setup",),
)


# ---------------------------------------------------------------- stress (the wiki's condition slots)


def _slots(state: dict) -> list[bool]:
    """The six condition slots (rated 1,1,1,2,2,3), filled where the example's ``filled`` (slot numbers) says."""
    filled = state.get("filled", [])
    if not isinstance(filled, list) or not all(isinstance(n, int) and 1 <= n <= 6 for n in filled):
        raise ExampleError("`filled` lists slot numbers, 1 to 6")
    return [n in filled for n in range(1, 7)]


def _stress_outcome(state: dict) -> dict:
    if state.get("model", "conditions") != "conditions":
        raise ExampleError("a worked example of the stress calculator uses the wiki's conditions (model: conditions)")
    got = _ok("stress.conditions", {"stress": state["stress"], "conditions": _slots(state)})
    choices = [got["slot"], *got["alternatives"]] if got["outcome"] == "condition" else []
    return {"outcome": got["outcome"], "rating": got["rating"], "slot": got["slot"], "trait": got["trait"],
            "choices": sorted({got["ratings"][n - 1] for n in choices})}


def _stress_link(state: dict) -> dict:
    """The stress roster's link (calculators/browser/party/roster.js) with one participant, and the hit to show."""
    person = {"id": "c1", "name": str(state.get("who", "Participant")), "side": "pc", "standing": "in", "traits": [],
              "states": {"conditions": {"state": {"conditions": _slots(state), "last_stand": False}}}}
    return {"format": "conflict-table/stress", "version": 1, "current": "c1", "people": [person],
            "hit": {"model": "conditions", "stress": state["stress"]}}


STRESS = Kind("stress", "the stress calculator", _stress_link, _stress_outcome, ("stress",))


KINDS = {"morale": MORALE, "stress": STRESS, "dice": DICE, "boons": BOONS, "borders": BORDERS, "board": BOARD}
"""The calculators a worked example can open, by the ``calculator`` its fence names."""
