// Where a player sees how long the browser keeps their entries, and the Export
// everything / Import everything buttons: under each calculator that keeps
// something (KEEPS) and in every [data-kept-everything] box of a page (the
// Offline page). The file and its checks: everything.js and checks.js; the
// persistence answer: persist.js. Nothing here is a rule of the games.
import { collect, makeFile, readFile, checkAll, adoptAll, tooLarge, notImportable } from "./everything.js";
import { checkOf, loadChecks } from "./checks.js";
import { download, fileName } from "./download.js";
import { ask, answer, askOnFirstKeep, recheck, words, CHANGED } from "./persist.js";

/** The widgets whose entries are kept across visits (boons and dice keep typed fields for the tab only). */
export const KEEPS = new Set(["morale", "stress", "borders", "board"]);
const boxes = new Set();
const DONE = "conflict-table:imported"; // the import's sentence, said again after the reload that shows it

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "hidden") node.hidden = !!value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function drawStatus() {
  const got = answer();
  for (const box of boxes) {
    if (!box.isConnected) {
      boxes.delete(box);
      continue;
    }
    const status = box.querySelector('[data-out="kept-status"]');
    const text = words(got) ?? (box.dataset.page
      ? "Nothing asked yet: the site asks your browser to keep your entries for good the first time you keep something."
      : null);
    status.textContent = text ?? "";
    status.hidden = !text;
  }
}

/** Read a chosen file, check every entry as its calculator would, put it in place. → the sentence to show. */
async function importText(text, engine) {
  const read = readFile(text);
  if (read.problem) return `This file was not imported: ${read.problem}. Nothing was changed.`;
  if (engine.status === "held") engine.allow();
  await loadChecks(); // every calculator's kept names and checks (their kept.js)
  const verdict = await checkAll(read.kept, (name) => checkOf(name, engine));
  if (verdict.down) return `This file could not be checked (${verdict.down}), so nothing was changed. Try again once the calculators work.`;
  if (verdict.problem) return `This file was not imported: ${verdict.problem}. Nothing was changed.`;
  const done = adoptAll(read.kept);
  if (done.problem) return `This file was not imported: ${done.problem}.`;
  ask(); // what was just put back took effort too
  return `Imported ${done.done} kept value${done.done === 1 ? "" : "s"} from the file; anything it replaced was set aside first. ` +
    "Reload the page to see them in the calculators.";
}

/** The box: the persistence words, Export everything, Import everything. `page`: a page's own box. */
function makeBox(engine, page) {
  const said = el("p", { class: "calc-kept__said", "data-out": "kept-said", role: "status" });
  const say = (text, ...more) => said.replaceChildren(text, ...more);
  const file = el("input", { type: "file", accept: ".json,application/json", hidden: true, "data-act": "import-everything-file",
    "aria-label": "A file from Export everything" });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (!chosen) return;
    say("Checking the file…");
    const big = tooLarge(chosen.size);
    const sentence = big ? `This file was not imported: ${big}. Nothing was changed.` : await importText(await chosen.text(), engine);
    if (/^Imported/.test(sentence) && document.querySelector(".calc[data-calc]")) {
      // The calculators on this page still hold what was there before: they open the imported values afresh.
      try {
        sessionStorage.setItem(DONE, sentence.replace(/ Reload the page.*$/, ""));
        location.reload();
        return;
      } catch {} // no session storage: the player reloads
    }
    say(sentence);
  });
  const box = el("div", { class: "calc-kept", "data-out": "kept" },
    el("p", { class: "calc-kept__status", "data-out": "kept-status", hidden: true }),
    el("div", { class: "calc__buttons" },
      el("button", { type: "button", "data-act": "export-everything", onclick() {
        const kept = collect();
        if (!Object.keys(kept).length) return say("Nothing is kept in this browser yet: there is nothing to export.");
        const text = makeFile(kept);
        const why = notImportable(text);
        if (why) return say(`Nothing was exported: ${why}.`);
        download(fileName("conflict-table-everything"), text);
        say(`Exported ${Object.keys(kept).length} kept values (every calculator's) to one file. Import everything brings them back, here or in another browser.`);
      } }, "Export everything"),
      el("button", { type: "button", "data-act": "import-everything", onclick: () => file.click() }, "Import everything…"),
      file),
    said);
  if (page) box.dataset.page = "1";
  try {
    const done = sessionStorage.getItem(DONE); // an import just before this page was reloaded
    if (done) {
      sessionStorage.removeItem(DONE);
      say(done);
    }
  } catch {}
  boxes.add(box);
  return box;
}

let started = false;

/** Under a calculator that keeps something: the box (once). */
export function keepingBox(root, engine) {
  if (!KEEPS.has(root.dataset.calc) || root.querySelector(':scope > [data-out="kept"]')) return;
  root.append(makeBox(engine, false));
  start();
}

/** A page's own boxes ([data-kept-everything], the Offline page). */
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
