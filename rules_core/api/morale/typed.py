"""The morale tracker's setup as the player types it in the setup view (a *setup draft*), and the setup
``morale.replay`` takes, with only the fields the edition's form asks for (:mod:`.forms`).

A setup draft keeps every value as typed, the captain by their place among the members::

    {"edition": "wiki", "teams": [{"name": "Crows", "goal": "", "approach": "3", "captain": 0,
      "members": [{"name": "Ash", "successes": "", "perfect_defense": false, "vigor": true, "intuition": false}]}]}

Nothing is checked here: a number that does not read as one stays text, and ``morale.replay`` names the
field of anything wrong.
"""
from __future__ import annotations

from ..fields import typed_number
from .forms import form


def _put(out: dict, field: dict, raw) -> None:
    """One field as its type reads it: a flag ticked or not, a number (an optional one left empty is left
    out), text."""
    if field["type"] == "flag":
        out[field["name"]] = bool(raw)
    elif field["type"] in ("count", "integer"):
        if str("" if raw is None else raw).strip() or not field.get("optional"):
            out[field["name"]] = typed_number(raw)
    else:
        out[field["name"]] = "" if raw is None else str(raw)


def setup(draft: dict) -> dict:
    """The setup ``morale.replay`` takes, from the draft as typed: a member field asked only of a defending
    team (``when: "defending"``) is left out of the first team, which initiated the conflict."""
    asked = form({"edition": draft.get("edition")})
    teams = []
    for i, t in enumerate(draft.get("teams") or []):
        members, captain, team = t.get("members") or [], t.get("captain"), {}
        for field in asked["team"]:
            if field["type"] == "member":
                chosen = isinstance(captain, int) and 0 <= captain < len(members)
                team[field["name"]] = (members[captain].get("name") or "") if chosen else ""
            else:
                _put(team, field, t.get(field["name"]))
        team["members"] = []
        for m in members:
            member = {}
            for field in asked["member"]:
                if field.get("when") != "defending" or i > 0:
                    _put(member, field, m.get(field["name"]))
            team["members"].append(member)
        teams.append(team)
    return {"edition": asked["edition"], "teams": teams}
