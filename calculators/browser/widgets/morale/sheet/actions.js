// @ts-check
// The event sheet's actions: a tap or a keystroke changes the draft (the event being composed, kept as
// `morale:action`) and the rules answer what the sheet shows for it (morale.sheet), up to the event the
// button logs; Undo and Redo step through the log. What may be chosen is the answer's.
import { draftSheet } from "../../../draft.js";
import * as saved from "../saved.js";
import { redoneIds } from "../../../keeping/logs.js";

/** @typedef {import("../store.js").MoraleStore} MoraleStore @typedef {import("../../../types/morale").Draft} Draft
 *  @typedef {import("../../../types/morale").Sheet} Sheet @typedef {import("../../../types/morale").View} View */

/** The sheet's actions, for the tracker's store. env: {rules (tap.js's engine), kept (the conflict's keeper),
 *  sheets (the draft's slot), random (n d6 faces)}.
 * @param {{rules: import("../store.js").Rules, kept: any, sheets: {write: (draft: object) => unknown}, random: (n: number) => number[]}} env */
export function sheetActions({ rules, kept, sheets, random }) {
  const { setDraft, ask, change } = draftSheet(sheets,
    (/** @type {import("../../../types/morale").Conflict} */ conflict, draft) => rules.call("morale.sheet", { setup: conflict.setup, events: conflict.events, action: draft }),
    (reply) => (reply.ok ? { sheet: reply.result } : { shown: { "": reply.error.message } }));

  /** Keep `next` (the rules' state for it: view): another tab's events are merged in first. The sentence to
   *  say when it was not kept as it is, and whether another tab's change came first and refused it. */
  async function keep(/** @type {MoraleStore} */ store, /** @type {import("../../../types/morale").Conflict} */ next, /** @type {import("../../../types/morale").View} */ view) {
    const { why, value, view: judged, overtaken, merged } = await kept.save(next);
    // the sheet is the rules' answer for the kept conflict: until it comes (every caller asks next), it is asking
    store.set({ conflict: value, view: value === next ? view : judged?.state ?? kept.view?.state ?? view, asking: true });
    if (overtaken) return { why, overtaken: true };
    if (why) store.set({ notice: { text: `${why} Export it to keep it.`, alert: true, buttons: [{ act: "export", label: "Export file" }] } });
    else if (merged) store.set({ notice: { text: merged, alert: true } });
    return { why, overtaken: false };
  }

  /** @type {import("../store.js").MoraleActions} */
  const actions = {
    ask,

    /** Who acts, tapped: a new event for them (what was composed for someone else goes). */
    async choose(store, /** @type {string} */ member) {
      if (store.state.sheet?.who.value === member && !store.state.draft.kind) return;
      setDraft(store, { kind: null, member });
      store.set({ shown: {}, focus: `[data-key="choose:${member}"]` });
      await ask(store);
    },

    /** A kind's button (who: the member or the team, by: which): opens its sheet, or logs at once when it
     *  asks nothing (the answer's at_once). A second tap on the open kind closes it. */
    async event(store, /** @type {string} */ kind, /** @type {string} */ who, /** @type {"member" | "team"} */ by, { at = Date.now() } = {}) {
      const { draft, sheet, asking } = store.state;
      const open = draft.kind === kind && draft[by] === who;
      if (open) return actions.discard(store);
      // A kind that asks nothing logs the event the answer on screen holds for it: no sheet asked first
      const shown = entryOf(sheet, kind, who);
      if (shown?.event && !asking) return actions.log(store, { at, event: shown.event });
      const same = draft[by] === who; // the same one acting keeps what was typed for another kind
      await change(store, { ...(same ? {} : { kind: null, member: undefined, team: undefined }), ...(same ? {} : blank(draft)), kind, [by]: who });
      // Whether it logs at once is the answer for this draft's (a tap on a button drawn from an older answer,
      // while Undo's was on its way, is still the event the referee tapped)
      if (entryOf(store.state.sheet, kind, who)?.at_once) return actions.log(store, { at });
      store.set({ focus: "panel" });
    },

    /** "Another kind": back to the kinds, what was typed kept for the next kind. */
    async kinds(store) {
      const kind = store.state.draft.kind;
      await change(store, { kind: null, team: undefined });
      store.set({ focus: kind ? `[data-act="event"][data-kind="${kind}"]` : null });
    },

    /** Cancel: the event composed is dropped (who acts stays chosen). */
    async discard(store) {
      const { kind, member, team } = store.state.draft;
      const who = member ?? team;
      setDraft(store, { kind: null, ...(member ? { member } : {}) });
      store.set({ shown: {}, focus: kind ? `[data-key="event:${kind}:${who}"]` : null });
      await ask(store);
    },

    /** A chip tapped (a name, a number, a choice): the field takes it; a number tapped replaces dice rolled. */
    async pick(store, /** @type {string} */ name, /** @type {string} */ value) {
      await change(store, { [name]: value, [`dice.${name}`]: undefined });
    },

    /** A tick (2022's wiki's disposed defense). */
    async check(store, /** @type {string} */ name, /** @type {boolean} */ on) {
      await change(store, { [name]: on ? true : undefined });
    },

    /** Typing: the draft takes the text at once (a redraw shows what was typed), the rules are asked after,
     *  in the queue. Runs outside it (store.now): a keystroke never waits behind a tap. */
    typed(store, /** @type {string} */ name, /** @type {string} */ value) {
      const draft = { ...store.state.draft, [name]: value };
      delete draft[`dice.${name}`];
      if (value === "") delete draft[name];
      setDraft(store, draft);
      store.dispatch("ask");
    },

    /** Roll `n` dice for a field, with the dice roller's own draw: the rules score them (hits on 5+). */
    async roll(store, /** @type {string} */ name, /** @type {string} */ n) {
      await change(store, { [`dice.${name}`]: random(Number(n)).join(" "), [name]: undefined });
    },

    /** A roll handed over by the dice roller on this page: its hits go into the first effort of the open
     *  event still empty (the answer's fields that take a roll), else the first. A sentence for the player. */
    async rolled(store, /** @type {import("../../../types/dice").PoolRoll} */ roll) {
      const fields = (store.state.sheet?.fields ?? []).filter((f) => f.pools);
      const field = fields.find((f) => f.value == null) ?? fields[0];
      if (!field) return;
      await change(store, { [field.name]: String(roll.effort), [`dice.${field.name}`]: undefined });
      store.set({ said: `Morale tracker: ${field.label} set to ${roll.effort}.` });
    },

    /** The button: the event the rules made of the sheet (or `event`, what a kind that asks nothing logs at one
     *  tap). What is still missing is said beside its field; a log another tab changed meanwhile is looked at
     *  again (tries). at: when it was tapped. */
    async log(store, /** @type {{at?: number, tries?: number, event?: import("../../../types/morale").MoraleEvent | null}} */ { at = Date.now(), tries = 0, event: given = null } = {}) {
      if (!given && (store.state.asking || store.state.sheet?.kind !== store.state.draft.kind)) await ask(store);
      const { sheet, conflict } = store.state;
      if (!given && !sheet?.log.ready) {
        const shown = Object.fromEntries([...(sheet?.errors ?? []), ...(sheet?.missing ?? [])].map((m) => [m.field, m.message]));
        return store.set({ shown, focus: "invalid" });
      }
      const event = /** @type {import("../../../types/morale").MoraleEvent} */ (given ?? sheet?.event); // the sheet is ready
      const reply = await rules.call("morale.apply", { setup: conflict.setup, events: conflict.events, event });
      if (!reply.ok) {
        // a one-tap event the rules refuse (another tab's log came first) opens its sheet, where the refusal is said
        if (given) await change(store, { kind: given.kind, member: given.member, team: given.team });
        return store.set({ shown: { [reply.error.event === conflict.events.length ? reply.error.field ?? "" : ""]: reply.error.message }, focus: "invalid" });
      }
      const saving = await keep(store, saved.logged(conflict, reply.result.event, at), reply.result);
      if (saving.overtaken) {
        // Another tab logged first and the two can't both stand: looked at again on what is stored now.
        await ask(store);
        return tries < 2 ? actions.log(store, { at, tries: tries + 1, event: given }) : store.set({ shown: { "": saving.why } });
      }
      const kind = event.kind;
      const view = /** @type {View} */ (store.state.view); // kept just now
      const note = view.form?.events?.find((e) => e.kind === kind)?.note;
      const line = view.log[0]?.text ?? "";
      setDraft(store, { kind: null });
      store.set({ said: note ? `${line} ${note}` : line }); // said with the line that shows it
      store.set({ shown: {}, focus: `[data-act="event"][data-kind="${kind}"], [data-who] [aria-pressed="true"], [data-act="undo"]` });
      await ask(store);
    },

    /** Undo (back) or Redo. With nothing left to undo, Undo brings back the conflict a start replaced. */
    async step(store, /** @type {boolean} */ back) {
      const { conflict } = store.state;
      if (back && !conflict.events.length) return conflict.replaced ? store.actions["bring-back"](store, conflict.replaced) : undefined;
      if (!back && !conflict.redo.length) return;
      const gone = /** @type {View} */ (store.state.view).log[0]?.text; // Undo is drawn with the conflict
      let next, reply;
      if (back) {
        const events = conflict.events.slice(0, -1);
        reply = await rules.call("morale.replay", { setup: conflict.setup, events });
        next = { ...conflict, events, ids: conflict.ids.slice(0, -1), redo: [...conflict.redo, conflict.events.at(-1)],
          redoIds: [...conflict.redoIds, conflict.ids.at(-1)] };
      } else {
        reply = await rules.call("morale.apply", { setup: conflict.setup, events: conflict.events, event: conflict.redo.at(-1) });
        if (reply.ok) next = { ...conflict, events: [...conflict.events, reply.result.event], redo: conflict.redo.slice(0, -1), ...redoneIds(conflict) };
      }
      if (!reply.ok) return store.set({ notice: { text: back ? reply.error.message : `Redo is not possible: ${reply.error.message}`, alert: true } });
      const saving = await keep(store, next, reply.result);
      if (saving.overtaken) { // said aloud and in the notice, as every Undo is said
        store.set({ notice: { text: saving.why, alert: true }, said: saving.why });
        return ask(store);
      }
      setDraft(store, { kind: null });
      store.set({ said: back ? `Undone: ${gone}` : `Redone: ${/** @type {View} */ (store.state.view).log[0].text}` });
      store.set({ shown: {}, focus: back ? '[data-act="undo"]' : '[data-act="redo"]' });
      await ask(store);
    },
  };
  return actions;
}

/** The kind's entry in an answer (its kinds, or the choices of a decision due), for the one who acts. */
const entryOf = (/** @type {Sheet | null} */ sheet, /** @type {string} */ kind, /** @type {string} */ who) => [...(sheet?.kinds ?? []), ...(sheet?.due?.choices ?? [])].find((k) => k.kind === kind && k.who === who);

/** What another member's event must not inherit: every field typed for the one before. */
function blank(/** @type {Draft} */ draft) {
  return Object.fromEntries(Object.keys(draft).filter((k) => !["kind", "member", "team"].includes(k)).map((k) => [k, undefined]));
}
