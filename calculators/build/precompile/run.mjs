// Build step: precompile the standard library the engine uses, in Pyodide itself.
//   node calculators/build/precompile/run.mjs --wheel W --stdlib-in IN --stdlib-out OUT --payloads FILE
// Loads Pyodide from node_modules (offline), unpacks the wheel, runs census.py
// and prints its summary as one line of JSON. All the logic is in census.py.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..", "..");
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, v, i, all) => (i % 2 ? pairs : [...pairs, [v.replace(/^--/, ""), all[i + 1]]]), []),
);
const fail = (message) => {
  process.stderr.write(`precompile: ${message}\n`);
  process.exit(1);
};
process.on("uncaughtException", (err) => fail(err?.message ?? err));
process.on("unhandledRejection", (err) => fail(err?.message ?? err));
globalThis.fetch = async (url) => fail(`network access attempted: ${url}`);

const { loadPyodide } = await import(pathToFileURL(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ stdout: (l) => process.stderr.write(l + "\n"), stderr: (l) => process.stderr.write(l + "\n") });
py.unpackArchive(new Uint8Array(readFileSync(args.wheel)), "wheel", { extractDir: "/lib/python3.14/site-packages" });
py.FS.writeFile("/tmp/stdlib-in.zip", new Uint8Array(readFileSync(args["stdlib-in"])));
if (!args.payloads) fail("--payloads FILE is required (calculators/build/precompile/payloads.json)");
const payloads = readFileSync(args.payloads, "utf8");
py.FS.writeFile("/tmp/census.py", readFileSync(path.join(HERE, "census.py")));
py.runPython("import sys; sys.path.insert(0, '/tmp')");
const census = py.pyimport("census");
const summary = census.main("/tmp/stdlib-in.zip", "/tmp/stdlib-out.zip", payloads).toJs({ dict_converter: Object.fromEntries });
writeFileSync(args["stdlib-out"], py.FS.readFile("/tmp/stdlib-out.zip"));
process.stdout.write(JSON.stringify(summary) + "\n");
