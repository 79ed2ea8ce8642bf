// @ts-check
// What differs between the stress calculator's three models, each a plain object: its fields, its calls to
// rules_core (stress.*), what a box tap changes and what Apply keeps. Every answer is the rules'; the cheap `bounds`
// only keeps a damaged stored value from being drawn (a track asking for millions of boxes).
import { typedNumber, wholeIn } from "../../../ui.js";

/** @typedef {Record<string, any>} State a model's kept state
 *  @typedef {{state: State, typed: Record<string, any>, pick: number | null, chosen: number[] | null}} Sheet
 *    what a panel holds: the kept state, every field as typed, a box picked instead of the rules', the
 *    boxes chosen for a recovery (null: the suggested set) */

/** @typedef {Model & Record<string, any>} Made a model with its own helpers */

/** @param {Record<string, any>} typed @param {string[]} names */
const read = (typed, names) => Object.fromEntries(names.map((n) => [n, typeof typed[n] === "boolean" ? typed[n] : typedNumber(typed[n])]));
/** @param {any} value */
const clone = (value) => JSON.parse(JSON.stringify(value));
/** @param {number[]} list @param {number} n */
const toggled = (list, n) => (list.includes(n) ? list.filter((b) => b !== n) : [...list, n].sort((a, b) => a - b));
/** @param {boolean[]} marks @param {number} n box or slot n (1 is the first) */
const flipped = (marks, n) => marks.map((on, i) => (i === n - 1 ? !on : on));
/** Are these as many marks, true or false each, as a fresh state's? @param {unknown} marks @param {boolean[]} like */
const asMany = (marks, like) => Array.isArray(marks) && marks.length === like.length && marks.every((b) => typeof b === "boolean");
/** @typedef {{threshold: number, marked: number[], consequences: Record<string, number>, taken: string[]}} Track */
/** A track as stress.track_hit reads it. @param {Track} t */
const shape = (t) => ({ threshold: t.threshold, marked: t.marked, consequences: t.consequences, taken: t.taken });

/**
 * What one model gives the panels (every call's answer is the rules').
 * @typedef {object} Model
 * @property {string} name @property {string} what its kept state in words @property {string} resetLabel
 * @property {string[]} hitFields @property {string[]} characterFields
 * @property {() => State} fresh
 * @property {(state: State) => string | null} bounds the cheap check before anything is drawn: why not, or null
 * @property {(state: State) => Promise<{state?: State, error?: any}>} check the rules' check (normalised)
 * @property {(state: State, typed?: Record<string, any>) => Record<string, any>} fill the character's fields from the state
 * @property {(p: Sheet) => Promise<{state?: State, error?: any}>} edit the character's fields, checked
 * @property {(p: Sheet) => Promise<any>} hit Apply's call
 * @property {(p: Sheet) => Promise<{reply: any, now?: any, rec?: any}>} ask the preview's calls
 * @property {(state: State, slot: string | null, n: number) => State} toggle a box tapped
 * @property {(state: State, result: any, choice?: string | null) => {state: State, label: string, log: string, trait?: string | null} | null} applied
 * @property {(field: string | null) => string | null} place where a rules error goes (a field's name, "" the panel)
 * @property {(p: Sheet, name: string) => boolean} [edits] does this field change the state (else only the hit)
 */

/** The three models for an engine and the widget's build-time options.
 * @param {{call: (name: string, payload: any) => Promise<any>}} engine @param {any} options
 * @returns {{wounds: Model, conditions: Model, track: Model & Record<string, any>, [model: string]: Model}} */
export function stressModels(engine, options) {
  const fresh = (/** @type {string} */ model) => () => clone(options.empty[model]);
  /** The rules' check of a kept state of the model (stress.check). @param {string} model */
  const checked = (model) => async (/** @type {State} */ state) => {
    const reply = await engine.call("stress.check", { model, state });
    return reply.ok ? { state: reply.result.state } : { error: reply.error };
  };
  /** What applying a Gauntlet Forge hit keeps: the model's changes and the rules' way for this choice (its words,
   *  the Last Stand after it, the trait gained); null when the rules offer no such way.
   *  @param {State} s @param {any} r @param {string | null | undefined} choice @param {State} changes */
  const taken = (s, r, choice, changes) => {
    const way = r.apply.find((/** @type {any} */ w) => w.choice === (choice ?? null));
    if (!way) return null;
    const state = { ...s, ...changes, last_stand: way.last_stand };
    return { state, label: way.label, log: way.log, trait: r.trait_gained };
  };

  /** @type {Made} */
  const wounds = {
    name: "wounds", what: "wound boxes", resetLabel: "Reset: every wound box is cleared",
    hitFields: ["stress", "type", "edition"], characterFields: ["favor", "in_conflict", "last_stand"],
    fresh: fresh("wounds"),
    /** @param {State} s @param {any} hit */
    now: (s, hit = { stress: 0, type: options.slots[0] }) => engine.call("stress.wounds",
      { wounds: s.wounds, favor: s.favor, in_conflict: s.in_conflict, last_stand: s.last_stand, ...hit }),
    bounds(state) {
      const empty = wounds.fresh().wounds;
      const wrong = options.slots.find((/** @type {string} */ slot) => !asMany(state.wounds?.[slot], empty[slot]));
      return wrong ? `its ${wrong} boxes are not ${empty[wrong].length} marks` : null;
    },
    check: checked("wounds"),
    fill: (s) => ({ favor: String(s.favor), in_conflict: s.in_conflict, last_stand: s.last_stand }),
    edit: (/** @type {Sheet} */ p) => wounds.check({ ...p.state, ...read(p.typed, wounds.characterFields) }),
    hit: (/** @type {Sheet} */ p) => wounds.now(p.state, { ...read(p.typed, ["stress", "type"]), edition: String(p.typed.edition), box: p.pick }),
    ask: (/** @type {Sheet} */ p) => Promise.all([wounds.now(p.state), wounds.hit(p)])
      .then(([now, reply]) => ({ reply, now: now.ok ? now.result : null })),
    toggle: (s, slot, n) => ({ ...s, wounds: { ...s.wounds, [String(slot)]: flipped(s.wounds[String(slot)], n) } }),
    applied: (s, r, choice) => taken(s, r, choice, { wounds: r.wounds, favor: r.favor_left }),
    place: (field) => field?.replace(/^state\./, "") ?? null, // stress.check names a field of the state
  };

  /** @type {Made} */
  const conditions = {
    name: "conditions", what: "condition slots", resetLabel: "Reset: every condition slot is cleared",
    hitFields: ["stress"], characterFields: ["last_stand"],
    fresh: fresh("conditions"),
    bounds(state) {
      const empty = conditions.fresh().conditions;
      return asMany(state.conditions, empty) ? null : `its condition slots are not ${empty.length}`;
    },
    check: checked("conditions"),
    fill: (s) => ({ last_stand: s.last_stand }),
    edit: (/** @type {Sheet} */ p) => conditions.check({ ...p.state, ...read(p.typed, conditions.characterFields) }),
    hit: (/** @type {Sheet} */ p) => engine.call("stress.conditions",
      { conditions: p.state.conditions, last_stand: p.state.last_stand, stress: typedNumber(p.typed.stress), slot: p.pick }),
    ask: async (/** @type {Sheet} */ p) => ({ reply: await conditions.hit(p) }),
    toggle: (s, _slot, n) => ({ ...s, conditions: flipped(s.conditions, n) }),
    applied: (s, r, choice) => taken(s, r, choice, { conditions: r.conditions }),
    place: (field) => field?.replace(/^state\./, "") ?? null, // stress.check names a field of the state
  };

  const names = /** @type {string[]} */ (options.consequences);
  const current = (/** @type {State} */ s) => /** @type {Track} */ (s.tracks[s.current]);
  const withTrack = (/** @type {State} */ s, /** @type {Track} */ t) => ({ ...s, tracks: { ...s.tracks, [s.current]: t } });
  /** The consequence slots whose control says `how` ("free", "use": against this hit, "taken": already). */
  /** @param {Record<string, any>} typed @param {string} how */
  const slotsIn = (typed, how) => names.filter((n) => typed[`consequence-${n}`] === how);
  /** @type {Made} */
  const track = {
    name: "track", what: "stress tracks", resetLabel: "Reset: all three tracks are cleared",
    hitFields: ["shifts", "invokes_available", "defense_shifts", "range", "invokes"],
    characterFields: ["threshold", ...names.map((n) => `value-${n}`), ...names.map((n) => `consequence-${n}`)],
    fresh: fresh("track"), current, withTrack, slotsIn,
    /** A box is drawn per number up to the threshold and the highest mark: those must be in the rules' bounds. */
    bounds(state) {
      const { threshold, box, marked } = options.limits;
      if (!options.tracks.includes(state.current)) return `there is no track called “${String(state.current).slice(0, 40)}”`;
      for (const name of options.tracks) {
        const t = state.tracks?.[name];
        if (!t || typeof t !== "object") return `${name}: it is not a track`;
        if (!wholeIn(t.threshold, 0, threshold)) return `${name}: the threshold is not a whole number from 0 to ${threshold}`;
        if (!Array.isArray(t.marked) || t.marked.length > marked || !t.marked.every((/** @type {unknown} */ n) => wholeIn(n, 1, box))) {
          return `${name}: the marked boxes are not at most ${marked} box numbers from 1 to ${box}`;
        }
        if (!Array.isArray(t.taken) || !t.consequences || typeof t.consequences !== "object") return `${name}: it is not a track`;
      }
      return null;
    },
    check: checked("track"),
    /** The track's fields from the state; a slot taken against this hit stays so while it is free. */
    fill(s, typed = {}) {
      const t = current(s);
      return {
        threshold: String(t.threshold),
        ...Object.fromEntries(names.map((n) => [`value-${n}`, String(t.consequences[n])])),
        ...Object.fromEntries(names.map((n) => [`consequence-${n}`, t.taken.includes(n) ? "taken" : typed[`consequence-${n}`] === "use" ? "use" : "free"])),
      };
    },
    /** Does this change of the fields change the track (else only the hit: a free slot taken against it, or let go)? */
    edits(/** @type {Sheet} */ p, name) {
      const [now, was] = [slotsIn(p.typed, "taken"), current(p.state).taken];
      return !name.startsWith("consequence-") || now.length !== was.length || !now.every((n) => was.includes(n));
    },
    async edit(/** @type {Sheet} */ p) {
      const fields = read(p.typed, ["threshold", ...names.map((n) => `value-${n}`)]);
      const candidate = { ...current(p.state), threshold: fields.threshold,
        consequences: Object.fromEntries(names.map((n) => [n, fields[`value-${n}`]])), taken: slotsIn(p.typed, "taken") };
      const reply = await engine.call("stress.track_hit", { track: shape(/** @type {Track} */ (candidate)), shifts: 0 });
      return reply.ok ? { state: withTrack(p.state, reply.result.hit.track) } : { error: reply.error };
    },
    hit: (/** @type {Sheet} */ p) => engine.call("stress.track_hit",
      { track: shape(current(p.state)), ...read(p.typed, track.hitFields), consequences: slotsIn(p.typed, "use") }),
    ask: (/** @type {Sheet} */ p) => Promise.all([track.hit(p), track.recover(p)]).then(([reply, rec]) => ({ reply, rec })),
    recover: (/** @type {Sheet} */ p) => engine.call("stress.track_recovery",
      { track: shape(current(p.state)), shifts: typedNumber(p.typed["recovery.shifts"]), chosen: p.chosen ?? undefined }),
    toggle: (s, _slot, n) => withTrack(s, { ...current(s), marked: toggled(current(s).marked, n) }),
    choose: (/** @type {number[]} */ chosen, /** @type {number} */ n) => toggled(chosen, n),
    applied: (s, { hit, applies }) => (applies
      ? { state: withTrack(s, hit.track), label: `${s.current}: ${hit.message}`, log: `Applied to ${s.current}: ${hit.message}` } : null),
    /** Where an error of stress.track_hit belongs: a field's name, or "" (the panel's own message). */
    place(field) {
      if (field === "track.threshold") return "threshold";
      const value = /^track\.consequences\.(\w+)$/.exec(field || "");
      if (value) return `value-${value[1]}`;
      return (field || "").startsWith("track") ? "" : field;
    },
  };
  return { wounds, conditions, track };
}
