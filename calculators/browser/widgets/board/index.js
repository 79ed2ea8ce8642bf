// Conflict board (Edgerunner): a whole conflict kept as a setup and a log of
// events. Every state shown is rules_core's (board.replay / apply / at /
// preview); this file keeps the log and the action being composed, wires the
// parts in board/ and saves. The play view is a lit-html template (play.js):
// a tap changes the sheet or the log, and render() touches only what changed.
import { render, html, nothing } from "../../vendor/lit-html/lit-html.js";
import * as setup from "./setup.js";
import * as actions from "./actions.js";
import * as view from "./view.js";
import * as files from "./files.js";
import { play } from "./play.js";
import { rulesFor } from "./rules.js";
import { keeper, sheetStore } from "./keep.js";
import { drafting } from "./drafting.js";
import { links } from "./links.js";
import { codec, fresh, logged, undone, redone, merge, unpack } from "./conflict.js";
import { receive } from "../../handoff.js";
import { fateFaces } from "../../rolling.js";
import { tableView } from "./table.js";

export function mount(root, { engine, ui, options }) {
  const { el } = ui;
  const wid = root.id;
  const form = root.querySelector(".calc__form");
  const app = root.querySelector("[data-board-app]");
  const notice = el("div", { class: "board__notice", "data-out": "notice", hidden: true });
  const main = el("div", { class: "board__main" }); // the setup (drawn with ui.el) and the loading line
  const playBox = el("div", { class: "board__play", hidden: true }); // the play view (lit-html)
  const asides = el("div", { class: "board__asides" });
  const live = el("p", { class: "calc__sr", role: "status", "aria-live": "polite", "data-out": "announce" });
  app.replaceChildren(notice, main, playBox, asides, live);

  const rules = rulesFor(engine);
  let conflict = null; // {setup, events, redo, ids, redoIds, dropped}: what is kept
  let board = null; // {state, entries, zones, borders}: rules_core's view of it
  let diagram = null;
  let mode = "loading";
  const sheets = sheetStore();
  let sheet = sheets.read() ?? { kind: null }; // the action being composed (actions.js), kept across visits
  let preview = null; // board.preview's answer for the sheet
  let errors = {}; // field → message, beside the field
  let tab = "play";
  let share = null; // the share link and its QR code, shown under Share
  let mapMemo = { key: "", node: null };

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
    restore: (value) => ([conflict, board, mode, diagram] = [value, k.view.board, "play", null]) });
  const run = ((queue) => (fn) => (queue = queue.then(fn).catch((e) => say(`Something went wrong: ${e.message}`, true))))(Promise.resolve());
  const table = tableView(root, { onChange: () => run(async () => {
    await draw();
    if (table.open) focusIn(mode === "play" ? `#${CSS.escape(wid)}-play-title` : `#${CSS.escape(wid)}-setup-title`);
  }) });

  function say(text, alert = false, ...buttons) {
    live.textContent = text;
    if (!alert) return;
    notice.replaceChildren(el("p", {}, text), el("div", { class: "calc__buttons" }, ...buttons,
      el("button", { type: "button", "data-act": "dismiss" }, "Dismiss")));
    notice.hidden = false;
  }

  const focusIn = (selector) => selector && root.querySelector(selector)?.focus({ preventScroll: table.open });

  /** The map with its tokens, rebuilt only when what it shows changed (tokens, the target, the zones lit). */
  function mapNode() {
    if (!diagram) return null;
    const s = board.state;
    const reach = Object.fromEntries((preview?.reach ?? []).filter((z) => z.reachable).map((z) => [z.zone, true]));
    const key = JSON.stringify([s.actors.map((a) => [a.name, a.zone, a.out]), s.things.map((t) => [t.name, t.zone, t.out]), sheet.target, reach]);
    if (key !== mapMemo.key) {
      mapMemo = { key, node: view.map(diagram, s, view.marks(s.sides), `${wid}-live`, "Board", { chosen: sheet.target, reach }) };
    }
    return mapMemo.node;
  }

  /** Draw what the mode shows; the play view through lit-html (only what changed is touched). */
  function paint() {
    main.hidden = mode === "play";
    playBox.hidden = mode !== "play";
    root.dataset.tab = tab;
    if (mode !== "play") return void render(nothing, playBox); // the setup has no play controls behind it
    render(play({ view: board, wid, map: mapNode(), sheet, preview, errors, tab, table: table.open, conflict, busy: false, share }), playBox);
  }

  async function draw(focus) {
    if (mode === "play" && !diagram) {
      const reply = await rules.diagram(conflict.setup.map);
      diagram = reply.ok ? reply.result : null;
      mapMemo = { key: "", node: null };
    }
    if (mode === "play") main.replaceChildren(); // the setup's fields go: the play view is the board
    else if (mode === "loading") main.replaceChildren(el("p", {}, "Opening the saved conflict…"));
    else if (mode === "setup") {
      main.replaceChildren(...(table.open ? [el("div", { class: "board__barbuttons board__setupbar" },
        el("button", { type: "button", "data-act": "table-close", "data-key": "table-close" }, "Close the table view"))] : []),
      ...setup.draw(setting.draft, { ui, wid, maps: options.maps, saved: setting.saved(),
        running: conflict ? `${conflict.events.length} logged` : null }).filter(Boolean));
    }
    paint();
    k.drawAsides(ui, asides, { prefix: "conflict-board-set-aside", what: "conflicts" });
    focusIn(focus);
  }

  /** Take a conflict the rules accepted as the one in progress (the old one set aside first). */
  async function adopt(c, b, reason) {
    const why = conflict && conflict.events.length ? await k.replace(c, reason) : await k.save(c);
    if (why && conflict && conflict.events.length) return say(why, true), false;
    [conflict, board, mode, diagram, tab, share] = [c, b, "play", null, "play", null];
    setSheet({ kind: null });
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

  /** The sheet changes: kept at once (a reload, a visit elsewhere and back lose nothing). */
  function setSheet(next) {
    sheet = next;
    sheets.write(sheet);
  }

  /** The field an error names, as the sheet shows it ("resist.invokes[0]" → "resist.invokes"; unknown → the form's line). */
  function errorKey(field) {
    const f = String(field ?? "");
    for (const name of [f, f.split("[")[0], f.split(/[.[]/)[0]]) {
      if (name && playBox.querySelector(`[data-field="${CSS.escape(name)}"]`)) return name;
    }
    return "";
  }

  async function logEvent() {
    const event = actions.event(sheet, { ...board.state, zones: board.zones, borders: board.borders });
    const gap = actions.missing(sheet, preview);
    if (gap) return showErrors({ [gap.field]: gap.message });
    const reply = await rules.apply(conflict, event);
    if (!reply.ok) {
      const stale = reply.error.event != null && reply.error.event !== conflict.events.length;
      return showErrors({ [stale ? "" : errorKey(reply.error.field)]: reply.error.message });
    }
    conflict = logged(conflict, event);
    board = { ...board, state: reply.result.state, entries: [...board.entries, reply.result.entry] };
    const why = await k.save(conflict);
    if (k.value !== conflict) [conflict, board] = [k.value, k.view.board]; // another tab's events merged in
    [errors, preview] = [{}, null];
    setSheet({ kind: null });
    paint();
    focusIn(`[data-key="kind:${event.kind}"]`);
    say(why || reply.result.entry.text, !!why);
  }

  function showErrors(found) {
    errors = found;
    paint();
    const first = playBox.querySelector('[aria-invalid="true"]') ?? playBox.querySelector(".calc__form-error:not([hidden])");
    (first instanceof HTMLElement) && first.focus?.({ preventScroll: table.open });
  }

  async function step(back) {
    const next = back ? undone(conflict) : redone(conflict);
    if (!next) return;
    const reply = back ? await rules.at(conflict, next.events.length) : await rules.apply(conflict, next.events.at(-1));
    if (!reply.ok) return say(reply.error.message, true);
    const entries = back ? board.entries.slice(0, -1) : [...board.entries, reply.result.entry];
    const gone = board.entries.at(-1)?.text;
    const taken = back ? conflict.events.at(-1) : null;
    [conflict, board] = [next, { ...board, state: reply.result.state, entries }];
    const why = await k.save(conflict);
    // Undo puts the undone action back in the sheet, to mend and log again (a table event is only taken back).
    if (taken && actions.KINDS[taken.kind]?.[1].length && taken.kind !== "end_exchange") setSheet(actions.fromEvent(taken, board.state));
    else if (!back) setSheet({ kind: null });
    [errors, preview] = [{}, null];
    paint();
    await updatePreview();
    const there = conflict[back ? "events" : "redo"].length;
    focusIn(`[data-key="${back === !!there ? "undo" : "redo"}"]`);
    say(why || (back ? `Undone: ${gone}` : `Redone: ${entries.at(-1).text}`), !!why);
  }

  const updatePreview = ui.latest(async (isStale) => {
    if (mode !== "play" || !sheet.kind || !actions.KINDS[sheet.kind]) return;
    const asked = sheet;
    const reply = await rules.preview(conflict, actions.event(asked, { ...board.state, zones: board.zones, borders: board.borders }));
    if (isStale() || sheet !== asked) return;
    // a mistake in a field already typed in is said next to it at once, and goes when it is mended
    const touched = new Set(sheet.touched ?? []);
    const kept = Object.fromEntries(Object.entries(errors).filter(([f]) => f === "import"));
    if (reply.ok) {
      preview = reply.result;
      setSheet(actions.reconcile(sheet, preview));
      errors = kept;
    } else {
      const key = errorKey(reply.error.field);
      errors = touched.has(key) || touched.has(key.split(".")[0]) ? { ...kept, [key]: reply.error.message } : kept;
    }
    paint();
  });

  /** Change the sheet and let the rules look again. */
  function edit(changes, field) {
    const touched = field ? [...new Set([...(sheet.touched ?? []), field])] : sheet.touched;
    setSheet({ ...sheet, ...changes, touched });
    paint();
    updatePreview();
  }

  function openKind(kind) {
    if (kind === "end_exchange") return run(async () => {
      if (!board.state.acted.length) return say("The exchange can't end yet: nobody has acted in it. Log an action first.", true);
      setSheet({ kind: "end_exchange" });
      await logEvent();
    });
    errors = {};
    preview = null;
    const next = actions.blank(kind, sheet);
    if (!next.actor && board.state.to_act[0]) Object.assign(next, actions.chooseActor(next, board.state.to_act[0], board.state, conflict.setup));
    setSheet(next);
    paint();
    focusIn(`#${CSS.escape(wid)}-panel-title`);
    updatePreview();
  }

  /** A tap on the map: a token is the target (or who acts, before a kind), a zone the destination. */
  function onMap(event) {
    if (mode !== "play" || !(event.target instanceof Element)) return false;
    const token = event.target.closest(".board__token")?.getAttribute("data-token");
    const zone = event.target.closest(".bmap__zone")?.getAttribute("data-zone");
    const fields = sheet.kind ? actions.fieldsOf(sheet.kind, board.state, sheet.actor) : [];
    if (token && fields.includes("target") && actions.targetsOf(sheet.kind, board.state).includes(token)) edit({ target: token }, "target");
    else if (token && !sheet.kind && board.state.actors.some((a) => a.name === token && !a.out)) edit(actions.chooseActor(sheet, token, board.state, conflict.setup), "actor");
    else if (zone && fields.includes("zone")) edit({ zone }, "zone");
    else if (zone && fields.includes("on")) edit({ on: "zone", which: zone }, "which");
    else return false;
    return true;
  }

  const CLICKS = {
    ...setting.clicks,
    ...linking.clicks,
    dismiss: () => (notice.hidden = true),
    back: () => ((mode = "play"), draw(`#${CSS.escape(wid)}-play-title`)),
    new: () => (setting.from(conflict.setup), (mode = "setup"), draw(`#${CSS.escape(wid)}-setup-title`)),
    kind: (t) => (sheet.kind === t.dataset.kind ? CLICKS.cancel() : openKind(t.dataset.kind)),
    kinds: () => { setSheet({ ...sheet, kind: null }); paint(); focusIn(`[data-key="kind:move"]`); },
    cancel: () => {
      const kind = sheet.kind;
      [errors, preview] = [{}, null];
      setSheet({ kind: null, actor: sheet.actor });
      paint();
      focusIn(`[data-key="kind:${kind}"]`);
    },
    die: (t) => edit({ faces: actions.cycleDie(sheet.faces, Number(t.dataset.die)) }, "faces"),
    "roll-dice": () => edit({ faces: fateFaces() }, "faces"),
    skill: (t) => edit({ skill: t.dataset.skill, rating: t.dataset.rating }, "skill"),
    tab: (t) => { tab = t.dataset.tab; paint(); },
    "table-open": () => table.show(),
    "table-close": () => table.close(),
    undo: () => run(() => step(true)),
    redo: () => run(() => step(false)),
    export: () => (files.exportFile(conflict), say("The conflict was exported as a file.")),
    share: () => run(async () => {
      const { copied, box, code } = await files.offerLink(el, await files.shareLink(conflict));
      share = html`<p>${copied ? "The link was copied. It opens this board as it is now." : "Copy this link; it opens this board as it is now."}</p>${box}${code}`;
      paint();
      box.select();
    }),
    print: () => {
      document.documentElement.classList.add("board-printing");
      window.addEventListener("afterprint", () => document.documentElement.classList.remove("board-printing"), { once: true });
      window.print();
    },
  };

  async function onChange(event) {
    const input = event.target;
    const act = input.dataset.act;
    if (act === "import" && input.files?.length) {
      return run(async () => {
        errors = { ...errors, import: undefined };
        const tools = el("div", {}, ui.errorSlot("import"));
        await linking.importFile(input, tools);
        const message = tools.querySelector(".calc__error:not([hidden])")?.textContent;
        if (message) [errors, tab] = [{ ...errors, import: message }, "tools"];
        paint();
      });
    }
    if (mode === "setup" && (await setting.changed(input))) return;
    onInput(event);
  }

  /** A control of the sheet was typed in or tapped: the sheet takes its value, as typed. */
  function onInput(event) {
    const input = event.target;
    if (mode === "setup") return setting.typed(input);
    if (!playBox.contains(input) || !input.name || input.type === "file") return;
    const { name } = input;
    if (input.type === "checkbox" && input.value && input.value !== "on") {
      const list = new Set(sheet[name] ?? []);
      input.checked ? list.add(input.value) : list.delete(input.value);
      return edit({ [name]: [...list] }, name);
    }
    if (input.type === "checkbox") return edit({ [name]: input.checked }, name);
    if (input.type !== "radio" && (sheet[name] ?? "") === input.value) return; // a text field's change on leaving it: nothing new
    if (name === "actor") return edit(actions.chooseActor(sheet, input.value, board.state, conflict.setup), name);
    if (name === "target" && actions.oneTrack(input.value, board.state)) return edit({ target: input.value }, name);
    if (name === "on") return edit({ on: input.value, which: undefined }, name);
    edit({ [name]: input.value }, name);
  }

  const listening = new AbortController();
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal: listening.signal });
  on(form, "click", (e) => {
    const t = e.target.closest("[data-act]");
    if (t && t.tagName === "BUTTON" && CLICKS[t.dataset.act]) return CLICKS[t.dataset.act](t);
    if (e.target.closest(".board__map")) onMap(e);
  });
  on(form, "input", (e) => { if (e.target.type !== "radio" && e.target.type !== "checkbox") onInput(e); });
  on(form, "change", onChange);
  on(form, "submit", (e) => { e.preventDefault(); run(mode === "setup" ? startConflict : () => sheet.kind && logEvent()); });
  on(form, "keydown", (e) => {
    if (e.key === "Escape" && sheet.kind && playBox.contains(e.target)) CLICKS.cancel();
    else if ((e.key === "Enter" || e.key === " ") && e.target.closest?.(".board__token, .bmap__zone") && onMap(e)) e.preventDefault();
  });
  on(window, "hashchange", () => run(linking.offer));
  k.watch(({ value, notice: words }) => run(async () => {
    if (!value) return;
    [conflict, board] = [value, k.view.board]; // the sheet being filled stays as it is
    if (mode === "play") {
      paint();
      await updatePreview();
    }
    if (words) say(words, true);
  }), { signal: listening.signal });
  // An Edgerunner roll from the dice roller on this page fills the sheet's roll.
  receive({ root, name: "in the conflict board's open action", accepts: (roll) => roll.game === "edgerunner",
    take: (roll) => { edit(actions.rolled(sheet.kind ? sheet : null, roll), "faces"); return `Conflict board: rating ${roll.skill} and the dice entered.`; } },
  { signal: listening.signal });

  run(async () => {
    await draw();
    const opened = await k.open();
    if (opened.value) [conflict, board] = [opened.value, k.view.board];
    mode = conflict ? "play" : "setup";
    if (mode !== "play" || (sheet.kind && !actions.KINDS[sheet.kind])) setSheet(mode === "play" ? { kind: null } : sheet);
    await draw();
    if (mode === "play") await updatePreview();
    if (opened.notice) say(opened.notice, true);
    table.fromAddress();
    await linking.offer();
    if (!notice.hidden && notice.querySelector('[data-act="open-shared"]')) table.show(); // a shared board lands on its offer, in the table view
  });
  return () => { listening.abort(); table.dispose(); render(html``, playBox); };
}
