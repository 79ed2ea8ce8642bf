// The calculator engine: Pyodide running rules_core, in a Web Worker.
//
// Messages in:  {type: "call", id, name, payload}
// Messages out: {type: "ready", ms} once, or {type: "failed", message};
//               {type: "result", id, reply} where reply is the JSON text of
//               rules_core.api.handle: {id, ok, result | error}.
// All the logic is Python; this file only binds it to postMessage.
import { loadPyodide } from "../engine/pyodide/pyodide.mjs";

const engineURL = new URL("../engine/", import.meta.url);
const started = performance.now();

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  return response[as]();
}

// Pyodide swallows a failed WebAssembly compile (a missing or damaged
// pyodide.asm.wasm) and would wait forever: watch the compile ourselves.
let wasmFailed;
const wasmFailure = new Promise((_, reject) => (wasmFailed = reject));
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name].bind(WebAssembly);
  WebAssembly[name] = (...args) =>
    original(...args).catch((error) => {
      wasmFailed(new Error(`pyodide.asm.wasm could not be compiled (${error.message})`));
      throw error;
    });
}

async function boot() {
  const manifest = await fetchOk(new URL("engine.json", engineURL), "json");
  const wheel = fetchOk(new URL(manifest.wheel, engineURL), "arrayBuffer");
  const pyodide = await loadPyodide({ indexURL: new URL(manifest.pyodide, engineURL).href });
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  return pyodide.pyimport("rules_core.api").handle;
}

const ready = Promise.race([boot(), wasmFailure]).then(
  (handle) => {
    postMessage({ type: "ready", ms: performance.now() - started });
    return handle;
  },
  (error) => {
    postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
    return null;
  },
);

self.onmessage = async ({ data }) => {
  if (!data || data.type !== "call") return;
  const handle = await ready;
  const reply = handle
    ? handle(JSON.stringify({ id: data.id, name: data.name, payload: data.payload }))
    : JSON.stringify({ id: data.id, ok: false, error: { code: "engine", message: "The calculator engine is not running.", field: null } });
  postMessage({ type: "result", id: data.id, reply });
};
