// One keeper for everything a player enters and the site keeps: every widget
// that keeps state (morale tracker, stress panels and roster, border map, the
// conflict board) keeps it through `keeper(name, options)`. Its promises:
// * a stored value that can't be used (not readable, refused by `check`, written
//   by a newer release) is never overwritten nor deleted before a dated copy is
//   kept in the set-aside list (slot.js); the player is told, and can download it;
// * a write that fails (storage full or switched off) leaves the old stored value
//   as it was, and `save` returns the sentence to tell the player;
// * two tabs: a value another tab stored is merged with ours (`merge`), or, when
//   the two can't be merged, both are kept (one shown, the other set aside);
// * undo/redo (`steps` > 0), kept in memory or inside the stored value (`codec`);
//   replacing the value (an import, a link, a new start) sets the old one aside
//   first, and `bringBack` restores it.
// Nothing here is a rule of the games: `check` asks the rules.
//
// API (every method that may read the rules is async):
//   const k = keeper("morale", {
//     fresh: () => value,          // the value when nothing is kept (default: null)
//     check: async (v) => ({value?, view?} | {problem} | {down}),
//                                  // the rules' judgement: {problem} a sentence (set aside),
//                                  // {down} the engine is not running (nothing judged, kept as is);
//                                  // anything else is accepted (`value` replaces v when given)
//     merge: (ours, theirs, base, say) => value | null,  // two tabs' values as one; null: they can't be
//                                  // merged. base: the value both started from (or undefined);
//                                  // say(text): which change won, when both changed one thing (k.merged)
//     codec: { toText(value, {past, future}) → text, fromText(text) → {value, past?, future?} | {problem} },
//                                  // the stored form (default: JSON of the value; history in memory)
//     steps: 20,                   // undo steps kept (0: none)
//     what: "conflict",            // the thing's name in messages ("Your saved conflict…")
//   });
//   await k.open()        → {value, notice, problem?, text?, kept?}   read, check, set aside what can't
//                         be used (problem: why, text: the copy, kept: whether the copy is stored)
//   k.read() → {value, notice}; await k.verify() → {value, notice} | {down}   open() in two halves:
//                         draw at once from what the codec accepts, then let the rules check it
//   k.value, k.view       the current value and its last accepted check reply
//   await k.save(v, label?) → null | sentence  (label: an undo step; another tab's value merged first)
//   await k.replace(v | (at) => v, reason, label?) → null | sentence  (the value shown is set aside first, never
//                                  lost; k.replaced is then the set-aside copy's date, for bringBack;
//                                  with steps, undo also goes back to the value replaced)
//   await k.bringBack(at, {keep}) → {value} | {error}   a set-aside copy back as the value (keep: the value
//                          shown is set aside first)
//   await k.undo(), k.redo() → {value, label} | {error} | null;  k.canUndo, k.canRedo
//   k.watch(fn, {signal, via})  fn({value, notice, here}) when another tab (or, here: true, another widget
//                          on this page) stored a new value; it is merged/adopted before fn is called
//   k.use(name)            keep under another name from now on (then open() again)
//   k.asides(), k.drawAsides(ui, box, {prefix, what}), k.slot (slot.js), k.key
import { slot as openSlot } from "./slot.js";
import { History } from "./history.js";
import { drawAsides } from "./setaside.js";

const KEPT = "conflict-table:kept"; // tells other keepers of the same name on this page

/** @type {Codec} */
const jsonCodec = {
  toText: (value) => JSON.stringify(value),
  fromText(text) {
    try {
      return { value: JSON.parse(text) };
    } catch {
      return { problem: "it is not readable JSON" };
    }
  },
};

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const bare = (s) => String(s).replace(/\.$/, "");

/** Run check(value) and name the outcome: {ok, value, view} | {problem} | {down}. */
async function judge(check, value) {
  const reply = (await check(value)) ?? {};
  if (reply.down) return { down: reply.down };
  if (reply.problem) return { problem: bare(reply.problem) };
  return { ok: true, value: "value" in reply ? reply.value : value, view: reply };
}

/** What the player reads when a stored value could not be used and was set aside (kept: the copy is stored). */
export function setAsideNotice(what, problem, kept) {
  return `Your saved ${what} could not be used (${bare(problem)}). ` + (kept
    ? "A copy was set aside, not deleted: download it below."
    : "There is no room to keep a copy in this browser: download it below before you change anything.");
}

let serial = 0;

/**
 * @typedef {{toText: (value: any, history?: {past?: any[], future?: any[]}) => string,
 *            fromText: (text: string) => {value?: any, past?: any[], future?: any[], problem?: string}}} Codec
 * @typedef {{fresh?: () => any, check?: (value: any) => any, merge?: ((ours: any, theirs: any, base?: any, say?: (text: string) => void) => any) | null,
 *            codec?: Codec, steps?: number, what?: string}} KeeperOptions
 */

/** One kept value (see the head of this file). @param {string} name @param {KeeperOptions} [options] */
export function keeper(name, {
  fresh = () => null, check = (v) => ({ value: v }), merge = null, codec = jsonCodec, steps = 0, what = "saved value",
} = {}) {
  const me = `k${++serial}`; // this keeper, so it does not answer its own news
  let store = openSlot(name);
  let history = new History({}, steps);
  let lastText = null; // the stored text this keeper last read or wrote: anything else came from elsewhere
  let unjudged = null; // stored text the rules could not judge yet (engine down): set aside before it is overwritten
  let pending = null; // stored text read() took that verify() has not yet had the rules check
  let viewFor; // the value k.view is the check's reply for (a save without a merge leaves k.view behind)
  const watchers = new Set(); // {fn, via} of watch(): told when a save had to set another tab's value aside
  const k = {
    value: fresh(),
    view: null,
    replaced: null,
    /** @type {string | null} what the last merge said (merge's say(text)): which of two changes won */
    merged: null,
    get slot() {
      return store;
    },
    get key() {
      return store.key;
    },
    get canUndo() {
      return history.canUndo;
    },
    get canRedo() {
      return history.canRedo;
    },

    /** Read the stored value and check it. {value, notice}: notice says what happened when not all went well. */
    async open() {
      const read = k.read();
      if (read.notice || pending == null) return read;
      const text = pending;
      const verdict = await k.verify();
      if (verdict.down) {
        unjudged = text;
        k.value = fresh();
        history = new History({}, steps);
        return { value: k.value, notice: `${bare(verdict.down)}. Your saved ${what} is kept as it is.` };
      }
      return verdict;
    },

    /** open()'s first half, at once: the stored value as the codec reads it (its cheap checks), not yet
     *  the rules'. Something the codec can't use is set aside. {value, notice}. */
    read() {
      const { text, blocked } = store.read();
      lastText = text;
      unjudged = pending = null;
      history = new History({}, steps);
      k.value = fresh();
      k.view = null;
      if (blocked) return { value: k.value, notice: `${cap(blocked)}: your ${what} lasts only until the page is closed.` };
      if (text == null) return { value: k.value, notice: null };
      const got = codec.fromText(text);
      if (got.problem) return { value: k.value, ...setAsideStored(text, got.problem) };
      k.value = got.value;
      history = new History({ past: got.past ?? [], future: got.future ?? [] }, steps);
      pending = text;
      return { value: k.value, notice: null };
    },

    /** open()'s second half: the rules' check of what read() gave. {value, notice} or {down} (the engine is
     *  not running: the value stays as read). A value the rules refuse is set aside (notice). */
    async verify() {
      if (pending == null) return { value: k.value, notice: null };
      const text = pending;
      const verdict = await judge(check, k.value);
      if (verdict.down) return { down: verdict.down };
      pending = null;
      if (verdict.problem) {
        k.value = fresh();
        history = new History({}, steps);
        return { value: k.value, ...(store.text() === text ? setAsideStored(text, verdict.problem) : { notice: null }) };
      }
      k.value = verdict.value;
      k.view = verdict.view;
      viewFor = k.value;
      return { value: k.value, notice: null };
    },

    /** Keep a new value (label: an undo step). null, or the sentence why it was not kept (the old stays). */
    async save(value, label) {
      const stored = store.text();
      if (stored != null && stored !== lastText && stored !== unjudged) value = await absorbBeforeWrite(stored, value);
      if (label != null && steps) history.record(k.value, label);
      k.value = value;
      return write();
    },

    /** Replace the value by another (an import, a link, a new start): what is stored is set aside first. */
    async replace(value, reason, label) {
      const mine = codec.toText(k.value, {});
      const text = mine !== codec.toText(fresh(), {}) ? mine : store.text(); // what this tab shows, else what is stored
      k.replaced = null;
      const had = new Set(store.asides().map((a) => a.at));
      const was = { value: k.value, past: history.past, future: history.future };
      if (text != null) {
        const at = store.setAside(text, reason, { hold: false });
        if (!at) {
          return `there is no room left in this browser's storage to keep a copy of your ${what}, so it was not replaced ` +
            "(export it, or discard set-aside copies, then try again)";
        }
        k.replaced = at;
      }
      unjudged = null;
      if (steps) history.record(k.value, label ?? reason);
      k.value = typeof value === "function" ? value(k.replaced) : value;
      const why = write();
      if (why) {
        // Not kept: the player goes on with what they had, and no copy of it waits as "replaced" (the next
        // replace would otherwise set aside the value that was never kept, and find no room for it).
        k.value = was.value;
        history = new History({ past: was.past, future: was.future }, steps);
        if (k.replaced && !had.has(k.replaced)) store.takeAside(k.replaced);
        k.replaced = null;
      }
      return why;
    },

    /** A set-aside copy back as the value (undoing a replace); the copy leaves the list once kept. With
     *  keep, the value shown (when it holds anything) is set aside first, as replace() does. */
    async bringBack(at, { keep = false } = {}) {
      const item = store.asides().find((a) => a.at === at);
      if (!item) return { error: "it is no longer in the set-aside list" };
      const read = codec.fromText(item.text);
      const verdict = read.problem ? { problem: read.problem } : await judge(check, read.value);
      if (!verdict.ok) return { error: verdict.problem || verdict.down };
      const mine = codec.toText(k.value, {});
      if (keep && mine !== codec.toText(fresh(), {}) && mine !== item.text &&
        !store.setAside(mine, `set aside when an earlier ${what} was brought back`, { hold: false })) {
        return { error: `there is no room left in this browser's storage to keep a copy of the ${what} shown, so it was not replaced` };
      }
      k.value = verdict.value;
      k.view = verdict.view;
      viewFor = k.value;
      history = new History({ past: read.past ?? [], future: read.future ?? [] }, steps);
      const why = write();
      if (why) return { error: why };
      store.takeAside(at);
      k.replaced = null;
      return { value: k.value };
    },

    undo: () => move(true),
    redo: () => move(false),

    /** Be told when another tab or another widget of this page stored a new value (merged in first). */
    /** via(task): where the news is taken in (the widget's queue, so it never lands mid-change).
     *  @param {(news: any) => void} fn @param {{signal?: AbortSignal, via?: (task: () => Promise<void>) => any}} [options] */
    watch(fn, { signal, via = (task) => task() } = {}) {
      const onKept = (event) => {
        if (event.detail.key === store.key && event.detail.from !== me) via(async () => fn({ ...await arrived(), here: true }));
      };
      const onStorage = (event) => {
        if (event.key === store.asideKey) via(async () => fn(await unchanged()));
        else if (event.key === store.key) via(async () => fn(await arrived()));
      };
      const watcher = { fn, via };
      watchers.add(watcher);
      signal?.addEventListener("abort", () => watchers.delete(watcher));
      window.addEventListener(KEPT, onKept, { signal });
      window.addEventListener("storage", onStorage, { signal });
    },

    /** Keep under another name from now on (another character's state); call open() next. */
    use(next) {
      store = openSlot(next);
      lastText = null;
      unjudged = null;
    },

    asides: () => store.asides(),
    drawAsides: (ui, box, opts) => drawAsides(ui, box, store, opts),
  };

  /** The value both tabs started from (what this keeper last read or wrote), for a three-way merge. */
  function base() {
    if (lastText == null) return undefined;
    const got = codec.fromText(lastText);
    return got.problem ? undefined : got.value;
  }

  /** merge's way to say which of two changes won; the sentence is k.merged until the next merge. */
  function say(text) {
    k.merged = text;
  }

  function write() {
    if (unjudged != null && store.text() === unjudged) {
      store.setAside(unjudged, `kept when the rules could not check it; replaced by a newer ${what}`);
      unjudged = null;
    }
    const text = codec.toText(k.value, { past: history.past, future: history.future });
    const why = store.writeText(text);
    if (why) return `This browser would not keep the ${what} (${why}): the last saved one stays, and this one lasts until the page is closed.`;
    lastText = text;
    window.dispatchEvent(new CustomEvent(KEPT, { detail: { key: store.key, from: me } }));
    return null;
  }

  /** Set aside a stored text that can't be used: {notice, problem, text, kept} (kept: the copy is stored). */
  function setAsideStored(text, problem) {
    const kept = !!store.putAside(text, problem);
    return { notice: setAsideNotice(what, problem, kept), problem, text, kept };
  }

  /** Another tab stored `stored` since we last looked, and we are about to write `ours`: merge, or keep both. */
  async function absorbBeforeWrite(stored, ours) {
    k.merged = null;
    const read = codec.fromText(stored);
    const merged = read.problem || !merge ? null : merge(ours, read.value, base(), say);
    if (merged != null) {
      const verdict = await judge(check, merged);
      if (verdict.ok) {
        k.view = verdict.view;
        viewFor = verdict.value;
        return verdict.value;
      }
    }
    store.setAside(stored, read.problem ? `found in place of your ${what} (${read.problem})`
      : "saved by another tab at the same moment; this tab's version was kept");
    // Said, not only kept: the watchers (the widget's queue) are told once this save is over.
    k.merged = read.problem ? `Something that was not your ${what} was found in its place (${read.problem}); it was set aside (below).`
      : `Your ${what} was changed in another tab at the same moment and the two could not be put together: ` +
        "the other tab's version was set aside (below), not lost; this tab's is kept.";
    const notice = k.merged;
    for (const { fn, via } of watchers) via(async () => fn({ ...await unchanged(), notice, here: true }));
    return ours;
  }

  /** News that leaves the value as it is: {value, notice: null}, with k.view made the check's reply for it
   *  (a save without a merge leaves k.view describing an older value, which a watcher must not be handed). */
  async function unchanged() {
    if (k.value != null && viewFor !== k.value) {
      const verdict = await judge(check, k.value);
      if (verdict.ok) [k.view, viewFor] = [verdict.view, k.value];
    }
    return { value: k.value, notice: null };
  }

  /** The stored value changed elsewhere: adopt or merge it. {value, notice}. */
  async function arrived() {
    const text = store.text();
    if (text == null || text === lastText) return unchanged();
    const read = codec.fromText(text);
    const theirs = read.problem ? { problem: read.problem } : await judge(check, read.value);
    if (!theirs.ok) {
      // Unusable or not judged: ours stays shown; it is set aside only when ours is written next.
      return unchanged();
    }
    const was = base();
    lastText = text;
    k.merged = null;
    const merged = merge ? merge(k.value, theirs.value, was, say) : null;
    if (merged != null) {
      const verdict = await judge(check, merged);
      if (verdict.ok) {
        k.value = verdict.value;
        k.view = verdict.view;
        viewFor = k.value;
        history = new History({ past: read.past ?? history.past, future: read.future ?? history.future }, steps);
        if (codec.toText(verdict.value, {}) !== codec.toText(theirs.value, {})) write(); // the other tab learns of ours
        return { value: k.value, notice: k.merged };
      }
    }
    // They can't be merged (another conflict): theirs is shown, ours set aside (when it holds anything).
    let notice = null;
    const mine = codec.toText(k.value, { past: history.past, future: history.future });
    if (merge && mine !== codec.toText(fresh(), { past: [], future: [] })) {
      store.setAside(mine, `this tab's version, when another tab changed the ${what} at the same moment`);
      notice = `Your ${what} was changed in another tab at the same moment and the two could not be merged: ` +
        "this tab's version was set aside (below), not lost.";
    }
    k.value = theirs.value;
    k.view = theirs.view;
    viewFor = k.value;
    history = new History({ past: read.past ?? [], future: read.future ?? [] }, steps);
    return { value: k.value, notice };
  }

  async function move(back) {
    const next = back ? history.past.at(-1) : history.future.at(-1);
    if (!next) return null;
    const verdict = await judge(check, next.state);
    if (verdict.down) return { error: verdict.down }; // the step stays for later
    if (verdict.problem) {
      if (back) history.past = history.past.slice(0, -1);
      else history.future = history.future.slice(0, -1);
      write();
      return { error: `That step could not be used (${verdict.problem}); it was dropped.` };
    }
    const step = back ? history.undo(k.value) : history.redo(k.value);
    k.value = verdict.value;
    k.view = verdict.view;
    viewFor = k.value;
    const why = write();
    return { value: k.value, label: String(step.label || "the last change"), error: why || undefined };
  }

  return k;
}
