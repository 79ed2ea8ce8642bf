// Part of the service worker (sw.js loads it with importScripts; see
// calculators/build/offline.py). A new version of the site waits until every open
// tab of the site has agreed to it: a tab that chose "Later" keeps the version
// it has, complete, and no tab ever runs files of two versions.
//
// A tab agrees by posting {type: "UPDATE_AGREE"} to the waiting worker (and
// again every few seconds while it waits, as a waiting worker may be stopped
// and forget). When every window of this scope has agreed, the worker takes
// over; until then it tells each tab how many it waits for
// ({type: "UPDATE_PENDING", agreed, waitingFor}), so the tabs that did not
// agree yet can ask their player again.
(() => {
  const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
  const agreed = new Set();

  async function settle() {
    if (!sw.serviceWorker || sw.serviceWorker.state !== "installed") return; // only a waiting worker decides
    const open = (await sw.clients.matchAll({ type: "window", includeUncontrolled: true }))
      .filter((client) => client.url.startsWith(sw.registration.scope));
    for (const id of agreed) if (!open.some((client) => client.id === id)) agreed.delete(id); // closed tabs
    const waitingFor = open.filter((client) => !agreed.has(client.id)).length;
    if (waitingFor === 0) {
      await sw.skipWaiting();
      return;
    }
    for (const client of open) client.postMessage({ type: "UPDATE_PENDING", agreed: agreed.has(client.id), waitingFor });
  }

  // A precache that does not fit (Cache Storage full: QuotaExceededError) can't succeed by trying
  // again: the tabs are told, and say so instead of retrying (offline.js).
  const put = Cache.prototype.put;
  Cache.prototype.put = async function (...args) {
    try {
      return await put.apply(this, args);
    } catch (error) {
      if (error && error.name === "QuotaExceededError") {
        for (const tab of await sw.clients.matchAll({ type: "window", includeUncontrolled: true })) tab.postMessage({ type: "STORAGE_FULL" });
      }
      throw error;
    }
  };

  sw.addEventListener("message", (/** @type {ExtendableMessageEvent} */ event) => {
    if (!event.data || event.data.type !== "UPDATE_AGREE" || !event.source) return;
    agreed.add(/** @type {Client} */ (event.source).id);
    event.waitUntil(settle());
  });
})();
