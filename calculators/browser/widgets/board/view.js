// @ts-check
// The board's one view: the notice, the setup or the play view, and the live line, as one lit-html
// template of the store's state. Each thing said is a new line in the live region (`heard`), so the same
// words said twice are read twice. Nothing here is a rule, and nothing here changes the state.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { keyed } from "../../vendor/lit-html/directives/keyed.js";
import * as setup from "./setup/view.js";
import { play } from "./play/view.js";

/** The notice: its words, then its buttons and Dismiss. */
function notice(/** @type {import("./store.js").BoardState["notice"]} */ n) {
  if (!n) return nothing;
  return html`<div class=${`board__notice${n.alert ? " is-alert" : ""}`} data-out="notice" role=${n.alert ? "alert" : "status"}>
    <p>${n.text}</p><div class="calc__buttons">${(n.buttons ?? []).map((b) => html`<button type="button" class=${b.primary ? "calc__primary" : ""}
      data-act=${b.act} data-at=${b.at ?? nothing} data-tab=${b.tab ?? nothing} data-replaces=${b.replaces ? "true" : nothing}>${b.label}</button>`)}<button type="button" data-act="dismiss">Dismiss</button></div></div>`;
}

/**
 * @param {import("./store.js").BoardState} s the state
 * @param {{wid: string, maps: import("../../types/board").MapChoice[], asides: Node[]}} ctx the widget's id, its maps, the set-aside lists' boxes
 */
export function boardView(s, { wid, maps, asides }) {
  const running = s.conflict ? `${s.conflict.events.length} logged` : null;
  return html`
    ${s.mode !== "play" ? notice(s.notice) : nothing}
    <div class="board__main" ?hidden=${s.mode === "play"}>${setup.box(s.mode, s.setup.draft, { tableOpen: s.table, wid, maps, saved: s.setup.saved,
      running, errors: s.setup.errors, note: s.setup.note })}${s.mode !== "play" ? html`<div class="board__asides">${asides}</div>` : nothing}</div>
    <div class="board__play" ?hidden=${s.mode !== "play"} data-busy=${s.asking ? "true" : "false"}>${s.mode === "play" && s.view ? play({ ...s, view: s.view, wid, notice: notice(s.notice), asides }) : nothing}</div>
    <p class="calc__sr" role="status" aria-live="polite" data-out="announce">${keyed(s.heard, html`<span>${s.said}</span>`)}</p>`;
}
