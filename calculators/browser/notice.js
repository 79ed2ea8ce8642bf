// @ts-check
// A widget's notice drawn the same everywhere: its words, its buttons (each a store action by its
// data-act) and Dismiss; and the offer's two buttons for an offer said in a line of its own (offer.js
// says what the offer is). Nothing here is a rule.
import { html, nothing } from "./vendor/lit-html/lit-html.js";

/** @typedef {import("./offer.js").Notice} Notice */

/** The notice: its words, then its buttons and Dismiss (`cls`: the widget's notice class). */
export function noticeView(/** @type {Notice | null} */ n, /** @type {string} */ cls) {
  if (!n) return nothing;
  return html`<div class=${`${cls}${n.alert ? " is-alert" : ""}`} data-out="notice" role=${n.alert ? "alert" : "status"}>
    <p>${n.text}</p><div class="calc__buttons">${(n.buttons ?? []).map((b) => html`<button type="button" class=${b.primary ? "calc__primary" : ""}
      data-act=${b.act} data-at=${b.at ?? nothing} data-tab=${b.tab ?? nothing} data-replaces=${b.replaces ? "true" : nothing}>${b.label}</button>`)}<button type="button" data-act="dismiss">Dismiss</button></div></div>`;
}

/** The offer's two buttons, for an offer said in a line of its own (a form's share line): "Open it" and "Keep
 *  mine" (or "Not now"), as store actions by their data-act, or with their own handlers (`open`, `keep`). */
export function offerButtons({ replaces = true, open = undefined, keep = undefined } = {}) {
  return html`<button type="button" class="calc__primary" data-act="open-shared" @click=${open}>Open it</button>
    <button type="button" data-act="keep-mine" @click=${keep}>${replaces ? "Keep mine" : "Not now"}</button>`;
}
