// @ts-check
// The action sheet's actions: a tap or a keystroke changes the draft (the action being composed, kept as
// `board:action`) and the rules answer what the sheet shows for it (board.sheet), up to the event Log it
// sends; Undo puts the undone action back in the sheet. What may be chosen is the answer's.
import { draftSheet } from "../../../draft.js";
import { logged, undone, redone } from "../conflict.js";

/** @typedef {import("../store.js").BoardStore} BoardStore @typedef {import("../../../types/board").Draft} Draft @typedef {import("../../../types/board").View} View */

/** The sheet's actions, for the board's store. env: {rules, k, sheets (the draft's slot), keep (save with
 *  what happened), random (four Fate dice)}.
 * @param {{rules: import("../store.js").Rules, sheets: {write: (draft: object) => unknown},
 *          keep: (next: import("../../../types/board").Conflict) => Promise<import("../../../keeping/keeper.js").Kept & {view: View | null}>, random: () => string}} env */
export function sheetActions({ rules, sheets, keep, random }) {
  const { setDraft, ask, change: changed } = draftSheet(sheets, (/** @type {import("../../../types/board").Conflict} */ conflict, draft) => rules.sheet(conflict, draft),
    // a refusal (the engine down, a draft it can't read) is said beside the kinds, where it is seen open or not
    (reply) => (reply.ok ? { sheet: reply.result } : { shown: { kind: reply.error?.message ?? "The rules did not answer." } }));

  /** Change the draft and ask the rules: an action brought back by Undo (from) is the referee's own once touched.
   *  @param {BoardStore} store @param {Draft} changes */
  const change = (store, changes) => changed(store, { ...changes, from: undefined });

  /** The field spec of the sheet's answer named `name`, or undefined. */
  const fieldOf = (/** @type {BoardStore} */ store, /** @type {string} */ name) => store.state.sheet?.fields.find((f) => f.name === name);
  const offered = (/** @type {import("../../../types/board").Field | undefined} */ spec, /** @type {string} */ value) => !!spec?.options?.some((o) => o.value === value && !o.disabled);

  /** @type {import("../store.js").BoardActions} */
  const actions = {
    ask,

    /** A kind's button: opens its sheet (a second tap closes it). A kind the board does not take now says
     *  why beside the kinds; End of exchange logs at once. */
    async kind(store, /** @type {string} */ kind, { at = Date.now() } = {}) {
      const { sheet, draft } = store.state;
      const open = sheet?.kinds.find((k) => k.kind === kind);
      if (draft.kind === kind) return actions.discard(store);
      if (open && !open.open) return store.set({ shown: { kind: open.why ?? "" }, focus: `[data-key="kind:${kind}"]` });
      await change(store, { kind });
      // Who acts, as the rules chose them (the first still to act), is kept as chosen: news from another
      // tab never puts someone else in their place while the sheet is open.
      const actor = fieldOf(store, "actor")?.value;
      if (actor && !store.state.draft.actor && store.state.draft.kind === kind) setDraft(store, { ...store.state.draft, actor });
      store.set({ focus: "panel" });
      if (kind === "end_exchange") await actions.log(store, { at });
    },

    /** "Another kind": back to the kinds, the fields filled so far kept for the next kind. */
    async kinds(store) {
      await change(store, { kind: null });
      store.set({ focus: '[data-key="kind:move"]' });
    },

    /** Cancel: the action composed is dropped (who acts stays chosen). */
    async discard(store) {
      const { kind, actor } = store.state.draft;
      setDraft(store, { kind: null, ...(actor ? { actor } : {}) });
      store.set({ shown: {}, focus: kind ? `[data-key="kind:${kind}"]` : null });
      await ask(store);
    },

    /** One value tapped or typed. A skill's chip takes the skill's own rating (a typed one goes). */
    async set(store, /** @type {string} */ name, /** @type {string | boolean} */ value) {
      if (name === "skill-chip") return change(store, { skill: value, rating: undefined });
      await change(store, { [name]: value });
    },

    /** Typing: the draft takes the text at once (so a redraw shows what was typed), the rules are asked
     *  after, in the queue. Runs outside it (store.now): a keystroke never waits behind a tap. */
    typed(store, /** @type {string} */ name, /** @type {string} */ value) {
      const draft = { ...store.state.draft, [name]: value };
      delete draft.from;
      if (value === "") delete draft[name];
      setDraft(store, draft);
      store.dispatch("ask");
    },

    /** A choice ticked or unticked in a list (invokes, consequences, boxes). */
    async toggle(store, /** @type {string} */ name, /** @type {string} */ value, /** @type {boolean} */ on) {
      const spec = fieldOf(store, name);
      const now = new Set(store.state.draft[name] ?? spec?.value ?? []);
      if (on) now.add(value);
      else now.delete(value);
      await change(store, { [name]: [...now] });
    },

    /** A token on the map: the target when the sheet asks for one and offers it, else who acts. */
    async token(store, /** @type {string} */ name) {
      const target = fieldOf(store, "target");
      const actor = fieldOf(store, "actor");
      if (store.state.draft.kind && offered(target, name)) return change(store, { target: name });
      if (offered(actor, name)) return change(store, { actor: name });
    },

    /** A zone on the map: where a move goes, or where a maneuver's aspect goes. */
    async zone(store, /** @type {string} */ name) {
      if (offered(fieldOf(store, "zone"), name)) return change(store, { zone: name });
      if (fieldOf(store, "which") && store.state.draft.kind === "maneuver") return change(store, { on: "zone", which: name });
    },

    /** Roll: four Fate dice, drawn by the dice roller's own code. */
    async roll(store) {
      await change(store, { faces: random() });
    },

    /** A roll handed over by the dice roller on this page (its rating and dice). */
    async rolled(store, /** @type {import("../../../types/dice").FateRoll} */ roll) {
      const faces = roll.faces.map((face) => (face > 0 ? "+" : face < 0 ? "-" : "0")).join("");
      await change(store, { faces, rating: String(roll.skill), bid: String(roll.bid ?? 0) });
    },

    /** Log it: the event the rules made of the sheet. What is still missing is said beside its field; a
     *  log another tab changed meanwhile is looked at again (tries). at: when Log it was tapped. */
    async log(store, { at = Date.now(), tries = 0 } = {}) {
      if (store.state.asking || store.state.sheet?.kind !== store.state.draft.kind) await ask(store);
      const { sheet, conflict } = store.state;
      if (!sheet?.log.ready) {
        const shown = Object.fromEntries([...(sheet?.errors ?? []), ...(sheet?.missing ?? [])]
          .map((m) => [m.field, m.message[0].toUpperCase() + m.message.slice(1) + (m.message.endsWith(".") ? "" : ".")]));
        return store.set({ shown, focus: "invalid" });
      }
      const event = /** @type {import("../../../types/board").BoardEvent} */ (sheet.event); // ready: the event it logs
      const reply = await rules.apply(conflict, event);
      if (!reply.ok) return store.set({ shown: { "": reply.error.message }, focus: "invalid" });
      const next = logged(conflict, event, at);
      const saved = await keep(next);
      if (saved.overtaken) {
        // Another tab logged first and the two can't both stand: the sheet is looked at again on what is
        // stored now, and a refusal is said beside the form, what was chosen kept.
        store.set({ conflict: saved.value, view: saved.view });
        await ask(store);
        return tries < 2 ? actions.log(store, { at, tries: tries + 1 }) : store.set({ shown: { "": /** @type {string} */ (saved.why) } });
      }
      const shown = /** @type {View} */ (store.state.view); // the board logged on
      const view = saved.view ?? { ...shown, state: reply.result.state, entries: [...shown.entries, reply.result.entry] };
      store.set({ conflict: saved.value, view, shown: {}, notice: null, focus: `[data-key="kind:${event.kind}"]` });
      setDraft(store, { kind: null });
      await ask(store);
      tell(store, saved.why || reply.result.entry.text, !!saved.why, saved.merged);
    },

    /** Undo (back) or Redo. Undo puts the undone action back in the sheet to mend, unless an action is
     *  being composed: that one stays, and the notice says so. */
    async step(store, /** @type {boolean} */ back) {
      const { conflict, draft } = store.state;
      const view = /** @type {View} */ (store.state.view); // Undo and Redo are drawn with the board
      const next = back ? undone(conflict) : redone(conflict);
      if (!next) return;
      const taken = back ? conflict.events.at(-1) : null;
      // an action the referee is composing stays; the undone action Undo put back, untouched, is Redo's own
      const composing = !!draft.kind && draft.from !== "undo";
      const reply = back ? await rules.at(conflict, next.events.length, composing ? null : taken) : await rules.apply(conflict, /** @type {import("../../../types/board").BoardEvent} */ (next.events.at(-1)));
      if (!reply.ok) return store.set({ notice: { text: reply.error.message, alert: true } });
      const entries = back ? view.entries.slice(0, -1) : [...view.entries, reply.result.entry];
      const gone = view.entries.at(-1)?.text;
      const saved = await keep(next);
      if (saved.overtaken) { // said aloud and in the notice, as every Undo is said
        store.set({ conflict: saved.value, view: saved.view });
        tell(store, /** @type {string} */ (saved.why), true, null);
        return ask(store);
      }
      store.set({ conflict: saved.value, view: saved.view ?? { ...view, state: reply.result.state, entries }, shown: {} });
      if (back && !composing && reply.result.sheet) {
        setDraft(store, { ...reply.result.sheet.action, from: "undo" });
        store.set({ sheet: reply.result.sheet });
      } else {
        if (!back && !composing) setDraft(store, { kind: null });
        await ask(store);
      }
      const there = store.state.conflict[back ? "events" : "redo"].length;
      store.set({ focus: `[data-key="${back === !!there ? "undo" : "redo"}"]` });
      const words = back ? `Undone: ${gone}` : `Redone: ${entries.at(-1).text}`;
      tell(store, saved.why || (back && composing ? `${words} (the action you are composing is kept).` : words), !!saved.why || (back && composing), saved.merged);
    },
  };
  return actions;
}

/** Say what a kept change did, then what its merge said: in the live region, and in the notice when it is news. */
/** @param {BoardStore} store @param {string} text @param {boolean} alert @param {string | null} said */
function tell(store, text, alert, said) {
  const words = said ? `${text} ${said}` : text;
  store.set({ said: words, ...(alert || said ? { notice: { text: words, alert: true } } : {}) });
}
