// widgets/borders/store.js: the border calculator's one store, driven as the page's taps and keystrokes
// drive it, with rules_core answering in a CPython of its own (rules.mjs) and local storage a fake. What a
// referee would notice: the route and the move are the rules' answers, a refused edit is said beside its
// field and keeps both the map and what was typed, a renamed zone stays chosen, undo brings a map back,
// and what is typed after a map is drawn is not emptied when its route comes in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { storeBench } from "./rules.mjs";

const { win, engine } = await storeBench();
const { bordersStore } = await import("../../calculators/browser/widgets/borders/store.js");
const { keyFor } = await import("../../calculators/browser/keeping/slot.js");

const WAREHOUSE = { name: "Warehouse", zones: ["West end", "Middle", "East end"],
  borders: [{ between: ["West end", "Middle"], pass: 3 }, { between: ["Middle", "East end"], pass: 3 }] };
const OPTIONS = { map: "warehouse", start: "West end", destination: "East end", store: "borders",
  examples: [{ id: "warehouse", title: "Warehouse", map: WAREHOUSE }], roll: { skill: 3, faces: "+0--", bid: 0 } };
const kept = () => JSON.parse(win.localStorage.map.get(keyFor("borders")) ?? "null");

/** The store opened (the example, nothing kept), its first answers in. */
async function opened() {
  const store = bordersStore({ engine, options: OPTIONS });
  await store.dispatch("open", { linked: false });
  await store.answered();
  return store;
}

test("the route and the move shown are the rules' answers for the map and the roll", async () => {
  const store = await opened();
  const { answer } = store.state;
  assert.equal(answer.route.result.cost, 6);
  assert.equal(answer.reach.shifts, 2); // skill 3, dice −1
  assert.deepEqual(answer.reach.reachable, []);
  store.now("moved", "mode", "shifts");
  store.now("moved", "shifts", "3");
  await store.answered();
  assert.deepEqual(store.state.answer.reach.reachable, ["Middle"]);
  store.now("moved", "shifts", "abc");
  await store.answered();
  assert.match(store.state.errors.shifts, /whole number/);
  assert.equal(store.state.answer.stale, true); // the last answer stays, marked stale
  assert.deepEqual(store.state.answer.reach.reachable, ["Middle"]);
});

test("a refused edit is said beside its field; the map, what is kept and what was typed stay", async () => {
  const store = await opened();
  store.now("typed", "new-zone", "Middle");
  await store.dispatch("add-zone");
  assert.match(store.state.errors["new-zone"], /Two zones are called 'Middle'/);
  assert.deepEqual(store.state.current.checked.zones, ["West end", "Middle", "East end"]);
  assert.equal(kept(), null);
  assert.equal(store.state.typed["new-zone"], "Middle");
  store.now("typed", "border-1-way-0-pass", "-1");
  await store.dispatch("set-way", 1, 0);
  assert.match(store.state.errors["border-1-way-0-pass"], /can't be negative/);
  assert.equal(store.state.errors["new-zone"], undefined); // a message belongs to the last edit tried
  assert.equal(store.state.typed["border-1-way-0-pass"], "-1");
});

test("a renamed zone stays chosen, the edit is kept, and undo brings the map back", async () => {
  const store = await opened();
  store.now("typed", "zone-2", "Loading bay");
  await store.dispatch("rename-zone", 2);
  assert.equal(store.state.move.destination, "Loading bay");
  assert.deepEqual(kept().zones, ["West end", "Middle", "Loading bay"]);
  assert.deepEqual(kept().borders[1].between, ["Middle", "Loading bay"]);
  assert.equal(store.state.typed["zone-2"], undefined); // the row shows the map's name again
  assert.equal(store.state.steps.undo, true);
  await store.dispatch("step", true);
  assert.deepEqual(store.state.current.checked.zones, ["West end", "Middle", "East end"]);
  assert.equal(store.state.move.destination, "East end");
  assert.match(store.state.saved, /^Undone: Renamed East end/);
});

test("a new border with named ways is added as typed, and what is typed once it is drawn stays", async () => {
  const store = await opened();
  store.now("typed", "from", "West end");
  store.now("typed", "to", "East end");
  store.now("way-typed", 0, "name", "ramp");
  store.now("way-typed", 0, "pass", "2");
  store.now("way-typed", 0, "back", "4");
  await store.dispatch("add-way");
  store.now("way-typed", 1, "name", "ladder");
  store.now("way-typed", 1, "pass", "5");
  await store.dispatch("add-border");
  assert.deepEqual(kept().borders[2], { between: ["West end", "East end"], ways: [{ name: "ramp", pass: 2, back: 4 }, { name: "ladder", pass: 5 }] });
  assert.deepEqual(store.state.ways, [{ id: 0, name: "", pass: "1", back: "" }]);
  store.now("way-typed", 0, "name", "stairs"); // typed while the new map's route is on its way
  await store.answered();
  assert.equal(store.state.ways[0].name, "stairs");
  assert.equal(store.state.answer.route.result.cost, 2);
});

test("a refused new border's way is said beside that way's row, even after a row above it was removed", async () => {
  const store = await opened();
  store.now("typed", "from", "West end");
  store.now("typed", "to", "East end");
  store.now("way-typed", 0, "name", "ramp");
  await store.dispatch("add-way");
  await store.dispatch("add-way");
  await store.dispatch("remove-way", 1); // the rows left: ids 0 and 2
  store.now("way-typed", 2, "name", "ladder");
  store.now("way-typed", 2, "pass", "-5");
  await store.dispatch("add-border");
  assert.match(store.state.errors["way-2-pass"], /can't be negative/);
  assert.equal(kept(), null);
  assert.deepEqual(store.state.ways.map((w) => [w.id, w.pass]), [[0, "1"], [2, "-5"]]);
});

test("a new zone goes in the first free place on the grid and a moved zone swaps with the one there", async () => {
  const store = await opened();
  store.now("typed", "new-zone", "Loading bay");
  await store.dispatch("add-zone");
  const cells = () => Object.fromEntries(store.state.current.drawing.zones.map((z) => [z.zone, z.cell]));
  assert.deepEqual(cells()["Loading bay"], [0, 1]);
  await store.dispatch("move-zone", 0, 1, 0);
  assert.deepEqual(cells(), { "West end": [1, 0], Middle: [0, 0], "East end": [2, 0], "Loading bay": [0, 1] });
  assert.equal(store.state.saved, "Moved West end.");
});
