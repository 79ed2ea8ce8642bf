// The rules' replies the boon odds read (widgets/boons/): rules_core/api/boons.py's boons.free_dice and
// boons.odds, as their docstrings describe them.
import type { Chance } from "./widget";

/** One way to use a boon: the dice it adds, its rating after (null: gone), whether it vanishes. */
export type Outcome = { dice: number; rating_after: number | null; vanishes: boolean };
/** boons.free_dice: a boon's free dice and what using or spending it does (also in words: verdict, why, ways). */
export type FreeDice = { rating: number; enduring: boolean; free_dice: number; extraordinary: boolean;
  use_free_dice: Outcome; spend: Outcome; verdict: string; why: string; ways: string[] };
/** A roll's pool and its chance to succeed. */
export type Part = { pool: number; probability: Chance };
/** boons.odds: the chance without the boon, with its free dice, and spending it. */
export type Odds = { without: Part; with_free_dice: Part; spending: Part };
