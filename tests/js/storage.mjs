// Local storage for the tests in Node: a small fake with a quota (writing past it throws as a browser
// does), and the page's `window` with it, for the modules that keep through keeping/slot.js.

export class FakeStorage {
  constructor() {
    this.map = new Map();
    this.quota = Infinity;
  }
  get length() {
    return this.map.size;
  }
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    const used = [...this.map].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
    if (used + k.length + String(v).length > this.quota) {
      throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    }
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

/** The page's window as the keeping layer sees it (an event target: another tab's `storage` events),
 *  with an empty fake local storage; set as globalThis.window before the modules are imported. */
export function fakeWindow() {
  const win = new EventTarget();
  win.localStorage = new FakeStorage();
  globalThis.window = win;
  return win;
}
