// keeping/keeper.js: the one keeper every widget keeps its state through. Local
// storage is a small fake here (with a quota), and "another tab" is a second
// keeper of the same name that writes behind the first one's back.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { fakeWindow } from "./storage.mjs";


const win = fakeWindow();
const storage = win.localStorage;
const { keeper, keyFor, slot } = await import("../../calculators/browser/keeping/index.js");

let n = 0;
let name;
beforeEach(() => {
  storage.map.clear();
  storage.quota = Infinity;
  name = `test${++n}`;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 5)); // the watchers' checks are async
/** Wait until `done()` holds (the watchers' checks and merges are async), at most 2 s. */
const until = async (done) => {
  for (const end = Date.now() + 2000; !done() && Date.now() < end;) await settle();
};
const raw = () => storage.getItem(keyFor(name));
const asides = () => JSON.parse(storage.getItem(`${keyFor(name)}:set-aside`) ?? "[]");
/** A list of numbers, at most 3 of them: the "rules" of these tests. */
const check = (v) => (Array.isArray(v) && v.length <= 3 ? { value: v } : { problem: "it holds more than 3 numbers" });
/** Two tabs' lists: both tabs' numbers, once each (null when one starts with 0: "another conflict"). */
const merge = (a, b) => (a[0] === 0 || b[0] === 0 ? null : [...new Set([...b, ...a])]);

test("nothing kept: open gives the fresh value, save keeps it", async () => {
  const k = keeper(name, { fresh: () => [], check });
  assert.deepEqual(await k.open(), { value: [], view: null, notice: null });
  assert.equal((await k.save([1])).why, null);
  assert.equal(raw(), "[1]");
  const again = keeper(name, { fresh: () => [], check });
  assert.deepEqual((await again.open()).value, [1]);
});

test("a stored value the rules refuse is set aside (never overwritten) with a notice, then the fresh value is kept", async () => {
  storage.setItem(keyFor(name), "[1,2,3,4]");
  const k = keeper(name, { fresh: () => [], check, what: "list" });
  const { value, notice } = await k.open();
  assert.deepEqual(value, []);
  assert.match(notice, /Your saved list could not be used \(it holds more than 3 numbers\)\. A copy was set aside/);
  assert.deepEqual(asides().map((a) => a.text), ["[1,2,3,4]"]);
  await k.save([5]);
  assert.deepEqual(asides().map((a) => a.text), ["[1,2,3,4]"]);
});

test("unreadable text is set aside too", async () => {
  storage.setItem(keyFor(name), "{oops");
  const k = keeper(name, { fresh: () => [], check });
  assert.match((await k.open()).notice, /not readable JSON/);
  assert.equal(asides()[0].text, "{oops");
});

test("a full storage: the unusable value stays where it was until its copy can be kept, and the player is told", async () => {
  storage.setItem(keyFor(name), "[1,2,3,4]");
  storage.quota = 0;
  const k = keeper(name, { fresh: () => [], check, what: "list" });
  const { notice } = await k.open();
  assert.match(notice, /no room to keep a copy.*download it below/);
  assert.equal(raw(), "[1,2,3,4]");
  assert.equal(k.asides().length, 1, "the copy is shown (to download) though only in memory");
  const why = (await k.save([7])).why;
  assert.match(why, /would not keep the list \(this browser's storage for the site is full/);
  assert.equal(raw(), "[1,2,3,4]", "a failed write keeps the old value");
  storage.quota = Infinity;
  assert.deepEqual(await k.save([7]), { kept: true, value: [7], view: null, why: null, merged: null, overtaken: false, setAside: null });
  assert.equal(raw(), "[7]");
  assert.deepEqual(asides().map((a) => a.text), ["[1,2,3,4]"]);
});

test("the engine down: nothing judged, the stored value kept as is and set aside before anything overwrites it", async () => {
  storage.setItem(keyFor(name), "[1]");
  const k = keeper(name, { fresh: () => [], check: () => ({ down: "The engine is not running." }), what: "list" });
  assert.match((await k.open()).notice, /The engine is not running\. Your saved list is kept as it is\./);
  assert.equal(raw(), "[1]");
  await k.save([2]);
  assert.deepEqual(asides().map((a) => a.text), ["[1]"]);
});

test("undo and redo, with labels; a step the rules now refuse is dropped with a message", async () => {
  const k = keeper(name, { fresh: () => [], check, steps: 5 });
  await k.open();
  await k.save([1], "one");
  await k.save([1, 2], "two");
  assert.deepEqual(await k.undo(), { value: [1], view: { value: [1] }, label: "two", error: undefined });
  assert.equal(raw(), "[1]");
  assert.deepEqual((await k.redo()).value, [1, 2]);
  k.slot.writeText("[1,2]");
  const bad = keeper(name, { fresh: () => [], check, steps: 5 });
  await bad.open();
  await bad.save([9, 9, 9], "three"); // kept, though the rules would refuse it
  await bad.save([1, 2, 3], "four");
  assert.deepEqual((await bad.undo()).value, [9, 9, 9]);
});

test("history can live inside the stored value (codec), and comes back on open", async () => {
  const codec = {
    toText: (value, { past = [], future = [] }) => JSON.stringify({ state: value, history: past, future }),
    fromText: (text) => {
      const d = JSON.parse(text);
      return { value: d.state, past: d.history, future: d.future };
    },
  };
  const k = keeper(name, { fresh: () => [], check, steps: 5, codec });
  await k.open();
  await k.save([1], "one");
  const again = keeper(name, { fresh: () => [], check, steps: 5, codec });
  await again.open();
  assert.equal(again.canUndo, true);
  assert.deepEqual((await again.undo()).label, "one");
});

test("replace sets the stored value aside first, and bringBack restores it", async () => {
  const k = keeper(name, { fresh: () => [], check });
  await k.open();
  await k.save([1, 2]);
  const replaced = await k.replace([3], "replaced by an import");
  assert.equal(replaced.why, null);
  assert.equal(raw(), "[3]");
  assert.deepEqual(asides().map((a) => [a.text, a.reason, a.at]), [["[1,2]", "replaced by an import", replaced.setAside]]);
  assert.deepEqual(await k.bringBack(replaced.setAside), { value: [1, 2], view: { value: [1, 2] } });
  assert.equal(raw(), "[1,2]");
  assert.deepEqual(asides(), []);
});

test("replace with no room for the copy changes nothing and says why", async () => {
  const k = keeper(name, { fresh: () => [], check, what: "list" });
  await k.open();
  await k.save([1, 2]);
  storage.quota = storage.getItem(keyFor(name)).length + keyFor(name).length;
  assert.match((await k.replace([3], "an import")).why, /no room left .* keep a copy of your list, so it was not replaced/);
  assert.equal(raw(), "[1,2]");
  assert.deepEqual(k.value, [1, 2]);
});

test("two tabs writing at the same moment: their values are merged", async () => {
  const one = keeper(name, { fresh: () => [], check, merge });
  const two = keeper(name, { fresh: () => [], check, merge });
  await one.open();
  await two.open();
  await two.save([2]); // the other tab, before this one heard of it
  await one.save([1]);
  assert.deepEqual(JSON.parse(raw()).sort(), [1, 2]);
  assert.deepEqual(asides(), []);
});

test("two tabs whose changes merge but the rules refuse together: the first stored stands, the later is not made", async () => {
  const one = keeper(name, { fresh: () => [], check, merge, what: "list" });
  const two = keeper(name, { fresh: () => [], check, merge, what: "list" });
  await one.open();
  await two.open();
  await one.save([1, 2]);
  await two.save([1, 2]); // both tabs now hold [1, 2]
  await two.save([1, 2, 3]); // the other tab, before this one heard of it
  const saved = await one.save([1, 2, 4]); // [1, 2, 3, 4]: more than the rules allow
  assert.equal(saved.overtaken, true);
  assert.equal(saved.kept, false);
  assert.deepEqual(saved.value, [1, 2, 3]); // what is stored, to make the change again on
  assert.match(saved.why, /Another tab changed the list at the same moment.*yours was not made/);
  assert.equal(raw(), "[1,2,3]"); // the first change stands in storage
  assert.deepEqual(one.value, [1, 2, 3]); // and this tab now holds it, to try again on
  assert.deepEqual(asides(), []); // nothing set aside: the refused change was never kept
  const again = await one.save([1, 2, 3]);
  assert.equal(again.why, null);
  assert.equal(again.overtaken, false);
});

test("two tabs that can't be merged: both are kept, the other one set aside", async () => {
  const one = keeper(name, { fresh: () => [], check, merge });
  const two = keeper(name, { fresh: () => [], check, merge });
  await one.open();
  await two.open();
  await two.save([0, 2]);
  await one.save([1]);
  assert.equal(raw(), "[1]");
  assert.deepEqual(asides().map((a) => a.text), ["[0,2]"]);
  assert.match(asides()[0].reason, /another tab at the same moment/);
});

test("watch: a value stored elsewhere is merged in and reported; one that can't be merged sets ours aside", async () => {
  const one = keeper(name, { fresh: () => [], check, merge, what: "list" });
  const two = keeper(name, { fresh: () => [], check, merge, what: "list" });
  await one.open();
  await one.save([1]);
  await two.open();
  const heard = [];
  const stop = new AbortController();
  one.watch((news) => heard.push(news), { signal: stop.signal });
  await two.save([1, 2]);
  await settle();
  assert.deepEqual(heard[0].value, [1, 2]);
  await two.save([0, 5]);
  await settle();
  const news = heard[1];
  assert.deepEqual(news.value, [0, 5]);
  assert.match(news.notice, /could not be merged: this tab's version was set aside/);
  assert.deepEqual(asides().map((a) => a.text), ["[1,2]"]);
  stop.abort();
  await two.save([0, 6]);
  await settle();
  assert.equal(heard.length, 2, "no news after the watch is aborted");
});

test("without merge a value stored elsewhere is adopted (the last change wins)", async () => {
  const one = keeper(name, { fresh: () => [], check });
  const two = keeper(name, { fresh: () => [], check });
  await one.open();
  await two.open();
  const heard = [];
  one.watch((news) => heard.push(news));
  await two.save([4]);
  await settle();
  assert.deepEqual(heard[0].value, [4]);
  assert.deepEqual(one.value, [4]);
});

test("issue 32: a save that has to set another tab's value aside says so to the watchers, not only in the list", async () => {
  const one = keeper(name, { fresh: () => [], check, merge, what: "list" });
  const two = keeper(name, { fresh: () => [], check, merge, what: "list" });
  await one.open();
  await two.open();
  await one.open(); // tab 1 has heard of favor 3
  const queued = [];
  const heard = [];
  one.watch((news) => heard.push(news), { via: (task) => queued.push(task) }); // the widget's queue
  await two.save([0, 2]); // another conflict, stored behind this tab's back
  await one.save([1]);
  for (const task of queued) await task();
  assert.equal(raw(), "[1]");
  assert.deepEqual(asides().map((a) => a.text), ["[0,2]"]);
  assert.ok(heard.some((n) => /changed in another tab at the same moment.*set aside \(below\), not lost/.test(n.notice)), JSON.stringify(heard));
});

test("issue 32: news that leaves the value as it is hands the watcher the check's view of the value shown", async () => {
  const summed = (v) => (Array.isArray(v) ? { value: v, sum: v.reduce((a, b) => a + b, 0) } : { problem: "not a list" });
  const one = keeper(name, { fresh: () => [], check: summed, merge });
  await one.open();
  await one.save([1, 2]); // saved without a merge: the keeper's last view was of the value opened
  const heard = [];
  one.watch((news) => heard.push([news.value, news.view?.sum]));
  window.dispatchEvent(Object.assign(new Event("storage"), { key: `${keyFor(name)}:set-aside` })); // another tab set a copy aside
  await settle();
  assert.deepEqual(heard, [[[1, 2], 3]]);
});

test("issue 32 §3: a replace the browser would not keep leaves no set-aside copy waiting, and the next replace works", async () => {
  const k = keeper(name, { fresh: () => [], check, what: "list" });
  await k.open();
  await k.save([1, 2]);
  const noteKey = keyFor(`keeping:from:${name}`); // what the value was made from (lineage), kept beside it
  storage.quota = 120 + keyFor(name).length * 2 + noteKey.length + storage.getItem(noteKey).length; // room for the copy, not for a larger value
  const big = [1, 2, 3].map(() => 1e20);
  const refused = await k.replace(big, "an import");
  assert.match(refused.why, /would not keep the list/);
  assert.equal(raw(), "[1,2]"); // the old value stays, and is what is shown
  assert.deepEqual(refused.value, [1, 2]);
  assert.equal(refused.setAside, null);
  assert.deepEqual(asides(), []); // no copy of what the player still has
  assert.equal((await k.replace([3], "a new start")).why, null); // no "no room left": the import was never the value
  assert.equal(raw(), "[3]");
  assert.deepEqual(asides().map((a) => a.text), ["[1,2]"]);
});

test("issue 32 §5: a set-aside copy brought back from the list sets the value shown aside first (keep)", async () => {
  const k = keeper(name, { fresh: () => [], check, what: "list" });
  await k.open();
  await k.save([1, 2]);
  await k.replace([3], "an import");
  const at = asides()[0].at;
  await k.save([3, 4]);
  assert.deepEqual(await k.bringBack(at, { keep: true }), { value: [1, 2], view: { value: [1, 2] } });
  assert.equal(raw(), "[1,2]");
  assert.deepEqual(asides().map((a) => a.text), ["[3,4]"]);
});

test("issue 32 §3: a set-aside list that can't be read is kept whole as one copy, never overwritten", () => {
  storage.setItem(`${keyFor(name)}:set-aside`, '[{"at": "2026-01-01T00:00:00.000Z", "reason": "x", "text": "ol');
  const s = slot(name);
  assert.equal(s.asides().length, 1);
  assert.match(s.asides()[0].text, /"text": "ol$/);
  assert.ok(s.setAside("new", "another"));
  assert.deepEqual(asides().map((a) => a.text), [s.asides()[0].text, "new"]);
  assert.match(asides()[0].text, /"text": "ol$/);
  storage.setItem(`${keyFor(name)}:set-aside`, '[{"text": "no date"}, 3]');
  assert.deepEqual(slot(name).asides().map((a) => a.text), ["no date", "3"]); // a copy without its date, an odd entry: kept
});

test("issue 32 §3: a slot with a check sets aside a stored value it refuses before anything is written over it", () => {
  const problemOf = (text) => (text.startsWith("{") ? null : "it is not a record");
  storage.setItem(keyFor(name), "damaged");
  const s = slot(name, { problemOf });
  assert.equal(s.write({ a: 1 }), null);
  assert.equal(raw(), '{"a":1}');
  assert.deepEqual(asides().map((a) => a.text), ["damaged"]);
  storage.setItem(keyFor(name), "also damaged");
  storage.quota = [...storage.map].reduce((n, [k, v]) => n + k.length + v.length, 0) + 20; // no room for its copy
  assert.match(s.write({ a: 2 }), /a set-aside copy must be kept first/);
  assert.equal(raw(), "also damaged"); // not overwritten
  storage.quota = Infinity;
  const read = slot(name, { problemOf });
  assert.deepEqual(read.checked(), { problem: "it is not a record", text: "also damaged", kept: true });
  assert.equal(raw(), null);
});

test("two tabs each stored a change on its own copy, and the rules refuse the two together: the later change goes, said where it was made", async () => {
  // "Rules": no two numbers with the same last digit (an actor acting twice); a refusal names the index.
  const digits = (v) => {
    const i = v.findIndex((x, j) => v.slice(0, j).some((y) => y % 10 === x % 10));
    return i < 0 ? { value: v } : { problem: `${v[i]} repeats a digit`, event: i };
  };
  const inOrder = (a, b) => [...new Set([...a, ...b])].sort((x, y) => x - y); // a number is its tap's time
  const refuse = (merged, { event }, ours, theirs, say) => {
    const x = merged[event];
    if (x == null || ours.includes(x) === theirs.includes(x)) return null;
    if (ours.includes(x)) say(`${x} was not kept.`);
    return merged.filter((y) => y !== x);
  };
  const options = { fresh: () => [], check: digits, merge: inOrder, refuse, what: "list" };
  const heard = [];
  const tab = async (news) => {
    const k = keeper(name, options);
    await k.open();
    k.watch((n) => news.push(n));
    return k;
  };
  const one = await tab(heard);
  await one.save([11]); // tapped first
  // The other tab, which had not heard of it, tapped 21 later and wrote [21] over it; tab 1 hears.
  storage.setItem(keyFor(name), "[21]");
  window.dispatchEvent(Object.assign(new Event("storage"), { key: keyFor(name) }));
  await settle();
  assert.equal(raw(), "[11]"); // tab 1 took the later change out and wrote the merge back
  assert.deepEqual(one.value, [11]);
  assert.equal(heard.at(-1).notice, null); // the change taken out was not this tab's
  assert.deepEqual(asides(), []);

  // The same race seen from the later tab: it holds [21]; [11] arrives. Its own change goes, and it says so.
  const later = [];
  storage.setItem(keyFor(name), "[21]");
  const two = await tab(later);
  storage.setItem(keyFor(name), "[11]");
  window.dispatchEvent(Object.assign(new Event("storage"), { key: keyFor(name) }));
  await settle();
  assert.deepEqual(two.value, [11]);
  assert.equal(later.at(-1).notice, "21 was not kept.");
  assert.equal(raw(), "[11]");
  assert.deepEqual(asides(), []);
});

test("issue 64 item 3: two tabs tap different boxes at the same moment: without a merge of its own, both are kept field by field", async () => {
  const fresh = () => ({ mental: [false, false], social: [false, false] });
  const one = keeper(name, { fresh, what: "boxes" });
  const two = keeper(name, { fresh, what: "boxes" });
  await one.open();
  await two.open();
  await one.save({ mental: [true, false], social: [false, false] }); // tab 1 taps mental 1
  assert.equal((await two.save({ mental: [false, false], social: [true, false] })).why, null); // tab 2 taps social 1, not having heard
  assert.deepEqual(JSON.parse(raw()), { mental: [true, false], social: [true, false] });
  assert.deepEqual(asides(), []);
  // The same box changed both ways can't be merged: both kept, the other tab's set aside, and said.
  await one.save({ mental: [true, true], social: [true, false] });
  await two.save({ mental: [true, false], social: [true, false], favor: 2 }); // a field of its own: merged
  assert.deepEqual(JSON.parse(raw()), { mental: [true, true], social: [true, false], favor: 2 });
  await one.save({ mental: [false, true], social: [true, false], favor: 2 }); // mental 1 cleared here…
  await two.save({ mental: [true, true], social: [true, false], favor: 3 }); // …favor changed there: both
  assert.deepEqual(JSON.parse(raw()), { mental: [false, true], social: [true, false], favor: 3 });
  assert.deepEqual(asides(), []);
  await one.open(); // tab 1 has heard of favor 3
  const queued = [];
  const heard = [];
  two.watch((news) => heard.push(news.notice), { via: (task) => queued.push(task) }); // the widget's queue: later
  await one.save({ mental: [false, true], social: [true, false], favor: 1 });
  await two.save({ mental: [false, true], social: [true, false], favor: 4 }); // favor changed both ways
  for (const task of queued) await task();
  assert.equal(JSON.parse(raw()).favor, 4); // this tab's kept…
  assert.deepEqual(asides().map((a) => JSON.parse(a.text).favor), [1]); // …the other's set aside, not lost
  assert.ok(heard.some((n) => /changed in another tab at the same moment/.test(n)), JSON.stringify(heard));
});

test("issue 64 item 3: each tab wrote on its own copy: the lineage beside the value makes the merge start where both started", async () => {
  const fresh = () => ({ mental: [false, false], social: [false, false] });
  const one = keeper(name, { fresh, what: "boxes" });
  const two = keeper(name, { fresh, what: "boxes" });
  await one.open();
  await one.save({ mental: [false, false], social: [false, true] }); // where both start
  const start = raw();
  await two.open();
  const heard = [];
  one.watch((news) => heard.push(news));
  await one.save({ mental: [true, false], social: [false, true] }); // tab 1 taps mental 1…
  storage.setItem(keyFor(name), start); // …and tab 2 still reads what was there before (its copy)
  await two.save({ mental: [false, false], social: [true, true] }); // tab 2 taps social 1 on its copy: written over tab 1's
  win.dispatchEvent(Object.assign(new Event("storage"), { key: keyFor(name) })); // tab 1 hears of it
  await until(() => one.value.mental[0] && raw().includes("[true,false]"));
  assert.deepEqual(one.value, { mental: [true, false], social: [true, true] }); // tab 1's tap is not undone
  assert.deepEqual(JSON.parse(raw()), { mental: [true, false], social: [true, true] }); // and is written back for tab 2
  assert.deepEqual(asides(), []);
  // A later change made knowing tab 1's (mental 1 cleared in tab 2) is taken as it is, not merged back.
  const now = raw();
  await two.open();
  assert.equal(raw(), now);
  await two.save({ mental: [false, false], social: [true, true] });
  win.dispatchEvent(Object.assign(new Event("storage"), { key: keyFor(name) }));
  await until(() => !one.value.mental[0]);
  assert.deepEqual(one.value, { mental: [false, false], social: [true, true] });
});
