"""The morale tracker's state as the page reads it (plain data out).

Nothing is decided here: every number comes from :mod:`rules_core.morale`,
the sentences from :mod:`.words`, the per-edition form from :mod:`.forms`.
"""
from __future__ import annotations

from ... import morale
from ...errors import RulesError
from .forms import form
from .words import BADGES, MEMBER_WORDS, announcement, opening, team_words


def state_payload(setup: morale.Setup, steps: list[morale.Step]) -> dict:
    """The tracker's whole view: :func:`state_view`, the edition's ``form``, the
    ``log`` newest first and, before the first event, its ``opening`` words
    (what ``morale.replay`` answers)."""
    state = steps[-1].state if steps else morale.start(setup)
    out = state_view(state)
    out["form"] = form({"edition": state.edition})
    out["log"] = [log_entry(i, s, state.edition) for i, s in reversed(list(enumerate(steps)))]
    out["opening"] = None if steps else opening(state)
    return out


def log_entry(index: int, step: morale.Step, edition: str) -> dict:
    """One line of the log: {index, kind, text, morale (every team's after it), stress_dealt}."""
    return {"index": index, "kind": step.event.kind, "text": step.text,
            "morale": {t.name: t.morale for t in step.state.teams},
            "stress_dealt": stress_dealt(edition, step.event)}


def state_view(state: morale.Conflict) -> dict:
    """The conflict now, without the log or the form: teams, turn, status,
    what each member and team can log. Its cost does not grow with the log."""
    survivors = set(morale.survivors(state))
    member_actions, team_actions = _actions(state)
    teams = []
    for t in state.teams:
        teams.append({
            "name": t.name,
            "goal": t.goal,
            "captain": t.captain,
            "morale": t.morale,
            "broken_morale": t.broken_morale,
            "keep_morale": {"due": t.keep_morale_due, "difficulty": t.keep_morale_difficulty(0), "per_helper": 1},
            "broken": t.broken,
            "breaks": t.breaks,
            "status": t.status,
            "status_text": team_words(t, state),
            "badge": BADGES[t.status],
            "actions": team_actions[t.name],
            "members": [
                {
                    "name": m.name,
                    "status": "survived" if m.name in survivors else m.status,
                    "status_text": MEMBER_WORDS["survived" if m.name in survivors else m.status],
                    "captain": m.name == t.captain,
                    "in_play": m.status in morale.IN_PLAY,
                    "acted": m.name in state.acted,
                    "actions": member_actions[m.name],
                }
                for m in t.members
            ],
        })
    return {
        "edition": state.edition,
        "round": state.round,
        "turn": None if state.over else state.current_team,
        "turn_order": list(state.turn_order),
        "over": state.over,
        "winner": state.winner,
        "announcement": announcement(state),
        "teams": teams,
        "survivors": sorted(survivors),
    }


def stress_dealt(edition: str, event: morale.Event) -> dict | None:
    """An attack's stress to its defender as data: {member, amount} (amount 0 when held off)."""
    amount = morale.stress_dealt(edition, event)
    return None if amount is None else {"member": event.defender, "amount": amount}


def _actions(state: morale.Conflict) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Which events each member and each team could log now.

    Nothing is decided here: each kind is tried with :func:`morale.apply` on
    a harmless example (margin 1, an attack 1 vs 0 on the first opponent in
    play, a kept keep-morale test, a correction of 0) and listed when the
    core accepts it. So a button the page shows is one the rules allow.
    """
    def accepted(event: morale.Event) -> bool:
        try:
            morale.apply(state, event)
        except RulesError:
            return False
        return True

    members: dict[str, list[str]] = {}
    for team in state.teams:
        opponent = next((m.name for o in state.teams if o.name != team.name for m in o.in_play()), None)
        for m in team.members:
            probes = [
                morale.Event("success", member=m.name, margin=1),
                morale.Event("failure", member=m.name, margin=1),
                morale.Event("attack", member=m.name, defender=opponent, effort=1, defender_effort=0) if opponent else None,
                morale.Event("advantage", member=m.name, margin=1),
                morale.Event("leave", member=m.name),
                morale.Event("overwhelmed", member=m.name),
                morale.Event("last_stand", member=m.name),
                morale.Event("perish", member=m.name),
            ]
            members[m.name] = [e.kind for e in probes if e is not None and accepted(e)]
    teams = {
        t.name: [e.kind for e in (morale.Event("end_turn", team=t.name, passed=True),
                                  morale.Event("concede", team=t.name),
                                  morale.Event("adjust", team=t.name, amount=0)) if accepted(e)]
        for t in state.teams
    }
    return members, teams
