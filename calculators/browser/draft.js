// @ts-check
// The draft of a sheet (the board's action, the tracker's event being composed) and the rules' answer
// for it, the same for each widget with a sheet: the draft is kept at once as it changes (another page,
// a reload lose nothing), and the answer asked for it is taken only while the draft is still the one
// asked about (a keystroke meanwhile asks again).

/** @typedef {{ state: any, set: (patch: object) => void }} Store */
/** @typedef {import("./types/widget").Reply} Reply */

/**
 * @param {{ write: (draft: object) => unknown }} slot where the draft is kept
 * @param {(conflict: any, draft: object) => Promise<Reply>} answer the rules' sheet for a draft
 * @param {(reply: Reply) => object} taken what the store takes of an answer (the sheet, or the refusal said)
 */
export function draftSheet(slot, answer, taken) {
  /** The draft changes: kept at once, and drawn. */
  function setDraft(/** @type {Store} */ store, /** @type {object} */ draft) {
    store.set({ draft });
    slot.write(draft);
  }

  /** The rules' answer for the draft as it is now (in play only). */
  async function ask(/** @type {Store} */ store) {
    const { mode, conflict, draft } = store.state;
    if (mode !== "play" || !conflict) return;
    const asked = draft;
    store.set({ asking: true });
    const reply = await answer(conflict, asked);
    if (store.state.draft !== asked) return; // the draft changed meanwhile (typing): its own ask follows
    store.set({ asking: false, ...taken(reply) });
  }

  /** Change the draft (a field to a value; undefined or "" removes it): messages shown go, the rules are asked. */
  async function change(/** @type {Store} */ store, /** @type {Record<string, unknown>} */ changes) {
    const draft = { ...store.state.draft, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === undefined || value === "") delete draft[key];
    setDraft(store, draft);
    store.set({ shown: {} });
    await ask(store);
  }
  return { setDraft, ask, change };
}

/** The sheet as drawn: the rules' answer, each field showing what was tapped while the answer for it is on
 *  its way (until then a tap on a slow phone seemed to bounce back). @template {{fields: {name: string}[]}} S
 *  @param {S} sheet @param {Record<string, unknown>} draft @param {boolean} asking @returns {S} */
export const drawnSheet = (sheet, draft, asking) => (!asking ? sheet
  : { ...sheet, fields: sheet.fields.map((f) => (Object.hasOwn(draft, f.name) ? { ...f, value: draft[f.name] } : f)) });
