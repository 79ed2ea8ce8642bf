// @ts-check
// What a widget's notice is (plain data the store keeps and notice.js draws), and the one offer a link's
// contents get: "Open it", and "Keep mine" (or "Not now" when nothing of the player's would be set
// aside). Nothing here draws, and nothing here is a rule.

/**
 * @typedef {{act: string, label: string, at?: string, tab?: string, primary?: boolean, replaces?: boolean}} NoticeButton
 * @typedef {{text: string, alert?: boolean, sticky?: boolean, buttons?: NoticeButton[]}} Notice
 */

/** A link's offer: what the rules read of it (`text`), "Open it" and "Keep mine"; `replaces`: opening it
 *  sets the player's own aside (else the second button is "Not now"). It stays until answered.
 *  @returns {Notice} */
export function offerNotice(/** @type {string} */ text, { replaces = false } = {}) {
  return { alert: true, sticky: true, text, buttons: [{ act: "open-shared", label: "Open it", primary: true, replaces },
    { act: "keep-mine", label: replaces ? "Keep mine" : "Not now" }] };
}

/** What "Keep mine" / "Not now" says: the shared `what` was not opened, and the player's is as it was. */
export const keptMine = (/** @type {string} */ what, /** @type {boolean} */ mine) =>
  mine ? `The shared ${what} was not opened; yours is as it was.` : `The shared ${what} was not opened.`;
