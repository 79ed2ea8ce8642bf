// The calculator engine: Pyodide running rules_core, in a Web Worker.
//
// Messages in:  {type: "call", id, request} where request is the JSON text of
//               {id, name, payload} (text, so that any input arrives whole)
// Messages out: {type: "step", step, ms} as the start goes on; {type: "ready", ms, source} once, or {type: "failed", message, cause, status}
//               (cause: "network", "server" with the HTTP status, or "start");
//               {type: "result", id, reply} where reply is the JSON text of
//               rules_core.api.handle: {id, ok, result | error};
//               {type: "saving"} as a start-up snapshot begins to be saved, then
//               {type: "snapshot", bytes, ms, madeMs} once it is saved.
// All the logic is Python; this file only binds it to postMessage.
//
// Start-up: the first visit loads Pyodide, whose standard library zip also
// holds rules_core, compiled (calculators/build/precompile), takes a memory
// snapshot of the ready interpreter before it says ready, and once the engine has
// been idle a moment keeps it (packed, snapshot.js) in Cache Storage, keyed on
// the engine's build. Later visits restore that snapshot
// instead of starting Python from scratch (several times faster), and check it
// answers before using it; a new build's engine (Pyodide, the zip or the wheel)
// means a new key, so a stale snapshot is never used.
//
// The manifest (engine.json) names the engine's files; their folders carry a
// hash of their content (see calculators/build/ship.py), so the service worker's
// precache reuses what this worker has just downloaded. The build writes the
// manifest into this file (BUILT_MANIFEST) and the worker asks for the
// engine's big files the moment it starts, all at once, beside pyodide.mjs:
// on a phone link every request that waits for another costs a round trip.
const engineURL = new URL("../engine/", import.meta.url);
/** @type {any} */
const BUILT_MANIFEST = null; // engine.json, written in by the build (calculators/build/ship.py)
let loadPyodide, options; // set by boot() from the manifest
const started = performance.now();
const SNAPSHOTS = "conflict-table-engine";
const IDLE_BEFORE_SNAPSHOT_MS = 1500;
const CHECKSUM = "X-Snapshot-Checksum"; // the snapshot's checksum, stored with it and checked before use
// Looking the snapshot up in Cache Storage answers in milliseconds; one that has not answered in this long
// is stuck (WebKit's Cache Storage was seen to hang after a reload): the start goes on without it.
const LOOKUP_MS = 5000;
// How a snapshot is kept (packed, checked): asked for at once, beside Pyodide's own files, so it
// costs a first visit no round trip of its own.
const kept = import("./snapshot.js");
kept.catch(() => {}); // a failure shows where it is used: then Python starts fresh
// Where a start's time goes: each step is said as it happens ({type: "step"}, ms since this worker
// started); the page keeps them as calcEngine.timeline (benchmarks/phone_cpu.py), and a start that
// stalls shows the last step it reached.
const mark = (step) => {
  const ms = Math.round(performance.now() - started);
  postMessage({ type: "step", step, ms });
};

// Pyodide swallows a failed WebAssembly compile (a missing or damaged
// pyodide.asm.wasm) and would wait forever: watch the compile ourselves.
let wasmFailed;
const wasmFailure = new Promise((_, reject) => (wasmFailed = reject));
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name].bind(WebAssembly);
  WebAssembly[name] = (...args) => {
    mark(`wasm ${name}`);
    return original(...args).then(
      (result) => (mark("wasm compiled"), result),
      (error) => {
        wasmFailed(new Error(`pyodide.asm.wasm could not be compiled (${error.message})`));
        throw error;
      });
  };
}

// Progress a player can read: bytes of the engine's big files received so far
// (engine.json gives their sizes), posted as {type: "progress", loaded, total}.
const progress = { sizes: new Map(), loaded: 0, total: 0, posted: 0 };
// The first download that went wrong says why a failed start failed: {cause: "network"} (no
// answer at all) or {cause: "server", status} (an answer that was not the file).
let trouble = null;
/** @type {Map<string, Promise<Response>>} responses asked for early, each handed out once (to Pyodide) */
const early = new Map();
const plainFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
  const asked = early.get(url);
  if (!asked) return counted(url, input, init);
  // The very promise asked for early, not one made from it: its failure is already handled (boot()),
  // so a download cut off is said by the status once, never also as an uncaught error in the console.
  early.delete(url);
  return asked;
};

/** @param {string} url */
async function counted(url, input, init) {
  let response;
  try {
    response = await plainFetch(input, init);
  } catch (error) {
    trouble ??= { cause: "network" };
    throw error;
  }
  if (!response.ok) trouble ??= { cause: "server", status: response.status };
  if (!progress.sizes.has(url) || !response.ok || !response.body) return response;
  // Counted on a copy: the response itself goes to Pyodide as the browser made it, with its URL, so
  // the browser can keep the compiled wasm and reuse it on the next visit (a rebuilt Response can't).
  countProgress(response.clone().body);
  return response;
}

async function countProgress(body) {
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      progress.loaded += chunk.value.byteLength;
      if (performance.now() - progress.posted > 100 || progress.loaded >= progress.total) {
        progress.posted = performance.now();
        postMessage({ type: "progress", loaded: Math.min(progress.loaded, progress.total), total: progress.total });
      }
    }
  } catch {} // the download failed: Pyodide's side says so
}

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  return response[as]();
}

const snapshots = { cache: null, key: null, build: "", whole: null, madeMs: 0, timer: null, stuck: false };

async function openSnapshots(manifest) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    if (!snapshots.stuck) snapshots.cache = cache; // (an answer after the lookup gave up is not used)
    // Named after all that the interpreter's memory depends on: Pyodide and the standard library zip
    // (their folders are named by their content's hash; the memory holds the zip's table of contents)
    // and rules_core. A snapshot of one build never restores into another build's engine.
    const stdlib = manifest.stdlib.slice(0, manifest.stdlib.lastIndexOf("/") + 1);
    snapshots.build = `${manifest.pyodide}${stdlib}${manifest.wheel_sha256}`; // also inside each snapshot (snapshot.js)
    snapshots.key = new URL(`snapshot/${snapshots.build}`, engineURL).href;
  } catch {
    snapshots.cache = null; // no Cache Storage here (private mode, old browser): start fresh every time
  }
}

function probe(handle) {
  const reply = JSON.parse(handle(JSON.stringify({ id: 0, name: "boons.free_dice", payload: { rating: 7 } })));
  if (!reply.ok || reply.result.free_dice !== 3) throw new Error("the engine answered a test question wrongly");
  return handle;
}

/** The saved snapshot, if there is one: {bytes}, a promise of its bytes once every one is checked
 *  (rejected when it is damaged). Looked for while pyodide.mjs is still arriving, and read while
 *  Pyodide prepares (it takes the promise): on a return visit the three overlap. */
async function findSnapshot(manifest) {
  if (self.name === "fresh") return null; // the page's second try after a start that stalled (engine.js): no storage
  const lookup = openSnapshots(manifest).then(() => snapshots.cache?.match(snapshots.key));
  const late = new Promise((resolve) => setTimeout(() => resolve("late"), LOOKUP_MS));
  const saved = await Promise.race([lookup, late]);
  if (saved === "late") {
    mark("snapshot lookup stuck");
    [snapshots.stuck, snapshots.cache] = [true, null]; // nor is a new one saved into a cache that does not answer
    return null;
  }
  if (!saved) return null;
  const bytes = checked(saved);
  bytes.catch(() => {}); // a rejection shows where Pyodide takes the promise
  return { bytes };
}

async function checked(saved) {
  const packed = new Uint8Array(await saved.arrayBuffer());
  mark("snapshot read");
  const { buildOf, checksum, unpack } = await kept;
  // another build's, found under this build's name, is refused before its bytes are read further
  if (buildOf(packed) !== snapshots.build) throw new Error("the saved snapshot was made by another build of the site");
  // a damaged snapshot may still answer the test question: check every byte first
  if (saved.headers.get(CHECKSUM) !== (await checksum(packed))) throw new Error("the saved snapshot is damaged");
  mark("snapshot checked");
  const bytes = unpack(packed, { build: snapshots.build });
  mark("snapshot unpacked");
  return bytes;
}

const forget = () => snapshots.cache.delete(snapshots.key); // unusable here: start fresh, and save a new one

async function restore(found) {
  if (!found) return null;
  try {
    const pyodide = await loadPyodide({ ...options, _loadSnapshot: found.bytes });
    mark("snapshot restored");
    return probe(pyodide.pyimport("rules_core.api").handle);
  } catch {
    await forget();
    return null;
  }
}

async function fresh() {
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(snapshots.cache) });
  mark("python started");
  const handle = probe(pyodide.pyimport("rules_core.api").handle);
  if (snapshots.cache) {
    // Taken now, before the engine says ready: the one step of saving that holds the interpreter
    // (a copy of its whole memory) then delays no call; packing and storing it wait for a quiet moment.
    const t0 = performance.now();
    try {
      snapshots.whole = pyodide.makeMemorySnapshot();
      snapshots.madeMs = performance.now() - t0;
      mark("snapshot made");
    } catch (error) {
      postMessage({ type: "snapshot", bytes: 0, error: String(error) });
    }
  }
  return handle;
}

let source = "fresh";
async function boot() {
  const manifest = BUILT_MANIFEST ?? (await fetchOk(new URL("engine.json", engineURL), "json"));
  const indexURL = new URL(manifest.pyodide, engineURL).href;
  for (const [file, bytes] of Object.entries(manifest.sizes || {})) progress.sizes.set(new URL(file, engineURL).href, bytes);
  progress.total = [...progress.sizes.values()].reduce((a, b) => a + b, 0);
  options = { indexURL, stdLibURL: new URL(manifest.stdlib, engineURL).href, lockFileContents: manifest.lock };
  // Everything at once: Pyodide would ask for the wasm and the zip only after pyodide.mjs arrived.
  for (const url of [new URL("pyodide.asm.wasm", indexURL).href, options.stdLibURL]) {
    const response = self.fetch(url);
    response.catch(() => {}); // a failure shows where Pyodide takes the response
    early.set(url, response);
  }
  const runtime = import(new URL("pyodide.asm.mjs", indexURL).href); // the same module Pyodide imports next
  runtime.then(() => mark("pyodide.asm.mjs imported"), () => {}); // a failure shows where Pyodide imports it
  const snapshot = findSnapshot(manifest).catch(() => null);
  ({ loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href));
  mark("pyodide.mjs imported");
  const restored = await restore(await snapshot);
  if (restored) {
    source = "snapshot";
    return restored;
  }
  return fresh();
}

function scheduleSnapshot() {
  if (!snapshots.whole) return;
  clearTimeout(snapshots.timer);
  snapshots.timer = setTimeout(async () => {
    const { whole, madeMs } = snapshots;
    snapshots.whole = null;
    try {
      postMessage({ type: "saving" });
      const t0 = performance.now();
      const { checksum, pack } = await kept;
      const bytes = await pack(whole, { build: snapshots.build, pauses: true }); // a call that comes in is answered between two slices
      const headers = { "Content-Type": "application/octet-stream", [CHECKSUM]: await checksum(bytes, { pauses: true }) };
      await snapshots.cache.put(snapshots.key, new Response(bytes, { headers }));
      const mine = new URL("snapshot/", engineURL).href;
      for (const request of await snapshots.cache.keys()) {
        // older engines of this site only: another site on this origin (/a/ beside /b/) keeps its own
        if (request.url !== snapshots.key && request.url.startsWith(mine)) await snapshots.cache.delete(request);
      }
      postMessage({ type: "snapshot", bytes: bytes.length, ms: performance.now() - t0, madeMs });
    } catch (error) {
      postMessage({ type: "snapshot", bytes: 0, error: String(error) });
    }
  }, IDLE_BEFORE_SNAPSHOT_MS);
}

const ready = Promise.race([boot(), wasmFailure]).then(
  (handle) => {
    mark("ready");
    postMessage({ type: "ready", ms: performance.now() - started, source });
    if (snapshots.whole) mark("snapshot to keep once idle"); // a fresh start only: a restored one keeps none
    scheduleSnapshot();
    return handle;
  },
  (error) => {
    // not a download that went wrong, but the browser is offline: the network still is the cause
    const why = trouble ?? { cause: navigator.onLine === false ? "network" : "start" };
    postMessage({ type: "failed", message: String(error && error.message ? error.message : error), ...why });
    return null;
  },
);

function errorReply(id, message) {
  return JSON.stringify({ id, ok: false, error: { code: "engine", message, field: null } });
}

// Every call gets a reply, whatever happens: rules_core.api.handle never
// raises, and anything else (an input JSON can't write, a broken interpreter)
// is answered with an error here.
self.onmessage = async ({ data }) => {
  if (!data || data.type !== "call") return;
  let reply;
  try {
    const handle = await ready;
    reply = handle
      ? handle(String(data.request))
      : errorReply(data.id, "The calculator engine is not running.");
    if (typeof reply !== "string") throw new TypeError("the engine gave no answer");
  } catch (error) {
    const why = error instanceof RangeError ? "it ran out of room" : String(error?.name || error);
    reply = errorReply(data.id, `The calculator could not work this out (${why.slice(0, 120)}). Your input is kept.`);
  }
  postMessage({ type: "result", id: data.id, reply });
  scheduleSnapshot(); // wait for a quiet moment: saving blocks the engine for a fraction of a second
};
