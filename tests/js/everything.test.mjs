// Export everything / Import everything (keeping/everything.js, keeping/checks.js): the file's format,
// its checks before anything is read, every entry checked by its calculator's check, and nothing
// replaced without a set-aside copy. A Map-backed localStorage stands in for the browser's.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { FakeStorage, fakeWindow } from "./storage.mjs";

fakeWindow();

const { FORMAT, VERSION, LIMITS, collect, makeFile, readFile, checkAll, adoptAll, notKeptWords, notImportable, fileBytes } =
  await import("../../calculators/browser/keeping/everything.js");
const { checkOf, registerKept } = await import("../../calculators/browser/keeping/checks.js");
// Every widget's kept names and checks, as loadChecks() reads them in the browser (the build's registry
// names the widgets with a kept.js; here, the files themselves).
const { readdirSync, existsSync } = await import("node:fs");
const WIDGETS = new URL("../../calculators/browser/widgets/", import.meta.url);
for (const name of readdirSync(WIDGETS)) {
  const kept = new URL(`${name}/kept.js`, WIDGETS);
  if (existsSync(kept)) registerKept((await import(kept.href)).KEPT);
}
const { keyFor } = await import("../../calculators/browser/keeping/slot.js");

const ls = () => globalThis.window.localStorage;
const ROSTER = JSON.stringify({ current: "c1", people: [{ id: "c1", name: "Ada", side: "pc", standing: "in", traits: [] }] });
beforeEach(() => { globalThis.window.localStorage = new FakeStorage(); });

test("the file holds every key under the site's prefix (set-aside lists too), but not the persistence answer nor other sites'", () => {
  ls().setItem(keyFor("morale"), "{\"a\":1}");
  ls().setItem(keyFor("stress:roster"), ROSTER);
  ls().setItem(keyFor("morale:set-aside"), "[]");
  ls().setItem(keyFor("keeping:persist"), "granted");
  ls().setItem("conflict-table[/other/]:morale", "{}");
  ls().setItem("unrelated", "x");
  const file = JSON.parse(makeFile(collect(), "2026-11-24T15:00:00.000Z"));
  assert.equal(file.format, FORMAT);
  assert.equal(file.version, VERSION);
  assert.deepEqual(Object.keys(file.kept), ["morale", "morale:set-aside", "stress:roster"]);
  assert.equal(file.kept["stress:roster"], ROSTER); // the stored text exactly
});

test("a file round-trips: read back it gives the same kept values", () => {
  const kept = { morale: "null", "stress:roster": ROSTER };
  assert.deepEqual(readFile(makeFile(kept)), { kept });
});

test("a damaged, foreign, newer or oversized file is refused with a sentence saying why", () => {
  const file = (o) => JSON.stringify({ format: FORMAT, version: 1, kept: {}, ...o });
  const cases = [
    ["", /empty/],
    ["{\"format\": \"conflict-table/ever", /not readable JSON/],
    ["[1, 2]", /not an “Export everything” file/],
    [JSON.stringify({ format: "conflict-table/morale", version: 1, setup: {}, events: [] }), /conflict-table\/morale file/],
    [file({ version: 2 }), /newer version of this site \(version 2;/],
    [file({ version: "1" }), /its version is damaged/],
    [file({ version: undefined }), /its version is missing/],
    [file({ kept: [] }), /no list of kept values/],
    [file({ kept: { morale: { setup: {} } } }), /“morale” is not a kept value/],
    [`{"format": "${FORMAT}", "version": 1, "kept": {"__proto__": "{}"}}`, /not a name this site keeps/],
    [file({ kept: { "keeping:persist": "granted" } }), /not a name this site keeps/],
    [file({ kept: { "morale:set-aside": "[{\"text\": 1}]" } }), /not a list of set-aside copies/],
    [file({ kept: { morale: "x".repeat(LIMITS.bytes) } }), new RegExp(`larger than ${LIMITS.bytes / 1_000_000} MB`)],
    [file({ kept: Object.fromEntries(Array.from({ length: LIMITS.entries + 1 }, (_, i) => [`n${i}`, "1"])) }), /more than 1000/],
  ];
  for (const [text, why] of cases) assert.match(readFile(text).problem ?? "accepted", why, text.slice(0, 60));
});

test("every entry is checked by its calculator's check; a name no calculator keeps is refused", async () => {
  const engine = { call: async () => ({ ok: true, result: {} }) };
  const check = (kept) => checkAll(kept, (name) => checkOf(name, engine));
  assert.deepEqual(await check({ "stress:roster": ROSTER, "morale:set-aside": "[]" }), { ok: true });
  const bad = JSON.stringify({ current: "c1", people: [{ id: "c1", name: "Ada", side: "pc", standing: "lost", traits: [] }] });
  assert.match((await check({ "stress:roster": bad })).problem, /“stress:roster”: character 1 has no known standing/);
  assert.match((await check({ "morale:draft": "{\"teams\": 3}" })).problem, /not a conflict's setup/);
  assert.match((await check({ "stress:wounds": "{\"state\": 1}" })).problem, /expected shape/);
  // (the edition's check reads registry.js, which the build writes: tests/browser/test_everything.py has it)
  assert.match((await check({ "tarot:deck": "{}" })).problem, /kept by no calculator/);
  assert.match((await check({ "tarot:set-aside": "[]" })).problem, /kept by no calculator/);
});

test("the rules' refusal and an engine that is down come back as such (nothing judged when down)", async () => {
  const refusing = { call: async () => ({ ok: false, error: { code: "invalid", message: "zone Z is not on the map" } }) };
  const down = { call: async () => ({ ok: false, error: { code: "engine", message: "the engine did not start" } }) };
  assert.match((await checkAll({ borders: "{}" }, (n) => checkOf(n, refusing))).problem, /“borders”: zone Z is not on the map/);
  assert.deepEqual(await checkAll({ borders: "{}" }, (n) => checkOf(n, down)), { down: "the engine did not start" });
  const morale = JSON.stringify({ format: "conflict-table/morale", version: 1, setup: {}, events: [] });
  let asked = null;
  const spy = { call: async (name, payload) => { asked = { name, payload }; return { ok: true, result: {} }; } };
  assert.deepEqual(await checkAll({ morale }, (n) => checkOf(n, spy)), { ok: true });
  assert.deepEqual(asked, { name: "morale.replay", payload: { setup: {}, events: [] } });
});

test("the board's conflict, saved setups and draft are checked as the board checks them (the conflict by board.replay)", async () => {
  const setup = { map: { name: "Warehouse", zones: ["West end"] }, sides: ["Crew"], actors: [], things: [] };
  const board = JSON.stringify({ format: "conflict-table/board", version: 1, setup, events: [{ kind: "simple", actor: "Gatto" }], redo: [] });
  let asked = null;
  const spy = { call: async (name, payload) => { asked = { name, payload }; return { ok: true, result: {} }; } };
  const kept = { board, "board:draft": JSON.stringify({ mapId: "warehouse", ...setup }),
    "board:setups": JSON.stringify({ Rooftop: setup }), "board:set-aside": "[]" };
  assert.deepEqual(await checkAll(kept, (n) => checkOf(n, spy)), { ok: true });
  assert.deepEqual(asked, { name: "board.replay", payload: { setup, events: [{ kind: "simple", actor: "Gatto" }] } });
  assert.deepEqual(await checkAll({ board: "null" }, (n) => checkOf(n, spy)), { ok: true }); // nothing kept yet
  const refusing = { call: async () => ({ ok: false, error: { code: "unknown", message: "Event 1: There is no actor called 'Gatto'" } }) };
  assert.match((await checkAll({ board }, (n) => checkOf(n, refusing))).problem, /“board”: Event 1: There is no actor called 'Gatto'/);
  assert.match((await checkAll({ board: board.slice(0, -9) }, (n) => checkOf(n, spy))).problem, /“board”: it is damaged: it is not readable JSON/);
  assert.match((await checkAll({ board: JSON.stringify({ format: "conflict-table/morale" }) }, (n) => checkOf(n, spy))).problem,
    /“board”: it is damaged: it is a conflict-table\/morale file/);
  assert.match((await checkAll({ "board:setups": "{\"Rooftop\": 3}" }, (n) => checkOf(n, spy))).problem, /“board:setups”: the setup “Rooftop”/);
  assert.match((await checkAll({ "board:setups": "[]" }, (n) => checkOf(n, spy))).problem, /“board:setups”: it is not a list of saved setups/);
  assert.match((await checkAll({ "board:draft": "{\"sides\": 2}" }, (n) => checkOf(n, spy))).problem, /“board:draft”: it is not a conflict's setup \(its map is not a map\)/);
});

test("issue 32 §3: every part of a board's kept value is checked, redo included; a newer version is refused by name", async () => {
  const setup = { map: { name: "Warehouse", zones: ["West end"] }, sides: ["Crew"], actors: [], things: [] };
  let asked = null;
  const spy = { call: async (name, payload) => { asked = { name, payload }; return { ok: true, result: {} }; } };
  const verdict = async (kept) => (await checkAll(kept, (n) => checkOf(n, spy))).problem;
  const draft = (d) => verdict({ "board:draft": JSON.stringify(d) });
  assert.match(await draft({ map: { zones: "abc" }, sides: [], actors: [], things: [] }), /“board:draft”: it is not a conflict's setup \(its map's zones are not a list\)/);
  assert.match(await draft({ map: { zones: ["A"], borders: "abc" }, sides: [], actors: [], things: [] }), /map's borders are not a list/);
  assert.match(await draft({ map: {}, sides: [], actors: [null], things: [] }), /actors\[0\] is not an actor/);
  assert.match(await draft({ map: {}, sides: [], actors: [{ name: 3 }], things: [] }), /actors\[0\] is not an actor/);
  assert.match(await draft({ map: {}, sides: [], actors: [], things: [{ name: "Lock", border: "abc" }] }), /things\[0\] is not a thing/);
  assert.match(await verdict({ "board:setups": JSON.stringify({ x: null }) }), /“board:setups”: the setup “x” is not a conflict's setup/);
  assert.match(await verdict({ "board:setups": JSON.stringify({ x: { map: {}, sides: "ab" } }) }), /the setup “x” is not a conflict's setup/);
  const board = (extra) => JSON.stringify({ format: "conflict-table/board", version: 1, setup, events: [], redo: [], ...extra });
  for (const version of [2, 99]) {
    assert.match(await verdict({ board: board({ version }) }), /“board”: it is damaged: it was made by a newer version of this site/);
  }
  assert.match(await verdict({ board: board({ version: "banana" }) }), /its version is damaged/);
  assert.match(await verdict({ board: board({ redo: "x" }) }), /its redo list is not a list/);
  assert.match(await verdict({ board: board({ redo: [null] }) }), /redo\[0\] is not an event/);
  const redo = [{ kind: "end_exchange" }, { kind: "simple", actor: "Gatto" }];
  assert.equal(await verdict({ board: board({ events: [{ kind: "simple", actor: "Jade" }], redo }) }), undefined);
  // The rules replay the log with what Redo would log again (the last undone first), so its size and events count.
  assert.deepEqual(asked.payload.events, [{ kind: "simple", actor: "Jade" }, { kind: "simple", actor: "Gatto" }, { kind: "end_exchange" }]);
});

test("importing sets aside every value it replaces first, adds set-aside lists, and leaves equal ones alone", () => {
  ls().setItem(keyFor("stress:roster"), "{\"mine\": 1}");
  ls().setItem(keyFor("borders"), "{\"same\": 1}");
  const aside = JSON.stringify([{ at: "2026-01-01T00:00:00.000Z", reason: "old", text: "t" }]);
  const got = adoptAll({ "stress:roster": ROSTER, borders: "{\"same\": 1}", morale: "null", "borders:set-aside": aside });
  assert.deepEqual(got, { done: 3, lists: [{ name: "borders", of: 1, kept: 1, left: [], why: null }] });
  assert.equal(ls().getItem(keyFor("stress:roster")), ROSTER);
  assert.equal(ls().getItem(keyFor("morale")), "null");
  const rosterAside = JSON.parse(ls().getItem(keyFor("stress:roster:set-aside")));
  assert.deepEqual(rosterAside.map((x) => x.text), ["{\"mine\": 1}"]);
  assert.deepEqual(JSON.parse(ls().getItem(keyFor("borders:set-aside"))).map((x) => x.text), ["t"]);
});

test("when a set-aside copy can't be kept (storage full), nothing is replaced", () => {
  ls().setItem(keyFor("stress:roster"), "{\"mine\": 1}");
  ls().quota = 100;
  const before = new Map(ls().map);
  const got = adoptAll({ "stress:roster": ROSTER });
  assert.match(got.problem, /no room .* nothing was replaced/);
  assert.deepEqual(new Map(ls().map), before);
});

test("when a write fails halfway, the values written before it go back as they were", () => {
  ls().quota = keyFor("edition").length + keyFor("morale").length + 100;
  const got = adoptAll({ edition: "2023", morale: "x".repeat(200) });
  assert.match(got.problem, /would not keep “morale” \(200 characters: .*full\), so nothing was replaced/);
  assert.equal(ls().getItem(keyFor("edition")), null);
  assert.equal(ls().getItem(keyFor("morale")), null);
});

test("issue 64 item 6: set-aside copies that do not fit are kept copy by copy, and what was left out is said by name", () => {
  const board = "{\"small\": 1}";
  const copies = [0, 1, 2, 3].map((i) => ({ at: `2026-11-2${i}T10:00:00.000Z`, reason: "set aside", text: `${i}${"x".repeat(999)}` }));
  ls().quota = 3_300; // the value and three copies, not four
  const got = adoptAll({ board, "board:set-aside": JSON.stringify(copies) });
  assert.equal(got.done, 1);
  assert.equal(ls().getItem(keyFor("board")), board);
  const stored = JSON.parse(ls().getItem(keyFor("board:set-aside")));
  assert.deepEqual(stored.map((x) => x.text[0]), ["0", "1", "2"]);
  assert.deepEqual(got.lists, [{ name: "board", of: 4, kept: 3, left: [{ at: copies[3].at, size: 1000 }], why: "this browser's storage for the site is full" }]);
  const words = notKeptWords(got.lists);
  assert.match(words, /^Not kept, as there is no room for them in this browser \(this browser's storage for the site is full\): 1 of 4 set-aside copies of “board” \(1,000 characters\)\./);
  assert.match(words, /still in the file/);
  assert.equal(notKeptWords([{ name: "board", of: 2, kept: 2, left: [], why: null }]), "");
});

test("what Export writes, Import reads: a browser holding a large board and set-aside copies of it (issue 32 §2)", () => {
  const event = (i) => ({ kind: "simple", actor: ["Gatto", "Jade"][i % 2], note: "\"a\" ".repeat(70) });
  const events = Array.from({ length: 3500 }, (_, i) => event(i));
  const board = JSON.stringify({ format: "conflict-table/board", version: 1, setup: { map: { zones: ["Hall"] } }, events, redo: [],
    ids: events.map((_, i) => `e${i}`), redoIds: [], dropped: [] });
  assert.ok(board.length > 1_000_000);
  const copies = JSON.stringify([0, 1].map((i) => ({ text: board, at: `2026-11-2${i}T10:00:00Z`, why: "set aside" })));
  ls().setItem(keyFor("board"), board);
  ls().setItem(keyFor("board:set-aside"), copies);
  const text = makeFile(collect());
  const bytes = new TextEncoder().encode(text).length;
  assert.ok(bytes > 5_000_000, `the file is ${bytes} bytes`);
  const read = readFile(text);
  assert.equal(read.problem, undefined);
  assert.equal(read.kept.board, board);
  assert.equal(fileBytes(text), bytes);
  assert.equal(notImportable(text), null);
  assert.match(notImportable("x".repeat(LIMITS.bytes + 1)), /Import everything reads/);
});

test("a check that says nothing was changed is not said twice in Import's sentence", async () => {
  const tooLarge = { call: async () => ({ ok: false, error: { code: "too_large",
    message: "This input is too large for the calculator (1,001,697 characters; at most 1,020,000). Nothing was changed." } }) };
  const board = JSON.stringify({ format: "conflict-table/board", version: 1, setup: {}, events: [], redo: [] });
  const { problem } = await checkAll({ board }, (n) => checkOf(n, tooLarge));
  assert.match(problem, /“board”: This input is too large for the calculator \(1,001,697 characters; at most 1,020,000\)$/);
  assert.doesNotMatch(problem, /Nothing was changed/);
});
