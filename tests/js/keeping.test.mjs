// keeping/: pure helpers: storage keys, file names, undo/redo history. No DOM needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { History, fileName, keyFor } from "../../calculators/browser/keeping/index.js";

test("a storage key carries the site's path, so two sites on one origin never share data", () => {
  assert.match(keyFor("morale"), /^conflict-table\[.*\/\]:morale$/);
  assert.notEqual(keyFor("morale"), keyFor("stress:track"));
});

test("a download's file name is the prefix and the time, safe on every file system", () => {
  assert.equal(fileName("morale", "2026-03-04T05:06:07.890Z"), "morale-2026-03-04T05-06-07.json");
});

test("undo goes back one step and redo forward again, with their labels", () => {
  const h = new History();
  assert.equal(h.canUndo, false);
  h.record("a", "typed 1");
  h.record("b", "typed 2");
  assert.deepEqual(h.undo("c"), { state: "b", label: "typed 2" });
  assert.equal(h.canRedo, true);
  assert.deepEqual(h.redo("b"), { state: "c", label: "typed 2" });
  assert.equal(h.canRedo, false);
});

test("a new change after an undo drops the redo steps", () => {
  const h = new History();
  h.record("a", "one");
  h.undo("b");
  h.record("b", "two");
  assert.equal(h.canRedo, false);
  assert.equal(h.redo("x"), null);
});

test("history keeps at most its limit of steps and survives a JSON round trip", () => {
  const h = new History({}, 3);
  for (const s of ["a", "b", "c", "d", "e"]) h.record(s, s);
  assert.deepEqual(h.past.map((s) => s.state), ["c", "d", "e"]);
  const again = new History(JSON.parse(JSON.stringify(h)), 3);
  assert.deepEqual(again.undo("f"), { state: "e", label: "e" });
});
