// @ts-check
// The check of every name the site keeps, reachable without mounting its widget
// (Import everything checks each entry of its file with these). A check:
// async (text, engine) → null (usable) | {problem} | {down}. The keeping layer
// knows no widget: each widget lists the names it keeps and their checks in its
// own `kept.js` (export const KEPT = [[RegExp, check], …]), the build's registry
// names the widgets that keep something, and loadChecks() reads those lists.

/** @typedef {(text: string, engine: any) => Promise<null | {problem?: string, down?: string}>} KeptCheck */

/** @type {{test: RegExp, check: KeptCheck}[]} */
const registry = [];

/** Register the check of the names matching `test` (a later registration wins). @param {RegExp} test @param {KeptCheck} check */
export function registerCheck(test, check) {
  registry.unshift({ test, check });
}

/** Register a widget's list of kept names and their checks ([[test, check], …], its kept.js). */
export function registerKept(/** @type {[RegExp, KeptCheck][]} */ kept) {
  for (const [test, check] of kept) registerCheck(test, check);
}

/** @type {Promise<void> | null} */
let loading = null;

/** Every widget's kept names (widgets/<name>/kept.js, the ones the build's registry.js names), read once. */
export function loadChecks() {
  loading ??= (async () => {
    const { KEEPING } = await import("../registry.js");
    // By URL from this module's own, so the path holds wherever the build bundles this code (bundle.mjs).
    const lists = await Promise.all(KEEPING.map((name) => import(new URL(`../widgets/${name}/kept.js`, import.meta.url).href)));
    lists.forEach(({ KEPT }) => registerKept(KEPT));
  })();
  return loading;
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
/** A check of a value's shape (value → null | why) as a check of its stored text (text → null | why),
 *  for slot(name, {problemOf}) and a kept.js entry alike. */
export const textCheck = (/** @type {(value: any) => string | null} */ problemOf) => (/** @type {string} */ text) => {
  const got = json(text);
  return got.problem ?? problemOf(got.value) ?? null;
};
export const isRecord = (/** @type {any} */ v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** An engine reply as a verdict. */
export const judged = (/** @type {any} */ reply, where = "") => (reply.ok ? null
  : reply.error?.code === "engine" ? { down: reply.error.message } : { problem: where + reply.error.message });

// The edition chosen in the header (edition.js, not a widget): one of the editions (registry.js,
// written by the build), as plain text.
registerCheck(/^edition$/, async (text) => {
  const { EDITIONS } = await import("../registry.js");
  return EDITIONS.includes(text) ? null : { problem: "it is not an edition of the rules" };
});
