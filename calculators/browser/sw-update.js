// Part of the service worker (sw.js importScripts it: calculators/build/offline.py). A new version of
// the site waits until every open tab has agreed ({type: "UPDATE_AGREE"}, posted again every few seconds:
// a waiting worker may be stopped and forget), so no tab runs files of two versions; until then each tab
// hears how many it waits for ({type: "UPDATE_PENDING", agreed, waitingFor}) and may ask its player again.
(() => {
  const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
  const agreed = new Set();

  async function settle() {
    if (!sw.serviceWorker || sw.serviceWorker.state !== "installed") return; // only a waiting worker decides
    const open = (await sw.clients.matchAll({ type: "window", includeUncontrolled: true }))
      .filter((client) => client.url.startsWith(sw.registration.scope));
    for (const id of agreed) if (!open.some((client) => client.id === id)) agreed.delete(id); // closed tabs
    const waitingFor = open.filter((client) => !agreed.has(client.id)).length;
    if (waitingFor === 0) return sw.skipWaiting();
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
