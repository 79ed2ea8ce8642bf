// @ts-check
// A conflict's stored form, files, share links and two tabs' logs merged. A conflict is {setup, events,
// redo} plus bookkeeping: `ids` and `redoIds` (one per event: two tabs' logs merge without dropping or
// doubling one), `dropped` (undone, then discarded), `refused` (refused by the rules in a merge) and
// `replaced` (the set-aside copy this conflict replaced, so a start or an import can be undone).
import { isOwn, own } from "../../own.js";
import { slot, download, fileName } from "../../keeping/index.js";
import { logged, mergeLogs, notKept, refuseIn, unpackLog } from "../../keeping/logs.js";
import * as share from "../../share.js";

export { download, fileName };
/** @typedef {import("../../types/morale").Conflict} Conflict @typedef {import("../../types/morale").MoraleEvent} MoraleEvent */
export const FORMAT = "conflict-table/morale";
const SHARE = "morale"; // the link's #morale=…

export const draftStore = () => slot("morale:draft");

/** One more event logged: the keeper's (its id starts with the time of the tap). */
export { logged };

/** The saved form of a conflict (also the export file). Share links leave the bookkeeping out. */
export function pack(/** @type {Conflict} */ conflict, { bare = false } = {}) {
  const out = { format: FORMAT, version: 2, setup: conflict.setup, events: conflict.events, redo: conflict.redo };
  if (bare) return out;
  return { ...out, ids: conflict.ids, redoIds: conflict.redoIds, dropped: conflict.dropped, refused: conflict.refused ?? [], replaced: conflict.replaced };
}

// Version 1 named an attack's defender "target" and the defender's effort "defense".
const RENAMED = /** @type {Record<string, string>} */ ({ target: "defender", defense: "defender_effort" });

/** An event as this version names its fields (events saved by version 1 renamed; others as they are). */
export function current(/** @type {unknown} */ event) {
  if (event === null || typeof event !== "object" || /** @type {{kind?: unknown}} */ (event).kind !== "attack") return event;
  if (!Object.keys(RENAMED).some((old) => Object.hasOwn(event, old))) return event;
  return Object.fromEntries(Object.entries(event).map(([key, value]) => [isOwn(RENAMED, key) && !Object.hasOwn(event, own(RENAMED, key)) ? own(RENAMED, key) : key, value]));
}

/** Parse saved or imported text: {conflict} or {problem} (a sentence). A file without a format is read
 *  (the first releases wrote none).
 *  @param {string} text @returns {{conflict: Conflict, problem?: undefined} | {problem: string, conflict?: undefined}} */
export function unpack(text) {
  const got = unpackLog(text, { format: FORMAT, what: "a morale conflict", maker: "the morale tracker", formatRequired: false, event: current });
  return got.log ? { conflict: got.log } : { problem: got.problem };
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/** Two tabs' versions of one conflict as one: theirs, with the events only we logged and without the ones
 *  we dropped ({conflict, added}: how many of ours came in), or null for two conflicts (another setup). */
export function merge(/** @type {Conflict} */ ours, /** @type {Conflict} */ theirs, say = (/** @type {string} */ _text) => {}) {
  if (!same(ours.setup, theirs.setup)) return null;
  const { added, changed, log, lost } = mergeLogs(ours, theirs);
  for (const event of lost) say(notKept(named(event)));
  return { added, changed, conflict: { setup: theirs.setup, ...log, replaced: theirs.replaced } };
}

/** An event as the tracker names it: "Ana's attack", "Crew's end of turn". */
export const named = (/** @type {MoraleEvent} */ event) => `${event.member ?? event.team ?? "the team"}'s ${String(event.kind).replace("end_turn", "end of turn").replaceAll("_", " ")}`;

/** The keeper's refuse: a merge the rules refuse at an event only one tab logged, without it (keeping/logs.js).
 *  @param {any} merged @param {{problem?: string, event?: number}} refusal @param {any} ours @param {any} theirs
 *  @param {(text: string) => void} say */
export const refuse = (merged, refusal, ours, theirs, say) => refuseIn(merged, refusal, ours, theirs, say, named);

/** A link to this page carrying the conflict in its hash (share.js: #morale=<code>). */
export const shareLink = (/** @type {Conflict} */ conflict) => share.link(SHARE, pack(conflict, { bare: true }));
/** What the page's link carries: null (no conflict), {text} or {problem}.
 *  @type {() => Promise<{text: string, problem?: undefined} | {problem: string, text?: undefined} | null>} */
export const sharedText = () => share.received(SHARE);
export const forgetShared = () => share.forget(SHARE);
