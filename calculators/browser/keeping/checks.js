// @ts-check
// The check of every name the site keeps, without mounting its widget (Import everything checks each entry with
// these): async (text, engine) → null (usable) | {problem} | {down}. The keeping layer knows no widget: each lists
// its kept names and checks in its `kept.js` (KEPT = [[RegExp, check], …]), and loadChecks() reads those lists.

/** @typedef {(text: string, engine: any) => Promise<null | {problem?: string, down?: string}>} KeptCheck */

/** @type {{test: RegExp, check: KeptCheck}[]} */
const registry = [];

/** Register a widget's list of kept names and their checks ([[test, check], …], its kept.js): a later
 *  registration wins. */
export function registerKept(/** @type {[RegExp, KeptCheck][]} */ kept) {
  for (const [test, check] of kept) registry.unshift({ test, check });
}

let loading = /** @type {Promise<void> | null} */ (null);

/** Every widget's kept names (widgets/<name>/kept.js, the ones the build's registry.js names), read once. */
export function loadChecks() {
  return (loading ??= (async () => {
    const { KEEPING } = await import("../registry.js");
    // By URL from this module's own, so the path holds wherever the build bundles this code (bundle.mjs).
    const lists = await Promise.all(KEEPING.map((name) => import(new URL(`../widgets/${name}/kept.js`, import.meta.url).href)));
    lists.forEach(({ KEPT }) => registerKept(KEPT));
  })());
}

/** The check of a kept name, bound to an engine: (text) → verdict; null when no calculator keeps it. */
export function checkOf(/** @type {string} */ name, /** @type {any} */ engine) {
  const found = registry.find((r) => r.test.test(name));
  return found ? (/** @type {string} */ text) => found.check(text, engine) : null;
}

/** JSON text read: {value} or {problem}. */
export const json = (/** @type {string} */ text) => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { problem: "it is not readable JSON" };
  }
};
/** A kept name's check of a JSON value ((value, engine) → verdict) as the check of its stored text (KEPT). */
export const jsonCheck = (/** @type {(value: any, engine: any) => Promise<any>} */ check) => async (/** @type {string} */ text, /** @type {any} */ engine) => {
  const got = json(text);
  return got.problem ? got : check(got.value, engine);
};
/** A check of a value's shape (value → null | why) as a check of its stored text (text → null | why),
 *  for slot(name, {problemOf}) and a kept.js entry alike. */
export const textCheck = (/** @type {(value: any) => string | null} */ problemOf) => (/** @type {string} */ text) => {
  const got = json(text);
  return got.problem ?? problemOf(got.value) ?? null;
};
/** textCheck as a kept name's check (KEPT): {problem} or null, for a value whose shape alone says if it can be used.
 *  @param {(value: any) => string | null} problemOf */
export const shapeCheck = (problemOf) => async (/** @type {string} */ text) => {
  const why = textCheck(problemOf)(text);
  return why ? { problem: why } : null;
};
export const isRecord = (/** @type {any} */ v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The one reader of a file's or a link's text (or value) up to its kind: {data}, a mapping of `format` and of
 * the version this release reads, or {problem}, a sentence for the player. A newer version is refused by name.
 * not: the sentence for what is no mapping (or has no format, unless unmarked says another); formatRequired
 * false: a mapping without a format is read (the first releases wrote none); versionRequired: likewise.
 * @param {unknown} data @param {{format: string, what: string, version?: number | null, formatRequired?: boolean,
 *   versionRequired?: boolean, not?: string, unmarked?: string}} how what: "a conflict board"
 * @returns {{data: Record<string, any>, problem?: undefined} | {problem: string, data?: undefined}}
 */
export function readKind(data, { format, what, version = null, formatRequired = true, versionRequired = false,
  not = `it is not ${what}`, unmarked = not }) {
  if (typeof data === "string") {
    const got = json(data);
    if (got.problem) return { problem: got.problem };
    data = got.value;
  }
  if (!isRecord(data)) return { problem: not };
  const d = /** @type {Record<string, any>} */ (data);
  if (d.format === undefined && formatRequired) return { problem: unmarked };
  const kind = String(d.format).slice(0, 40);
  if (d.format !== undefined && d.format !== format) return { problem: `it is a ${kind} file, not ${what}` };
  if (version == null || d.version === version || (d.version === undefined && !versionRequired)) return { data: d };
  return { problem: Number.isInteger(d.version) && d.version > version
    ? `it was made by a newer version of this site (version ${d.version}; this one reads version ${version}): ` +
      "update the site to open it"
    : `its version is ${d.version === undefined ? "missing" : "damaged"}` };
}
/** An engine reply as a verdict. */
export const judged = (/** @type {any} */ reply, where = "") => (reply.ok ? null
  : reply.error?.code === "engine" ? { down: reply.error.message } : { problem: where + reply.error.message });

// The edition chosen in the header (edition.js, not a widget): one of the editions (registry.js,
// written by the build), as plain text.
registerKept([[/^edition$/, async (text) => {
  const { EDITIONS } = await import("../registry.js");
  return EDITIONS.includes(text) ? null : { problem: "it is not an edition of the rules" };
}]]);
