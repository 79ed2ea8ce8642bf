// widgets/board/actions.js: the action being composed (the sheet) as plain data, and the event
// board.apply takes from it. What a referee would notice: a die turns one face per tap; typed
// dice read as faces or a total; an absorb choice a new roll no longer offers is asked again;
// a maneuver on a border names the border even when a zone's name holds "|" or ":".
import { test } from "node:test";
import assert from "node:assert/strict";

const actions = await import("../../calculators/browser/widgets/board/actions.js");

const state = {
  actors: [{ name: "Gatto", side: "Crew", zone: "West end", skills: { Shoot: 2, Athletics: 3 }, previous: null },
    { name: "Rook", side: "Gang", zone: "North|South", previous: { kind: "attack", skill: "Fight", shifts: 2 } }],
  things: [{ name: "Door", zone: null, out: false }],
  aspects: [{ name: "Smoke", on: "zone", target: "West end", free_invokes: 1, boxes: { threshold: 1, marked: [] } }],
  zones: ["West end", "North|South", "East:West"],
  borders: [["West end", "North|South"], ["North|South", "East:West"]],
  to_act: ["Gatto", "Rook"],
  sides: [{ name: "Crew" }, { name: "Gang" }],
};

test("a die turns blank, plus, minus, blank with one tap each", () => {
  assert.equal(actions.cycleDie("0000", 0), "+000");
  assert.equal(actions.cycleDie("+000", 0), "-000");
  assert.equal(actions.cycleDie("-000", 0), "0000");
  assert.equal(actions.cycleDie("garbage", 3), "000+"); // an unreadable sheet starts from four blanks
});

test("typed dice are four faces (also ⊞⊡⊟) or a total", () => {
  assert.deepEqual(actions.readDice("+0--"), { faces: "+0--" });
  assert.deepEqual(actions.readDice("⊞⊡⊟⊟"), { faces: "+0--" });
  assert.deepEqual(actions.readDice("2"), { dice: 2 });
  assert.deepEqual(actions.readDice("−1"), { dice: -1 });
  assert.deepEqual(actions.readDice("0000"), { faces: "0000" });
});

test("choosing who acts fills their last skill first, with its rating", () => {
  const sheet = actions.chooseActor({ kind: "attack" }, "Gatto", state, null);
  assert.equal(sheet.skill, "Shoot");
  assert.equal(sheet.rating, "2");
  const after = actions.chooseActor({ kind: "attack" }, "Gatto",
    { ...state, actors: [{ ...state.actors[0], previous: { kind: "move", skill: "Athletics" } }, state.actors[1]] }, null);
  assert.equal(after.skill, "Athletics");
});

test("an absorb choice the new roll no longer offers is dropped, and Log it asks for one", () => {
  const sheet = { kind: "attack", target: "Rook", absorb: "[]" };
  const before = { absorb: { options: [{ consequences: [] }], taken_out_anyway: false } };
  const after = { absorb: { options: [{ consequences: ["mild"], hit: { taken_out: false } }], taken_out_anyway: false } };
  assert.equal(actions.reconcile(sheet, before).absorb, "[]");
  const asked = actions.reconcile(sheet, after);
  assert.equal(asked.absorb, undefined);
  assert.match(actions.missing(asked, after).message, /Choose how Rook absorbs/);
  assert.equal(actions.missing({ ...asked, absorb: '["mild"]' }, after), null);
});

test("Log it names who an attack takes out", () => {
  const p = { absorb: { options: [{ consequences: ["mild"], hit: { taken_out: true } }], taken_out_anyway: false } };
  assert.equal(actions.takesOut({ kind: "attack", target: "Rook", absorb: '["mild"]' }, p), "Rook");
  assert.equal(actions.takesOut({ kind: "attack", target: "Rook" }, { absorb: { options: [], taken_out_anyway: true } }), "Rook");
  assert.equal(actions.takesOut({ kind: "attack", target: "Rook" }, p), null);
});

test("a maneuver on a border names its two zones, whatever characters they hold", () => {
  const border = JSON.stringify(["North|South", "East:West"]);
  const e = actions.event({ kind: "maneuver", actor: "Gatto", aspect: "Tripwire", on: "border", which: border, faces: "0000" }, state);
  assert.deepEqual(e.target, ["North|South", "East:West"]);
  assert.equal(e.on, "border");
  const wrong = actions.event({ kind: "maneuver", actor: "Gatto", aspect: "Tripwire", on: "border", which: "West end", faces: "0000" }, state);
  assert.equal(wrong.target, undefined); // a zone chosen before "a border" was picked is not sent as the border
});

test("an attack never lists its own actor as a target; an aspect with boxes is one", () => {
  assert.deepEqual(actions.targetsOf("attack", state, "Gatto"), ["Rook", "Door", "Smoke"]);
  assert.deepEqual(actions.targetsOf("defense", state, "Gatto"), ["Gatto", "Rook", "Door"]);
});

test("an undone event comes back as the sheet it was logged from", () => {
  const e = { kind: "attack", actor: "Gatto", target: "Rook", track: "cool", skill: "Shoot", rating: 2, faces: "+0-0",
    resist: { consequences: ["mild"], names: { mild: "Cracked ribs" } } };
  const sheet = actions.fromEvent(e, state);
  assert.equal(sheet.absorb, '["mild"]');
  assert.equal(sheet["named.mild"], "Cracked ribs");
  assert.deepEqual(actions.event({ ...sheet }, state), { ...e, bid: 0, opposition: 0 }); // (the sheet states the zero bid)
});

test("a thing's or an aspect's one way of taking a hit needs no tap", () => {
  const p = { absorb: { options: [{ consequences: [], hit: { taken_out: true } }], taken_out_anyway: false } };
  assert.equal(actions.reconcile({ kind: "attack", target: "Door" }, p, state).absorb, "[]");
  assert.equal(actions.reconcile({ kind: "attack", target: "Smoke" }, p, state).absorb, "[]");
  assert.equal(actions.reconcile({ kind: "attack", target: "Rook" }, p, state).absorb, undefined); // an actor chooses
});

test("an action on a thing or an aspect names no track (each has one)", () => {
  const e = actions.event({ kind: "attack", actor: "Gatto", target: "Door", track: "cool", faces: "0000" }, state);
  assert.equal(e.track, undefined);
  assert.equal(actions.event({ kind: "attack", actor: "Gatto", target: "Rook", track: "cool", faces: "0000" }, state).track, "cool");
});

test("the setup places an aspect on a border whose zones hold '|' and ':' as those two zones (issue 32 §4)", async () => {
  const setup = await import("../../calculators/browser/widgets/board/draft.js");
  const map = { zones: ["West end", "North|South", "East:West"], borders: [{ between: ["North|South", "East:West"], pass: 1 }] };
  const d = { ...setup.emptyDraft("", map), aspects: [] };
  const [value, words] = setup.places(d).find(([, w]) => w.startsWith("border"));
  assert.equal(words, "border: North|South – East:West");
  d.aspects.push({ name: "Fog", where: value, free: "1" });
  assert.deepEqual(setup.payload(d).aspects[0], { name: "Fog", on: "border", target: ["North|South", "East:West"], free_invokes: 1 });
  // a zone the new map lacks is shown as kept, never as another zone
  assert.deepEqual(setup.zoneOptions([["Hall", "Hall"]], "West end")[0], ["West end", "West end (not on this map)"]);
  assert.deepEqual(setup.zoneOptions([["Hall", "Hall"]], "", "choose a zone")[0], ["", "choose a zone"]);
});
