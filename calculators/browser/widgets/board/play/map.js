// @ts-check
// The board's map as a play surface, laid out as rules_core lays it out (board.replay's map.layout): a
// zone's name is a button (a move goes there, a maneuver's aspect is placed there), each token one (the
// target, or who acts); what is lit (reached, chosen) is what the sheet's answer offers.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";

/** @typedef {{glyph: string, n: number | string}} Mark a side's mark (a thing's: n "thing")
 *  @typedef {{name: string, side?: string, out: boolean}} Token an actor or a thing on the map */
const GLYPHS = ["●", "■", "▲", "◆", "⬢", "★"]; // a shape per side, so a side is told apart without its colour

/** Each side's mark: {glyph, n} by side name (n: the colour's number, board.css --board-side-n). */
/** @param {{name: string}[]} sides @returns {Record<string, Mark>} */
export function marks(sides) {
  return Object.fromEntries(sides.map((s, i) => [s.name, { glyph: GLYPHS[i % 6], n: i % 6 }]));
}

const initials = (/** @type {string} */ name) => name.split(/\s+/).filter(Boolean).map((w) => w[0]).join("").slice(0, 2).toUpperCase() || "?";
const aspectWords = (/** @type {import("../../../types/board").Aspect} */ a) => `${a.name}${a.free_invokes ? ` (${a.free_invokes} free)` : ""}`;

/** The sheet's field `name` as answered, or undefined. */
const fieldOf = (/** @type {import("../../../types/board").Sheet | null} */ sheet, /** @type {string} */ name) => sheet?.fields?.find((f) => f.name === name);

/**
 * @param {{view: import("../../../types/board").View, sheet: import("../../../types/board").Sheet | null, wid: string}} ctx
 */
export function mapView({ view, sheet, wid }) {
  const s = view.state;
  const side = marks(s.sides);
  const layout = view.layout ?? Object.fromEntries(view.zones.map((z, i) => [z, [i, 0]]));
  const zoneField = fieldOf(sheet, "zone");
  const reach = new Map((zoneField?.options ?? []).map((o) => [o.value, o]));
  const target = fieldOf(sheet, "target")?.value ?? null;
  const actor = fieldOf(sheet, "actor")?.value ?? null;
  const chosenZone = zoneField?.value ?? (fieldOf(sheet, "on")?.value === "zone" ? fieldOf(sheet, "which")?.value : null);
  const cols = Math.max(0, ...Object.values(layout).map(([c]) => c)) + 1;
  const rows = Math.max(0, ...Object.values(layout).map(([, r]) => r)) + 1;
  const aspectsOn = (/** @type {string} */ on, /** @type {string} */ name) => s.aspects.filter((a) => a.on === on && String(a.target) === String(name));

  const token = (/** @type {Token} */ who, /** @type {Mark} */ mark) => html`<button type="button" class=${`board__token board__token--${mark.n}${who.out ? " is-out" : ""}${
    who.name === target ? " is-chosen" : ""}${who.name === actor ? " is-actor" : ""}`} data-act="map-token" data-token=${who.name}
    aria-pressed=${who.name === target || who.name === actor ? "true" : "false"}
    title=${`${who.name}${who.side ? ` (${who.side})` : " (thing)"}${who.out ? ", taken out" : ""}`}><span aria-hidden="true">${mark.glyph}</span>${
    initials(who.name)}<span class="calc__sr"> ${who.name}${who.out ? ", out" : ""}</span></button>`;

  const cell = (/** @type {string} */ z) => {
    const [c, r] = layout[z] ?? [0, 0];
    const here = /** @type {[Token, Mark][]} */ ([...s.actors.filter((a) => a.zone === z).map((a) => [a, side[a.side] ?? { glyph: "◆", n: 5 }]),
      ...s.things.filter((t) => t.zone === z).map((t) => [t, { glyph: "◇", n: "thing" }])]);
    /** @type {({words?: string} & import("../../../types/board").Aspect)[]} */
    const aspects = [...aspectsOn("zone", z), ...here.flatMap(([who]) => aspectsOn(who.side ? "actor" : "thing", who.name)
      .map((a) => ({ ...a, words: `${aspectWords(a)} on ${who.name}` })))];
    const option = reach.get(z);
    const cls = `bmap__zone board__zone${option && option.tags?.includes("reach") ? " is-reach" : ""}${z === chosenZone ? " is-chosen" : ""}`;
    return html`<div class=${cls} data-zone=${z} .style=${`grid-column:${2 * c + 1};grid-row:${2 * r + 1}`}>
      <button type="button" class="board__zone-name" data-act="map-zone" data-zone=${z}
        aria-pressed=${z === chosenZone ? "true" : "false"}><bdi>${z}</bdi>${option?.note ? html` <span class="board__zone-note">${option.note}</span>` : nothing}</button>
      <div class="board__tokens">${here.map(([who, mark]) => token(who, mark))}</div>
      ${aspects.length ? html`<ul class="board__zone-aspects">${aspects.map((a) => html`<li>${a.words ?? aspectWords(a)}</li>`)}</ul>` : nothing}
    </div>`;
  };

  const placed = [];
  const elsewhere = /** @type {string[]} */ ([]);
  for (const b of s.borders ?? []) {
    const [a, z] = b.between;
    const [ca, ra] = layout[a] ?? [0, 0];
    const [cz, rz] = layout[z] ?? [0, 0];
    const on = s.aspects.filter((x) => x.on === "border" && /** @type {unknown[]} */ ([]).concat(x.target).sort().join("\u0000") === [a, z].sort().join("\u0000"));
    const words = `${b.label}${on.length ? ` · ${on.map(aspectWords).join(", ")}` : ""}`;
    if ((ra === rz && Math.abs(ca - cz) === 1) || (ca === cz && Math.abs(ra - rz) === 1)) {
      const col = ra === rz ? Math.min(ca, cz) * 2 + 2 : ca * 2 + 1;
      const row = ra === rz ? ra * 2 + 1 : Math.min(ra, rz) * 2 + 2;
      placed.push(html`<span class="board__border${ra === rz ? "" : " is-down"}" .style=${`grid-column:${col};grid-row:${row}`}
        title=${`${a} – ${z}: ${words}`}><span class="calc__sr">${a} – ${z}: </span>${words}</span>`);
    } else {
      elsewhere.push(`${a} – ${z}: ${words}`);
    }
  }
  const template = Array.from({ length: 2 * cols - 1 }, (_, i) => (i % 2 ? "auto" : "minmax(0, 1fr)")).join(" ");
  return html`<div class="board__map" id=${`${wid}-map`} role="group" aria-label="Map: tap a token to choose it, a zone to go there"
    .style=${`grid-template-columns:${template};grid-template-rows:repeat(${2 * rows - 1}, auto)`}>
    ${view.zones.map(cell)}${placed}</div>
    ${elsewhere.length ? html`<p class="board__borders-more">Also: ${elsewhere.join("; ")}.</p>` : nothing}`;
}
