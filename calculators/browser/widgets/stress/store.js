// @ts-check
// The stress calculator's one store (its state below) and its named actions (party/actions.js,
// panels/actions.js). Every answer is rules_core's, asked through the models (panels/models.js).
import { createStore } from "../../store.js";
import { MODELS } from "../../party/roster.js";
import { rosterKeeper, stateKeeper } from "./keep.js";
import { stressModels } from "./panels/models.js";
import { firstSheet, panelActions } from "./panels/actions.js";
import { partyActions } from "./party/actions.js";

/**
 * @typedef {object} StressState
 * @property {any} options the build's options (names, limits, the fresh states, the fields' first values)
 * @property {string} model the model shown (wounds, conditions, track)
 * @property {any} roster the party ({current, people}), this tab's current character
 * @property {{said: {text: string, offer: boolean} | null, errors: Record<string, string | undefined>, share: any,
 *            name: string | null, trait: string, offered: string | null}} party what the party's controls show
 * @property {Record<string, any>} panels model → its panel (panels/actions.js's firstSheet)
 * @property {string | null} broken an unexpected failure, said in every panel (nothing can be applied after it)
 * @property {string | null} focus where the focus goes after the next draw (a field's name or a selector)
 * @property {number} asides the set-aside lists' version (a change draws them again)
 * @typedef {import("../../store.js").Store<StressState> & {actions: Record<string, Function>, roster: any, keepers: Record<string, any>}} StressStore
 */

/** @param {{engine: {call: (name: string, payload: any) => Promise<any>}, options: any, render?: (state: StressState) => void,
 *          failed?: (error: Error, store: StressStore) => void}} env
 * @returns {StressStore} */
export function stressStore({ engine, options, render, failed }) {
  const models = stressModels(engine, options);
  const keepers = Object.fromEntries(MODELS.map((m) => [m, stateKeeper(models[m])]));
  const roster = rosterKeeper();
  const parties = partyActions({ roster, keepers, models });
  /** @type {Record<string, (store: StressStore, ...args: any[]) => any>} */
  const actions = {
    ...panelActions({ models, keepers, gainTrait: parties.gain }),
    ...parties,
    /** Open what is kept: the roster (a notice when it was set aside), then every panel. */
    async open(store) {
      const opened = roster.read();
      store.set({ roster: roster.value });
      if (opened.notice) store.set({ party: { ...store.state.party, said: { text: opened.notice, offer: false } } });
      for (const model of MODELS) await actions.load(store, model);
    },
    model: (store, model) => store.set({ model }),
    /** The site-wide edition, at once (store.now): 2023 and 2022 show the wound boxes in it, the wiki its
     *  conditions; a track stays. true when the wound boxes' edition changed (their answer is asked next). */
    edition(store, edition) {
      if (store.state.model === "track") return false;
      store.set({ model: edition === "wiki" ? "conditions" : "wounds" });
      if (edition === "wiki" || store.state.panels.wounds.typed.edition === edition) return false;
      actions.typed(store, "wounds", "edition", edition);
      return true;
    },
  };
  /** @type {StressState} */
  const initial = {
    options, model: options.model, roster: roster.value, broken: null, focus: null, asides: 0,
    party: { said: null, errors: {}, share: null, name: null, trait: "", offered: null },
    panels: Object.fromEntries(MODELS.map((m) => [m, firstSheet(models[m], options.fields[m])])),
  };
  const store = /** @type {StressStore} */ (createStore(initial, { actions: /** @type {any} */ (actions), render, failed: /** @type {any} */ (failed) }));
  return Object.assign(store, { actions, roster, keepers });
}
