// The setup view: map, sides, actors (name, side, zone, three thresholds) and
// things. A draft keeps what is typed, as typed; checking it is the rules' job
// (board.replay names the field: `actors[1].zone`).
import { typedNumber } from "../../ui.js";

const TRACKS = [["cool", "Cool"], ["humanity", "Humanity"], ["reputation", "Reputation"]];
export const blankActor = (side = "", zone = "") => ({ name: "", side, zone, cool: "3", humanity: "3", reputation: "3" });
export const blankThing = () => ({ name: "", threshold: "2", zone: "" });

/** A map's zone names (a zone is a name, or {name, at} when the map says where it is drawn). */
export const zoneNames = (map) => (map?.zones ?? []).map((z) => (typeof z === "string" ? z : z?.name ?? ""));

export function emptyDraft(mapId, map) {
  const zone = zoneNames(map)[0] ?? "";
  return { mapId, map, sides: ["", ""], actors: [blankActor("", zone), blankActor("", zone)], things: [] };
}

export const isDraft = (d) => !!d && typeof d === "object" && d.map && typeof d.map === "object" &&
  Array.isArray(d.sides) && Array.isArray(d.actors) && Array.isArray(d.things);

/** A draft from a setup (the rules' shape): to edit it for a rematch, or from an example. */
export function draftFrom(setup, mapId = "") {
  const str = (v) => (v == null ? "" : String(v));
  return {
    mapId, map: setup.map,
    sides: (setup.sides ?? []).map((s) => str(typeof s === "string" ? s : s?.name)),
    actors: (setup.actors ?? []).map((a) => ({ name: str(a.name), side: str(a.side), zone: str(a.zone),
      ...Object.fromEntries(TRACKS.map(([k]) => [k, str(a.tracks?.[k]?.threshold ?? a.tracks?.[k])])) })),
    things: (setup.things ?? []).map((t) => ({ name: str(t.name), threshold: str(t.threshold), zone: str(t.zone) })),
    aspects: Array.isArray(setup.aspects) ? setup.aspects : [],
  };
}

/** The setup as board.replay takes it. */
export function payload(d) {
  return {
    map: d.map,
    sides: d.sides.map((name) => String(name).trim()),
    actors: d.actors.map((a) => ({ name: String(a.name).trim(), side: a.side, zone: a.zone,
      tracks: Object.fromEntries(TRACKS.map(([k]) => [k, typedNumber(a[k])])) })),
    things: d.things.map((t) => ({ name: String(t.name).trim(), threshold: typedNumber(t.threshold),
      ...(t.zone ? { zone: t.zone } : {}) })),
    ...(d.aspects?.length ? { aspects: d.aspects } : {}),
  };
}

/** Put one typed value into the draft (the input's data-path: "actors.1.zone"). */
export function update(d, input) {
  const path = input.dataset.path.split(".");
  let node = d;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)] = input.value;
}

export const add = (d, what) => {
  if (what === "side") d.sides.push("");
  else if (what === "actor") d.actors.push(blankActor(d.sides[0] ?? "", zoneNames(d.map)[0] ?? ""));
  else d.things.push(blankThing());
};
export const remove = (d, what, i) => d[`${what}s`].splice(i, 1);

/** Draw the setup view. maps: [{id, title}]; saved: names of saved setups. */
export function draw(d, { ui, wid, maps, saved, running }) {
  const { el } = ui;
  const f = (path, label, value, extra = {}) => ui.field({ id: `${wid}-${path.replace(/\./g, "-")}`, field: toField(path),
    name: path, label, value, attrs: { "data-path": path }, ...extra });
  const zones = zoneNames(d.map).map((z) => [z, z]);
  const sides = d.sides.map((s, i) => [s, s || `Side ${i + 1}`]);
  const removeBtn = (what, i, label) => el("button", { type: "button", "data-act": "remove", "data-what": what, "data-index": i,
    "data-key": `remove-${what}-${i}` }, `Remove ${label}`);
  return [
    el("h3", { id: `${wid}-setup-title`, tabindex: "-1" }, "Set up a conflict"),
    running ? el("p", {}, `A conflict is in progress (${running}); starting a new one sets it aside, and you can bring it back.`) : null,
    el("div", { class: "calc__buttons" },
      el("button", { type: "button", "data-act": "example", "data-key": "example" }, "Load the warehouse crew"),
      running ? el("button", { type: "button", "data-act": "back", "data-key": "back" }, "Back to the conflict") : null),
    el("fieldset", { class: "calc__group" }, el("legend", {}, "Map"),
      ui.field({ id: `${wid}-map`, field: "map", name: "map-choice", label: "Map", kind: "select", value: d.mapId,
        options: [...maps.map((m) => [m.id, m.title]), ...(d.mapId ? [] : [["", d.map.name || "Imported map"]])],
        attrs: { "data-act": "map" }, wide: true }),
      ui.field({ id: `${wid}-map-file`, field: "map-file", name: "map-file", label: "Or import a map (YAML or JSON, as the border calculator exports)",
        wide: true, attrs: { type: "file", accept: ".yml,.yaml,.json", "data-act": "map-file" } })),
    el("fieldset", { class: "calc__group" }, el("legend", {}, "Sides"),
      ...d.sides.map((s, i) => el("div", { class: "board__row" }, f(`sides.${i}`, `Side ${i + 1}`, s),
        d.sides.length > 2 ? removeBtn("side", i, `side ${i + 1}`) : null)),
      ui.errorSlot("sides"),
      el("button", { type: "button", "data-act": "add", "data-what": "side", "data-key": "add-side" }, "Add a side")),
    el("fieldset", { class: "calc__group" }, el("legend", {}, "Actors"),
      ...d.actors.map((a, i) => el("fieldset", { class: "board__row board__actor" }, el("legend", {}, a.name || `Actor ${i + 1}`),
        f(`actors.${i}.name`, "Name", a.name),
        f(`actors.${i}.side`, "Side", a.side, { kind: "select", options: [["", "—"], ...sides] }),
        f(`actors.${i}.zone`, "Zone", a.zone, { kind: "select", options: zones }),
        ...TRACKS.map(([k, label]) => f(`actors.${i}.${k}`, label, a[k], { kind: "number", hint: "threshold" })),
        removeBtn("actor", i, a.name || `actor ${i + 1}`))),
      ui.errorSlot("actors"),
      el("button", { type: "button", "data-act": "add", "data-what": "actor", "data-key": "add-actor" }, "Add an actor")),
    el("fieldset", { class: "calc__group" }, el("legend", {}, "Things (a lock, a problem)"),
      ...d.things.map((t, i) => el("fieldset", { class: "board__row board__actor" }, el("legend", {}, t.name || `Thing ${i + 1}`),
        f(`things.${i}.name`, "Name", t.name),
        f(`things.${i}.threshold`, "Threshold", t.threshold, { kind: "number" }),
        f(`things.${i}.zone`, "Zone", t.zone, { kind: "select", options: [["", "none"], ...zones] }),
        removeBtn("thing", i, t.name || `thing ${i + 1}`))),
      ui.errorSlot("things"),
      el("button", { type: "button", "data-act": "add", "data-what": "thing", "data-key": "add-thing" }, "Add a thing")),
    el("fieldset", { class: "calc__group" }, el("legend", {}, "Saved setups"),
      f("setup-name", "Save this setup as", d.setupName ?? "", { attrs: { "data-path": "setupName" }, wide: true }),
      el("div", { class: "calc__buttons" },
        el("button", { type: "button", "data-act": "save-setup", "data-key": "save-setup" }, "Save setup"),
        ...saved.map((name) => el("button", { type: "button", "data-act": "load-setup", "data-name": name, "data-key": `load-${name}` },
          `Load “${name}”`)))),
    el("p", { class: "calc__form-error", role: "alert", hidden: true }),
    el("div", { class: "calc__buttons" }, el("button", { type: "submit", class: "calc__primary", "data-key": "start" }, "Start the conflict")),
  ];
}

/** The rules' field path (`actors[1].zone`) for a draft path (`actors.1.zone`); thresholds live under tracks. */
export function toField(path) {
  const m = path.match(/^actors\.(\d+)\.(cool|humanity|reputation)$/);
  if (m) return `actors[${m[1]}].tracks.${m[2]}`;
  return path.replace(/\.(\d+)/g, "[$1]");
}

/** A side renamed: every actor's side list follows at once (the chosen side keeps its place). */
export function refreshSides(scope, d, el) {
  for (const select of scope.querySelectorAll('select[data-path$=".side"]')) {
    const i = Number(select.dataset.path.split(".")[1]);
    const chosen = d.actors[i]?.side ?? "";
    select.replaceChildren(el("option", { value: "" }, "—"),
      ...d.sides.map((s, j) => el("option", { value: s, selected: s === chosen && s !== "" }, s || `Side ${j + 1}`)));
  }
}
