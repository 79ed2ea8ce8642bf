// Conflict board (Edgerunner): a whole conflict kept as a setup and a log of
// events. Every state shown is rules_core's (board.replay / apply / at /
// preview); this file keeps the log, wires the parts in board/ and saves.
import * as setup from "./board/setup.js";
import * as actions from "./board/actions.js";
import * as view from "./board/view.js";
import * as files from "./board/files.js";
import { rulesFor } from "./board/rules.js";
import { keeper, setups, draftStore } from "./board/keep.js";
import { fresh, logged, undone, redone, merge, pack, unpack } from "./board/conflict.js";
import { receive, typeInto } from "../handoff.js";

export function mount(root, { engine, ui, options }) {
  const { el } = ui;
  const wid = root.id;
  const form = root.querySelector(".calc__form");
  const app = root.querySelector("[data-board-app]");
  const notice = el("div", { class: "board__notice", "data-out": "notice", hidden: true });
  const main = el("div", { class: "board__main" });
  const asides = el("div", {});
  const tools = el("div", { class: "board__tools" });
  const live = el("p", { class: "calc__sr", role: "status", "aria-live": "polite", "data-out": "announce" });
  app.replaceChildren(notice, main, tools, asides, live);

  const rules = rulesFor(engine);
  const mapOf = (id) => options.maps.find((m) => m.id === id);
  const drafts = draftStore();
  const saved = setups();
  const start = mapOf(options.map) ?? options.maps[0];
  let draft = setup.isDraft(drafts.read().value) ? drafts.read().value : setup.emptyDraft(start.id, start.map);
  let conflict = null; // {setup, events, redo, ids, redoIds, dropped}: what is kept
  let board = null; // {state, entries, zones, borders}: rules_core's view of it
  let diagram = null;
  let mode = "loading";
  let panel = null; // {kind, node}
  let offered = null; // a conflict a link carries, not yet opened

  const viewOf = (c, state, entries) => ({ state, entries, zones: c.setup.map.zones ?? [],
    borders: (c.setup.map.borders ?? []).map((b) => b.between) });
  /** The rules' judgement of a conflict: {value, board} | {problem} | {down} (the engine is not running). */
  const check = async (c) => {
    const reply = await rules.replay(c.setup, c.events);
    if (!reply.ok) return reply.error.code === "engine" ? { down: reply.error.message } : { problem: reply.error.message };
    return { value: c, board: viewOf(c, reply.result.state, reply.result.entries) };
  };
  const codec = { toText: (c) => JSON.stringify(pack(c)),
    fromText: (text) => { const got = unpack(text); return got.problem ? { problem: got.problem } : { value: got.conflict }; } };
  const k = keeper("board", { check, merge, codec, what: "conflict" });
  const checkText = async (text) => { const got = unpack(text); return got.problem ? got : check(got.conflict); };
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
    else if (mode === "setup") main.replaceChildren(...setup.draw(draft, { ui, wid, maps: options.maps, saved: Object.keys(saved.all()),
      running: conflict ? `${conflict.events.length} logged` : null }).filter(Boolean));
    else main.replaceChildren(...view.draw(board, { ui, wid, diagram, conflict, panel, busy: false }).filter(Boolean));
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
    const payload = setup.payload(draft);
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
    const reply = await rules.preview(conflict, actions.event(p.kind, actions.typed(p.node)));
    if (isStale() || panel !== p || !reply.ok) return;
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

  async function openLinked(got) {
    if (got.problem) return say(`The link carries a board that can't be read (${got.problem}). Nothing was changed.`, true), files.forgetLink();
    const verdict = await check(got.conflict);
    files.forgetLink();
    if (!verdict.value) return say(`The shared board can't be used: ${verdict.problem || verdict.down} Nothing was changed.`, true);
    if (!(await adopt(verdict.value, verdict.board, "set aside when a shared board was opened"))) return;
    await draw(`#${CSS.escape(wid)}-play-title`);
    say(`Opened the shared board (${conflict.events.length} logged).${k.replaced ? " Yours was set aside." : ""}`, true,
      ...(k.replaced ? [el("button", { type: "button", "data-act": "bring-back", "data-at": k.replaced }, "Bring mine back")] : []));
  }

  const CLICKS = {
    dismiss: () => (notice.hidden = true),
    example: () => run(async () => {
      const reply = await rules.example("warehouse crew");
      if (ui.failed(main, reply)) return;
      draft = setup.draftFrom(reply.result.setup, options.maps.find((m) => m.map.name === reply.result.setup.map.name)?.id ?? "");
      drafts.write(draft);
      await draw('[data-key="example"]');
      say(`Loaded ${reply.result.name}: ${draft.actors.map((a) => a.name).join(", ")}.`);
    }),
    add: (t) => (setup.add(draft, t.dataset.what), drafts.write(draft), draw(`[data-key="add-${t.dataset.what}"]`)),
    remove: (t) => (setup.remove(draft, t.dataset.what, Number(t.dataset.index)), drafts.write(draft), draw(`[data-key="add-${t.dataset.what}"]`)),
    "save-setup": () => {
      const name = String(draft.setupName ?? "").trim() || "My setup";
      const why = saved.save(name, setup.payload(draft));
      say(why ? `The setup was not saved: ${why}.` : `Setup saved as “${name}”.`, !!why);
      draw('[data-key="save-setup"]');
    },
    "load-setup": (t) => (draft = setup.draftFrom(saved.all()[t.dataset.name], ""), drafts.write(draft), draw('[data-key="start"]')),
    back: () => ((mode = "play"), draw(`#${CSS.escape(wid)}-play-title`)),
    new: () => ((draft = setup.draftFrom(conflict.setup, "")), (mode = "setup"), (panel = null), draw(`#${CSS.escape(wid)}-setup-title`)),
    kind: (t) => (panel?.kind === t.dataset.kind ? ((panel = null), draw(`[data-key="kind:${t.dataset.kind}"]`)) : openPanel(t.dataset.kind)),
    cancel: () => { const kind = panel?.kind; panel = null; draw(`[data-key="kind:${kind}"]`); },
    undo: () => run(() => step(true)),
    redo: () => run(() => step(false)),
    export: () => (files.exportFile(conflict), say("The conflict was exported as a file.")),
    print: () => window.print(),
    share: () => run(async () => {
      const { copied, box } = await files.offerLink(el, await files.shareLink(conflict));
      say(copied ? "The link was copied. It opens this board as it is now." : "Copy this link; it opens this board as it is now.", true, box);
      box.select();
    }),
    "open-shared": () => run(async () => { const got = offered; offered = null; notice.hidden = true; await openLinked(got); }),
    "keep-mine": () => ((offered = null), files.forgetLink(), say("The shared board was not opened; yours is as it was.", true)),
    "bring-back": (t) => run(async () => {
      const got = await k.bringBack(t.dataset.at);
      if (got.error) return say(`It could not be brought back: ${got.error}.`, true);
      [conflict, board, mode, panel, diagram] = [got.value, k.view.board, "play", null, null];
      notice.hidden = true;
      await draw(`#${CSS.escape(wid)}-play-title`);
      say("Your board is back.");
    }),
  };

  async function onChange(event) {
    const input = event.target;
    const act = input.dataset.act;
    if (act === "import" && input.files?.length) {
      const file = input.files[0];
      return run(async () => {
        const verdict = await checkText(await file.text());
        input.value = "";
        if (!verdict.value) return ui.showError(tools, { field: "import", message: `This file can't be used: ${verdict.problem || verdict.down}` });
        if (await adopt(verdict.value, verdict.board, "replaced by an imported conflict")) await draw(`#${CSS.escape(wid)}-play-title`);
        say(`Imported ${file.name}.`);
      });
    }
    if (act === "map-file" && input.files?.length) {
      const got = await files.mapFile(input.files[0]);
      const checked = got.map ? await engine.call("borders.check", { map: got.map }) : { ok: false, error: { message: got.problem } };
      if (!checked.ok) return ui.showError(main, { field: "map-file", message: `This map can't be used: ${checked.error.message}` });
      Object.assign(draft, { map: got.map, mapId: "" });
      return drafts.write(draft), draw('[name="map-choice"]');
    }
    if (act === "map" && mapOf(input.value)) {
      Object.assign(draft, { map: mapOf(input.value).map, mapId: input.value });
      return drafts.write(draft), draw('[name="map-choice"]');
    }
    onInput(event);
  }

  function onInput(event) {
    const input = event.target;
    if (mode === "setup" && input.dataset.path && input.type !== "file") {
      const side = input.dataset.path.startsWith("sides.") ? draft.sides[Number(input.dataset.path.split(".")[1])] : null;
      setup.update(draft, input);
      if (side != null) for (const a of draft.actors) if (a.side === side && side) a.side = input.value;
      if (side != null) setup.refreshSides(main, draft, el);
      drafts.write(draft);
    } else if (panel?.node.contains(input)) {
      if (input.dataset.act === "dice-mode") {
        panel.node.querySelector('[data-field="faces"]').hidden = input.value !== "faces";
        panel.node.querySelector('[data-when="dice"]').hidden = input.value !== "dice";
      }
      preview();
    }
  }

  const listening = new AbortController();
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal: listening.signal });
  on(form, "click", (e) => { const t = e.target.closest("[data-act]"); if (t && t.tagName === "BUTTON" && CLICKS[t.dataset.act]) CLICKS[t.dataset.act](t); });
  on(form, "input", onInput);
  on(form, "change", onChange);
  on(form, "submit", (e) => { e.preventDefault(); run(mode === "setup" ? startConflict : () => panel && logEvent(actions.event(panel.kind, actions.typed(panel.node)))); });
  on(form, "keydown", (e) => { if (e.key === "Escape" && panel?.node.contains(e.target)) CLICKS.cancel(); });
  on(window, "hashchange", () => run(offerLink));
  k.watch(({ value, notice: words }) => run(async () => {
    if (!value) return;
    [conflict, board, panel] = [value, k.view.board, null];
    if (mode === "play") await draw();
    if (words) say(words, true);
  }), { signal: listening.signal });
  // An Edgerunner roll from the dice roller on this page fills the open action's roll.
  receive({ root, name: "in the conflict board's open action", accepts: (roll) => roll.game === "edgerunner",
    take: (roll) => {
      const node = panel?.node;
      if (!node?.querySelector('[name="rating"]')) throw new Error("Conflict board: open an action that rolls (Move, Attack…), then use the roll.");
      typeInto(node.querySelector('[name="rating"]'), roll.skill);
      typeInto(node.querySelector('[name="bid"]'), roll.bid ?? 0);
      typeInto(node.querySelector('[name="dice-mode"]'), "faces");
      roll.faces.forEach((face, i) => typeInto(node.querySelector(`[name="die${i}"]`), face));
      return `Conflict board: rating ${roll.skill} and the dice entered.`;
    } }, { signal: listening.signal });

  async function offerLink() {
    const got = await files.linked();
    if (!got) return;
    if (got.problem) return openLinked(got);
    offered = got;
    say(`This link carries a conflict board: ${got.conflict.setup.sides?.join(" against ")}, ${got.conflict.events.length} logged. ` +
      "Opening it sets yours aside (you can bring it back).", true,
    el("button", { type: "button", class: "calc__primary", "data-act": "open-shared" }, "Open it"),
    el("button", { type: "button", "data-act": "keep-mine" }, "Keep mine"));
  }

  run(async () => {
    await draw();
    const opened = await k.open();
    if (opened.value) [conflict, board] = [opened.value, k.view.board];
    mode = conflict ? "play" : "setup";
    await draw();
    if (opened.notice) say(opened.notice, true);
    await offerLink();
  });
  return () => listening.abort();
}
