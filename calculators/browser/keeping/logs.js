// @ts-check
// Two tabs' versions of one kept log of events (the morale tracker's conflict, the conflict board's): each event
// carries an id, so a merge keeps every change either tab made, in the order they were made:
// * an event either tab undid (its id in a redo list) or dropped is out, and stays out: a redo logs it again under
//   the next id of its line ("…~1", "…~2": `redoneIds`), so an id that left the log never comes back, an undo in
//   one tab and a log in the other are two changes, both kept, and the same redo tapped in both tabs is one event;
// * an event the rules refuse once the two logs are one (both tabs logged the same actor's turn, neither having
//   heard of the other's) is taken out of the merge (`refuseIn`: the later tap's, as the rules replay them in
//   order) and its id kept in `refused`, so it stays out whichever tab merges next, and the tab that logged it
//   can say so (`lost`);
// * what only one log holds goes where it was logged (an id starts with its time), so the later never comes first;
// * redo survives when the merged log is the one the redo list was made on.
import { isRecord, readKind } from "./checks.js";

/**
 * @typedef {{events: any[], ids: string[], redo: any[], redoIds: string[], dropped: string[], refused?: string[]}} Log
 *   a kept log: its events and their ids, the undone events (redo) and theirs, the ids gone for good
 * @typedef {[any, string]} Pair an event and its id
 */

/**
 * A kept, imported or shared log read (a value, or its JSON text) by checks.js's readKind: {log} or {problem}.
 * `event` brings an event of an earlier release up to date. Whether the log replays is the rules' to say, after.
 * @param {unknown} data
 * @param {{ format: string, what: string, maker: string, version?: number | null, formatRequired?: boolean,
 *           event?: (e: any) => any }} how what: "a conflict board"; maker: "the conflict board"
 * @returns {{ log: Log & { setup: any, replaced: string | null }, problem?: undefined } | { problem: string, log?: undefined }}
 */
export function unpackLog(data, { format, what, maker, version = null, formatRequired = true, event = (e) => e }) {
  const not = `it is not ${what} (no setup and events)`;
  const read = readKind(data, { format, what, version, formatRequired, not, unmarked: `it was not made by ${maker}` });
  if (!read.data) return { problem: read.problem };
  const d = read.data;
  if (!isRecord(d.setup) || !Array.isArray(d.events)) return { problem: not };
  if (d.redo !== undefined && !Array.isArray(d.redo)) return { problem: "its redo list is not a list" };
  const odd = (d.redo ?? []).findIndex((/** @type {any} */ e) => !isRecord(e) || typeof e.kind !== "string");
  if (odd >= 0) return { problem: `redo[${odd}] is not an event` };
  const redo = (d.redo ?? []).map(event);
  const events = d.events.map(event);
  const strings = (/** @type {unknown} */ list, /** @type {number} */ n) =>
    Array.isArray(list) && list.length === n && list.every((x) => typeof x === "string");
  // Files from before the ids, or edited by hand: ids from the position (the same in every tab).
  const ids = strings(d.ids, events.length) ? d.ids : events.map((/** @type {unknown} */ _, /** @type {number} */ i) => `e${i}`);
  const redoIds = strings(d.redoIds, redo.length) ? d.redoIds : redo.map((/** @type {unknown} */ _, /** @type {number} */ i) => `r${i}-${events.length}`);
  const replaced = typeof d.replaced === "string" ? d.replaced : null;
  return { log: { setup: d.setup, events, redo, ids, redoIds, dropped: idList(d.dropped), refused: idList(d.refused), replaced } };
}

/** How many dropped ids a log remembers (enough for any undo a table makes in one sitting). */
export const MAX_DROPPED = 500;

/** A list of ids as a stored log, a file or another release holds it (dropped, refused): strings only, the last MAX_DROPPED. */
export const idList = (/** @type {unknown} */ list) => (Array.isArray(list) ? list.filter((/** @type {unknown} */ x) => typeof x === "string").slice(-MAX_DROPPED) : []);

/** A new event id: the time it was logged (base 36, so ids sort by when they were logged), then a random part. */
export const newId = (at = Date.now()) => `${at.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** A log with one more event: the redo list goes (its ids remembered as dropped). `at`: when the player
 *  tapped Log it, not when the rules answered: of two tabs' events, the one tapped first comes first.
 *  @template {Log} L @param {L} log @param {any} event @returns {L} */
export function logged(log, event, at = Date.now()) {
  return { ...log, events: [...log.events, event], ids: [...log.ids, newId(at)], redo: [], redoIds: [],
    dropped: [...log.dropped, ...log.redoIds].slice(-MAX_DROPPED) };
}

const TIMED = /^([0-9a-z]{6,10})-[0-9a-z]+(~\d+)?$/;
/** When an id's event was first logged (ms), or null for an id without a time (older logs: "e3", "r0-4"). */
export const madeAt = (/** @type {string} */ id) => {
  const m = TIMED.exec(id);
  return m ? parseInt(m[1], 36) : null;
};

/** The id an undone event is logged again under: the next of its line ("a-b" → "a-b~1" → "a-b~2"). */
export const nextId = (/** @type {string} */ id) => {
  const m = /^(.*)~(\d+)$/.exec(id);
  return m ? `${m[1]}~${Number(m[2]) + 1}` : `${id}~1`;
};

/** @template T @param {T[]} list @param {number} i @returns {T[]} */
const without = (list, i) => [...list.slice(0, i), ...list.slice(i + 1)];

/** What a tab says when an event it logged was taken out of a merge (refuseIn); name: the event as named. */
export const notKept = (/** @type {string} */ name) => `${name.charAt(0).toUpperCase()}${name.slice(1)} was not kept: another tab logged a moment ` +
  "before it, and the rules refuse the two together (the tap made first stands).";

/**
 * A keeper's `refuse` for a log (keeper.js): the merged log without the event the rules refuse ({event}: its
 * index), its id kept in `refused`; said (notKept) when it was ours. Only an event one of the two logs holds is
 * taken out (a race between two taps, settled the same way whichever tab merges): null for one both hold, or
 * an index past the log's events (its redo list).
 * @template {Log} T @param {T} merged @param {{event?: number}} refusal @param {Log} ours @param {Log} theirs
 * @param {(text: string) => void} say @param {(event: any) => string} name @returns {T | null}
 */
export function refuseIn(merged, { event }, ours, theirs, say, name) {
  const id = event == null ? undefined : merged.ids[event];
  if (id == null || event == null) return null;
  const mine = ours.ids.includes(id);
  if (mine === theirs.ids.includes(id)) return null;
  if (mine) say(notKept(name(merged.events[event])));
  const refused = [...(merged.refused ?? []), id].slice(-MAX_DROPPED);
  return { ...merged, events: without(merged.events, event), ids: without(merged.ids, event), refused };
}

/** The ids of a log after its last undone event is logged again: the next id of its line, the old one dropped. */
export const redoneIds = (/** @type {Log} */ log) => {
  const last = /** @type {string} */ (log.redoIds.at(-1));
  return { ids: [...log.ids, nextId(last)], redoIds: log.redoIds.slice(0, -1), dropped: [...log.dropped, last].slice(-MAX_DROPPED) };
};

/**
 * Two ordered lists of [event, id] as one, each one's order kept: a pair both hold keeps its place;
 * where both go on with pairs only they hold, the one logged first comes first (theirs on a tie).
 * @param {Pair[]} theirs @param {Pair[]} ours @returns {Pair[]}
 */
function interleave(theirs, ours) {
  const inOurs = new Set(ours.map(([, id]) => id));
  const inTheirs = new Set(theirs.map(([, id]) => id));
  /** @type {Map<string, Pair>} the pairs taken, by id, in order */
  const out = new Map();
  let [i, j] = [0, 0];
  const take = (/** @type {Pair} */ pair) => out.set(pair[1], pair);
  while (i < theirs.length || j < ours.length) {
    const t = theirs[i];
    const o = ours[j];
    if (t && out.has(t[1])) { i++; continue; }
    if (o && out.has(o[1])) { j++; continue; }
    if (!o) { take(t); i++; continue; }
    if (!t) { take(o); j++; continue; }
    if (t[1] === o[1]) { take(t); i++; j++; continue; }
    const tOnly = !inOurs.has(t[1]);
    const oOnly = !inTheirs.has(o[1]);
    if (tOnly && oOnly) {
      const [a, b] = [madeAt(t[1]), madeAt(o[1])];
      if (a != null && b != null && b < a) { take(o); j++; } else { take(t); i++; }
    } else if (tOnly) { take(t); i++; } // o is in both: what only theirs holds comes before it
    else if (oOnly) { take(o); j++; }
    else { take(t); i++; } // both hold both, in another order (never made by these functions): theirs
  }
  return [...out.values()];
}

const pairs = (/** @type {Log} */ log) => log.events.map((e, i) => /** @type {Pair} */ ([e, log.ids[i]]));
const sameIds = (/** @type {string[]} */ a, /** @type {string[]} */ b) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Ours and theirs as one log: {log: {events, ids, redo, redoIds, dropped, refused}, added, changed, lost}.
 * Both logs are {events, ids, redo, redoIds, dropped, refused?}; the caller checks they are of one conflict.
 * `added`: how many of our events theirs did not hold; `changed`: the merged log is not theirs; `lost`: our
 * events the other tab's merge refused (refuseIn), which this tab has not said yet.
 * @param {Log} ours @param {Log} theirs
 */
export function mergeLogs(ours, theirs) {
  const dropped = new Set([...theirs.dropped, ...ours.dropped]);
  const refused = new Set([...(theirs.refused ?? []), ...(ours.refused ?? [])]);
  const out = new Set([...dropped, ...refused, ...theirs.redoIds, ...ours.redoIds]); // undone, dropped or refused, in either tab
  const all = interleave(pairs(theirs).filter(([, id]) => !out.has(id)), pairs(ours).filter(([, id]) => !out.has(id)));
  const ids = all.map(([, id]) => id);
  // Redo goes on when the log is the one its redo list was made on (theirs first), minus what either dropped.
  const redoOf = (/** @type {Log} */ log) => log.redo.map((e, i) => /** @type {Pair} */ ([e, log.redoIds[i]])).filter(([, id]) => !dropped.has(id) && !refused.has(id) && !ids.includes(id));
  const from = [theirs, ours].filter((log) => sameIds(ids, log.ids)).map(redoOf).find((r) => r.length) ?? [];
  const redoIds = from.map(([, id]) => id);
  const kept = new Set(redoIds);
  const gone = [...dropped, ...theirs.redoIds, ...ours.redoIds].filter((id) => !kept.has(id));
  const theirIds = new Set(theirs.ids);
  const ourRefused = new Set(ours.refused ?? []);
  return {
    added: ids.filter((id) => !theirIds.has(id)).length,
    changed: !sameIds(ids, theirs.ids) || !sameIds(redoIds, theirs.redoIds),
    lost: pairs(ours).filter(([, id]) => refused.has(id) && !ourRefused.has(id)).map(([e]) => e),
    log: { events: all.map(([e]) => e), ids, redo: from.map(([e]) => e), redoIds,
      dropped: [...new Set(gone)].slice(-MAX_DROPPED), refused: [...refused].slice(-MAX_DROPPED) },
  };
}
