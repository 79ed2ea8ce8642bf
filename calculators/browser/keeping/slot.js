// @ts-check
// One stored value and its set-aside list, in local storage (keeper.js builds on it). Its rules:
// * a stored value that can't be used is never deleted nor overwritten before a dated copy of it is safely kept
//   in its set-aside list (a list, never overwritten), which the player can download or discard (after a question);
// * a write that fails (storage full or blocked) leaves the old value as it was, and the caller gets a sentence
//   to tell the player;
// * keys carry the site's path, so two sites on one origin (user.github.io/a/ and /b/) never read each other's
//   data; data under the old unscoped keys moves to the scoped ones once (players kept data there before
//   2026-11-22, and a player who has not come back since still has it there).
// Nothing here is a rule of the games.
import { isRecord, json, textCheck } from "./checks.js";

/** The site's root path ("/" or "/a/"): this file is at <root>assets/calc/keeping/slot.js. */
const ROOT = new URL("../../../", import.meta.url).pathname;
const OLD_PREFIX = "conflict-table:";

/** The storage key of a name ("morale", "stress:track") for this site. */
export const keyFor = (/** @type {string} */ name) => `conflict-table[${ROOT}]:${name}`;

const ls = () => window.localStorage; // may throw (storage switched off)

/** fn's answer on local storage (or `storage`), or `failed` when storage throws (full, or switched off).
 *  @template T @param {(storage: Storage) => T} fn @param {T} failed @returns {T} */
function safely(fn, failed, storage = ls) {
  try {
    return fn(storage());
  } catch {
    return failed;
  }
}

const session = () => window.sessionStorage; // what lasts until the tab is closed
/** The tab's text under `key` (null: none, or storage is off). @param {string} key */
export const sessionText = (key) => safely((s) => s.getItem(key), null, session);
/** Keep `text` under `key` for the tab (null: remove it): true when done.
 *  @param {string} key @param {string | null} text */
export const keepSession = (key, text) =>
  safely((s) => (text == null ? s.removeItem(key) : s.setItem(key, text), true), false, session);

/** The text under `key` (null: none); blocked: storage is off. @param {string} key */
export const getText = (key) =>
  safely((s) => ({ text: s.getItem(key), blocked: false }), { text: null, blocked: true });
/** Store `text` under `key`: true when it is kept. @param {string} key @param {string} text */
export const setText = (key, text) => safely((s) => (s.setItem(key, text), true), false);
const removeKey = (/** @type {string} */ key) => safely((s) => s.removeItem(key), undefined);

const FULL = "this browser's storage for the site is full";
const OFF = "this browser does not let the site keep anything";

function whyNot() {
  try {
    const probe = keyFor("probe");
    ls().setItem(probe, "1");
    ls().removeItem(probe);
    return FULL; // a tiny write works: the big one did not fit
  } catch (error) {
    return error instanceof Error && /quota/i.test(`${error.name} ${error.message}`) ? FULL : OFF;
  }
}

/** Write `text` under `key`: null, or the sentence why not (the stored text stays). */
export function putText(/** @type {string} */ key, /** @type {string} */ text) {
  return setText(key, text) ? null : whyNot();
}

const migrated = new Set();

/** Move data from the old unscoped keys (before keys carried the site's path), once. */
function migrate(/** @type {string} */ name) {
  if (migrated.has(name)) return;
  migrated.add(name);
  const key = keyFor(name);
  const old = getText(OLD_PREFIX + name).text;
  if (old != null && getText(key).text == null && setText(key, old)) removeKey(OLD_PREFIX + name);
  // The set-aside list (morale kept a list already; stress kept one copy, which readAsides keeps whole).
  const [oldAside, aside] = [`${OLD_PREFIX}${name}:set-aside`, `${key}:set-aside`];
  if (getText(oldAside).text == null) return;
  if (setText(aside, JSON.stringify([...readAsides(oldAside), ...readAsides(aside)]))) removeKey(oldAside);
}

/** @typedef {{at: string, reason: string, text: string, raw?: boolean}} Aside a copy set aside */

/** The set-aside list under `key`. A list that can't be read (damaged, cut short) is never dropped: its whole text
 *  is one copy of the list, so the next copy set aside does not overwrite it. @param {string} key @returns {Aside[]} */
export function readAsides(key) {
  const { text } = getText(key);
  if (text == null) return [];
  const list = json(text).value;
  const damaged = (/** @type {string} */ what, /** @type {string} */ raw, i = 0) => ({ at: new Date(Date.UTC(2000, 0, 1, 0, 0, 0, i)).toISOString(), raw: true,
    reason: `${what} could not be read, so it is kept here as it was found`, text: raw });
  if (!Array.isArray(list)) return [damaged("the set-aside list", text)];
  return list.map((x, i) => {
    if (!x || typeof x !== "object" || typeof x.text !== "string") return damaged("a set-aside copy", JSON.stringify(x) ?? String(x), i + 1);
    return typeof x.at === "string" ? x : { ...x, at: damaged("", "", i + 1).at, raw: true }; // a copy without its date
  });
}

/** One stored value and its set-aside list: slot("morale"), slot("stress:track"). problemOf(text) → null | why:
 *  a stored value it refuses is set aside before anything is written over it, and checked() reads through it.
 *  @param {string} name @param {{problemOf?: ((text: string) => string | null) | null}} [options] */
export function slot(name, { problemOf = null } = {}) {
  migrate(name);
  const key = keyFor(name);
  const asideKey = `${key}:set-aside`;
  const fromKey = keyFor(`keeping:from:${name}`); // what the stored value was made from (tabs.js: lineage)
  let pending = /** @type {Aside[]} */ ([]); // unusable values only in memory: kept before anything overwrites the key

  const api = {
    key,
    asideKey,
    /** The raw stored text (null when there is none, or storage is off). */
    text: () => getText(key).text,
    /** The stored value: {value} (undefined when none), {problem} when it is not JSON, {blocked}.
     *  @returns {{value?: any, text?: string | null, problem?: string, blocked?: string}} */
    read() {
      const { text, blocked } = getText(key);
      if (blocked) return { blocked: OFF };
      return text == null ? { text: null } : { text, ...json(text) };
    },
    /** Store a value; null when it is kept, else the reason it is not (the old value stays). */
    write: (/** @type {any} */ value) => api.writeText(JSON.stringify(value)),
    writeText(/** @type {string} */ text) {
      guard(text);
      if (pending.length && !flush()) return `${FULL}, and a set-aside copy must be kept first`;
      return putText(key, text);
    },
    remove() {
      if (pending.length && !flush()) return;
      removeKey(key);
    },
    /** A small note kept beside the value, about this browser (never exported): the text, or null. */
    note: () => getText(fromKey).text,
    /** Keep that note; a note that can't be kept is left out (true when it is kept). */
    writeNote: (/** @type {string} */ text) => setText(fromKey, text),
    /** Copies set aside: [{at, reason, text}], oldest first (with any not stored yet). */
    asides: () => [...readAsides(asideKey), ...pending],
    /** Keep a copy of text that can't be used now: its date (its name in the list) when it is stored, else false;
     *  then, unless hold is false, it is held in memory (shown) and the key is not overwritten until it is stored.
     *  @param {string} text @param {string} reason @param {{hold?: boolean}} [options] @returns {string | false} */
    setAside(text, reason, { hold = true } = {}) {
      const list = readAsides(asideKey);
      const there = list.find((item) => item.text === text);
      if (there) return there.at;
      if (pending.some((item) => item.text === text)) return false;
      let at = new Date().toISOString();
      while (list.some((item) => item.at === at)) at = new Date(Date.parse(at) + 1).toISOString();
      const item = { at, reason, text };
      if (setText(asideKey, JSON.stringify([...list, item]))) return at;
      if (hold) pending.push(item);
      return false;
    },
    /** Are all set-aside copies stored (none only in memory)? */
    get allKept() {
      return !pending.length;
    },
    /** Take one copy out of the list (to bring it back); returns it or null. */
    takeAside(/** @type {string} */ at) {
      const list = readAsides(asideKey);
      const i = list.findIndex((item) => item.at === at);
      if (i < 0) return null;
      const [item] = list.splice(i, 1);
      const kept = list.length ? setText(asideKey, JSON.stringify(list)) : (removeKey(asideKey), true);
      return kept ? item : null;
    },
    discardAsides() {
      pending = [];
      removeKey(asideKey);
    },
    /** The stored value read through problemOf: {value} (undefined when none), or {problem, text, kept} once it is
     *  set aside (kept: the copy is stored).
     *  @returns {{value?: any, problem?: string, text?: string, kept?: boolean}} */
    checked() {
      const { text } = getText(key);
      if (text == null) return { value: undefined };
      const got = json(text);
      const why = problemOf?.(text) ?? got.problem;
      return why ? { problem: why, text, kept: !!api.putAside(text, why) } : { value: got.value };
    },
    /** Keep an unusable stored value: set it aside, then clear the key. Returns true when the copy is stored. */
    putAside(/** @type {string} */ text, /** @type {string} */ reason) {
      const kept = api.setAside(text, reason);
      if (kept) removeKey(key);
      return kept;
    },
  };

  /** A stored value the check refuses is copied to the set-aside list (held in memory when there is no
   *  room: then nothing is written) before `text` replaces it. */
  function guard(/** @type {string} */ text) {
    if (!problemOf) return;
    const old = getText(key).text;
    if (old == null || old === text) return;
    const why = problemOf(old);
    if (why) api.setAside(old, `found in place of what is kept here (${why})`);
  }

  function flush() {
    const list = readAsides(asideKey);
    if (!setText(asideKey, JSON.stringify([...list, ...pending]))) return false;
    pending = [];
    return true;
  }

  return api;
}

/** The draft of a sheet (the board's action, the tracker's event being composed), kept as it is filled in. Its
 *  check is the rules', so read() gives the stored value and putAside() keeps a refused one. `noun`: what is
 *  composed ("action"). @param {string} name @param {string} noun */
export function draftSlot(name, noun) {
  const notOne = `it is not an ${noun} being composed`;
  const store = slot(name, { problemOf: textCheck((/** @type {unknown} */ v) => (isRecord(v) ? null : notOne)) });
  const unused = (/** @type {string} */ why, /** @type {boolean} */ kept) => `The ${noun} you were composing could not `
    + `be used (${why.replace(/\.$/, "")}). ` + (kept ? "A copy was set aside." : "There is no room to keep a copy: nothing was changed.");
  const none = { kind: null };
  return {
    /** The kept draft as the page opens, checked by the rules (`check(value)`: their reply): the draft to draw
     *  ({kind: null}: none kept, or one that can't be used, then set aside and said). An engine that is down
     *  leaves the kept one as it is. @param {(value: any) => Promise<import("../types/widget").Reply>} check
     *  @returns {Promise<{draft: any, notice: string | null}>} */
    async opened(check) {
      const kept = this.read();
      if (kept.problem) return { draft: none, notice: unused(kept.problem, !!kept.kept) };
      const checked = kept.value === undefined ? null : await check(kept.value);
      if (checked?.ok) return { draft: checked.result.action, notice: null };
      if (!checked || checked.error?.code === "engine") return { draft: none, notice: null };
      const why = String(checked.error?.message);
      const set = this.putAside(/** @type {string} */ (kept.text), why);
      this.write(none);
      return { draft: none, notice: unused(why, set) };
    },
    /** {value} (undefined: nothing kept), or {problem, kept} when it is not even a mapping (set aside).
     *  @returns {{ value?: any, text?: string, problem?: string, kept?: boolean }} */
    read() {
      const got = store.checked();
      return got.value === undefined ? got : { value: got.value, text: store.text() ?? undefined };
    },
    /** A kept draft the rules refused: set aside (kept: the copy is stored), never used.
     *  @param {string} text @param {string} problem */
    putAside: (text, problem) => !!store.putAside(text, problem),
    write: (/** @type {unknown} */ draft) => store.write(draft),
    store,
  };
}
