// The action being composed, as plain data (a "sheet"): what the referee has tapped or typed
// for one kind of docs/edgerunner/conflicts.md#actions, read into the event board.apply takes
// (field names are the event's, so the rules' errors land beside their field). The sheet is
// kept through the keeper (keep.js: board:action) so navigation, a reload or a change of kind
// loses nothing. No rule is computed here: reach, absorb options and boxes are board.preview's.
import { typedNumber } from "../../ui.js";

export const TRACKS = [["cool", "Cool"], ["humanity", "Humanity"], ["reputation", "Reputation"]];
export const CONSEQUENCES = ["mild", "moderate", "severe"];

/** kind → [button words, fields]. "roll": skill, rating, dice, bid, invokes, opposition. */
export const KINDS = {
  move: ["Move", ["actor", "roll", "zone"]],
  attack: ["Attack", ["actor", "target", "track", "roll", "absorb"]],
  defense: ["Defense", ["actor", "target", "track", "roll"]],
  maneuver: ["Maneuver", ["actor", "aspect", "on", "roll", "resist"]],
  move_another: ["Move another", ["actor", "target", "roll", "zone", "resist"]],
  recovery: ["Recovery", ["actor", "target", "track", "roll", "boxes"]],
  continue: ["Continue", ["actor", "invokes", "again"]],
  simple: ["Simple action", ["actor", "note"]],
  compel: ["Compel", ["actor", "aspect", "accepted"]],
  taken_out: ["Taken out", ["target"]],
  concession: ["Concession", ["side", "story"]],
  redefine_border: ["Beaten border", ["actor", "thing", "pass"]],
  end_exchange: ["End of exchange", []],
  end: ["End the conflict", ["note"]],
};
/** Kinds that are an actor's turn (the sheet's first row); the others are the table's. */
export const TURN_KINDS = ["move", "attack", "defense", "maneuver", "move_another", "recovery", "continue", "simple", "compel"];

/** What a Continue asks besides the new invokes: the previous action's own choices (a move's zone…). */
const AGAIN = { move: ["zone"], move_another: ["zone", "resist"], attack: ["absorb"], maneuver: ["aspect", "on", "resist"], recovery: ["boxes"] };

/** The fields of a kind's sheet; a Continue's depend on the actor's previous action. */
export function fieldsOf(kind, state, actor) {
  if (kind !== "continue") return KINDS[kind]?.[1] ?? [];
  const previous = state.actors.find((a) => a.name === actor)?.previous;
  return ["actor", "invokes", "again", ...(AGAIN[previous?.kind] ?? [])];
}

/** A new sheet for `kind`; `from` is the sheet it replaces (a change of kind keeps the fields in common).
 * @returns {Record<string, any>} */
export function blank(kind, from = {}) {
  const keep = ["actor", "target", "track", "skill", "rating", "faces", "bid", "opposition", "invokes", "note", "aspect"];
  const kept = Object.fromEntries(keep.filter((k) => from[k] != null && from[k] !== "").map((k) => [k, from[k]]));
  return { faces: "0000", bid: "0", opposition: "0", track: "cool", invokes: [], ...kept, kind, touched: [] };
}

/** The people and things a kind can target, by name, as the rules' state lists them (an attack or a
 *  move of another never aims at the actor themself). */
export function targetsOf(kind, state, actor = null) {
  const inActors = state.actors.filter((a) => !a.out && !(actor && a.name === actor && ["attack", "move_another"].includes(kind)));
  if (kind === "move_another") return inActors.map((a) => a.name);
  const things = state.things.filter((t) => !t.out).map((t) => t.name);
  const aspects = kind === "attack" ? state.aspects.filter((a) => a.boxes).map((a) => a.name) : [];
  return [...inActors.map((a) => a.name), ...things, ...aspects];
}

/** Is `name` a thing or an aspect (one track, no choice of Cool/Humanity/Reputation)? */
export const oneTrack = (name, state) => state.things.some((t) => t.name === name) || state.aspects.some((a) => a.name === name);

/** The actor's skills ({name: rating}), the last one they used first. */
export function skillsOf(actor, state, setup) {
  const a = state.actors.find((x) => x.name === actor);
  const own = a?.skills ?? setup?.actors?.find((x) => x.name === actor)?.skills ?? {};
  const skills = own && typeof own === "object" && !Array.isArray(own) ? Object.entries(own) : [];
  const last = a?.previous?.skill;
  return skills.sort(([x], [y]) => Number(y === last) - Number(x === last));
}

/** Choosing who acts: the sheet follows them (their last skill with its rating). */
export function chooseActor(sheet, actor, state, setup) {
  const next = { ...sheet, actor };
  const [first] = skillsOf(actor, state, setup);
  if (first && (sheet.actor !== actor || !sheet.skill)) [next.skill, next.rating] = [first[0], String(first[1])];
  return next;
}

/** The four dice, one face each: a tap turns a die blank → plus → minus → blank. */
export function cycleDie(faces, i) {
  const now = /^[+0-]{4}$/.test(faces ?? "") ? faces : "0000";
  const next = { 0: "+", "+": "-", "-": "0" }[now[i]];
  return now.slice(0, i) + next + now.slice(i + 1);
}

/** What the dice field holds: four faces ("+0--", also ⊞⊡⊟) or a typed total ("2", "-1"). */
export function readDice(text) {
  const t = String(text ?? "").trim().replace(/⊞/g, "+").replace(/⊡/g, "0").replace(/⊟/g, "-").replace(/−/g, "-");
  if (/^[+-]?\d+$/.test(t) && !/^[+0-]{4}$/.test(t)) return { dice: Number(t) };
  return { faces: t };
}

/** An absorb option as the sheet keeps it (its consequences, in order). */
export const absorbKey = (o) => JSON.stringify(o.consequences ?? []);

/** The sheet after board.preview's answer: an absorb choice the options no longer offer is
 *  dropped (it is asked again), and the boxes start as the rules suggest. A thing or an aspect
 *  does not resist: its one way of taking the hit needs no choice. */
export function reconcile(sheet, p, state = null) {
  const next = { ...sheet };
  if (sheet.kind === "attack" || (sheet.kind === "continue" && p?.absorb)) {
    const offered = (p?.absorb?.options ?? []).map(absorbKey);
    if (next.absorb != null && !offered.includes(next.absorb)) delete next.absorb;
    if (state && sheet.target && oneTrack(sheet.target, state) && offered.length === 1) next.absorb = offered[0];
  }
  if (p?.recovery && next.boxes == null) next.boxes = (p.recovery.suggested ?? []).map(String);
  return next;
}

/** Who the logged action would take out (named on the Log button), or null. */
export function takesOut(sheet, p) {
  if (!p?.absorb || !sheet.target) return null;
  if (p.absorb.taken_out_anyway) return sheet.target;
  const chosen = (p.absorb.options ?? []).find((o) => absorbKey(o) === sheet.absorb);
  return chosen?.hit?.taken_out ? sheet.target : null;
}

/** What must still be chosen before the page sends the event (the rules check the rest). */
export function missing(sheet, p) {
  if (sheet.kind === "attack" && p?.absorb && !p.absorb.taken_out_anyway && sheet.absorb == null) {
    return { field: "absorb", message: `Choose how ${sheet.target} absorbs the hit (the options changed with the roll).` };
  }
  return null;
}

const filled = (v) => v != null && String(v).trim() !== "";

/** The event board.apply takes, from the sheet (empty optional fields left out). */
export function event(sheet, state) {
  const t = sheet;
  const kind = t.kind;
  const e = { kind };
  const fields = fieldsOf(kind, state, t.actor);
  const put = (key, value = t[key]) => {
    if (filled(value)) e[key] = typeof value === "string" ? typedNumber(value) : value;
  };
  const text = (key) => {
    if (filled(t[key])) e[key] = String(t[key]).trim();
  };
  if (fields.includes("actor")) text("actor");
  if (fields.includes("target")) text("target");
  if (fields.includes("track") && !oneTrack(t.target, state)) text("track"); // a thing or an aspect has one track
  if (fields.includes("roll")) {
    text("skill");
    put("rating");
    Object.assign(e, readDice(t.faces));
    put("bid");
    put("opposition");
    if (t.invokes?.length) e.invokes = t.invokes;
  }
  if (fields.includes("invokes") && t.invokes?.length) e.invokes = t.invokes;
  if (fields.includes("zone")) text("zone");
  if (fields.includes("resist")) {
    const r = {};
    if (filled(t["resist.stress.track"]) || filled(t["resist.stress.amount"])) {
      r.stress = { track: t["resist.stress.track"], amount: typedNumber(t["resist.stress.amount"]) };
    }
    if (t["resist.consequences"]?.length) r.consequences = t["resist.consequences"];
    if (t["resist.invokes"]?.length) r.invokes = t["resist.invokes"];
    if (Object.keys(r).length) e.resist = r;
  }
  if (fields.includes("absorb")) {
    const r = {};
    const consequences = filled(t.absorb) ? JSON.parse(t.absorb) : [];
    if (consequences.length) r.consequences = consequences;
    const names = Object.fromEntries(consequences.filter((c) => filled(t[`named.${c}`])).map((c) => [c, String(t[`named.${c}`]).trim()]));
    if (Object.keys(names).length) r.names = names;
    if (t["resist.invokes"]?.length) r.invokes = t["resist.invokes"];
    if (Object.keys(r).length) e.resist = r;
  }
  if (fields.includes("aspect")) text("aspect");
  if (fields.includes("on")) {
    e.on = t.on || "zone";
    const which = onTargets(e.on, state).find(([value]) => value === t.which);
    if (which) e.target = e.on === "border" ? JSON.parse(which[0]) : which[0];
  }
  if (fields.includes("boxes") && t.boxes) e.boxes = t.boxes.map(Number);
  if (fields.includes("note")) text("note");
  if (fields.includes("accepted")) e.accepted = t.accepted !== false;
  if (fields.includes("side")) text("side");
  if (fields.includes("story")) text("story");
  if (fields.includes("thing")) text("thing");
  if (fields.includes("pass")) put("pass");
  return e;
}

/** What a maneuver can be placed on, by kind: [value, words]; a border's value is its two zones as JSON
 *  (a zone's name may hold any character, "|" and ":" too). */
export function onTargets(on, state) {
  if (on === "zone") return state.zones.map((z) => [z, z]);
  if (on === "border") return (state.borders ?? []).map((b) => [JSON.stringify(b), b.join(" – ")]);
  if (on === "actor") return state.actors.filter((a) => !a.out).map((a) => [a.name, a.name]);
  return state.things.filter((t) => !t.out).map((t) => [t.name, t.name]);
}

/** A roll from the dice roller (handoff.js) into the sheet; null when no rolling action is open. */
export function rolled(sheet, roll) {
  if (!sheet || !fieldsOf(sheet.kind, { actors: [] }, sheet.actor).includes("roll")) {
    throw new Error("Conflict board: open an action that rolls (Move, Attack…), then use the roll.");
  }
  const faces = roll.faces.map((face) => (face > 0 ? "+" : face < 0 ? "-" : "0")).join("");
  return { ...sheet, rating: String(roll.skill), bid: String(roll.bid ?? 0), faces };
}

/** A logged event back as a sheet (Undo puts the undone action back, to mend and log again). */
export function fromEvent(e, state) {
  const sheet = blank(e.kind);
  for (const key of ["actor", "target", "track", "skill", "zone", "aspect", "note", "side", "story", "thing"]) if (e[key] != null) sheet[key] = String(e[key]);
  for (const key of ["rating", "bid", "opposition", "pass"]) if (e[key] != null) sheet[key] = String(e[key]);
  if (e.faces != null) sheet.faces = String(e.faces);
  else if (e.dice != null) sheet.faces = String(e.dice);
  if (e.invokes) sheet.invokes = [...e.invokes];
  if (e.boxes) sheet.boxes = e.boxes.map(String);
  if (e.accepted != null) sheet.accepted = !!e.accepted;
  if (e.on) {
    sheet.on = e.on;
    sheet.which = e.on === "border" ? JSON.stringify(e.target) : String(e.target ?? "");
  }
  if (e.kind === "attack" && e.resist) {
    sheet.absorb = JSON.stringify(e.resist.consequences ?? []);
    for (const [c, name] of Object.entries(e.resist.names ?? {})) sheet[`named.${c}`] = name;
    if (e.resist.invokes) sheet["resist.invokes"] = [...e.resist.invokes];
  } else if (e.resist) {
    if (e.resist.stress) [sheet["resist.stress.track"], sheet["resist.stress.amount"]] = [e.resist.stress.track, String(e.resist.stress.amount)];
    if (e.resist.consequences) sheet["resist.consequences"] = [...e.resist.consequences];
    if (e.resist.invokes) sheet["resist.invokes"] = [...e.resist.invokes];
  }
  if (state && sheet.target && oneTrack(sheet.target, state)) delete sheet.track;
  return sheet;
}
