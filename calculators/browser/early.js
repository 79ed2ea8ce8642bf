// A page with a calculator starts its engine first thing in <head>, while the
// rest of the page loads; calc.js adopts the worker and what it already said
// (engine.js, window.__calcEarly). The post-build command writes this file's
// text inline into such a page (the empty script overrides/main.html leaves,
// ship.write_early): on a phone link
// a separate file would cost a round trip before the engine's download can
// begin. The site's Content-Security-Policy allows it by its hash (csp.py).
// The <script> element names the worker's address: data-worker.
(function () {
  // A share link's state (#stress=…) is read by share.js; keep it before the theme's
  // navigation tracking replaces the fragment with a heading's.
  window.__calcHash = location.hash;
  // Scripts run: the "needs JavaScript" line stays hidden until calc.js says what the engine does (calc.css).
  document.documentElement.classList.add("calc-js");
  if (navigator.connection && navigator.connection.saveData) return; // calc.js offers a button instead
  try {
    var script = /** @type {HTMLScriptElement} */ (document.currentScript);
    var worker = new Worker(new URL(String(script.dataset.worker), location.href), { type: "module" });
    var queue = [];
    /** @param {Event} event */
    var keep = function (event) { queue.push(event); };
    worker.onmessage = keep;
    worker.onerror = keep;
    window.__calcEarly = { worker: worker, queue: queue, at: performance.now() };
  } catch (error) {}
})();
