// Conflict board (Edgerunner): a whole conflict kept as a setup and a log of
// events. Every state shown is rules_core's (board.replay / apply / at /
// preview); this file keeps the conflict, wires the parts in board/ and saves.
// The play view is lit-html (play.js): a tap changes the sheet (composing.js) or the log.
import { render, html, nothing } from "../../vendor/lit-html/lit-html.js";
import * as setup from "./setup.js";
import * as drafts from "./draft.js";
import * as view from "./view.js";
import * as files from "./files.js";
import { play } from "./play.js";
import { rulesFor } from "./rules.js";
import { keeper } from "./keep.js";
import { drawAsides } from "../../keeping/setaside.js"; // lit-html: not through keep.js, which Node's tests import
import { drafting } from "./drafting.js";
import { links } from "./links.js";
import { composing } from "./composing.js";
import { codec, fresh, merge, refuse, unpack } from "./conflict.js";
import { receive } from "../../handoff.js";
import { tableView } from "../../tableview.js";
import { showNotice, slot } from "../../draw.js";

export function mount(root, { engine, ui, options }) {
  const { el } = ui;
  const wid = root.id;
  const form = root.querySelector(".calc__form");
  const app = root.querySelector("[data-board-app]");
  const notice = el("div", { class: "board__notice", "data-out": "notice", hidden: true });
  const main = el("div", { class: "board__main" }); // the setup (lit-html) and the loading line
  const playBox = el("div", { class: "board__play", hidden: true }); // the play view (lit-html)
  const asides = el("div", { class: "board__asides" }); // the set-aside copies: the conflicts', then the setups'
  const conflictAsides = el("div");
  const live = el("p", { class: "calc__sr", role: "status", "aria-live": "polite", "data-out": "announce" });
  app.replaceChildren(notice, main, playBox, asides, live);

  const rules = rulesFor(engine);
  /** What the board holds: the conflict kept ({setup, events, redo, ids…}), rules_core's view of it
   *  ({state, entries, zones, borders}), the sheet being composed and board.preview's answer to it
   *  (waiting: a newer one is asked), the messages beside fields, the tab of the table view, the share link under Share. */
  const st = { conflict: null, board: null, diagram: null, mode: "loading", sheet: null, preview: null, waiting: false, errors: {}, tab: "play", share: null };
  let mapMemo = { key: "", node: null };

  const viewOf = view.boardOf;
  /** The rules' judgement of a conflict: {value, board} | {problem} | {down} (the engine is not running). */
  const check = async (c) => {
    const got = await rules.judge(c);
    return got.value ? { value: c, board: viewOf(c, got.state, got.entries) } : got;
  };
  const k = keeper("board", { check, merge, refuse, codec, what: "conflict" });
  const checkText = async (text) => { const got = unpack(text); return got.problem ? got : check(got.conflict); };
  const run = ((queue) => (fn) => (queue = queue.then(fn).catch((e) => say(`Something went wrong: ${e.message}`, true))))(Promise.resolve());
  const setting = drafting({ ui, engine, rules, options, main, draw: (f) => draw(f), redraw: () => drawSetup({ fresh: false }), say: (...a) => say(...a), run });
  const setupAsides = setting.asides.map(() => el("div"));
  asides.replaceChildren(conflictAsides, ...setupAsides);
  const linking = links({ ui, k, wid, check, checkText, say: (...a) => say(...a), draw: (f) => draw(f), run,
    adopt: (...a) => adopt(...a), conflict: () => st.conflict, hide: () => (notice.hidden = true),
    restore: (value) => Object.assign(st, { conflict: value, board: k.view.board, mode: "play", diagram: null }) });
  const table = tableView(root, { hash: "#table-view", onChange: () => run(async () => {
    await draw();
    if (table.open) focusIn(st.mode === "play" ? `#${CSS.escape(wid)}-play-title` : `#${CSS.escape(wid)}-setup-title`);
  }) });
  const focusIn = (selector) => selector && root.querySelector(selector)?.focus({ preventScroll: table.open });
  const sheet = composing(st, { ui, rules, k, wid, playBox, paint: () => paint(), draw: (f) => draw(f), say: (...a) => say(...a), run, focusIn, table });

  function say(text, alert = false, ...buttons) {
    live.textContent = text;
    if (!alert) return;
    showNotice(notice, text, ...buttons);
  }

  /** The map with its tokens, rebuilt only when what it shows changed (tokens, the target, the zones lit). */
  function mapNode() {
    if (!st.diagram) return null;
    const s = st.board.state;
    const reach = Object.fromEntries((st.preview?.reach ?? []).filter((z) => z.reachable).map((z) => [z.zone, true]));
    const key = JSON.stringify([s.actors.map((a) => [a.name, a.zone, a.out]), s.things.map((t) => [t.name, t.zone, t.out]), st.sheet.target, reach]);
    if (key !== mapMemo.key) {
      mapMemo = { key, node: view.map(st.diagram, s, view.marks(s.sides), `${wid}-live`, "Board", { chosen: st.sheet.target, reach }) };
    }
    return mapMemo.node;
  }

  /** Draw what the mode shows; the play view through lit-html (only what changed is touched). */
  function paint() {
    main.hidden = st.mode === "play";
    playBox.hidden = st.mode !== "play";
    root.dataset.tab = st.tab;
    if (st.mode !== "play") return void render(nothing, playBox); // the setup has no play controls behind it
    render(play({ ...st, view: st.board, wid, map: mapNode(), table: table.open }), playBox);
  }

  function drawSetup({ fresh = true } = {}) { // setup.box; fresh: its messages go (a side renamed keeps them)
    if (fresh && st.mode === "setup") ui.clearErrors(main);
    render(setup.box(st.mode, setting.draft, { tableOpen: table.open, wid, maps: options.maps, saved: setting.saved(),
      running: st.conflict ? `${st.conflict.events.length} logged` : null }), main);
  }

  async function draw(focus) {
    if (st.mode === "play" && !st.diagram) {
      const reply = await rules.diagram(view.currentMap(st.conflict.setup.map, st.board?.state.passes));
      st.diagram = reply.ok ? reply.result : null;
      mapMemo = { key: "", node: null };
    }
    drawSetup();
    paint();
    // A conflict set aside (replaced, or refused) comes back with one tap, until it is discarded.
    drawAsides(conflictAsides, k.slot, { prefix: "conflict-board-set-aside", what: "conflicts", bringBack: linking.bringBack });
    setting.asides.forEach(([store, prefix, what], i) => drawAsides(setupAsides[i], store, { prefix, what, out: "asides-setup" }));
    focusIn(focus);
  }

  /** Take a conflict the rules accepted as the one in progress (the old one set aside first): false when it
   *  was not taken (said why), else {why}: shown, and why is the sentence said when the browser would not keep it. */
  async function adopt(c, b, reason) {
    const running = st.conflict && st.conflict.events.length;
    const why = running ? await k.replace(c, reason) : await k.save(c);
    if (why && running) return say(why, true), false;
    Object.assign(st, { conflict: c, board: b, mode: "play", diagram: null, tab: "play", share: null });
    sheet.setSheet({ kind: null });
    if (why) say(why, true);
    return { why }; // shown; why: the sentence when it is not kept (the caller's own message must not contradict it)
  }

  async function startConflict() {
    const payload = drafts.payload(setting.draft);
    const reply = await rules.replay(payload, []);
    if (ui.failed(main, reply)) return ui.focusFirstInvalid(main); // the field, or the message of a whole list
    const c = fresh(payload);
    if (!(await adopt(c, viewOf(c, reply.result.state, reply.result.entries), "replaced by a new conflict"))) return;
    await draw(`#${CSS.escape(wid)}-play-title`);
    say(`Conflict started: exchange 1, ${st.board.state.to_act.join(", ")} to act.`, !!k.replaced,
      ...(k.replaced ? [el("button", { type: "button", "data-act": "bring-back", "data-at": k.replaced }, "Bring the previous conflict back")] : []));
  }

  const CLICKS = {
    ...setting.clicks,
    ...linking.clicks,
    ...sheet.clicks,
    dismiss: () => (notice.hidden = true),
    back: () => ((st.mode = "play"), draw(`#${CSS.escape(wid)}-play-title`)),
    new: () => (setting.from(st.conflict.setup), (st.mode = "setup"), draw(`#${CSS.escape(wid)}-setup-title`)),
    tab: (t) => { st.tab = t.dataset.tab; paint(); },
    "table-open": () => table.show(),
    "table-close": () => table.close(),
    export: () => (files.exportFile(st.conflict), say("The conflict was exported as a file.")),
    share: () => run(async () => {
      const { words, box, code } = await files.offerLink(el, await files.shareLink(st.conflict));
      st.share = html`<p>${words}</p>${box}${code}`;
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
    if (input.dataset.act === "import" && input.files?.length) {
      return run(async () => {
        const tools = el("div", {}, slot("import"));
        await linking.importFile(input, tools);
        const message = tools.querySelector(".calc__error:not([hidden])")?.textContent;
        st.errors = message ? { ...st.errors, import: message } : { ...st.errors, import: undefined };
        if (message) st.tab = "tools";
        paint();
      });
    }
    if (st.mode === "setup" && (await setting.changed(input))) return;
    onInput(event);
  }

  function onInput(event) {
    if (st.mode === "setup") setting.typed(event.target);
    else sheet.onInput(event.target);
  }

  const listening = new AbortController();
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal: listening.signal });
  on(form, "click", (e) => {
    const t = e.target.closest("[data-act]");
    if (t && t.tagName === "BUTTON" && CLICKS[t.dataset.act]) return CLICKS[t.dataset.act](t);
    if (e.target.closest(".board__map")) sheet.onMap(e);
  });
  on(form, "input", (e) => { if (e.target.type !== "radio" && e.target.type !== "checkbox") onInput(e); });
  on(form, "change", onChange);
  on(form, "submit", (e) => { e.preventDefault(); const at = Date.now(); run(st.mode === "setup" ? startConflict : () => st.sheet.kind && sheet.logEvent({ at })); });
  on(form, "keydown", (e) => {
    if (e.key === "Escape" && st.sheet.kind && playBox.contains(e.target)) sheet.cancel();
    else if ((e.key === "Enter" || e.key === " ") && e.target.closest?.(".board__token, .bmap__zone") && sheet.onMap(e)) e.preventDefault();
  });
  on(window, "hashchange", () => run(linking.offer));
  // Another tab's news is taken in through the board's queue (via: run), between two taps, never while
  // one is under way: an Undo computed on the log before the news would otherwise store it without it.
  k.watch(async ({ value, notice: words }) => {
    if (!value) return;
    [st.conflict, st.board] = [value, k.view.board]; // the sheet being filled stays as it is
    if (st.mode === "play") {
      paint();
      await sheet.updatePreview();
    }
    if (words) say(words, true);
  }, { signal: listening.signal, via: run });
  // An Edgerunner roll from the dice roller on this page fills the sheet's roll.
  receive({ root, name: "in the conflict board's open action", accepts: (roll) => roll.game === "edgerunner",
    take: (roll) => { sheet.rolled(roll); return `Conflict board: rating ${roll.skill} and the dice entered.`; } },
  { signal: listening.signal });

  run(async () => {
    await draw();
    const opened = await k.open();
    if (opened.value) [st.conflict, st.board] = [opened.value, k.view.board];
    st.mode = st.conflict ? "play" : "setup";
    await draw();
    if (st.mode === "play") await sheet.updatePreview();
    const notices = [opened.notice, ...setting.notices].filter(Boolean);
    if (notices.length) say(notices.join(" "), true);
    table.fromAddress();
    await linking.offer();
    if (!notice.hidden && notice.querySelector('[data-act="open-shared"]')) table.show(); // a shared board lands on its offer, in the table view
  });
  return () => { listening.abort(); table.dispose(); render(html``, playBox); };
}
