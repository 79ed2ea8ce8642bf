// Generate the service worker with Workbox (workbox-build).
// Usage: node calculators/build/sw/build.mjs '<json config>'
// The config comes from calculators/build/offline.py; this file only hands it to
// Workbox and prints what was precached as one line of JSON.
//
// generateSW bundles and minifies Workbox's runtime on every build (about 4 s),
// though the runtime depends on the config alone, not on the files precached.
// So the bundle is made once per config, with a stand-in for the precache list,
// and kept in node_modules/.cache as a template; each build then writes the
// site's list (Workbox's getManifest, which hashes every file once) into it, as
// Workbox's injectManifest would. A template whose stand-in cannot be found is
// not used: generateSW runs as before.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { generateSW, getManifest } from "workbox-build";

const config = JSON.parse(process.argv[2]);
const templateKey = (() => {
  const { globDirectory, swDest, ...rest } = config; // the same runtime for any site folder
  const version = createRequire(import.meta.url)("workbox-build/package.json").version;
  const script = readFileSync(new URL(import.meta.url));
  return createHash("sha256").update(JSON.stringify([rest, version])).update(script).digest("hex").slice(0, 16);
})();
// JSON has no regular expressions: the URL-parameter patterns come as strings.
config.ignoreURLParametersMatching = (config.ignoreURLParametersMatching || []).map((p) => new RegExp(p));
if (config.dontCacheBustURLsMatching) config.dontCacheBustURLsMatching = new RegExp(config.dontCacheBustURLsMatching);

// Navigations the precache does not know go to the network; offline, they get
// the site's own 404 page from the precache.
if (config.offlineNotFound) {
  config.runtimeCaching = [
    ...(config.runtimeCaching || []),
    {
      urlPattern: ({ request }) => request.mode === "navigate",
      handler: "NetworkOnly",
      options: { precacheFallback: { fallbackURL: config.offlineNotFound } },
    },
  ];
}
delete config.offlineNotFound;

const manifestOptions = {
  globDirectory: config.globDirectory,
  globPatterns: config.globPatterns,
  globIgnores: config.globIgnores,
  maximumFileSizeToCacheInBytes: config.maximumFileSizeToCacheInBytes,
  dontCacheBustURLsMatching: config.dontCacheBustURLsMatching,
};
const STAND_IN = "__conflict_table_precache_list__";
const KEPT_TEMPLATES = 16; // one per config seen lately (the glue's folder name is in the config)
const INJECTION = "self.__WB_MANIFEST";

/** The bundled runtime for this config, with INJECTION where the precache list goes (made once). */
async function template() {
  const dir = join(process.cwd(), "node_modules", ".cache", "conflict-table-sw");
  const file = join(dir, `sw-${templateKey}.js`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const draft = join(dir, `draft-${process.pid}.js`);
  await generateSW({
    ...config,
    swDest: draft,
    globPatterns: [],
    additionalManifestEntries: [{ url: STAND_IN, revision: null }],
  });
  const text = readFileSync(draft, "utf8");
  const list = `[{url:"${STAND_IN}",revision:null}]`;
  if (text.split(list).length !== 2) {
    rmSync(draft, { force: true });
    return null; // the bundle looks other than expected: no template
  }
  writeFileSync(draft, text.replace(list, INJECTION));
  renameSync(draft, file); // whole or not at all, should two builds run at once
  try {
    const older = readdirSync(dir).filter((name) => /^sw-[0-9a-f]+\.js$/.test(name)).map((name) => join(dir, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs).slice(KEPT_TEMPLATES);
    for (const path of older) rmSync(path, { force: true });
  } catch {} // another build pruned at the same moment
  return file;
}

const { count, size, warnings, manifestEntries } = await getManifest(manifestOptions);
const entries = manifestEntries.map((e) => ({ url: e.url, revision: e.revision }));
const swSrc = await template();
if (swSrc) writeFileSync(config.swDest, readFileSync(swSrc, "utf8").replace(INJECTION, () => JSON.stringify(entries)));
else await generateSW(config);
process.stdout.write(JSON.stringify({ count, size, warnings, entries }) + "\n");
