// Generate the service worker with Workbox (workbox-build's generateSW).
// Usage: node calculators/build/sw/build.mjs '<json config>'
// The config comes from calculators/build/offline.py; this file only hands it to
// Workbox and prints what was precached as one line of JSON.
import { generateSW, getManifest } from "workbox-build";

const config = JSON.parse(process.argv[2]);
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

const { count, size, warnings } = await generateSW(config);
const { manifestEntries } = await getManifest({
  globDirectory: config.globDirectory,
  globPatterns: config.globPatterns,
  globIgnores: config.globIgnores,
  maximumFileSizeToCacheInBytes: config.maximumFileSizeToCacheInBytes,
  dontCacheBustURLsMatching: config.dontCacheBustURLsMatching,
});
const entries = manifestEntries.map((e) => ({ url: e.url, revision: e.revision }));
process.stdout.write(JSON.stringify({ count, size, warnings, entries }) + "\n");
