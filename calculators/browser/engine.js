// @ts-check
// The page's side of the engine: one worker per visit, started lazily by the
// first calculator, kept across Material's instant navigation.
//
// Every call ends in a reply: an input that can't be sent gets an error at
// once, and a call the worker leaves unanswered past its deadline (a worker
// that died or is stuck) gets an error, after which the worker is replaced.
import { afterPress, press } from "./press.js";

/** @typedef {{ok: boolean, result?: any, error?: {code: string, message: string, field: string | null}}} Reply a call's reply */
const listeners = /** @type {Set<(status: string, error: string | null) => void>} */ (new Set());
let worker = /** @type {Worker | null} */ (null);
let ready = /** @type {Promise<void> | null} */ (null);
let nextId = 1;
// Save-Data: the engine waits for the player's go-ahead (unless early.js started it already).
let allowed = !(navigator.connection && navigator.connection.saveData) || Boolean(window.__calcEarly);
let held = /** @type {Promise<void> | null} */ (null);
let release = /** @type {(() => void) | null} */ (null);
/** @type {Map<number, {resolve: (reply: Reply) => void, timer: ReturnType<typeof setTimeout>}>} */
const pending = new Map();

export const engine = {
  status: "idle", // idle → (held →) starting → ready | failed; ready → restarting → ready | failed; failed → (retry) starting
  error: /** @type {string | null} */ (null), // the technical reason of a failure or restart (the browser's words)
  cause: /** @type {string | null} */ (null), // why it failed, for the player: "network", "server" (httpStatus says what it answered) or "start"
  httpStatus: /** @type {number | null} */ (null),
  deadlineMs: 20_000, // a call unanswered this long (once the engine is up) means the worker is dead or stuck
  startDeadlineMs: 180_000, // a start that takes longer than this has failed
  stallMs: 30_000, // a start whose worker says nothing this long (no step, no bytes) is stuck: replaced once
  /** What the engine did, counted and timed: read by the tests and the benchmarks alone, never by a calculator. */
  stats: {
    starts: 0, // how many workers this page has created (tests check it stays 1)
    restarts: 0, // how many of them replaced a dead or stuck one
    sent: 0, // how many calls went to the worker (the build's known answers never do: known.js)
    stalls: 0, // how many stuck starts were replaced
    startedAt: /** @type {number | null} */ (null),
    readyAt: /** @type {number | null} */ (null),
    source: /** @type {"fresh" | "snapshot" | null} */ (null), // "fresh" (Python started from scratch) or "snapshot" (restored)
    timeline: /** @type {[string, number][] | null} */ (null), // [[step, ms since the worker started], …]: where the start's time went (so far, while starting)
    snapshot: /** @type {{bytes: number, ms?: number, madeMs?: number, error?: string} | null} */ (null), // {bytes, ms, madeMs} once a start-up snapshot has been saved
    savingAt: /** @type {number | null} */ (null), // when the worker began to save it (the benchmark's calls go in then)
  },
  progress: /** @type {{loaded: number, total: number} | null} */ (null), // {loaded, total}: bytes of the engine's files received so far
  press, // how long answers wait while a control is pressed (press.js)
  /** How many calls are waiting for their answer (the tests' clicks wait for none: an answer redraws). */
  get inFlight() {
    return pending.size;
  },

  /** Start the worker if it isn't running; resolves when Python is ready.
   *  When the browser asks to save data (Save-Data), it waits for allow(). @returns {Promise<void>} */
  start(fresh = false) {
    if (ready) return ready;
    if (this.status === "idle" && !allowed) {
      held = held || new Promise((resolve) => (release = resolve));
      this._set("held");
    }
    if (!allowed) return /** @type {Promise<void>} */ (held).then(() => this.start());
    if (this.status !== "restarting") this.status = "starting";
    this.stats.starts += 1;
    this.stats.startedAt = performance.now();
    this.stats.timeline = null;
    ready = new Promise((/** @type {(value?: void) => void} */ resolve, reject) => {
      const early = window.__calcEarly;
      delete window.__calcEarly;
      // "fresh": a start after a stuck one goes without the saved snapshot (worker.js)
      worker = early ? early.worker
        : new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: fresh ? "fresh" : "" });
      if (early) this.stats.startedAt = early.at; // started from the page's <head> (early.js): adopted
      const mine = worker;
      let up = false;
      const watched = () => { clearTimeout(slow); clearInterval(stall); }; // the start's two watches end
      const fail = (/** @type {any} */ error) => { watched(); reject(error); };
      const slow = setTimeout(() => fail(new Error(`it did not start within ${seconds(this.startDeadlineMs)}`)),
        this.startDeadlineMs);
      // Silence this long from a starting worker (a storage or module request never answered) means stuck.
      let heard = performance.now();
      const stall = setInterval(() => {
        if (performance.now() - heard < this.stallMs) return;
        const downloading = this.progress && this.progress.loaded < this.progress.total;
        const last = this.stats.timeline?.at(-1)?.[0] ?? "the worker's start";
        fail(Object.assign(new Error(`it stopped making progress while starting (nothing for ${seconds(this.stallMs)} after ${last})`),
          { stalled: true, why: downloading ? "network" : undefined }));
      }, 1000);
      /** Each message of the worker (types/engine-messages.d.ts), answered by its type. @type {import("./types/engine-messages").Heard} */
      const heardOf = {
        ready: (data) => {
          up = true;
          watched();
          this.stats.readyAt = performance.now();
          this.stats.source = data.source;
          resolve();
        },
        step: (data) => (this.stats.timeline = [...(this.stats.timeline ?? []), [data.step, data.ms]]),
        progress: (data) => {
          this.progress = { loaded: data.loaded, total: data.total };
          if (this.status === "starting") this._set("starting");
        },
        saving: () => (this.stats.savingAt = performance.now()),
        snapshot: (data) => (this.stats.snapshot = data),
        failed: (data) => fail(Object.assign(new Error(data.message), { why: data.cause, status: data.status })),
        result: (data) => {
          const call = pending.get(data.id);
          if (!call) return;
          pending.delete(data.id);
          clearTimeout(call.timer);
          afterPress(() => call.resolve(parseReply(data.reply))); // drawn now, or once a pressed control's click is aimed
        },
      };
      worker.onmessage = ({ data }) => {
        if (worker !== mine) return; // a replaced worker
        heard = performance.now();
        if (Object.hasOwn(heardOf, data?.type)) heardOf[/** @type {keyof heardOf} */ (data.type)](data);
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        if (worker !== mine) return;
        const message = event.message || "the engine's script could not start";
        if (up) this._restart(message); // it was running: replace it
        else fail(new Error(message));
      };
      for (const event of early ? early.queue : []) {
        if (event.type === "error") worker.onerror(/** @type {ErrorEvent} */ (event));
        else worker.onmessage(/** @type {MessageEvent} */ (event));
      }
    }).then(
      () => this._set("ready"),
      (error) => {
        worker?.terminate();
        this.error = error.message;
        if (error.stalled && !fresh) {
          // once: a new worker, without the snapshot (the step that stalls may be the one restoring it)
          this.stats.stalls += 1;
          ready = worker = null;
          return this.start(true);
        }
        // the worker says what went wrong with its downloads; its script not loading is the network or the start
        this.cause = error.why || (navigator.onLine === false ? "network" : "start");
        this.httpStatus = error.status ?? null;
        this._set("failed");
        settleAll(engineDown());
        throw error;
      },
    );
    ready.catch(() => {});
    return ready;
  },

  /** Try a failed start again (a Retry button, the network coming back): one new start, however many
   *  ask at once; every calculator watching the engine sees it go starting → ready | failed. */
  retry() {
    if (this.status !== "failed") return this.start();
    ready = worker = null;
    this.error = this.cause = this.httpStatus = this.progress = null;
    const starting = this.start();
    this._set(this.status);
    return starting;
  },

  /** The player chose to download the engine although the browser asks to save data. */
  allow() {
    allowed = true;
    if (release) release();
    if (this.status === "held") this.status = "idle";
    return this.start();
  },

  /** Run rules_core.api.call(name, payload) in the worker. Always resolves, never rejects.
   *  @param {string} name @param {any} payload @returns {Promise<Reply>} */
  async call(name, payload) {
    const up = await this.start().then(() => true, () => false);
    if (!up) return engineDown();
    if (!worker || this.status !== "ready") return this.call(name, payload); // replaced meanwhile
    const to = worker;
    const id = nextId++;
    this.stats.sent += 1;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (pending.has(id)) this._restart(`it gave no answer within ${seconds(this.deadlineMs)}`);
      }, this.deadlineMs);
      pending.set(id, { resolve, timer });
      try {
        // Sent as JSON text: a deeply nested object could arrive as nothing; text arrives whole.
        /** @type {import("./types/engine-messages").ToWorker} */
        const message = { type: "call", id, request: JSON.stringify({ id, name, payload }) };
        to.postMessage(message);
      } catch (error) {
        // JSON could not write it (nested thousands of levels deep, a cycle, not plain data)
        clearTimeout(timer);
        pending.delete(id);
        resolve(unsendable(error));
      }
    });
  },

  /** Replace a worker that died or is stuck: its calls get an error reply, a new one starts. */
  _restart(/** @type {string} */ reason) {
    worker?.terminate();
    ready = worker = null;
    this.stats.restarts += 1;
    this.error = reason;
    settleAll(errorReply("engine", `The calculator engine stopped answering (${reason}), so it is being restarted. ` +
      "Your input is kept: change a field or tap again in a moment."));
    this._set("restarting");
    this.start().catch(() => {});
  },

  /** Be told when the status changes (returns an unsubscribe function). */
  watch(/** @type {(status: string, error: string | null) => void} */ fn) {
    listeners.add(fn);
    fn(this.status, this.error);
    return () => listeners.delete(fn);
  },

  _set(/** @type {string} */ status) {
    this.status = status;
    for (const fn of [...listeners]) fn(status, this.error);
  },
};

const seconds = (/** @type {number} */ ms) => (ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`);

function settleAll(/** @type {Reply} */ reply) {
  for (const call of pending.values()) {
    clearTimeout(call.timer);
    call.resolve(reply);
  }
  pending.clear();
}

/** A reply that carries an error of the page's own (no field named).
 *  @param {string} code @param {string} message @returns {Reply} */
const errorReply = (code, message) => ({ ok: false, error: { code, message, field: null } });

/** @param {string} text @returns {Reply} */
function parseReply(text) {
  try {
    return JSON.parse(text);
  } catch {
    return errorReply("engine", "The calculator engine gave an unreadable answer.");
  }
}

/** @param {unknown} error @returns {Reply} */
function unsendable(error) {
  const why = error instanceof RangeError ? "it is nested too deeply or too large" : "it is not plain data";
  return errorReply("invalid",
    `This input could not be handed to the calculator engine (${why}). Nothing was changed.`);
}

const engineDown = () => errorReply("engine", failureText(engine.cause, engine.httpStatus));

/** @type {Record<number, string>} */
const ANSWERS = { 401: "not allowed", 403: "forbidden", 404: "not found", 410: "gone", 429: "too many requests",
  500: "server error", 502: "bad gateway", 503: "unavailable", 504: "gateway timeout" };

/** Why the engine is down, in a player's words (the browser's own words go in a details box). */
export function failureText(/** @type {string | null} */ cause, /** @type {number | null} */ status) {
  if (cause === "network") return "The calculators could not be downloaded: the network connection failed.";
  if (cause === "server") {
    const answer = status ? ` (it answered ${status}${ANSWERS[status] ? `, ${ANSWERS[status]}` : ""})` : "";
    return `The calculators could not be downloaded: the site's server did not send a file they need${answer}.`;
  }
  return "The calculators could not start in this browser.";
}

// The network came back: a start that failed tries again by itself.
window.addEventListener("online", () => {
  if (engine.status === "failed") engine.retry().catch(() => {});
});

window.calcEngine = engine; // for the tests and the benchmark
