// Composing and logging an action on the board: the sheet (actions.js) changed by taps and typing,
// board.preview asked after each change, Log it, Undo and Redo. `st` is the board's state
// ({conflict, board, sheet, preview, errors, mode}); `paint` draws it. Nothing here is a rule.
import * as actions from "./actions.js";
import { sheetStore } from "./keep.js";
import { logged, undone, redone } from "./conflict.js";
import { fateFaces } from "../../rolling.js";

export function composing(st, { ui, rules, k, wid, playBox, paint, draw, say, run, focusIn, table }) {
  const sheets = sheetStore();
  const kept = sheets.read();
  st.sheet = kept && (kept.kind === null || actions.KINDS[kept.kind]) ? kept : { kind: null }; // kept across visits
  const full = () => ({ ...st.board.state, zones: st.board.zones, borders: st.board.borders });
  const passes = () => JSON.stringify(st.board?.state.passes ?? []);
  /** Draw after a change of the log: the map again when a border's pass value changed (a beaten border). */
  async function redraw(before) {
    if (passes() === before) return paint();
    st.diagram = null;
    await draw();
  }

  /** The sheet changes: kept at once (a reload, a visit elsewhere and back lose nothing). */
  function setSheet(next) {
    st.sheet = next;
    sheets.write(next);
  }

  /** The field an error names, as the sheet shows it ("resist.invokes[0]" → "resist.invokes"; unknown → the form's line). */
  function errorKey(field) {
    const f = String(field ?? "");
    for (const name of [f, f.split("[")[0], f.split(/[.[]/)[0]]) {
      if (name && playBox.querySelector(`[data-field="${CSS.escape(name)}"]`)) return name;
    }
    return "";
  }

  function showErrors(found) {
    st.errors = found;
    paint();
    const first = playBox.querySelector('[aria-invalid="true"]') ?? playBox.querySelector(".calc__form-error:not([hidden])");
    if (first instanceof HTMLElement) first.focus({ preventScroll: table.open });
  }

  /** Log the open sheet. at: when Log it was tapped (the event's time in a merge with another tab's log, even
   *  if this tab's rules answer later); tries: how many times another tab's change came first (the sheet is
   *  then looked at again on it). */
  async function logEvent({ at = Date.now(), tries = 0 } = {}) {
    await settled(); // a tap on Log it before the rules answered the last change: their answer first
    const event = actions.event(st.sheet, full());
    const gap = actions.missing(st.sheet, st.preview);
    if (gap) return showErrors({ [gap.field]: gap.message });
    const reply = await rules.apply(st.conflict, event);
    if (!reply.ok) {
      const stale = reply.error.event != null && reply.error.event !== st.conflict.events.length;
      return showErrors({ [stale ? "" : errorKey(reply.error.field)]: reply.error.message });
    }
    const before = passes();
    const next = logged(st.conflict, event, at);
    const why = await k.save(next);
    if (k.overtaken) {
      // Another tab logged first and the two can't both stand (the same actor, say): the rules look at
      // this sheet again on what is stored now, so a refusal is said beside the form, what was typed kept.
      [st.conflict, st.board] = [k.value, k.view.board];
      await redraw(before);
      return tries < 2 ? logEvent({ at, tries: tries + 1 }) : showErrors({ "": why });
    }
    st.conflict = next;
    st.board = { ...st.board, state: reply.result.state, entries: [...st.board.entries, reply.result.entry] };
    if (k.value !== st.conflict) [st.conflict, st.board] = [k.value, k.view.board]; // another tab's events merged in
    [st.errors, st.preview] = [{}, null];
    setSheet({ kind: null });
    await redraw(before);
    focusIn(`[data-key="kind:${event.kind}"]`);
    tell(why || reply.result.entry.text, !!why);
  }

  /** Undo (back) or Redo; Undo puts the undone action back in the sheet, to mend and log again. */
  async function step(back) {
    const next = back ? undone(st.conflict) : redone(st.conflict);
    if (!next) return;
    // the undone action goes back in the sheet: board.at previews it in the same call, so one draw shows both
    const taken = back ? st.conflict.events.at(-1) : null;
    const reopen = taken && actions.KINDS[taken.kind]?.[1].length ? taken : null;
    const reply = back ? await rules.at(st.conflict, next.events.length, reopen) : await rules.apply(st.conflict, next.events.at(-1));
    if (!reply.ok) return say(reply.error.message, true);
    const entries = back ? st.board.entries.slice(0, -1) : [...st.board.entries, reply.result.entry];
    const gone = st.board.entries.at(-1)?.text;
    const before = passes();
    [st.conflict, st.board] = [next, { ...st.board, state: reply.result.state, entries }];
    const why = await k.save(st.conflict);
    if (k.overtaken) { // another tab's change came first, and this step can't follow it: shown, and said
      [st.conflict, st.board] = [k.value, k.view.board];
      await redraw(before);
      return say(why, true);
    }
    if (reopen) setSheet(actions.fromEvent(reopen, st.board.state));
    else if (!back) setSheet({ kind: null });
    [st.errors, st.preview] = [{}, null];
    if (reply.result.preview) takePreview(reply.result.preview);
    await redraw(before);
    if (!reply.result.preview) await updatePreview(); // a form left open is looked at again on the new state
    const there = st.conflict[back ? "events" : "redo"].length;
    focusIn(`[data-key="${back === !!there ? "undo" : "redo"}"]`);
    tell(why || (back ? `Undone: ${gone}` : `Redone: ${entries.at(-1).text}`), !!why);
  }

  /** Say what a kept change did, then what its merge with another tab's log said (an event of ours the
   *  other tab's merge took out: keeper.js refuse), in the notice. */
  function tell(text, alert) {
    say(k.merged ? `${text} ${k.merged}` : text, alert || !!k.merged);
  }

  /** The rules' preview asked for the sheet as it is now. Until it answers, the absorb options on the
   *  screen answer an older sheet (the roll before this tap, say): st.waiting holds them, and Log it
   *  waits for the answer (settled). A change of the absorb choice alone changes no option. */
  let asking = Promise.resolve();
  function updatePreview({ options = true } = {}) {
    if (options) st.waiting = true;
    asking = ask();
    return asking;
  }
  /** Every preview asked so far has answered (a newer one asked meanwhile is waited for too). */
  async function settled() {
    for (let now = null; now !== asking;) await (now = asking);
  }

  /** A disabled control loses the focus: an absorb option chosen by keyboard while the rules are asked
   *  (another tab's news came in) is disabled by the draw, and gets the focus back once they answer. */
  let refocus = null;
  function paintHoldingFocus() {
    const e = document.activeElement;
    if (st.waiting && e instanceof HTMLInputElement && e.name === "absorb" && playBox.contains(e)) refocus = e.value;
    paint();
  }
  function giveFocusBack() {
    const value = refocus;
    refocus = null;
    if (value === null || (document.activeElement && document.activeElement !== document.body)) return;
    const option = playBox.querySelector(`input[name="absorb"][value="${CSS.escape(value)}"]`) ?? playBox.querySelector('input[name="absorb"]:checked');
    option?.focus({ preventScroll: true });
  }

  const ask = ui.latest(async (isStale) => {
    if (st.mode !== "play" || !st.sheet.kind || !actions.KINDS[st.sheet.kind]) {
      [st.waiting, refocus] = [false, null]; // no form open: no option to come back to
      return;
    }
    const asked = st.sheet;
    const reply = await rules.preview(st.conflict, actions.event(asked, full()));
    if (isStale()) return;
    st.waiting = false;
    if (st.sheet !== asked) { // changed by Undo (which brought its own preview) or closed
      paint();
      return giveFocusBack();
    }
    // a mistake in a field already typed in is said next to it at once, and goes when it is mended
    const touched = new Set(st.sheet.touched ?? []);
    const kept = Object.fromEntries(Object.entries(st.errors).filter(([f]) => f === "import"));
    if (reply.ok) {
      takePreview(reply.result);
      st.errors = kept;
    } else {
      const key = errorKey(reply.error.field);
      st.errors = touched.has(key) || touched.has(key.split(".")[0]) ? { ...kept, [key]: reply.error.message } : kept;
    }
    paint();
    giveFocusBack();
  });

  /** The rules' preview of the open sheet: kept, and the sheet's choices brought in line with it. */
  function takePreview(preview) {
    st.preview = preview;
    setSheet(actions.reconcile(st.sheet, preview, st.board.state));
  }

  /** Change the sheet and let the rules look again. */
  function edit(changes, field) {
    const touched = field ? [...new Set([...(st.sheet.touched ?? []), field])] : st.sheet.touched;
    setSheet({ ...st.sheet, ...changes, touched });
    updatePreview({ options: Object.keys(changes).some((name) => name !== "absorb") });
    paintHoldingFocus();
  }

  function openKind(kind) {
    const at = Date.now(); // End exchange logs at once: timed by this tap
    if (kind === "end_exchange") return run(async () => {
      if (!st.board.state.acted.length) return say("The exchange can't end yet: nobody has acted in it. Log an action first.", true);
      setSheet({ kind: "end_exchange" });
      await logEvent({ at });
    });
    [st.errors, st.preview] = [{}, null];
    const next = actions.blank(kind, st.sheet);
    const first = st.board.state.to_act[0];
    if (!next.actor && first) Object.assign(next, actions.chooseActor(next, first, st.board.state, st.conflict.setup));
    setSheet(next);
    paint();
    focusIn(`#${CSS.escape(wid)}-panel-title`);
    updatePreview();
  }

  const cancel = () => {
    const kind = st.sheet.kind;
    [st.errors, st.preview] = [{}, null];
    setSheet({ kind: null, actor: st.sheet.actor });
    paint();
    focusIn(`[data-key="kind:${kind}"]`);
  };

  /** A tap on the map: a token is the target (or who acts, before a kind), a zone the destination. */
  function onMap(event) {
    if (st.mode !== "play" || !(event.target instanceof Element)) return false;
    const { sheet, board } = st;
    const token = event.target.closest(".board__token")?.getAttribute("data-token");
    const zone = event.target.closest(".bmap__zone")?.getAttribute("data-zone");
    const fields = sheet.kind ? actions.fieldsOf(sheet.kind, board.state, sheet.actor) : [];
    if (token && fields.includes("target") && actions.targetsOf(sheet.kind, board.state, sheet.actor).includes(token)) edit({ target: token }, "target");
    else if (token && !sheet.kind && board.state.actors.some((a) => a.name === token && !a.out)) edit(actions.chooseActor(sheet, token, board.state, st.conflict.setup), "actor");
    else if (zone && fields.includes("zone")) edit({ zone }, "zone");
    else if (zone && fields.includes("on")) edit({ on: "zone", which: zone }, "which");
    else return false;
    return true;
  }

  /** A control of the sheet was typed in or tapped: the sheet takes its value, as typed. */
  function onInput(input) {
    if (!playBox.contains(input) || !input.name || input.type === "file") return;
    const { name } = input;
    const { sheet, board } = st;
    if (input.type === "checkbox" && input.value && input.value !== "on") {
      const list = new Set(sheet[name] ?? []);
      if (input.checked) list.add(input.value);
      else list.delete(input.value);
      return edit({ [name]: [...list] }, name);
    }
    if (input.type === "checkbox") return edit({ [name]: input.checked }, name);
    if (input.type !== "radio" && (sheet[name] ?? "") === input.value) return; // a text field's change on leaving it: nothing new
    if (name === "actor") return edit(actions.chooseActor(sheet, input.value, board.state, st.conflict.setup), name);
    if (name === "on") return edit({ on: input.value, which: undefined }, name);
    edit({ [name]: input.value }, name);
  }

  return {
    setSheet, updatePreview, logEvent, onMap, onInput, cancel,
    /** A roll from the dice roller: the sheet's rating and dice. */
    rolled: (roll) => edit(actions.rolled(st.sheet.kind ? st.sheet : null, roll), "faces"),
    clicks: {
      kind: (t) => (st.sheet.kind === t.dataset.kind ? cancel() : openKind(t.dataset.kind)),
      kinds: () => { setSheet({ ...st.sheet, kind: null }); paint(); focusIn(`[data-key="kind:move"]`); },
      cancel,
      die: (t) => edit({ faces: actions.cycleDie(st.sheet.faces, Number(t.dataset.die)) }, "faces"),
      "roll-dice": () => edit({ faces: fateFaces() }, "faces"),
      skill: (t) => edit({ skill: t.dataset.skill, rating: t.dataset.rating }, "skill"),
      undo: () => run(() => step(true)),
      redo: () => run(() => step(false)),
    },
  };
}
