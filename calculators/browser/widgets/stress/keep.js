// @ts-check
// Keeping the stress calculator (keeping/keeper.js): the party (party/roster.js's codec and merge) and each
// character's state of each model with its undo steps, as {state, history, future} under the roster's slot name.
import { keeper } from "../../keeping/keeper.js";
import { json, isRecord, judged } from "../../keeping/checks.js";
import { fresh, mergeRosters, readRoster, rosterCodec, slotName } from "../../party/roster.js";

const UNDO_STEPS = 20;
const setAsideNotes = /** @type {Record<string, string>} */ ({}); // model → what was said of a stored state set aside, so every widget of the page says it until it is saved again

export const rosterKeeper = () => keeper("stress:roster", { fresh, codec: rosterCodec, merge: mergeRosters, lineage: true, what: "roster" });

/** @typedef {import("./panels/models.js").Model} Model */

/** The keeper of one model's state (m: panels/models.js's model) for the character the stored roster shows.
 *  @param {Model} m */
export function stateKeeper(m) {
  const whole = (/** @type {any} */ state) => {
    const s = { ...m.fresh(), ...state };
    if (isRecord(s.tracks)) s.tracks = { ...m.fresh().tracks, ...s.tracks }; // a track never stored: empty
    return s;
  };
  const usable = (/** @type {unknown} */ steps) => (Array.isArray(steps) ? steps.filter((s) => isRecord(s) && isRecord(s.state) && !m.bounds(whole(s.state))) : []);
  /** @type {import("../../keeping/judge.js").Codec} */
  const codec = {
    toText: (state, { past = [], future = [] } = {}) => JSON.stringify({ state, history: past, future }),
    fromText(text) {
      const got = json(text);
      if (got.problem) return got;
      const { value } = got;
      if (!isRecord(value) || !isRecord(value.state) || !Array.isArray(value.history)) return { problem: "it is not in the expected shape" };
      const state = whole(value.state);
      const wrong = m.bounds(state);
      return wrong ? { problem: wrong } : { value: state, past: usable(value.history), future: usable(value.future) };
    },
  };
  return keeper(slotName(m.name, readRoster().roster.current), {
    fresh: m.fresh, codec, steps: UNDO_STEPS, what: m.what,
    async check(/** @type {any} */ state) {
      const checked = await m.check(whole(state));
      return checked.error ? judged({ error: checked.error }) : { value: checked.state };
    },
  });
}

/** What a panel says of its stored state: a notice the keeper gave (kept for the page's other widgets), else the one
 *  kept; null once the model is saved again (saved: true). @param {Model} m @param {string | null} notice */
export function noteFor(m, notice, saved = false) {
  if (saved) delete setAsideNotes[m.name];
  else if (notice) setAsideNotes[m.name] = /could not be used/.test(notice) ? `${notice} The calculator starts from empty ${m.what}.` : notice;
  return setAsideNotes[m.name] ?? null;
}
