"""The morale tracker's sentences: what a team's standing and the outcome say in plain words.

Rules: docs/gauntlet-forge/conflicts.md#morale (who may enter a Last Stand, who wins).
"""
from __future__ import annotations

from ... import morale
from ...words import minus

BADGES = {"playing": "Fighting", "deciding": "Last Stand or lose", "broken": "Morale broken", "lost": "Lost",
          "won": "Won"}
"""A team's standing in a word or two: its badge on the scoreboard and on its card."""
MEMBER_WORDS = {"active": "", "left": "left the conflict", "retired": "overwhelmed: retired",
                "last_stand": "in their Last Stand", "perished": "perished", "survived": "survived their Last Stand"}
"""A member's standing, as their card says it (nothing while they are simply in the conflict)."""


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _decision_words(t: morale.TeamState) -> str:
    """What a team whose morale just broke may do, in plain words."""
    names = list(t.deciding)
    broke = "fell to 0" if t.edition == "wiki" else "broke"
    if len(names) == 1:
        return (f"{_possessive(t.name)} morale {broke}: {names[0]} may enter their Last Stand now. "
                f"If not, {t.name} loses the conflict.")
    who = f"{', '.join(names[:-1])} and {names[-1]}"
    return (f"{_possessive(t.name)} morale {broke}: {who} may each enter their Last Stand now. "
            f"If nobody does, {t.name} loses the conflict.")


def announcement(state: morale.Conflict) -> str | None:
    """The one sentence the tracker puts above the teams: who won once that is
    decided, or which team must decide first. ``None`` while the conflict simply goes on."""
    deciding = state.deciding
    if deciding is not None:
        return _decision_words(deciding)
    if not state.over:
        return None
    text = f"{state.winner} won the conflict." if state.winner else "Every team lost the conflict."
    alive = morale.survivors(state)
    if alive:
        text += f" Leaving their Last Stand alive: {', '.join(alive)}."
    return text


def team_words(t: morale.TeamState, state: morale.Conflict) -> str:
    if t.status == "won":
        return "Won: the only team still standing."
    if t.status == "deciding":
        return _decision_words(t)
    if t.status == "lost":
        if not t.in_play():
            return "Lost: nobody is left in the conflict."
        if t.broken and t.last_standers():
            return "Lost: every opponent fell while its morale was broken."
        if t.broken:
            return "Lost: its morale broke and nobody of it is in a Last Stand."
        return "Lost."
    if t.status == "broken":
        return "Morale broken: fighting on through its Last Stands."
    if t.broken_morale:
        return f"BROKEN MORALE {t.broken_morale}: keep-morale test at the end of its turn (difficulty {t.broken_morale}, +1 per helper)."
    return "Fighting."


def opening(state: morale.Conflict) -> dict:
    """A conflict before its first event, in words: what a setup's preview says (every team's starting
    morale, the turn order) and what Start says (docs/gauntlet-forge/conflicts.md#starting, #turn-order)."""
    teams = ", ".join(f"{t.name} {minus(t.morale)}" for t in state.teams)
    at = ", ".join(f"{t.name} at {minus(t.morale)}" for t in state.teams)
    return {"preview": f"Starting morale: {teams}. Turn order: {', '.join(state.turn_order)}.",
            "started": f"Conflict started: {at}. {state.current_team} acts first."}
