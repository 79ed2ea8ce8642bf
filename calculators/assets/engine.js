// The page's side of the engine: one worker per visit, started lazily by the
// first calculator, kept across Material's instant navigation.
const listeners = new Set();
let worker = null;
let ready = null;
let nextId = 1;
// Save-Data (a metered connection, a data saver): the engine waits for the player's go-ahead
// (a page that started it from its <head> already has it running: overrides/main.html checks too).
let allowed = !(navigator.connection && navigator.connection.saveData) || Boolean(window.__calcEarly);
let held = null;
let release = null;
const pending = new Map();

export const engine = {
  status: "idle", // idle → (held →) starting → ready | failed
  error: null,
  starts: 0, // how many workers this page has created (tests check it stays 1)
  startedAt: null,
  readyAt: null,
  source: null, // "fresh" (Python started from scratch) or "snapshot" (restored)
  snapshot: null, // {bytes, ms} once a start-up snapshot has been saved
  progress: null, // {loaded, total}: bytes of the engine's files received so far

  /** Start the worker if it isn't running; resolves when Python is ready.
   *  When the browser asks to save data (Save-Data), it waits for allow(). */
  start() {
    if (ready) return ready;
    if (this.status === "idle" && !allowed) {
      held = held || new Promise((resolve) => (release = resolve));
      this._set("held");
    }
    if (!allowed) return held.then(() => this.start());
    this.status = "starting";
    this.starts += 1;
    this.startedAt = performance.now();
    ready = new Promise((resolve, reject) => {
      // A page with a calculator starts the worker from its <head> (see
      // overrides/main.html), before the rest of the page loads: adopt it.
      const early = window.__calcEarly;
      delete window.__calcEarly;
      try {
        worker = early ? early.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
      } catch (error) {
        reject(error);
        return;
      }
      if (early) this.startedAt = early.at;
      worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          this.readyAt = performance.now();
          this.source = data.source;
          resolve();
        } else if (data.type === "progress") {
          this.progress = { loaded: data.loaded, total: data.total };
          if (this.status === "starting") this._set("starting");
        } else if (data.type === "snapshot") {
          this.snapshot = data;
        } else if (data.type === "failed") {
          reject(new Error(data.message));
        } else if (data.type === "result") {
          const done = pending.get(data.id);
          pending.delete(data.id);
          if (done) done(JSON.parse(data.reply));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        reject(new Error(event.message || "the engine's script could not start"));
      };
      for (const event of early ? early.queue : []) (event.type === "error" ? worker.onerror : worker.onmessage)(event);
    }).then(
      () => this._set("ready"),
      (error) => {
        this.error = error.message;
        this._set("failed");
        for (const done of pending.values()) done(engineDown(error.message));
        pending.clear();
        throw error;
      },
    );
    ready.catch(() => {});
    return ready;
  },

  /** The player chose to download the engine although the browser asks to save data. */
  allow() {
    allowed = true;
    if (release) release();
    if (this.status === "held") this.status = "idle";
    return this.start();
  },

  /** Run rules_core.api.call(name, payload) in the worker. Always resolves. */
  async call(name, payload) {
    try {
      await this.start();
    } catch (error) {
      return engineDown(error.message);
    }
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      worker.postMessage({ type: "call", id, name, payload });
    });
  },

  /** Be told when the status changes (returns an unsubscribe function). */
  watch(fn) {
    listeners.add(fn);
    fn(this.status, this.error);
    return () => listeners.delete(fn);
  },

  _set(status) {
    this.status = status;
    for (const fn of [...listeners]) fn(status, this.error);
  },
};

function engineDown(message) {
  return { ok: false, error: { code: "engine", message: `The calculator engine could not load: ${message}`, field: null } };
}

window.calcEngine = engine; // for the tests and the benchmark
