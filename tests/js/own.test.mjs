// own.js: a lookup table answers only for its own keys, never for what every object inherits
// (issue 25, finding 1: a roster naming "constructor" passed the `in` check).
import { test } from "node:test";
import assert from "node:assert/strict";
import { isOwn, own } from "../../calculators/browser/own.js";

const STANDINGS = { in: "In the fight", taken_out: "Taken out" };

test("a table's own keys are found", () => {
  assert.equal(isOwn(STANDINGS, "taken_out"), true);
  assert.equal(own(STANDINGS, "in"), "In the fight");
});

test("inherited names and non-strings are not keys of the table", () => {
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", 1, null, undefined, {}]) {
    assert.equal(isOwn(STANDINGS, name), false, String(name));
    assert.equal(own(STANDINGS, name), undefined, String(name));
  }
});

test("an old event's fields are renamed, and a field named after a built-in is left as it is", async () => {
  const { current } = await import("../../calculators/browser/widgets/morale/saved.js");
  const event = { kind: "attack", target: "Ash", defense: 2, constructor: "x", toString: "y" };
  assert.deepEqual(Object.keys(current(event)).sort(), ["constructor", "defender", "defender_effort", "kind", "toString"]);
});
