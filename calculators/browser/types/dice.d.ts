// The rules' replies the dice roller reads (widgets/dice/): rules_core/api/rolls.py's dice.roll_fate and
// dice.roll_pool, as their docstrings describe them; a roll shown carries its game, and is what the roller
// hands to another calculator of the page ("Use this result", handoff.js).
import type { Chance } from "./widget";

/** dice.roll_fate: skill + 4dF − bid scored (faces −1/0/+1, their total, the shifts, the chance of at least these). */
export type FateRoll = { skill: number; bid: number; faces: (-1 | 0 | 1)[]; symbols: string; dice: number; shifts: number;
  at_least: Chance; sum: string };
/** dice.roll_pool: a d6 pool scored (which dice hit, the effort against the difficulty, the chances). */
export type PoolRoll = { pool: number; boon_dice: number; faces: number[]; hits: boolean[]; dice: number; target: number;
  effort: number; difficulty: number; success: boolean; margin: number; at_least: Chance; chance: Chance;
  verdict: string };
/** A roll shown: the rules' answer and its game. */
export type Roll = ({ game: "edgerunner" } & FateRoll) | ({ game: "gauntlet-forge" } & PoolRoll);
/** A calculator of the page that takes a roll (handoff.js's receive): its place, its button's words, what it does. */
export type Receiver = { root: Element; name: string; accepts(roll: Roll): boolean; take(roll: Roll): string };
