// A worked example's "Open in the …" link (calculators/pages/examples: a plain share link,
// #<calculator>=<state>, made and checked at build time). The link alone works anywhere: copied,
// before the engine is ready, without this file; the calculator offers what it carries under its
// own receiver rules. Tapping it here also says "yes" to that offer: the page goes to the
// calculator, and once the calculator shows the link's "Open it", it is opened (what the player had
// is kept to bring back, as for any link), unless opening it would set aside a game in progress
// (the button says so: data-replaces): that one waits on its offer for the player's own tap. Nothing
// here is a rule of the games.

import { html, render } from "./vendor/lit-html/lit-html.js";
import { PLACES } from "./registry.js"; // each widget's title and the pages it is on, written by the build
import { keepSession, sessionText } from "./keeping/slot.js";

const ASKED = "conflict-table:example-asked"; // sessionStorage: the link tapped, across an instant navigation
const WAIT_MS = 60_000; // an engine still starting on a slow phone and a slow link

const remembered = () => sessionText(ASKED) || "";
const remember = (hash) => keepSession(ASKED, hash || null); // no session storage: the calculator still offers the link

let watching = null;

const ROOT = new URL("../../", import.meta.url); // the site's root: this file is at <root>assets/calc/examples.js

/** The calculator a link's fragment names ("#morale=…" → "morale"), when it is one of the site's; else null. */
const named = (hash) => {
  const m = /^#([a-z][a-z0-9-]*)=/.exec(hash);
  return m && Object.hasOwn(PLACES, m[1]) ? m[1] : null;
};

/**
 * A link naming a calculator this page lacks (#morale=… on the board's page) is said, not dropped: which
 * calculator it is for, and a link to each page that has it, carrying the same state (opened there, it is
 * offered as any link is). Said at the top of the page's text, with Dismiss; gone once the address moves on.
 */
function elsewhere(hash) {
  document.querySelector('[data-out="elsewhere"]')?.remove();
  const name = named(hash);
  if (!name || document.querySelector(`.calc[data-calc="${CSS.escape(name)}"]`)) return;
  const spot = document.querySelector("article") ?? document.querySelector(".md-content") ?? document.body;
  const { title, pages } = PLACES[name];
  const what = title.toLowerCase();
  const links = pages.map((page, i) => html`${i ? (i === pages.length - 1 ? " or " : ", ") : ""}<a
    href=${new URL(page.path + hash, ROOT).href}>${page.title}</a>`);
  const box = document.createDocumentFragment();
  render(html`<div class="admonition note calc-elsewhere" data-out="elsewhere" role="status"><p
    >This link is for the ${what}, which is not on this page. ${pages.length
    ? html`Open it where the ${what} is: ${links}.` : "No page of this version of the site has it."}</p><button
    type="button" class="md-button" @click=${(event) => event.currentTarget.parentElement.remove()}
    >Dismiss</button></div>`, box);
  spot.prepend(box);
}

/** Call done() now and at each change under root (its nodes, these attributes) until it says true, for
 *  WAIT_MS at most; the watcher, or null when done() said true at once. */
function until(root, done, attributeFilter) {
  if (done()) return null;
  const watcher = new MutationObserver(() => done() && watcher.disconnect());
  watcher.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter });
  setTimeout(() => watcher.disconnect(), WAIT_MS);
  return watcher;
}

/** An example opened: the calculator is shown from its title, below the theme's header, once its offer
 *  (further down, where the link landed) is answered and gone. */
function fromTheTop(root, button) {
  until(root, () => {
    if (button.isConnected && !button.closest("[hidden]")) return false;
    root.scrollIntoView({ block: "start" });
    return true;
  }, ["hidden"]);
}

/** Go to the page's calculator named in `hash` (#name=…) and open its offer once it shows it. */
function follow(hash) {
  watching?.disconnect();
  const name = hash.slice(1).split("=")[0];
  const root = document.querySelector(`.calc[data-calc="${CSS.escape(name)}"]`);
  if (!root) return elsewhere(hash);
  root.scrollIntoView({ block: "start" });
  const open = () => {
    /** @type {HTMLButtonElement | null} */
    const button = root.querySelector('[data-act$="open-shared"]:not([disabled])');
    if (!button || button.closest("[hidden]")) return false;
    // another link since (a state's: a table view's own address is not one): that one is only offered
    if (location.hash.includes("=") && location.hash !== hash && globalThis.__calcHash !== hash) return true;
    remember("");
    if (button.dataset.replaces !== "true") {
      button.click();
      fromTheTop(root, button);
    }
    return true;
  };
  watching = until(root, open, ["hidden", "disabled"]);
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

// A page opened by an example's link (an instant navigation, or a reload of it), or by any link naming a
// calculator (said when the page lacks it).
const arrived = () => {
  const asked = remembered();
  if (asked && (location.hash === asked || globalThis.__calcHash === asked)) follow(asked);
  else elsewhere([location.hash, globalThis.__calcHash].find((h) => typeof h === "string" && named(h)) ?? "");
};
window.addEventListener("hashchange", () => elsewhere(location.hash));
if (window.document$) window.document$.subscribe(() => setTimeout(arrived));
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", arrived);
else arrived();
