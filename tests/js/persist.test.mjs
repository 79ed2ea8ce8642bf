// keeping/persist.js: persistent storage is asked once, at the first keeper write, and the answer
// remembered (so it is not asked on every write); the plain words for each answer.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";

const store = new Map();
const listeners = new Map();
globalThis.window = /** @type {any} */ ({
  localStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)), removeItem: (k) => store.delete(k) },
  addEventListener: (type, fn) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
  removeEventListener: (type, fn) => listeners.set(type, (listeners.get(type) ?? []).filter((f) => f !== fn)),
  dispatchEvent: (event) => (listeners.get(event.type) ?? []).forEach((fn) => fn(event)),
});
let asks = 0;
let grant = true;
const storage = { persisted: async () => false, persist: async () => { asks += 1; return grant; } };
Object.defineProperty(globalThis, "navigator", { value: { storage }, configurable: true });

const { ask, answer, words, askOnFirstKeep, ASKED } = await import("../../calculators/browser/keeping/persist.js");

beforeEach(() => {
  store.clear();
  asks = 0;
});

test("granted: asked once, remembered, and said as 'kept until you clear it'", async () => {
  grant = true;
  assert.equal(answer(), null);
  assert.equal(await ask(), "granted");
  assert.equal(await ask(), "granted");
  assert.equal(asks, 1);
  assert.equal(store.get(ASKED), "granted");
  assert.match(words(answer()), /^Kept until you clear it/);
});

test("refused: remembered too, and said as 'your browser may clear this: install the site or export it'", async () => {
  grant = false;
  assert.equal(await ask(), "refused");
  await ask();
  assert.equal(asks, 1);
  assert.match(words("refused"), /^Your browser may clear this: install the site or export it/);
  assert.equal(words("unsupported"), words("refused"));
  assert.equal(words(null), null);
});

test("a browser without navigator.storage.persist is not asked, and the player is told it may clear", async () => {
  const persist = storage.persist;
  delete storage.persist;
  try {
    assert.equal(await ask(), "unsupported");
  } finally {
    storage.persist = persist;
  }
});

test("it is the first keeper write that asks, once; later writes do not", async () => {
  grant = true;
  askOnFirstKeep();
  assert.equal(asks, 0);
  window.dispatchEvent(new CustomEvent("conflict-table:kept", { detail: { key: "k" } }));
  await new Promise((r) => setTimeout(r, 10));
  window.dispatchEvent(new CustomEvent("conflict-table:kept", { detail: { key: "k" } }));
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(asks, 1);
  assert.equal(answer(), "granted");
});
