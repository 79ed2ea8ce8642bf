// Mounts every calculator on the page, on the first load and after each of
// Material's instant navigations. The engine starts only when a page has a
// calculator, once per visit.
import { engine } from "./engine.js";
import * as ui from "./ui.js";
import "./edition.js"; // the site-wide edition control in the header, on every page
import { watchAnchors } from "./anchor.js";

const mounted = new Map(); // element → dispose()

const STATUS = {
  starting: (_, got) =>
    got && got.total && got.loaded < got.total
      ? `Downloading the calculator engine: ${Math.floor((100 * got.loaded) / got.total)} %. The tables above already work.`
      : "Starting the calculator engine… (the first time takes a few seconds)",
  held: "Your browser asks to save data: the calculator engine (about 5 MB) starts when you tap the button. The tables above already work.",
  ready: "",
  restarting: (error) => `The calculator engine stopped answering (${error}); restarting it… Your input is kept.`,
  failed: (error) => `The calculator engine could not load (${error}). The tables and rules above still hold.`,
};

async function mountOne(root) {
  const form = root.querySelector(".calc__form");
  const status = root.querySelector(".calc__status");
  let broken = ""; // this calculator could not start: that outlasts whatever the engine says
  const say = (text) => {
    status.textContent = text;
    status.hidden = !text;
  };
  const unwatch = engine.watch((state, error) => {
    root.dataset.engine = state;
    if (state === "failed") form.hidden = true;
    say(broken || (typeof STATUS[state] === "function" ? STATUS[state](error, engine.progress) : STATUS[state] ?? ""));
    if (state === "held" && !broken) {
      const go = document.createElement("button");
      go.type = "button";
      go.className = "calc__start md-button";
      go.textContent = "Start the calculator engine";
      go.addEventListener("click", () => engine.allow().catch(() => {}));
      status.append(" ", go);
    }
  });
  let dispose = () => {};
  try {
    const widget = await import(`./widgets/${root.dataset.calc}.js`);
    form.hidden = engine.status === "failed";
    const options = JSON.parse(root.dataset.options || "{}");
    dispose = (await widget.mount(root, { engine, ui, options })) || (() => {});
    // Answers are read out once the player pauses, unless the widget says its own (the morale tracker).
    if (!root.querySelector('[data-out="announce"]')) {
      const own = dispose;
      const quiet = ui.announceAnswers(root);
      dispose = () => { quiet(); own(); };
    }
  } catch (error) {
    // Its module did not load, or mount() threw halfway: back to the build-time
    // content (which works without the engine), never a half-built form.
    broken = `This calculator could not start (${String(error?.message ?? error).slice(0, 200)}). ` +
      "What is shown above works without it.";
    form.hidden = true;
    const staticPart = root.querySelector(".calc__static");
    if (staticPart) staticPart.hidden = false;
    say(broken);
  }
  return () => {
    unwatch();
    dispose();
  };
}

// Every widget's module, so that the next calculator page (instant navigation)
// finds its code already here and answers at once.
const WIDGETS = ["boons", "stress", "morale", "borders", "dice"];
let warmed = false;
function warmWidgets() {
  if (warmed) return;
  warmed = true;
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
  idle(() => WIDGETS.forEach((name) => import(`./widgets/${name}.js`).catch(() => {})));
}

function mountAll() {
  for (const dispose of mounted.values()) dispose();
  mounted.clear();
  const roots = document.querySelectorAll(".calc[data-calc]");
  if (!roots.length) return;
  engine.start().catch(() => {});
  warmWidgets();
  for (const root of roots) {
    const disposing = mountOne(root);
    mounted.set(root, () => disposing.then((dispose) => dispose()));
  }
}

if (window.document$) window.document$.subscribe(mountAll);
if (window.document$) watchAnchors(window.document$);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
