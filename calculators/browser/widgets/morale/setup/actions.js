// @ts-check
// The setup view's actions: the teams and members as typed (kept as `morale:draft`), the starting morale
// and turn order the rules read from them, Start, New conflict and Back.
import * as drafts from "./draft.js";

/** @typedef {import("../store.js").MoraleStore} MoraleStore @typedef {import("../../../types/morale").SetupDraft} SetupDraft */
/** env: {rules, forms (rules_core's form per edition), slot (the typed setup's slot)}.
 * @param {{rules: import("../store.js").Rules, forms: Record<string, import("../store.js").Form>, slot: {write: (draft: SetupDraft) => unknown}}} env */
export function setupActions({ rules, forms, slot }) {
  /** The typed setup changes: kept at once, and drawn. @param {MoraleStore} store @param {SetupDraft} draft @param {object} [more] */
  function write(store, draft, more = {}) {
    store.set({ setup: { ...store.state.setup, draft, ...more } });
    slot.write(draft);
  }
  const edit = (/** @type {MoraleStore} */ store, /** @type {(draft: SetupDraft) => void} */ change, /** @type {string} */ focus) => {
    const draft = structuredClone(store.state.setup.draft); // the state is never changed in place
    change(draft);
    write(store, draft);
    store.set({ focus });
  };
  /** The rules' messages for a setup they refuse, by field (a field they name, or the form's). */
  const messages = (/** @type {import("../../../types/widget").Refusal} */ error) => ({ [error.field ?? ""]: error.message });
  /** The setup as typed, read by the rules (morale.setup), then replayed with no event: {setup, reply}. */
  async function replayed(/** @type {SetupDraft} */ draft) {
    const typed = await rules.call("morale.setup", { draft });
    if (!typed.ok) return { setup: null, reply: typed };
    const { setup } = typed.result;
    return { setup, reply: await rules.call("morale.replay", { setup, events: [] }) };
  }

  /** @type {import("../store.js").MoraleActions} */
  const actions = {
    /** A setup field typed (its path: "teams.0.members.1.name"), outside the queue (store.now); the preview follows. */
    "setup-typed"(store, /** @type {string} */ path, /** @type {string | number | boolean} */ value) {
      const draft = structuredClone(store.state.setup.draft);
      drafts.put(draft, path, value);
      write(store, draft);
      store.dispatch("preview");
    },
    async edition(store, /** @type {string} */ edition) {
      if (!forms[edition] || store.state.setup.draft.edition === edition) return;
      edit(store, (d) => { d.edition = edition; }, '[name="edition"]');
      await actions.preview(store);
    },
    "add-member"(store, /** @type {number} */ i) {
      const j = store.state.setup.draft.teams[i].members.length;
      edit(store, (d) => d.teams[i].members.push(drafts.blankMember()), `[name="teams[${i}].members[${j}].name"]`);
    },
    "remove-member"(store, /** @type {number} */ i, /** @type {number} */ j) {
      edit(store, (d) => drafts.removeMember(d, i, j), `[data-key="add-member:${i}"]`);
    },
    "add-team"(store) {
      const i = store.state.setup.draft.teams.length;
      edit(store, (d) => d.teams.push(drafts.blankTeam()), `[name="teams[${i}].name"]`);
    },
    "remove-team"(store, /** @type {number} */ i) {
      edit(store, (d) => d.teams.splice(i, 1), '[data-key="add-team"]');
    },

    /** The starting morale and turn order, as the rules read what is typed; once a start was tried, their
     *  messages beside the fields too. Nothing typed yet: not asked (the engine's first moments are the player's). */
    async preview(store) {
      const { draft, tried } = store.state.setup;
      if (store.state.mode !== "setup" || (!tried && drafts.isEmpty(draft))) return;
      const { reply } = await replayed(draft);
      if (store.state.setup.draft !== draft || store.state.mode !== "setup") return;
      const errors = tried && !reply.ok ? messages(reply.error) : {};
      if (!reply.ok) return store.set({ setup: { ...store.state.setup, errors, preview: { text: store.state.setup.preview?.text ?? "", stale: true } } });
      const text = /** @type {import("../../../types/morale").View} */ (reply.result).opening?.preview ?? "";
      store.set({ setup: { ...store.state.setup, errors, preview: { stale: false, text } } });
    },

    /** Start: the rules check the setup; a conflict in progress is set aside first (Undo brings it back). */
    async start(store) {
      const { setup, reply } = await replayed(store.state.setup.draft);
      if (!reply.ok) {
        return store.set({ setup: { ...store.state.setup, tried: true, errors: messages(reply.error) }, focus: "invalid" });
      }
      const fresh = { setup, events: [], redo: [], ids: [], redoIds: [], dropped: [], refused: [] };
      const took = await store.actions.adopt(store, fresh, reply.result, "replaced by another conflict");
      if (!took) return;
      store.set({ setup: { ...store.state.setup, tried: false, errors: {} }, notice: took.why ? store.state.notice : null, focus: "play" });
      const aside = took.replaced ? " The one before was set aside: Undo brings it back." : "";
      store.set({ said: `${reply.result.opening?.started ?? ""}${aside}` });
    },

    /** New conflict: the setup view, starting from the same teams (a rematch). */
    new(store) {
      const draft = drafts.draftFrom(store.state.conflict.setup);
      write(store, draft, { tried: false, errors: {} });
      store.set({ mode: "setup", focus: "setup", share: null });
      return actions.preview(store);
    },
    /** Back to the conflict in progress. */
    back(store) {
      store.set({ mode: "play", focus: "play" });
    },
  };
  return actions;
}
