// @ts-check
// Stress absorption (Gauntlet Forge wound boxes and conditions, Edgerunner tracks) for a party of characters:
// this file mounts the store (store.js) and the view (view.js).
import { render } from "../../vendor/lit-html/lit-html.js";
import { drawAsides } from "../../keeping/setaside.js";
import { follow } from "../../edition.js";
import { onScreen } from "../../shareform.js";
import { focuser, listeners, onClicks, takeFile } from "../../mount.js";
import { MODELS } from "../../party/roster.js";
import { stressStore } from "./store.js";
import { stressView } from "./view.js";

/** @typedef {import("./store.js").StressState} StressState  @typedef {import("./store.js").StressStore} StressStore */

const NAME = '[name="party-name"]';
/** The model of the panel a control is in. @param {Element} t */
const panelOf = (t) => t.closest("[data-panel]")?.getAttribute("data-panel");

/** @type {Record<string, (t: HTMLElement) => any[]>} */
const CLICKS = {
  apply: (t) => ["apply", panelOf(t), null],
  choice: (t) => ["apply", panelOf(t), t.dataset.n],
  undo: (t) => ["step", panelOf(t), true],
  redo: (t) => ["step", panelOf(t), false],
  reset: (t) => ["reset", panelOf(t)],
  box: (t) => ["box", panelOf(t), t.closest("[data-slot]")?.getAttribute("data-slot") ?? null, Number(t.dataset.box)],
  pick: (t) => ["pick", panelOf(t), Number(t.dataset.n)],
  option: (t) => ["option", Number(t.dataset.n)],
  choose: (t) => ["choose", Number(t.dataset.n)],
  "party-show": (t) => ["party-show", t.dataset.key],
  "party-add": (t) => ["party-add", t.dataset.side],
  "party-trait-remove": (t) => ["party-trait-remove", Number(t.dataset.index)],
};
/** Taps whose action has the act's name and no arguments ("open-shared", "keep-mine": a link's offer, notice.js). */
const PLAIN = ["suggested", "recover", "party-trait-add", "party-export", "party-share", "open-shared", "keep-mine"];
/** Where the focus goes from a control a draw took away or turned off: the recovery's shifts from its part, else the
 *  panel's next useful control. @param {StressState} state @param {HTMLElement} before */
const lost = (state, before) => (before.closest('[data-part="recovery"]') ? '[data-panel="track"] [data-part="recovery"] input'
  : ['[data-out="picks"] button', '[data-act="apply"]', '[data-out="choices"] button', '[data-act="undo"]', '[data-act="redo"]',
    '[data-act="reset"]'].map((one) => `[data-panel="${state.model}"] ${one}`).join(", "));

/** @param {HTMLElement} root @param {{engine: any, ui: any, options: any}} ctx */
export function mount(root, { engine, ui, options }) {
  const wid = root.id || "stress";
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".calc__form"));
  const level = ui.headingRank(root, 1); // the widget's place on the page sets its headings' ranks
  const asides = Object.fromEntries(["party", ...MODELS].map((name) =>
    [name, Object.assign(document.createElement("div"), { className: "calc-stress__asides" })]));
  let drawn = { asides: -1, share: null, offer: false };
  const focus = focuser(form, wid, { scrolls: () => true, lost });

  /** @param {StressState} state */
  function draw(state) {
    const before = document.activeElement;
    try {
      render(stressView(state, { wid, level, asides }), form);
    } catch (error) {
      if (state.broken) throw error;
      return fail(error, store); // said in every panel, drawn again
    }
    for (const node of root.querySelectorAll(".calc-stress__static")) if (node instanceof HTMLElement) node.hidden = node.dataset.model !== state.model;
    if (state.asides !== drawn.asides) {
      drawAsides(asides.party, store.roster.slot, { prefix: "stress-roster-set-aside", what: "rosters" });
      for (const m of MODELS) drawAsides(asides[m], store.keepers[m].slot, { prefix: `stress-${m}-set-aside`, what: "saved values" });
    }
    if (state.party.share && state.party.share !== drawn.share) onScreen(form.querySelector('[data-out="share"]'));
    if (state.party.said?.offer && !drawn.offer) onScreen(form.querySelector('[data-out="party-notice"]')); // the offer is where the link lands
    drawn = { asides: state.asides, share: state.party.share, offer: !!state.party.said?.offer };
    const naming = state.focus === NAME;
    focus(state, before);
    if (naming) /** @type {HTMLInputElement} */ (form.querySelector(NAME)).select(); // a new character's name, to type over
  }

  /** An unexpected failure: said in every panel (and the console); nothing can be applied after it. */
  /** @param {any} error @param {StressStore} s */
  function fail(error, s) {
    console.error(error);
    s.set({ broken: `Something went wrong in this calculator: ${error?.message || error}. Reload the page to try again.` });
  }
  const store = stressStore({ engine, options, render: draw, failed: fail });
  const { on, signal, stop } = listeners(form);
  const preview = (/** @type {string} */ model) => store.dispatch("preview", model, store.now("ticket", model));

  onClicks(form, { clicks: CLICKS, plain: PLAIN, tap: store.dispatch }, signal);
  on(form, "input", (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement) || input.type === "radio" || input.type === "file") return;
    if (input.name === "party-name" || input.name === "party-trait") return store.now("party-typed", input.name.slice(6), input.value);
    const model = input.closest("[data-panel]")?.getAttribute("data-panel");
    if (!model) return;
    const name = input.dataset.typed || input.name;
    store.now("typed", model, name, input instanceof HTMLInputElement && input.type === "checkbox" ? input.checked : input.value);
    const part = input.closest("[data-part]")?.getAttribute("data-part");
    if (part !== "character" || (model === "track" && !store.now("edits", model, name))) return preview(model);
    store.dispatch("edit", model);
  });
  on(form, "change", (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) return;
    if (["model", "track", "party-name", "party-side", "party-standing"].includes(input.name)) return store.dispatch(input.name, input.value);
    if (input instanceof HTMLInputElement && input.name === "party-import" && input.files?.length) store.dispatch("party-import", takeFile(input));
  });
  on(form, "keydown", (e) => {
    if (e.key === "Enter" && e.target instanceof HTMLInputElement && e.target.name === "party-trait") {
      e.preventDefault();
      store.dispatch("party-trait-add");
    }
  });
  on(window, "hashchange", () => store.dispatch("party-offer"));
  // Another tab's (or widget's) news is taken in through the store's queue, between two taps.
  const via = store.queued;
  store.roster.watch((/** @type {any} */ news) => store.actions["party-news"](store, news), { signal, via });
  for (const m of MODELS) store.keepers[m].watch((/** @type {any} */ news) => store.actions.news(store, m, news), { signal, via });

  store.flush();
  store.dispatch("open");
  store.dispatch("party-offer");
  follow((edition) => store.now("edition", edition) && preview("wounds"), { signal }); // the site-wide edition, until disposed
  return () => {
    stop();
    render(null, form);
  };
}
