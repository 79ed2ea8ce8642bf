// Border costs (Edgerunner maps): the map drawn, routes, what a move reaches, shortfalls and their cover,
// odds; the map edited, kept, exported, imported, shared. The calculator is one store (store.js: its
// state and named actions; links.js: files and links) and one view (view.js, with rows.js and answers.js),
// drawn after each change; this file mounts them: the page's taps and keystrokes become the store's
// actions, and each draw marks the map with the rules' answers and puts the focus where the action asked.
// Every cost, route, range, odds, every edit and every check of a map is rules_core's (borders.edit, .check,
// .diagram, .route, .range, .move).
import { render } from "../../vendor/lit-html/lit-html.js";
import { mark } from "../../maps/svg.js";
import { drawAsides } from "../../keeping/setaside.js";
import { receive } from "../../handoff.js";
import { onScreen } from "../../shareform.js";
import { plural } from "../../ui.js";
import { bordersStore, MOVE } from "./store.js";
import { bordersView, svgOf } from "./view.js";
import { enableDrag } from "./drag.js";

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const index = (/** @type {HTMLElement} */ t) => Number(t.dataset.index);
/** Taps on a button by its data-act: the store's action and its arguments (t: the button).
 *  @type {Record<string, (t: HTMLElement) => [string, ...any[]]>} */
const CLICKS = {
  "add-zone": () => ["add-zone"],
  "remove-zone": (t) => ["remove-zone", index(t)],
  "move-zone": (t) => ["move-hint", index(t)],
  "remove-border": (t) => ["remove-border", index(t)],
  "add-way": () => ["add-way"],
  "remove-way": (t) => ["remove-way", index(t)],
  "add-border": () => ["add-border"],
  "load-example": () => ["load-example"],
  undo: () => ["step", true],
  redo: () => ["step", false],
  "share-link": () => ["share"],
  "open-shared": () => ["open-shared"],
  "keep-mine": () => ["keep-mine"],
  "export-json": () => ["export", "json"],
  "export-yaml": () => ["export", "yaml"],
};
/** The edit a field makes (its data-edit when left or on Enter, its data-enter on Enter), with its arguments. */
/** @param {HTMLElement} t @param {string} name @returns {[string, number, number]} */
const edit = (t, name) => [name, index(t), Number(t.dataset.way)];

export async function mount(root, { engine, options }) {
  const wid = root.id;
  const form = root.querySelector(".calc__form");
  const staticPart = root.querySelector(".calc__static");
  const asides = document.createElement("div");
  const listening = new AbortController();
  const { signal } = listening;
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
  const dragged = new WeakSet();
  let marked = [null, null]; // the drawing and the answer it was last marked with
  let shared = null; // the share line last brought into view

  function draw(state) {
    render(bordersView(state, { wid, options, asides }), form);
    if (!state.current) return;
    staticPart.hidden = true;
    drawAsides(asides, store.kept.slot, { prefix: "border-map-set-aside", what: "maps" });
    const svg = svgOf(state.current, wid);
    if (!dragged.has(svg)) {
      dragged.add(svg);
      enableDrag(svg, state.current, (i, dc, dr) => store.dispatch("move-zone", i, dc, dr), signal);
    }
    const a = state.answer;
    if (a?.current === state.current && (marked[0] !== svg || marked[1] !== a)) {
      marked = [svg, a];
      mark(svg, { start: a.start, target: a.destination, move: a.stale ? null : a.reach, route: a.route.ok ? a.route.result : null });
    }
    if (state.share && state.share !== shared) onScreen(form.querySelector('[data-out="share"]')); // where the link lands, wholly seen
    shared = state.share;
    if (state.focus) {
      const node = form.querySelector(state.focus);
      state.focus = null; // taken: a later draw for another reason leaves the focus where the player put it
      if (node instanceof HTMLElement) node.focus();
    }
  }

  const store = bordersStore({ engine, options, render: draw,
    failed: (error, s) => s.set({ errors: { ...s.state.errors, "map-error": `Something went wrong: ${error.message}` } }) });

  on(form, "click", (e) => {
    const t = e.target instanceof Element ? e.target.closest("button[data-act]") : null;
    const make = t instanceof HTMLElement && CLICKS[t.dataset.act ?? ""];
    if (make && store.state.current) store.dispatch(...make(/** @type {HTMLElement} */ (t)));
  });
  on(form, "input", (e) => {
    const t = e.target;
    if (!(t instanceof HTMLInputElement || t instanceof HTMLSelectElement) || t.type === "checkbox" || t.type === "file") return;
    const row = t.closest("[data-row]"); // a new border's way
    if (row) store.now("way-typed", Number(row.getAttribute("data-row")), t.dataset.part, t.value);
    else if (MOVE.includes(t.name)) store.now("moved", t.name, t.value); // the rules are asked beside the queue
    else if (t.name) store.now("typed", t.name, t.value);
  });
  on(form, "change", (e) => {
    const t = e.target;
    if (!(t instanceof HTMLInputElement) || !store.state.current) return;
    if (t.dataset.act === "switch-way") store.dispatch("switch-way", index(t), Number(t.dataset.way), t.checked);
    else if (t.name === "import" && t.files?.length) {
      const file = t.files[0];
      t.value = "";
      store.dispatch("import", file);
    } else if (t.dataset.edit) store.dispatch(...edit(t, t.dataset.edit));
  });
  on(form, "keydown", (e) => {
    const t = e.target;
    if (!(t instanceof HTMLElement) || !store.state.current) return;
    if (t.dataset.act === "move-zone" && ARROWS[e.key]) {
      e.preventDefault();
      store.dispatch("move-zone", index(t), ...ARROWS[/** @type {keyof ARROWS} */ (e.key)]);
    } else if (e.key === "Enter" && t instanceof HTMLInputElement && (t.dataset.edit || t.dataset.enter)) {
      e.preventDefault();
      store.dispatch(...edit(t, t.dataset.edit || t.dataset.enter));
    }
  });
  on(form, "submit", (e) => e.preventDefault());
  on(window, "hashchange", () => store.dispatch("offer"));
  const unwatch = engine.watch((state) => {
    if (state === "failed") staticPart.hidden = false;
  });
  signal.addEventListener("abort", unwatch);
  // A roll from the dice roller on this page: its shifts become the move's shifts.
  receive({
    root, name: "as the border move's shifts", accepts: (roll) => roll.game === "edgerunner",
    take: (roll) => {
      store.now("moved", "mode", "shifts");
      store.now("moved", "shifts", String(roll.shifts));
      store.set({ focus: 'input[name="shifts"]' });
      store.flush();
      return `Border costs: ${plural(roll.shifts, "shift")} entered as the move's shifts.`;
    },
  }, { signal });
  // Another tab's (or widget's) map is taken in through the store's queue, between two taps.
  store.kept.watch((news) => store.actions.news(store, news), { signal, via: (task) => store.dispatch("run", task) });

  await store.dispatch("open");
  return () => {
    listening.abort();
    render(null, form);
  };
}
