// A page with a calculator starts its engine first thing in <head>, while the rest of the page loads;
// engine.js adopts the worker and what it already said (window.__calcEarly). The build writes this text
// inline into such a page (ship.write_early; allowed by its hash, csp.py): a file of its own would cost a
// phone a round trip before the engine's download begins. The <script> names the worker: data-worker.
(function () {
  // A share link's state (#stress=…) is read by share.js; keep it before the theme's
  // navigation tracking replaces the fragment with a heading's.
  // A link not yet answered when a table view took its place rides in the entry's state (share.js).
  var state = history.state;
  window.__calcHash = /^#[a-z][a-z0-9-]*=/.test(location.hash) || !state || typeof state.calcLink !== "string" ? location.hash : state.calcLink;
  // Scripts run: the "needs JavaScript" line stays hidden until calc.js says what the engine does (calc.css).
  document.documentElement.classList.add("calc-js");
  if (navigator.connection && navigator.connection.saveData) return; // calc.js offers a button instead
  try {
    var script = /** @type {HTMLScriptElement} */ (document.currentScript);
    var worker = new Worker(new URL(String(script.dataset.worker), location.href), { type: "module" });
    var queue = [];
    /** @param {Event} event */
    var keep = function (event) { queue.push(event); };
    worker.onmessage = worker.onerror = keep;
    window.__calcEarly = { worker: worker, queue: queue, at: performance.now() };
    holdSearch(worker);
  } catch (error) {}

  // The theme's search worker, building its index, competes with the engine's start on a phone's CPU
  // (benchmarks/phone_cpu.py): it starts once the engine said ready or failed (unless a new version of
  // the site waits: offline.js, quietWork), or when the player reaches for the search, and what the theme
  // sends it meanwhile waits, in order. calcSearch: state "held" → "started" | "held for the new
  // version", asked (search workers asked for). Material listens to its worker with addEventListener,
  // Zensical sets onmessage and onerror: the stand-in answers both ways.
  /** @param {Worker} engine */
  function holdSearch(engine) {
    var Real = window.Worker;
    var search = { state: "held", asked: 0 };
    window.calcSearch = search;
    var held = /** @type {Array<() => void>} */ ([]);
    var go = function () {
      if (window.Worker === Real) return;
      window.Worker = Real;
      search.state = "started";
      held.splice(0).forEach(function (start) { start(); });
    };
    var goIfQuiet = function () {
      var offline = /** @type {{quietWork?: () => Promise<boolean>} | undefined} */ (window.calcOffline);
      if (!offline || !offline.quietWork) return go();
      offline.quietWork().then(function (quiet) {
        if (quiet) go();
        else if (search.state === "held") search.state = "held for the new version";
      }, go);
    };
    window.Worker = /** @type {any} */ (function (/** @type {string | URL} */ url, /** @type {WorkerOptions} */ options) {
      if (String(url).indexOf("/workers/search.") < 0) return new Real(url, options);
      // A relative address (Zensical's) names the worker from the page that asked for it: resolved
      // now, as the theme meant it, not against the page instant navigation has shown since.
      var address = new URL(String(url), location.href);
      search.asked += 1;
      var proxy = /** @type {any} */ (new EventTarget());
      var waiting = /** @type {any[] | null} */ ([]);
      var real = /** @type {Worker | null} */ (null);
      proxy.postMessage = function (/** @type {any} */ message) { if (real) real.postMessage(message); else if (waiting) waiting.push(message); };
      proxy.terminate = function () { if (real) real.terminate(); waiting = null; };
      /** @param {string} type */
      var relay = function (type) {
        return function (/** @type {any} */ event) {
          var copy = type === "error" ? new Event("error", { cancelable: true }) : new MessageEvent(type, { data: event.data });
          proxy.dispatchEvent(copy);
          if (typeof proxy["on" + type] === "function") proxy["on" + type](copy);
          if (copy.defaultPrevented) event.preventDefault();
        };
      };
      held.push(function () {
        if (!waiting) return;
        real = new Real(address, options);
        ["message", "error", "messageerror"].forEach(function (type) { real["on" + type] = relay(type); });
        waiting.splice(0).forEach(function (message) { /** @type {Worker} */ (real).postMessage(message); });
      });
      return proxy;
    });
    engine.addEventListener("message", function (event) {
      if (event.data && (event.data.type === "ready" || event.data.type === "failed")) setTimeout(goIfQuiet, 500);
    });
    engine.addEventListener("error", go);
    /** The player reaching for the search, by event type. @type {Record<string, (event: any) => unknown>} */
    var reaches = {
      focusin: function (event) { return event.target.matches?.("[data-md-component=search-query]"); },
      click: function (event) { return event.target.closest?.('label[for="__search"], [data-md-component="search"]'); },
      change: function (event) { return event.target.id === "__search"; },
      keydown: function (event) { return (event.ctrlKey || event.metaKey) && event.key === "k"; },
    };
    Object.keys(reaches).forEach(function (type) {
      document.addEventListener(type, function (event) { if (reaches[type](event)) go(); }, true);
    });
  }
})();
