// @ts-check
// The morale tracker's one store: all it shows is in its state, every tap a named action (sheet/, play/,
// setup/, links/ each bring theirs); what the rules say is rules_core's, asked through tap.js.
import { createStore } from "../../store.js";
import { poolFaces } from "../../rolling.js";
import { tapped } from "./tap.js";
import { keeping, actionSlot } from "./keep.js";
import * as saved from "./saved.js";
import * as drafts from "./setup/draft.js";
import { sheetActions } from "./sheet/actions.js";
import { playActions } from "./play/actions.js";
import { setupActions } from "./setup/actions.js";
import { linkActions } from "./links/actions.js";

/**
 * @typedef {object} MoraleState
 * @property {"loading" | "setup" | "play"} mode
 * @property {any} conflict the conflict kept ({setup, events, redo, ids…, replaced})
 * @property {import("../../types/morale").View | null} view rules_core's state of it (morale.replay: teams, turn, log…)
 * @property {import("../../types/morale").Draft} draft the event being composed (morale:action)
 * @property {import("../../types/morale").Sheet | null} sheet morale.sheet's answer for the draft
 * @property {boolean} asking an answer for a newer draft is on its way
 * @property {Record<string, string>} shown messages shown beside fields (the button tapped with something missing)
 * @property {{text: string, alert?: boolean, sticky?: boolean, buttons?: {act: string, label: string, primary?: boolean,
 *            replaces?: boolean}[], download?: {name: string, text: string}} | null} notice
 * @property {string} said the last thing said to a screen reader
 * @property {boolean} table the table view is open
 * @property {any} share the share link offered under Share ({url, words, code})
 * @property {{text: string} | null} offered a link's conflict, offered and not opened yet
 * @property {{draft: any, tried: boolean, errors: Record<string, string>, preview: {text: string, stale: boolean} | null}} setup
 * @property {string | null} focus where the focus goes after the next draw (a title's name, or selectors: the first found, in order)
 * @typedef {import("../../store.js").Store<MoraleState> & {actions: Record<string, Function>, kept: any}} MoraleStore
 * @typedef {Record<string, (store: MoraleStore, ...args: any[]) => unknown>} MoraleActions each action: the store, then its arguments
 * @typedef {import("../../types/morale").Rules} Rules @typedef {import("../../types/morale").Form} Form
 * @typedef {ReturnType<typeof import("./keep.js").keeping>} Keeping the conflict's keeper and the rules' check of a conflict
 */

/** The tracker's store for a mounted widget. forms: rules_core's form per edition (rendered at build time);
 *  edition: the one a new conflict is set up in; random: the dice roller's draw (n d6 faces).
 * @param {{engine: import("../../types/widget").Engine, forms: Record<string, Form>, edition?: string, render: (state: MoraleState) => void,
 *          failed: (error: Error, store: import("../../store.js").Store<MoraleState>) => void, random?: (n: number) => number[]}} env */
export function moraleStore({ engine, forms, edition = "2023", render, failed, random = poolFaces }) {
  const rules = tapped(engine, forms); // a tap sends one event, not the log
  const { kept, check } = keeping(rules);
  const sheets = actionSlot();
  const setupSlot = saved.draftStore();
  const typed = setupSlot.read();
  const actions = {
    ...sheetActions({ rules, kept, sheets, random }),
    ...playActions({ rules, kept, sheets }),
    ...setupActions({ rules, forms, slot: setupSlot }),
    ...linkActions({ kept, check }),
  };
  const first = drafts.isDraft(typed.value) && forms[typed.value.edition] ? typed.value : drafts.emptyDraft(forms[edition] ? edition : "2023");
  /** @type {MoraleState} */
  const initial = {
    mode: "loading", conflict: null, view: null, draft: { kind: null }, sheet: null, asking: false, shown: {}, notice: null,
    said: "", table: false, share: null, offered: null, focus: null,
    setup: { draft: first, tried: false, errors: {}, preview: null },
  };
  const store = /** @type {MoraleStore} */ (createStore(initial, { actions, render, failed }));
  store.kept = kept;
  return store;
}
