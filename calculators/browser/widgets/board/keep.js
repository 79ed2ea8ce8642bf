// Keeping the board: the one adapter between the board and the site's keeper.
// Until the shared keeper (keeping/keeper.js, issue 23) is merged, this file
// gives the same interface over store.js; switching is this file's import.
//   const k = keeper("board", {check, merge, codec, what});
//   await k.open() → {value, notice};  k.value, k.view
//   await k.save(v) → null | sentence;  await k.replace(v, reason) → null | sentence (k.replaced: the copy's date)
//   await k.bringBack(at) → {value} | {error};  k.watch(fn, {signal});  k.drawAsides(ui, box, opts)
// Nothing here is a rule of the games: `check` asks the rules.
import { slot, drawAsides } from "../../store.js";

const bare = (s) => String(s).replace(/\.$/, "");

/** @type {{toText: (value: any, history?: any) => string, fromText: (text: string) => {value?: any, problem?: string}}} */
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

/** @param {string} name
 * @param {{check: (v: any) => Promise<any>, merge?: (a: any, b: any) => any, codec?: typeof jsonCodec, what?: string}} opts */
export function keeper(name, { check, merge = () => null, codec = jsonCodec, what = "saved value" }) {
  const store = slot(name);
  let lastText = null;
  const judge = async (value) => {
    const reply = (await check(value)) ?? {};
    if (reply.down || reply.problem) return reply;
    return { ok: true, value: "value" in reply ? reply.value : value, view: reply };
  };
  const read = (text) => codec.fromText(text);
  const toText = (value) => codec.toText(value, { past: [], future: [] });
  function write() {
    const text = toText(k.value);
    const why = store.writeText(text);
    if (why) return `This browser would not keep your ${what} (${why}): the last saved one stays, and this one lasts until the page is closed.`;
    lastText = text;
    return null;
  }
  const k = {
    value: null,
    view: null,
    replaced: null,
    get key() {
      return store.key;
    },
    async open() {
      const { text, blocked } = store.read();
      lastText = text;
      if (blocked) return { value: null, notice: `${blocked}: your ${what} lasts only until the page is closed.` };
      if (text == null) return { value: null, notice: null };
      const got = read(text);
      const verdict = got.problem ? got : await judge(got.value);
      if (verdict.down) return { value: null, notice: `${bare(verdict.down)}. Your saved ${what} is kept as it is.` };
      if (verdict.problem) {
        const kept = store.putAside(text, verdict.problem);
        return { value: null, notice: `Your saved ${what} could not be used (${bare(verdict.problem)}). ` +
          (kept ? "It was set aside, not deleted: you can download it below." : "Download it below before you change anything.") };
      }
      k.value = verdict.value;
      k.view = verdict.view;
      return { value: k.value, notice: null };
    },
    async save(value) {
      const stored = store.text();
      if (stored != null && stored !== lastText) {
        const got = read(stored);
        const merged = got.problem ? null : merge(value, got.value);
        const verdict = merged ? await judge(merged) : null;
        if (verdict?.ok) {
          value = verdict.value;
          k.view = verdict.view;
        } else store.setAside(stored, "saved by another tab at the same moment; this tab's version was kept");
      }
      k.value = value;
      return write();
    },
    async replace(value, reason) {
      const text = store.text();
      k.replaced = null;
      if (text != null) {
        const at = store.setAside(text, reason, { hold: false });
        if (!at) return `there is no room left in this browser's storage to keep a copy of your ${what}, so it was not replaced`;
        k.replaced = at;
      }
      k.value = value;
      return write();
    },
    async bringBack(at) {
      const item = store.asides().find((a) => a.at === at);
      if (!item) return { error: "it is no longer in the set-aside list" };
      const got = read(item.text);
      const verdict = got.problem ? got : await judge(got.value);
      if (!verdict.ok) return { error: verdict.problem || verdict.down };
      k.value = verdict.value;
      k.view = verdict.view;
      const why = write();
      if (why) return { error: why };
      store.takeAside(at);
      k.replaced = null;
      return { value: k.value };
    },
    /** fn({value, notice}) when another tab stored a new value (merged with ours when it can be). */
    /** @param {(news: {value: any, notice: string | null}) => void} fn @param {{signal?: AbortSignal}} [opts] */
    watch(fn, { signal } = {}) {
      window.addEventListener("storage", async (event) => {
        if (event.key === store.asideKey) return fn({ value: k.value, notice: null });
        if (event.key !== store.key) return;
        const text = store.text();
        if (text == null || text === lastText) return;
        const got = read(text);
        const theirs = got.problem ? got : await judge(got.value);
        if (!theirs.ok) return;
        lastText = text;
        const merged = k.value ? merge(k.value, theirs.value) : null;
        const verdict = merged ? await judge(merged) : null;
        let notice = null;
        if (verdict?.ok) Object.assign(k, { value: verdict.value, view: verdict.view });
        else {
          if (k.value) {
            store.setAside(toText(k.value), `this tab's version, when another tab changed the ${what} at the same moment`);
            notice = `Your ${what} was changed in another tab and the two could not be merged: this tab's version was set aside (below), not lost.`;
          }
          Object.assign(k, { value: theirs.value, view: theirs.view });
        }
        if (verdict?.ok && toText(k.value) !== text) write();
        fn({ value: k.value, notice });
      }, { signal });
    },
    asides: () => store.asides(),
    drawAsides: (ui, box, opts) => drawAsides(ui, box, store, opts),
  };
  return k;
}

/** Saved setups ("the warehouse crew"), by name, in their own slot. */
export function setups() {
  const store = slot("board:setups");
  const all = () => {
    const { value } = store.read();
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  };
  return {
    all,
    save: (name, setup) => store.write({ ...all(), [name]: setup }),
    remove: (name) => {
      const rest = all();
      delete rest[name];
      return store.write(rest);
    },
  };
}

/** What is typed in the setup, kept as typed between visits. */
export const draftStore = () => slot("board:draft");
export { download, fileName } from "../../store.js";
