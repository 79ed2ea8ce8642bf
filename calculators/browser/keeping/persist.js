// @ts-check
// Asking the browser to keep what the player entered for good (persistent storage), once: the first time a keeper
// stores something the player did (a conflict started, a character added, a map edited: every keeper's write says
// so with the "conflict-table:kept" event), and the answer remembered, so it is not asked again on every write.
// Browsers without navigator.storage.persist (Safari before 15.2) keep best-effort only.
import { getText, keyFor, setText } from "./slot.js";

export const ASKED = keyFor("keeping:persist"); // "granted" | "refused" | "unsupported"
export const CHANGED = "conflict-table:persist";
export const WORDS = {
  granted: "Kept until you clear it: this browser has agreed to keep what you enter here.",
  refused: "Your browser may clear this: install the site or export it (Export everything below).",
};

/** The remembered answer, or null when not asked yet. */
export function answer() {
  const got = getText(ASKED).text;
  return got === "granted" || got === "refused" || got === "unsupported" ? got : null;
}

/** The plain words for an answer (null: not asked yet). */
export const words = (/** @type {string | null} */ got) => (got == null ? null : got === "granted" ? WORDS.granted : WORDS.refused);

function remember(/** @type {string} */ got) {
  setText(ASKED, got); // storage off: asked again next time, which is all that is lost
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: got }));
  return got;
}

let asking = null;

/** Ask once (later calls get the remembered answer). → "granted" | "refused" | "unsupported". */
export function ask() {
  const known = answer();
  if (known) return Promise.resolve(known);
  asking ??= (async () => {
    const storage = navigator.storage;
    if (!storage || typeof storage.persist !== "function") return "unsupported";
    try {
      if (typeof storage.persisted === "function" && await storage.persisted()) return "granted";
      return (await storage.persist()) ? "granted" : "refused";
    } catch {
      return "refused";
    }
  })().then((got) => {
    asking = null;
    return remember(got);
  });
  return asking;
}

/** A "refused" remembered earlier may have been granted since (the site installed): ask the browser
 *  (persisted() never prompts) and remember the better news. → the answer now. */
export async function recheck() {
  const known = answer();
  if (known !== "refused" || typeof navigator.storage?.persisted !== "function") return known;
  try {
    return (await navigator.storage.persisted()) ? remember("granted") : known;
  } catch {
    return known;
  }
}

/** Ask at the first keeper write (the answer is remembered across visits; a second listener's ask() finds the
 *  first one's answer, asked or on its way). */
export function askOnFirstKeep() {
  if (!answer()) window.addEventListener("conflict-table:kept", () => ask(), { once: true });
}
