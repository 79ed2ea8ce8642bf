// Layers that point one way (issue 34 §2): the browser code's imports, read from its files.
// Below the widgets (keeping/, ui.js, share.js, calc.js, engine.js, maps/, party/, …) nothing imports
// a widget: a widget's kept names reach Import everything through its own kept.js, listed by the build's
// registry. A widget imports nothing of another widget: what two share lives below both. A widget reaches
// the engine only through what mount() is handed (calc.js gives it the engine, answering from the page
// what the build already knows): it neither imports engine.js nor reads the page's calcEngine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, dirname, sep } from "node:path";
import { fileURLToPath } from "node:url";

const BROWSER = fileURLToPath(new URL("../../calculators/browser/", import.meta.url));
const IMPORT = /(?:^|[;\s])(?:import|export)\s+(?:[^;"'`]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith(".js")) yield path;
  }
}

/** Every file's imports of another file of calculators/browser: [from, to], both relative to it. */
function imports() {
  const out = [];
  for (const file of files(BROWSER)) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith(".")) continue;
      out.push([relative(BROWSER, file), relative(BROWSER, resolve(dirname(file), spec))]);
    }
  }
  return out;
}

/** The widget a file belongs to (widgets/<name>/…), or null below the widgets. */
const widgetOf = (path) => {
  const parts = path.split(sep);
  return parts[0] === "widgets" && parts.length > 2 ? parts[1] : null;
};

test("the reader sees the imports it must judge (a check of this test itself)", () => {
  const all = imports();
  assert.ok(all.length > 100, `only ${all.length} imports read`);
  assert.ok(all.some(([from, to]) => from === join("widgets", "board", "kept.js") && to === join("keeping", "checks.js")));
  assert.ok(all.some(([from, to]) => from === join("keeping", "checks.js") && to === "registry.js")); // a dynamic import
});

test("nothing below the widgets imports a widget", () => {
  const up = imports().filter(([from, to]) => !widgetOf(from) && widgetOf(to));
  assert.deepEqual(up, [], `imports from below the widgets into a widget:\n${up.map((p) => p.join(" → ")).join("\n")}`);
});

test("no widget imports another widget's files", () => {
  const across = imports().filter(([from, to]) => widgetOf(from) && widgetOf(to) && widgetOf(from) !== widgetOf(to));
  assert.deepEqual(across, [], `imports between widgets:\n${across.map((p) => p.join(" → ")).join("\n")}`);
});

test("a widget reaches the engine only through what mount() is handed", () => {
  const imported = imports().filter(([from, to]) => widgetOf(from) && to === "engine.js");
  const read = [...files(join(BROWSER, "widgets"))].filter((file) =>
    /\bcalcEngine\b/.test(readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "")));
  assert.deepEqual([...imported.map((p) => p.join(" → ")), ...read.map((f) => relative(BROWSER, f))], [],
    "widgets that go around mount()'s engine");
});

// Strict type checking (make check: tsc -p tsconfig.strict.json) covers the files that say `// @ts-check` on
// their first line; the folders and files held to it (issue 67) must not lose a file to the loose check unnoticed.
const STRICT_FOLDERS = ["keeping", "widgets/borders", "widgets/dice", "widgets/boons", "widgets/morale", "widgets/board", "widgets/stress"];
const STRICT_FILES = ["engine.js", "worker.js", "pyodide-edge.js", "snapshot.js", "press.js", "mount.js", "draft.js", "notice.js", "offer.js"]; // the engine, the mount

test("every file of the folders held to strict type checking opts in with // @ts-check", () => {
  const loose = [...STRICT_FOLDERS.flatMap((dir) => [...files(join(BROWSER, dir))]), ...STRICT_FILES.map((f) => join(BROWSER, f))]
    .filter((file) => !readFileSync(file, "utf8").startsWith("// @ts-check\n"))
    .map((file) => relative(BROWSER, file));
  assert.deepEqual(loose, [], "files left to the loose check");
});

test("a keeper's caller reads what the call answered, not the keeper's side fields", () => {
  // save/replace answer {kept, value, view, why, merged, overtaken, setAside} (keeping/keeper.js): k.merged,
  // k.overtaken and k.replaced are gone, and a widget that still reads them would read undefined, silently.
  const side = /\b(?:k|kept|keeper|this\.k)\.(?:merged|overtaken|replaced)\b/;
  const readers = [...files(BROWSER)].filter((file) => side.test(readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "")))
    .map((file) => relative(BROWSER, file));
  assert.deepEqual(readers, [], "files that read a keeper's side field");
});

test("Pyodide's private names and the globals it goes through are touched in one module only", () => {
  // pyodide-edge.js holds them, and tests/pyodide/edges.mjs runs each against the pinned Pyodide (issue 67).
  const PRIVATE = /\b_loadSnapshot\b|\b_makeSnapshot\b|\bmakeMemorySnapshot\b|WebAssembly\s*\[|WebAssembly\.instantiate\w*\s*=|\b(?:self|globalThis|scope)\.fetch\s*=/;
  const benchmarks = fileURLToPath(new URL("../../benchmarks/", import.meta.url));
  const found = [...files(BROWSER), ...[...readdirSync(benchmarks)].filter((f) => /\.m?js$/.test(f)).map((f) => join(benchmarks, f))]
    .filter((file) => PRIVATE.test(readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "")))
    .map((file) => relative(BROWSER, file));
  assert.deepEqual(found, ["pyodide-edge.js"]);
});
