// Morale tracker: a whole Gauntlet Forge conflict, kept as a setup and a log.
// Every state shown is rules_core's replay of that log (morale.replay,
// morale.apply, morale.keep_morale); this file draws the state and wires the
// page. The parts: keep.js keeps the conflict (the keeper), steps.js changes it,
// acts.js is what the buttons do, asking.js what is asked while typing, draft.js
// is the setup as typed, setup.js and play.js draw (lit-html), saved.js is the
// stored form, tap.js sends one event per tap. No rule is computed here.
import * as saved from "./saved.js";
import * as setup from "./setup.js";
import * as draft from "./draft.js";
import * as play from "./play.js";
import { rollInto } from "./roll.js";
import { tapped } from "./tap.js";
import { keeping } from "./keep.js";
import { steps } from "./steps.js";
import { acts } from "./acts.js";
import { asking } from "./asking.js";
import { render, html, nothing } from "../../vendor/lit-html/lit-html.js";
import { receive } from "../../handoff.js";
import { tableView } from "../../tableview.js";
import { follow } from "../../edition.js";
import { hx, showNotice, slot } from "../../draw.js";
import { drawAsides } from "../../keeping/setaside.js";

export function mount(root, { engine: whole, ui, options }) {
  const { el } = ui;
  const app = root.querySelector("[data-morale-app]");
  const forms = JSON.parse(app.dataset.moraleForms); // rules_core's form per edition, rendered at build time
  const drafts = saved.draftStore();
  const loadedDraft = drafts.read().value;
  const listening = new AbortController(); // dispose() drops every listener at once
  const { signal } = listening;

  /** The mounted tracker: what is kept and shown, shared with its parts. */
  const m = {
    root, ui, el, forms, drafts, wid: root.id,
    engine: tapped(whole, forms), // a tap sends one event, not the log (tap.js)
    form: root.querySelector(".calc__form"),
    notice: el("div", { class: "morale__notice", "data-out": "notice", hidden: true }),
    main: el("div", { class: "morale__main" }),
    conflict: null, // {setup, events, redo…}: what is kept
    view: null, // rules_core's state of that conflict
    mode: "loading", // loading | setup | play
    /** @type {{kind: string, member?: string, team?: string, node: HTMLElement, values: Record<string, any>,
     *          difficulty?: string | null, stale?: boolean} | null} the open event form: its box and what it holds */
    panel: null,
    expanded: new Set(), // members whose event buttons are shown
    chosen: null, // the table view: the member whose events are shown (who acts)
    table: null, // the table view (tableview.js, #morale-table)
    tried: false, // show setup errors once a start was tried
    draft: draft.isDraft(loadedDraft) && forms[loadedDraft.edition] ? loadedDraft : draft.emptyDraft(options.edition ?? "2023"),
    /** One change at a time, in order: a second tap waits for the first. */
    queue: Promise.resolve(),
    run: (fn) => (m.queue = m.queue.then(fn).catch((error) => m.say(`Something went wrong: ${error.message}`, true))),
    say(text, alert = false) {
      live.textContent = "";
      live.textContent = text;
      if (alert) m.showNotice(text);
    },
    showNotice(text, ...actions) {
      showNotice(m.notice, text, ...actions);
      m.notice.setAttribute("role", "alert");
    },
    draw,
    openPanel(kind, member, team) {
      const node = el("div", { class: "morale__panel", role: "group", "aria-labelledby": `${m.wid}-panel-title`, "data-panel": kind });
      m.panel = { kind, member, team, node, values: {} };
      m.paintPanel();
      draw(null);
      /** @type {HTMLElement | null} */ (node.querySelector(m.table.open ? "button" : "input, select, button"))?.focus({ preventScroll: m.table.open });
    },
    /** Draw the open event's form again from what it holds (a pick, a flag, the difficulty). */
    paintPanel() {
      if (m.panel) render(play.panelHtml(m.view, { ...m.panel, wid: m.wid, table: m.table.open }), m.panel.node);
    },
    closePanel() {
      if (!m.panel) return;
      const key = `event:${m.panel.kind}:${m.panel.member ?? m.panel.team}`;
      m.panel = null;
      draw(key);
    },
  };
  const tools = el("div", { class: "morale__tools" });
  const live = el("p", { class: "calc__sr", role: "status", "aria-live": "polite", "data-out": "announce" });
  const asideBox = el("div", { class: "morale__asides" });
  const importError = slot("import");
  // The setup and play are lit-html templates, each rendered in its own box.
  const setupBox = el("div", { class: "morale__setup-box" });
  const playBox = el("div", { class: "morale__play-box" });
  m.main.append(setupBox, playBox);
  app.replaceChildren(m.notice, m.main, tools, live);
  const base = ui.headingLevel(root, 0); // the widget's place on the page sets its headings' levels
  const level = (depth) => Math.min(6, base + depth);
  m.table = tableView(root, { hash: "#morale-table", onChange: () => {
    m.panel = null; // its form is drawn for one view (the table view's has picks)
    if (m.mode !== "loading") draw(null);
    if (m.table.open) {
      m.form.scrollTop = 0;
      root.querySelector(m.mode === "play" ? '[data-who] button, [data-act="table-close"]' : "input")?.focus({ preventScroll: true });
    }
  } });
  const keep = keeping(m);
  Object.assign(m, steps(m, keep));

  /** Redraw from the state. focusKey: the control to focus after (undefined: the one focused now; null: none). */
  function draw(focusKey) {
    const active = document.activeElement;
    const key = focusKey !== undefined ? focusKey : root.contains(active) ? /** @type {HTMLElement | null} */ (active.closest("[data-key]"))?.dataset.key : null;
    const { conflict } = m;
    setupBox.hidden = m.mode === "play";
    playBox.hidden = m.mode !== "play";
    if (m.mode === "setup") ui.clearErrors(setupBox); // the preview shows them again, once a start was tried
    render(m.mode === "loading" ? html`<p>Opening the saved conflict…</p>`
      : m.mode === "setup" ? setup.draw(m.draft, {
        wid: m.wid, level: level(1), form: forms[m.draft.edition], editions: Object.keys(forms),
        running: conflict ? `${conflict.events.length} logged` : null, keeps: !!(conflict && conflict.events.length),
      })
      : nothing, setupBox); // play: the setup's fields are not in the form any more
    if (m.mode === "setup") preview();
    render(m.mode === "play" ? play.draw(m.view, { wid: m.wid, panel: m.panel, conflict, expanded: m.expanded, level,
      table: m.table.open, chosen: m.chosen }) : nothing, playBox);
    const button = (act, text) => (m.mode === "play" ? html`<button type="button" data-act=${act} data-key=${act}>${text}</button>` : nothing);
    render(html`<div>${hx(level(2), {}, "Keep and share")}
      <div class="calc__buttons">${button("new", "New conflict")}${button("export", "Export file")}<label class="morale__file" data-key="import">Import file<input
        type="file" accept=".json,application/json" data-act="import" class="calc__sr"></label>${button("share", "Share link")}</div>
      ${importError}${asideBox}</div>`, tools);
    drawAsides(asideBox, keep.kept.slot, { prefix: "morale-set-aside", what: "conflicts" });
    if (key) root.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus({ preventScroll: !!m.table?.open });
  }

  const { preview, keepMorale } = asking(m, forms);

  // ------------------------------------------------------------ events from the page

  function onInput(event) {
    const input = event.target;
    if (m.mode === "setup" && input.dataset.path) {
      draft.update(m.draft, input);
      drafts.write(m.draft);
      preview();
    } else if (m.mode === "setup" && input.dataset.act === "edition" && event.type === "change") {
      m.draft.edition = input.value;
      drafts.write(m.draft);
      draw(null);
      m.main.querySelector('[name="edition"]')?.focus();
    } else if (m.panel && m.panel.node.contains(input) && input.name) {
      m.panel.values[input.name] = input.type === "checkbox" ? input.checked : input.value;
      m.paintPanel(); // a flag shows or hides the fields it asks for; a pick shows as pressed
      if (input.name === "helpers") keepMorale();
    }
  }

  function onChange(event) {
    const input = event.target;
    if (input.dataset.act !== "import" || !input.files?.length) return onInput(event);
    const file = input.files[0];
    m.run(async () => {
      ui.clearErrors(tools, ["import"]);
      const text = await file.text();
      input.value = "";
      if (await m.adopt(text, "import")) m.say(`Imported ${file.name}.`);
    });
  }

  function onSubmit(event) {
    event.preventDefault();
    if (m.mode === "setup") return m.run(m.start);
    if (!m.panel) return;
    const { kind, member, team } = m.panel;
    const at = Date.now(); // the tap's time (steps.js log)
    m.run(() => m.log(play.readPanel(m.view, m.panel.node, { kind, member, team }), `event:${kind}:${member ?? team}`, { at }));
  }

  const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
  on(m.form, "click", acts(m));
  on(m.form, "input", onInput);
  on(m.form, "change", onChange);
  on(m.form, "submit", onSubmit);
  on(m.form, "keydown", (event) => {
    if (event.key !== "Escape" || !m.panel || !m.panel.node.contains(event.target)) return;
    event.preventDefault();
    m.closePanel();
  });
  on(window, "hashchange", async () => {
    const shared = await saved.sharedText();
    if (shared && m.mode !== "loading") await m.offerShared(shared);
  });
  keep.watch(signal); // another tab's log merged with ours: nothing either tab logged is dropped
  // A Gauntlet Forge roll from the dice roller on this page fills the open event's effort or margin.
  receive({ root, name: "in the morale tracker's open event", accepts: (roll) => roll.game === "gauntlet-forge",
            take: (roll) => rollInto(m.mode === "play" ? m.panel?.node : null, roll) }, { signal });
  // The site-wide edition sets the edition of a conflict being set up (one already running keeps its own).
  follow((edition) => {
    if (!forms[edition] || m.draft.edition === edition) return;
    m.draft.edition = edition;
    drafts.write(m.draft);
    if (m.mode === "setup") draw();
  }, { signal });
  draw();
  m.run(async () => {
    await keep.open();
    m.mode = m.conflict ? "play" : "setup";
    const shared = await saved.sharedText();
    draw();
    m.table.fromAddress(); // a reload of #morale-table keeps the table view
    if (shared) await m.offerShared(shared);
  });
  return () => {
    listening.abort();
    m.table.dispose();
  };
}
