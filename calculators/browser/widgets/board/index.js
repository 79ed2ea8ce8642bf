// @ts-check
// Conflict board (Edgerunner): a conflict kept as a setup and a log of events, played from one phone. This
// file mounts the store (store.js) and its view (view.js): taps and keystrokes become the store's actions,
// and each draw puts the focus where the action asked. Every state and choice shown is rules_core's.
import { render } from "../../vendor/lit-html/lit-html.js";
import { drawAsides } from "../../keeping/setaside.js";
import { receive } from "../../handoff.js";
import { tableView } from "../../tableview.js";
import { TABLE_VIEWS } from "../../anchor.js";
import { onScreen } from "../../shareform.js";
import { focuser, listeners, onClicks, sheetMount, takeFile, tapper } from "../../mount.js";
import { boardStore } from "./store.js";
import { boardView } from "./view.js";

/** Taps on a button by its data-act: the store's action and its arguments (t: the button).
 *  @type {Record<string, (t: HTMLElement) => [string, ...unknown[]]>} */
const CLICKS = {
  kind: (t) => ["kind", t.dataset.kind, { at: Date.now() }],
  cancel: () => ["discard"],
  undo: () => ["step", true],
  redo: () => ["step", false],
  "roll-dice": () => ["roll"],
  die: (t) => ["set", "faces", t.dataset.value],
  "die-total": (t) => ["set", "faces", t.dataset.value],
  skill: (t) => ["set", "skill-chip", t.dataset.skill],
  "map-token": (t) => ["token", t.dataset.token],
  "map-zone": (t) => ["zone", t.dataset.zone],
  tab: (t) => ["tab", t.dataset.tab],
  add: (t) => ["add", t.dataset.what],
  remove: (t) => ["remove", t.dataset.what, Number(t.dataset.index)],
  "load-setup": (t) => ["load-setup", t.dataset.name],
  "bring-back": (t) => ["bring-back", t.dataset.at],
};
/** Taps whose action has the act's name and no arguments. */
const PLAIN = ["kinds", "dismiss", "export", "share", "new", "back", "start", "example", "party", "save-setup", "open-shared",
  "keep-mine"];

/** @param {HTMLElement} root @param {import("../../types/widget").Handed<import("../../types/board").Options>} handed */
export function mount(root, { engine, options }) {
  const wid = root.id;
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".calc__form"));
  const app = /** @type {HTMLElement} */ (root.querySelector("[data-board-app]"));
  const asides = [document.createElement("div"), document.createElement("div"), document.createElement("div"), document.createElement("div")];

  let shared = /** @type {unknown} */ (null); // the share link last brought into view
  function draw(/** @type {import("./store.js").BoardState} */ state) {
    render(boardView(state, { wid, maps: options.maps, asides }), app);
    if (state.share && state.share !== shared) onScreen(app.querySelector('[data-out="share"]')); // under its button, wholly seen
    shared = state.share;
    root.dataset.tab = state.tab;
    // The set-aside lists (keeping/setaside.js draws each, with its own question before discarding).
    drawAsides(asides[0], store.k.slot, { prefix: "conflict-board-set-aside", what: "conflicts",
      bringBack: (/** @type {string} */ at) => store.dispatch("bring-back", at, { keep: true }) });
    store.setupSlots.forEach(([slot, prefix, what], i) => drawAsides(asides[i + 1], slot, { prefix, what, out: "asides-setup" }));
    if (state.focus) focus(state);
  }

  const focus = focuser(app, wid, { scrolls: (at) => !table.open || at === '[data-key="start-loaded"]' });

  const store = boardStore({ engine, options, render: draw,
    failed: (error, s) => s.set({ notice: { text: `Something went wrong: ${error.message}`, alert: true } }) });

  const tap = tapper(store);

  const table = tableView(root, { hash: TABLE_VIEWS.board, onChange: () => {
    store.set({ table: table.open, focus: table.open ? (store.state.mode === "play" ? "play" : "setup") : null });
  } });

  const { on, signal, stop } = listeners(form);
  const own = { "table-open": () => table.show(), "table-close": () => table.close(), print };
  onClicks(form, { clicks: CLICKS, plain: PLAIN, tap, own }, signal);
  on(form, "input", (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement) || input.type === "file") return;
    if (input.dataset.path) return store.now("setup-typed", input.dataset.path, input.value);
    if (input.type === "radio" || input.type === "checkbox" || input instanceof HTMLSelectElement) return;
    if (store.state.mode === "play" && input.name) store.now("typed", input.name, input.value);
  });
  on(form, "change", (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) return;
    if (input.dataset.act === "import" && input instanceof HTMLInputElement && input.files?.length) return tap("import", takeFile(input));
    if (input.dataset.act === "map-file" && input instanceof HTMLInputElement && input.files?.length) return tap("map-file", input.files[0]);
    if (input.dataset.act === "map") return tap("map-choice", input.value);
    if (input.dataset.path || store.state.mode !== "play" || !input.name) return;
    if (input.type === "radio") return tap("set", input.name, input.value);
    if (input.type === "checkbox" && input.value && input.value !== "on") return tap("toggle", input.name, input.value, input.checked);
    if (input.type === "checkbox") return tap("set", input.name, input.checked);
    if (input instanceof HTMLSelectElement) return tap("set", input.name, input.value);
  });
  on(form, "keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Escape" && store.state.draft.kind && app.querySelector(".board__play")?.contains(/** @type {Node} */ (e.target))) tap("discard");
  });
  // A board's link followed on this page (offer reads it, once); its offer lands where it is seen: in the table view.
  on(window, "hashchange", () => tap("offer").then(() => { if (store.state.offered) table.show(); }));

  function print() {
    document.documentElement.classList.add("board-printing");
    window.addEventListener("afterprint", () => document.documentElement.classList.remove("board-printing"), { once: true });
    window.print();
  }

  // An Edgerunner roll from the dice roller on this page fills the sheet's roll.
  receive({ root, name: "in the conflict board's open action", accepts: (/** @type {import("../../types/dice").Roll} */ roll) => roll.game === "edgerunner",
    take: (/** @type {import("../../types/dice").FateRoll} */ roll) => {
      if (!store.state.sheet?.fields.some((f) => f.name === "faces")) {
        throw new Error("Conflict board: open an action that rolls (Move, Attack…), then use the roll.");
      }
      store.dispatch("rolled", roll);
      return `Conflict board: rating ${roll.skill} and the dice entered.`;
    } }, { signal });

  sheetMount(store, store.k, { form, table, tap, on, signal });
  return () => { stop(); table.dispose(); render(null, app); };
}
