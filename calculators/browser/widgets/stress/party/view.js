// @ts-check
// The party's view: the characters (keyed by id, so a tap keeps its button and its focus), the one shown,
// the roster's file and share link, what was said (a link's offer) and the set-aside rosters.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { repeat } from "../../../vendor/lit-html/directives/repeat.js";
import { errorHtml, fieldHtml, fileHtml, hx } from "../../../draw.js";
import { own } from "../../../own.js";
import { linkHtml } from "../../../shareform.js";
import { offerButtons } from "../../../notice.js";
import { LIMITS, SIDES, STANDINGS } from "../../../party/roster.js";

/** A character's button: their name, side and standing. @param {{name: string, side: string, standing: string}} p */
const named = (p) => `${p.name}${p.side === "opponent" ? " (opponent)" : ""}${
  p.standing === "in" ? "" : `: ${(own(STANDINGS, p.standing) ?? p.standing).toLowerCase()}`}`;

/** @param {import("../store.js").StressState} s @param {{wid: string, level: number, asides: Node}} ctx */
export function partyView(s, { wid, level, asides }) {
  const id = (/** @type {string} */ name) => `${wid}-party-${name}`;
  const { roster, party } = s;
  /** @typedef {{id: string, name: string, side: string, standing: string, traits: string[]}} Person */
  const p = /** @type {Person} */ (roster.people.find((/** @type {Person} */ one) => one.id === roster.current));
  const said = party.errors;
  const wrongFile = said["party-import"];
  /** A text of at most `max` characters, or a pick of `options`. @param {string} name @param {string} label @param {string} value
   *  @param {number | Record<string, string>} of */
  const field = (name, label, value, of) => fieldHtml({ id: id(name), field: `party-${name}`, label, value, error: said[`party-${name}`],
    ...(typeof of === "number" ? { attrs: { maxlength: of } } : { kind: "select", options: Object.entries(of) }) });
  return html`<section class="calc-stress__party" aria-labelledby=${id("title")}>${hx(level, { id: id("title"), cls: "calc-stress__party-title" }, "The party")}
    <div class="calc__buttons calc-stress__people" role="group" aria-label="Characters: show one">${repeat(roster.people, (/** @type {Person} */ one) => one.id,
      (/** @type {Person} */ one) => html`<button type="button" data-key=${one.id} data-act="party-show" aria-pressed=${String(one.id === roster.current)}>${named(one)}</button>`)}</div>
    <div class="calc__buttons"><button type="button" data-act="party-add" data-side="pc">Add character</button><button type="button"
      data-act="party-add" data-side="opponent">Add opponent</button></div>
    <div class="calc-stress__person">${field("name", "Name", party.name ?? p.name, LIMITS.name)}${field("side", "Side", p.side, SIDES)}${
      field("standing", "Standing", p.standing, STANDINGS)}<p class="calc-stress__line">Traits gained:</p>
      <ul class="calc-stress__traits" aria-label="Traits gained">${p.traits.length ? p.traits.map((/** @type {string} */ t, /** @type {number} */ i) => html`<li><span>${t}</span> <button type="button"
        data-act="party-trait-remove" data-index=${i}>Remove<span class="calc__sr"> trait ${t}</span></button></li>`) : html`<li class="calc-stress__none">none yet</li>`}</ul>
      ${field("trait", "New trait", party.trait, LIMITS.trait)}<div class="calc__buttons"><button type="button" data-act="party-trait-add">Add trait</button></div></div>
    <div class="calc__buttons"><button type="button" data-act="party-export">Export roster</button><button type="button" data-act="party-share">Share link</button></div>
    <div class="calc-share" data-out="share" role="status" ?hidden=${!party.share}>${party.share ? linkHtml(party.share, "Share link to this roster") : nothing}</div>
    <div class="calc__field calc__field--wide" data-field="party-import">${fileHtml("calc-stress__file", "Import roster", { id: id("import"),
      name: "party-import", "data-act": "party-import", "aria-describedby": `${id("import")}-error`, "aria-invalid": wrongFile ? "true" : null })}${
      errorHtml(`${id("import")}-error`, wrongFile)}</div>
    <div class="calc-stress__notice" data-out="party-notice" role="status">${party.said?.text ?? ""}${party.said?.offer ? html` ${offerButtons()}` : nothing}</div>
    ${asides}</section>`;
}
