// The morale tap (widgets/morale/tap.js): after one replay, a tap sends the
// token, the length and the event, never the log; undo is a shorter length;
// a stale token replays the log once more. A stand-in engine keeps a log the
// way rules_core.api.morale does (each entry: the event's kind and index).
import { test } from "node:test";
import assert from "node:assert/strict";
import { tapped } from "../../calculators/browser/widgets/morale/tap.js";

const setup = { edition: "2023", teams: [{ name: "Crows", members: ["Ash"] }, { name: "Owls", members: ["Cy"] }] };
const forms = { 2023: { edition: "2023", events: [] } };
const entry = (e, i) => ({ index: i, kind: e.kind });

function standIn() {
  const kept = new Map();
  const sent = [];
  let next = 0;
  return {
    sent, kept,
    async call(name, p) {
      sent.push({ name, ...p });
      if (name === "morale.replay") {
        const token = `t${next++}`;
        kept.set(token, [...p.events]);
        const log = p.events.map(entry).reverse();
        return { ok: true, result: { edition: "2023", teams: [], form: forms[2023], log, token, length: p.events.length } };
      }
      const events = kept.get(p.token);
      if (!events || p.length > events.length) return { ok: false, error: { code: "stale", message: "stale", field: "token" } };
      events.length = p.length;
      if (!p.event) return { ok: true, result: { edition: "2023", teams: [], entry: null, token: p.token, length: p.length } };
      events.push(p.event);
      return { ok: true, result: { edition: "2023", teams: [], entry: entry(p.event, p.length), event: p.event, stress_dealt: null,
        token: p.token, length: events.length } };
    },
  };
}

test("after one replay, each tap sends one event and the page still gets the whole state", async () => {
  const inner = standIn();
  const engine = tapped(inner, forms);
  const a = { kind: "success", member: "Ash" };
  const b = { kind: "failure", member: "Cy" };
  await engine.call("morale.replay", { setup, events: [] });
  const one = await engine.call("morale.apply", { setup, events: [], event: a });
  const two = await engine.call("morale.apply", { setup, events: [a], event: b });
  assert.deepEqual(inner.sent.slice(1).map((s) => Object.keys(s).sort()), [["event", "length", "name", "token"], ["event", "length", "name", "token"]]);
  assert.deepEqual(one.result.log, [{ index: 0, kind: "success" }]);
  assert.deepEqual(two.result.log.map((e) => e.kind), ["failure", "success"]);
  assert.equal(two.result.form, forms[2023]);
  assert.equal("token" in two.result, false);
});

test("undo is a shorter length; a stale token replays the log, then taps", async () => {
  const inner = standIn();
  const engine = tapped(inner, forms);
  const a = { kind: "success", member: "Ash" };
  await engine.call("morale.replay", { setup, events: [a, a] });
  const undone = await engine.call("morale.replay", { setup, events: [a] });
  assert.deepEqual(inner.sent.at(-1), { name: "morale.apply", token: "t0", length: 1 });
  assert.deepEqual(undone.result.log, [{ index: 0, kind: "success" }]);
  inner.kept.clear(); // a restarted worker
  const again = await engine.call("morale.apply", { setup, events: [a], event: a });
  assert.deepEqual(inner.sent.slice(-3).map((s) => s.name), ["morale.apply", "morale.replay", "morale.apply"]);
  assert.deepEqual(again.result.log.map((e) => e.index), [1, 0]);
});

test("another conflict is replayed, not tapped", async () => {
  const inner = standIn();
  const engine = tapped(inner, forms);
  await engine.call("morale.replay", { setup, events: [] });
  await engine.call("morale.apply", { setup: { ...setup, edition: "2023 " }, events: [], event: { kind: "success" } });
  assert.deepEqual(inner.sent.slice(1).map((s) => s.name), ["morale.replay", "morale.apply"]);
  assert.equal("setup" in inner.sent.at(-1), false);
});
