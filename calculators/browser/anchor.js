// The address names the page shown. Material's navigation tracking writes the
// heading in view into the address, debounced; when the reader follows a link
// (or goes Back) right after scrolling, that late write lands on the next
// page's address: boons-and-banes/#stress, a heading of the page just left.
// After each page change, an anchor that names nothing on the page is dropped.
// A share link's fragment (#stress=…) is not an anchor and stays (share.js), nor is a table view's
// (#table-view, #morale-table: tableview.js) on a page with its calculator, where no heading need carry it.

/** Each calculator's table view: the fragment that opens it (tableview.js), by the calculator's name. */
export const TABLE_VIEWS = Object.freeze({ board: "#table-view", morale: "#morale-table" });

/** Whether `hash` opens the table view of a calculator on this page. */
const opensTableView = (hash) =>
  Object.entries(TABLE_VIEWS).some(([calc, fragment]) => fragment === hash && document.querySelector(`.calc[data-calc="${calc}"]`));

/** The anchor as the page's ids spell it; a malformed % escape (#%%) is taken as it is. */
export function anchorOf(hash) {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** How many checks of the address were asked for (due) and made (checked): the tests wait for the checks
 *  rather than for a time. */
const checks = { due: 0, checked: 0 };
window.calcAnchors = checks;

/** Drop the address's anchor when no element on the page carries it. */
export function dropStrayAnchor() {
  checks.checked += 1;
  const id = anchorOf(location.hash);
  if (!id || id.includes("=") || document.getElementById(id) || opensTableView(location.hash)) return;
  history.replaceState(history.state, "", location.pathname + location.search);
}

/** Check once the new page is in, and again after the tracking's debounce. */
export function watchAnchors(document$) {
  document$.subscribe(() => {
    checks.due += 2;
    dropStrayAnchor();
    setTimeout(dropStrayAnchor, 600);
  });
}
