// The Pyodide leg: every golden case in tests/cases, run inside Pyodide on the
// very wheel the site ships (with --stdlib: on the engine zip compiled from it).
//
//   node tests/pyodide/run_cases.mjs --wheel dist/rules_core-0.1.0-py3-none-any.whl
//        [--stdlib python_stdlib.zip] [--cases tests/cases] [--golden tests/golden.py]
//
// --stdlib: the standard library the site ships (cut by calculators.build.precompile
// to the modules the engine uses, as bytecode) instead of the npm package's own.
// The golden cases, the smoke call and the import of every rules_core module
// run on exactly that zip, so a module missing from it fails the leg. Only
// then, for the doctests, is the npm package's full standard library added at
// the END of sys.path (doctest itself needs pdb, unittest, difflib… that the
// site never ships); tests/test_precompile.py checks statically that every
// import in rules_core is in the shipped zip, so the doctests cannot hide one.
//
// Pyodide comes from the pinned npm package in node_modules/pyodide and is
// loaded from its local files only: fetch is switched off before it starts,
// and neither micropip nor any package index is used. The wheel is unpacked
// into Pyodide's site-packages with pyodide.unpackArchive, tests/golden.py is
// copied into Pyodide's file system, the case files are copied next to it and
// read there by golden.load_cases — the same loader CPython uses.
//
// Prints one JSON summary on stdout (Python's own output goes to stderr):
//   {"python", "platform", "rules_core": {"version", "file"}, "cases",
//    "passed", "failed": [...], "smoke", "doctests",
//    "seconds": {"load", "install", "cases", "doctests"}}
// Exit code: 0 when every case, the smoke call and the doctests pass;
// 1 when something failed; 2 when the run could not start (bad arguments,
// Pyodide not installed).

import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");

function fail(message, code = 2) {
  process.stderr.write(`run_cases.mjs: ${message}\n`);
  process.exit(code);
}

function parseArgs(argv) {
  const args = {
    wheel: null,
    cases: path.join(ROOT, "tests", "cases"),
    golden: path.join(ROOT, "tests", "golden.py"),
    pyodide: path.join(ROOT, "node_modules", "pyodide"),
    stdlib: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    if (!(key in args) || i + 1 >= argv.length) fail(`unknown or incomplete argument ${argv[i]}`);
    args[key] = path.resolve(argv[++i]);
  }
  if (!args.wheel) fail("--wheel PATH is required (build it with calculators.build.wheel.build_wheel)");
  if (!existsSync(args.wheel)) fail(`no wheel at ${args.wheel}`);
  if (!existsSync(args.golden)) fail(`no golden checker at ${args.golden}`);
  if (!existsSync(args.cases)) fail(`no case folder at ${args.cases}`);
  if (args.stdlib && !existsSync(args.stdlib)) fail(`no standard library at ${args.stdlib}`);
  return args;
}

const args = parseArgs(process.argv.slice(2));

const entry = path.join(args.pyodide, "pyodide.mjs");
if (!existsSync(entry)) {
  fail(`Pyodide is not installed: ${entry} is missing. Run \`npm ci\` (or \`make test\`, which does it).`);
}

// Offline by construction: nothing in this run may reach the network.
globalThis.fetch = async (url) => {
  throw new Error(`network access attempted in the offline Pyodide leg: ${url}`);
};

// An error inside Pyodide carries the Python traceback in its message; print
// that, not Node's default dump (which quotes a megabyte of minified source).
process.on("uncaughtException", (err) => fail(`failed: ${err?.message ?? err}`, 1));
process.on("unhandledRejection", (err) => fail(`failed: ${err?.message ?? err}`, 1));

const seconds = {};
let t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(entry).href);
const py = await loadPyodide({
  indexURL: args.pyodide + path.sep,
  ...(args.stdlib ? { stdLibURL: args.stdlib } : {}),
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
seconds.load = (performance.now() - t0) / 1000;

// Install rules_core from the wheel. With --stdlib, the shipped zip holds rules_core compiled from
// this same wheel and comes first on sys.path, so that is what runs, exactly as on the page.
t0 = performance.now();
const sitePackages = py.runPython("import site; site.getsitepackages()[0]"); // as the page does
py.unpackArchive(new Uint8Array(readFileSync(args.wheel)), "wheel", { extractDir: sitePackages });
const work = "/home/pyodide/golden-run";
py.FS.mkdirTree(`${work}/cases`);
py.FS.writeFile(`${work}/golden.py`, new Uint8Array(readFileSync(args.golden)));
for (const name of readdirSync(args.cases).filter((n) => n.endsWith(".json")).sort()) {
  py.FS.writeFile(`${work}/cases/${name}`, new Uint8Array(readFileSync(path.join(args.cases, name))));
}
py.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(work)})  # a new folder on the path: nothing cached to invalidate
import rules_core.api, golden
`);
seconds.install = (performance.now() - t0) / 1000;

t0 = performance.now();
const report = JSON.parse(
  py.runPython(`
import importlib, json, os, pathlib, sys
import rules_core, rules_core.api, golden

# every module of rules_core, imported on the shipped standard library alone
import pkgutil
for module in pkgutil.walk_packages(rules_core.__path__, "rules_core."):
    importlib.import_module(module.name)
site_packages = ${JSON.stringify(sitePackages)}
dist = [d for d in os.listdir(site_packages) if d.startswith("rules_core-") and d.endswith(".dist-info")]

cases = golden.load_cases(${JSON.stringify(work)} + "/cases")
outcome = golden.check_all(cases, rules_core.api.call)
json.dumps({
    "python": sys.version,
    "version_info": list(sys.version_info[:3]),
    "platform": sys.platform,
    "rules_core": {
        "version": dist[0][len("rules_core-"):-len(".dist-info")] if len(dist) == 1 else None,
        "file": rules_core.__file__,
        "package_version": rules_core.__version__,
    },
    "cases": len(cases),
    # which standard library ran: the shipped one holds bytecode only
    "stdlib_bytecode": sys.modules["dataclasses"].__file__.endswith(".pyc"),
    "stdlib_zip": sys.path[sys.path.index("/lib/python314.zip")] if "/lib/python314.zip" in sys.path else None,
    "passed": outcome["passed"],
    "failed": outcome["failed"],
})
`),
);
seconds.cases = (performance.now() - t0) / 1000;

// The first call a page makes, and every doctest of the installed package.
t0 = performance.now();
if (args.stdlib) {
  // doctest's own needs (pdb, unittest, difflib…), from the full library, after the shipped one
  py.FS.writeFile("/lib/doctest-extras.zip", new Uint8Array(readFileSync(path.join(args.pyodide, "python_stdlib.zip"))));
  py.runPython("import sys; sys.path.append('/lib/doctest-extras.zip')");
  // the shipped bytecode keeps line numbers: a traceback through the library points at the right line
  report.stdlib_traceback = JSON.parse(py.runPython(`
import json, traceback, zipfile
try:
    json.loads("")  # raised by a Python raise statement in json/decoder.py
except ValueError as error:
    frame = traceback.extract_tb(error.__traceback__)[-1]
source = zipfile.ZipFile("/lib/doctest-extras.zip").read("json/decoder.py").decode().splitlines()
json.dumps({"file": frame.filename, "line": frame.lineno, "text": source[frame.lineno - 1].strip()})
`));
}
Object.assign(
  report,
  JSON.parse(
    py.runPython(`
import json
import rules_core, rules_core.api

smoke = rules_core.api.call("boons.free_dice", {"rating": 7})
import doctest, importlib, pkgutil
modules = [rules_core] + [
    importlib.import_module(m.name)
    for m in pkgutil.walk_packages(rules_core.__path__, "rules_core.")
]
attempted = failed = 0
for module in modules:
    result = doctest.testmod(module, report=False)
    attempted += result.attempted
    failed += result.failed
json.dumps({
    "smoke": smoke,
    "doctests": {"modules": len(modules), "attempted": attempted, "failed": failed},
})
`),
  ),
);
seconds.doctests = (performance.now() - t0) / 1000;

for (const k of Object.keys(seconds)) seconds[k] = Math.round(seconds[k] * 1000) / 1000;
report.seconds = seconds;
process.stdout.write(JSON.stringify(report) + "\n");

const ok =
  report.failed.length === 0 &&
  report.passed === report.cases &&
  report.smoke?.ok === true &&
  report.doctests.failed === 0;
process.exit(ok ? 0 : 1);
