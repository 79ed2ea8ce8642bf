// @ts-check
// The board's one view (the notice, the setup or play view, the live line) as a lit-html template of the
// state. Each thing said is a new line in the live region (`heard`): the same words said twice are read twice.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { keyed } from "../../vendor/lit-html/directives/keyed.js";
import { noticeView } from "../../notice.js";
import * as setup from "./setup/view.js";
import { play } from "./play/view.js";

/** The notice (notice.js): its words, then its buttons and Dismiss. */
const notice = (/** @type {import("../../offer.js").Notice | null} */ n) => noticeView(n, "board__notice");

/**
 * @param {import("./store.js").BoardState} s the state
 * @param {{wid: string, maps: import("../../types/board").MapChoice[], asides: Node[]}} ctx the widget's id, its maps, the set-aside lists' boxes
 */
export function boardView(s, { wid, maps, asides }) {
  const running = s.conflict ? `${s.conflict.events.length} logged` : null;
  return html`
    ${s.mode !== "play" ? notice(s.notice) : nothing}
    <div class="board__main" ?hidden=${s.mode === "play"}>${setup.box(s.mode, s.setup, { tableOpen: s.table, wid, maps, running, imported: s.shown.import })}${s.mode !== "play" ? html`<div class="board__asides">${asides}</div>` : nothing}</div>
    <div class="board__play" ?hidden=${s.mode !== "play"} data-busy=${s.asking ? "true" : "false"}>${s.mode === "play" && s.view ? play({ ...s, view: s.view, wid, notice: notice(s.notice), asides }) : nothing}</div>
    <p class="calc__sr" role="status" aria-live="polite" data-out="announce">${keyed(s.heard, html`<span>${s.said}</span>`)}</p>`;
}
