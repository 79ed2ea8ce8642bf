// The table view: the board as a phone app, the whole screen with the site's chrome out of the
// way. It is an address (#table-view), so a link opens it, Back closes it and a reload keeps it.
export const HASH = "#table-view";

export function tableView(root, { onChange }) {
  let open = false;
  let pushed = false; // opened by a tap here: Close goes Back, as the phone's own Back does
  let scrolled = 0; // where the page was: the rest of the page is hidden while the view is open

  function set(value) {
    if (open === value) return;
    open = value;
    if (value) scrolled = window.scrollY;
    root.classList.toggle("is-table", value);
    document.documentElement.classList.toggle("board-table-open", value);
    if (!value) window.scrollTo(0, scrolled);
    onChange();
  }
  const fromAddress = () => set(location.hash === HASH);
  window.addEventListener("hashchange", fromAddress);
  window.addEventListener("popstate", fromAddress);
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
  document.addEventListener("click", onLink, { capture: true });

  const api = {
    get open() {
      return open;
    },
    show() {
      if (location.hash !== HASH) {
        history.pushState(history.state, "", HASH);
        pushed = true;
      }
      set(true);
    },
    close() {
      if (pushed && location.hash === HASH) {
        pushed = false;
        history.back();
        return;
      }
      if (location.hash === HASH) history.replaceState(history.state, "", location.pathname + location.search);
      set(false);
    },
    fromAddress,
    dispose() {
      document.removeEventListener("click", onLink, { capture: true });
      window.removeEventListener("hashchange", fromAddress);
      window.removeEventListener("popstate", fromAddress);
      set(false);
    },
  };
  return api;
}
