// Node side of benchmarks/shipped_snapshot.py (issue 35 §1): make the engine's memory snapshot as a
// post-build step would (the site's own Pyodide, stdlib zip and lock, rules_core imported and the
// worker's probe answered), pack it as the browser's copy is packed (calculators/browser/snapshot.js),
// compress it as a host would serve it, and time a fresh start against a restore.
// Usage: node shipped_snapshot.mjs <site> <runs>   Prints one JSON line.
import { readFileSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { pathToFileURL } from "node:url";

const [site, runsText] = process.argv.slice(2);
const runs = Number(runsText || 3);
const engine = `${site}/assets/engine/`;
const manifest = JSON.parse(readFileSync(engine + "engine.json", "utf8"));
const { loadPyodide } = await import(pathToFileURL(engine + manifest.pyodide + "pyodide.mjs").href);
const snapshotJs = new URL("../calculators/browser/snapshot.js", import.meta.url);
const { pack } = await import(snapshotJs.href);
const options = { indexURL: engine + manifest.pyodide, stdLibURL: engine + manifest.stdlib, lockFileContents: manifest.lock };
const PROBE = JSON.stringify({ id: 0, name: "boons.free_dice", payload: { rating: 7 } });

function probe(pyodide) {
  const reply = JSON.parse(pyodide.pyimport("rules_core.api").handle(PROBE));
  if (!reply.ok || reply.result.free_dice !== 3) throw new Error("the engine answered the probe wrongly");
}

const fresh = [];
const restored = [];
let snapshot = null;
for (let i = 0; i < runs; i++) {
  let t0 = performance.now();
  const py = await loadPyodide({ ...options, _makeSnapshot: true });
  probe(py);
  fresh.push(performance.now() - t0);
  snapshot ??= py.makeMemorySnapshot();
  t0 = performance.now();
  probe(await loadPyodide({ ...options, _loadSnapshot: snapshot }));
  restored.push(performance.now() - t0);
}
const packed = await pack(snapshot, { build: `${manifest.pyodide}${manifest.stdlib}${manifest.wheel_sha256}` }); // named as the worker names it
const gz = gzipSync(packed, { level: 6 });
const br = brotliCompressSync(packed, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: packed.length } });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({
  pyodide: manifest.pyodide_version, snapshot: snapshot.length, packed: packed.length, gzip: gz.length, brotli: br.length,
  fresh_ms: Math.round(median(fresh)), restore_ms: Math.round(median(restored)),
}));
