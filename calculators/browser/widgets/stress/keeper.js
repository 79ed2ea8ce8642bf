// A stress model's saved state and its undo/redo steps, per character (store.js,
// under the roster's slot name for that character and model), and telling the
// other widgets on the page (and other tabs) when it changed. No rules here: the
// panel gives the checks (`check` asks rules_core, `bounds` is the cheap shape
// check before anything is drawn).
import { readRoster, slotName } from "./roster.js";

const CHANGED = "conflict-table:stress-changed"; // tells the other widgets on the page
const UNDO_STEPS = 20;
const setAsideNotes = {}; // model → the report, so every widget on the page can show it until the model is saved again

/** A model's saved state and its undo/redo steps (store.js, under the name stress:<model>).
 *  `check(state)` asks the rules whether a state is sound: {state} (normalised) or {error};
 *  `bounds(state)` is the cheap check before anything is drawn: a reason, or null. */
export function keeper({ ui, root }, model, what, fresh, check, bounds, report) {
  let store = ui.store.slot(slotName(model, readRoster().roster.current)); // the current character's
  const steps = (h) => new ui.store.History(h, UNDO_STEPS);
  let saved = { state: fresh(), history: steps() };

  // Every change is written at once, also while the engine starts (the rules check it once it is up).
  function persist() {
    delete setAsideNotes[model];
    const why = store.write({ state: saved.state, history: saved.history.past, future: saved.history.future });
    if (why) report(`This browser would not keep your ${what} (${why}): the last saved ones stay, and these last until the page is closed.`);
    window.dispatchEvent(new CustomEvent(CHANGED, { detail: { model, from: root } }));
  }

  // Keep a copy of a saved value we cannot use in the set-aside list, then start afresh.
  function setAside(text, reason) {
    const kept = store.putAside(text, reason);
    saved = { state: fresh(), history: steps() };
    setAsideNotes[model] = `Your saved ${what} could not be used (${reason}). ` + (kept
      ? `A copy was set aside (download it below), and the calculator starts from empty ${what}.`
      : `There is no room to keep a copy in this browser: download it below before you change anything. The calculator shows empty ${what}.`);
    window.dispatchEvent(new CustomEvent(CHANGED, { detail: { model, from: root } }));
    return setAsideNotes[model];
  }

  const isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const usable = (steps) => (Array.isArray(steps) ? steps.filter((s) => isRecord(s) && isRecord(s.state) && !bounds({ ...fresh(), ...s.state })) : []);

  return {
    get store() {
      return store;
    },
    fresh,
    check,
    bounds,
    /** Keep another character's state from now on (load() reads it). */
    use(name) {
      store = ui.store.slot(name);
    },
    get state() {
      return saved.state;
    },
    get canUndo() {
      return saved.history.canUndo;
    },
    get canRedo() {
      return saved.history.canRedo;
    },
    /** Read the stored value and check its shape and bounds (cheap, before anything is drawn);
     *  returns a message when it had to be set aside. */
    load() {
      const { value, text, problem, blocked } = store.read();
      if (blocked) return `${blocked[0].toUpperCase()}${blocked.slice(1)}: your ${what} last until the page is closed.`;
      if (problem) return setAside(text, problem);
      if (value === undefined) {
        saved = { state: fresh(), history: steps() };
        return setAsideNotes[model] || null;
      }
      if (!isRecord(value) || !isRecord(value.state) || !Array.isArray(value.history)) {
        return setAside(text, "it is not in the expected shape");
      }
      const state = { ...fresh(), ...value.state };
      if (isRecord(state.tracks)) state.tracks = { ...fresh().tracks, ...state.tracks }; // a track never stored: empty
      const wrong = bounds(state);
      if (wrong) return setAside(text, wrong);
      saved = { state, history: steps({ past: usable(value.history), future: usable(value.future) }) };
      return null;
    },
    /** Let the rules check the loaded state (returns a message when it had to be set aside). */
    async verify() {
      const checked = await check(saved.state);
      if (checked.error?.code === "engine") return null; // the engine is down, not the data
      if (checked.error) {
        const text = store.text();
        if (text != null) return setAside(text, checked.error.message.replace(/\.$/, ""));
        saved = { state: fresh(), history: steps() };
        return null;
      }
      saved = { ...saved, state: checked.state };
      return null;
    },
    /** Change the state without an undo step (tapping a box, editing a field). */
    set(state) {
      saved = { ...saved, state };
      persist();
    },
    /** Change the state with an undo step (applying a hit, a recovery, a reset). */
    commit(state, label) {
      saved.history.record(saved.state, label);
      saved = { ...saved, state };
      persist();
    },
    /** Go back (or forward: redo) one step; returns its label, or {error} when the step is unusable (it is dropped). */
    async step(back = true) {
      const h = saved.history;
      const next = back ? h.past.at(-1) : h.future.at(-1);
      if (!next) return { label: null };
      const checked = await check({ ...fresh(), ...next.state });
      if (checked.error?.code === "engine") return { error: checked.error.message }; // keep the step for later
      if (checked.error) {
        if (back) h.past = h.past.slice(0, -1);
        else h.future = h.future.slice(0, -1);
        persist();
        return { error: `That step could not be used (${checked.error.message.replace(/\.$/, "")}); it was dropped.` };
      }
      const step = back ? h.undo(saved.state) : h.redo(saved.state);
      saved = { ...saved, state: checked.state };
      persist();
      return { label: String(step.label || "the last change") };
    },
    /** Be told when another widget (or another tab) changed this model's state. */
    watch(fn) {
      const onChanged = (event) => {
        if (event.detail.model === model && event.detail.from !== root) fn();
      };
      const onStorage = (event) => {
        if (event.key === store.key || event.key === store.asideKey) fn();
      };
      window.addEventListener(CHANGED, onChanged);
      window.addEventListener("storage", onStorage);
      return () => {
        window.removeEventListener(CHANGED, onChanged);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
