// Keeping a conflict: local storage, set-aside copies, files and share links.
// A conflict is {setup, events, redo}; whether it still replays is asked of
// rules_core by the caller. Nothing here is a rule.
export const KEY = "conflict-table:morale";
export const ASIDE_KEY = "conflict-table:morale:set-aside";
export const DRAFT_KEY = "conflict-table:morale:draft";
export const FORMAT = "conflict-table/morale";
const HASH = "#morale=";

/** The saved form of a conflict (also the export file). */
export function pack(conflict) {
  return { format: FORMAT, version: 1, setup: conflict.setup, events: conflict.events, redo: conflict.redo };
}

/** Parse saved or imported text: {conflict} or {problem} (a sentence). */
export function unpack(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "it is not readable JSON" };
  }
  const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  if (!isObject(data)) return { problem: "it is not a conflict (no setup and events)" };
  if (data.format !== undefined && data.format !== FORMAT) return { problem: `it is a ${String(data.format).slice(0, 40)} file, not a morale conflict` };
  if (!isObject(data.setup) || !Array.isArray(data.events)) return { problem: "it is not a conflict (no setup and events)" };
  if (data.redo !== undefined && !Array.isArray(data.redo)) return { problem: "its redo list is not a list" };
  return { conflict: { setup: data.setup, events: data.events, redo: data.redo ?? [] } };
}

/** The raw saved text (null when there is none or storage is closed). */
export function savedText() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Copies set aside because they could not be opened: [{at, reason, text}]. */
export function asides(ui) {
  const { value } = ui.store.load(ASIDE_KEY, []);
  return Array.isArray(value) ? value : [];
}

/** Keep a copy that can't be used now; true when it is safely stored. */
export function setAside(ui, text, reason) {
  const list = asides(ui);
  list.push({ at: new Date().toISOString(), reason, text });
  return ui.store.save(ASIDE_KEY, list);
}

export function discardAsides(ui) {
  ui.store.remove(ASIDE_KEY);
}

/** Offer text as a file download (a Blob link, clicked). */
export function download(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fileName(prefix) {
  return `${prefix}-${new Date().toISOString().slice(0, 10)}.json`;
}

/** A link to this page carrying the conflict in its hash (base64url of the JSON). */
export function shareLink(conflict) {
  const bytes = new TextEncoder().encode(JSON.stringify(pack(conflict)));
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const code = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${location.href.split("#")[0]}${HASH}${code}`;
}

/** The text of a conflict carried by the page's link, or null. */
export function sharedText() {
  if (!location.hash.startsWith(HASH)) return null;
  try {
    const code = location.hash.slice(HASH.length).replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(code);
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return "";
  }
}

export function forgetShared() {
  if (location.hash.startsWith(HASH)) history.replaceState(history.state, "", location.href.split("#")[0]);
}
