// @ts-check
// The keeper's small words: the default stored form (JSON), the rules' check named as an
// outcome, and the sentence a player reads when a stored value was set aside.
import { json } from "./checks.js";

/**
 * @typedef {{toText: (value: any, history?: {past?: any[], future?: any[]}) => string,
 *            fromText: (text: string) => {value?: any, past?: any[], future?: any[], problem?: string}}} Codec
 */

/** @type {Codec} */
export const jsonCodec = { toText: (value) => JSON.stringify(value), fromText: json };

export const cap = (/** @type {string} */ s) => s.charAt(0).toUpperCase() + s.slice(1);
export const bare = (/** @type {unknown} */ s) => String(s).replace(/\.$/, "");

/** Run check(value) and name the outcome: {ok, value, view} | {problem, event?} | {down}. event: the index
 *  of the logged event the rules refuse, when the check names one.
 *  @returns {Promise<{ok?: true, value?: any, view?: any, problem?: string, event?: number, down?: string}>} */
export async function judge(/** @type {(value: any) => any} */ check, /** @type {any} */ value) {
  const reply = (await check(value)) ?? {};
  if (reply.down) return { down: reply.down };
  if (reply.problem) return reply.event == null ? { problem: bare(reply.problem) } : { problem: bare(reply.problem), event: reply.event };
  return { ok: true, value: "value" in reply ? reply.value : value, view: reply };
}

/** What the player reads when a stored value could not be used and was set aside (kept: the copy is stored). */
export function setAsideNotice(/** @type {string} */ what, /** @type {string} */ problem, /** @type {boolean} */ kept) {
  return `Your saved ${what} could not be used (${bare(problem)}). ` + (kept
    ? "A copy was set aside, not deleted: download it below."
    : "There is no room to keep a copy in this browser: download it below before you change anything.");
}
