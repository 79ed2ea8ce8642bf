// A page with a calculator starts its engine from <head>, while the rest of the
// page loads (overrides/main.html); calc.js adopts the worker and what it
// already said (engine.js, window.__calcEarly). A file, not an inline script,
// so the site's Content-Security-Policy needs no exception for it.
(function () {
  // A share link's state (#stress=…) is read by share.js; keep it before the theme's
  // navigation tracking replaces the fragment with a heading's.
  window.__calcHash = location.hash;
  // Scripts run: the "needs JavaScript" line stays hidden until calc.js says what the engine does (calc.css).
  document.documentElement.classList.add("calc-js");
  if (navigator.connection && navigator.connection.saveData) return; // calc.js offers a button instead
  try {
    var worker = new Worker(new URL("worker.js", /** @type {HTMLScriptElement} */ (document.currentScript).src), { type: "module" });
    var queue = [];
    /** @param {Event} event */
    var keep = function (event) { queue.push(event); };
    worker.onmessage = keep;
    worker.onerror = keep;
    window.__calcEarly = { worker: worker, queue: queue, at: performance.now() };
  } catch (error) {}
})();
