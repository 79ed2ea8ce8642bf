// The keeper's two-tab half: another tab (or another widget of this page) stored a
// value. It is merged with ours (`merge`), or, when the two can't be merged, both are
// kept: one shown, the other set aside, and the player told (keeper.js's promises).
import { History } from "./history.js";
import { judge } from "./judge.js";

/** How long a change waits for another tab's (its rules checking a merge, on a slow phone) before it goes on. */
const PATIENCE_MS = 10_000;

/**
 * Run `fn` (async) while no other tab of this site runs one for `key` (Web Locks, shared by the tabs of
 * one origin; the key carries the site's path): two tabs' merges, each waiting for its rules' check, are
 * made one after the other. Not nested: `fn` takes no lock itself. A write with nothing to merge is made
 * at once, without the lock (a tap is kept in its own task, before the page can be closed); a merge looks
 * again at what is stored before it writes (absorbThenKeep). Where a browser has no locks, or the other
 * tab holds on past PATIENCE_MS, `fn` runs anyway.
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

/** A value longer than this keeps no lineage (hashing it at every write would cost a phone's time): it merges from
 *  what this tab last read, as it did before lineage. A stress panel, a roster or a map is far shorter. */
const LINEAGE_CHARS = 200_000;
/** How many texts a tab remembers it read or wrote, to merge from when another tab's value was made from one. */
const REMEMBERED = 6;

/** A text's short name (its length and a 53-bit hash, cyrb53): two texts a tab remembers never share one. */
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
 * Lineage: which stored text each value was made from, so a three-way merge starts from the value both tabs
 * really started from. Two tabs that each wrote on the copy they had (a browser hands one tab's write to the
 * other tens of milliseconds late) would otherwise merge from this tab's own last write, and the other tab's
 * value, made without it, would seem to undo it. Each write first notes `{of, from}` beside the value (the
 * slot's note: the new text's id and its origin's); a tab that finds the stored text made from a text it
 * remembers merges from that one. A note that does not name the stored text (not kept, or an older write's)
 * is not used. Only for keepers whose merge reads its base (`enabled`).
 * @param {KeeperState} s
 */
function lineage(s, enabled) {
  /** @type {Map<string, string>} id → text, the texts this tab read or wrote lately */
  const known = new Map();
  const fits = (text) => enabled && text != null && text.length <= LINEAGE_CHARS;
  return {
    /** This tab read or wrote `text`: remembered (the last few). */
    seen(text) {
      if (!fits(text)) return;
      const id = textId(text);
      known.delete(id);
      known.set(id, text);
      if (known.size > REMEMBERED) known.delete(known.keys().next().value);
    },
    /** About to write `text`, made from `from` (the stored text it was made on): the note goes first, so a tab that
     *  hears of the value finds its note already there. */
    writing(text, from) {
      if (!fits(text) || (from != null && !fits(from))) return; // (the note left is an older write's: not used)
      s.store.writeNote(JSON.stringify({ of: textId(text), from: from == null ? null : textId(from) }));
    },
    /** The text `text` was made from, when its note says so and this tab remembers it; null when it was made
     *  where nothing was stored (from the fresh value); undefined when it is not known. */
    origin(text) {
      if (!fits(text)) return undefined;
      let note;
      try {
        note = JSON.parse(s.store.note() ?? "null");
      } catch {}
      if (!note || note.of !== textId(text)) return undefined;
      return note.from === null ? null : known.get(note.from);
    },
  };
}

/** How many changes one merge may take out because the rules refuse them (judgeMerge). */
const MAX_REFUSED = 8;

/** absorbBeforeWrite's answer when another tab's change came first and ours can't follow it. */
const OVERTAKEN = Symbol("overtaken");

/** A task's turn (not a microtask's): storage news from another tab already on its way lands first. Through a
 *  message port, which a tab in the background does not slow down as it does timers. */
const settle = () => new Promise((resolve) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => (port1.close(), resolve());
  port2.postMessage(null);
});

/**
 * @typedef {{store: ReturnType<typeof import("./slot.js").slot>, history: History, lastText: string | null,
 *            unjudged: string | null, pending: string | null, viewFor: any}} KeeperState
 */

/** The two-tab half of keeper `k`, over the state it shares with it (s) and the keeper's options.
 *  write(): keep k.value (keeper.js). */
export function tabs(k, s, { codec, merge, refuse, check, fresh, what, steps, watchers, write, lineage: traced }) {
  const line = lineage(s, traced);

  /** The value both tabs started from, for a three-way merge with `text`, another tab's: the text it was made
   *  from when this tab remembers it (lineage), else what this keeper last read or wrote. */
  function base(text) {
    const from = text == null ? undefined : line.origin(text);
    const origin = from === undefined ? s.lastText : from;
    if (origin == null) return undefined;
    const got = codec.fromText(origin);
    return got.problem ? undefined : got.value;
  }

  /** merge's (and refuse's) way to say which of two changes won; the sentences are k.merged until the next merge. */
  function say(text) {
    k.merged = k.merged ? `${k.merged} ${text}` : text;
  }

  /** The rules' verdict on two tabs' values merged. When they refuse one change only one tab made (both tabs
   *  logged the same actor's turn, neither having heard of the other's), refuse() takes it out and the rest is
   *  judged again: the same change goes whichever tab merges, and the tab that made it says so. */
  async function judgeMerge(merged, ours, theirs) {
    let verdict = await judge(check, merged);
    for (let round = 0; verdict.problem && refuse && round < MAX_REFUSED; round++) {
      const next = refuse(merged, verdict, ours, theirs, say);
      if (next == null) break;
      merged = next;
      verdict = await judge(check, merged);
    }
    return verdict;
  }

  /** Another tab stored `stored` since we last looked, and we are about to write `ours`: merge, or keep both.
   *  OVERTAKEN when the two merge but the rules refuse the result (both tabs made a change the other's rules out,
   *  as the same actor acting twice): the other tab's came first, so ours is not kept (keeper.js's save). */
  async function absorbBeforeWrite(stored, ours) {
    k.merged = null;
    const read = codec.fromText(stored);
    const merged = read.problem || !merge ? null : merge(ours, read.value, base(stored), say);
    line.seen(stored); // what is written next is made from it
    if (merged != null) {
      const verdict = await judge(check, merged);
      if (verdict.ok) {
        k.view = verdict.view;
        s.viewFor = verdict.value;
        return verdict.value;
      }
      if (verdict.problem) return OVERTAKEN;
    }
    s.store.setAside(stored, read.problem ? `found in place of your ${what} (${read.problem})`
      : "saved by another tab at the same moment; this tab's version was kept");
    // Said, not only kept: the watchers (the widget's queue) are told once this save is over.
    k.merged = read.problem ? `Something that was not your ${what} was found in its place (${read.problem}); it was set aside (below).`
      : `Your ${what} was changed in another tab at the same moment and the two could not be put together: ` +
        "the other tab's version was set aside (below), not lost; this tab's is kept.";
    const notice = k.merged;
    for (const { fn, via } of watchers) via(async () => fn({ ...await unchanged(), notice, here: true }));
    return ours;
  }

  /** save()'s way when another tab stored `stored` since we last looked: under the lock, `ours` merged with what is
   *  stored (again if yet another value was stored meanwhile, up to three times), then keep(merged) writes it,
   *  or, when the rules refuse the two together, overtaken()'s sentence. */
  function absorbThenKeep(stored, ours, keep) {
    return exclusive(s.store.key, async () => {
      for (let round = 1; ; round++) {
        const took = await absorbBeforeWrite(stored, ours);
        if (took === OVERTAKEN) return overtaken();
        await settle();
        const now = s.store.text();
        if (now === stored || now == null || round === 3) return keep(took, stored);
        [stored, ours] = [now, took];
      }
    });
  }

  /** save()'s value can't follow what another tab stored first: not written; what is stored is taken in as
   *  news would be (k.value, k.view), k.overtaken set, and the sentence that says so returned. */
  async function overtaken() {
    k.overtaken = true;
    await arrived();
    return `Another tab changed the ${what} at the same moment, and the two changes can't both stand: ` +
      "the other tab's came first and is shown; yours was not made.";
  }

  /** News that leaves the value as it is: {value, notice: null}, with k.view made the check's reply for it
   *  (a save without a merge leaves k.view describing an older value, which a watcher must not be handed). */
  async function unchanged() {
    if (k.value != null && s.viewFor !== k.value) {
      const verdict = await judge(check, k.value);
      if (verdict.ok) [k.view, s.viewFor] = [verdict.view, k.value];
    }
    return { value: k.value, notice: null };
  }

  /** The stored value changed elsewhere: adopt or merge it. {value, notice}. */
  async function arrived() {
    const text = s.store.text();
    if (text == null || text === s.lastText) return unchanged();
    const read = codec.fromText(text);
    const theirs = read.problem ? { problem: read.problem } : await judge(check, read.value);
    if (!theirs.ok) {
      // Unusable or not judged: ours stays shown; it is set aside only when ours is written next.
      return unchanged();
    }
    const was = base(text);
    s.lastText = text;
    line.seen(text);
    k.merged = null;
    const merged = merge ? merge(k.value, theirs.value, was, say) : null;
    if (merged != null) {
      const verdict = await judgeMerge(merged, k.value, theirs.value);
      if (verdict.ok) {
        k.value = verdict.value;
        k.view = verdict.view;
        s.viewFor = k.value;
        s.history = new History({ past: read.past ?? s.history.past, future: read.future ?? s.history.future }, steps);
        if (codec.toText(verdict.value, {}) !== codec.toText(theirs.value, {})) {
          await settle();
          // The other tab learns of ours, unless yet another value was stored meanwhile: its news merges again.
          if (s.store.text() === text) write();
        }
        return { value: k.value, notice: k.merged };
      }
    }
    // They can't be merged (another conflict): theirs is shown, ours set aside (when it holds anything).
    let notice = null;
    const mine = codec.toText(k.value, { past: s.history.past, future: s.history.future });
    if (merge && mine !== codec.toText(fresh(), { past: [], future: [] })) {
      s.store.setAside(mine, `this tab's version, when another tab changed the ${what} at the same moment`);
      notice = `Your ${what} was changed in another tab at the same moment and the two could not be merged: ` +
        "this tab's version was set aside (below), not lost.";
    }
    k.value = theirs.value;
    k.view = theirs.view;
    s.viewFor = k.value;
    s.history = new History({ past: read.past ?? [], future: read.future ?? [] }, steps);
    return { value: k.value, notice };
  }

  return { absorbThenKeep, unchanged, arrived, line };
}
