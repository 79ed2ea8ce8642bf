// The build's answers for a form as the page first shows it (calculators/browser/known.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { answering, canonical } from "../../calculators/browser/known.js";

test("a payload's text does not depend on the order of its keys, at any depth", () => {
  assert.equal(canonical({ b: 1, a: { d: [1, { y: 2, x: 3 }], c: false } }), canonical({ a: { c: false, d: [1, { x: 3, y: 2 }] }, b: 1 }));
  assert.notEqual(canonical({ a: 1 }), canonical({ a: "1" })); // the number 1 and the text "1" are different questions
  assert.notEqual(canonical({ a: [1, 2] }), canonical({ a: [2, 1] }));
  // as JSON sends it: a key whose value is undefined is not there, an undefined item is null
  assert.equal(canonical({ a: 1, chosen: undefined }), canonical({ a: 1 }));
  assert.equal(canonical([undefined, 1]), canonical([null, 1]));
});

test("a call the build answered is answered from that; any other goes to the engine", async () => {
  const asked = [];
  const engine = { status: "starting", call: async (name, payload) => (asked.push([name, payload]), { ok: true, result: "engine" }),
    watch() { return this.status; } };
  const counter = { answered: 0 };
  const view = answering(engine, [["boons.free_dice", { rating: 7, enduring: false }, { ok: true, result: { free_dice: 3 } }]], counter);
  const first = await view.call("boons.free_dice", { enduring: false, rating: 7 });
  assert.deepEqual(first, { ok: true, result: { free_dice: 3 } });
  first.result.free_dice = 99; // a widget that changes its copy does not change the next answer
  assert.equal((await view.call("boons.free_dice", { rating: 7, enduring: false })).result.free_dice, 3);
  assert.deepEqual(await view.call("boons.free_dice", { rating: 8, enduring: false }), { ok: true, result: "engine" });
  assert.deepEqual(asked, [["boons.free_dice", { rating: 8, enduring: false }]]);
  assert.equal(counter.answered, 2);
  assert.equal(view.status, "starting");
  assert.equal(view.watch(), "starting"); // the engine's own methods still see the engine
  assert.equal(answering(engine, []), engine);
});
