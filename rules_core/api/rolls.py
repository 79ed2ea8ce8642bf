"""Calculators for one roll of either game (docs/table.md#dice): the faces in, the result out.

The page draws the faces (the browser's cryptographic generator) or the
player types them; these only score them, so the same faces always give the
same answer.
"""
from __future__ import annotations

from .. import dice, rolls
from ..errors import RulesError
from ..words import MINUS
from . import fields as f
from ._convert import probability
from .dice import fate_roll_input


def _term(n: int) -> str:
    """The dice as a term of a sum: + 2, − 1, + 0."""
    return f"{MINUS} {-n}" if n < 0 else f"+ {n}"


def roll_fate(p: dict) -> dict:
    """Edgerunner: score skill + 4dF − bid.

    Input: ``skill`` (−10…30), ``faces`` (four symbols ``+ 0 -`` / ``⊞ ⊡ ⊟``,
    or four −1/0/+1 values), ``bid`` (0…30, default 0).
    Output: ``faces`` (−1/0/+1 each), ``symbols`` (``"⊞⊡⊟⊟"``), ``dice`` (their
    total), ``shifts`` (skill + dice − bid), ``at_least`` (probability of
    rolling at least these shifts with this skill and bid) and ``sum`` (the
    shifts' sum in words: "Skill 3 + 1 on the dice − bid 1").
    """
    skill, faces, bid = fate_roll_input(p, or_else=", or roll them here")
    r = rolls.fate_roll(skill, faces, bid=bid)
    return {
        "skill": r.skill, "bid": r.bid,
        "faces": list(r.faces),
        "symbols": "".join(rolls.FATE_SYMBOLS[v] for v in r.faces),
        "dice": r.dice,
        "shifts": r.shifts,
        "at_least": probability(r.chance_at_least),
        "sum": f"Skill {r.skill} {_term(r.dice)} on the dice" + (f" {MINUS} bid {r.bid}" if r.bid else ""),
    }


def roll_pool(p: dict) -> dict:
    """Gauntlet Forge: score a pool of d6.

    Input: ``pool`` (the attribute's dice, 0…60), ``boon_dice`` (dice added by
    boons, free dice included, 0…60, default 0), ``faces`` (one 1…6 per die:
    a list, or digits as text, e.g. ``"6 5 2 1"``), ``target`` (2…6, default
    5: a die hits on this or more), ``difficulty`` (0…60, default 0).
    Output: ``pool`` and ``boon_dice`` (as given), ``faces``, ``hits`` (true
    per die that hit), ``dice`` (how many),
    ``effort`` (the hits), ``difficulty``, ``success``, ``margin`` (effort −
    difficulty), ``at_least`` (probability of at least this effort on as many
    dice), ``chance`` (probability of success before the roll) and ``verdict``
    (in words: "success by 2", "success", "failure by 1").
    """
    f.only(p, "pool", "boon_dice", "faces", "target", "difficulty")
    pool = f.integer(p, "pool", "The pool", low=0, high=rolls.MAX_POOL)
    boon_dice = f.integer(p, "boon_dice", "The boons' dice", low=0, high=rolls.MAX_POOL, default=0)
    target = f.integer(p, "target", "The target number", low=2, high=6, default=dice.DEFAULT_TARGET)
    difficulty = f.integer(p, "difficulty", "The difficulty", low=0, high=rolls.MAX_POOL, default=0)
    size = pool + boon_dice
    if size == 0:
        raise RulesError("The roll has no dice: give the pool at least one die.", field="pool", code="too_small")
    if size > rolls.MAX_POOL:
        raise RulesError(f"A roll can hold at most {rolls.MAX_POOL} dice (the pool and the boons' dice make {size}).",
                         field="boon_dice" if boon_dice else "pool", code="too_large")
    faces = p.get("faces")
    if faces is None or faces == "":
        raise RulesError(f"Type the {size} dice you rolled (digits 1 to 6), or roll them here.", field="faces",
                         code="required")
    values = rolls.pool_faces(faces)
    if len(values) != size:
        made = f"{pool} + {boon_dice} from boons" if boon_dice else "the pool"
        raise RulesError(
            f"{len(values)} {'die' if len(values) == 1 else 'dice'} given, but the roll has {size} ({made}).",
            field="faces", code="invalid",
        )
    r = rolls.pool_roll(values, target=target, difficulty=difficulty)
    return {
        "pool": pool, "boon_dice": boon_dice,
        "faces": list(r.faces), "hits": list(r.hits), "dice": len(r.faces), "target": r.target,
        "effort": r.effort, "difficulty": r.difficulty, "success": r.success, "margin": r.margin,
        "at_least": probability(r.chance_at_least),
        "chance": probability(r.chance_of_success),
        "verdict": (f"success by {r.margin}" if r.margin else "success") if r.success else f"failure by {-r.margin}",
    }


CALCULATORS = {
    "dice.roll_fate": roll_fate,
    "dice.roll_pool": roll_pool,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
