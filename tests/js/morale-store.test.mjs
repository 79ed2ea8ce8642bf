// widgets/morale/store.js: the morale tracker's one store, driven as the page's taps drive it, with
// rules_core answering in a CPython of its own (rules.mjs) and local storage a fake. What a table would
// notice: a broken team decides and the result is said; a last-stander hit by stress perishes in 2022
// (Undo brings them back) and 2023 asks; dice rolled in the event are scored by the rules and the event
// survives a new page; 2022's disposed defense is asked, never preset; who acts starts each team's turn
// from that team, who has acted marked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { storeBench } from "./rules.mjs";

const { win, engine } = await storeBench();
const { moraleStore } = await import("../../calculators/browser/widgets/morale/store.js");
const { keyFor } = await import("../../calculators/browser/keeping/slot.js");

const editions = ["2023", "2022", "wiki"];
const forms = Object.fromEntries(await Promise.all(editions.map(async (e) => [e, (await engine.call("morale.form", { edition: e })).result])));
const LIONS_BEARS = (edition) => ({ edition, teams: [{ name: "Lions", captain: "Leo", members: ["Leo", "Mia"] },
  { name: "Bears", captain: "Ned", members: ["Ned", "Ola"] }] });

/** A tracker that opens a kept conflict (setup and events), as a page would find it in storage. */
async function tracker(setup, events = [], { random } = {}) {
  win.localStorage.setItem(keyFor("morale"), JSON.stringify({ format: "conflict-table/morale", version: 2, setup, events, redo: [] }));
  const store = moraleStore({ engine, forms, random });
  await store.dispatch("open", { linked: false });
  assert.equal(store.state.mode, "play");
  return store;
}
const lines = (store) => store.state.view.log.map((e) => e.text);
const field = (store, name) => store.state.sheet.fields.find((f) => f.name === name);
const member = (store, name) => store.state.view.teams.flatMap((t) => t.members).find((m) => m.name === name);

test("a broken team is asked who enters a Last Stand or nobody, and the result is said", async () => {
  const store = await tracker(LIONS_BEARS("2023"), [{ kind: "adjust", team: "Bears", amount: -6 }, { kind: "end_turn", team: "Lions" }]);
  await store.dispatch("event", "end_turn", "Bears", "team");
  await store.dispatch("pick", "effort", "1");
  assert.equal(store.state.sheet.log.label, "End the turn: Bears' morale breaks");
  await store.dispatch("log");
  const due = store.state.sheet.due;
  assert.match(due.text, /^Bears' morale broke: Ned and Ola may each enter their Last Stand now/);
  assert.deepEqual(due.choices.map((c) => c.label), ["Enter Last Stand: Ned", "Enter Last Stand: Ola", "Nobody enters a Last Stand: Bears loses"]);
  assert.equal(store.state.sheet.who.value, null); // nobody else acts before the decision
  await store.dispatch("event", "concede", "Bears", "team"); // asks nothing: one tap logs it
  assert.equal(lines(store)[0], "Nobody of Bears entered a Last Stand: Bears loses");
  assert.equal(store.state.sheet.due.text, "Lions won the conflict.");
  assert.equal(store.state.view.winner, "Lions");
});

test("2022: a last-stander hit by stress perishes, said in the log; Undo brings them back", async () => {
  const store = await tracker(LIONS_BEARS("2022"), [{ kind: "last_stand", member: "Ola" }]);
  await store.dispatch("event", "attack", "Leo", "member");
  for (const [name, value] of [["defender", "Ola"], ["effort", "5"], ["defender_effort", "1"]]) await store.dispatch("pick", name, value);
  assert.equal(store.state.sheet.log.label, "Log attack: Ola perishes");
  await store.dispatch("log");
  assert.match(lines(store)[0], /^Leo hit Ola \(5 vs 1\): 4 stress to Ola; Ola perishes in their Last Stand \(any stress does in 2022\)/);
  assert.equal(member(store, "Ola").status, "perished");
  await store.dispatch("step", true);
  assert.equal(member(store, "Ola").status, "last_stand");
  assert.match(store.state.said, /^Undone: Leo hit Ola/);
});

test("2023: the tracker asks whether a last-stander absorbed the stress", async () => {
  const store = await tracker(LIONS_BEARS("2023"), [{ kind: "last_stand", member: "Ola" }]);
  await store.dispatch("event", "attack", "Leo", "member");
  for (const [name, value] of [["defender", "Ola"], ["effort", "5"], ["defender_effort", "1"]]) await store.dispatch("pick", name, value);
  assert.equal(store.state.sheet.log.ready, false);
  assert.deepEqual(field(store, "absorbed").options.map((o) => o.label), ["Yes, absorbed", "No: Ola perishes"]);
  await store.dispatch("log"); // not answered: said beside it, nothing logged
  assert.equal(store.state.shown.absorbed, "Say whether Ola absorbed the stress.");
  assert.equal(lines(store).length, 1);
  await store.dispatch("pick", "absorbed", "yes");
  await store.dispatch("log");
  assert.equal(member(store, "Ola").status, "last_stand");
});

test("dice rolled in the event are the dice roller's draw, scored by the rules; a new page keeps the event", async () => {
  const faces = [6, 5, 2, 1];
  const store = await tracker(LIONS_BEARS("2023"), [], { random: (n) => faces.slice(0, n) });
  await store.dispatch("event", "attack", "Leo", "member");
  await store.dispatch("pick", "defender", "Ned");
  await store.dispatch("roll", "effort", "4");
  assert.equal(field(store, "effort").value, 2); // 6 and 5 hit on 5+
  assert.deepEqual(field(store, "effort").dice.map((d) => d.hit), [true, true, false, false]);
  store.now("typed", "defender_effort", "6 2 1"); // the defender's dice, typed as rolled
  await store.dispatch("ask");
  assert.equal(field(store, "defender_effort").value, 1);
  // Close, another page, a reload: the event being composed is still there.
  const again = moraleStore({ engine, forms });
  await again.dispatch("open", { linked: false });
  assert.equal(again.state.sheet.kind, "attack");
  assert.equal(field(again, "effort").value, 2);
  await again.dispatch("log");
  assert.equal(lines(again)[0], "Leo hit Ned (2 vs 1): 1 stress to Ned; Bears 0 → −1, BROKEN MORALE 1; Lions 0 → 1");
});

test("2022: a disposed defense asks what it reduces, and one tap says both", async () => {
  const store = await tracker(LIONS_BEARS("2022"));
  await store.dispatch("event", "attack", "Leo", "member");
  for (const [name, value] of [["defender", "Ned"], ["effort", "4"], ["defender_effort", "1"]]) await store.dispatch("pick", name, value);
  const reduce = field(store, "reduce");
  assert.equal(reduce.value, "none"); // the usual answer: not disposed against
  assert.deepEqual(reduce.options.map((o) => o.note ?? null), [null, "Ned takes 3 stress, Bears lose 4 morale", "Ned takes 4 stress, Bears lose 3 morale"]);
  await store.dispatch("pick", "reduce", "morale");
  await store.dispatch("log");
  assert.equal(lines(store)[0], "Leo hit Ned (4 vs 1): 4 stress to Ned; Bears 0 → −3, BROKEN MORALE 3; Lions 0 → 3");
});

test("who acts: the first still to act of the team whose turn it is; who acted is marked; a new turn starts from its team", async () => {
  const store = await tracker(LIONS_BEARS("2023"));
  assert.equal(store.state.sheet.who.value, "Leo");
  await store.dispatch("choose", "Ola"); // someone of the other team, to log their test
  await store.dispatch("event", "failure", "Ola", "member"); // asks nothing: logged at once
  assert.equal(lines(store)[0], "Ola failed a test: Bears 0 → −1, BROKEN MORALE 1");
  assert.equal(store.state.sheet.who.value, "Leo"); // back to the team whose turn it is
  await store.dispatch("event", "success", "Leo", "member");
  assert.equal(store.state.sheet.who.value, "Mia");
  assert.deepEqual(store.state.sheet.who.options.filter((o) => o.tags.includes("acted")).map((o) => o.value), ["Leo", "Ola"]);
  await store.dispatch("event", "end_turn", "Lions", "team");
  assert.equal(store.state.sheet.turn, "Bears");
  assert.equal(store.state.sheet.who.value, "Ned"); // Bears' turn: one of Bears, never Mia of the Lions
});

test("a kind tapped on a button drawn from the answer before Undo's still logs at once when it asks nothing", async () => {
  const store = await tracker(LIONS_BEARS("2023"));
  await store.dispatch("event", "success", "Leo", "member"); // one tap: logged, Mia is offered next
  assert.equal(store.state.sheet.who.value, "Mia");
  // Undo, and at once Mia's Success (still on screen: Undo's answer, which offers Leo again, is on its way)
  await Promise.all([store.dispatch("step", true), store.dispatch("event", "success", "Mia", "member")]);
  assert.equal(lines(store)[0], "Mia succeeded on a test: Lions 0 → 1");
  assert.equal(store.state.draft.kind, null); // no panel left open asking for a second tap
});

test("a kind that asks nothing is logged at one tap with the event its answer holds: the rules apply it, no sheet asked first", async () => {
  const store = await tracker(LIONS_BEARS("2023"));
  const before = engine.calls.length;
  await store.dispatch("event", "success", "Leo", "member");
  assert.equal(lines(store)[0], "Leo succeeded on a test: Lions 0 → 1");
  const calls = engine.calls.slice(before);
  assert.deepEqual(calls.slice(0, calls.indexOf("morale.apply") + 1), ["morale.apply"]); // the line is drawn after one call
  assert.equal(store.state.sheet.who.value, "Mia"); // then the next answer: Mia is offered
});

test("an Undo another tab's event came before is said as not made, aloud as well as in the notice", async () => {
  const one = await tracker(LIONS_BEARS("2023"), [{ kind: "end_turn", team: "Lions" }]);
  const two = moraleStore({ engine, forms }); // a second tab: it reads the log as stored now
  await two.dispatch("open", { linked: false });
  await one.dispatch("event", "end_turn", "Bears", "team"); // the second tab has not heard of it
  await one.dispatch("pick", "effort", "1");
  await one.dispatch("log");
  await two.dispatch("step", true); // its Undo of Lions' End turn would leave Bears ending a turn that is not theirs
  assert.match(two.state.notice.text, /yours was not made/);
  assert.match(two.state.said, /yours was not made/); // the live region says it too, as it says every Undo
  assert.deepEqual(lines(two), lines(one)); // the other tab's log is what it shows
});
