// @ts-check
// The setup as typed (map, sides, actors, things, aspects), kept as typed: reading it is the rules' job
// (board.setup, then board.replay names the field: `actors[1].zone`).
import { json } from "../../../keeping/checks.js";

/** @typedef {import("../../../types/board").SetupDraft} SetupDraft @typedef {import("../../../types/board").MapChoice["map"]} MapData */

export const TRACKS = [["cool", "Cool"], ["humanity", "Humanity"], ["reputation", "Reputation"]];
export const blankActor = (side = "", zone = "") => ({ name: "", side, zone, cool: "3", humanity: "3", reputation: "3", skills: "", aspects: "" });

export const skillsText = (/** @type {unknown} */ skills) => (skills && typeof skills === "object" && !Array.isArray(skills)
  ? Object.entries(skills).map(([k, v]) => `${k} ${v}`).join(", ") : String(skills ?? ""));
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
const jsonText = (/** @type {unknown} */ x) => x === undefined || x === "" || (text(x) && !json(x).problem);
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

/** The party (the stress calculator's roster) as the draft's actors: player characters on the first side,
 *  opponents on the second, each in the map's first zone; sides left unnamed are named for them. */
export function fromParty(/** @type {SetupDraft} */ d, /** @type {{name: string, opponent: boolean}[]} */ people) {
  const zone = zoneNames(d.map)[0] ?? "";
  while (d.sides.length < 2) d.sides.push("");
  if (!String(d.sides[0]).trim()) d.sides[0] = "Players";
  if (people.some((p) => p.opponent) && !String(d.sides[1]).trim()) d.sides[1] = "Opponents";
  d.actors = people.map((p) => ({ ...blankActor(p.opponent ? "1" : "0", zone), name: p.name }));
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
  else if (what === "aspect") (d.aspects ??= []).push({ name: "", where: "", free: "1" });
  else d.things.push({ name: "", threshold: "2", zone: "", border: "" });
};
export const remove = (/** @type {SetupDraft} */ d, /** @type {string} */ what, /** @type {number} */ i) => {
  /** @type {unknown[]} */ (d[/** @type {"sides" | "actors" | "things" | "aspects"} */ (`${what}s`)]).splice(i, 1);
  if (what === "side") for (const a of d.actors) if (Number(a.side) >= i) a.side = String(Math.max(0, Number(a.side) - (Number(a.side) > i ? 1 : 0)));
};

/** A select's zones; a kept zone the map lacks is shown as kept (never as another zone); `blank`: a first empty choice. */
/** @param {[string, string][]} zones @param {string} kept @param {string | null} [blank] */
export const zoneOptions = (zones, kept, blank = null) => {
  if (!kept) return blank ? [["", blank], ...zones] : zones;
  return zones.some(([z]) => z === kept) ? zones : [[kept, `${kept} (not on this map)`], ...zones];
};
