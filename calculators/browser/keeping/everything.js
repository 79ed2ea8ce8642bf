// @ts-check
// Export everything / Import everything: one versioned file with every value the site keeps in this browser
// (every key under the site's prefix, set-aside lists included), read back like a share link (readKind: format
// and version; its size checked before), every entry checked by the check its calculator uses (checks.js, the
// registry by name), and nothing replaced before a set-aside copy of it is kept (slot.js). No DOM here
// (everything-ui.js draws the buttons); nothing here is a rule of the games.
import { keyFor, putText, readAsides, slot } from "./slot.js";
import { isRecord, json, readKind } from "./checks.js";

export const FORMAT = "conflict-table/everything";
export const VERSION = 1;
/** A browser keeps at most about 5 million characters for a site (Chromium, WebKit; Firefox 5 MB); in the
 *  file a character takes at most 6 bytes (a control character escaped, inside a set-aside copy escaped
 *  again; beyond ASCII 3 bytes of UTF-8), so the largest file Export can write is read back. */
const KEPT_CHARS = 5_500_000;
export const LIMITS = { bytes: 6 * KEPT_CHARS, entries: 1_000, name: 100 };
/** Names kept about this browser, not by a player (never exported): the persistence answer, a probe. */
const OWN = /^(keeping:|probe$)/;
const NAME = /^[a-z][a-z0-9_-]*(:[a-z0-9_-]+)*$/i; // "morale", "stress:track:c2", "morale:set-aside"
const ASIDE = ":set-aside";
/**
 * @typedef {Record<string, string>} Kept every kept value by name: {name: stored text}
 * @typedef {{at: string, size: number}} Left a set-aside copy an import could not keep (its date, its characters)
 * @typedef {{name: string, of: number, kept: number, left: Left[], why: string | null}} ListAdded
 *   an imported set-aside list: how many copies it held (of), how many were kept, the ones left and why
 * @typedef {(text: string) => Promise<{problem?: string, down?: string} | null>} EntryCheck an entry's check (checks.js)
 */

/** Every kept value of this site in this browser: {name: stored text}, sorted by name. @returns {Kept} */
export function collect(storage = window.localStorage) {
  const prefix = keyFor("");
  const names = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "")
    .filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  const ours = names.filter((name) => !OWN.test(name) && NAME.test(name)).sort();
  return Object.fromEntries(ours.map((name) => [name, storage.getItem(prefix + name) ?? ""]));
}

/** The file's text. @param {Kept} kept */
export function makeFile(kept, made = new Date().toISOString()) {
  return JSON.stringify({ format: FORMAT, version: VERSION, made, kept }, null, 1);
}

/** The file's size in bytes (UTF-8), as Import reads it before its text. */
export const fileBytes = (/** @type {string} */ text) => new TextEncoder().encode(text).length;

/** Why the file Export would write could not be imported (too large), or null: Export then writes nothing. */
export const notImportable = (/** @type {string} */ text) => (fileBytes(text) > LIMITS.bytes
  ? `the file would be larger than ${LIMITS.bytes / 1_000_000} MB, more than Import everything reads: discard set-aside copies first` : null);

/** A set-aside list's shape (its copies are, by nature, values that could not be used: not judged). */
function asideProblem(/** @type {string} */ text) {
  const { value: list, problem } = json(text);
  if (problem) return problem;
  const copies = Array.isArray(list) &&
    list.every((x) => isRecord(x) && typeof x.text === "string" && typeof x.at === "string");
  return copies ? null : "it is not a list of set-aside copies";
}

/** A file too large to read (before its text is read): the sentence, or null. */
export const tooLarge = (/** @type {number} */ size) => (size > LIMITS.bytes ? `the file is larger than ${LIMITS.bytes / 1_000_000} MB, more than this site ever keeps` : null);

/** Read a file's text, without the rules: {kept} or {problem} (a sentence for the player).
 *  @param {unknown} text @returns {{kept: Kept, problem?: undefined} | {problem: string, kept?: undefined}} */
export function readFile(text) {
  if (typeof text !== "string" || !text.trim()) return { problem: "the file is empty" };
  const large = tooLarge(text.length);
  if (large) return { problem: large };
  const { data, problem } = readKind(text, { format: FORMAT, version: VERSION, versionRequired: true,
    what: "an “Export everything” file", not: "it is not an “Export everything” file of Conflict Table" });
  if (!data) return { problem };
  if (!isRecord(data.kept)) return { problem: "it has no list of kept values" };
  const entries = Object.entries(data.kept);
  if (entries.length > LIMITS.entries) return { problem: `it holds more than ${LIMITS.entries} kept values` };
  for (const [name, value] of entries) {
    const shown = `“${name.slice(0, 40)}”`;
    if (name.length > LIMITS.name || !NAME.test(name) || OWN.test(name)) return { problem: `${shown} is not a name this site keeps` };
    if (typeof value !== "string") return { problem: `${shown} is not a kept value (not text)` };
    if (name.endsWith(ASIDE)) {
      const why = asideProblem(value);
      if (why) return { problem: `${shown}: ${why}` };
    }
  }
  return { kept: /** @type {Kept} */ (Object.fromEntries(entries)) };
}

/**
 * Check every entry by its calculator's check: checkOf(name) → async (text) → null | {problem} | {down},
 * or null when no calculator keeps that name. → {ok: true} | {problem} | {down} (the first found).
 * @param {Kept} kept @param {(name: string) => EntryCheck | null} checkOf
 * @returns {Promise<{ok?: true, problem?: string, down?: string}>}
 */
export async function checkAll(kept, checkOf) {
  for (const [name, text] of Object.entries(kept)) {
    const aside = name.endsWith(ASIDE); // a set-aside list: its copies could not be used, by nature (not judged)
    const check = checkOf(aside ? name.slice(0, -ASIDE.length) : name);
    if (!check) return { problem: `“${name.slice(0, 40)}” is kept by no calculator of this version of the site` };
    if (aside) continue;
    const verdict = await check(text);
    if (verdict?.down) return { down: verdict.down };
    if (verdict?.problem) return { problem: `“${name.slice(0, 40)}”: ${plain(verdict.problem)}` };
  }
  return { ok: true };
}

/** A check's sentence inside Import's own (which says once that nothing was changed). */
const plain = (/** @type {unknown} */ problem) => String(problem).replace(/\s*Nothing was changed\.?\s*$/, "").replace(/\.$/, "");

/** A number of characters as a player reads it: "1,400,012 characters". */
const chars = (/** @type {number} */ n) => `${n.toLocaleString("en")} character${n === 1 ? "" : "s"}`;

/**
 * An imported set-aside list added to the one here, whole when it fits, else copy by copy (a copy that does
 * not fit is left in the file; a smaller one after it may still fit). → {kept, left: [{at, size}], why}.
 * @param {string} name @param {string} text @returns {{kept: number, left: Left[], why: string | null}}
 */
function addList(name, text) {
  const key = keyFor(name);
  const mine = readAsides(key);
  const seen = new Set(mine.map((item) => item?.text));
  const more = JSON.parse(text).filter((/** @type {{at: string, text: string}} */ item) => !seen.has(item.text));
  if (!more.length) return { kept: 0, left: [], why: null };
  if (!putText(key, JSON.stringify([...mine, ...more]))) return { kept: more.length, left: [], why: null };
  const list = [...mine];
  const left = /** @type {Left[]} */ ([]);
  let why = /** @type {string | null} */ (null);
  for (const item of more) {
    const failed = putText(key, JSON.stringify([...list, item]));
    if (failed) {
      why ??= failed;
      left.push({ at: item.at, size: item.text.length });
    } else list.push(item);
  }
  return { kept: more.length - left.length, left, why };
}

/**
 * Put checked values in place. Every value a different one would replace is set aside first (in its
 * own set-aside list); when a copy can't be kept, nothing is replaced; the values go in whole or not at
 * all, the one that did not fit named. Imported set-aside lists are added to the ones here (never replace
 * them), copy by copy when a list does not fit whole. → {done: n, lists: [{name, of, kept, left, why}]}
 * (values now as in the file; each imported list and what of it was kept) or {problem}.
 * @param {Kept} kept @returns {{done?: number, lists?: ListAdded[], problem?: string}}
 */
export function adoptAll(kept, reason = "replaced by “Import everything”") {
  const values = Object.entries(kept).filter(([name]) => !name.endsWith(ASIDE));
  const lists = Object.entries(kept).filter(([name]) => name.endsWith(ASIDE));
  const before = new Map(values.map(([name]) => [name, slot(name).text()]));
  for (const [name, text] of values) {
    const old = before.get(name);
    if (old != null && old !== text && !slot(name).setAside(old, reason, { hold: false })) {
      return { problem: `there is no room in this browser to set your own “${name}” aside first, so nothing was replaced (export it, or discard set-aside copies, then try again)` };
    }
  }
  const written = /** @type {string[]} */ ([]);
  for (const [name, text] of values) {
    const why = slot(name).writeText(text);
    if (why) {
      for (const done of written) {
        const old = before.get(done);
        if (old == null) slot(done).remove();
        else slot(done).writeText(old);
      }
      return { problem: `this browser would not keep “${name}” (${chars(text.length)}: ${why}), so nothing was replaced` };
    }
    written.push(name);
  }
  const added = lists.map(([name, text]) => ({ name: name.slice(0, -ASIDE.length), of: JSON.parse(text).length, ...addList(name, text) }));
  return { done: values.length, lists: added };
}

/** What an import could not keep, copy by copy, in a sentence (empty when it kept everything).
 *  @param {ListAdded[] | undefined} lists */
export function notKeptWords(lists) {
  const short = (lists ?? []).filter((list) => list.left.length);
  if (!short.length) return "";
  const parts = short.map(({ name, of, left }) => `${left.length} of ${of} set-aside ${of === 1 ? "copy" : "copies"} of “${name}” ` +
    `(${chars(left.reduce((n, item) => n + item.size, 0))})`);
  return `Not kept, as there is no room for them in this browser (${short[0].why}): ${parts.join("; ")}. ` +
    "They are still in the file: discard set-aside copies you no longer need, then import the file again to bring them in.";
}
