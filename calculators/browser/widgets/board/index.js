// Conflict board (Edgerunner): a whole conflict kept as a setup and a log of
// events. Every state shown is rules_core's (board.replay / apply / at /
// preview); this file keeps the log, wires the parts in board/ and saves.
import * as setup from "./setup.js";
import * as actions from "./actions.js";
import * as view from "./view.js";
import * as files from "./files.js";
import { rulesFor } from "./rules.js";
import { keeper } from "./keep.js";
import { drafting } from "./drafting.js";
import { links } from "./links.js";
import { codec, fresh, logged, undone, redone, merge, unpack } from "./conflict.js";
import { receive } from "../../handoff.js";

export function mount(root, { engine, ui, options }) {
  const { el } = ui;
  const wid = root.id;
  const form = root.querySelector(".calc__form");
  const app = root.querySelector("[data-board-app]");
  const notice = el("div", { class: "board__notice", "data-out": "notice", hidden: true });
  const main = el("div", { class: "board__main" });
  const logBox = el("div", { class: "board__logbox" }); // outside main: a tap touches one line (view.syncLog)
  const asides = el("div", {});
  const tools = el("div", { class: "board__tools" });
  const live = el("p", { class: "calc__sr", role: "status", "aria-live": "polite", "data-out": "announce" });
  app.replaceChildren(notice, main, logBox, tools, asides, live);

  const rules = rulesFor(engine);
  let conflict = null; // {setup, events, redo, ids, redoIds, dropped}: what is kept
  let board = null; // {state, entries, zones, borders}: rules_core's view of it
  let diagram = null;
  let mode = "loading";
  let panel = null; // {kind, node}

  const viewOf = view.boardOf;
  /** The rules' judgement of a conflict: {value, board} | {problem} | {down} (the engine is not running). */
  const check = async (c) => {
    const reply = await rules.replay(c.setup, c.events);
    if (!reply.ok) return reply.error.code === "engine" ? { down: reply.error.message } : { problem: reply.error.message };
    return { value: c, board: viewOf(c, reply.result.state, reply.result.entries) };
  };
  const k = keeper("board", { check, merge, codec, what: "conflict" });
  const checkText = async (text) => { const got = unpack(text); return got.problem ? got : check(got.conflict); };
  const setting = drafting({ ui, engine, rules, options, main, draw: (f) => draw(f), say: (...a) => say(...a), run: (f) => run(f) });
  const linking = links({ ui, k, wid, check, checkText, say: (...a) => say(...a), draw: (f) => draw(f), run: (f) => run(f),
    adopt: (...a) => adopt(...a), conflict: () => conflict, hide: () => (notice.hidden = true),
    restore: (value) => ([conflict, board, mode, panel, diagram] = [value, k.view.board, "play", null, null]) });
  const run = ((queue) => (fn) => (queue = queue.then(fn).catch((e) => say(`Something went wrong: ${e.message}`, true))))(Promise.resolve());

  function say(text, alert = false, ...buttons) {
    live.textContent = text;
    if (!alert) return;
    notice.replaceChildren(el("p", {}, text), el("div", { class: "calc__buttons" }, ...buttons,
      el("button", { type: "button", "data-act": "dismiss" }, "Dismiss")));
    notice.hidden = false;
  }

  async function draw(focus) {
    if (mode === "play" && !diagram) {
      const reply = await rules.diagram(conflict.setup.map);
      diagram = reply.ok ? reply.result : null;
    }
    if (mode === "loading") main.replaceChildren(el("p", {}, "Opening the saved conflict…"));
    else if (mode === "setup") main.replaceChildren(...setup.draw(setting.draft, { ui, wid, maps: options.maps, saved: setting.saved(),
      running: conflict ? `${conflict.events.length} logged` : null }).filter(Boolean));
    else main.replaceChildren(...view.draw(board, { ui, wid, diagram, conflict, panel, busy: false }).filter(Boolean));
    logBox.hidden = mode !== "play";
    if (mode === "play") view.syncLog(ui, logBox, board.entries);
    tools.replaceChildren(el("h4", {}, "Keep and share"), el("div", { class: "calc__buttons" },
      ...(mode === "play" ? [["new", "New conflict"], ["export", "Export file"], ["share", "Share link"], ["print", "Print"]] : [])
        .map(([act, words]) => el("button", { type: "button", "data-act": act, "data-key": act }, words)),
      el("label", { class: "board__file" }, "Import file", el("input", { type: "file", accept: ".json,application/json", "data-act": "import", class: "calc__sr" }))),
    ui.errorSlot("import"));
    k.drawAsides(ui, asides, { prefix: "conflict-board-set-aside", what: "conflicts" });
    if (focus) root.querySelector(focus)?.focus();
  }

  /** Take a conflict the rules accepted as the one in progress (the old one set aside first). */
  async function adopt(c, b, reason) {
    const why = conflict && conflict.events.length ? await k.replace(c, reason) : await k.save(c);
    if (why && conflict && conflict.events.length) return say(why, true), false;
    [conflict, board, mode, panel, diagram] = [c, b, "play", null, null];
    if (why) say(why, true);
    return true;
  }

  async function startConflict() {
    const payload = setup.payload(setting.draft);
    const reply = await rules.replay(payload, []);
    if (ui.failed(main, reply)) return main.querySelector('[aria-invalid="true"]')?.focus();
    const c = fresh(payload);
    if (!(await adopt(c, viewOf(c, reply.result.state, reply.result.entries), "replaced by a new conflict"))) return;
    await draw(`#${CSS.escape(wid)}-play-title`);
    say(`Conflict started: exchange 1, ${board.state.to_act.join(", ")} to act.`, !!k.replaced,
      ...(k.replaced ? [el("button", { type: "button", "data-act": "bring-back", "data-at": k.replaced }, "Bring the previous conflict back")] : []));
  }

  async function logEvent(event) {
    const reply = await rules.apply(conflict, event);
    if (!reply.ok && reply.error.event != null && reply.error.event !== conflict.events.length) reply.error.field = null;
    if (ui.failed(panel?.node ?? main, reply)) return (panel?.node ?? main).querySelector('[aria-invalid="true"]')?.focus();
    conflict = logged(conflict, event);
    board = { ...board, state: reply.result.state, entries: [...board.entries, reply.result.entry] };
    panel = null;
    const why = await k.save(conflict);
    if (k.value !== conflict) [conflict, board] = [k.value, k.view.board]; // another tab's events merged in
    await draw(`[data-key="kind:${event.kind}"]`);
    say(why || reply.result.entry.text, !!why);
  }

  async function step(back) {
    const next = back ? undone(conflict) : redone(conflict);
    if (!next) return;
    const reply = back ? await rules.at(conflict, next.events.length) : await rules.apply(conflict, next.events.at(-1));
    if (!reply.ok) return say(reply.error.message, true);
    const entries = back ? board.entries.slice(0, -1) : [...board.entries, reply.result.entry];
    const gone = board.entries.at(-1)?.text;
    [conflict, board, panel] = [next, { ...board, state: reply.result.state, entries }, null];
    const why = await k.save(conflict);
    const there = conflict[back ? "events" : "redo"].length;
    await draw(`[data-key="${back === !!there ? "undo" : "redo"}"]`);
    say(why || (back ? `Undone: ${gone}` : `Redone: ${entries.at(-1).text}`), !!why);
  }

  const preview = ui.latest(async (isStale) => {
    if (!panel) return;
    const p = panel;
    const reply = await rules.preview(conflict, actions.event(p.kind, actions.typed(p.node), board.state));
    if (isStale() || panel !== p) return;
    // a mistake in a field already typed in is said next to it at once, and goes when it is mended
    ui.clearErrors(p.node);
    if (!reply.ok) return p.touched?.has(String(reply.error.field).split(/[.[]/)[0]) && ui.showError(p.node, reply.error);
    const reach = actions.annotate(p.node, reply.result, { ui, kept: actions.typed(p.node) });
    const svg = main.querySelector(".board__map");
    for (const z of reach) svg?.querySelector(`.bmap__zone[data-zone="${CSS.escape(z.zone)}"]`)?.classList.toggle("is-reach", !!z.reachable);
  });

  function openPanel(kind, kept = {}) {
    if (kind === "end_exchange") return run(() => logEvent({ kind }));
    panel = { kind, node: actions.draw(kind, { ui, wid, state: { ...board.state, zones: board.zones, borders: board.borders }, kept }) };
    run(async () => {
      await draw(`#${CSS.escape(wid)}-panel-title`);
      await preview();
    });
  }


  const CLICKS = {
    ...setting.clicks,
    ...linking.clicks,
    dismiss: () => (notice.hidden = true),
    back: () => ((mode = "play"), draw(`#${CSS.escape(wid)}-play-title`)),
    new: () => (setting.from(conflict.setup), (mode = "setup"), (panel = null), draw(`#${CSS.escape(wid)}-setup-title`)),
    kind: (t) => (panel?.kind === t.dataset.kind ? ((panel = null), draw(`[data-key="kind:${t.dataset.kind}"]`)) : openPanel(t.dataset.kind)),
    cancel: () => { const kind = panel?.kind; panel = null; draw(`[data-key="kind:${kind}"]`); },
    undo: () => run(() => step(true)),
    redo: () => run(() => step(false)),
    export: () => (files.exportFile(conflict), say("The conflict was exported as a file.")),
    print: () => window.print(),
  };

  async function onChange(event) {
    const input = event.target;
    const act = input.dataset.act;
    if (act === "import" && input.files?.length) return run(() => linking.importFile(input, tools));
    if (!(await setting.changed(input))) onInput(event);
  }

  function onInput(event) {
    const input = event.target;
    if (mode === "setup") setting.typed(input);
    else if (panel?.node.contains(input)) {
      (panel.touched ??= new Set()).add(input.closest("[data-field]")?.dataset.field ?? input.name);
      if (input.dataset.act === "dice-mode") {
        panel.node.querySelector('[data-field="faces"]').hidden = input.value !== "faces";
        panel.node.querySelector('[data-when="dice"]').hidden = input.value !== "dice";
      }
      if (panel.kind === "continue" && input.name === "actor") return openPanel("continue", actions.typed(panel.node));
      preview();
    }
  }

  const listening = new AbortController();
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal: listening.signal });
  on(form, "click", (e) => { const t = e.target.closest("[data-act]"); if (t && t.tagName === "BUTTON" && CLICKS[t.dataset.act]) CLICKS[t.dataset.act](t); });
  on(form, "input", onInput);
  on(form, "change", onChange);
  on(form, "submit", (e) => { e.preventDefault(); run(mode === "setup" ? startConflict : () => panel && logEvent(actions.event(panel.kind, actions.typed(panel.node), board.state))); });
  on(form, "keydown", (e) => { if (e.key === "Escape" && panel?.node.contains(e.target)) CLICKS.cancel(); });
  on(window, "hashchange", () => run(linking.offer));
  k.watch(({ value, notice: words }) => run(async () => {
    if (!value) return;
    [conflict, board, panel] = [value, k.view.board, null];
    if (mode === "play") await draw();
    if (words) say(words, true);
  }), { signal: listening.signal });
  // An Edgerunner roll from the dice roller on this page fills the open action's roll.
  receive({ root, name: "in the conflict board's open action", accepts: (roll) => roll.game === "edgerunner",
    take: (roll) => actions.rollInto(panel?.node, roll) }, { signal: listening.signal });


  run(async () => {
    await draw();
    const opened = await k.open();
    if (opened.value) [conflict, board] = [opened.value, k.view.board];
    mode = conflict ? "play" : "setup";
    await draw();
    if (opened.notice) say(opened.notice, true);
    await linking.offer();
  });
  return () => listening.abort();
}
