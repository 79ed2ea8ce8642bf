// Pyodide's private edges (calculators/browser/pyodide-edge.js) against the pinned Pyodide, in Node:
//   node tests/pyodide/edges.mjs [--pyodide node_modules/pyodide]
// A Pyodide upgrade that renames or drops one of them fails here, not on a player's phone:
// * a fresh start made with `keep` answers, and its memory comes out as bytes (makeMemorySnapshot);
// * a start from those bytes (_loadSnapshot) holds what the fresh one held before the snapshot was made;
// * a start without `keep` can't be snapshotted (so `keep` is what turns it on: _makeSnapshot);
// * the wasm compile goes through a WebAssembly function watchWasm wraps, and a damaged pyodide.asm.wasm
//   fails the start through watchWasm (Pyodide alone would only warn and wait for ever).
// Prints one JSON line {checks: {name: true | "why"}, seconds}; exit code 0 when every check holds.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const at = process.argv.indexOf("--pyodide");
const PYODIDE = path.resolve(at > 0 ? process.argv[at + 1] : path.join(ROOT, "node_modules", "pyodide"));
const edge = await import(pathToFileURL(path.join(ROOT, "calculators", "browser", "pyodide-edge.js")).href);

const started = performance.now();
const checks = {};
const marks = [];
const wasmFailure = edge.watchWasm((step) => marks.push(step));
wasmFailure.catch(() => {});

async function check(name, fn) {
  try {
    await fn();
    checks[name] = true;
  } catch (error) {
    checks[name] = String(error?.message ?? error);
  }
}
const must = (ok, why) => {
  if (!ok) throw new Error(why);
};
/** A start of the Pyodide in `dir` (its own folder as indexURL). */
async function load(dir, how) {
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  return loadPyodide(edge.startOptions({ indexURL: dir + path.sep }, how));
}

let bytes = null;
await check("a fresh start with keep answers and its memory comes out as bytes", async () => {
  const py = await load(PYODIDE, { keep: true });
  py.runPython("import sys; sys.edge_probe = 41");
  must(marks.includes("wasm compiled"), `the wasm compile did not go through WebAssembly.instantiate*: marks ${JSON.stringify(marks)}`);
  bytes = edge.memorySnapshot(py);
  must(bytes instanceof Uint8Array && bytes.length > 1_000_000, `makeMemorySnapshot gave ${bytes?.length} bytes`);
});
await check("a start from those bytes holds what the fresh start held", async () => {
  must(bytes, "no snapshot to restore");
  const py = await load(PYODIDE, { restore: bytes });
  must(py.runPython("import sys; sys.edge_probe + 1") === 42, "the restored interpreter lost what was set before the snapshot");
});
await check("a start without keep can't be snapshotted", async () => {
  const py = await load(PYODIDE, { keep: false });
  let refused = false;
  try {
    edge.memorySnapshot(py);
  } catch {
    refused = true;
  }
  must(refused, "makeMemorySnapshot worked without _makeSnapshot: the option no longer decides it");
});
await check("a damaged pyodide.asm.wasm fails the start through watchWasm", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pyodide-edge-"));
  try {
    for (const name of readdirSync(PYODIDE)) if (!name.endsWith(".map") && !name.endsWith(".zip")) copyFileSync(path.join(PYODIDE, name), path.join(dir, name));
    copyFileSync(path.join(PYODIDE, "python_stdlib.zip"), path.join(dir, "python_stdlib.zip"));
    writeFileSync(path.join(dir, "pyodide.asm.wasm"), readFileSync(path.join(PYODIDE, "pyodide.asm.wasm")).subarray(0, 4096));
    const start = load(dir, { keep: false });
    start.catch(() => {});
    const late = new Promise((resolve) => setTimeout(() => resolve("late"), 60_000));
    const got = await Promise.race([start.then(() => "started"), wasmFailure.then(() => "resolved", (error) => error), late]);
    must(got instanceof Error && /could not be compiled/.test(got.message), `watchWasm did not fail the start: ${got}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

console.log(JSON.stringify({ checks, seconds: Math.round((performance.now() - started) / 100) / 10 }));
process.exit(Object.values(checks).every((v) => v === true) ? 0 : 1);
