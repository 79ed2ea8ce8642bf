// @ts-check
// The setup as typed: map, sides, actors (name, side, zone, three thresholds),
// things and aspects. A draft keeps what is typed, as typed; checking it is the
// rules' job (board.replay names the field: `actors[1].zone`). setup.js draws it.
import { typedNumber } from "../../../ui.js";

/** @typedef {import("../../../types/board").SetupDraft} SetupDraft @typedef {import("../../../types/board").MapChoice["map"]} MapData */

export const TRACKS = [["cool", "Cool"], ["humanity", "Humanity"], ["reputation", "Reputation"]];
export const blankActor = (side = "", zone = "") => ({ name: "", side, zone, cool: "3", humanity: "3", reputation: "3", skills: "", aspects: "" });
export const blankThing = () => ({ name: "", threshold: "2", zone: "", border: "" });
export const blankAspect = () => ({ name: "", where: "", free: "1" });

/** "Athletics 3, Shoot 2" → {Athletics: 3, Shoot: 2}; anything else goes as typed, for the rules to name. */
export function skillsFrom(/** @type {unknown} */ text) {
  const out = /** @type {Record<string, number>} */ ({});
  for (const part of String(text ?? "").split(/[,;\n]/)) {
    const t = part.trim();
    if (!t) continue;
    const m = t.match(/^(.*?)[\s:=]+([+-]?\d+)$/);
    if (!m || !m[1].trim()) return String(text).trim();
    out[m[1].trim()] = Number(m[2]);
  }
  return out;
}
export const skillsText = (/** @type {unknown} */ skills) => (skills && typeof skills === "object" && !Array.isArray(skills)
  ? Object.entries(skills).map(([k, v]) => `${k} ${v}`).join(", ") : String(skills ?? ""));
/** "Hot-headed; Owes Jade" → ["Hot-headed", "Owes Jade"]. */
export const aspectsFrom = (/** @type {unknown} */ text) => String(text ?? "").split(/[;\n]/).map((x) => x.trim()).filter(Boolean);

/** Where an aspect can be placed at setup: [value, words]; the value is [on, target] as JSON. */
export function places(/** @type {SetupDraft} */ d) {
  const zones = zoneNames(d.map);
  return [
    ...zones.map((z) => [JSON.stringify(["zone", z]), `zone: ${z}`]),
    ...(d.map?.borders ?? []).map((b) => [JSON.stringify(["border", b.between]), `border: ${(b.between ?? []).join(" – ")}`]),
    ...d.actors.filter((a) => String(a.name).trim()).map((a) => [JSON.stringify(["actor", String(a.name).trim()]), `actor: ${String(a.name).trim()}`]),
    ...d.things.filter((t) => String(t.name).trim()).map((t) => [JSON.stringify(["thing", String(t.name).trim()]), `thing: ${String(t.name).trim()}`]),
  ];
}

/** A map's zone names (a zone is a name, or {name, at} when the map says where it is drawn). */
export const zoneNames = (/** @type {MapData | undefined} */ map) => (map?.zones ?? []).map((z) => (typeof z === "string" ? z : /** @type {{name?: string} | null} */ (z)?.name ?? ""));

/** @returns {SetupDraft} */
export function emptyDraft(/** @type {string} */ mapId, /** @type {MapData} */ map) {
  const zone = zoneNames(map)[0] ?? "";
  return { mapId, map, sides: ["", ""], actors: [blankActor("0", zone), blankActor("1", zone)], things: [], aspects: [] };
}

/** @returns {x is Record<string, unknown>} */
const isObject = (/** @type {unknown} */ x) => !!x && typeof x === "object" && !Array.isArray(x);
/** @returns {x is string} */
const text = (/** @type {unknown} */ x) => typeof x === "string";
const optText = (/** @type {unknown} */ x) => x === undefined || text(x);
const optNumber = (/** @type {unknown} */ x) => optText(x) || typeof x === "number"; // a threshold typed, or read from a setup
const jsonText = (/** @type {unknown} */ x) => {
  if (x === undefined || x === "") return true;
  if (!text(x)) return false;
  try {
    JSON.parse(x);
    return true;
  } catch {
    return false;
  }
};
const bad = (/** @type {unknown} */ list, /** @type {(x: unknown) => boolean} */ ok) => (Array.isArray(list) ? list.findIndex((x) => !ok(x)) : -2);
const ZONE = (/** @type {unknown} */ z) => text(z) || (isObject(z) && text(z.name));
const BORDER = (/** @type {unknown} */ b) => isObject(b) && (b.between === undefined || (Array.isArray(b.between) && b.between.every(text)));
const ACTOR = (/** @type {unknown} */ a) => isObject(a) && ["name", "side", "zone"].every((k) => optText(a[k])) &&
  TRACKS.every(([k]) => optNumber(a[k])) && optText(a.skills) && optText(a.aspects);
const THING = (/** @type {unknown} */ t) => isObject(t) && ["name", "zone"].every((k) => optText(t[k])) && optNumber(t.threshold) && jsonText(t.border);
const ASPECT = (/** @type {unknown} */ a) => isObject(a) && optText(a.name) && jsonText(a.where) && optNumber(a.free);

/** What is wrong with a kept draft, part by part (null: this page can draw it and start from it). Every part the
 *  setup view, Save setup and Start read is checked, so a damaged one is set aside rather than drawn. */
export function draftProblem(/** @type {unknown} */ d) {
  const why = partProblem(d);
  return why && `it is not a conflict's setup${why === true ? "" : ` (${why})`}`;
}
/** @returns {string | true | null} */
function partProblem(/** @type {unknown} */ d) {
  if (!isObject(d)) return true;
  if (!isObject(d.map)) return "its map is not a map";
  if (!optText(d.map.name) || !optText(d.mapId) || !optText(d.setupName)) return "a name in it is not text";
  const where = (/** @type {string} */ part, /** @type {number} */ i, /** @type {string} */ what) => (i === -2 ? `its ${part} are not a list` : `${part}[${i}] is not ${what}`);
  for (const [part, list, ok, what, optional] of /** @type {[string, unknown, (x: unknown) => boolean, string, boolean?][]} */ ([
    ["map's zones", d.map.zones, ZONE, "a zone", true], ["map's borders", d.map.borders, BORDER, "a border", true],
    ["sides", d.sides, text, "a side's name"], ["actors", d.actors, ACTOR, "an actor"],
    ["things", d.things, THING, "a thing"], ["aspects", d.aspects, ASPECT, "an aspect", true]])) {
    if (optional && list == null) continue;
    const i = bad(list, ok);
    if (i !== -1) return where(part, i, what);
  }
  return null;
}
/** A kept draft this page can draw (a damaged one is not used: it is set aside). */
export const isDraft = (/** @type {unknown} */ d) => !draftProblem(d);

/** A draft from a setup (the rules' shape): to edit it for a rematch, or from an example. */
/** @param {import("../../../types/board").Setup} setup @returns {SetupDraft} */
export function draftFrom(setup, mapId = "") {
  const str = (/** @type {unknown} */ v) => (v == null ? "" : String(v));
  const sides = (setup.sides ?? []).map((s) => str(typeof s === "string" ? s : s?.name));
  return {
    mapId, map: setup.map,
    sides,
    actors: (setup.actors ?? []).map((a) => /** @type {import("../../../types/board").DraftActor} */ ({ name: str(a.name), side: String(Math.max(0, sides.indexOf(str(a.side)))), zone: str(a.zone),
      ...Object.fromEntries(TRACKS.map(([k]) => [k, str(a.tracks?.[k]?.threshold ?? a.tracks?.[k])])),
      skills: skillsText(a.skills), aspects: (Array.isArray(a.aspects) ? a.aspects : []).join("; ") })),
    things: (setup.things ?? []).map((t) => ({ name: str(t.name), threshold: str(t.threshold), zone: str(t.zone),
      border: Array.isArray(t.border) ? JSON.stringify(t.border) : "" })),
    aspects: (Array.isArray(setup.aspects) ? setup.aspects : []).map((a) => ({ name: str(a?.name),
      where: JSON.stringify([a?.on, a?.target]), free: str(a?.free_invokes ?? 0) })),
  };
}

/** The setup as board.replay takes it. */
export function payload(/** @type {SetupDraft} */ d) {
  return {
    map: d.map,
    sides: d.sides.map((name) => String(name).trim()),
    actors: d.actors.map((a) => {
      const skills = skillsFrom(a.skills);
      const aspects = aspectsFrom(a.aspects);
      return { name: String(a.name).trim(), side: sideName(d, a.side), zone: a.zone,
        tracks: Object.fromEntries(TRACKS.map(([k]) => [k, typedNumber(a[k])])),
        ...(typeof skills === "string" || Object.keys(skills).length ? { skills } : {}), ...(aspects.length ? { aspects } : {}) };
    }),
    things: d.things.map((t) => ({ name: String(t.name).trim(), threshold: typedNumber(t.threshold),
      ...(t.zone ? { zone: t.zone } : {}), ...(t.border ? { border: JSON.parse(t.border) } : {}) })),
    ...((d.aspects ?? []).length ? { aspects: (d.aspects ?? []).map((a) => {
      const [on, target] = a.where ? JSON.parse(a.where) : ["", ""];
      return { name: String(a.name).trim(), on, target, free_invokes: typedNumber(a.free) };
    }) } : {}),
  };
}

/** The party (the stress calculator's roster) as the draft's actors: player characters on the first side,
 *  opponents on the second, each in the map's first zone; sides left unnamed are named for them. */
export function fromParty(/** @type {SetupDraft} */ d, /** @type {{name: string, opponent: boolean}[]} */ people) {
  const zone = zoneNames(d.map)[0] ?? "";
  while (d.sides.length < 2) d.sides.push("");
  if (!String(d.sides[0]).trim()) d.sides[0] = "Players";
  if (people.some((p) => p.opponent) && !String(d.sides[1]).trim()) d.sides[1] = "Opponents";
  d.actors = people.map((p) => ({ ...blankActor(p.opponent ? "1" : "0", zone), name: p.name }));
}

/** An actor's side in the draft is the side's place ("0", "1"): renaming a side, or leaving it unnamed,
 *  never leaves an actor on a side the list does not show. */
export function sideName(/** @type {SetupDraft} */ d, /** @type {unknown} */ at) {
  const i = /^\d+$/.test(String(at)) ? Number(at) : d.sides.indexOf(String(at));
  return i >= 0 && i < d.sides.length ? String(d.sides[i]).trim() : "";
}

/** Put one typed value into the draft (a field's data-path: "actors.1.zone"); a side renamed is renamed in
 *  every actor that names it (an older draft kept sides by name). */
export function update(/** @type {SetupDraft} */ d, /** @type {string} */ at, /** @type {string} */ value) {
  const path = at.split(".");
  const side = at.match(/^sides\.(\d+)$/)?.[1];
  const old = side != null ? d.sides[Number(side)] : null;
  let node = /** @type {Record<string, any>} */ (d); // a list, an actor, a thing: any depth the path goes
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]] = value;
  if (old) for (const a of d.actors) if (a.side === old) a.side = value;
}

export const add = (/** @type {SetupDraft} */ d, /** @type {string} */ what) => {
  if (what === "side") d.sides.push("");
  else if (what === "actor") d.actors.push(blankActor(String(d.actors.length % Math.max(1, d.sides.length)), zoneNames(d.map)[0] ?? ""));
  else if (what === "aspect") (d.aspects ??= []).push(blankAspect());
  else d.things.push(blankThing());
};
export const remove = (/** @type {SetupDraft} */ d, /** @type {string} */ what, /** @type {number} */ i) => {
  /** @type {unknown[]} */ (d[/** @type {"sides" | "actors" | "things" | "aspects"} */ (`${what}s`)]).splice(i, 1);
  if (what === "side") for (const a of d.actors) if (Number(a.side) >= i) a.side = String(Math.max(0, Number(a.side) - (Number(a.side) > i ? 1 : 0)));
};

/** A zone select's options: the map's zones, and first the one kept if the map has no such zone (shown as
 *  such: the select shows what Start will send, never another zone in silence). */
/** A select's zones; a kept zone the map lacks is shown as kept (never as another zone); `blank`: a first empty choice. */
/** @param {[string, string][]} zones @param {string} kept @param {string | null} [blank] */
export const zoneOptions = (zones, kept, blank = null) => {
  if (!kept) return blank ? [["", blank], ...zones] : zones;
  return zones.some(([z]) => z === kept) ? zones : [[kept, `${kept} (not on this map)`], ...zones];
};

/** The rules' field path (`actors[1].zone`) for a draft path (`actors.1.zone`); thresholds live under tracks. */
export function toField(/** @type {string} */ path) {
  const m = path.match(/^actors\.(\d+)\.(cool|humanity|reputation)$/);
  if (m) return `actors[${m[1]}].tracks.${m[2]}`;
  const a = path.match(/^aspects\.(\d+)\.(where|free)$/);
  if (a) return `aspects[${a[1]}].${a[2] === "free" ? "free_invokes" : "target"}`;
  return path.replace(/\.(\d+)/g, "[$1]");
}
