// The conflict board's kept form: pack/unpack, undo and redo of the log, merging two tabs' logs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { at, T } from "./clock.mjs";
import { codec, fresh, logged, merge, pack, redone, undone, unpack } from "../../calculators/browser/widgets/board/conflict.js";

const setup = { map: { zones: ["A", "B"], borders: [] }, sides: ["Crew", "Gang"], actors: [] };

test("a packed conflict unpacks to the same conflict; a foreign or damaged one is refused in words", () => {
  const c = logged(logged(fresh(setup), { kind: "simple", actor: "Jade" }), { kind: "end_exchange" });
  assert.deepEqual(unpack(JSON.stringify(pack(c))).conflict, c);
  assert.equal(unpack("{oops").problem, "it is not readable JSON");
  assert.match(unpack(JSON.stringify({ format: "conflict-table/morale", setup, events: [] })).problem, /not a conflict board/);
  assert.match(unpack(JSON.stringify({ format: "conflict-table/board", events: [] })).problem, /no setup and events/);
});

test("undo keeps the event for redo; a new event drops the redo list", () => {
  const one = logged(fresh(setup), { kind: "simple", actor: "Jade" });
  const back = undone(one);
  assert.deepEqual(back.events, []);
  assert.deepEqual(back.redo, [{ kind: "simple", actor: "Jade" }]);
  const again = redone(back);
  assert.deepEqual([again.events, again.redo], [one.events, []]);
  assert.equal(again.ids[0], `${one.ids[0]}~1`); // logged again under the next id of its line
  assert.deepEqual(again.dropped, one.ids); // the undone id stays out when two tabs merge
  assert.equal(undone(fresh(setup)), null);
  assert.equal(redone(one), null);
  const other = logged(back, { kind: "end_exchange" });
  assert.deepEqual(other.redo, []);
  assert.deepEqual(other.dropped, one.ids);
});

test("two tabs' logs merge without losing or doubling an event, the one logged first first; another setup does not merge", () => {
  const kinds = (c) => c.events.map((e) => e.kind + (e.actor ?? ""));
  const base = at(T, () => logged(fresh(setup), { kind: "simple", actor: "Jade" }));
  const mine = at(T + 1000, () => logged(base, { kind: "simple", actor: "Gatto" }));
  const theirs = at(T + 1001, () => logged(base, { kind: "end_exchange" }));
  const merged = merge(mine, theirs);
  assert.deepEqual(kinds(merged), ["simpleJade", "simpleGatto", "end_exchange"]);
  assert.deepEqual(kinds(merge(theirs, mine)), kinds(merged)); // either tab merging: the same order
  // logged in the same millisecond: the stored log's event (theirs) first
  const tied = at(T + 1000, () => logged(base, { kind: "end_exchange" }));
  assert.deepEqual(kinds(merge(mine, tied)), ["simpleJade", "end_exchange", "simpleGatto"]);
  assert.deepEqual(merge(merged, merged).events, merged.events);
  assert.equal(merge(mine, fresh({ ...setup, sides: ["X", "Y"] })), null);
});

test("the keeper's codec writes nothing kept as null and reads a packed conflict back", () => {
  assert.equal(codec.toText(null), "null");
  const c = logged(fresh(setup), { kind: "end_exchange" });
  assert.deepEqual(codec.fromText(codec.toText(c)).value, c);
  assert.match(codec.fromText("null").problem, /not a conflict board/);
});
