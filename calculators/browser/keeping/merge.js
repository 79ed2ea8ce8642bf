// @ts-check
// Two tabs' values put together field by field: the keeper's merge for every value that has none of its own (a
// stress panel's boxes, a border map). A three-way merge from the value both tabs started from: what only one tab
// changed is taken from it, so two taps on different boxes at the same moment are both kept. What both changed,
// each its own way, can't be put together: the keeper then keeps both (one shown, the other set aside) and says
// so. Nothing here is a rule of the games: the rules check the merged value before it is kept (keeper.js).

import { isRecord } from "./checks.js";

const CLASH = Symbol("clash");

/** Are two plain values (JSON's kinds) the same, whatever the order of a record's keys? */
/** @param {any} a @param {any} b @returns {boolean} */
export function sameValue(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
}

/** One part of the merge: the part as merged, undefined (left out by the tab that changed it), or CLASH. */
/** @param {any} ours @param {any} theirs @param {any} base @returns {any} */
function three(ours, theirs, base) {
  if (sameValue(ours, theirs)) return theirs;
  if (sameValue(ours, base)) return theirs; // changed there only
  if (sameValue(theirs, base)) return ours; // changed here only
  if (isRecord(ours) && isRecord(theirs)) {
    const out = /** @type {Record<string, any>} */ ({});
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(ours)])) {
      const part = three(ours[key], theirs[key], isRecord(base) ? base[key] : undefined);
      if (part === CLASH) return CLASH;
      if (part !== undefined) out[key] = part;
    }
    return out;
  }
  if (Array.isArray(ours) && Array.isArray(theirs) && Array.isArray(base) &&
    ours.length === base.length && theirs.length === base.length) {
    const out = [];
    for (let i = 0; i < base.length; i++) {
      const part = three(ours[i], theirs[i], base[i]);
      if (part === CLASH || part === undefined) return CLASH;
      out.push(part);
    }
    return out;
  }
  return CLASH;
}

/**
 * Two tabs' values as one, from `base`, the value both started from: a record key by key, a list of the
 * same length as base item by item (a box tapped in one tab, another in the other: both marked). null
 * when both changed one part, each its own way (or a list's length), or when there is no base and they
 * differ: they can't be merged.
 * @param {any} ours @param {any} theirs @param {any} base
 */
export function mergeFields(ours, theirs, base) {
  const merged = three(ours, theirs, base);
  return merged === CLASH || merged === undefined ? null : merged;
}
