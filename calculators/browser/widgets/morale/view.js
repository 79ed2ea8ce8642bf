// @ts-check
// The tracker's one view (the notice, the setup or play view, Keep and share, the live line) as a lit-html
// template of the state.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { live } from "../../vendor/lit-html/directives/live.js";
import { noticeView } from "../../notice.js";
import * as setup from "./setup/view.js";
import { play, tools } from "./play/view.js";

/** The notice (notice.js): its words, then its buttons and Dismiss. */
const notice = (/** @type {import("../../offer.js").Notice | null} */ n) => noticeView(n, "morale__notice");

/**
 * @param {import("./store.js").MoraleState} s the state
 * @param {{wid: string, forms: Record<string, any>, rank: (depth: number) => number, asides: Node}} ctx
 */
export function moraleView(s, { wid, forms, rank, asides }) {
  const running = s.conflict ? `${s.conflict.events.length} logged` : null;
  const said = notice(s.notice);
  return html`
    ${s.mode !== "play" ? said : nothing}
    <div class="morale__main">
      <div class="morale__setup-box" ?hidden=${s.mode !== "setup"}>${s.mode === "loading" ? html`<p>Opening the saved conflict…</p>`
        : s.mode === "setup" ? setup.draw(s.setup.draft, { wid, rank: rank(1), form: forms[s.setup.draft.edition], editions: Object.keys(forms),
          running, keeps: !!s.conflict?.events.length, errors: s.setup.tried ? s.setup.errors : {}, preview: s.setup.preview }) : nothing}</div>
      <div class="morale__play-box" ?hidden=${s.mode !== "play"}>${s.mode === "play" && s.view ? play({ ...s, view: s.view, wid, rank, notice: said }) : nothing}</div>
    </div>
    ${s.mode === "loading" ? nothing : tools({ ...s, asides }, { rank, play: s.mode === "play" })}
    <p class="calc__sr" role="status" aria-live="polite" data-out="announce" .textContent=${live(s.said)}></p>`;
}
