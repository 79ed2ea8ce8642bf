// @ts-check
// The calculator engine: Pyodide running rules_core, in a Web Worker.
//
// Its messages, in and out, are one table: types/engine-messages.d.ts. All the logic is Python.
//
// The first visit starts Pyodide (its standard library zip also holds rules_core, compiled), takes a
// memory snapshot before it says ready and, once idle, keeps it packed (snapshot.js) in Cache Storage
// under the engine's build; later visits restore it (several times faster) and check it answers first.
// Pyodide's internals are reached only through pyodide-edge.js. The build writes the manifest
// (engine.json: the files, in folders named by their content's hash) into BUILT_MANIFEST, so the
// engine's big files are asked for at once, beside pyodide.mjs: on a phone every round trip counts.
const engineURL = new URL("../engine/", import.meta.url);
/** @type {any} */
const BUILT_MANIFEST = null; // engine.json, written in by the build (calculators/build/ship.py)
/** @type {(options: any) => Promise<any>} */
let loadPyodide; // set by boot() from the manifest, as are the options it is handed
/** @type {import("./pyodide-edge.js").StartOptions} */
let options;
const started = performance.now();
const SNAPSHOTS = "conflict-table-engine";
const IDLE_BEFORE_SNAPSHOT_MS = 1500;
const CHECKSUM = "X-Snapshot-Checksum"; // the snapshot's checksum, stored with it and checked before use
const LOOKUP_MS = 5000; // a snapshot lookup unanswered this long is stuck (WebKit's Cache Storage can hang)
const kept = import("./snapshot.js"); // asked for at once, beside Pyodide's own files
kept.catch(() => {}); // a failure shows where it is used: then Python starts fresh
const edge = import("./pyodide-edge.js"); // a failure fails the start (boot())
/** Tell the page (engine.js). @param {import("./types/engine-messages").WorkerMessage} message */
const say = (message) => postMessage(message);
/** Where a start's time goes (calcEngine.stats.timeline): a start that stalls shows the last step. */
const mark = (/** @type {string} */ step) => say({ type: "step", step, ms: Math.round(performance.now() - started) });

// Pyodide would wait forever after a failed wasm compile: it is watched from before Pyodide loads.
const wasmFailure = edge.then(({ watchWasm }) => watchWasm(mark));

// Bytes of the engine's big files received so far (engine.json gives their sizes).
const progress = { sizes: new Map(), loaded: 0, total: 0, posted: 0 };
// The first download that went wrong says why a failed start failed: {cause: "network"} (no
// answer at all) or {cause: "server", status} (an answer that was not the file).
/** @type {{cause: "network" | "server", status?: number} | null} */
let trouble = null;
/** @type {Map<string, Promise<Response>>} responses asked for early, each handed out once (to Pyodide) */
const early = new Map();
const plainFetch = self.fetch.bind(self);
/** What Pyodide's fetch of `url` gets (routeFetch): a response asked for early, else a download counted.
 *  @param {string} url @param {RequestInfo | URL} input @param {RequestInit} [init] */
function route(url, input, init) {
  const asked = early.get(url);
  if (!asked) return counted(url, input, init);
  early.delete(url); // the very promise asked for early: its failure is handled already (boot())
  return asked;
}

/** @param {string} url @param {RequestInfo | URL} input @param {RequestInit} [init] @returns {Promise<Response>} */
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
  countProgress(/** @type {ReadableStream<Uint8Array>} */ (response.clone().body));
  return response;
}

async function countProgress(/** @type {ReadableStream<Uint8Array>} */ body) {
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      progress.loaded += chunk.value.byteLength;
      if (performance.now() - progress.posted > 100 || progress.loaded >= progress.total) {
        progress.posted = performance.now();
        say({ type: "progress", loaded: Math.min(progress.loaded, progress.total), total: progress.total });
      }
    }
  } catch {} // the download failed: Pyodide's side says so
}

/** The start-up snapshot: where it is kept (cache, key; build: the engine's build it belongs to), the memory
 *  taken and not yet kept (whole) and how long taking it took, the timer that keeps it once idle, whether the
 *  lookup gave up (stuck). */
const snapshots = {
  cache: /** @type {Cache | null} */ (null), key: "", build: "", whole: /** @type {Uint8Array | null} */ (null), madeMs: 0,
  timer: /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined), stuck: false,
};

/** @param {any} manifest engine.json */
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

function probe(/** @type {(request: string) => string} */ handle) {
  const reply = JSON.parse(handle(JSON.stringify({ id: 0, name: "boons.free_dice", payload: { rating: 7 } })));
  if (!reply.ok || reply.result.free_dice !== 3) throw new Error("the engine answered a test question wrongly");
  return handle;
}

/** The saved snapshot, if there is one: {bytes}, a promise of its bytes once every one is checked
 *  (rejected when it is damaged). Looked for while pyodide.mjs is still arriving, and read while
 *  Pyodide prepares (it takes the promise): on a return visit the three overlap. */
/** @param {any} manifest engine.json @returns {Promise<{bytes: Promise<Uint8Array>} | null>} */
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

async function checked(/** @type {Response} */ saved) {
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

async function restore(/** @type {{bytes: Promise<Uint8Array>} | null} */ found) {
  if (!found) return null;
  try {
    const { startOptions } = await edge;
    const pyodide = await loadPyodide(startOptions(options, { restore: found.bytes }));
    mark("snapshot restored");
    return probe(pyodide.pyimport("rules_core.api").handle);
  } catch {
    await snapshots.cache?.delete(snapshots.key); // unusable here: start fresh, and save a new one
    return null;
  }
}

async function fresh() {
  const { startOptions, memorySnapshot } = await edge;
  const pyodide = await loadPyodide(startOptions(options, { keep: Boolean(snapshots.cache) }));
  mark("python started");
  const handle = probe(pyodide.pyimport("rules_core.api").handle);
  if (snapshots.cache) {
    // Taken now, before the engine says ready: the one step of saving that holds the interpreter
    // (a copy of its whole memory) then delays no call; packing and storing it wait for a quiet moment.
    const t0 = performance.now();
    try {
      snapshots.whole = memorySnapshot(pyodide);
      snapshots.madeMs = performance.now() - t0;
      mark("snapshot made");
    } catch (error) {
      say({ type: "snapshot", bytes: 0, error: String(error) });
    }
  }
  return handle;
}

let source = /** @type {"fresh" | "snapshot"} */ ("fresh");
async function boot() {
  const manifest = BUILT_MANIFEST; // the build refuses to ship a worker without it (glue.py)
  const indexURL = new URL(manifest.pyodide, engineURL).href;
  for (const [file, bytes] of Object.entries(manifest.sizes || {})) progress.sizes.set(new URL(file, engineURL).href, bytes);
  progress.total = [...progress.sizes.values()].reduce((a, b) => a + b, 0);
  const stdLibURL = new URL(manifest.stdlib, engineURL).href;
  options = { indexURL, stdLibURL, lockFileContents: manifest.lock };
  // Everything at once: Pyodide would ask for the wasm and the zip only after pyodide.mjs arrived.
  for (const url of [new URL("pyodide.asm.wasm", indexURL).href, stdLibURL]) {
    const response = counted(url, url);
    response.catch(() => {}); // a failure shows where Pyodide takes the response
    early.set(url, response);
  }
  const runtime = import(new URL("pyodide.asm.mjs", indexURL).href); // the same module Pyodide imports next
  runtime.then(() => mark("pyodide.asm.mjs imported"), () => {}); // a failure shows where Pyodide imports it
  const snapshot = findSnapshot(manifest).catch(() => null);
  ({ loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href));
  mark("pyodide.mjs imported");
  (await edge).routeFetch(route); // Pyodide's downloads from here on: the early ones handed over, the rest counted
  const restored = await restore(await snapshot);
  if (restored) source = "snapshot";
  return restored ?? fresh();
}

function scheduleSnapshot() {
  if (!snapshots.whole) return;
  clearTimeout(snapshots.timer);
  snapshots.timer = setTimeout(async () => {
    const { whole, madeMs, cache } = snapshots;
    snapshots.whole = null;
    if (!whole || !cache) return;
    try {
      say({ type: "saving" });
      const t0 = performance.now();
      const { checksum, pack } = await kept;
      const bytes = await pack(whole, { build: snapshots.build, pauses: true }); // a call that comes in is answered between two slices
      const headers = { "Content-Type": "application/octet-stream", [CHECKSUM]: await checksum(bytes, { pauses: true }) };
      await cache.put(snapshots.key, new Response(bytes, { headers }));
      const mine = new URL("snapshot/", engineURL).href;
      for (const request of await cache.keys()) {
        // older engines of this site only: another site on this origin (/a/ beside /b/) keeps its own
        if (request.url !== snapshots.key && request.url.startsWith(mine)) await cache.delete(request);
      }
      say({ type: "snapshot", bytes: bytes.length, ms: performance.now() - t0, madeMs });
    } catch (error) {
      say({ type: "snapshot", bytes: 0, error: String(error) });
    }
  }, IDLE_BEFORE_SNAPSHOT_MS);
}

const ready = Promise.race([boot(), wasmFailure]).then(
  (handle) => {
    mark("ready");
    say({ type: "ready", ms: performance.now() - started, source });
    if (snapshots.whole) mark("snapshot to keep once idle"); // a fresh start only: a restored one keeps none
    scheduleSnapshot();
    return handle;
  },
  (error) => {
    // not a download that went wrong, but the browser is offline: the network still is the cause
    const why = trouble ?? { cause: navigator.onLine === false ? "network" : "start" };
    say({ type: "failed", message: String(error && error.message ? error.message : error), ...why });
    return null;
  },
);

const errorReply = (/** @type {number} */ id, /** @type {string} */ message) =>
  JSON.stringify({ id, ok: false, error: { code: "engine", message, field: null } });

// Every call gets a reply: rules_core.api.handle never raises, and anything else (an input JSON
// can't write, a broken interpreter) is answered with an error here.
self.onmessage = async ({ data }) => {
  if (!data || data.type !== "call") return;
  let reply;
  try {
    const handle = await ready;
    reply = handle ? handle(String(data.request)) : errorReply(data.id, "The calculator engine is not running.");
    if (typeof reply !== "string") throw new TypeError("the engine gave no answer");
  } catch (error) {
    const why = error instanceof RangeError ? "it ran out of room" : String(/** @type {any} */ (error)?.name || error);
    reply = errorReply(data.id, `The calculator could not work this out (${why.slice(0, 120)}). Your input is kept.`);
  }
  say({ type: "result", id: data.id, reply });
  scheduleSnapshot(); // wait for a quiet moment: saving blocks the engine for a fraction of a second
};
