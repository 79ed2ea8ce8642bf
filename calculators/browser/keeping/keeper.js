// @ts-check
// One keeper for everything a player enters and the site keeps: `keeper(name, options)`. Its promises:
// * a stored value that can't be used (unreadable, refused by `check`, from a newer release) is never
//   overwritten nor deleted before a dated copy is set aside (slot.js); the player is told and can download it;
// * a write that fails (storage full or off) leaves the stored value as it was, and the call says why;
// * two tabs' values are merged (`merge`); two that can't be are both kept (one shown, one set aside); of two
//   changes the rules refuse together, the first stands and the later is not made, or taken out and said (`refuse`);
// * undo/redo (`steps` > 0), in memory or in the stored value (`codec`); a replaced value is set aside first.
// Nothing here is a rule of the games: `check` asks the rules. slot.js stores the text and the set-aside copies,
// history.js the undo steps, tabs.js takes in what another tab stored.
//
// Options (KeeperOptions):
//   fresh()       the value when nothing is kept (default: null)
//   check(v)      the rules' judgement: {problem, event?} (set aside), {down} (the engine is not running: kept as
//                 is), anything else accepted (its `value` replaces v when given) and kept as the value's `view`
//   merge(ours, theirs, base, say)  two tabs' values as one, or null (can't be merged); default: field by field
//                 from base (merge.js); null: none (theirs is taken)
//   lineage       note beside each write what it was made from (tabs.js; default: with the default merge)
//   refuse(merged, {problem, event}, ours, theirs, say)  a merge without the change the rules refuse, or null
//   codec         {toText(value, {past, future}), fromText(text) → {value, past?, future?} | {problem}}
//   steps         undo steps kept (0: none); what: the thing's name in messages ("Your saved conflict…")
// Calls (each answers what happened; nothing is left in a side field):
//   await k.open() → Opened (read, check, set aside what can't be used); k.read() then await k.verify(): its halves
//   await k.save(v, label?) → Kept (label: an undo step; another tab's value merged in first)
//   await k.replace(v | (at) => v, reason, label?) → Kept (the value shown set aside first: Kept.setAside names it)
//   await k.bringBack(at, {keep}) → {value, view} | {error}: a set-aside copy back (keep: the one shown set aside)
//   await k.undo(), k.redo() → {value, view, label, error?} | {error} | null; k.canUndo, k.canRedo
//   k.watch(fn, {signal, via}): fn(News) once another tab's (here: this page's) value is taken in
//   k.value, k.view: what is kept now and the rules' reply for it; k.use(name): keep under another name (then open())
//   k.asides(), k.slot: the set-aside list, drawn by setaside.js's drawAsides(box, k.slot, …)
import { slot as openSlot } from "./slot.js";
import { History } from "./history.js";
import { jsonCodec, judge, cap, bare, setAsideNotice } from "./judge.js";
import { TwoTabs, exclusive, settle } from "./tabs.js";
import { mergeFields } from "./merge.js";

export { setAsideNotice };

const KEPT = "conflict-table:kept"; // tells other keepers of the same name on this page

let serial = 0;

/**
 * @typedef {import("./judge.js").Codec} Codec
 * @typedef {{fresh?: () => any, check?: (value: any) => any, merge?: import("./tabs.js").Merge | null,
 *            refuse?: import("./tabs.js").Refuse | null, codec?: Codec, steps?: number, what?: string, lineage?: boolean}} KeeperOptions
 * @typedef {object} Kept what a save or a replace did
 * @property {boolean} kept the value (or its merge with another tab's) is stored
 * @property {any} value the value now: the one given, its merge with another tab's, or another tab's that came first
 * @property {any} view the rules' reply for `value` when this call judged it, else null
 * @property {string | null} why why it was not kept, in a sentence for the player (storage full; no room for a copy;
 *   overtaken), or null
 * @property {string | null} merged what a merge with another tab's value said (which of two changes won; another
 *   tab's version set aside), or null
 * @property {boolean} overtaken not made: another tab's change came first and the rules refuse both together
 * @property {string | null} setAside the date of the copy a replace set aside (for bringBack)
 * @typedef {{value: any, view: any, notice: string | null, problem?: string, text?: string, kept?: boolean}} Opened
 *   open's answer; notice: what went wrong; problem, text, kept: the stored value set aside (why, it, stored?)
 * @typedef {{value: any, view: any, notice: string | null, here?: boolean}} News another tab's value taken in (here: this page's)
 */

/** One kept value (see the head of this file). @param {string} name @param {KeeperOptions} [options] */
export function keeper(name, {
  fresh = () => null, check = (v) => ({ value: v }), merge = undefined, refuse = null, codec = jsonCodec, steps = 0, what = "saved value",
  lineage = undefined,
} = {}) {
  const fieldwise = merge === undefined; // no merge of its own: field by field, from the value both tabs started from
  const merging = fieldwise ? (/** @type {any} */ ours, /** @type {any} */ theirs, /** @type {any} */ base) =>
    mergeFields(ours, theirs, base === undefined ? fresh() : base) : merge;
  const tabs = new TwoTabs({ codec, check, merge: merging, refuse, fresh, what, lineage: lineage ?? fieldwise });
  const me = `k${++serial}`; // this keeper, so it does not answer its own news
  let store = openSlot(name);
  let history = new History({}, steps);
  let value = fresh();
  let view = /** @type {any} */ (null); // the check's reply for `viewFor`
  let viewFor = /** @type {any} */ (undefined);
  let lastText = /** @type {string | null} */ (null); // the stored text this keeper last read or wrote: anything else came from elsewhere
  let unjudged = /** @type {string | null} */ (null); // stored text the rules could not judge yet (engine down): set aside before it is overwritten
  let pending = /** @type {string | null} */ (null); // stored text read() took that verify() has not yet had the rules check
  /** @type {Set<{fn: (news: News) => void, via: (task: () => Promise<void>) => any}>} told when a save set another tab's value aside */
  const watchers = new Set();

  /** The value shown from now on, and the check's reply for it (undefined: not judged). @param {any} v @param {any} [reply] */
  const show = (v, reply) => {
    value = v;
    if (reply !== undefined) [view, viewFor] = [reply, v];
  };
  const viewNow = () => (viewFor === value ? view : null);
  /** @param {Partial<Kept>} got @returns {Kept} */
  const kept = (got) => ({ kept: false, value, view: viewNow(), why: null, merged: null, overtaken: false, setAside: null, ...got });

  const k = {
    get value() {
      return value;
    },
    get view() {
      return view;
    },
    get slot() {
      return store;
    },
    get canUndo() {
      return history.canUndo;
    },
    get canRedo() {
      return history.canRedo;
    },

    /** Read the stored value and check it. @returns {Promise<Opened>} */
    async open() {
      const read = k.read();
      if (read.notice || pending == null) return read;
      const text = pending;
      const verdict = await k.verify();
      if ("down" in verdict) {
        unjudged = text;
        show(fresh());
        history = new History({}, steps);
        return { value, view: null, notice: `${bare(verdict.down)}. Your saved ${what} is kept as it is.` };
      }
      return verdict;
    },

    /** open()'s first half, at once: the stored value as the codec reads it (its cheap checks), not yet
     *  the rules'. Something the codec can't use is set aside. @returns {Opened} */
    read() {
      const { text, blocked } = store.read();
      lastText = text ?? null;
      tabs.seen(lastText);
      unjudged = pending = null;
      history = new History({}, steps);
      show(fresh(), null);
      if (blocked) return { value, view: null, notice: `${cap(blocked)}: your ${what} lasts only until the page is closed.` };
      if (text == null) return { value, view: null, notice: null };
      const got = codec.fromText(text);
      if (got.problem) return { value, view: null, ...setAsideStored(text, got.problem) };
      show(got.value);
      history = new History({ past: got.past ?? [], future: got.future ?? [] }, steps);
      pending = text;
      return { value, view: null, notice: null };
    },

    /** open()'s second half: the rules' check of what read() gave, or {down} (the engine is not running: the
     *  value stays as read). A value the rules refuse is set aside (notice). @returns {Promise<Opened | {down: string}>} */
    async verify() {
      if (pending == null) return { value, view: viewNow(), notice: null };
      const text = pending;
      const verdict = await judge(check, value);
      if (verdict.down) return { down: verdict.down };
      pending = null;
      if (verdict.problem) {
        show(fresh(), null);
        history = new History({}, steps);
        return { value, view: null, ...(store.text() === text ? setAsideStored(text, verdict.problem) : { notice: null }) };
      }
      show(verdict.value, verdict.view);
      return { value, view, notice: null };
    },

    /** Keep a new value (label: an undo step). When another tab stored one since, the two are merged first; when
     *  the rules refuse the two together, this one is not made (overtaken) and what is stored is taken in.
     *  @param {any} next @param {string} [label] @returns {Promise<Kept>} */
    async save(next, label) {
      const found = store.text();
      if (found == null || found === lastText || found === unjudged) return keep(next, label); // at once, in the tap's task
      return exclusive(store.key, async () => {
        let [stored, ours] = [found, next];
        for (let round = 1; ; round++) {
          const got = await tabs.beforeWrite(store, stored, ours, lastText);
          if (got.overtaken) {
            const news = await arrived();
            return kept({ value: news.value, view: news.view, overtaken: true,
              why: `Another tab changed the ${what} at the same moment, and the two changes can't both stand: ` +
                "the other tab's came first and is shown; yours was not made." });
          }
          if (got.aside) {
            store.setAside(stored, got.aside.reason);
            const notice = got.aside.notice; // said, not only kept: the watchers (the widget's queue) hear once this save is over
            for (const { fn, via } of watchers) via(async () => fn({ ...await unchanged(), notice, here: true }));
          }
          await settle();
          const now = store.text();
          if (now === stored || now == null || round === 3) return keep(got.value, label, { from: stored, view: got.view, merged: got.merged });
          [stored, ours] = [now, got.value];
        }
      });
    },

    /** Replace the value by another (an import, a link, a new start): what is shown (else what is stored) is set
     *  aside first; with steps, undo also goes back to the value replaced.
     *  @param {any} next a value, or (at) => value given the copy's date @param {string} reason @param {string} [label] @returns {Promise<Kept>} */
    async replace(next, reason, label) {
      const mine = codec.toText(value, {});
      const text = mine !== codec.toText(fresh(), {}) ? mine : store.text(); // what this tab shows, else what is stored
      const had = new Set(store.asides().map((a) => a.at));
      const was = { value, past: history.past, future: history.future };
      let at = null;
      if (text != null) {
        at = store.setAside(text, reason, { hold: false }) || null;
        if (!at) {
          return kept({ why: `there is no room left in this browser's storage to keep a copy of your ${what}, so it was not replaced ` +
            "(export it, or discard set-aside copies, then try again)" });
        }
      }
      unjudged = null;
      if (steps) history.record(value, label ?? reason);
      show(typeof next === "function" ? next(at) : next);
      const why = write();
      if (!why) return kept({ kept: true, setAside: at });
      // Not kept: the player goes on with what they had, and no copy of it waits as replaced (the next replace would
      // otherwise set aside the value that was never kept, and find no room for it).
      show(was.value);
      history = new History({ past: was.past, future: was.future }, steps);
      if (at && !had.has(at)) store.takeAside(at);
      return kept({ why });
    },

    /** A set-aside copy back as the value (undoing a replace); the copy leaves the list once kept. With
     *  keep, the value shown (when it holds anything) is set aside first, as replace() does.
     *  @param {string} at @param {{keep?: boolean}} [options] @returns {Promise<{value: any, view: any} | {error: string}>} */
    async bringBack(at, { keep = false } = {}) {
      const item = store.asides().find((a) => a.at === at);
      if (!item) return { error: "it is no longer in the set-aside list" };
      const read = codec.fromText(item.text);
      const verdict = read.problem ? { problem: read.problem } : await judge(check, read.value);
      if (!verdict.ok) return { error: String(verdict.problem || verdict.down) };
      const mine = codec.toText(value, {});
      if (keep && mine !== codec.toText(fresh(), {}) && mine !== item.text &&
        !store.setAside(mine, `set aside when an earlier ${what} was brought back`, { hold: false })) {
        return { error: `there is no room left in this browser's storage to keep a copy of the ${what} shown, so it was not replaced` };
      }
      show(verdict.value, verdict.view);
      history = new History({ past: read.past ?? [], future: read.future ?? [] }, steps);
      const why = write();
      if (why) return { error: why };
      store.takeAside(at);
      return { value, view };
    },

    undo: () => move(true),
    redo: () => move(false),

    /** Be told when another tab or another widget of this page stored a new value (merged in first).
     *  via(task): where the news is taken in (the widget's queue, so it never lands mid-change).
     *  @param {(news: News) => void} fn @param {{signal?: AbortSignal, via?: (task: () => Promise<void>) => any}} [options] */
    watch(fn, { signal, via = (task) => task() } = {}) {
      /** @param {Event} event */
      const onKept = (event) => {
        const { key, from } = /** @type {CustomEvent} */ (event).detail;
        if (key === store.key && from !== me) via(async () => fn({ ...await exclusive(store.key, arrived), here: true }));
      };
      /** @param {StorageEvent} event */
      const onStorage = (event) => {
        if (event.key === store.asideKey) via(async () => fn(await unchanged()));
        else if (event.key === store.key) via(async () => fn(await exclusive(store.key, arrived)));
      };
      const watcher = { fn, via };
      watchers.add(watcher);
      signal?.addEventListener("abort", () => watchers.delete(watcher));
      window.addEventListener(KEPT, onKept, { signal });
      window.addEventListener("storage", onStorage, { signal });
    },

    /** Keep under another name from now on (another character's state); call open() next. @param {string} next */
    use(next) {
      store = openSlot(next);
      lastText = unjudged = null;
    },

    asides: () => store.asides(),
  };

  /** Keep `next` (with an undo step when labelled) made from the stored text `from`. @param {any} next
   *  @param {string} [label] @param {{from?: string | null, view?: any, merged?: string | null}} [how] @returns {Kept} */
  function keep(next, label, { from = lastText, view: reply, merged = null } = {}) {
    if (label != null && steps) history.record(value, label);
    show(next, reply);
    const why = write(from);
    return kept({ kept: !why, why, merged });
  }

  /** Write `value` (with its undo steps); from: the stored text it was made from (lineage, tabs.js).
   *  @returns {string | null} why it was not kept */
  function write(from = lastText) {
    if (unjudged != null && store.text() === unjudged) {
      store.setAside(unjudged, `kept when the rules could not check it; replaced by a newer ${what}`);
      unjudged = null;
    }
    const text = codec.toText(value, { past: history.past, future: history.future });
    tabs.writing(store, text, from);
    const why = store.writeText(text);
    if (why) return `This browser would not keep the ${what} (${why}): the last saved one stays, and this one lasts until the page is closed.`;
    lastText = text;
    tabs.seen(text);
    window.dispatchEvent(new CustomEvent(KEPT, { detail: { key: store.key, from: me } }));
    return null;
  }

  /** Set aside a stored text that can't be used (kept: the copy is stored). @param {string} text @param {string} problem */
  function setAsideStored(text, problem) {
    const stored = !!store.putAside(text, problem);
    return { notice: setAsideNotice(what, problem, stored), problem, text, kept: stored };
  }

  /** News that leaves the value as it is, with the check's reply made the one for it (a save without a merge
   *  leaves the last reply describing an older value, which a watcher must not be handed). @returns {Promise<News>} */
  async function unchanged() {
    if (value != null && viewFor !== value) {
      const verdict = await judge(check, value);
      if (verdict.ok) [view, viewFor] = [verdict.view, value];
    }
    return { value, view: viewNow(), notice: null };
  }

  /** The stored value changed elsewhere: taken in (merged, or adopted with ours set aside). @returns {Promise<News>} */
  async function arrived() {
    const text = store.text();
    if (text == null || text === lastText) return unchanged();
    const got = await tabs.arrived(store, text, { value, past: history.past, future: history.future }, lastText);
    if (!got) return unchanged(); // unusable or not judged: ours stays shown; set aside only when ours is written next
    lastText = text;
    if (got.aside) store.setAside(got.aside.text, got.aside.reason);
    show(got.value, got.view);
    history = new History({ past: got.past, future: got.future }, steps);
    if (got.writeBack) {
      await settle();
      // The other tab learns of ours, unless yet another value was stored meanwhile: its news merges again.
      if (store.text() === text) write();
    }
    return { value, view, notice: got.notice };
  }

  /** Undo (back) or redo one step, as the rules still accept it. @param {boolean} back */
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
    const step = back ? history.undo(value) : history.redo(value);
    show(verdict.value, verdict.view);
    const why = write();
    return { value, view, label: String(step?.label || "the last change"), error: why || undefined };
  }

  return k;
}
