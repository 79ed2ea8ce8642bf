// @ts-check
// The editor's rows, drawn by lit-html from the store's state: the zones (rename, move, remove), the
// borders (each way on or off, its pass values, remove) and the new border's ways. A row's text is what
// the referee typed (state.typed) until it is made an edit, else the map's; a redraw keeps the rows' nodes
// and live() leaves a field whose text is already shown alone, so the field being typed in keeps its focus
// and caret. data-edit: the edit a field makes when left or on Enter; data-enter: the edit Enter makes.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { repeat } from "../../vendor/lit-html/directives/repeat.js";
import { errorHtml, fieldHtml } from "../../draw.js";

/** A field of the calculator (draw.js's), its id and its message from the state.
 * @param {{wid: string, errors: Record<string, string>}} ctx @param {string} name @param {string} label @param {object} [more] */
export const field = ({ wid, errors }, name, label, more = {}) => fieldHtml({ id: `${wid}-${name}`, field: name, label, error: errors[name], ...more });

/** The rows of zones: rename in place (Enter or leaving the field), move (arrow keys), remove.
 *  @param {{wid: string, errors: Record<string, string>, typed: Record<string, string>}} ctx @param {string[]} zones */
export function zoneRows(ctx, zones) {
  return zones.map((name, i) => html`<li class="bmap-row">${field(ctx, `zone-${i}`, `Zone ${i + 1}`, {
    value: ctx.typed[`zone-${i}`] ?? name, wide: true, attrs: { "data-edit": "rename-zone", "data-index": i },
    after: html`<button type="button" class="bmap-move" data-act="move-zone" data-index=${i} aria-label=${`Move zone ${name} on the map`}
      aria-describedby=${`${ctx.wid}-move-hint`}>Move ✥</button><button type="button" data-act="remove-zone" data-index=${i}
      aria-label=${`Remove zone ${name}`}>Remove</button>`,
  })}</li>`);
}

/** The rows of borders (borders.check's listing, its words in `text`): each way switched on or off and its pass
 *  values edited in place (from the first zone; from the second when different), the border removed.
 *  @param {{wid: string, errors: Record<string, string>, typed: Record<string, string>}} ctx @param {import("../../types/borders").Checked["borders"]} listing */
export function borderRows(ctx, listing) {
  if (!listing.length) return html`<li class="bmap-row">No borders yet: add one below.</li>`;
  return listing.map((border, i) => {
    const [a, b] = border.between;
    const ways = border.ways.map((way, j) => {
      const name = `border-${i}-way-${j}`;
      const cost = (/** @type {string} */ part, /** @type {string} */ label, /** @type {string} */ shown) => field(ctx, `${name}-${part}`, label,
        { value: ctx.typed[`${name}-${part}`] ?? shown, kind: "number", attrs: { "data-edit": "set-way", "data-index": i, "data-way": j } });
      return html`${field(ctx, name, `${way.name ? `${way.name}: ` : "pass value "}${way.cost}${way.on ? "" : " (off)"}`,
        { name: null, kind: "checkbox", checked: way.on, attrs: { "data-act": "switch-way", "data-index": i, "data-way": j } })}<div
        class="bmap-way-costs" role="group" aria-label=${`${a} – ${b}${way.name ? `, ${way.name}` : ""}: pass values`}>${
        cost("pass", `Pass value from ${a}`, String(way.pass))}${cost("back", `From ${b} (if different)`, way.back === way.pass ? "" : String(way.back))}</div>`;
    });
    return html`<li class="bmap-row" data-field=${`border-${i}`}><p class="bmap-row__title">${a} – ${b}</p>${ways}<button type="button"
      data-act="remove-border" data-index=${i} aria-label=${`Remove border ${a} – ${b}`}>Remove border</button>${
      errorHtml(null, ctx.errors[`border-${i}`])}</li>`;
  });
}

/** The new border's ways, a row each, as typed; every row but the first can be removed. Keyed by id, so removing a
 *  row leaves the others' nodes, and the focus, where they are.
 *  @param {{wid: string, errors: Record<string, string>}} ctx @param {{id: number, name: string, pass: string, back: string}[]} ways */
export function wayRows(ctx, ways) {
  const part = (/** @type {typeof ways[number]} */ way, /** @type {"name" | "pass" | "back"} */ key, /** @type {string} */ label, numeric = false) =>
    field(ctx, `way-${way.id}-${key}`, label, { value: way[key], kind: numeric ? "number" : "text", attrs: { "data-part": key, "data-enter": "add-border" } });
  return repeat(ways, (way) => way.id, (way, k) => html`<div class="calc__group bmap-way" data-row=${way.id}>${
    part(way, "name", `Way ${way.id + 1}: name`)}${part(way, "pass", "Pass value", true)}${part(way, "back", "Back (if different)", true)}${
    k > 0 ? html`<button type="button" data-act="remove-way" data-index=${way.id} aria-label=${`Remove way ${way.id + 1}`}>Remove way</button>`
      : nothing}</div>`);
}
