// The site-wide Gauntlet Forge edition: one choice in the header, kept in local storage, that the
// Editions page's tabs and every calculator with an edition follow (follow). A calculator or a set of
// tabs can still be switched on its own; the next change of the preference sets it again.

import { html, render } from "./vendor/lit-html/lit-html.js";
import { slot } from "./keeping/slot.js";
import { EDITIONS } from "./registry.js"; // written by the build from rules_core/editions.py

// Scoped to this site's path, like every stored value: one kept under the old unscoped key moves there once.
const kept = slot("edition");
const EVENT = "conflict-table:edition";

/** The edition chosen: one of EDITIONS ("2023", "2022", "wiki"), or null when none was. */
function preferred() {
  const value = kept.text();
  return EDITIONS.includes(value) ? value : null;
}

/** Keep the reader's choice and tell the page (other tabs hear the storage event). */
function choose(edition) {
  if (!EDITIONS.includes(edition)) return;
  kept.writeText(edition); // storage off: this page still follows
  announce(edition);
}

/** Call fn(edition) now (if one is chosen) and whenever the reader chooses another.
 * @param {(edition: string) => void} fn
 * @param {{signal?: AbortSignal}} [options] */
export function follow(fn, { signal } = {}) {
  window.addEventListener(EVENT, (event) => fn(/** @type {CustomEvent} */ (event).detail), { signal });
  const edition = preferred();
  if (edition) fn(edition);
}

function announce(edition) {
  rememberTabs(edition);
  showTabs(edition);
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById("ct-edition"));
  if (select) select.value = edition;
  window.dispatchEvent(new CustomEvent(EVENT, { detail: edition }));
}

// ---------------------------------------------------------------- the tabs

/** Material's linked tabs remember the last label chosen (`__tabs`) and show it on
 *  every page as it loads; put the edition first there. */
function rememberTabs(edition) {
  try {
    if (typeof window.__md_get !== "function") return;
    const kept = (/** @type {string[]} */ (window.__md_get("__tabs")) || []).filter((label) => !EDITIONS.includes(label));
    window.__md_set("__tabs", [edition, ...kept]);
  } catch {}
}

/** Show the edition's tab in every set of tabs on this page that has one. */
function showTabs(edition) {
  for (const set of document.querySelectorAll(".tabbed-set")) {
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (set.querySelectorAll(":scope > input"))) {
      const label = set.querySelector(`label[for="${CSS.escape(input.id)}"]`);
      if (label && label.textContent.trim() === edition && !input.checked) {
        label.setAttribute("data-md-switching", ""); // Material: don't re-link every set from here
        input.click();
      }
    }
  }
}

// ---------------------------------------------------------------- the header

function mountControl() {
  if (document.getElementById("ct-edition")) return;
  const header = document.querySelector(".md-header__inner");
  if (!header) return;
  const box = document.createElement("div");
  box.className = "ct-edition";
  const chosen = preferred() ?? EDITIONS[0];
  render(html`<label for="ct-edition" class="ct-edition__label"><span aria-hidden="true">GF</span><span
    class="ct-edition__sr">Gauntlet Forge edition, site-wide</span></label><select id="ct-edition"
    class="ct-edition__select" title="Gauntlet Forge edition: the rules' tabs and the calculators follow it"
    @change=${(/** @type {Event} */ event) => choose(/** @type {HTMLSelectElement} */ (event.target).value)}
    >${EDITIONS.map((e) => html`<option value=${e} ?selected=${e === chosen}>${e}</option>`)}</select>`, box);
  const before = header.querySelector("form.md-header__option, .md-header__option, .md-search, label.md-header__button[for='__search']");
  header.insertBefore(box, before ?? null);
}

function onPage() {
  mountControl();
  const edition = preferred();
  if (edition) showTabs(edition);
}

window.addEventListener("storage", (event) => {
  if (event.key === kept.key && EDITIONS.includes(event.newValue)) announce(event.newValue);
});
if (window.document$) window.document$.subscribe(() => setTimeout(onPage));
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
else onPage();
