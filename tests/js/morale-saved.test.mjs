// The morale tracker's saved form: pack/unpack, share links, merging two tabs' logs.
// shareLink and sharedText read `location`; a stand-in is enough (no DOM).
import { test } from "node:test";
import assert from "node:assert/strict";
import { at, T } from "./clock.mjs";
import { logged, merge, pack, refuse, shareLink, sharedText, unpack } from "../../calculators/browser/widgets/morale/saved.js";

const setup = { edition: "2023", teams: [{ name: "Crows", members: ["Ash", "Bree"] }, { name: "Owls", members: ["Cy"] }] };
const fresh = () => unpack(JSON.stringify({ setup, events: [] })).conflict;

test("a packed conflict unpacks to the same conflict", () => {
  const c = logged(logged(fresh(), { kind: "attack", effort: 3 }), { kind: "rally" });
  const back = unpack(JSON.stringify(pack(c))).conflict;
  assert.deepEqual(back, c);
});

test("unreadable or foreign text is refused with a sentence, not thrown", () => {
  assert.equal(unpack("{oops").problem, "it is not readable JSON");
  assert.match(unpack(JSON.stringify({ format: "conflict-table/stress", setup, events: [] })).problem, /not a morale conflict/);
  assert.match(unpack("[]").problem, /no setup and events/);
});

test("a share link carries the conflict (names with accents included) and reads back", async () => {
  const c = logged({ ...fresh(), setup: { ...setup, teams: [{ name: "Corbeaux é ☂", members: ["Zoë"] }] } }, { kind: "rally" });
  globalThis.location = { href: "https://example.org/table/#old", hash: "" };
  const link = await shareLink(c);
  assert.ok(link.startsWith("https://example.org/table/#"));
  globalThis.location = { href: link, hash: link.slice(link.indexOf("#")) };
  const shared = await sharedText();
  assert.equal(shared.problem, undefined);
  const back = unpack(shared.text).conflict;
  assert.deepEqual(back.setup, c.setup);
  assert.deepEqual(back.events, c.events);
});

test("merging two tabs keeps both tabs' new events once each, the one logged first first", () => {
  const base = at(T, () => logged(fresh(), { kind: "attack", effort: 1 }));
  const ours = at(T + 1000, () => logged(base, { kind: "attack", effort: 2 }));
  const theirs = at(T + 1001, () => logged(base, { kind: "attack", effort: 3 }));
  const { conflict, added } = merge(ours, theirs);
  assert.equal(added, 1);
  assert.deepEqual(conflict.events.map((e) => e.effort), [1, 2, 3]);
  assert.equal(merge(conflict, conflict).added, 0);
  // logged in the same millisecond: the stored log's event (theirs) first
  const tied = at(T + 1000, () => logged(base, { kind: "attack", effort: 3 }));
  assert.deepEqual(merge(ours, tied).conflict.events.map((e) => e.effort), [1, 3, 2]);
});

test("two different conflicts do not merge", () => {
  const other = unpack(JSON.stringify({ setup: { ...setup, edition: "2022" }, events: [] })).conflict;
  assert.equal(merge(fresh(), other), null);
});

test("a conflict saved before the rename (an attack's \"target\" and \"defense\") loads with today's names", () => {
  const old = {
    format: "conflict-table/morale", version: 1, setup,
    events: [{ kind: "attack", member: "Ash", target: "Cy", effort: 4, defense: 1 }, { kind: "failure", member: "Cy" }],
    redo: [{ kind: "attack", member: "Cy", target: "Bree", effort: 2, defense: 3, disposed: true }],
  };
  const c = unpack(JSON.stringify(old)).conflict;
  assert.deepEqual(c.events, [{ kind: "attack", member: "Ash", defender: "Cy", effort: 4, defender_effort: 1 }, { kind: "failure", member: "Cy" }]);
  assert.deepEqual(c.redo, [{ kind: "attack", member: "Cy", defender: "Bree", effort: 2, defender_effort: 3, disposed: true }]);
  assert.equal(pack(c).version, 2);
  assert.deepEqual(unpack(JSON.stringify(pack(c))).conflict, c); // saved again in today's form, it reads back the same
});

test("two tabs logged Ash's attack at once, neither having heard of the other: the later goes in both, said by name where it was made", () => {
  const base = at(T, () => logged(fresh(), { kind: "attack", member: "Bree", effort: 1 }));
  const first = at(T + 1000, () => logged(base, { kind: "attack", member: "Ash", effort: 2 }));
  const later = at(T + 1200, () => logged(base, { kind: "attack", member: "Ash", effort: 3 }));
  const refusal = { problem: "Event 3: Ash has already acted this turn", event: 2 }; // as morale.replay names it
  const said = [];
  const settled = refuse(merge(first, later).conflict, refusal, first, later, (t) => said.push(t));
  assert.deepEqual(settled.events.map((e) => e.effort), [1, 2]);
  assert.deepEqual(said, []); // the event taken out was the other tab's
  const back = unpack(JSON.stringify(pack(settled))).conflict;
  assert.deepEqual(back.refused, settled.refused); // kept, so it stays out
  const heard = merge(later, back, (t) => said.push(t));
  assert.deepEqual(heard.conflict.events.map((e) => e.effort), [1, 2]);
  assert.match(said[0], /^Ash's attack was not kept: another tab logged a moment before it/);
});
