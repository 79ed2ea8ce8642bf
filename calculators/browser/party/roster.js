// The whole party for the stress calculator: characters (player characters and opponents), their traits and
// standing, kept under "stress:roster"; each one's state of a model under "stress:<model>:<id>", or
// "stress:<model>" for the first (where a single character's state was always kept, so an old saved state
// becomes a roster of one). Whether a state is sound is asked of the rules (the panels' checks).
import { isOwn } from "../own.js";
import { slot } from "../keeping/index.js";
import { isRecord, json, readKind } from "../keeping/checks.js";

export const FORMAT = "conflict-table/stress";
export const MODELS = ["wounds", "conditions", "track"];
export const SIDES = { pc: "Player character", opponent: "Opponent" };
export const STANDINGS = { in: "In the fight", taken_out: "Taken out", retired: "Retired", perished: "Perished" };
export const LIMITS = { people: 40, name: 60, traits: 40, trait: 80 };
const FIRST = "c1";

export const rosterStore = () => slot("stress:roster");

/** The slot name of a character's state of a model. */
export const slotName = (model, id) => (id === FIRST ? `stress:${model}` : `stress:${model}:${id}`);

const person = (id, name, side = "pc") => ({ id, name, side, standing: "in", traits: [] });
export const fresh = () => ({ current: FIRST, people: [person(FIRST, "Character 1")] });

/** Is this a roster (the list, not the states)? null, or the reason it is not. */
export function rosterProblem(r) {
  if (!isRecord(r) || !Array.isArray(r.people) || !r.people.length) return "it has no list of characters";
  if (r.people.length > LIMITS.people) return `it has more than ${LIMITS.people} characters`;
  const ids = new Set();
  for (const [i, p] of r.people.entries()) {
    const which = `character ${i + 1}`;
    if (!isRecord(p) || typeof p.id !== "string" || !/^c\d{1,6}$/.test(p.id) || ids.has(p.id)) return `${which} has no proper id`;
    ids.add(p.id);
    if (typeof p.name !== "string" || !p.name.trim() || p.name.length > LIMITS.name) return `${which} has no name of 1 to ${LIMITS.name} characters`;
    if (!isOwn(SIDES, p.side)) return `${which} is neither a player character nor an opponent`;
    if (!isOwn(STANDINGS, p.standing)) return `${which} has no known standing`;
    if (!Array.isArray(p.traits) || p.traits.length > LIMITS.traits ||
        !p.traits.every((t) => typeof t === "string" && t.length <= LIMITS.trait)) {
      return `${which}'s traits are not a list of at most ${LIMITS.traits} short texts`;
    }
  }
  return ids.has(r.current) ? null : "its current character is not in the list";
}

/** The stored roster: {roster} (a fresh roster of one when none or unusable). */
export function readRoster() {
  const text = rosterStore().text();
  return { roster: (text != null && rosterCodec.fromText(text).value) || fresh() };
}

/** The names in the stored roster (for other calculators: the morale tracker's members). */
export function rosterNames() {
  return readRoster().roster.people.map((p) => p.name); // storage that is off or damaged reads as a fresh roster
}

export const nextId = (roster) => `c${Math.max(0, ...roster.people.map((p) => Number(p.id.slice(1)))) + 1}`;

export function addPerson(roster, side = "pc") {
  const id = nextId(roster);
  const name = `${side === "opponent" ? "Opponent" : "Character"} ${roster.people.length + 1}`;
  return { ...roster, current: id, people: [...roster.people, person(id, name, side)] };
}

/** The whole roster with every character's stored states: the export file (full: with the undo steps). */
export function bundle(roster, { full = true } = {}) {
  return {
    format: FORMAT, version: 1, current: roster.current,
    people: roster.people.map((p) => {
      const states = {};
      for (const model of MODELS) {
        const { value } = slot(slotName(model, p.id)).read();
        if (isRecord(value) && isRecord(value.state)) states[model] = full ? value : { state: value.state };
      }
      return { ...p, states };
    }),
  };
}

/** Is anything of the receiver's roster saved (worth setting aside before it is replaced)? */
export function anythingSaved(roster) {
  if (rosterStore().text() != null) return true;
  return roster.people.some((p) => MODELS.some((m) => slot(slotName(m, p.id)).text() != null));
}

/**
 * Read an imported or shared bundle's text and check it: the roster's shape here, every state by
 * the rules (`panels[model].check`, after its cheap `bounds`). → {bundle} or {problem} or {down}.
 */
export async function unpackChecked(text, panels) {
  const how = { format: FORMAT, what: "a stress roster", formatRequired: false, not: "it is not a roster" };
  const { data, problem } = readKind(text, how);
  const why = problem ?? rosterProblem(data);
  if (why) return { problem: why };
  const people = [];
  for (const p of data.people) {
    const states = {};
    const given = isRecord(p.states) ? p.states : {};
    for (const model of MODELS) {
      if (given[model] === undefined) continue;
      const where = `${p.name}, ${model === "track" ? "stress tracks" : model}`;
      if (!isRecord(given[model]?.state)) return { problem: `${where}: it is not a saved state` };
      const panel = panels[model];
      const state = { ...panel.fresh(), ...given[model].state };
      const wrong = panel.bounds(state);
      if (wrong) return { problem: `${where}: ${wrong}` };
      const checked = await panel.check(state);
      if (checked.error?.code === "engine") return { down: checked.error.message };
      if (checked.error) return { problem: `${where}: ${checked.error.message.replace(/\.$/, "")}` };
      states[model] = { state: checked.state, history: [], future: [] };
    }
    people.push({ id: p.id, name: p.name.trim(), side: p.side, standing: p.standing, traits: [...p.traits], states });
  }
  const hit = hitOf(data.hit);
  if (hit?.problem) return hit;
  return { bundle: { current: data.current, people, ...(hit && { hit }) } };
}

/** A hit a link may carry to show once opened (a worked example: docs' worked-example fences): the model shown
 *  and the stress typed in its panel. → undefined (none), {model, stress} or {problem}. */
function hitOf(hit) {
  if (hit === undefined) return undefined;
  if (!isRecord(hit) || !MODELS.includes(hit.model) || !Number.isInteger(hit.stress) || hit.stress < 0 || hit.stress > 999) {
    return { problem: "the hit it shows is not a model and a whole number of stress (0 to 999)" };
  }
  return { model: hit.model, stress: hit.stress };
}

/**
 * Replace the receiver's roster by a checked bundle: the receiver's whole roster (with every state)
 * is set aside first (never overwritten); returns null, or the sentence why nothing changed.
 */
export function adopt(checked, reason) {
  const store = rosterStore();
  const { roster: mine } = readRoster();
  if (anythingSaved(mine)) {
    const at = store.setAside(JSON.stringify(bundle(mine)), reason, { hold: false });
    if (!at) return "there is no room in this browser to set your own roster aside first, so nothing was replaced (export it, then try again)";
  }
  for (const p of mine.people) for (const m of MODELS) slot(slotName(m, p.id)).remove();
  const roster = {
    current: checked.current,
    people: checked.people.map(({ id, name, side, standing, traits }) => ({ id, name, side, standing, traits })),
  };
  for (const p of checked.people) {
    for (const [m, value] of Object.entries(p.states)) {
      const why = slot(slotName(m, p.id)).write(value);
      if (why) return `this browser would not keep it (${why})`;
    }
  }
  return store.write(roster);
}

/** The roster's stored form for the keeper (keeping/keeper.js): a roster that can't be used
 *  (too many characters, a name too long, a standing from a newer release…) is a problem, so the
 *  keeper sets it aside (never overwritten) and says why. */
/** @type {import("../keeping/judge.js").Codec} */
export const rosterCodec = {
  toText: (roster) => JSON.stringify(roster),
  fromText(text) {
    const read = json(text);
    const why = read.problem ?? rosterProblem(read.value);
    return why ? { problem: why } : read;
  },
};

/**
 * Two tabs' rosters as one (the keeper's merge): `base` is the roster both started from. A character
 * changed in one tab only takes that change; changed in both, this tab's change wins and `say` names
 * it; a character added in both tabs under one id keeps both (this tab's gets a new id). Each tab keeps
 * its own current character. null when the result is not a roster (over the limits): both are kept.
 * @param {any} ours @param {any} theirs @param {any} [base] @param {(text: string) => void} [say]
 */
export function mergeRosters(ours, theirs, base, say = (_text) => {}) {
  const was = new Map((base?.people ?? []).map((p) => [p.id, JSON.stringify(p)]));
  const mine = new Map(ours.people.map((p) => [p.id, p]));
  const people = theirs.people.map((t) => {
    const o = mine.get(t.id);
    mine.delete(t.id);
    if (!o) return t;
    const [os, ts] = [JSON.stringify(o), JSON.stringify(t)];
    if (os === ts || was.get(t.id) === os) return t; // unchanged here: theirs
    if (was.get(t.id) === ts) return o; // unchanged there: ours
    if (!was.has(t.id)) { // added in both tabs under one id: both kept
      mine.set(t.id, o);
      return t;
    }
    say(`${t.name === o.name ? o.name : `${o.name} (“${t.name}” in the other tab)`} was changed in another tab at the same moment: this tab's change was kept.`);
    return o;
  });
  const merged = { current: ours.current, people: [...people] };
  for (const o of mine.values()) {
    if (was.has(o.id) && !theirs.people.some((t) => t.id === o.id)) continue; // removed there
    const clash = merged.people.some((p) => p.id === o.id);
    const moved = clash ? { ...o, id: nextId(merged) } : o;
    if (clash && merged.current === o.id) merged.current = moved.id;
    merged.people.push(moved);
  }
  if (!merged.people.some((p) => p.id === merged.current)) merged.current = theirs.current;
  // Nothing of ours to add: theirs as it is. Which character a tab shows is that tab's own (the widget
  // keeps it); a merge differing only there would be written back, echo between the tabs without end
  // and, arriving late, undo the other tab's next change.
  if (JSON.stringify(merged.people) === JSON.stringify(theirs.people)) return theirs;
  return rosterProblem(merged) ? null : merged;
}
