// The editor's rows, drawn by lit-html: the zones (rename, move, remove), the
// borders (each way on or off, its pass values, remove) and the new border's
// ways. A redraw after an edit keeps the rows' nodes, so the field or button the
// player is in keeps its focus.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { fieldHtml, field } from "../../draw.js";

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

/** One row of the new border's ways (an element: the rows are added and removed by hand, and keep what is typed). */
export function wayRow(ui, wid, j, removable) {
  const row = ui.el("div", { class: "calc__group bmap-way", "data-row": j },
    field(text(wid, `way-${j}-name`, `Way ${j + 1}: name`, "", { part: "name" })),
    field(text(wid, `way-${j}-pass`, "Pass value", j === 0 ? "1" : "", { numeric: true, part: "pass" })),
    field(text(wid, `way-${j}-back`, "Back (if different)", "", { numeric: true, part: "back" })));
  if (removable) {
    row.append(ui.el("button", { type: "button", "data-act": "remove-way", "data-index": j, "aria-label": `Remove way ${j + 1}` }, "Remove way"));
  }
  return row;
}
