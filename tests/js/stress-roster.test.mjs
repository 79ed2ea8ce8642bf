// The party roster's keeping (party/roster.js, kept by the stress calculator): what the keeper refuses and sets aside
// (issue 25, finding 2) and how two tabs' rosters are merged (finding 3).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mergeRosters, rosterCodec, unpackChecked } from "../../calculators/browser/party/roster.js";

const person = (id, name, more = {}) => ({ id, name, side: "pc", standing: "in", traits: [], ...more });
const roster = (current, ...people) => ({ current, people });

test("a stored roster that can't be used is a problem for the keeper (set aside, never overwritten)", () => {
  const many = roster("c1", ...Array.from({ length: 41 }, (_, i) => person(`c${i + 1}`, `P${i + 1}`)));
  const cases = [
    [many, /more than 40 characters/],
    [roster("c1", person("c1", "x".repeat(61))), /no name of 1 to 60 characters/],
    [{ current: "c1", people: "lots" }, /no list of characters/],
    [roster("c1", person("c1", "Ada", { standing: "vanished" })), /no known standing/], // a newer release's standing
  ];
  for (const [value, why] of cases) assert.match(rosterCodec.fromText(JSON.stringify(value)).problem, why);
  assert.deepEqual(rosterCodec.fromText(JSON.stringify(roster("c1", person("c1", "Ada")))).value, roster("c1", person("c1", "Ada")));
});

test("another tab's roster to which this tab adds nothing is taken as it is: nothing to write back", () => {
  // (which character each tab shows is the widget's: the browser tests check each tab keeps its own)
  const base = roster("c1", person("c1", "Ada"));
  const theirs = roster("c2", person("c1", "Ada"), person("c2", "Grim", { side: "opponent" }));
  assert.equal(mergeRosters(base, theirs, base), theirs);
  const ours = roster("c1", person("c1", "Ada", { traits: ["Scar"] }));
  const merged = mergeRosters(ours, theirs, base);
  assert.equal(merged.current, "c1", "a merge that adds ours keeps the character this tab shows");
  assert.deepEqual(merged.people.map((p) => [p.name, p.traits]), [["Ada", ["Scar"]], ["Grim", []]]);
});

test("a change made in one tab only is taken; the same character changed in both: this tab's wins and it is said", () => {
  const base = roster("c1", person("c1", "Character 1"), person("c2", "Bo"));
  const ours = roster("c1", person("c1", "Ada"), person("c2", "Bo"));
  const theirs = roster("c2", person("c1", "Character 1"), person("c2", "Bob"));
  assert.deepEqual(mergeRosters(ours, theirs, base).people.map((p) => p.name), ["Ada", "Bob"]);
  const said = [];
  const both = mergeRosters(ours, roster("c1", person("c1", "Ava"), person("c2", "Bo")), base, (t) => said.push(t));
  assert.equal(both.people[0].name, "Ada");
  assert.match(said[0], /Ada \(“Ava” in the other tab\) was changed in another tab at the same moment: this tab's change was kept/);
});

test("a character added in both tabs under one id keeps both", () => {
  const base = roster("c1", person("c1", "Ada"));
  const ours = roster("c2", person("c1", "Ada"), person("c2", "Grim"));
  const theirs = roster("c2", person("c1", "Ada"), person("c2", "Vex"));
  const merged = mergeRosters(ours, theirs, base);
  assert.deepEqual(merged.people.map((p) => [p.id, p.name]), [["c1", "Ada"], ["c2", "Vex"], ["c3", "Grim"]]);
  assert.equal(merged.current, "c3", "this tab still shows the character it added");
});

test("a merge over the limits is refused (null): the keeper then keeps both, one set aside", () => {
  const many = (from, n) => Array.from({ length: n }, (_, i) => person(`c${from + i}`, `P${from + i}`));
  const base = roster("c1", ...many(1, 20));
  assert.equal(mergeRosters(roster("c1", ...many(1, 40)), roster("c1", ...many(1, 20), ...many(41, 20)), base), null);
});

test("a link may carry a hit to show (a worked example); a hit that is not a model and a whole stress is refused", async () => {
  const link = (hit) => JSON.stringify({ format: "conflict-table/stress", ...roster("c1", person("c1", "Ada")), hit });
  assert.deepEqual((await unpackChecked(link({ model: "conditions", stress: 2 }), {})).bundle.hit, { model: "conditions", stress: 2 });
  assert.equal((await unpackChecked(link(undefined), {})).bundle.hit, undefined);
  for (const hit of [{ model: "sponge", stress: 2 }, { model: "conditions", stress: 2.5 }, { model: "track", stress: -1 }, "2", null]) {
    assert.match((await unpackChecked(link(hit), {})).problem, /the hit it shows is not a model and a whole number of stress/);
  }
});
