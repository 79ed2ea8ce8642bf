// @ts-check
// Where the engine leans on Pyodide beyond its documented API, in one place: a Pyodide upgrade is
// the riskiest change in the repository, and tests/pyodide/edges.mjs (tests/test_pyodide.py, make
// test-fast) runs each of these against the pinned Pyodide, so an upgrade that changes one fails there:
// * loadPyodide's private options `_makeSnapshot` (a start whose memory can be kept) and
//   `_loadSnapshot` (a start from kept memory), and `makeMemorySnapshot()` (that memory as bytes);
// * Pyodide compiles its wasm through the global `WebAssembly.instantiateStreaming` or `instantiate`
//   and, when that fails (a missing or damaged pyodide.asm.wasm), only warns and waits for ever:
//   watchWasm wraps both, so a failed compile fails the start;
// * Pyodide downloads its files through the global `fetch`: routeFetch puts the worker in front of it
//   (it hands Pyodide the responses it asked for early, and counts the bytes).
// Nothing else in the worker names Pyodide's internals.

/** @typedef {{indexURL: string, stdLibURL?: string, lockFileContents?: any}} StartOptions loadPyodide's public options */

/** loadPyodide's options for a start: from kept memory (`restore`: its bytes, or a promise of them), else
 *  fresh, with a snapshot of its memory possible afterwards when `keep`.
 *  @param {StartOptions} options @param {{restore?: Uint8Array | Promise<Uint8Array> | null, keep?: boolean}} how */
export function startOptions(options, { restore = null, keep = false }) {
  return restore ? { ...options, _loadSnapshot: restore } : { ...options, _makeSnapshot: keep };
}

/** The interpreter's memory as bytes, to restore later (a start made with `keep`). @param {any} pyodide @returns {Uint8Array} */
export const memorySnapshot = (pyodide) => pyodide.makeMemorySnapshot();

/**
 * Watch Pyodide's wasm compile from now on: mark(step) as it begins and ends ("wasm instantiate…", "wasm
 * compiled"); the promise answered rejects when a compile fails (and never resolves otherwise).
 * @param {(step: string) => void} mark @param {any} [scope] the global object (a test hands its own)
 * @returns {Promise<never>}
 */
export function watchWasm(mark, scope = globalThis) {
  /** @type {(error: Error) => void} */
  let failed = () => {};
  const failure = new Promise((_, reject) => (failed = reject));
  const wasm = scope.WebAssembly;
  for (const name of ["instantiateStreaming", "instantiate"]) {
    if (typeof wasm[name] !== "function") continue;
    const original = wasm[name].bind(wasm);
    wasm[name] = (/** @type {any[]} */ ...args) => {
      mark(`wasm ${name}`);
      return original(...args).then(
        (/** @type {any} */ result) => (mark("wasm compiled"), result),
        (/** @type {any} */ error) => {
          failed(new Error(`pyodide.asm.wasm could not be compiled (${error?.message ?? error})`));
          throw error;
        });
    };
  }
  return /** @type {Promise<never>} */ (failure);
}

/**
 * Put `route` in front of the global fetch from now on: route(url, input, init) answers the response Pyodide
 * gets for `url` (the worker hands it one asked for early, or downloads it and counts the bytes).
 * @param {(url: string, input: RequestInfo | URL, init?: RequestInit) => Promise<Response>} route @param {any} [scope] the global object
 */
export function routeFetch(route, scope = globalThis) {
  scope.fetch = (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) =>
    route(new URL(input instanceof Request ? input.url : String(input), scope.location?.href).href, input, init);
}
