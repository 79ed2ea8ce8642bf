// One keeper for everything a player enters and the site keeps: every widget
// that keeps state (morale tracker, stress panels and roster, border map, the
// conflict board) keeps it through `keeper(name, options)`. Its promises:
// * a stored value that can't be used (not readable, refused by `check`, written
//   by a newer release) is never overwritten nor deleted before a dated copy is
//   kept in the set-aside list (slot.js); the player is told, and can download it;
// * a write that fails (storage full or switched off) leaves the old stored value
//   as it was, and `save` returns the sentence to tell the player;
// * two tabs: a value another tab stored is merged with ours (`merge`); two that can't be merged
//   are both kept (one shown, one set aside); of two changes the rules refuse together (one actor
//   acting twice), the first stands and the later is not made, or taken out and said (`refuse`).
// * undo/redo (`steps` > 0), in memory or in the stored value (`codec`); a replaced
//   value (an import, a link, a new start) is set aside first (`bringBack` restores it).
// Nothing here is a rule of the games: `check` asks the rules. The parts: slot.js stores the text
// and the set-aside copies, history.js the undo steps, tabs.js takes in what another tab stored.
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
//                                  // say(text): which change won, when both changed one thing (k.merged).
//                                  // Default: field by field from base (merge.js: two boxes tapped at once, both
//                                  // kept); null: none (another tab's value is taken as it is)
//     lineage: true,               // note beside each write what it was made from, so base is the value both
//                                  // tabs really started from (tabs.js; default: with the default merge)
//     refuse: (merged, {problem, event}, ours, theirs, say) => value | null,  // a merge the rules refuse,
//                                  // without the one tab's change they refuse; null: one set aside
//     codec: { toText(value, {past, future}) → text, fromText(text) → {value, past?, future?} | {problem} },
//                                  // the stored form (default: JSON of the value; history in memory)
//     steps: 20,                   // undo steps kept (0: none)
//     what: "conflict",            // the thing's name in messages ("Your saved conflict…")
//   });
//   await k.open()        → {value, notice, problem?, text?, kept?}   read, check, set aside what can't
//                         be used (problem: why, text: the copy, kept: whether the copy is stored)
//   k.read() → {value, notice}, then await k.verify() → {value, notice} | {down}: open() in halves (codec, rules)
//   k.value, k.view       the current value and its last accepted check reply
//   await k.save(v, label?) → null | sentence  (label: an undo step; another tab's value merged first;
//                         k.overtaken: not made, another tab's came first and the rules refuse both; k.merged: what
//                         the merge said, for the caller to say)
//   await k.replace(v | (at) => v, reason, label?) → null | sentence  (the value shown is set aside first, never
//                                  lost; k.replaced is then the set-aside copy's date, for bringBack;
//                                  with steps, undo also goes back to the value replaced)
//   await k.bringBack(at, {keep}) → {value} | {error}   a set-aside copy back (keep: the one shown set aside first)
//   await k.undo(), k.redo() → {value, label} | {error} | null;  k.canUndo, k.canRedo
//   k.watch(fn, {signal, via})  fn({value, notice, here}) once another tab's (here: this page's) value is merged in
//   k.use(name)            keep under another name from now on (then open() again)
//   k.asides(), k.slot (slot.js), k.key; the list is drawn by setaside.js's drawAsides(ui, box, k.slot, …)
import { slot as openSlot } from "./slot.js";
import { History } from "./history.js";
import { jsonCodec, judge, cap, bare, setAsideNotice } from "./judge.js";
import { tabs, exclusive } from "./tabs.js";
import { mergeFields } from "./merge.js";

export { setAsideNotice };

const KEPT = "conflict-table:kept"; // tells other keepers of the same name on this page

let serial = 0;

/**
 * @typedef {import("./judge.js").Codec} Codec
 * @typedef {import("./tabs.js").KeeperState} KeeperState
 * @typedef {{fresh?: () => any, check?: (value: any) => any, merge?: ((ours: any, theirs: any, base?: any, say?: (text: string) => void) => any) | null,
 *            refuse?: ((merged: any, refusal: {problem: string, event?: number}, ours: any, theirs: any, say: (text: string) => void) => any) | null,
 *            codec?: Codec, steps?: number, what?: string, lineage?: boolean}} KeeperOptions
 */

/** One kept value (see the head of this file). @param {string} name @param {KeeperOptions} [options] */
export function keeper(name, {
  fresh = () => null, check = (v) => ({ value: v }), merge = undefined, refuse = null, codec = jsonCodec, steps = 0, what = "saved value",
  lineage = undefined,
} = {}) {
  const fieldwise = merge === undefined; // no merge of its own: field by field, from the value both tabs started from
  if (fieldwise) merge = (ours, theirs, base) => mergeFields(ours, theirs, base === undefined ? fresh() : base);
  lineage ??= fieldwise;
  const me = `k${++serial}`; // this keeper, so it does not answer its own news
  /** @type {KeeperState} what this keeper and its two-tab half (tabs.js) share */
  const s = {
    store: openSlot(name),
    history: new History({}, steps),
    lastText: null, // the stored text this keeper last read or wrote: anything else came from elsewhere
    unjudged: null, // stored text the rules could not judge yet (engine down): set aside before it is overwritten
    pending: null, // stored text read() took that verify() has not yet had the rules check
    viewFor: undefined, // the value k.view is the check's reply for (a save without a merge leaves k.view behind)
  };
  const watchers = new Set(); // {fn, via} of watch(): told when a save had to set another tab's value aside
  const k = {
    value: fresh(),
    view: null,
    replaced: null,
    /** @type {string | null} what the last merge said (merge's say(text)): which of two changes won */
    merged: null,
    /** the last save was not made: another tab's change came first and the two can't both stand (save) */
    overtaken: false,
    get slot() {
      return s.store;
    },
    get key() {
      return s.store.key;
    },
    get canUndo() {
      return s.history.canUndo;
    },
    get canRedo() {
      return s.history.canRedo;
    },

    /** Read the stored value and check it. {value, notice}: notice says what happened when not all went well. */
    async open() {
      const read = k.read();
      if (read.notice || s.pending == null) return read;
      const text = s.pending;
      const verdict = await k.verify();
      if (verdict.down) {
        s.unjudged = text;
        k.value = fresh();
        s.history = new History({}, steps);
        return { value: k.value, notice: `${bare(verdict.down)}. Your saved ${what} is kept as it is.` };
      }
      return verdict;
    },

    /** open()'s first half, at once: the stored value as the codec reads it (its cheap checks), not yet
     *  the rules'. Something the codec can't use is set aside. {value, notice}. */
    read() {
      const { text, blocked } = s.store.read();
      s.lastText = text;
      line.seen(text);
      s.unjudged = s.pending = null;
      s.history = new History({}, steps);
      k.value = fresh();
      k.view = null;
      if (blocked) return { value: k.value, notice: `${cap(blocked)}: your ${what} lasts only until the page is closed.` };
      if (text == null) return { value: k.value, notice: null };
      const got = codec.fromText(text);
      if (got.problem) return { value: k.value, ...setAsideStored(text, got.problem) };
      k.value = got.value;
      s.history = new History({ past: got.past ?? [], future: got.future ?? [] }, steps);
      s.pending = text;
      return { value: k.value, notice: null };
    },

    /** open()'s second half: the rules' check of what read() gave. {value, notice} or {down} (the engine is
     *  not running: the value stays as read). A value the rules refuse is set aside (notice). */
    async verify() {
      if (s.pending == null) return { value: k.value, notice: null };
      const text = s.pending;
      const verdict = await judge(check, k.value);
      if (verdict.down) return { down: verdict.down };
      s.pending = null;
      if (verdict.problem) {
        k.value = fresh();
        s.history = new History({}, steps);
        return { value: k.value, ...(s.store.text() === text ? setAsideStored(text, verdict.problem) : { notice: null }) };
      }
      k.value = verdict.value;
      k.view = verdict.view;
      s.viewFor = k.value;
      return { value: k.value, notice: null };
    },

    /** Keep a new value (label: an undo step). null, or the sentence why it was not kept (the old stays).
     *  k.overtaken: another tab's change, stored a moment before, and this one can't both stand (the rules
     *  refuse the two together). The first stays: this value is not kept, what is stored is taken in
     *  (k.value, k.view) as news would be, and the caller makes its change again on it, or says why not. */
    async save(value, label) {
      k.overtaken = false;
      k.merged = null; // what this save's merge says, if it merges (tabs.js): the caller says it
      const keep = (v, from) => {
        if (label != null && steps) s.history.record(k.value, label);
        k.value = v;
        return write(from);
      };
      const stored = s.store.text();
      if (stored == null || stored === s.lastText || stored === s.unjudged) return keep(value); // at once, in the tap's task
      return absorbThenKeep(stored, value, keep); // another tab's value merged in first (tabs.js)
    },

    /** Replace the value by another (an import, a link, a new start): what is stored is set aside first. */
    async replace(value, reason, label) {
      const mine = codec.toText(k.value, {});
      const text = mine !== codec.toText(fresh(), {}) ? mine : s.store.text(); // what this tab shows, else what is stored
      k.replaced = null;
      const had = new Set(s.store.asides().map((a) => a.at));
      const was = { value: k.value, past: s.history.past, future: s.history.future };
      if (text != null) {
        const at = s.store.setAside(text, reason, { hold: false });
        if (!at) {
          return `there is no room left in this browser's storage to keep a copy of your ${what}, so it was not replaced ` +
            "(export it, or discard set-aside copies, then try again)";
        }
        k.replaced = at;
      }
      s.unjudged = null;
      if (steps) s.history.record(k.value, label ?? reason);
      k.value = typeof value === "function" ? value(k.replaced) : value;
      const why = write();
      if (why) {
        // Not kept: the player goes on with what they had, and no copy of it waits as "replaced" (the next
        // replace would otherwise set aside the value that was never kept, and find no room for it).
        k.value = was.value;
        s.history = new History({ past: was.past, future: was.future }, steps);
        if (k.replaced && !had.has(k.replaced)) s.store.takeAside(k.replaced);
        k.replaced = null;
      }
      return why;
    },

    /** A set-aside copy back as the value (undoing a replace); the copy leaves the list once kept. With
     *  keep, the value shown (when it holds anything) is set aside first, as replace() does. */
    async bringBack(at, { keep = false } = {}) {
      const item = s.store.asides().find((a) => a.at === at);
      if (!item) return { error: "it is no longer in the set-aside list" };
      const read = codec.fromText(item.text);
      const verdict = read.problem ? { problem: read.problem } : await judge(check, read.value);
      if (!verdict.ok) return { error: verdict.problem || verdict.down };
      const mine = codec.toText(k.value, {});
      if (keep && mine !== codec.toText(fresh(), {}) && mine !== item.text &&
        !s.store.setAside(mine, `set aside when an earlier ${what} was brought back`, { hold: false })) {
        return { error: `there is no room left in this browser's storage to keep a copy of the ${what} shown, so it was not replaced` };
      }
      k.value = verdict.value;
      k.view = verdict.view;
      s.viewFor = k.value;
      s.history = new History({ past: read.past ?? [], future: read.future ?? [] }, steps);
      const why = write();
      if (why) return { error: why };
      s.store.takeAside(at);
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
        if (event.detail.key === s.store.key && event.detail.from !== me) via(async () => fn({ ...await exclusive(s.store.key, arrived), here: true }));
      };
      const onStorage = (event) => {
        if (event.key === s.store.asideKey) via(async () => fn(await unchanged()));
        else if (event.key === s.store.key) via(async () => fn(await exclusive(s.store.key, arrived)));
      };
      const watcher = { fn, via };
      watchers.add(watcher);
      signal?.addEventListener("abort", () => watchers.delete(watcher));
      window.addEventListener(KEPT, onKept, { signal });
      window.addEventListener("storage", onStorage, { signal });
    },

    /** Keep under another name from now on (another character's state); call open() next. */
    use(next) {
      s.store = openSlot(next);
      s.lastText = null;
      s.unjudged = null;
    },

    asides: () => s.store.asides(),
  };

  /** Keep k.value (with its undo steps); from: the stored text it was made from (lineage, tabs.js). */
  function write(from = s.lastText) {
    if (s.unjudged != null && s.store.text() === s.unjudged) {
      s.store.setAside(s.unjudged, `kept when the rules could not check it; replaced by a newer ${what}`);
      s.unjudged = null;
    }
    const text = codec.toText(k.value, { past: s.history.past, future: s.history.future });
    line.writing(text, from);
    const why = s.store.writeText(text);
    if (why) return `This browser would not keep the ${what} (${why}): the last saved one stays, and this one lasts until the page is closed.`;
    s.lastText = text;
    line.seen(text);
    window.dispatchEvent(new CustomEvent(KEPT, { detail: { key: s.store.key, from: me } }));
    return null;
  }

  /** Set aside a stored text that can't be used: {notice, problem, text, kept} (kept: the copy is stored). */
  function setAsideStored(text, problem) {
    const kept = !!s.store.putAside(text, problem);
    return { notice: setAsideNotice(what, problem, kept), problem, text, kept };
  }

  const { absorbThenKeep, unchanged, arrived, line } = tabs(k, s, {
    codec, merge, refuse, check, fresh, what, steps, watchers, write, lineage,
  });

  async function move(back) {
    const next = back ? s.history.past.at(-1) : s.history.future.at(-1);
    if (!next) return null;
    const verdict = await judge(check, next.state);
    if (verdict.down) return { error: verdict.down }; // the step stays for later
    if (verdict.problem) {
      if (back) s.history.past = s.history.past.slice(0, -1);
      else s.history.future = s.history.future.slice(0, -1);
      write();
      return { error: `That step could not be used (${verdict.problem}); it was dropped.` };
    }
    const step = back ? s.history.undo(k.value) : s.history.redo(k.value);
    k.value = verdict.value;
    k.view = verdict.view;
    s.viewFor = k.value;
    const why = write();
    return { value: k.value, label: String(step.label || "the last change"), error: why || undefined };
  }

  return k;
}
