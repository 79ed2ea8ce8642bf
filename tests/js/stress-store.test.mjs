// widgets/stress/store.js: the stress calculator's one store, driven as the page's taps and keystrokes drive
// it, with rules_core answering in a CPython of its own and local storage a fake (storage.mjs). What a
// player would notice: a hit applied marks the box the rules chose and Undo clears it; a trait bought with
// Favor goes to the character shown, with the Last Stand chosen; a consequence already taken can't be taken
// against the next hit; bad Favor is said beside the field and keeps the stored value; each character keeps
// their own boxes; a damaged stored state is set aside with words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { storeBench } from "./rules.mjs";

const { win, engine } = await storeBench();
const storage = win.localStorage;

const { stressStore } = await import("../../calculators/browser/widgets/stress/store.js");
const { keyFor } = await import("../../calculators/browser/keeping/slot.js");

// The options the build hands the page (calculators/pages/widgets/stress page_options), from the build's own Python.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PY = existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3";
const OPTIONS = JSON.parse(execFileSync(PY, ["-c", "import json; from calculators.pages.widgets.stress import page_options, _options; "
  + "print(json.dumps(page_options(_options({}))))"], { cwd: ROOT, encoding: "utf8" }));

/** A calculator opened on what storage holds, as a page mounts it. */
async function opened() {
  const store = stressStore({ engine, options: OPTIONS, failed: (e) => { throw e; } });
  await store.dispatch("open");
  return store;
}
const panel = (store, model) => store.state.panels[model];
/** Type into a field as the page does (the text at once, then the action the field asks for). */
async function type(store, model, name, value) {
  store.now("typed", model, name, value);
  const character = !(name in OPTIONS.fields[model]); // the hit's fields are those the build gives first values
  if (character && store.now("edits", model, name)) await store.dispatch("edit", model);
  else await store.dispatch("preview", model, store.now("ticket", model));
}

test("a hit applied marks the box the rules chose; Undo clears it and says so", async () => {
  const store = await opened();
  await type(store, "wounds", "stress", "2");
  assert.equal(panel(store, "wounds").reply.result.box, 4);
  await store.dispatch("apply", "wounds", null);
  assert.deepEqual(panel(store, "wounds").state.wounds.physical, [false, false, false, true, false, false]);
  assert.match(panel(store, "wounds").log, /^Applied: The fourth physical box/);
  assert.equal(JSON.parse(storage.getItem(keyFor("stress:wounds"))).state.wounds.physical[3], true);
  await store.dispatch("step", "wounds", true);
  assert.deepEqual(panel(store, "wounds").state.wounds.physical, Array(6).fill(false));
  assert.match(panel(store, "wounds").log, /^Undone: The fourth physical box/);
});

test("a trait bought with Favor goes to the character shown, and the Last Stand chosen is kept", async () => {
  const store = await opened();
  await type(store, "wounds", "favor", "5");
  await type(store, "wounds", "stress", "4");
  const reply = panel(store, "wounds").reply.result;
  assert.deepEqual(reply.choice, ["surrender", "last_stand"]);
  await store.dispatch("apply", "wounds", "last_stand");
  const p = panel(store, "wounds");
  assert.equal(p.state.last_stand, true);
  assert.equal(p.typed.last_stand, true); // the field shows it
  assert.equal(p.state.favor, 1);
  assert.deepEqual(store.state.roster.people[0].traits, ["Trait rated 4 (bought with 4 Favor)"]);
});

test("a consequence taken already is not open against the next hit; a way to stay in takes what it names", async () => {
  const store = await opened();
  await type(store, "track", "shifts", "4");
  const options = panel(store, "track").reply.result.options;
  assert.deepEqual(options.map((o) => o.consequences), [["moderate"]]); // 4 shifts on a threshold of 2: a moderate one keeps them in
  await store.dispatch("option", 0);
  assert.equal(panel(store, "track").typed["consequence-moderate"], "use");
  await store.dispatch("apply", "track", null);
  const p = panel(store, "track");
  assert.deepEqual(p.state.tracks.cool.taken, ["moderate"]);
  assert.equal(p.typed["consequence-moderate"], "taken");
  assert.equal(p.typed.invokes, "0"); // what was chosen against one hit goes once it is applied
  assert.deepEqual(p.reply.result.open, ["mild", "severe"]);
});

test("bad Favor is said beside the field, nothing can be applied, and the stored Favor stays", async () => {
  const store = await opened();
  await type(store, "wounds", "favor", "3");
  await type(store, "wounds", "favor", "-1");
  const p = panel(store, "wounds");
  assert.match(p.errors.character.favor, /Favor/);
  assert.equal(p.typed.favor, "-1"); // what was typed stays in the field
  assert.equal(p.state.favor, 3);
  assert.equal(JSON.parse(storage.getItem(keyFor("stress:wounds"))).state.favor, 3);
  await store.dispatch("apply", "wounds", null);
  assert.equal(panel(store, "wounds").state.wounds.physical.some(Boolean), false);
});

test("each character keeps their own boxes: a new opponent starts empty, one tap shows the first again", async () => {
  const store = await opened();
  await store.dispatch("box", "wounds", "physical", 1);
  await store.dispatch("party-add", "opponent");
  assert.equal(store.state.roster.people.length, 2);
  assert.match(store.state.party.said.text, /^Opponent 2 added and shown/);
  assert.deepEqual(panel(store, "wounds").state.wounds.physical, Array(6).fill(false));
  await store.dispatch("box", "wounds", "mental", 2);
  await store.dispatch("party-show", "c1");
  assert.equal(panel(store, "wounds").state.wounds.physical[0], true);
  assert.equal(panel(store, "wounds").state.wounds.mental[1], false);
  const reopened = await opened(); // a reload: the roster and the character shown are kept
  assert.equal(reopened.state.roster.current, "c1");
  assert.equal(reopened.state.roster.people[1].side, "opponent");
});

test("a damaged stored state is set aside with words, and the panel starts empty", async () => {
  storage.setItem(keyFor("stress:track"), JSON.stringify({ state: { current: "cool", tracks: { cool: { threshold: 9999, marked: [], consequences: {}, taken: [] } } }, history: [] }));
  const store = await opened();
  const p = panel(store, "track");
  assert.match(p.notice, /could not be used.*The calculator starts from empty stress tracks\./s);
  assert.equal(p.state.tracks.cool.threshold, OPTIONS.empty.track.tracks.cool.threshold);
  assert.equal(JSON.parse(storage.getItem(keyFor("stress:track:set-aside"))).length, 1);
});
