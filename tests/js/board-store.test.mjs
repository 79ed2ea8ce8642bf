// widgets/board/store.js: the conflict board's one store, driven as the page's taps drive it, with
// rules_core answering in a CPython of its own (rules.mjs) and local storage a fake. What a referee
// would notice: an absorb option that needs an invoke logs it (never a silent take-out), Log it's
// words are what it logs, End of exchange tells the truth, a change of kind or a Cancel loses no
// choice, a damaged kept action is set aside with words, Undo never drops an action being composed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { storeBench } from "./rules.mjs";

const { win, engine } = await storeBench();
const { boardStore } = await import("../../calculators/browser/widgets/board/store.js");
const { keyFor } = await import("../../calculators/browser/keeping/slot.js");

const crew = (await engine.call("board.example", { name: "warehouse crew" })).result.setup;
const OPTIONS = { maps: [{ id: "warehouse", title: "Warehouse", map: crew.map }], map: "warehouse" };

/** A board with the warehouse crew started, as "Load the warehouse crew" then Start do it. */
async function started() {
  const store = boardStore({ engine, options: OPTIONS });
  await store.dispatch("open", { linked: false });
  await store.dispatch("example");
  await store.dispatch("start");
  assert.equal(store.state.mode, "play");
  return store;
}
const field = (store, name) => store.state.sheet.fields.find((f) => f.name === name);
const lines = (store) => store.state.view.entries.map((e) => e.text);

/** Log one action: the kind, then each field as a tap sets it, then Log it. */
async function act(store, kind, fields = {}) {
  await store.dispatch("kind", kind);
  for (const [name, value] of Object.entries(fields)) await store.dispatch("set", name, value);
  await store.dispatch("log");
}

test("an absorb option that needs an invoke logs the invoke, and Log it says what it logs", async () => {
  const store = await started();
  await act(store, "maneuver", { actor: "Jade", "skill-chip": "Stealth", faces: "+0+0", aspect: "Pinned down", on: "actor", which: "Rook" });
  assert.match(lines(store).at(-1), /Jade places Pinned down on Rook \(5 shifts: 2 free invokes\)/);
  await store.dispatch("kind", "attack");
  await store.dispatch("set", "actor", "Gatto");
  await store.dispatch("set", "target", "Rook");
  await store.dispatch("set", "faces", "+++0");
  const absorb = field(store, "absorb");
  assert.deepEqual(absorb.options[0].invokes, ["Pinned down"]); // the option names the aspect it invokes
  assert.equal(store.state.sheet.log.ready, false); // three ways: the referee chooses
  await store.dispatch("set", "absorb", absorb.options[0].value);
  const { label } = store.state.sheet.log;
  const words = store.state.sheet.outcome.entry;
  assert.equal(label, "Log it"); // Rook stays in
  await store.dispatch("log");
  assert.equal(lines(store).at(-1), words); // logged as the sheet said
  assert.match(words, /Pinned down \(free\) invoked marks box 2/);
  assert.equal(store.state.view.state.actors.find((a) => a.name === "Rook").out, false);
});

test("Log it names who the action takes out before it is tapped", async () => {
  const store = await started();
  await store.dispatch("kind", "attack");
  await store.dispatch("set", "actor", "Hargan");
  await store.dispatch("set", "target", "Gatto");
  await store.dispatch("set", "faces", "++++");
  await store.dispatch("toggle", "invokes", "Only if this @#! gun fired once in a while", true);
  await store.dispatch("toggle", "invokes", "Cluttered aisles", true);
  assert.equal(store.state.sheet.log.label, "Log it: Gatto is taken out");
  await store.dispatch("log");
  assert.match(lines(store).at(-1), /Gatto is taken out/);
});

test("End of exchange once everyone has acted says the exchange is over, beside the kinds", async () => {
  const store = await started();
  for (const who of ["Gatto", "Jade", "Hargan", "Rook"]) await act(store, "simple", { actor: who });
  const before = lines(store).length;
  await store.dispatch("kind", "end_exchange");
  assert.match(store.state.shown.kind, /^Exchange 1 is already over: everyone still in has acted/);
  assert.equal(store.state.notice, null); // nothing stays at the top of the screen
  assert.equal(lines(store).length, before);
});

test("a change of kind keeps the way to absorb and the consequence's name", async () => {
  const store = await started();
  await store.dispatch("kind", "attack");
  await store.dispatch("set", "actor", "Rook");
  await store.dispatch("set", "target", "Gatto");
  await store.dispatch("set", "faces", "++00");
  assert.equal(field(store, "absorb").value, "[\"moderate\"]"); // the only way, chosen
  store.now("typed", "named.moderate", "Cracked rib");
  await store.dispatch("ask");
  await store.dispatch("kinds");
  await store.dispatch("kind", "maneuver");
  await store.dispatch("kinds");
  await store.dispatch("kind", "attack");
  assert.equal(field(store, "target").value, "Gatto");
  assert.equal(field(store, "absorb").value, "[\"moderate\"]");
  assert.equal(field(store, "named.moderate").value, "Cracked rib");
  assert.deepEqual(store.state.sheet.event.resist, { consequences: ["moderate"], names: { moderate: "Cracked rib" } });
});

test("after Cancel, choosing who acts and the kind again gives their skill back", async () => {
  const store = await started();
  await store.dispatch("kind", "attack");
  await store.dispatch("set", "actor", "Rook");
  await store.dispatch("discard");
  await store.dispatch("token", "Rook");
  await store.dispatch("kind", "attack");
  await store.dispatch("set", "target", "Gatto");
  await store.dispatch("set", "faces", "++00");
  const skill = field(store, "skill");
  assert.equal(skill.value, "Fight");
  assert.equal(skill.rating, "2");
  assert.equal(store.state.sheet.outcome.shifts, 4);
  assert.equal(store.state.sheet.log.ready, true);
});

test("a damaged action being composed is set aside with words, and the board opens", async () => {
  win.localStorage.setItem(keyFor("board:action"), JSON.stringify({ kind: "attack", actor: "Gatto", invokes: 5 }));
  const store = boardStore({ engine, options: OPTIONS });
  await store.dispatch("open", { linked: false });
  assert.deepEqual(store.state.draft, { kind: null });
  assert.match(store.state.notice.text, /The action you were composing could not be used \(The action's invokes is not a list of names\)/);
  const kept = JSON.parse(win.localStorage.getItem(keyFor("board:action:set-aside")));
  assert.equal(kept.length, 1);
  assert.match(kept[0].text, /"invokes":5/);
});

test("Undo with an action being composed keeps that action, and says so", async () => {
  const store = await started();
  await act(store, "simple", { actor: "Gatto" });
  await store.dispatch("kind", "simple");
  store.now("typed", "note", "climbs the shelves");
  await store.dispatch("ask");
  await store.dispatch("step", true);
  assert.equal(store.state.draft.note, "climbs the shelves");
  assert.match(store.state.notice.text, /the action you are composing is kept/);
  assert.equal(lines(store).length, 0);
});

test("a single way to absorb needs no tap: target, dice and Log it", async () => {
  const store = await started();
  await store.dispatch("kind", "attack");
  await store.dispatch("set", "actor", "Rook");
  await store.dispatch("set", "target", "Gatto");
  await store.dispatch("set", "faces", "0000"); // Fight 2: a hit of 2 on Cool 2 marks box 2, no consequence
  assert.equal(field(store, "absorb").options.length, 1);
  assert.equal(store.state.sheet.log.ready, true);
  await store.dispatch("log");
  assert.match(lines(store).at(-1), /Rook attacks Gatto's Cool \(2 shifts, range 1\): 2 stress marks box 2/);
});

test("Redo after Undo logs the undone action once: the sheet it came back in closes", async () => {
  const store = await started();
  await act(store, "simple", { actor: "Gatto", note: "waits" });
  await store.dispatch("step", true);
  assert.equal(store.state.draft.kind, "simple"); // Undo put it back, to mend
  await store.dispatch("step", false);
  assert.equal(store.state.draft.kind, null); // Redo logged it again: nothing left to log twice
  assert.equal(lines(store).length, 1);
});

test("a sheet the rules refuse to answer is said beside the kinds, not dropped", async () => {
  let refuse = false;
  const failing = { ...engine, call: (name, payload) => (refuse && name === "board.sheet"
    ? Promise.resolve({ ok: false, error: { code: "failed", message: "The engine stopped answering.", field: null } })
    : engine.call(name, payload)) };
  const store = boardStore({ engine: failing, options: OPTIONS });
  await store.dispatch("open", { linked: false });
  await store.dispatch("example");
  await store.dispatch("start");
  refuse = true;
  await store.dispatch("kind", "attack");
  assert.equal(store.state.asking, false);
  assert.match(store.state.shown.kind ?? "", /The engine stopped answering/);
});

test("an Undo another tab's Log it came before is said as not made, aloud as well as in the notice", async () => {
  const one = await started();
  for (const who of ["Gatto", "Jade", "Hargan", "Rook"]) await act(one, "simple", { actor: who });
  await one.dispatch("kind", "end_exchange");
  await one.dispatch("log");
  const two = boardStore({ engine, options: OPTIONS }); // a second tab: it reads the log as stored now
  await two.dispatch("open", { linked: false });
  await act(one, "simple", { actor: "Gatto" }); // exchange 2: the second tab has not heard of it
  const said = two.state.said;
  await two.dispatch("step", true); // its Undo of End of exchange would put Gatto twice in exchange 1
  assert.match(two.state.notice.text, /yours was not made/);
  assert.notEqual(two.state.said, said);
  assert.match(two.state.said, /yours was not made/); // the live region says it too, as it says every Undo
  assert.equal(lines(two).at(-1), lines(one).at(-1)); // the other tab's log is what it shows
});
