// @ts-check
// A board conflict as it is kept: {setup, events, redo, ids, redoIds, dropped, refused}. `ids` name each
// logged event so two tabs' logs merge without dropping or doubling one (`dropped`: undone, then discarded;
// `refused`: refused by the rules in a merge). Files and links carry it (links without the bookkeeping).
import { logged, mergeLogs, notKept, redoneIds, refuseIn, unpackLog } from "../../keeping/logs.js";

export const FORMAT = "conflict-table/board";
/** The kept form's version: a newer one (another release's) is refused by name, never read as this one. */
export const VERSION = 1;

export { logged };
/** @typedef {import("../../types/board").Conflict} Conflict @typedef {import("../../types/board").BoardEvent} BoardEvent */

/** @returns {Conflict} */
export const fresh = (/** @type {object} */ setup) => ({ setup, events: [], redo: [], ids: [], redoIds: [], dropped: [], refused: [] });

/** The kept form (also the export file); `bare` leaves the bookkeeping out (share links). */
export function pack(/** @type {Conflict} */ c, { bare = false } = {}) {
  const out = { format: FORMAT, version: VERSION, setup: c.setup, events: c.events, redo: c.redo };
  return bare ? out : { ...out, ids: c.ids, redoIds: c.redoIds, dropped: c.dropped, refused: c.refused ?? [] };
}

/** Read a kept, imported or shared conflict (a value or its JSON text): {conflict} or {problem}.
 *  @param {unknown} data @returns {{conflict: Conflict, problem?: undefined} | {problem: string, conflict?: undefined}} */
export function unpack(data) {
  const got = unpackLog(data, { format: FORMAT, version: VERSION, what: "a conflict board", maker: "the conflict board" });
  if (!got.log) return { problem: got.problem };
  const { replaced: _, ...conflict } = got.log;
  return { conflict };
}

/** The whole log a conflict can come back to: its events, then what Redo would log again (the rules check
 *  it all, redo included: every event a file or a reload brings is one the rules replayed). */
export const fullLog = (/** @type {Conflict} */ c) => (c.redo.length ? [...c.events, ...c.redo.toReversed()] : c.events);

/** The last event taken back (kept for redo), or null when there is none. @returns {Conflict | null} */
export function undone(/** @type {Conflict} */ c) {
  if (!c.events.length) return null;
  return /** @type {Conflict} */ ({ ...c, events: c.events.slice(0, -1), ids: c.ids.slice(0, -1),
    redo: [...c.redo, c.events.at(-1)], redoIds: [...c.redoIds, c.ids.at(-1)] });
}

/** The last undone event logged again (under a new id: the undone one stays out in a merge), or null. @returns {Conflict | null} */
export function redone(/** @type {Conflict} */ c) {
  if (!c.redo.length) return null;
  return /** @type {Conflict} */ ({ ...c, events: [...c.events, c.redo.at(-1)], redo: c.redo.slice(0, -1), ...redoneIds(c) });
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/** How a merge's message names a kind of event ("Jade's simple action"): the log's words for it. */
/** @type {Record<string, string>} */
const SAID = { simple: "simple action", move_another: "move another", taken_out: "taken out", end_exchange: "end of exchange",
  end: "end the conflict", redefine_border: "beaten border" };

/** An event as the referee named it: "Hargan's attack “a note”". */
export function named(/** @type {BoardEvent} */ event) {
  const who = event.actor ?? event.side ?? event.target;
  const what = SAID[event.kind] ?? String(event.kind);
  const note = event.note || event.story;
  return `${who ? `${who}'s ${what}` : `the ${what}`}${note ? ` “${note}”` : ""}`;
}

/** Two tabs' versions of one conflict as one (theirs, plus the events only we logged), or null (another setup).
 *  Our events the other tab's merge refused (refuse, there) are said.
 *  @param {any} ours @param {any} theirs @param {any} [_base] @param {(text: string) => void} [say] */
export function merge(ours, theirs, _base, say = () => {}) {
  if (!ours || !theirs || !same(ours.setup, theirs.setup)) return null;
  const { log, lost } = mergeLogs(ours, theirs);
  for (const event of lost) say(notKept(named(event)));
  return { setup: theirs.setup, ...log };
}

/** A merge the rules refuse at one event only one tab logged (both tabs logged the same actor's turn, neither
 *  having heard of the other's): the merge without it, said when it was ours; null otherwise (keeper.js).
 *  @param {any} merged @param {{problem?: string, event?: number}} refusal @param {any} ours @param {any} theirs
 *  @param {(text: string) => void} [say] */
export const refuse = (merged, refusal, ours, theirs, say = () => {}) => refuseIn(merged, refusal, ours, theirs, say, named);

/** The stored form for the keeper: the packed conflict as JSON; read back through unpack. */
export const codec = {
  toText: (/** @type {Conflict | null} */ c) => JSON.stringify(c ? pack(c) : null), // null: nothing kept yet (the keeper compares with it)
  /** @param {string} text @returns {{value?: any, problem?: string}} */
  fromText(text) {
    const got = unpack(text);
    return got.problem ? { problem: got.problem } : { value: got.conflict };
  },
};
