// @ts-check
// The play view as one lit-html template: the exchange, the map, the last logged line, the action sheet,
// the cards, the log and the tools; in the table view (a phone's whole screen) the cards, the log and the
// tools are a tab away.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { repeat } from "../../../vendor/lit-html/directives/repeat.js";
import { marks, mapView } from "./map.js";
import { sheetView } from "../sheet/view.js";
import { linkHtml } from "../../../shareform.js";
import { fileHtml, slotHtml } from "../../../draw.js";

/** @typedef {import("../../../types/board").View} View @typedef {import("../../../types/board").State} State @typedef {ReturnType<typeof marks>} Marks
 *  @typedef {Omit<import("../store.js").BoardState, "notice"> & {view: View, wid: string, notice: unknown, asides: Node[]}} Ctx */

const escaped = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
let known = /** @type {{key: string, re: RegExp | null, lines: Map<string, unknown[]>}} */ ({ key: "", re: null, lines: new Map() });
/** A line of the log with every name in it (actors, things, sides, zones, aspects) isolated in a <bdi>: a
 *  name written right to left keeps to itself and leaves the rest of the line in order. */
/** @param {unknown} text @param {State} s @param {string[]} [zones] */
export function isolated(text, s, zones = []) {
  const names = [...s.actors.map((a) => a.name), ...s.things.map((t) => t.name), ...s.sides.map((x) => x.name),
    ...zones, ...s.aspects.map((a) => a.name)].filter(Boolean);
  const key = names.join("\u0000");
  if (key !== known.key) {
    const sorted = [...new Set(names)].sort((a, b) => b.length - a.length).map(escaped);
    known = { key, re: sorted.length ? new RegExp(`(${sorted.join("|")})`, "g") : null, lines: new Map() };
  }
  if (!known.re || typeof text !== "string") return text;
  let parts = known.lines.get(text); // a long log is split once, not at every tap
  if (!parts) {
    parts = text.split(known.re).map((part, i) => (i % 2 ? html`<bdi>${part}</bdi>` : part));
    if (known.lines.size > 20_000) known.lines.clear();
    known.lines.set(text, parts);
  }
  return parts;
}

const count = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
export const TABS = [["play", "Play"], ["cards", "Cards"], ["log", "Log"], ["tools", "Tools"]];

function track(/** @type {string} */ name, /** @type {import("../../../types/board").Track} */ t) {
  const marked = new Set(t.marked ?? []);
  const boxes = Array.from({ length: Math.max(t.threshold, ...(t.marked ?? [0])) }, (_, i) => i + 1);
  const defense = t.defense ? ` (defense by ${t.defense.by}; base ${t.base})` : "";
  return html`<div class="board__track" data-track=${name}>
    <span class="board__track-name">${name}: threshold ${t.threshold}${defense}</span>
    <span class="board__boxes" role="img" aria-label=${`boxes marked: ${[...marked].join(", ") || "none"}`}>${boxes.map((b) => html`<span
      class="board__box${marked.has(b) ? " is-marked" : ""}${b > t.threshold ? " is-over" : ""}" aria-hidden="true">${marked.has(b) ? `☒${b}` : `☐${b}`}</span>`)}</span>
  </div>`;
}

const aspectText = (/** @type {import("../../../types/board").Aspect} */ a) => `${a.name}${a.free_invokes ? ` (${count(a.free_invokes, "free invoke")})` : ""}` +
  `${a.boxes ? `, boxes ${a.boxes.marked?.length ? a.boxes.marked.map((b) => `☒${b}`).join(" ") : "none marked"} of ${a.boxes.threshold}` : ""}`;

function cards(/** @type {View} */ view, /** @type {Marks} */ side) {
  const s = view.state;
  const aspectsOn = (/** @type {string} */ on, /** @type {string} */ target) => s.aspects.filter((a) => a.on === on && String(a.target) === String(target));
  return html`<ul class="board__where" data-out="where">${view.zones.map((z) => html`<li><strong dir="auto">${z}</strong>: ${[
      ...s.actors.filter((a) => a.zone === z).map((a) => `${side[a.side]?.glyph ?? ""} ${a.name}${a.out ? " (out)" : ""}`),
      ...s.things.filter((t) => t.zone === z).map((t) => `◇ ${t.name}${t.out ? " (beaten)" : ""}`)].join(", ") || "nobody"}${
      aspectsOn("zone", z).length ? `; aspects: ${aspectsOn("zone", z).map(aspectText).join(", ")}` : ""}</li>`)}</ul>
    ${s.aspects.some((a) => a.on === "border") ? html`<p>On borders: ${s.aspects.filter((a) => a.on === "border")
      .map((a) => `${aspectText(a)} (${/** @type {unknown[]} */ ([]).concat(a.target).join(" – ")})`).join("; ")}</p>` : nothing}
    ${s.passes?.length ? html`<p data-out="passes">Borders changed: ${s.passes.map((p) => `${p.between.join(" – ")} now ${p.pass} (set by ${p.by})`).join("; ")}.</p>` : nothing}
    <div class="board__cards" data-out="actors">
      ${repeat(s.actors, (a) => a.name, (a) => html`<section class="board__card${a.out ? " is-out" : ""}" data-actor=${a.name}>
        <h4><span aria-hidden="true">${side[a.side]?.glyph ?? ""}</span> <bdi>${a.name}</bdi></h4>
        <p><bdi>${a.side}</bdi>, in <bdi>${a.zone}</bdi>. ${a.out ? "Taken out." : a.acted ? "Has acted." : "Still to act."}</p>
        ${Object.entries(a.tracks).map(([k, t]) => track(k[0].toUpperCase() + k.slice(1), t))}
        <p>Consequences: ${(a.consequences ?? []).map((c) => `${c.name} ${c.value}${c.taken ? ` (taken${c.label ? `: “${c.label}”` : ""})` : ""}`).join(", ")}</p>
        ${Object.keys(a.skills ?? {}).length ? html`<p>Skills: ${Object.entries(a.skills).map(([k, v]) => `${k} ${v}`).join(", ")}</p>` : nothing}
        ${a.aspects?.length || aspectsOn("actor", a.name).length ? html`<p>Aspects: ${[...(a.aspects ?? []), ...aspectsOn("actor", a.name).map(aspectText)].join(", ")}</p>` : nothing}
      </section>`)}
      ${repeat(s.things, (t) => t.name, (t) => html`<section class="board__card${t.out ? " is-out" : ""}" data-thing=${t.name}>
        <h4>◇ <bdi>${t.name}</bdi></h4><p>${t.zone ? `In ${t.zone}. ` : ""}${t.border ? `Stands for the border ${t.border.join(" – ")}. ` : ""}${t.out ? `Beaten${t.beaten_by ? ` by ${t.beaten_by}` : ""}.` : ""}</p>
        ${track("Track", t.track)}
        ${aspectsOn("thing", t.name).length ? html`<p>Aspects: ${aspectsOn("thing", t.name).map(aspectText).join(", ")}</p>` : nothing}
      </section>`)}
    </div>`;
}

/** The whole play view. ctx: the board's state (view, conflict, sheet, draft, shown, asking, tab, table, share) and wid. @param {Ctx} ctx */
export function play(ctx) {
  const { view, wid, conflict } = ctx;
  const s = view.state;
  const side = marks(s.sides);
  const over = s.over ? html`<p class="board__over" data-out="over">The conflict is over${s.winner ? `: ${s.winner} win` : ""}${
    s.conceded ? ` (${s.conceded} conceded${s.story ? `: ${s.story}` : ""})` : ""}${s.ended === "table" ? " (ended by the table)" : ""}.</p>` : nothing;
  const last = view.entries.at(-1);
  const tabs = html`<nav class="board__tabs" aria-label="The board's parts">${TABS.map(([tab, words]) => html`<button type="button" data-act="tab" data-tab=${tab}
    aria-pressed=${ctx.tab === tab ? "true" : "false"}>${words}</button>`)}</nav>`;
  return html`
    <div class="board__bar">
      <h3 id=${`${wid}-play-title`} tabindex="-1">Exchange ${s.exchange}</h3>
      <div class="board__barbuttons">
        <button type="button" data-act="undo" data-key="undo" ?disabled=${!conflict.events.length}>Undo</button>
        <button type="button" data-act="redo" data-key="redo" ?disabled=${!conflict.redo.length}>Redo</button>
        ${ctx.table ? html`<button type="button" data-act="table-close" data-key="table-close" aria-label="Close the table view">Close</button>`
          : html`<button type="button" data-act="table-open" data-key="table-open">Table view</button>`}
      </div>
    </div>
    ${over}
    <p class="board__exchange" data-out="exchange">Acted: ${s.acted.join(", ") || "nobody yet"}. To act: ${s.to_act.join(", ") || "nobody"}${
      s.closed ? " (the exchange is over: the next action opens the next one)" : ""}.</p>
    <section class="board__sec" data-sec="play" tabindex=${ctx.table ? "0" : nothing} aria-label="Play">
      <figure class="board-map">${mapView({ view, sheet: ctx.sheet, wid })}
        <figcaption>${s.sides.map((x, i) => html`<span class=${`board__key board__key--${side[x.name].n}`}>${i ? "; " : ""}${side[x.name].glyph} <bdi>${x.name}</bdi></span>`)}</figcaption>
      </figure>
      <p class="board__last" data-out="last" ?hidden=${!last}>${last ? html`<strong>Logged:</strong> ${isolated(last.text, s, view.zones)}` : ""}</p>
      ${ctx.notice ?? nothing}
      ${sheetView({ sheet: ctx.sheet, draft: ctx.draft, shown: ctx.shown, asking: ctx.asking, wid, over: s.over })}
    </section>
    <section class="board__sec" data-sec="cards" tabindex=${ctx.table ? "0" : nothing} aria-label="Cards"><h4 class="board__sechead">Where everyone is</h4>${cards(view, side)}</section>
    <section class="board__sec board__logbox" data-sec="log" tabindex=${ctx.table ? "0" : nothing} aria-label="Log"><h4>Log</h4>
      <ol class="board__log" data-out="log">${repeat(view.entries, (e) => e.index, (e) => html`<li>${isolated(e.text, s, view.zones)}</li>`)}</ol>
    </section>
    <section class="board__sec board__tools" data-sec="tools" tabindex=${ctx.table ? "0" : nothing} aria-label="Keep and share"><h4>Keep and share</h4>
      ${tools(ctx)}
      <div class="board__asides">${ctx.asides}</div>
    </section>
    ${ctx.table ? tabs : nothing}`;
}

/** Keep and share: New conflict, Export, Share (its link and code right under it), Print, Import. */
export function tools(/** @type {Ctx} */ ctx) {
  const share = ctx.share;
  return html`<div class="calc__buttons">
      ${[["new", "New conflict"], ["export", "Export file"], ["share", "Share link"], ["print", "Print"]].map(([act, words]) =>
        html`<button type="button" data-act=${act} data-key=${act}>${words}</button>`)}
      ${fileHtml("board__file", "Import file")}
    </div>
    ${slotHtml("import", ctx.shown.import)}
    <div class="board__share calc-share" data-out="share" role="status" ?hidden=${!share}>${share ? linkHtml(share, "Share link to this board") : nothing}</div>`;
}
