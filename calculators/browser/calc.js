// Mounts every calculator on the page, on the first load and after each of
// Material's instant navigations. The engine starts only when a page has a
// calculator, once per visit.
import { engine, failureText } from "./engine.js";
import { offline } from "./offline.js";
import * as ui from "./ui.js";
import "./edition.js"; // the site-wide edition control in the header, on every page
import "./examples.js"; // a worked example's "Open in the …" link goes to its calculator and opens it
import "./search.js"; // Zensical's search dialog gets the contrast fixes Material's gets in a11y.css
import { watchAnchors } from "./anchor.js";
import { answering } from "./known.js"; // the build's answers for each form as the page first shows it
import { WIDGETS } from "./registry.js"; // the widgets' names, written by the build from calculators/widgets
import { keepingBox, keepingBoxes } from "./keeping/everything-ui.js"; // how long entries are kept; export/import everything

const mounted = new Map(); // element → dispose()
const known = { answered: 0 }; // calls the build's answers took (known.js; the tests read it)
window.calcKnown = known;
const pristine = new Map(); // element → a copy of its build-time HTML: mounted afresh when a failed engine comes back

const STATUS = {
  starting: (_, got) =>
    got && got.total && got.loaded < got.total
      ? `Downloading the calculator engine: ${Math.floor((100 * got.loaded) / got.total)} %. The tables above already work.`
      : "Starting the calculator engine… (the first time takes a few seconds)",
  held: "Your browser asks to save data: the calculator engine (about 5 MB) starts when you tap the button. The tables above already work.",
  restarting: (error) => `The calculator engine stopped answering (${error}); restarting it… Your input is kept.`,
  failed: () => `${failureText(engine.cause, engine.httpStatus)} The rules tables above still work.` +
    (engine.cause === "network" ? " The calculators start by themselves when the connection comes back." : ""),
};

/** What a failed engine adds to a calculator's status: a Retry button (one shared start for the page), and
 *  the browser's own words in a details box after the status. */
function offerRetry(root, status, error) {
  const retry = ui.el("button", { type: "button", class: "calc__retry md-button", onclick: () => engine.retry().catch(() => {}) },
    "Retry");
  status.append(" ", retry);
  status.after(ui.el("details", { class: "calc__why" },
    ui.el("summary", {}, "Technical details"), String(error || "no reason given")));
}

async function mountOne(root) {
  const form = root.querySelector(".calc__form");
  const status = root.querySelector(".calc__status");
  let broken = ""; // this calculator could not start: that outlasts whatever the engine says
  const say = (text) => Object.assign(status, { textContent: text, hidden: !text });
  const unwatch = engine.watch((state, error) => {
    root.dataset.engine = state;
    if (state === "failed") form.hidden = true;
    const focused = status.contains(document.activeElement); // a Retry the player just pressed
    root.querySelector(":scope .calc__why")?.remove();
    say(broken || (typeof STATUS[state] === "function" ? STATUS[state](error, engine.progress) : STATUS[state] ?? ""));
    if (state === "failed" && !broken) offerRetry(root, status, error);
    if (focused) {
      status.tabIndex = -1; // focus stays in this status while the engine starts again
      (status.querySelector("button") || status).focus();
    }
    if (state === "held" && !broken) {
      status.append(" ", ui.el("button", { type: "button", class: "calc__start md-button",
        onclick: () => engine.allow().catch(() => {}) }, "Start the calculator engine"));
    }
  });
  let dispose = () => {};
  try {
    const widget = await import(`./widgets/${root.dataset.calc}/index.js`);
    form.hidden = engine.status === "failed";
    const options = JSON.parse(root.dataset.options || "{}");
    const asked = answering(engine, JSON.parse(root.dataset.known || "[]"), known);
    dispose = (await widget.mount(root, { engine: asked, ui, options })) || (() => {});
    // Answers are read out once the player pauses, unless the widget says its own (the morale tracker).
    if (!root.querySelector('[data-out="announce"]')) {
      const own = dispose;
      const quiet = ui.announceAnswers(root);
      dispose = () => { quiet(); own(); };
    }
    root.dataset.mounted = "yes"; // up: it follows the player's input and the site-wide edition (the tests wait for it)
  } catch (error) {
    // Its module did not load, or mount() threw halfway: back to the build-time
    // content (which works without the engine), never a half-built form.
    broken = `This calculator could not start (${String(error?.message ?? error).slice(0, 200)}). ` +
      "What is shown above works without it.";
    form.hidden = true;
    root.querySelector(".calc__static")?.removeAttribute("hidden");
    say(broken);
    root.dataset.mounted = "broken";
  }
  return () => {
    unwatch();
    dispose();
  };
}

// Every widget's module, so that the next calculator page (instant navigation) answers at once: from the
// service worker's precache once it is active (asking the network too would send them twice), once the
// engine is ready and the page idle (sooner slows a phone's start: benchmarks/phone_cpu.py), and not while
// a new version of the site waits (offline.quietWork). warm.state says what was decided (the tests read it).
const warm = { state: "idle" }; // → "pending" (page with a calculator) → "done" | "skipped"
window.calcWarm = warm;
function warmWidgets() {
  if (warm.state !== "idle" || !navigator.serviceWorker) return;
  warm.state = "pending";
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
  Promise.all([navigator.serviceWorker.ready, engine.start()]).then(
    () => offline.quietWork().then((quiet) => idle(() => {
      warm.state = quiet && !offline.updateWaiting ? "done" : "skipped";
      if (warm.state === "done") WIDGETS.forEach((name) => import(`./widgets/${name}/index.js`).catch(() => {}));
    })),
    () => (warm.state = "skipped"), // no engine: nothing to warm for
  );
}

function mountAll() {
  for (const dispose of mounted.values()) dispose();
  mounted.clear();
  pristine.clear();
  const roots = document.querySelectorAll(".calc[data-calc]");
  keepingBoxes(document, engine);
  if (!roots.length) return;
  engine.start().catch(() => {});
  warmWidgets();
  for (const root of roots) mount(root);
}

function mount(root) {
  pristine.set(root, root.cloneNode(true));
  const disposing = mountOne(root);
  disposing.then(() => keepingBox(root, engine));
  mounted.set(root, () => disposing.then((dispose) => dispose()));
  return disposing;
}

// The engine is back after a failed start (Retry, or the network returned): every calculator on the page
// is mounted again from its build-time HTML, as on a fresh load (what they keep comes from storage).
function revive() {
  const focused = document.activeElement;
  for (const [root, dispose] of [...mounted]) {
    dispose();
    mounted.delete(root);
    const fresh = pristine.get(root)?.cloneNode(true);
    pristine.delete(root);
    if (!fresh || !root.isConnected) continue;
    root.replaceWith(fresh);
    const mounting = mount(fresh);
    if (root.contains(focused)) {
      mounting.then(() => fresh.querySelector(".calc__form :is(input, select, textarea, button):not([disabled])")?.focus());
    }
  }
}

let down = false;
engine.watch((state) => {
  if (state === "failed") down = true;
  else if (state === "ready" && down) {
    down = false;
    revive();
  }
});

if (window.document$) {
  window.document$.subscribe(mountAll);
  watchAnchors(window.document$);
} else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
