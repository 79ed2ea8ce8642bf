// @ts-check
// Where a player sees how long the browser keeps their entries, and the Export everything / Import everything
// buttons: under each calculator that keeps something (KEEPING) and in every [data-kept-everything] box of a page
// (the Offline page). The file and its checks: everything.js and checks.js; the persistence answer: persist.js.
// Nothing here is a rule of the games.
import { collect, makeFile, readFile, checkAll, adoptAll, notKeptWords, tooLarge, notImportable } from "./everything.js";
import { checkOf, loadChecks } from "./checks.js";
import { keepSession, sessionText } from "./slot.js";
import { download, fileName } from "./download.js";
import { ask, answer, askOnFirstKeep, recheck, words, CHANGED } from "./persist.js";
import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { repeat } from "../vendor/lit-html/directives/repeat.js";
import { takeFile } from "../mount.js";
import { KEEPING } from "../registry.js"; // the widgets with a kept.js, whose entries last across visits (build's)

/** Each box on the page and what it says: the persistence words (status; null: hidden), the last
 *  sentence (said, and `says`, counted, so the same sentence said again is a new one to a screen reader).
 *  @type {Map<HTMLElement, BoxState>} */
const boxes = new Map();
const DONE = "conflict-table:imported"; // the import's sentence, said again after the reload that shows it

/** @typedef {{page: boolean, status: string | null, said: string, says: number, engine: any}} BoxState */

/** What a box holds, from its state; on: what its buttons do. No whitespace between the parts.
 *  @param {BoxState} state @param {{exportAll: () => void, pick: () => void, chosen: (event: Event) => void}} on */
const keptHtml = ({ status, said, says }, on) => html`<p class="calc-kept__status" data-out="kept-status" ?hidden=${!status}>${
  status ?? ""}</p><div class="calc__buttons"><button type="button" data-act="export-everything" @click=${on.exportAll}
  >Export everything</button><button type="button" data-act="import-everything" @click=${on.pick}>Import everything…</button><input
  type="file" accept=".json,application/json" hidden data-act="import-everything-file" aria-label="A file from Export everything"
  @change=${on.chosen}></div><p class="calc-kept__said" data-out="kept-said" role="status">${repeat([said], () => says, (text) => text)}</p>`;

/** Draw a box again from its state. @param {HTMLElement} box @param {BoxState} state its entry in `boxes` */
function draw(box, state) {
  const say = (/** @type {string} */ text) => {
    Object.assign(state, { said: text, says: state.says + 1 });
    draw(box, state);
  };
  render(keptHtml(state, {
    exportAll: () => exportAll(say),
    pick: () => /** @type {HTMLInputElement} */ (box.querySelector('[data-act="import-everything-file"]')).click(),
    chosen: (event) => chosen(/** @type {HTMLInputElement} */ (event.currentTarget), state.engine, say),
  }), box);
}

function drawStatus() {
  const got = answer();
  for (const [box, state] of boxes) {
    if (!box.isConnected) {
      boxes.delete(box);
      continue;
    }
    state.status = words(got) ?? (state.page
      ? "Nothing asked yet: the site asks your browser to keep your entries for good the first time you keep something."
      : null);
    draw(box, state);
  }
}

/** Read a chosen file, check every entry as its calculator would, put it in place. → the sentence to show.
 *  @param {File} file @param {any} engine the page's engine */
async function importFile(file, engine) {
  const big = tooLarge(file.size); // before its text is read
  const read = big ? { problem: big } : readFile(await file.text());
  if (!read.kept) return `This file was not imported: ${read.problem}. Nothing was changed.`;
  if (engine.status === "held") engine.allow();
  await loadChecks(); // every calculator's kept names and checks (their kept.js)
  const verdict = await checkAll(read.kept, (name) => checkOf(name, engine));
  if (verdict.down) return `This file could not be checked (${verdict.down}), so nothing was changed. Try again once the calculators work.`;
  if (verdict.problem) return `This file was not imported: ${verdict.problem}. Nothing was changed.`;
  const done = adoptAll(read.kept);
  if (done.problem) return `This file was not imported: ${done.problem}.`;
  ask(); // what was just put back took effort too
  const left = notKeptWords(done.lists);
  return `Imported ${done.done} kept value${done.done === 1 ? "" : "s"} from the file; anything it replaced was set aside first.` +
    `${left ? ` ${left}` : ""} Reload the page to see them in the calculators.`;
}

/** Export everything: every kept value in one file, offered for download. @param {(text: string) => void} say */
function exportAll(say) {
  const kept = collect();
  if (!Object.keys(kept).length) return say("Nothing is kept in this browser yet: there is nothing to export.");
  const text = makeFile(kept);
  const why = notImportable(text);
  if (why) return say(`Nothing was exported: ${why}.`);
  download(fileName("conflict-table-everything"), text);
  say(`Exported ${Object.keys(kept).length} kept values (every calculator's) to one file. Import everything brings them back, here or in another browser.`);
}

/** Import everything: the file chosen in `file` checked and put in place, then said (or the page reloaded).
 *  @param {HTMLInputElement} file @param {any} engine @param {(text: string) => void} say */
async function chosen(file, engine, say) {
  const picked = takeFile(file);
  if (!picked) return;
  say("Checking the file…");
  const sentence = await importFile(picked, engine);
  if (/^Imported/.test(sentence) && document.querySelector(".calc[data-calc]")) {
    // The calculators on this page still hold what was there before: they open the imported values afresh
    // (without session storage, the player reloads).
    if (keepSession(DONE, sentence.replace(/ Reload the page.*$/, ""))) return location.reload();
  }
  say(sentence);
}

/** The box: the persistence words, Export everything, Import everything. `page`: a page's own box.
 *  @param {any} engine @param {boolean} page */
function makeBox(engine, page) {
  const made = document.createDocumentFragment(); // the box alone (draw() fills it), as draw.js's field() makes one
  render(html`<div class="calc-kept" data-out="kept" data-page=${page ? "1" : nothing}></div>`, made);
  const box = /** @type {HTMLElement} */ (made.firstElementChild);
  const state = /** @type {BoxState} */ ({ page, status: null, said: "", says: 0, engine });
  boxes.set(box, state);
  const done = sessionText(DONE); // an import just before this page was reloaded
  if (done) {
    keepSession(DONE, null);
    state.said = done;
  }
  draw(box, state);
  return box;
}

let started = false;

/** Under a calculator that keeps something: the box (once). @param {HTMLElement} root @param {any} engine */
export function keepingBox(root, engine) {
  if (!KEEPING.includes(root.dataset.calc ?? "") || root.querySelector(':scope > [data-out="kept"]')) return;
  root.append(makeBox(engine, false));
  start();
}

/** A page's own boxes ([data-kept-everything], the Offline page). @param {ParentNode} doc @param {any} engine */
export function keepingBoxes(doc, engine) {
  for (const spot of doc.querySelectorAll("[data-kept-everything]")) {
    if (!spot.querySelector('[data-out="kept"]')) spot.append(makeBox(engine, true));
  }
  start();
}

function start() {
  drawStatus();
  if (started) return;
  started = true;
  askOnFirstKeep();
  window.addEventListener(CHANGED, drawStatus);
  recheck().then(drawStatus);
}
