// A stress model's saved state and its undo/redo steps, per character, kept by
// the one keeper (keeping/keeper.js) under the roster's slot name for that
// character and model, in the stored form {state, history, future}. No rules
// here: the panel gives the checks (`check` asks rules_core, `bounds` is the
// cheap shape check before anything is drawn).
import { readRoster, slotName } from "../../party/roster.js";
import { json, isRecord } from "../../keeping/checks.js";

const UNDO_STEPS = 20;
const setAsideNotes = {}; // model → the report, so every widget on the page can show it until the model is saved again

/** A model's keeper: `check(state)` asks the rules ({state} normalised, or {error});
 *  `bounds(state)` is the cheap check before anything is drawn: a reason, or null. */
export function keeper({ ui }, model, what, fresh, check, bounds, report) {
  const usable = (steps) => (Array.isArray(steps) ? steps.filter((s) => isRecord(s) && isRecord(s.state) && !bounds({ ...fresh(), ...s.state })) : []);
  const codec = {
    toText: (state, { past = [], future = [] } = {}) => JSON.stringify({ state, history: past, future }),
    fromText(text) {
      const read = json(text);
      if (read.problem) return read;
      const { value } = read;
      if (!isRecord(value) || !isRecord(value.state) || !Array.isArray(value.history)) return { problem: "it is not in the expected shape" };
      const state = { ...fresh(), ...value.state };
      if (isRecord(state.tracks)) state.tracks = { ...fresh().tracks, ...state.tracks }; // a track never stored: empty
      const wrong = bounds(state);
      if (wrong) return { problem: wrong };
      return { value: state, past: usable(value.history), future: usable(value.future) };
    },
  };
  const kept = ui.store.keeper(slotName(model, readRoster().roster.current), {
    fresh, codec, steps: UNDO_STEPS, what,
    async check(state) {
      const checked = await check({ ...fresh(), ...state });
      if (checked.error?.code === "engine") return { down: checked.error.message };
      if (checked.error) return { problem: checked.error.message };
      return { value: checked.state };
    },
  });
  const note = (notice) => {
    if (!notice) return setAsideNotes[model] || null;
    setAsideNotes[model] = /could not be used/.test(notice) ? `${notice} The calculator starts from empty ${what}.` : notice;
    return setAsideNotes[model];
  };
  const save = async (state, label) => {
    delete setAsideNotes[model];
    const why = await kept.save(state, label);
    if (why) report(why);
  };

  return {
    get store() {
      return kept.slot;
    },
    kept,
    fresh,
    check,
    bounds,
    /** Keep another character's state from now on (load() reads it). */
    use: (name) => kept.use(name),
    get state() {
      return kept.value;
    },
    get canUndo() {
      return kept.canUndo;
    },
    get canRedo() {
      return kept.canRedo;
    },
    /** Read the stored value with its cheap checks (before anything is drawn): a message when it was set aside. */
    load: () => note(kept.read().notice),
    /** Let the rules check the loaded state (a message when it had to be set aside). */
    async verify() {
      const got = await kept.verify();
      return got.down ? null : note(got.notice);
    },
    /** Change the state without an undo step (tapping a box, editing a field). */
    set: (state) => save(state),
    /** Change the state with an undo step (applying a hit, a recovery, a reset). */
    commit: (state, label) => save(state, label),
    /** Go back (or forward: redo) one step: {label} or {error} (an unusable step is dropped). */
    async step(back = true) {
      const went = back ? await kept.undo() : await kept.redo();
      if (!went) return { label: null };
      if (went.value === undefined) return { error: went.error };
      if (went.error) report(went.error);
      return { label: went.label };
    },
    /** Be told when another widget (or another tab) changed this model's state: fn(notice), notice what the
     *  keeper says of it (a change set aside, not lost), or null. */
    watch(fn) {
      const stop = new AbortController();
      kept.watch((news) => fn(news?.notice ?? null), { signal: stop.signal });
      return () => stop.abort();
    },
  };
}
