// @ts-check
// Morale tracker (Gauntlet Forge): a conflict kept as a setup and a log of events, played from one phone.
// This file mounts the store (store.js) and its view (view.js): taps and keystrokes become the store's
// actions, and each draw puts the focus where the action asked. Every state and choice shown is rules_core's.
import { render } from "../../vendor/lit-html/lit-html.js";
import { drawAsides } from "../../keeping/setaside.js";
import { receive } from "../../handoff.js";
import { tableView } from "../../tableview.js";
import { TABLE_VIEWS } from "../../anchor.js";
import { follow } from "../../edition.js";
import { onScreen } from "../../shareform.js";
import { focuser, listeners, onClicks, sheetMount, takeFile, tapper } from "../../mount.js";
import { moraleStore } from "./store.js";
import { moraleView } from "./view.js";

const team = (/** @type {HTMLElement} */ t) => Number(t.dataset.team);
/** Taps on a button by its data-act: the store's action and its arguments (t: the button).
 *  @type {Record<string, (t: HTMLElement) => [string, ...unknown[]]>} */
const CLICKS = {
  choose: (t) => ["choose", t.dataset.member],
  event: (t) => ["event", t.dataset.kind, t.dataset.member ?? t.dataset.team, t.dataset.member ? "member" : "team", { at: Date.now() }],
  cancel: () => ["discard"],
  pick: (t) => ["pick", t.dataset.name, t.dataset.value],
  roll: (t) => ["roll", t.dataset.name, t.dataset.value],
  undo: () => ["step", true],
  redo: () => ["step", false],
  "add-member": (t) => ["add-member", team(t)],
  "remove-member": (t) => ["remove-member", team(t), Number(t.dataset.index)],
  "remove-team": (t) => ["remove-team", team(t)],
};
/** Taps whose action has the act's name and no arguments. */
const PLAIN = ["kinds", "dismiss", "notice-download", "export", "share", "new", "back", "open-shared", "keep-mine",
  "add-team"];

/** @param {HTMLElement} root @param {import("../../types/widget").Handed<{edition?: string}>} handed */
export function mount(root, { engine, ui, options }) {
  const wid = root.id;
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".calc__form"));
  const app = /** @type {HTMLElement} */ (root.querySelector("[data-morale-app]"));
  const forms = JSON.parse(app.dataset.moraleForms ?? ""); // rules_core's form per edition, rendered at build time
  const asides = document.createElement("div");
  const base = ui.headingRank(root, 0); // the widget's place on the page sets its headings' levels
  const rank = (/** @type {number} */ depth) => Math.min(6, base + depth);

  let shared = /** @type {unknown} */ (null); // the share link last brought into view
  function draw(/** @type {import("./store.js").MoraleState} */ state) {
    render(moraleView(state, { wid, forms, rank, asides }), app);
    drawAsides(asides, store.kept.slot, { prefix: "morale-set-aside", what: "conflicts" });
    if (state.share && state.share !== shared) onScreen(app.querySelector('[data-out="share"]')); // under its button, wholly seen
    shared = state.share;
    if (state.focus) focus(state);
  }

  const focus = focuser(app, wid, { scrolls: () => !table.open });

  const store = moraleStore({ engine, forms, edition: options.edition, render: draw,
    failed: (error, s) => s.set({ notice: { text: `Something went wrong: ${error.message}`, alert: true } }) });

  const tap = tapper(store);

  const table = tableView(root, { hash: TABLE_VIEWS.morale, onChange: () => {
    store.dispatch("table", table.open);
    if (table.open) form.scrollTop = 0;
  } });

  const { on, signal, stop } = listeners(form);
  const own = { "table-open": () => table.show(), "table-close": () => table.close() };
  onClicks(form, { clicks: CLICKS, plain: PLAIN, tap, own }, signal);
  on(form, "input", (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || input.type === "file" || input.type === "checkbox" || input.type === "radio") return;
    if (input.dataset.path && store.state.mode === "setup") {
      return store.now("setup-typed", input.dataset.path, input.value);
    }
    if (store.state.mode === "play" && input.name && input.closest("[data-panel]")) {
      store.now("typed", input.name, input.value);
    }
  });
  on(form, "change", (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) return;
    if (input.dataset.act === "import" && input instanceof HTMLInputElement && input.files?.length) return tap("import", takeFile(input));
    if (input.dataset.act === "edition") return tap("edition", input.value);
    if (input.dataset.path && store.state.mode === "setup" && input instanceof HTMLInputElement && (input.type === "checkbox" || input.type === "radio")) {
      const value = input.type === "checkbox" ? input.checked : Number(input.value);
      return store.now("setup-typed", input.dataset.path, value);
    }
    if (store.state.mode === "play" && input instanceof HTMLInputElement && input.type === "checkbox" && input.closest("[data-panel]")) {
      return tap("check", input.name, input.checked);
    }
  });
  on(form, "keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Escape" && store.state.draft.kind && e.target instanceof Element && e.target.closest("[data-panel]")) {
      e.preventDefault();
      tap("discard");
    }
  });
  /** A link's offer lands where it is seen: at the top of the table view. */
  const offer = () => store.dispatch("offer").then(() => { if (store.state.offered) table.show(); });
  on(window, "hashchange", () => { if (store.state.mode !== "loading") offer(); }); // offer reads the link, once

  // A Gauntlet Forge roll from the dice roller on this page fills the open event's effort.
  receive({ root, name: "in the morale tracker's open event", accepts: (/** @type {import("../../types/dice").Roll} */ roll) => roll.game === "gauntlet-forge",
    take: (/** @type {import("../../types/dice").PoolRoll} */ roll) => {
      const fields = (store.state.sheet?.fields ?? []).filter((f) => f.pools);
      if (store.state.mode !== "play" || !fields.length) {
        throw new Error("Morale tracker: open the event first (Attack, End turn with a keep-morale test…), then use the roll; or roll in the event itself.");
      }
      store.dispatch("rolled", roll);
      const field = fields.find((f) => f.value == null) ?? fields[0];
      return `Morale tracker: ${field.label} set to ${roll.effort}.`;
    } }, { signal });
  // The site-wide edition sets the edition of a conflict being set up (one already running keeps its own).
  follow((edition) => store.dispatch("edition", edition), { signal });

  sheetMount(store, store.kept, { form, table, tap, on, signal });
  return () => { stop(); table.dispose(); render(null, app); };
}
