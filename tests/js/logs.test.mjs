// keeping/logs.js: two tabs' logs of one conflict merged (issue 32 §1). An undo in
// one tab and a log in the other are two changes, both kept; nothing either tab
// logged is lost, nothing comes back that a tab undid, and the later event never
// comes first. The board's conflict.js (logged/undone/redone/merge) is the log here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { madeAt, mergeLogs, nextId } from "../../calculators/browser/keeping/logs.js";
import { fresh, logged, merge, redone, refuse, undone } from "../../calculators/browser/widgets/board/conflict.js";

const setup = { map: { zones: ["A", "B"], borders: [] }, sides: ["Crew", "Gang"], actors: [] };
const note = (n) => ({ kind: "simple", actor: "Jade", note: n });
const notes = (c) => c.events.map((e) => e.note);

/** Date.now ticking 1 ms a call, so every id is later than the one before (as two taps are). */
function ticking(fn) {
  const real = Date.now;
  let clock = real();
  Date.now = () => ++clock;
  try {
    return fn();
  } finally {
    Date.now = real;
  }
}

test("an undo in one tab and a log in the other are two changes: both kept, whichever tab merges", () => ticking(() => {
  const start = logged(fresh(setup), note("t1-first"));
  const one = undone(start); // tab 1 taps Undo
  const two = logged(start, note("t2-first")); // tab 2 taps Log it on the log it had
  for (const [ours, theirs] of [[one, two], [two, one]]) {
    const m = merge(ours, theirs);
    assert.deepEqual(notes(m), ["t2-first"], "t1-first stays undone, t2-first stays logged");
    assert.deepEqual(m.redo, []); // a log after an undo ends the redo list, as in one tab
    assert.deepEqual(merge(m, ours).events, m.events); // and the tab that merges next agrees
    assert.deepEqual(merge(theirs, m).events, m.events);
  }
}));

test("the later event never comes first: what only one tab logged goes where it was logged", () => ticking(() => {
  const start = logged(fresh(setup), note("t1-first"));
  const one = undone(start);
  const twoFirst = logged(start, note("t2-first"));
  const stored = merge(twoFirst, one); // [t2-first]
  const twoAfter = logged(stored, note("t2-after"));
  const oneLater = merge(one, stored); // tab 1 took in t2-first
  assert.deepEqual(notes(merge(oneLater, twoAfter)), ["t2-first", "t2-after"]);
  assert.deepEqual(notes(merge(twoAfter, oneLater)), ["t2-first", "t2-after"]);
  // Two tabs logging at once, each on its own copy: the earlier tap first, whichever merges.
  const a = logged(start, note("a"));
  const b = logged(start, note("b"));
  assert.deepEqual(notes(merge(a, b)), ["t1-first", "a", "b"]);
  assert.deepEqual(notes(merge(b, a)), ["t1-first", "a", "b"]);
}));

test("undo then redo in one tab reaches the other; the same redo in both tabs is one event", () => ticking(() => {
  const start = logged(logged(fresh(setup), note("x")), note("y"));
  const back = undone(start);
  const other = merge(start, back); // the other tab hears of the undo: y is on its redo list too
  assert.deepEqual([notes(other), other.redo.map((e) => e.note)], [["x"], ["y"]]);
  const again = redone(back);
  assert.deepEqual(notes(merge(other, again)), ["x", "y"]); // the redo is not undone by the other tab's redo list
  const both = redone(other); // the other tab taps Redo at the same moment
  assert.deepEqual(notes(merge(both, again)), ["x", "y"]);
  assert.equal(nextId("abc-def"), "abc-def~1");
  assert.equal(nextId("abc-def~1"), "abc-def~2");
  assert.equal(madeAt(nextId("lq2x8kz0-abc")), madeAt("lq2x8kz0-abc"));
}));

test("older logs' ids (no time) merge as before: theirs, then ours", () => {
  const theirs = { events: ["a", "b"], ids: ["e0", "e1"], redo: [], redoIds: [], dropped: [] };
  const ours = { events: ["a", "c"], ids: ["e0", "x1"], redo: [], redoIds: [], dropped: [] };
  const { log, added, changed } = mergeLogs(ours, theirs);
  assert.deepEqual([log.events, added, changed], [["a", "b", "c"], 1, true]);
  assert.equal(mergeLogs(theirs, theirs).changed, false);
});

/** A random walk of two tabs over one stored log (seeded): each tab logs, undoes or redoes on what
 *  it holds; a write merges with what is stored first, unless it races the other tab (Chromium's
 *  local storage can let a write made on a stale copy win): then the other tab, hearing of it,
 *  merges its own changes back in. */
function walk(seed, steps) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  let stored = fresh(setup);
  const tabs = [{ local: stored, seen: stored }, { local: stored, seen: stored }];
  const alive = new Map(); // id → note: what is logged and not undone, by anyone
  let n = 0;
  const write = (tab, next, race) => {
    if (!race && stored !== tab.seen) next = merge(next, stored);
    stored = tab.local = tab.seen = next;
  };
  const hear = (tab) => {
    if (stored === tab.seen) return;
    const m = merge(tab.local, stored);
    tab.seen = stored;
    tab.local = m;
    if (JSON.stringify([m.ids, m.redoIds]) !== JSON.stringify([stored.ids, stored.redoIds])) write(tab, m, false);
  };
  for (let i = 0; i < steps; i++) {
    const tab = tabs[rand() < 0.5 ? 0 : 1];
    const roll = rand();
    const race = rand() < 0.3;
    if (roll < 0.4) {
      const next = logged(tab.local, note(`n${++n}`));
      alive.set(next.ids.at(-1), next.events.at(-1).note);
      write(tab, next, race);
    } else if (roll < 0.6) {
      const next = undone(tab.local);
      if (next) alive.delete(tab.local.ids.at(-1)), write(tab, next, race);
    } else if (roll < 0.7) {
      const next = redone(tab.local);
      if (next) alive.set(next.ids.at(-1), next.events.at(-1).note), write(tab, next, race);
    } else hear(tab);
  }
  for (let i = 0; i < 4; i++) tabs.forEach(hear);
  return { stored, tabs, alive };
}

test("two tabs logging, undoing and redoing at random: nothing lost, nothing undone comes back, order kept", () => ticking(() => {
  for (let seed = 1; seed <= 300; seed++) {
    const { stored, tabs, alive } = walk(seed, 60);
    const want = [...alive.keys()].sort((a, b) => madeAt(a) - madeAt(b) || (a < b ? -1 : 1));
    assert.deepEqual(stored.ids, want, `seed ${seed}`);
    assert.deepEqual(stored.events.map((e) => e.note), want.map((id) => alive.get(id)), `seed ${seed}`);
    for (const tab of tabs) assert.deepEqual(tab.local.ids, stored.ids, `seed ${seed}: both tabs show the stored log`);
  }
}));

test("an event is timed by its tap: of two tabs, the one tapped first comes first, whichever stored first", () => {
  const start = fresh(setup);
  const tappedAt = Date.UTC(2026, 10, 28, 23, 0);
  // Tab 1 tapped first but its rules answered last: its event is made (logged) after tab 2's.
  const two = logged(start, note("t2-tapped-later"), tappedAt + 40);
  const one = logged(start, note("t1-tapped-first"), tappedAt);
  assert.equal(madeAt(one.ids[0]), tappedAt);
  for (const [ours, theirs] of [[one, two], [two, one]]) {
    assert.deepEqual(notes(merge(ours, theirs)), ["t1-tapped-first", "t2-tapped-later"]);
  }
});

test("two tabs log the same actor's turn, neither having heard of the other: the later tap goes, whichever tab merges, and stays out", () => ticking(() => {
  const start = logged(fresh(setup), note("x"));
  const one = logged(start, note("early")); // tapped first
  const two = logged(start, note("late"));
  // What the rules refuse in the merge: "late" (index 2), the second turn of one actor.
  const heard = [];
  for (const [ours, theirs] of [[one, two], [two, one]]) {
    const said = [];
    const m = merge(ours, theirs, undefined, (t) => said.push(t));
    assert.deepEqual(notes(m), ["x", "early", "late"]);
    const out = refuse(m, { problem: "Event 3: Jade has already acted", event: 2 }, ours, theirs, (t) => said.push(t));
    assert.deepEqual(notes(out), ["x", "early"]);
    assert.equal(out.refused.length, 1);
    heard.push(said);
  }
  assert.deepEqual(heard[0], []); // tab 1 merged: the refused event was tab 2's, said there
  assert.match(heard[1][0], /^Jade's simple action “late” was not kept: another tab logged a moment before it/);
  // Tab 2 hears of tab 1's settled log: its event stays out, and it says so once.
  const settled = refuse(merge(one, two), { event: 2 }, one, two);
  const said = [];
  const m = merge(two, settled, undefined, (t) => said.push(t));
  assert.deepEqual(notes(m), ["x", "early"]);
  assert.equal(said.length, 1);
  assert.match(said[0], /“late” was not kept/);
  const again = [];
  merge(m, settled, undefined, (t) => again.push(t));
  assert.deepEqual(again, [], "said once: the tab's own log now lists it as refused");
  // An event both logs hold, or one past the events (the redo list), is not taken out.
  assert.equal(refuse(merge(one, one), { event: 1 }, one, one), null);
  assert.equal(refuse(merge(one, two), { event: 9 }, one, two), null);
  assert.equal(refuse(merge(one, two), { problem: "no index" }, one, two), null);
}));
