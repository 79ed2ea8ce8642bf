// @ts-check
// The setup view, drawn by lit-html from the draft with draw.js's fields: a redraw keeps the control the
// player is in, and what they typed.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { fieldHtml, fileHtml, slotHtml } from "../../../draw.js";
import { TRACKS, zoneNames, zoneOptions } from "./draft.js";

/** @param {string} act @param {string} key @param {string} words @param {{what?: string, index?: number, name?: string}} [more] */
const button = (act, key, words, more = {}) => html`<button type="button" data-act=${act} data-key=${key} data-what=${more.what ?? nothing}
  data-index=${more.index ?? nothing} data-name=${more.name ?? nothing}>${words}</button>`;

/** Draw the setup view (a lit-html template) from the board's setup state: the draft, names of saved setups,
 *  messages by the draft's field (board.setup places the rules' there), what was just loaded (with Start
 *  beside it), where an aspect can go; `imported`: why a conflict file can't be used.
 *  @param {import("../store.js").BoardState["setup"]} setup @param {Ctx} ctx maps: [{id, title}]
 *  @typedef {{wid: string, maps: import("../../../types/board").MapChoice[], running: string | null,
 *    imported?: string}} Ctx */
export function draw({ draft: d, saved, errors, note, places }, { wid, maps, running, imported }) {
  /** @param {string} path @param {string} label @param {string} value @param {object} [extra] the field's more (draw.js's fieldHtml) */
  const f = (path, label, value, extra = {}) => fieldHtml({ id: `${wid}-${path.replace(/\./g, "-")}`, field: path, name: path,
    label, value, attrs: { "data-path": path }, error: errors[path], ...extra });
  const zones = zoneNames(d.map).map((z) => /** @type {[string, string]} */ ([z, z]));
  const sides = d.sides.map((s, i) => [String(i), s || `Side ${i + 1} (unnamed)`]);
  const borders = (d.map?.borders ?? []).map((b) => [JSON.stringify(b.between), (b.between ?? []).join(" – ")]);
  const remove = (/** @type {string} */ what, /** @type {number} */ i, /** @type {string} */ label) => button("remove", `remove-${what}-${i}`, `Remove ${label}`, { what, index: i });
  const add = (/** @type {string} */ what, /** @type {string} */ words) => button("add", `add-${what}`, words, { what });
  /** One row of a list (an actor, a thing, an aspect): its own fieldset, named by what was typed. */
  const row = (/** @type {string} */ legend, /** @type {unknown[]} */ ...fields) => html`<fieldset class="board__row board__actor"><legend>${legend}</legend>${fields}</fieldset>`;
  return html`<h3 id=${`${wid}-setup-title`} tabindex="-1">Set up a conflict</h3>
    ${running ? html`<p>A conflict is in progress (${running}); starting a new one sets it aside, and you can bring it back.</p>` : nothing}
    <div class="calc__buttons">${button("example", "example", "Load the warehouse crew")}${button("party", "party", "Take the party")}${
      running ? button("back", "back", "Back to the conflict") : nothing}
      ${fileHtml("board__file", "Import a conflict file")}</div>
    ${note ? html`<div class="board__loaded" data-out="loaded"><p role="status">${note}</p>${button("start", "start-loaded", "Start the conflict")}</div>` : nothing}
    ${slotHtml("import", imported)}
    <fieldset class="calc__group"><legend>Map</legend>
      ${fieldHtml({ id: `${wid}-map`, field: "map", name: "map-choice", label: "Map", kind: "select", value: d.mapId,
        options: [...maps.map((m) => [m.id, m.title]), ...(d.mapId ? [] : [["", d.map.name || "Imported map"]])],
        attrs: { "data-act": "map" }, wide: true, error: errors.map })}
      ${fieldHtml({ id: `${wid}-map-file`, field: "map-file", name: "map-file", label: "Or import a map (YAML or JSON, as the border calculator exports)",
        wide: true, attrs: { type: "file", accept: ".yml,.yaml,.json", "data-act": "map-file" }, error: errors["map-file"] })}</fieldset>
    <fieldset class="calc__group"><legend>Sides</legend>
      ${d.sides.map((s, i) => html`<div class="board__row">${f(`sides.${i}`, `Side ${i + 1}`, s)}${d.sides.length > 2 ? remove("side", i, `side ${i + 1}`) : nothing}</div>`)}
      ${slotHtml("sides", errors.sides)}${add("side", "Add a side")}</fieldset>
    <fieldset class="calc__group"><legend>Actors</legend>
      ${d.actors.map((a, i) => row(a.name || `Actor ${i + 1}`,
        f(`actors.${i}.name`, "Name", a.name),
        f(`actors.${i}.side`, "Side", String(/^\d+$/.test(String(a.side)) ? a.side : Math.max(0, d.sides.indexOf(a.side))), { kind: "select", options: sides }),
        f(`actors.${i}.zone`, "Zone", a.zone, { kind: "select", options: zoneOptions(zones, a.zone, "choose a zone") }),
        TRACKS.map(([k, label]) => f(`actors.${i}.${k}`, label, a[k], { kind: "number", hint: "threshold" })),
        f(`actors.${i}.skills`, "Skills", a.skills ?? "", { hint: "e.g. Athletics 3, Shoot 2", wide: true }),
        f(`actors.${i}.aspects`, "Their aspects", a.aspects ?? "", { hint: "separated by ;", wide: true }),
        remove("actor", i, a.name || `actor ${i + 1}`)))}
      ${slotHtml("actors", errors.actors)}${add("actor", "Add an actor")}</fieldset>
    <fieldset class="calc__group"><legend>Things (a lock, a problem)</legend>
      ${d.things.map((t, i) => row(t.name || `Thing ${i + 1}`,
        f(`things.${i}.name`, "Name", t.name),
        f(`things.${i}.threshold`, "Threshold", t.threshold, { kind: "number" }),
        f(`things.${i}.zone`, "Zone", t.zone, { kind: "select", options: [["", "none"], ...zoneOptions(zones, t.zone)] }),
        borders.length ? f(`things.${i}.border`, "Stands for the border", t.border ?? "", { kind: "select", options: [["", "none"], ...borders] }) : nothing,
        remove("thing", i, t.name || `thing ${i + 1}`)))}
      ${slotHtml("things", errors.things)}${add("thing", "Add a thing")}</fieldset>
    <fieldset class="calc__group"><legend>Aspects on the board (on a zone, a border, an actor, a thing)</legend>
      ${(d.aspects ?? []).map((a, i) => row(a.name || `Aspect ${i + 1}`,
        f(`aspects.${i}.name`, "Name", a.name),
        f(`aspects.${i}.where`, "On", a.where, { kind: "select", options: [["", "—"], ...places] }),
        f(`aspects.${i}.free`, "Free invokes", a.free, { kind: "number" }),
        remove("aspect", i, a.name || `aspect ${i + 1}`)))}
      ${slotHtml("aspects", errors.aspects)}${add("aspect", "Add an aspect")}</fieldset>
    <fieldset class="calc__group"><legend>Saved setups</legend>
      ${f("setup-name", "Save this setup as", d.setupName ?? "", { attrs: { "data-path": "setupName" }, wide: true })}
      <div class="calc__buttons">${button("save-setup", "save-setup", "Save setup")}${
        saved.map((name) => button("load-setup", `load-${name}`, `Load “${name}”`, { name }))}</div></fieldset>
    <p class="calc__form-error" role="alert" ?hidden=${!errors[""]}>${errors[""] ?? ""}</p>
    <div class="calc__buttons"><button type="submit" class="calc__primary" data-key="start">Start the conflict</button></div>`;
}

/** The setup's box: the setup (under the table view's Close bar when open), the loading line, or nothing in play. */
/** @param {string} mode @param {import("../store.js").BoardState["setup"]} setup
 *  @param {Ctx & {tableOpen: boolean}} ctx */
export function box(mode, setup, { tableOpen, ...more }) {
  if (mode === "play") return nothing;
  if (mode === "loading") return html`<p>Opening the saved conflict…</p>`;
  return html`${tableOpen ? html`<div class="board__barbuttons board__setupbar"><button type="button" data-act="table-close"
    data-key="table-close">Close the table view</button></div>` : nothing}${draw(setup, more)}`;
}
