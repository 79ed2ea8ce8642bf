// Share links for every calculator: a state packed into the page's URL fragment (#<name>=<code>), which never
// reaches a server, so a link works offline. The code is base64url of the JSON, deflated ("deflate-raw") when the
// browser can: then it starts with "z." (a character base64url never uses). Reading a link gives text, or why it
// can't be read; the caller checks the state like an import. A form's share button and notice: shareform.js.

import { el } from "./ui.js";
import { isRecord, json, readKind } from "./keeping/checks.js";
import { keepSession, sessionText } from "./keeping/slot.js";
import { textId } from "./keeping/tabs.js"; // a fragment's short name, to tell the links of one entry apart
import "./linkmarks.js"; // the theme's writes of the scroll offset keep the marks below (also in early.js's <head> script)

const ZIPPED = "z.";
/** At most this many characters come out of a link (a damaged or hostile link could inflate to far more). */
export const MAX_CHARS = 1_000_000;
/** One cap for every link, deflated or plain: a code longer than base64url of MAX_CHARS bytes is refused
 *  before it is read (a plain 2 MB link took seconds to open), and so is a text over MAX_CHARS characters. */
export const MAX_CODE = Math.ceil((MAX_CHARS * 4) / 3);

function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(code) {
  if (!/^[A-Za-z0-9_-]*$/.test(code)) throw new Error("not base64url");
  const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function through(stream, bytes, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new RangeError("too large");
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** The code for a value: deflated when the browser can, else plain. */
export async function encode(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  if (typeof CompressionStream === "function" && typeof DecompressionStream === "function") {
    try {
      return ZIPPED + toBase64url(await through(new CompressionStream("deflate-raw"), bytes));
    } catch {}
  }
  return toBase64url(bytes);
}

/** The text a code carries: {text} or {problem} (a sentence). */
export async function decode(code) {
  const tooLarge = { problem: "it carries far more than any calculator holds" };
  if (code.length > MAX_CODE) return tooLarge;
  try {
    if (code.startsWith(ZIPPED)) {
      let stream = null;
      try {
        stream = new DecompressionStream("deflate-raw");
      } catch {}
      if (!stream) return { problem: "this browser can't unpack it (it has no deflate-raw DecompressionStream): open it in a newer browser" };
      const bytes = await through(stream, fromBase64url(code.slice(ZIPPED.length)), MAX_CHARS * 4);
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      return text.length > MAX_CHARS ? tooLarge : { text };
    }
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(code)) };
  } catch (error) {
    return error instanceof RangeError ? tooLarge : { problem: "the link is damaged (cut short or changed)" };
  }
}

const hashOf = (name) => `#${name}=`;

/** A link to this page carrying `value` under `name` (#name=<code>). */
export const link = async (name, value) => `${location.href.split("#")[0]}${hashOf(name)}${await encode(value)}`;

// A link is handled once: opened, kept out ("Keep mine") or refused, it is forgotten, and Back or a reload never
// offers it again. Where it was, the address keeps only the page (or a table view's fragment); a link not yet
// answered when a table view takes its place in the history rides along in the entry's state (`calcLink`), so a
// reload still offers it. Each entry that carries a link is marked when the link is first read (`calcSeen`: the
// link's short name and a name of the entry's own), and the entries whose link was handled are remembered for the
// tab: an entry that still carries one (another fragment pushed over it before it was answered) is cleared when
// Back reaches it, never offered; the same link opened afresh is a new entry, offered again, also after a reload
// or the theme drawing the page again before it is answered.

/** A share link's fragment: "#name=…". */
export const isLink = (hash) => /^#[a-z][a-z0-9-]*=/.test(hash);

const HANDLED = "conflict-table:handled-links"; // sessionStorage: the entries whose link this tab handled
const MAX_HANDLED = 50;
const handledList = () => {
  const list = json(sessionText(HANDLED) ?? "[]").value;
  return Array.isArray(list) ? list : [];
};
const memory = new Set(); // the same, where sessionStorage is off
const handled = (entry) => memory.has(entry) || handledList().includes(entry);
function remember(entry) {
  memory.add(entry);
  keepSession(HANDLED, JSON.stringify([...handledList().filter((x) => x !== entry), entry].slice(-MAX_HANDLED)));
}
/** name → the entry its offered link was read in (the entry the address may since have left). */
const readIn = new Map();

/** The history entry's state without `calcLink` (a link it carried, now handled). */
const stateWithout = () => {
  const state = globalThis.history?.state;
  if (!state || typeof state !== "object" || !("calcLink" in state)) return state;
  const { calcLink: _gone, ...rest } = state;
  return rest;
};
const linkInState = () => {
  const link = globalThis.history?.state?.calcLink;
  return typeof link === "string" && isLink(link) ? link : "";
};

// The fragment the page was opened with, kept by early.js in <head>: the theme's navigation
// tracking may replace it with a heading's before a calculator starts; else a link the entry carries.
const opened = () => {
  const kept = typeof globalThis.__calcHash === "string" ? globalThis.__calcHash : "";
  return isLink(kept) ? kept : linkInState() || kept;
};

/** The page's link under `name`, unless the entry of the history it is in was handled already (then it is
 *  cleared from the address on sight). An entry carrying a link is marked when the link is first read. */
function current(name) {
  const hash = [location.hash, opened()].find((h) => h.startsWith(hashOf(name)));
  if (!hash) return "";
  const state = globalThis.history?.state;
  const seen = state?.calcSeen;
  const link = textId(hash);
  if (seen?.link === link && typeof seen.entry === "string") {
    if (handled(seen.entry)) {
      forget(name);
      return "";
    }
    readIn.set(name, seen.entry);
  } else if (location.hash === hash && globalThis.history) {
    const entry = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
    history.replaceState({ ...(state && typeof state === "object" ? state : {}), calcSeen: { link, entry } }, "", location.href);
    readIn.set(name, entry);
  }
  return hash;
}

/** The state the page's link carries under `name`: null (none), {text} or {problem}. */
export async function received(name) {
  const hash = current(name);
  return hash ? decode(hash.slice(hashOf(name).length)) : null;
}

/** Take the state out of the page's link (once it is opened, kept out or refused), leaving the page as it
 *  is: its entry remembered as handled, the link gone from the address and from the entry's state. */
export function forget(name) {
  if (readIn.has(name)) remember(/** @type {string} */ (readIn.get(name)));
  readIn.delete(name);
  if (opened().startsWith(hashOf(name))) {
    globalThis.__calcHash = "";
    if (linkInState().startsWith(hashOf(name))) history.replaceState(stateWithout(), "", location.href);
  }
  if (location.hash.startsWith(hashOf(name))) history.replaceState(stateWithout(), "", location.href.split("#")[0]);
}

/** Put `hash` (a table view's) in place of the address's fragment, without a new entry in the history when
 *  the fragment is a link (Back then leaves, as it would from the link): the link, not yet handled, rides
 *  along in the entry's state, where received() still finds it. false when the fragment is no link. */
export function replaceLink(hash) {
  if (!isLink(location.hash)) return false;
  const seen = history.state?.calcSeen;
  const done = seen?.link === textId(location.hash) && handled(seen.entry);
  history.replaceState(done ? stateWithout() : { ...(history.state ?? {}), calcLink: location.hash }, "", hash);
  return true;
}

/** lean-qr and its SVG output, shipped with the site (assets/calc/vendor), loaded the first time a link is offered. */
let qrLibrary = null;
const vendor = (name) => import(new URL(`./vendor/${name}`, import.meta.url).href);

/**
 * A QR code of a link, drawn as an SVG, so a phone at the table opens it with its camera: a
 * <figure> to put beside the link's field, or a sentence when the link is too long for a QR code
 * (at most about 2,900 characters) or the code can't be drawn.
 */
export async function qrCode(el, url) {
  let lib;
  try {
    qrLibrary ??= Promise.all([vendor("lean-qr.mjs"), vendor("lean-qr-svg.mjs")]);
    const [{ generate, correction }, { toSvg }] = (lib = await qrLibrary);
    const code = generate(url, { minCorrectionLevel: correction.L });
    const svg = toSvg(code, document, { on: "#000", off: "#fff", pad: 4 });
    svg.setAttribute("class", "calc-share__qr");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "QR code of the link");
    return el("figure", { class: "calc-share__code", "data-out": "qr" }, svg,
      el("figcaption", {}, "Or scan this code with another phone's camera."));
  } catch {
    qrLibrary = lib ? qrLibrary : null; // a library that did not load is asked for again next time
    return el("p", { class: "calc-share__code", "data-out": "qr" },
      lib ? "This link is too long for a QR code: copy it instead." : "The QR code could not be drawn here: copy the link instead.");
  }
}

/** A link offered under the Share button that made it, as data for a template: {url, copied, words, code}
 *  (code: the QR code's element, or a sentence saying why there is none). */
export async function offered(url, opens) {
  const copied = await (navigator.clipboard?.writeText(url).then(() => true, () => false) ?? false);
  const words = copied ? `Link copied: it opens ${opens}.` : `Here is the link: it opens ${opens}. Copy it, or scan the code.`;
  return { url, copied, words, code: await qrCode(el, url) };
}

// ---------------------------------------------------------------- a calculator whose state is its form

/** What a link carries, if it is a sound form of these fields: {values} or {problem}.
 *  `kinds`: each field's type of value ("boolean" for a checkbox, else "string"). */
export function readValues(text, format, kinds) {
  const names = Object.keys(kinds);
  const notOurs = "it was not made by this calculator";
  const { data, problem } = readKind(text, { format, version: 1, versionRequired: true, what: "this calculator's link",
    not: notOurs });
  if (problem) return { problem };
  if (!isRecord(data.fields)) return { problem: notOurs };
  for (const name of names) {
    const value = data.fields[name];
    if (value === undefined) return { problem: `it leaves out the field “${name}”` };
    const fits = typeof value === kinds[name] && !(value.length > 200);
    if (!fits) return { problem: `its field “${name}” holds no value a field can take` };
  }
  const extra = Object.keys(data.fields).find((name) => !names.includes(name));
  if (extra) return { problem: `it names a field this calculator does not have (“${String(extra).slice(0, 40)}”)` };
  return { values: { ...data.fields } };
}
