// @ts-check
// Border costs (Edgerunner maps): routes, what a move reaches, its cover and odds; the map edited, kept and shared.
// This file mounts the store (store.js) and the view (view.js); each draw marks the map with the rules' answers.
import { render } from "../../vendor/lit-html/lit-html.js";
import { mark } from "../../maps/svg.js";
import { drawAsides } from "../../keeping/setaside.js";
import { receive } from "../../handoff.js";
import { onScreen } from "../../shareform.js";
import { plural } from "../../ui.js";
import { focuser, listeners, onClicks, takeFile, tapper } from "../../mount.js";
import { bordersStore, MOVE } from "./store.js";
import { bordersView, svgOf } from "./view.js";
import { enableDrag } from "./drag.js";

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const index = (/** @type {HTMLElement} */ t) => Number(t.dataset.index);
/** @type {Record<string, (t: HTMLElement) => [string, ...unknown[]]>} */
const CLICKS = {
  "remove-zone": (t) => ["remove-zone", index(t)],
  "move-zone": (t) => ["move-hint", index(t)],
  "remove-border": (t) => ["remove-border", index(t)],
  "remove-way": (t) => ["remove-way", index(t)],
  undo: () => ["step", true],
  redo: () => ["step", false],
  "share-link": () => ["share"],
  "export-json": () => ["export", "json"],
  "export-yaml": () => ["export", "yaml"],
};
/** The edit a field makes (its data-edit when left or on Enter, its data-enter on Enter), with its arguments. */
/** @param {HTMLElement} t @param {string} name @returns {[string, number, number]} */
const edit = (t, name) => [name, index(t), Number(t.dataset.way)];

/** @param {HTMLElement} root @param {{engine: import("../../types/borders").Engine, options: import("../../types/borders").Options}} handed */
export async function mount(root, { engine, options }) {
  const wid = root.id;
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".calc__form"));
  const staticPart = /** @type {HTMLElement} */ (root.querySelector(".calc__static"));
  const asides = document.createElement("div");
  const { on, signal, stop } = listeners(form);
  const dragged = new WeakSet();
  /** @type {[unknown, unknown]} */
  let marked = [null, null]; // the drawing and the answer it was last marked with
  /** @type {unknown} */
  let shared = null; // the share line last brought into view
  const focus = focuser(form, wid, { scrolls: () => true });

  function draw(/** @type {import("./store.js").BordersState} */ state) {
    render(bordersView(state, { wid, options, asides }), form);
    if (!state.current) return;
    staticPart.hidden = true;
    drawAsides(asides, store.kept.slot, { prefix: "border-map-set-aside", what: "maps" });
    const svg = svgOf(state.current, wid);
    if (!dragged.has(svg)) {
      dragged.add(svg);
      enableDrag(svg, state.current, (i, dc, dr) => tap("move-zone", i, dc, dr), signal);
    }
    const a = state.answer;
    if (a?.current === state.current && (marked[0] !== svg || marked[1] !== a)) {
      marked = [svg, a];
      mark(svg, { start: a.start, target: a.destination, move: a.stale ? null : a.reach, route: a.route.ok ? a.route.result : null });
    }
    if (state.share && state.share !== shared) onScreen(form.querySelector('[data-out="share"]')); // where the link lands, wholly seen
    shared = state.share;
    focus(state);
  }

  const store = bordersStore({ engine, options, render: draw,
    failed: (error, s) => s.set({ errors: { ...s.state.errors, "map-error": `Something went wrong: ${error.message}` } }) });
  const tap = tapper(store);

  onClicks(form, { clicks: CLICKS, plain: ["add-zone", "add-way", "add-border", "load-example", "open-shared", "keep-mine"], tap }, signal);
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
    if (t.dataset.act === "switch-way") tap("switch-way", index(t), Number(t.dataset.way), t.checked);
    else if (t.name === "import" && t.files?.length) tap("import", takeFile(t));
    else if (t.dataset.edit) tap(...edit(t, t.dataset.edit));
  });
  on(form, "keydown", (/** @type {KeyboardEvent} */ e) => {
    const t = e.target;
    if (!(t instanceof HTMLElement) || !store.state.current) return;
    if (t.dataset.act === "move-zone" && ARROWS[e.key]) {
      e.preventDefault();
      tap("move-zone", index(t), ...ARROWS[e.key]);
    } else if (e.key === "Enter" && t instanceof HTMLInputElement && (t.dataset.edit || t.dataset.enter)) {
      e.preventDefault();
      tap(...edit(t, t.dataset.edit || t.dataset.enter || ""));
    }
  });
  on(window, "hashchange", () => tap("offer"));
  const unwatch = engine.watch((/** @type {string} */ state) => {
    if (state === "failed") staticPart.hidden = false;
  });
  signal.addEventListener("abort", unwatch);
  // A roll from the dice roller on this page: its shifts become the move's shifts.
  receive({
    root, name: "as the border move's shifts", accepts: (/** @type {any} */ roll) => roll.game === "edgerunner",
    take: (/** @type {{shifts: number}} */ roll) => {
      store.now("moved", "mode", "shifts");
      store.now("moved", "shifts", String(roll.shifts));
      store.set({ focus: 'input[name="shifts"]' });
      store.flush();
      return `Border costs: ${plural(roll.shifts, "shift")} entered as the move's shifts.`;
    },
  }, { signal });
  // Another tab's (or widget's) map is taken in through the store's queue, between two taps.
  store.kept.watch((/** @type {any} */ news) => store.actions.news(store, news), { signal, via: store.queued });

  await tap("open");
  return () => {
    stop();
    render(null, form);
  };
}
