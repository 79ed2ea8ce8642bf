// What a widget's store needs of a page, for Node's tests: a window with local storage (a Map) on which the
// keeper listens and tells. Import it before the store: `const win = pageForStores();`.
class FakeStorage {
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

/** globalThis.window, an EventTarget with a fake localStorage (win.localStorage.map to read or clear). */
export function pageForStores() {
  const win = new EventTarget();
  win.localStorage = new FakeStorage();
  globalThis.window = win;
  return win;
}
