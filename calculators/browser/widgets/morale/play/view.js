// @ts-check
// The play view as one lit-html template: whose turn it is, the scoreboard, the event sheet, the last
// logged line, a card per team, the log, Keep and share. In the table view (a phone's whole screen) the
// top holds the turn, Undo, Close and the sheet. Every number, status and sentence is rules_core's.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { repeat } from "../../../vendor/lit-html/directives/repeat.js";
import { fileHtml, hx, slotHtml } from "../../../draw.js";
import { signed as signedBy } from "../../../ui.js";
import { linkHtml } from "../../../shareform.js";
import { sheetView } from "../sheet/view.js";

/** @typedef {import("../../../types/morale").View} View @typedef {import("../../../types/morale").Team} Team
 *  @typedef {import("../store.js").MoraleState} MoraleState @typedef {(depth: number) => number} Rank */

/** A morale value with a real minus sign. */
export const signed = (/** @type {number} */ n) => signedBy(n, "morale"); // morale reads 3, −1 (ui.signed)

/** The scoreboard: one line per team (morale, broken or not, whose turn, the keep-morale test due), kept in
 *  view (sticky) while the player scrolls the cards on a phone; in the table view, one compact line. */
/** @param {View} view @param {{wid: string, rank: Rank, table: boolean}} ctx */
function scoreboard(view, { wid, rank, table }) {
  if (table) {
    return html`<ul class="morale__tablescore" data-out="scoreboard">${view.teams.map((t) => html`<li data-team=${t.name}
      class=${t.name === view.turn ? "is-now" : ""}>${t.name} <strong data-out="board-morale" data-value=${t.morale}>${signed(t.morale)}</strong>${
      t.status !== "playing" ? html` <span>${t.badge}</span>` : nothing}${
      t.keep_morale.due ? html` <span>keep morale: ${t.keep_morale.difficulty}</span>` : nothing}</li>`)}</ul>`;
  }
  return html`<section class="morale__board" aria-labelledby=${`${wid}-board-title`} data-out="scoreboard">
    ${hx(rank(2), { cls: "calc__sr", id: `${wid}-board-title` }, "Scoreboard")}
    <p class="morale__board-round">${view.turn ? html`Round ${view.round} · turn: <strong>${view.turn}</strong>` : `Round ${view.round}: over`}</p>
    <ul class="morale__board-teams">${repeat(view.teams, (t) => t.name, (t) => {
      const k = t.keep_morale;
      const now = t.name === view.turn;
      const state = [t.status !== "playing" ? t.badge : null,
                     t.broken_morale ? `BROKEN MORALE ${t.broken_morale}` : null,
                     k.due ? `keep morale: difficulty ${k.difficulty}` : null].filter(Boolean).join(" · ");
      return html`<li class=${`morale__board-team morale__board-team--${t.status}${now ? " morale__board-team--now" : ""}`}
          data-team=${t.name} aria-current=${now ? "true" : nothing}>
        <span class="morale__board-name">${now ? html`<span aria-hidden="true">▶ </span>` : nothing}${t.name}${
          now ? html`<span class="calc__sr"> (their turn)</span>` : nothing}</span>
        <strong class="morale__board-value" data-out="board-morale" data-value=${t.morale}><span class="calc__sr">morale </span>${signed(t.morale)}</strong>
        ${state ? html`<span class="morale__board-state" data-out="board-state">${state}</span>` : nothing}
      </li>`;
    })}</ul>
  </section>`;
}

/** A team's card: its numbers, standing and members (who has acted this round marked). */
/** @param {Team} t @param {number} i @param {View} view @param {{wid: string, rank: Rank}} ctx */
function teamCard(t, i, view, { wid, rank }) {
  const k = t.keep_morale;
  const standers = t.members.filter((m) => m.status === "last_stand").map((m) => m.name);
  const member = (/** @type {import("../../../types/morale").Member} */ m) => html`<li class=${`morale__member${m.in_play ? "" : " morale__gone"}`} data-member=${m.name}>
    <p class="morale__who"><span class="morale__name">${m.name}</span>${m.captain ? html`<span class="morale__badge">captain</span>` : nothing}${
      m.status_text ? html`<span class="morale__state" data-out="member-status">${m.status_text}</span>` : nothing}${
      m.acted ? html`<span class="morale__state">acted this round</span>` : nothing}</p></li>`;
  return html`<section class=${`morale__team morale__team--${t.status}${t.name === view.turn ? " morale__team--now" : ""}`}
      data-team=${t.name} aria-labelledby=${`${wid}-team-${i}`}>
    ${hx(rank(2), { cls: "morale__team-name", id: `${wid}-team-${i}` }, html`${t.name} <span class="morale__badge" data-out="badge">${t.badge}</span>${
      t.name === view.turn ? html`<span class="morale__badge morale__badge--now">their turn</span>` : nothing}`)}
    ${t.goal ? html`<p class="morale__goal">Goal: ${t.goal}</p>` : nothing}
    <p class="morale__score"><span class="morale__label">Morale </span><strong class="morale__value" data-out="morale" data-value=${t.morale}>${signed(t.morale)}</strong></p>
    <dl class="morale__facts">
      <dt>BROKEN MORALE</dt><dd data-out="broken-morale">${t.broken_morale ? `rating ${t.broken_morale}` : "no"}</dd>
      <dt>Keep-morale test</dt><dd data-out="keep-morale">${k.due ? `due at the end of its turn: difficulty ${k.difficulty}, +${k.per_helper} per helper` : "not due"}</dd>
      <dt>Standing</dt><dd data-out="status">${t.status_text}</dd>
      <dt>Captain</dt><dd data-out="captain">${t.captain ?? "nobody"}</dd>
      <dt>In their Last Stand</dt><dd data-out="last-stand">${standers.length ? standers.join(", ") : "nobody"}</dd>
    </dl>
    <ul class="morale__members" aria-label=${`Members of ${t.name}`}>${repeat(t.members, (m) => m.name, member)}</ul>
  </section>`;
}

/** @param {View} view @param {{wid: string, conflict: import("../../../types/morale").Conflict, rank: Rank}} ctx */
function logSection(view, { wid, conflict, rank }) {
  return html`<section class="morale__log-section" aria-labelledby=${`${wid}-log-title`}>
    ${hx(rank(2), { id: `${wid}-log-title` }, "Log, newest first")}
    <div class="calc__buttons">
      <button type="button" data-act="undo" data-key="undo" ?disabled=${!conflict.events.length && !conflict.replaced}>${
        conflict.events.length || !conflict.replaced ? "Undo" : "Undo (bring back the conflict before)"}</button>
      <button type="button" data-act="redo" data-key="redo" ?disabled=${!conflict.redo.length}>${
        conflict.redo.length > 1 ? `Redo (${conflict.redo.length})` : "Redo"}</button>
    </div>
    ${view.log.length
      ? html`<ol class="morale__log" reversed data-out="log">${repeat(view.log, (e) => e.index,
          (entry) => html`<li value=${entry.index + 1}>${entry.text}</li>`)}</ol>`
      : html`<p class="morale__log-empty" data-out="log">Nothing logged yet.</p>`}
  </section>`;
}

/** Keep and share: New conflict, Export, Import, Share (its link and code right under it: shareform.js). */
/** @param {MoraleState & {asides: Node}} ctx @param {{rank: Rank, play: boolean}} how */
export function tools(ctx, { rank, play }) {
  const share = ctx.share;
  const button = (/** @type {string} */ act, /** @type {string} */ words) => (play ? html`<button type="button" data-act=${act} data-key=${act}>${words}</button>` : nothing);
  return html`<div class="morale__tools">${hx(rank(2), {}, "Keep and share")}
    <div class="calc__buttons">${button("new", "New conflict")}${button("export", "Export file")}${
      fileHtml("morale__file", "Import file", {}, { "data-key": "import" })}${button("share", "Share link")}</div>
    ${slotHtml("import", ctx.shown.import)}
    ${play ? html`<div class="calc-share" data-out="share" role="status" ?hidden=${!share}>${share ? linkHtml(share, "Share link to this conflict") : nothing}</div>` : nothing}
    <div class="morale__asides">${ctx.asides}</div></div>`;
}

/** The play view. ctx: the tracker's state (view, conflict, sheet, draft, shown, asking, table, share) with
 *  wid, rank (a heading `depth` below the widget's place) and the notice drawn.
 * @param {Omit<MoraleState, "notice"> & {view: View, conflict: import("../../../types/morale").Conflict, wid: string, rank: Rank, notice: unknown}} ctx */
export function play(ctx) {
  const { view, wid, conflict, table, rank } = ctx;
  const last = view.log[0];
  return html`
    ${table ? html`<div class="morale__tablebar">
      <p class="morale__tableturn" data-out="table-turn">${view.turn ? html`Round ${view.round} · turn: <strong>${view.turn}</strong>`
        : `Round ${view.round}: over`}</p>
      <button type="button" data-act="undo" data-key="table-undo" ?disabled=${!conflict.events.length}>Undo</button>
      <button type="button" data-act="table-close" data-key="table-close" aria-label="Close the table view">Close</button>
    </div>` : nothing}
    ${hx(rank(1), { cls: `morale__heading${table ? " calc__sr" : ""}`, id: `${wid}-play-title`, tabindex: "-1" }, `Conflict (${view.edition})`)}
    ${table ? nothing : html`<p class="morale__turn" data-out="turn">${view.turn ? html`Round ${view.round}. Turn: <strong>${view.turn}</strong>.`
      : `Round ${view.round}: the conflict is over.`} <button type="button" class="morale__tableopen" data-act="table-open" data-key="table-open">Table view</button></p>`}
    ${scoreboard(view, { wid, rank, table })}
    ${table ? nothing : html`<ol class="morale__order" aria-label="Turn order" data-out="turn-order">${view.turn_order.map((name) => {
      const lost = /** @type {Team} */ (view.teams.find((t) => t.name === name)).status === "lost";
      return html`<li class=${`${name === view.turn ? "morale__now" : ""}${lost ? " morale__gone" : ""}`}
        aria-current=${name === view.turn ? "step" : nothing}>${name}</li>`;
    })}</ol>`}
    ${ctx.notice}
    <div class="morale__sheet" data-busy=${ctx.asking ? "true" : "false"}>${sheetView({ sheet: ctx.sheet, draft: ctx.draft, shown: ctx.shown, asking: ctx.asking, wid })}</div>
    <p class="morale__last" data-out="last" ?hidden=${!last || !!ctx.draft.kind}>${last ? html`<strong>Logged:</strong> ${last.text}` : ""}</p>
    ${repeat(view.teams, (t) => t.name, (t, i) => teamCard(t, i, view, { wid, rank }))}
    ${logSection(view, { wid, conflict, rank })}`;
}
