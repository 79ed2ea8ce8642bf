// A table view: a calculator as a phone app, the whole screen with the site's chrome and the rest of
// the page out of the way (calc.css: .calc.is-table). It is an address (the conflict board's
// #table-view, the morale tracker's #morale-table), so a link opens it, Back closes it and a reload
// keeps it.
import { replaceLink } from "./share.js";

/** @param {HTMLElement} root the calculator @param {{hash: string, onChange: () => void}} options */
export function tableView(root, { hash: HASH, onChange }) {
  let open = false;
  const listening = new AbortController(); // the view's listeners, removed at dispose
  let scrolled = 0; // where the page was: the rest of the page is hidden while the view is open

  function set(value) {
    if (open === value) return;
    open = value;
    if (value) scrolled = window.scrollY;
    root.classList.toggle("is-table", value);
    document.documentElement.classList.toggle("calc-table-open", value);
    if (!value) window.scrollTo(0, scrolled);
    onChange();
  }
  const fromAddress = () => set(location.hash === HASH);
  window.addEventListener("hashchange", fromAddress, { signal: listening.signal });
  window.addEventListener("popstate", fromAddress, { signal: listening.signal });
  // A link to #table-view on this page opens it at once (before the theme's instant navigation
  // handles the click as a jump within the page).
  const onLink = (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href, location.href);
    if (url.hash !== HASH || url.pathname !== location.pathname) return;
    event.preventDefault();
    event.stopPropagation();
    api.show();
  };
  document.addEventListener("click", onLink, { capture: true, signal: listening.signal });

  const api = {
    get open() {
      return open;
    },
    show() {
      // The phone's Back closes it; over a share link (a board landing on its offer) the view takes the link's
      // place, and Back leaves as it would from the link (share.js: the link is offered until answered).
      if (location.hash !== HASH && !replaceLink(HASH)) history.pushState(history.state, "", HASH);
      set(true);
    },
    /** Close: the address loses the view's fragment in place (going Back instead would have the
     *  theme's instant navigation draw the whole page afresh: every calculator mounted again). */
    close() {
      if (location.hash === HASH) history.replaceState(history.state, "", location.pathname + location.search);
      set(false);
    },
    /** Once the calculator is drawn: open when the page was opened at the view's address (the theme's
     *  navigation tracking may have put a heading's in its place since: early.js kept the first). */
    fromAddress() {
      if (location.hash !== HASH && globalThis.__calcHash === HASH) {
        globalThis.__calcHash = "";
        history.replaceState(history.state, "", HASH);
      }
      fromAddress();
    },
    dispose() {
      listening.abort();
      set(false);
    },
  };
  return api;
}
