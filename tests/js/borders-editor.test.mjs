// The border map editor's edits: plain data changes, the old map never touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { edits, fieldFor } from "../../calculators/browser/widgets/borders/editor.js";

const map = () => ({
  name: "House",
  zones: ["Hall", { name: "Yard", note: "open" }, "Roof"],
  borders: [{ between: ["Hall", "Yard"], pass: 1 }, { between: ["Yard", "Roof"], ways: [{ pass: 2 }, { pass: 3, off: true }] }],
});

test("renaming a zone renames it in every border and keeps its other data", () => {
  const before = map();
  const after = edits.renameZone(before, 1, "Garden");
  assert.deepEqual(after.zones[1], { name: "Garden", note: "open" });
  assert.deepEqual(after.borders.map((b) => b.between), [["Hall", "Garden"], ["Garden", "Roof"]]);
  assert.deepEqual(before, map(), "the old map is untouched (undo keeps it)");
});

test("removing a zone removes the borders that touch it", () => {
  const after = edits.removeZone(map(), 0);
  assert.deepEqual(after.zones, [{ name: "Yard", note: "open" }, "Roof"]);
  assert.deepEqual(after.borders.map((b) => b.between), [["Yard", "Roof"]]);
});

test("a way switched off and on again is as it was", () => {
  const off = edits.switchWay(map(), 0, 0, false);
  assert.equal(off.borders[0].off, true);
  assert.deepEqual(edits.switchWay(off, 0, 0, true), map());
  assert.equal(edits.switchWay(map(), 1, 1, true).borders[1].ways[1].off, undefined);
});

test("a rules error about a border lands on that border's field", () => {
  assert.equal(fieldFor.removeBorder(1)("map.borders"), "border-1");
  assert.equal(fieldFor.switchWay(1, 0)("map.borders[1].ways[0].pass"), "border-1-way-0");
  assert.equal(fieldFor.addBorder(2)("map.borders[2].ways[1].pass"), "way-1-pass");
  assert.equal(fieldFor.addBorder(2)("map.zones"), "new-border");
});

test("a border's pass values are set in place: same place, zones and other ways; blank back means both ways", () => {
  const before = map();
  const one = edits.setWay(before, 0, 0, 4, 2);
  assert.deepEqual(one.borders[0], { between: ["Hall", "Yard"], pass: 4, back: 2 });
  assert.deepEqual(edits.setWay(one, 0, 0, 3, "").borders[0], { between: ["Hall", "Yard"], pass: 3 });
  const way = edits.setWay(before, 1, 1, 5, "");
  assert.deepEqual(way.borders[1].ways, [{ pass: 2 }, { pass: 5, off: true }]);
  assert.deepEqual(before, map()); // the old map untouched
  assert.equal(fieldFor.setWay(1, 1)("map.borders[1].ways[1].back"), "border-1-way-1-back");
  assert.equal(fieldFor.setWay(0, 0)("map.borders[0].pass"), "border-0-way-0-pass");
  assert.equal(fieldFor.setWay(0, 0)("map.borders"), "border-0");
});
