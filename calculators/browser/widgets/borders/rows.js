// The editor's rows, drawn by lit-html: the zones (rename, move, remove), the
// borders (each way on or off, its pass values, remove) and the new border's
// ways. A redraw after an edit keeps the rows' nodes, so the field or button the
// player is in keeps its focus.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { repeat } from "../../vendor/lit-html/directives/repeat.js";
import { fieldHtml } from "../../draw.js";

/**
 * One text field of the editor; `part` marks a way's name, pass or back in its row.
 * @param {string} wid
 * @param {string} name
 * @param {string} label
 * @param {string} value
 * @param {{numeric?: boolean, wide?: boolean, part?: string, attrs?: Record<string, any>, after?: unknown}} [how]
 */
function text(wid, name, label, value, { numeric = false, wide = false, part, attrs = {}, after = nothing } = {}) {
  return { id: `${wid}-${name}`, field: name, label, value, kind: numeric ? /** @type {const} */ ("number") : /** @type {const} */ ("text"),
    wide, attrs: { "data-part": part, ...attrs }, after };
}

/** The rows of zones: rename in place (Enter or leaving the field), move (arrow keys), remove. */
export function zoneRows(wid, zones) {
  return zones.map((name, i) => html`<li class="bmap-row">${fieldHtml(text(wid, `zone-${i}`, `Zone ${i + 1}`, name, {
    wide: true, attrs: { "data-zone": String(i) },
    after: html`<button type="button" class="bmap-move" data-act="move-zone" data-index=${i} aria-label=${`Move zone ${name} on the map`}
      aria-describedby=${`${wid}-move-hint`}>Move ✥</button><button type="button" data-act="remove-zone" data-index=${i}
      aria-label=${`Remove zone ${name}`}>Remove</button>`,
  }))}</li>`);
}

function costText(way, a, b) {
  return way.pass === way.back ? `${way.pass}` : `${way.pass} from ${a}, ${way.back} from ${b}`;
}

/** The rows of borders (borders.check's listing): each way switched on or off and its pass values
 *  edited in place (from the first zone; from the second when different), the border removed. */
export function borderRows(wid, listing) {
  if (!listing.length) return html`<li class="bmap-row">No borders yet: add one below.</li>`;
  return listing.map((border, i) => {
    const [a, b] = border.between;
    const ways = border.ways.map((way, j) => {
      const name = `border-${i}-way-${j}`;
      return html`${fieldHtml({
        id: `${wid}-${name}`, field: name, name: null, kind: "checkbox", checked: way.on,
        label: `${way.name ? `${way.name}: ` : "pass value "}${costText(way, a, b)}${way.on ? "" : " (off)"}`,
        attrs: { "data-act": "switch-way", "data-index": i, "data-way": j },
      })}<div class="bmap-way-costs" role="group" data-border=${i} data-way=${j} aria-label=${`${a} – ${b}${way.name ? `, ${way.name}` : ""}: pass values`}>${
        fieldHtml(text(wid, `${name}-pass`, `Pass value from ${a}`, String(way.pass), { numeric: true, part: "pass" }))}${
        fieldHtml(text(wid, `${name}-back`, `From ${b} (if different)`, way.back === way.pass ? "" : String(way.back), { numeric: true, part: "back" }))}</div>`;
    });
    return html`<li class="bmap-row" data-field=${`border-${i}`}><p class="bmap-row__title">${a} – ${b}</p>${ways}<button type="button"
      data-act="remove-border" data-index=${i} aria-label=${`Remove border ${a} – ${b}`}>Remove border</button><p class="calc__error" hidden></p></li>`;
  });
}

/** The new border's ways, a row each: `ways` is [{id, name, pass, back}] as typed so far (index.js keeps it
 *  as the player types); every row but the first can be removed. Keyed by id, so removing a row leaves
 *  the others' nodes, and the focus, where they are. */
export function wayRows(wid, ways) {
  return repeat(ways, (way) => way.id, (way, k) => html`<div class="calc__group bmap-way" data-row=${way.id}>${
    fieldHtml(text(wid, `way-${way.id}-name`, `Way ${way.id + 1}: name`, way.name, { part: "name" }))}${
    fieldHtml(text(wid, `way-${way.id}-pass`, "Pass value", way.pass, { numeric: true, part: "pass" }))}${
    fieldHtml(text(wid, `way-${way.id}-back`, "Back (if different)", way.back, { numeric: true, part: "back" }))}${
    k > 0 ? html`<button type="button" data-act="remove-way" data-index=${way.id} aria-label=${`Remove way ${way.id + 1}`}>Remove way</button>`
      : nothing}</div>`);
}
