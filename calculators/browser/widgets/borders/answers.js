// @ts-check
// The move's answers in words: the rules' replies to borders.route and borders.move, drawn.
import { plural, signed } from "../../ui.js";
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { repeat } from "../../vendor/lit-html/directives/repeat.js";
/** @typedef {import("../../types/borders").Route} Route @typedef {import("../../types/borders").Move} Move
 *  @typedef {import("../../types/borders").MovePayload} MovePayload @typedef {import("../../types/borders").Reply<any>} Reply */

/** @param {Route} r @param {string} start @param {string} destination */
export function routeLines(r, start, destination) {
  if (start === destination) return html`<p class="calc__answer">From ${start} to itself: cost 0, range 0.</p>`;
  return html`<p class="calc__answer">Cheapest route: <strong>${plural(r.cost, "shift")}</strong>, crossing ${
    plural(r.borders, "border")}; range ${plural(r.range, "border")}.</p>
    <ol class="bmap-path">${r.crossings.map((c) => html`<li>${c.from} → ${c.to}: ${c.cost}${c.way ? ` (${c.way})` : ""}</li>`)}</ol>`;
}

/** @param {string} start @param {string} destination @param {Reply | null} range borders.range's reply */
export function noRoute(start, destination, range) {
  return html`<p class="calc__answer">No route from ${start} to ${destination} with the ways switched on.${
    range?.ok ? ` Range: ${plural(range.result.range, "border")}.` : ""}</p>`;
}

/** @param {NonNullable<Move["destination"]>} t @param {MovePayload} payload */
function destinationLines(t, payload) {
  const { odds } = t;
  return html`<p data-out="destination">${t.text}</p>${odds ? html`<p data-out="odds">Odds that skill ${payload.skill} + 4dF${
    payload.bid ? ` − ${payload.bid}` : ""} reaches ${t.cost}: <strong title=${`exactly ${odds.probability.exact}`}>${odds.probability.percent}</strong> (${
    odds.probability.exact}; the dice must show ${signed(odds.needed)} or more).</p>` : nothing}`;
}

const HEADS = ["Zone", "Cost", "Range", "Short by", "Cover it with"];

/** @param {Move} r @param {MovePayload} payload @param {string} start */
export function reachLines(r, payload, start) {
  const t = r.destination;
  const zones = r.zones.filter((z) => z.zone !== start);
  return html`<p class="calc__answer"><strong>${plural(r.shifts, "shift")}${r.sum ? ` (${r.sum})` : ""}</strong>: ${
    r.reach_text}</p>
    ${t && t.zone !== start ? destinationLines(t, payload) : nothing}
    ${zones.length ? html`<div class="bmap-scroll"><table class="calc__table calc__table--stack bmap-reach">
      <caption>From ${start}</caption>
      <thead><tr>${HEADS.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
      <tbody>${repeat(zones, (z) => z.zone, (z) => html`<tr data-zone=${z.zone}><th scope="row">${z.zone}</th>
        <td data-label="Cost">${z.cost == null ? "–" : z.cost}</td><td data-label="Range">${z.range == null ? "–" : z.range}</td>
        <td data-label="Short by">${z.cost == null ? "no way" : z.reachable ? "0 ✓" : z.shortfall}</td>
        <td data-label="Cover it with">${z.cover_text}</td></tr>`)}</tbody></table></div>` : nothing}`;
}
