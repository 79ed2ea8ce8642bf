// A worked example's "Open in the …" link (calculators/pages/examples: a plain share link,
// #<calculator>=<state>, made and checked at build time). The link alone works anywhere: copied,
// before the engine is ready, without this file; the calculator offers what it carries under its
// own receiver rules. Tapping it here also says "yes" to that offer: the page goes to the
// calculator, and once the calculator shows the link's "Open it", it is opened (what the player had
// is kept to bring back, as for any link), unless opening it would set aside a game in progress
// (the button says so: data-replaces): that one waits on its offer for the player's own tap. Nothing
// here is a rule of the games.

const ASKED = "conflict-table:example-asked"; // sessionStorage: the link tapped, across an instant navigation
const WAIT_MS = 60_000; // an engine still starting on a slow phone and a slow link

const remembered = () => {
  try {
    return sessionStorage.getItem(ASKED) || "";
  } catch {
    return "";
  }
};
const remember = (hash) => {
  try {
    if (hash) sessionStorage.setItem(ASKED, hash);
    else sessionStorage.removeItem(ASKED);
  } catch {} // no session storage: the calculator still offers the link
};

let watching = null;

/** Go to the page's calculator named in `hash` (#name=…) and open its offer once it shows it. */
function follow(hash) {
  watching?.disconnect();
  const name = hash.slice(1).split("=")[0];
  const root = document.querySelector(`.calc[data-calc="${CSS.escape(name)}"]`);
  if (!root) return;
  root.scrollIntoView({ block: "start" });
  const open = () => {
    /** @type {HTMLButtonElement | null} */
    const button = root.querySelector('[data-act$="open-shared"]:not([disabled])');
    if (!button || button.closest("[hidden]")) return false;
    // another link since (a state's: a table view's own address is not one): that one is only offered
    if (location.hash.includes("=") && location.hash !== hash && globalThis.__calcHash !== hash) return true;
    remember("");
    if (button.dataset.replaces !== "true") button.click();
    return true;
  };
  if (open()) return;
  const watcher = new MutationObserver(() => {
    if (open()) watcher.disconnect();
  });
  watcher.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "disabled"] });
  setTimeout(() => watcher.disconnect(), WAIT_MS);
  watching = watcher;
}

document.addEventListener("click", (event) => {
  /** @type {HTMLAnchorElement | null} */
  const a = event.target instanceof Element ? event.target.closest("a[data-example]") : null;
  if (!a || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  remember(a.hash);
  if (a.pathname !== location.pathname) return; // another page: the theme goes there, and `arrived` follows
  // This page: the calculator hears the new address (as from a pasted link); the theme's instant
  // navigation would load the whole page again for a fragment no element carries.
  event.preventDefault();
  event.stopPropagation();
  const oldURL = location.href;
  history.pushState(history.state, "", a.href);
  window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL, newURL: location.href }));
  follow(a.hash);
}, true); // before the theme's instant navigation takes the click

// A page opened by an example's link (an instant navigation, or a reload of it).
const arrived = () => {
  const asked = remembered();
  if (asked && (location.hash === asked || globalThis.__calcHash === asked)) follow(asked);
};
if (window.document$) window.document$.subscribe(() => setTimeout(arrived));
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", arrived);
else arrived();
