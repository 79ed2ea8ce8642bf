// Build step: the page's glue, bundled into a few ES modules in place.
//   node calculators/build/bundle.mjs CALC_DIR --page=SCRIPT,SCRIPT ENTRY...
// CALC_DIR holds the glue as written (calc.js, engine.js, widgets/…, vendor/…); --page names the
// scripts a page loads itself (glue.PAGE_SCRIPTS); each ENTRY (a path in it: calc.js,
// widgets/board/index.js…) stays at its own path with its own exports, and every
// module the entries import is bundled into them or into a few shared chunks in chunks/. The
// modules bundled are then removed, and prints {entries, chunks, removed} as one line of JSON.
// A calculator page imported 27–50 small modules, one request each, before its calculator could draw.
//
// Left as they are: what no entry imports by name (worker.js and what it imports, sw-update.js, the
// vendored scripts a module loads by URL). A module's `import.meta.url` still names the module's own
// path, wherever its code now lives, so a URL made from it (`new URL("../engine/", import.meta.url)`)
// points where it did.
import { rmSync, readdirSync, rmdirSync } from "node:fs";
import path from "node:path";
import { rollup } from "rollup";

const args = process.argv.slice(2);
const pageArg = args.find((a) => a.startsWith("--page="));
if (!pageArg) {
  process.stderr.write("bundle.mjs: --page=SCRIPT,… is missing (the scripts a page loads itself)\n");
  process.exit(2);
}
const [dirArg, ...entries] = args.filter((a) => a !== pageArg);
const dir = path.resolve(dirArg);
const posix = (p) => p.split(path.sep).join("/");
const within = (id) => posix(path.relative(dir, id));

/** `import.meta.url` as the module's own URL: its path from the chunk that now holds its code. */
const ownURL = {
  name: "own-import-meta-url",
  resolveImportMeta(property, { chunkId, moduleId }) {
    if (property !== "url") return null;
    const from = path.posix.dirname(chunkId);
    let to = path.posix.relative(from, within(moduleId));
    if (!to.startsWith(".")) to = `./${to}`;
    return `new URL(${JSON.stringify(to)}, import.meta.url).href`;
  },
};

/** What the page's own scripts (--page: calc.js, offline.js) import, and on: left to Rollup, which
 *  puts it in them or in a chunk they share. */
const PAGE = pageArg.slice("--page=".length).split(",");
let onEveryPage = null;

/** The rest of the glue the widgets import (lit-html, the keeping, the share links…) in one chunk,
 *  "glue", so a calculator's first import brings it whole instead of a dozen chunks, one for each
 *  set of widgets that shares a module. A widget's own modules stay with the widget. Rollup moves
 *  into "glue" too what it needs of the page's scripts' modules (ui.js, keeping/slot.js…), so
 *  calc.js imports it as well, and it imports no other chunk. */
function sharedByWidgets(id, { getModuleInfo }) {
  if (!onEveryPage) {
    onEveryPage = new Set();
    const todo = PAGE.map((name) => path.join(dir, name));
    while (todo.length) {
      const next = todo.pop();
      if (onEveryPage.has(next)) continue;
      onEveryPage.add(next);
      todo.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
  }
  const name = within(id);
  if (entries.includes(name) || name.startsWith("widgets/") || onEveryPage.has(id)) return undefined;
  return "glue";
}

const warnings = [];
const bundle = await rollup({
  input: Object.fromEntries(entries.map((e) => [e.replace(/\.js$/, ""), path.join(dir, e)])),
  plugins: [ownURL],
  onwarn: (warning) => warnings.push(warning.message),
});
const { output } = await bundle.write({
  dir,
  format: "es",
  entryFileNames: "[name].js",
  chunkFileNames: "chunks/[name].js", // no hash of their own: the folder is named after its content
  manualChunks: sharedByWidgets,
});
await bundle.close();
if (warnings.length) {
  process.stderr.write(warnings.join("\n") + "\n");
  process.exit(1);
}

const written = new Set(output.map((file) => file.fileName));
const removed = new Set();
for (const chunk of output) {
  for (const id of Object.keys(chunk.modules ?? {})) {
    const name = within(id);
    if (!written.has(name) && !removed.has(name)) {
      rmSync(path.join(dir, name));
      removed.add(name);
    }
  }
}
// Folders left empty go too.
const prune = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) prune(path.join(folder, entry.name));
  }
  if (folder !== dir && readdirSync(folder).length === 0) rmdirSync(folder);
};
prune(dir);
process.stdout.write(JSON.stringify({
  entries: output.filter((f) => f.isEntry).map((f) => f.fileName),
  chunks: output.filter((f) => f.type === "chunk" && !f.isEntry).map((f) => f.fileName),
  removed: [...removed].sort(),
}) + "\n");
