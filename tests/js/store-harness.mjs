// What a widget store's Node test needs before it imports the store: local storage a fake (the keeper's),
// `window` an EventTarget (the keeper's news between tabs and widgets), storage emptied before each test, and
// the rules: rules_core itself in a CPython of its own (rules.mjs), closed after the test file.
import { after, beforeEach } from "node:test";
import { pythonEngine } from "./rules.mjs";

export class FakeStorage {
  constructor() {
    this.map = new Map();
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

export const win = new EventTarget();
win.localStorage = new FakeStorage();
globalThis.window = win;

/** The rules for this test file (an engine answering as the page's worker does); storage emptied before each test. */
export function harness() {
  const engine = pythonEngine();
  after(() => engine.close());
  beforeEach(() => win.localStorage.map.clear());
  return { engine, storage: win.localStorage };
}
