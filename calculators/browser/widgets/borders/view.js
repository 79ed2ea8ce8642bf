// @ts-check
// The border calculator's one view: the map drawn and in words, the move and the rules' answers to it, the
// editor (its rows: rows.js), maps, files and links, as one lit-html template of the store's state.
import { offerButtons } from "../../notice.js";
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { live } from "../../vendor/lit-html/directives/live.js";
import { errorHtml } from "../../draw.js";
import { draw } from "../../maps/svg.js";
import { plural } from "../../ui.js";
import { linkHtml } from "../../shareform.js";
import { routeLines, noRoute, reachLines } from "./answers.js";
import { field as fieldOf, zoneRows, borderRows, wayRows } from "./rows.js";

const MODES = [["roll", "from a roll: skill + dice − bid"], ["shifts", "typed in"]];
const drawn = new WeakMap(); // a map shown → its drawing as SVG (made once: the answers mark it)

/** The map shown, drawn (the same SVG element at every draw until the map changes). @param {import("../../types/borders").Current} current @param {string} wid */
export function svgOf(current, wid) {
  if (!drawn.has(current)) drawn.set(current, draw(current.drawing, `${wid}-live`, `Map: ${current.map.name || "Your map"}`));
  return drawn.get(current);
}

/** @param {string} act @param {string} words @param {{primary?: boolean, disabled?: boolean}} [how] */
const button = (act, words, { primary = false, disabled = false } = {}) =>
  html`<button type="button" class=${primary ? "calc__primary" : nothing} data-act=${act} ?disabled=${disabled}>${words}</button>`;

/** The share line: what it says, a link's offer, or the link made. @param {any} share */
function shareLine(share) {
  if (!share) return nothing;
  if ("say" in share) return share.say;
  if ("link" in share) return linkHtml(share.link, "Share link to this map");
  return html`This link carries ${share.offer}. Opening it sets your own map aside (kept, to download). ${offerButtons()}`;
}

/** The route and what the move reaches, as the rules last answered. @param {import("./store.js").BordersState} s */
function answers(s) {
  const a = s.answer;
  if (!a) return [nothing, nothing];
  const route = a.route.ok ? routeLines(a.route.result, a.start, a.destination) : noRoute(a.start, a.destination, a.range);
  return [route, a.reach ? reachLines(a.reach, a.payload, a.start) : nothing];
}

/**
 * @param {import("./store.js").BordersState} s the state
 * @param {{wid: string, options: import("../../types/borders").Options, asides: Node}} ctx options: the build's (examples, faces)
 */
export function bordersView(s, { wid, options, asides }) {
  if (!s.current) return nothing;
  const { map, checked } = s.current;
  const { move, errors, typed } = s;
  const zones = checked.zones.map((/** @type {string} */ z) => [z, z]);
  const ctx = { wid, errors, typed };
  const field = (/** @type {string} */ name, /** @type {string} */ label, /** @type {any} */ more = {}) => fieldOf(ctx, name, label, more);
  const moveField = (/** @type {string} */ name, /** @type {string} */ label, /** @type {any} */ more = {}) => field(name, label, { value: move[name], ...more });
  const title = map.name || "Your map";
  const [route, reach] = answers(s);
  const said = (/** @type {string} */ name) => errorHtml(`${wid}-${name}-error`, errors[name]);
  return html`<p class="calc__form-error" data-out="map-error" role="alert" ?hidden=${!errors["map-error"]}>${errors["map-error"] ?? ""}</p>
    <div class="bmap-live">
      <figure class="bmap-figure" data-out="diagram" tabindex="0">${svgOf(s.current, wid)}<figcaption>${title}: ${plural(checked.zones.length, "zone")} and ${
        plural(checked.borders.length, "border")} (pass values on the lines; in words below).</figcaption></figure>
      <div data-out="words"><p class="bmap-words__zones"><strong>Zones:</strong> ${checked.zones.join(", ")}.</p><ul class="bmap-words">${
        checked.text.length ? checked.text.map((/** @type {string} */ line) => html`<li>${line}</li>`) : html`<li>No borders.</li>`}</ul></div>
    </div>
    <fieldset class="calc__group"><legend>Route and move</legend>
      ${moveField("start", "From zone", { kind: "select", options: zones })}${moveField("destination", "To zone", { kind: "select", options: zones })}
      ${moveField("mode", "Shifts", { kind: "select", options: MODES })}
      <div class="bmap-when" data-when="shifts" ?hidden=${move.mode !== "shifts"}>${moveField("shifts", "Shifts", { kind: "number", hint: "the roll's result, e.g. 2" })}</div>
      ${moveField("skill", "Skill", { kind: "number", hint: "for the roll and the odds" })}${moveField("bid", "Initiative bid", { kind: "number", hint: "0 if none" })}
      <fieldset class="calc__group bmap-dice bmap-when" data-when="roll" data-field="faces" ?hidden=${move.mode !== "roll"}><legend>The four Fate dice</legend>${
        [1, 2, 3, 4].map((i) => moveField(`die${i}`, `Die ${i}`, { kind: "select", options: options.faces }))}${said("faces")}</fieldset>
    </fieldset>
    <output class="calc__result" data-out="route" aria-live="polite">${route}</output>
    <output class=${`calc__result${s.answer?.stale ? " calc__result--stale" : ""}`} data-out="reach" aria-live="polite">${reach}</output>
    <fieldset class="calc__group bmap-edit"><legend>Zones</legend>
      <p class="calc__hint" id=${`${wid}-move-hint`}>A new zone takes the next free place on the grid. To move a zone: its Move button, then the arrow keys (or drag the zone on the map).</p>
      <ul class="bmap-rows" data-out="zones">${zoneRows(ctx, checked.zones)}</ul>
      ${field("new-zone", "New zone", { value: typed["new-zone"] ?? "", wide: true, attrs: { "data-enter": "add-zone" } })}
      <div class="calc__buttons">${button("add-zone", "Add zone")}</div>
    </fieldset>
    <fieldset class="calc__group bmap-edit"><legend>Borders</legend><ul class="bmap-rows" data-out="borders">${borderRows(ctx, checked.borders)}</ul></fieldset>
    <fieldset class="calc__group bmap-edit" data-field="new-border"><legend>New border</legend>
      ${field("from", "Between zone", { kind: "select", options: zones, value: typed.from })}${field("to", "and zone", { kind: "select", options: zones, value: typed.to })}
      <p class="calc__hint bmap-hint">One way: leave its name empty. Several ways (a door, a wall): name each. “Back” is the cost the other way round, if it differs.</p>
      <div class="bmap-ways" data-out="ways">${wayRows(ctx, s.ways)}</div>
      <div class="calc__buttons">${button("add-way", "Another way")}${button("add-border", "Add border", { primary: true })}</div>${said("new-border")}
    </fieldset>
    <fieldset class="calc__group bmap-edit"><legend>Maps</legend>
      ${field("map-name", "Map name", { value: typed["map-name"] ?? map.name ?? "", wide: true, hint: "your map is exported under this name",
        attrs: { "data-edit": "rename-map" } })}
      ${field("example", "Example map", { kind: "select", options: options.examples.map((e) => [e.id, e.title]), value: typed.example ?? options.map })}
      <div class="calc__buttons">${button("load-example", "Load example")}${button("undo", "Undo", { disabled: !s.steps.undo })}${button("redo", "Redo", { disabled: !s.steps.redo })}</div>
      <div class="calc__buttons">${button("export-json", "Export JSON")}${button("export-yaml", "Export YAML")}${button("share-link", "Share link")}</div>
      <div class="bmap-share calc-share" data-out="share" role="status">${shareLine(s.share)}</div>
      <div class="calc__field calc__field--wide" data-field="import"><label for=${`${wid}-import`}>Import a map (JSON or YAML file)</label><input id=${`${wid}-import`}
        name="import" type="file" accept=".json,.yml,.yaml,application/json,application/yaml,text/yaml" aria-describedby=${`${wid}-import-error`}
        aria-invalid=${errors.import ? "true" : nothing}>${said("import")}</div>
      <p class="calc__hint">Your map is kept in this browser (also offline) until you load another.</p>
      <output class="calc__result" data-out="saved" aria-live="polite" .textContent=${live(s.saved)}></output>
      ${asides}
    </fieldset>`;
}
