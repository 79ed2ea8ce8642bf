// @ts-check
// The keeper's two-tab half: another tab (or another widget of this page) stored a value. It is
// merged with ours (`merge`), or, when the two can't be merged, both are kept: one shown, the other
// set aside (keeper.js's promises). Its interface: `new TwoTabs(rules)`, whose two calls take this
// tab's value and the stored text and answer what to keep; the keeper writes, sets aside and tells.
import { judge } from "./judge.js";
import { json } from "./checks.js";

/** How long a change waits for another tab's (its rules checking a merge, on a slow phone) before it goes on. */
const PATIENCE_MS = 10_000;

/**
 * Run `fn` while no other tab of this site runs one for `key` (Web Locks): two tabs' merges, each waiting for
 * its rules' check, are made one after the other. `fn` takes no lock itself. A write with nothing to merge is
 * made at once, without the lock (a tap is kept in its own task, before the page can be closed). Where a browser
 * has no locks, or the other tab holds on past PATIENCE_MS, `fn` runs anyway.
 * @template T @param {string} key @param {() => Promise<T>} fn @returns {Promise<T>}
 */
export async function exclusive(key, fn) {
  const locks = globalThis.navigator?.locks;
  if (!locks) return fn();
  let ran = false;
  try {
    return await locks.request(`${key}:writing`, { signal: AbortSignal.timeout(PATIENCE_MS) }, () => ((ran = true), fn()));
  } catch (error) {
    if (ran) throw error;
    return fn(); // not granted in time
  }
}

/** A task's turn (not a microtask's): storage news from another tab already on its way lands first. Through a
 *  message port, which a tab in the background does not slow down as it does timers. @returns {Promise<void>} */
export const settle = () => new Promise((resolve) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => (port1.close(), resolve());
  port2.postMessage(null);
});

/** A value longer than this keeps no lineage (hashing it at every write would cost a phone's time): it merges from
 *  what this tab last read. A stress panel, a roster or a map is far shorter. */
const LINEAGE_CHARS = 200_000;
/** How many texts a tab remembers it read or wrote, to merge from when another tab's value was made from one. */
const REMEMBERED = 6;
/** How many changes one merge may take out because the rules refuse them. */
const MAX_REFUSED = 8;

/** A text's short name (its length and a 53-bit hash, cyrb53): two texts a tab remembers never share one.
 *  @param {string} text */
export function textId(text) {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length}.${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/**
 * @typedef {import("./judge.js").Codec} Codec
 * @typedef {ReturnType<typeof import("./slot.js").slot>} Slot
 * @typedef {(value: any) => any} Check the rules' check (keeper.js)
 * @typedef {(ours: any, theirs: any, base: any, say: (text: string) => void) => any} Merge
 * @typedef {(merged: any, refusal: {problem: string, event?: number}, ours: any, theirs: any, say: (text: string) => void) => any} Refuse
 * @typedef {{codec: Codec, check: Check, merge: Merge | null, refuse: Refuse | null, fresh: () => any, what: string, lineage: boolean}} TabRules
 *   the keeper's options two tabs' values need (keeper.js)
 * @typedef {{value: any, past: any[], future: any[]}} Held what this tab holds: its value and undo steps
 * @typedef {{value: any, view?: any, merged: string | null, overtaken?: boolean, aside?: {reason: string, notice: string}}} BeforeWrite
 *   the value to write; overtaken: nothing to write; aside: theirs to set aside (why), the watchers told the notice
 * @typedef {{value: any, view: any, past: any[], future: any[], notice: string | null, writeBack: boolean,
 *            aside?: {text: string, reason: string}}} Arrived
 *   the value to show now; writeBack: ours added to theirs, written back for the other tab; aside: ours to set aside
 */

export class TwoTabs {
  /** @param {TabRules} rules */
  constructor(rules) {
    this.rules = rules;
    /** @type {Map<string, string>} id → text, the texts this tab read or wrote lately (lineage) */
    this.known = new Map();
  }

  // ---------------------------------------------------------------- lineage
  // Which stored text each value was made from, so a three-way merge starts from the value both tabs really
  // started from. Two tabs that each wrote on the copy they had (a browser hands one tab's write to the other
  // tens of milliseconds late) would otherwise merge from this tab's own last write, and the other tab's value,
  // made without it, would seem to undo it. Each write first notes `{of, from}` beside the value (the slot's
  // note: the new text's id and its origin's); a tab that finds the stored text made from a text it remembers
  // merges from that one. A note that does not name the stored text is not used.

  /** @param {string | null} text */
  #fits(text) {
    return this.rules.lineage && text != null && text.length <= LINEAGE_CHARS;
  }

  /** This tab read or wrote `text`: remembered (the last few). @param {string | null} text */
  seen(text) {
    if (text == null || !this.#fits(text)) return;
    const id = textId(text);
    this.known.delete(id);
    this.known.set(id, text);
    if (this.known.size > REMEMBERED) this.known.delete(/** @type {string} */ (this.known.keys().next().value));
  }

  /** About to write `text`, made from `from` (the stored text it was made on): the note goes first, so a tab that
   *  hears of the value finds its note already there. @param {Slot} slot @param {string} text @param {string | null} from */
  writing(slot, text, from) {
    if (!this.#fits(text) || (from != null && !this.#fits(from))) return; // (the note left is an older write's: not used)
    slot.writeNote(JSON.stringify({ of: textId(text), from: from == null ? null : textId(from) }));
  }

  /** The value both tabs started from, for a three-way merge with `text`, another tab's: the text it was made
   *  from when this tab remembers it, else `last`, what this keeper last read or wrote.
   *  @param {Slot} slot @param {string} text @param {string | null} last */
  #base(slot, text, last) {
    let origin = last;
    if (this.#fits(text)) {
      const note = json(slot.note() ?? "null").value;
      if (note && note.of === textId(text)) origin = note.from === null ? null : this.known.get(note.from) ?? last;
    }
    if (origin == null) return undefined;
    const got = this.rules.codec.fromText(origin);
    return got.problem ? undefined : got.value;
  }

  // ---------------------------------------------------------------- the two calls

  /** The merge of `ours` and `theirs` (or null), and a say() whose sentences are `said()`.
   *  @param {any} ours @param {any} theirs @param {any} base */
  #merge(ours, theirs, base) {
    const said = /** @type {string[]} */ ([]);
    const say = (/** @type {string} */ text) => { said.push(text); };
    const { merge } = this.rules;
    return { merged: merge ? merge(ours, theirs, base, say) : null, say, said: () => (said.length ? said.join(" ") : null) };
  }

  /**
   * Another tab stored `stored` since this tab last looked (`last`), and this tab is about to write `ours`: the
   * value to write (the two merged and judged), or overtaken (both tabs made a change the other's rules out, as
   * the same actor acting twice: the other tab's came first), or ours with theirs to set aside (they can't merge).
   * @param {Slot} slot @param {string} stored @param {any} ours @param {string | null} last @returns {Promise<BeforeWrite>}
   */
  async beforeWrite(slot, stored, ours, last) {
    const { codec, check, what } = this.rules;
    const read = codec.fromText(stored);
    const m = read.problem ? null : this.#merge(ours, read.value, this.#base(slot, stored, last));
    this.seen(stored); // what is written next is made from it
    if (m && m.merged != null) {
      const verdict = await judge(check, m.merged);
      if (verdict.ok) return { value: verdict.value, view: verdict.view, merged: m.said() };
      if (verdict.problem) return { value: ours, merged: null, overtaken: true };
    }
    const notice = read.problem ? `Something that was not your ${what} was found in its place (${read.problem}); it was set aside (below).`
      : `Your ${what} was changed in another tab at the same moment and the two could not be put together: ` +
        "the other tab's version was set aside (below), not lost; this tab's is kept.";
    const reason = read.problem ? `found in place of your ${what} (${read.problem})` : "saved by another tab at the same moment; this tab's version was kept";
    return { value: ours, merged: notice, aside: { reason, notice } };
  }

  /**
   * The stored value changed elsewhere (`text`, which this tab last saw as `last`) while this tab holds `mine`:
   * what to show now (theirs, or the two merged), or null when theirs can't be used or judged (ours stays shown;
   * it is set aside only when ours is written next).
   * @param {Slot} slot @param {string} text @param {Held} mine @param {string | null} last @returns {Promise<Arrived | null>}
   */
  async arrived(slot, text, mine, last) {
    const { codec, check, refuse, fresh, what } = this.rules;
    const read = codec.fromText(text);
    const theirs = read.problem ? { problem: read.problem } : await judge(check, read.value);
    if (!theirs.ok) return null;
    const base = this.#base(slot, text, last);
    this.seen(text);
    const m = this.#merge(mine.value, theirs.value, base);
    if (m.merged != null) {
      // The rules refuse one change only one tab made (both tabs logged the same actor's turn, neither having heard
      // of the other's): refuse() takes it out and the rest is judged again: the same change goes whichever tab
      // merges, and the tab that made it says so.
      let merged = m.merged;
      let verdict = await judge(check, merged);
      for (let round = 0; verdict.problem && refuse && round < MAX_REFUSED; round++) {
        const next = refuse(merged, { problem: verdict.problem, event: verdict.event }, mine.value, theirs.value, m.say);
        if (next == null) break;
        merged = next;
        verdict = await judge(check, merged);
      }
      if (verdict.ok) {
        return { value: verdict.value, view: verdict.view, past: read.past ?? mine.past, future: read.future ?? mine.future,
          notice: m.said(), writeBack: codec.toText(verdict.value, {}) !== codec.toText(theirs.value, {}) };
      }
    }
    // They can't be merged (another conflict): theirs is shown, ours set aside (when it holds anything).
    const held = codec.toText(mine.value, { past: mine.past, future: mine.future });
    const worth = !!this.rules.merge && held !== codec.toText(fresh(), { past: [], future: [] });
    return { value: theirs.value, view: theirs.view, past: read.past ?? [], future: read.future ?? [], writeBack: false,
      notice: worth ? `Your ${what} was changed in another tab at the same moment and the two could not be merged: ` +
        "this tab's version was set aside (below), not lost." : null,
      ...(worth && { aside: { text: held, reason: `this tab's version, when another tab changed the ${what} at the same moment` } }) };
  }
}
