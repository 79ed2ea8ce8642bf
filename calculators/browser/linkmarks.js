// A share link's marks on its history entry (share.js: calcSeen, the link read; calcLink, a link a table
// view took the place of) survive the theme's writes of the scroll offset, which replace the entry's whole
// state (history.replaceState(offset), the address left as it is). The build writes this file inline into
// <head>, ahead of the engine's early start (glue.early_script), so the marks are kept before the theme's
// first write, however late the calculators' modules arrive; share.js imports it for the pages reached by
// instant navigation. A plain script (no import, no export), installed once.
(function () {
  if (!globalThis.history || history.replaceState.name === "keepingLinkMarks") return;
  var replace = history.replaceState.bind(history);
  history.replaceState = function keepingLinkMarks(/** @type {any} */ state, /** @type {string} */ unused, /** @type {string | URL | null | undefined} */ url) {
    var was = history.state;
    var mine = state && typeof state === "object" && ("calcSeen" in state || "calcLink" in state);
    if (url == null && !mine && was && typeof was === "object" && (state === null || typeof state === "object")) {
      var kept = /** @type {Record<string, unknown>} */ ({});
      var any = false;
      ["calcSeen", "calcLink"].forEach(function (key) {
        if (key in was) { kept[key] = was[key]; any = true; }
      });
      if (any) state = Object.assign({}, state || {}, kept);
    }
    return replace(state, unused, url);
  };
})();
