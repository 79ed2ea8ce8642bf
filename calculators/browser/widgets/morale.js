// Morale tracker: a whole Gauntlet Forge conflict, kept as a setup and a log.
// Every state shown is rules_core's replay of that log (morale.replay,
// morale.apply, morale.keep_morale); this file only keeps the log, draws the
// state and saves it. No rule is computed here.
import * as saved from "./morale/saved.js";
import * as setup from "./morale/setup.js";
import * as play from "./morale/play.js";
import { rollInto } from "./morale/roll.js";
import { tapped } from "./morale/tap.js";
import { receive } from "../handoff.js";
import * as share from "../share.js";
import { follow } from "../edition.js";

export function mount(root, { engine: whole, ui, options }) {
  const { el } = ui;
  const wid = root.id;
  const form = root.querySelector(".calc__form");
  const app = root.querySelector("[data-morale-app]");
  const forms = JSON.parse(app.dataset.moraleForms); // rules_core's form per edition, rendered at build time
  const editions = Object.keys(forms);
  const engine = tapped(whole, forms); // a tap sends one event, not the log (morale/tap.js)

  const notice = el("div", { class: "morale__notice", "data-out": "notice", hidden: true });
  const main = el("div", { class: "morale__main" });
  const tools = el("div", { class: "morale__tools" });
  const live = el("p", { class: "calc__sr", role: "status", "aria-live": "polite", "data-out": "announce" });
  app.replaceChildren(notice, main, tools, live);

  let conflict = null; // {setup, events, redo}: what is kept
  let view = null; // rules_core's state of that conflict
  let mode = "loading"; // loading | setup | play
  /** @type {{kind: string, member?: string, team?: string, node?: any} | null} */
  let panel = null; // the open event form
  const expanded = new Set(); // members whose event buttons are shown
  let tried = false; // show setup errors once a start was tried
  const store = saved.conflictStore();
  const drafts = saved.draftStore();
  let lastText = null; // the stored text this tab last read or wrote: anything else was written by another tab
  const loadedDraft = drafts.read().value;
  let draft = setup.isDraft(loadedDraft) && forms[loadedDraft.edition] ? loadedDraft : setup.emptyDraft(options.edition ?? "2023");

  // One change at a time, in order: a second tap waits for the first.
  let queue = Promise.resolve();
  const run = (fn) => (queue = queue.then(fn).catch((error) => say(`Something went wrong: ${error.message}`, true)));

  const replay = (c, events = c.events) => engine.call("morale.replay", { setup: c.setup, events });

  // ------------------------------------------------------------ drawing

  /** Redraw from the state. focusKey: the control to focus after (undefined: the one focused now; null: none). */
  function draw(focusKey) {
    const active = document.activeElement;
    const key = focusKey !== undefined ? focusKey : root.contains(active) ? /** @type {HTMLElement | null} */ (active.closest("[data-key]"))?.dataset.key : null;
    if (mode === "loading") main.replaceChildren(el("p", {}, "Opening the saved conflict…"));
    else if (mode === "setup") {
      main.replaceChildren(...setup.draw(draft, {
        ui, wid, form: forms[draft.edition], editions,
        running: conflict ? `${conflict.events.length} logged` : null,
        keeps: !!(conflict && conflict.events.length),
      }).filter(Boolean));
      preview();
    } else main.replaceChildren(...play.draw(view, { ui, wid, panel, conflict, expanded }).filter(Boolean));
    drawTools();
    if (key) root.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus();
  }

  function drawTools() {
    tools.replaceChildren(el("div", {},
      ui.heading(root, 2, {}, "Keep and share"),
      el("div", { class: "calc__buttons" },
        mode === "play" ? el("button", { type: "button", "data-act": "new", "data-key": "new" }, "New conflict") : null,
        mode === "play" ? el("button", { type: "button", "data-act": "export", "data-key": "export" }, "Export file") : null,
        el("label", { class: "morale__file", "data-key": "import" }, "Import file",
          el("input", { type: "file", accept: ".json,application/json", "data-act": "import", class: "calc__sr" })),
        mode === "play" ? el("button", { type: "button", "data-act": "share", "data-key": "share" }, "Share link") : null),
      ui.errorSlot("import"),
      asideBox));
    ui.store.drawAsides(ui, asideBox, store, { prefix: "morale-set-aside", what: "conflicts" });
  }
  const asideBox = el("div", { class: "morale__asides" });

  function say(text, alert = false) {
    live.textContent = "";
    live.textContent = text;
    if (alert) showNotice(text);
  }

  function showNotice(text, ...actions) {
    notice.replaceChildren(el("p", {}, text),
      el("div", { class: "calc__buttons" }, ...actions, el("button", { type: "button", "data-act": "dismiss" }, "Dismiss")));
    notice.hidden = false;
    notice.setAttribute("role", "alert");
  }

  // ------------------------------------------------------------ keeping

  const exportButton = () => el("button", { type: "button", "data-act": "export" }, "Export file");

  /** Save the conflict. If another tab saved it since we last looked, its log and ours are merged first. */
  async function persist() {
    const stored = store.text();
    if (stored != null && stored !== lastText) await absorb(stored, true);
    const text = JSON.stringify(saved.pack(conflict));
    const why = store.writeText(text);
    if (why) {
      showNotice(`This conflict could not be saved on this device (${why}): it lives only in this page for now. ` +
        "Export it to keep it.", exportButton());
    } else lastText = text;
  }

  /** Bring in a stored version another tab wrote. Events either tab logged are all kept; when the two
   *  can't be merged (another conflict, or a log that no longer replays), one is set aside, never dropped.
   *  mine: we are about to save (our version stays shown), else the other tab's version is adopted. */
  async function absorb(text, mine) {
    const { conflict: theirs, problem } = saved.unpack(text);
    if (problem) {
      store.setAside(text, `found in place of this conflict (${problem})`);
      return;
    }
    if (!mine) lastText = text;
    const merged = conflict && saved.merge(conflict, theirs);
    if (merged) {
      const result = await check(merged.conflict);
      if (result.state) {
        conflict = merged.conflict;
        view = result.state;
        if (merged.changed && !mine) await persist(); // the other tab learns of our events
        return;
      }
    }
    const theirState = mine ? null : await check(theirs);
    if (mine || !theirState.state) {
      store.setAside(text, "saved by another tab at the same moment; this tab's version was kept");
      if (!mine) await persist();
    } else {
      if (conflict && conflict.events.length) {
        store.setAside(JSON.stringify(saved.pack(conflict)), "this tab's version, when another tab changed the conflict at the same moment");
      }
      conflict = theirs;
      view = theirState.state;
      panel = null;
    }
    if (conflict && merged) showNotice("This conflict was changed in another tab at the same moment and the two could not be merged: " +
      "the other version was set aside (below), not lost.");
  }

  /** Put a copy that can't be opened aside (never drop it) and tell the player. */
  function putAside(text, message) {
    const kept = store.putAside(text, message);
    showNotice(`${message} ${kept ? "It was set aside, not deleted: you can download it below."
      : "It could not be set aside (storage is full): download it before you start a new conflict."}`,
    el("button", { type: "button", onclick: () => saved.download(saved.fileName("morale-set-aside"), text) }, "Download it"));
  }

  /** Replace the conflict in progress by another (a new start, an import, a link): the one in progress
   *  is set aside first, and undo brings it back. False (and nothing changes) when it can't be kept. */
  function replaceWith(next, state, field) {
    let replaced = null;
    if (conflict && conflict.events.length) {
      replaced = store.setAside(JSON.stringify(saved.pack(conflict)), "replaced by another conflict", { hold: false });
      if (!replaced) {
        const current = JSON.stringify(saved.pack(conflict), null, 1);
        const message = "There is no room left in this browser's storage to keep a copy of the conflict in progress, " +
          "so it was not replaced. Export it (or discard set-aside copies), then try again.";
        if (field) ui.showError(form, { field, message });
        showNotice(message, el("button", { type: "button", onclick: () => saved.download(saved.fileName("morale-conflict"), current) },
          "Export the conflict in progress"));
        return false;
      }
    }
    conflict = { ...next, replaced };
    view = state;
    panel = null;
    expanded.clear();
    mode = "play";
    return true;
  }

  /** Check a conflict by replaying it: {state}, {message} (it doesn't replay) or {down} (the engine isn't
   *  running, so nothing can be judged). A redo list that no longer applies is reported as redoProblem. */
  async function check(c) {
    const reply = await replay(c);
    if (!reply.ok) return reply.error.code === "engine" ? { down: reply.error.message } : { message: reply.error.message };
    if (c.redo.length) {
      const all = await replay(c, [...c.events, ...[...c.redo].reverse()]);
      if (!all.ok) return { state: reply.result, redoProblem: all.error.message };
    }
    return { state: reply.result };
  }

  async function open() {
    const { text, blocked } = store.read();
    lastText = text;
    if (blocked) showNotice(`The saved conflict can't be read: ${blocked}. Nothing you log here will be kept after the page closes.`);
    if (text != null) {
      const { conflict: c, problem } = saved.unpack(text);
      const result = problem ? { message: `it is damaged: ${problem}` } : await check(c);
      if (result.down) showNotice(`${result.down} The saved conflict is kept as it is.`);
      else if (result.message) putAside(text, `The saved conflict could not be opened (${result.message.replace(/\.$/, "")}).`);
      else {
        conflict = c;
        view = result.state;
        if (result.redoProblem) {
          store.setAside(text, `its redo list no longer replays: ${result.redoProblem}`);
          conflict = { ...conflict, redo: [], redoIds: [] };
          await persist();
          showNotice("The saved conflict opened, but its redo list no longer replays; a copy was set aside.");
        }
      }
    }
    mode = conflict ? "play" : "setup";
    const shared = await saved.sharedText();
    draw();
    if (shared) await offerShared(shared);
  }

  /** Offer a link's conflict once the rules have replayed it (a link they refuse is never offered).
   *  @param {{text?: string, problem?: string}} shared a link's text, or why it can't be read */
  async function offerShared({ text, problem: damaged }) {
    const { conflict: c, problem } = damaged ? { problem: damaged } : saved.unpack(text);
    const result = problem ? null : await check(c);
    if (problem || result.message) {
      showNotice(problem ? `The link carries a conflict that can't be read (${problem}). Nothing was changed.`
        : `The link carries a conflict that can't be used: ${result.message.replace(/\.$/, "")}. Nothing was changed.`);
      saved.forgetShared();
      return;
    }
    // Replayed (or the engine is down, and opening it checks again): the teams are named as the rules read them.
    const teams = Array.isArray(c.setup.teams) && c.setup.teams.every((t) => typeof t?.name === "string")
      ? c.setup.teams.map((t) => t.name).join(" against ") : "a conflict";
    showNotice(`This link carries a conflict: ${teams}, ${c.events.length} logged. Opening it sets the current one aside.`,
      el("button", { type: "button", class: "calc__primary", "data-act": "open-shared" }, "Open it"));
    notice.dataset.shared = text;
  }

  /** Take an imported or shared conflict; the one it replaces is set aside if anything was logged. */
  async function adopt(text, field) {
    const { conflict: c, problem } = saved.unpack(text);
    const result = problem ? { message: `This file can't be used: ${problem}.` } : await check(c);
    if (result.down) {
      ui.showError(form, { field, message: result.down });
      return false;
    }
    if (result.message) {
      ui.showError(form, { field, message: result.message.startsWith("This") ? result.message
        : `This conflict no longer replays: ${result.message}` });
      return false;
    }
    if (result.redoProblem) Object.assign(c, { redo: [], redoIds: [] });
    if (!replaceWith(c, result.state, field)) return false;
    await persist();
    say(`Opened a conflict with ${c.events.length} logged event${c.events.length === 1 ? "" : "s"}` +
      `${result.redoProblem ? " (its redo list no longer replays and was left out)" : ""}.`);
    draw(null);
    root.querySelector(`#${CSS.escape(wid)}-play-title`)?.focus();
    return true;
  }

  // ------------------------------------------------------------ setup

  const preview = ui.latest(async (isStale) => {
    const out = main.querySelector('[data-out="preview"]');
    if (!out) return;
    const reply = await engine.call("morale.replay", { setup: setup.payload(draft, forms[draft.edition]), events: [] });
    if (isStale() || mode !== "setup") return;
    if (tried) ui.failed(main, reply);
    if (!reply.ok) {
      out.classList.add("calc__result--stale");
      return;
    }
    out.classList.remove("calc__result--stale");
    const s = reply.result;
    out.replaceChildren(
      el("span", {}, "Starting morale: ", s.teams.map((t) => `${t.name} ${play.signed(t.morale)}`).join(", "), ". "),
      el("span", {}, `Turn order: ${s.turn_order.join(", ")}.`));
  });

  async function start() {
    tried = true;
    const payload = setup.payload(draft, forms[draft.edition]);
    const reply = await engine.call("morale.replay", { setup: payload, events: [] });
    if (ui.failed(main, reply)) {
      main.querySelector('[aria-invalid="true"]')?.focus();
      return;
    }
    const fresh = { setup: payload, events: [], redo: [], ids: [], redoIds: [], dropped: [] };
    if (!replaceWith(fresh, reply.result, null)) return;
    tried = false;
    notice.hidden = true; // anything set aside stays listed under "Keep and share"
    await persist();
    say(`Conflict started: ${view.teams.map((t) => `${t.name} at ${play.signed(t.morale)}`).join(", ")}. ${view.turn} acts first.` +
      (conflict.replaced ? " The one before was set aside: Undo brings it back." : ""));
    draw(null);
    root.querySelector(`#${CSS.escape(wid)}-play-title`)?.focus();
  }

  function changeDraft(change, focusKey) {
    change();
    drafts.write(draft);
    draw(focusKey);
  }

  // ------------------------------------------------------------ play

  async function log(event, opener) {
    const reply = await engine.call("morale.apply", { setup: conflict.setup, events: conflict.events, event });
    // An error names an event's own field and the event's index: beside the form's field only when it is the new event's.
    if (!reply.ok && reply.error.event != null && reply.error.event !== conflict.events.length) reply.error.field = null;
    const where = panel ? panel.node : main;
    if (ui.failed(where, reply)) {
      if (!panel) showNotice(reply.error.message);
      where.querySelector('[aria-invalid="true"]')?.focus();
      return;
    }
    conflict = saved.logged(conflict, reply.result.event);
    view = reply.result;
    panel = null;
    await persist();
    const note = view.form.events.find((e) => e.kind === event.kind)?.note;
    say(note ? `${view.log[0].text} ${note}` : view.log[0].text);
    draw(opener);
  }

  function openPanel(kind, member, team) {
    panel = { kind, member, team };
    panel.node = play.drawPanel(view, { ui, wid, kind, member, team });
    draw(null);
    panel.node.querySelector("input, select, button")?.focus();
  }

  function closePanel() {
    if (!panel) return;
    const key = `event:${panel.kind}:${panel.member ?? panel.team}`;
    panel = null;
    draw(key);
  }

  async function undo() {
    if (!conflict.events.length) return conflict.replaced && bringBack();
    const gone = view.log[0]?.text;
    const events = conflict.events.slice(0, -1);
    const reply = await replay(conflict, events);
    if (ui.failed(main, reply)) return showNotice(reply.error.message);
    conflict = {
      ...conflict, events, ids: conflict.ids.slice(0, -1),
      redo: [...conflict.redo, conflict.events.at(-1)], redoIds: [...conflict.redoIds, conflict.ids.at(-1)],
    };
    view = reply.result;
    panel = null;
    await persist();
    say(`Undone: ${gone}`);
    draw();
  }

  async function redo() {
    const event = conflict.redo.at(-1);
    if (!event) return;
    const reply = await engine.call("morale.apply", { setup: conflict.setup, events: conflict.events, event });
    if (!reply.ok) return showNotice(`Redo is not possible: ${reply.error.message}`);
    conflict = {
      ...conflict, events: [...conflict.events, reply.result.event], ids: [...conflict.ids, conflict.redoIds.at(-1)],
      redo: conflict.redo.slice(0, -1), redoIds: conflict.redoIds.slice(0, -1),
    };
    view = reply.result;
    panel = null;
    await persist();
    say(`Redone: ${view.log[0].text}`);
    draw();
  }

  /** Undo a start or an import: the conflict it replaced comes back from the set-aside list. */
  async function bringBack() {
    const item = store.asides().find((a) => a.at === conflict.replaced);
    const { conflict: before, problem } = item ? saved.unpack(item.text) : { problem: "it is no longer in the set-aside list" };
    const result = problem ? { message: problem } : await check(before);
    if (!result.state) return showNotice(`The conflict this one replaced can't be brought back (${result.message || result.down}).`);
    conflict = before;
    view = result.state;
    panel = null;
    await persist();
    store.takeAside(item.at);
    say(`Undone: the conflict before is back, with ${before.events.length} logged.`);
    draw();
  }

  const keepMorale = ui.latest(async (isStale) => {
    const out = panel?.node.querySelector('[data-out="difficulty"]');
    const input = panel?.node.querySelector('[name="helpers"]');
    if (!out || !input) return;
    const helpers = setup.value(input.value);
    const reply = await engine.call("morale.keep_morale", {
      setup: conflict.setup, events: conflict.events, team: panel.team, helpers: helpers === "" ? undefined : helpers,
    });
    if (isStale() || !panel) return;
    if (ui.failed(panel.node, reply, ["helpers"])) return out.classList.add("calc__result--stale");
    out.classList.remove("calc__result--stale");
    const r = reply.result;
    out.textContent = `Difficulty ${r.difficulty} (BROKEN MORALE ${r.rating}, ${helpers || "nobody"} helping).`;
  });

  // ------------------------------------------------------------ events from the page

  async function onClick(event) {
    const target = event.target.closest("[data-act]");
    if (!target || !root.contains(target) || target.tagName === "INPUT" || target.tagName === "SELECT") return;
    const { act } = target.dataset;
    if (act === "dismiss") {
      notice.hidden = true;
      return;
    }
    if (act === "export") {
      saved.download(saved.fileName("morale-conflict"), JSON.stringify(saved.pack(conflict), null, 1));
      return say("The conflict was exported as a file.");
    }
    if (act.startsWith("aside-")) return; // the set-aside list handles its own buttons
    if (act === "share") {
      const link = await saved.shareLink(conflict);
      const { copied, box, code } = await share.offer(el, link);
      box.classList.add("morale__link");
      showNotice(copied ? "The link was copied. It opens this conflict as it is now." : "Copy this link; it opens this conflict as it is now.", box, code);
      box.select();
      return;
    }
    if (act === "open-shared") {
      const text = notice.dataset.shared;
      return run(async () => {
        if (await adopt(text, "import")) {
          notice.hidden = true;
          saved.forgetShared();
        }
      });
    }
    if (mode === "setup") {
      const i = Number(target.dataset.team);
      if (act === "add-member") {
        changeDraft(() => setup.addMember(draft, i), null);
        const j = draft.teams[i].members.length - 1;
        main.querySelector(`[name="teams[${i}].members[${j}].name"]`)?.focus();
      } else if (act === "remove-member") {
        changeDraft(() => setup.removeMember(draft, i, Number(target.dataset.index)), `add-member:${i}`);
      } else if (act === "add-team") {
        changeDraft(() => setup.addTeam(draft), null);
        main.querySelector(`[name="teams[${draft.teams.length - 1}].name"]`)?.focus();
      } else if (act === "remove-team") {
        changeDraft(() => setup.removeTeam(draft, i), "add-team");
      } else if (act === "back") {
        mode = "play";
        draw();
        root.querySelector(`#${CSS.escape(wid)}-play-title`)?.focus();
      }
      return;
    }
    if (act === "new") {
      draft = setup.draftFrom(conflict.setup);
      mode = "setup";
      panel = null;
      tried = false;
      draw();
      return root.querySelector(`#${CSS.escape(wid)}-setup-title`)?.focus();
    }
    if (act === "cancel") return closePanel();
    if (act === "undo") return run(undo);
    if (act === "redo") return run(redo);
    if (act === "member") {
      const name = target.dataset.member;
      if (expanded.has(name)) expanded.delete(name);
      else expanded.add(name);
      if (panel && panel.member === name && !expanded.has(name)) panel = null;
      return draw(`member:${name}`);
    }
    if (act === "event") {
      const { kind, member, team } = target.dataset;
      if (panel && panel.kind === kind && (panel.member ?? panel.team) === (member ?? team)) return closePanel();
      const key = target.dataset.key;
      if (!play.fieldsFor(view, kind, { member, team }).length) {
        panel = null;
        return run(() => log(member ? { kind, member } : { kind, team }, key));
      }
      openPanel(kind, member, member ? play.teamOf(view, member) : team);
    }
  }

  function onInput(event) {
    const input = event.target;
    if (mode === "setup" && input.dataset.path) {
      setup.update(draft, input);
      drafts.write(draft);
      preview();
    } else if (mode === "setup" && input.dataset.act === "edition" && event.type === "change") {
      changeDraft(() => (draft.edition = input.value), null);
      main.querySelector('[name="edition"]')?.focus();
    } else if (panel && panel.node.contains(input)) {
      if (input.name === "disposed") {
        for (const node of panel.node.querySelectorAll('[data-when="disposed"]')) node.hidden = !input.checked;
      }
      if (input.name === "helpers") keepMorale();
    }
  }

  function onChange(event) {
    const input = event.target;
    if (input.dataset.act === "import" && input.files?.length) {
      const file = input.files[0];
      run(async () => {
        ui.clearErrors(tools, ["import"]);
        const text = await file.text();
        input.value = "";
        if (await adopt(text, "import")) say(`Imported ${file.name}.`);
      });
    } else onInput(event);
  }

  function onSubmit(event) {
    event.preventDefault();
    if (mode === "setup") run(start);
    else if (panel) {
      const { kind, member, team } = panel;
      const opener = `event:${kind}:${member ?? team}`;
      run(() => log(play.readPanel(view, panel.node, { kind, member, team }), opener));
    }
  }

  function onKey(event) {
    if (event.key === "Escape" && panel && panel.node.contains(event.target)) {
      event.preventDefault();
      closePanel();
    }
  }

  async function onHash() {
    const shared = await saved.sharedText();
    if (shared && mode !== "loading") await offerShared(shared);
  }

  /** Another tab saved this conflict: merge its log with ours (nothing either tab logged is dropped). */
  function onStorage(event) {
    if (event.key !== store.key || event.newValue == null) return;
    run(async () => {
      if (mode === "loading") return;
      const text = store.text(); // the newest, not the event's (several may be on their way)
      if (text == null || text === lastText) return;
      if (!conflict) {
        const { conflict: c, problem } = saved.unpack(text);
        const result = problem ? {} : await check(c);
        if (!result.state) return; // the other tab reports it
        conflict = c;
        view = result.state;
        lastText = text;
      } else await absorb(text, false);
      if (mode === "play") draw();
    });
  }

  const listening = new AbortController(); // dispose() drops every listener at once
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal: listening.signal });
  on(form, "click", onClick);
  on(form, "input", onInput);
  on(form, "change", onChange);
  on(form, "submit", onSubmit);
  on(form, "keydown", onKey);
  on(window, "storage", onStorage);
  on(window, "hashchange", onHash);
  // A Gauntlet Forge roll from the dice roller on this page fills the open event's effort or margin.
  receive({ root, name: "in the morale tracker's open event", accepts: (roll) => roll.game === "gauntlet-forge",
            take: (roll) => rollInto(mode === "play" ? panel?.node : null, roll) }, { signal: listening.signal });
  // The site-wide edition sets the edition of a conflict being set up (one already running keeps its own).
  follow((edition) => {
    if (!forms[edition] || draft.edition === edition) return;
    draft.edition = edition;
    drafts.write(draft);
    if (mode === "setup") draw();
  }, { signal: listening.signal });
  draw();
  run(open);

  return () => listening.abort();
}
