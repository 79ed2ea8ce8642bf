// @ts-check
// A widget's notice (the board's, the tracker's, the border calculator's, the stress roster's): its words,
// its buttons (each a store action by its data-act) and Dismiss, drawn the same everywhere; and the one
// offer a link's contents get: "Open it", and "Keep mine" (or "Not now" when nothing of the player's
// would be set aside). Nothing here is a rule.
import { html, nothing } from "./vendor/lit-html/lit-html.js";

/**
 * @typedef {{act: string, label: string, at?: string, tab?: string, primary?: boolean, replaces?: boolean}} NoticeButton
 * @typedef {{text: string, alert?: boolean, sticky?: boolean, buttons?: NoticeButton[]}} Notice
 */

/** The notice: its words, then its buttons and Dismiss (`cls`: the widget's notice class). */
export function noticeView(/** @type {Notice | null} */ n, /** @type {string} */ cls) {
  if (!n) return nothing;
  return html`<div class=${`${cls}${n.alert ? " is-alert" : ""}`} data-out="notice" role=${n.alert ? "alert" : "status"}>
    <p>${n.text}</p><div class="calc__buttons">${(n.buttons ?? []).map((b) => html`<button type="button" class=${b.primary ? "calc__primary" : ""}
      data-act=${b.act} data-at=${b.at ?? nothing} data-tab=${b.tab ?? nothing} data-replaces=${b.replaces ? "true" : nothing}>${b.label}</button>`)}<button type="button" data-act="dismiss">Dismiss</button></div></div>`;
}

/** A link's offer: what the rules read of it (`text`), "Open it" and "Keep mine"; `replaces`: opening it
 *  sets the player's own aside (else the second button is "Not now"). It stays until answered.
 *  @returns {Notice} */
export function offerNotice(/** @type {string} */ text, { replaces = false } = {}) {
  return { alert: true, sticky: true, text, buttons: [{ act: "open-shared", label: "Open it", primary: true, replaces },
    { act: "keep-mine", label: replaces ? "Keep mine" : "Not now" }] };
}

/** The offer's two buttons, for an offer said in a line of its own (a form's share line): "Open it" and "Keep
 *  mine" (or "Not now"), as store actions by their data-act, or with their own handlers (`open`, `keep`). */
export function offerButtons({ replaces = true, open = undefined, keep = undefined } = {}) {
  return html`<button type="button" class="calc__primary" data-act="open-shared" @click=${open}>Open it</button>
    <button type="button" data-act="keep-mine" @click=${keep}>${replaces ? "Keep mine" : "Not now"}</button>`;
}

/** What "Keep mine" / "Not now" says: the shared `what` was not opened, and the player's is as it was. */
export const keptMine = (/** @type {string} */ what, /** @type {boolean} */ mine) =>
  mine ? `The shared ${what} was not opened; yours is as it was.` : `The shared ${what} was not opened.`;
