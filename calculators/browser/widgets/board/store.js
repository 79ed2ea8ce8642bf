// @ts-check
// The conflict board's one store: all it shows is in its state, every tap a named action (sheet/, play/,
// setup/, links/ each bring theirs); what the rules say is rules_core's, asked through rules.js.
import { createStore } from "../../store.js";
import { keeper } from "../../keeping/keeper.js";
import { fateFaces } from "../../rolling.js";
import { codec, merge, refuse, unpack } from "./conflict.js";
import { draftStore, setAsideNotice, setups, party, sheetStore } from "./keep.js";
import { rulesFor } from "./rules.js";
import * as drafts from "./setup/draft.js";
import { sheetActions } from "./sheet/actions.js";
import { playActions } from "./play/actions.js";
import { setupActions } from "./setup/actions.js";
import { linkActions } from "./links/actions.js";

/** What the board draws: rules_core's state and log entries, with the map's zones, borders and grid. */
/** @param {Conflict} c @param {{state: State, entries: Entry[], map?: {layout: View["layout"]}}} result @returns {View} */
export const viewOf = (c, result) => ({ state: result.state, entries: result.entries, layout: result.map?.layout ?? null,
  zones: drafts.zoneNames(c.setup.map), borders: (c.setup.map.borders ?? []).map((/** @type {{between: [string, string]}} */ b) => b.between) });

/**
 * @typedef {object} BoardState
 * @property {"loading" | "setup" | "play"} mode
 * @property {any} conflict the conflict kept ({setup, events, redo, ids…})
 * @property {View | null} view rules_core's view of it ({state, entries, layout, zones, borders})
 * @property {import("../../types/board").Draft} draft the action being composed (board:action)
 * @property {import("../../types/board").Sheet | null} sheet board.sheet's answer for the draft
 * @property {boolean} asking an answer for a newer draft is on its way
 * @property {Record<string, string>} shown messages shown beside fields (Log it tapped with something missing)
 * @property {{text: string, alert?: boolean, sticky?: boolean, buttons?: {act: string, label: string, at?: string, tab?: string, primary?: boolean, replaces?: boolean}[]} | null} notice
 * @property {string} said the last thing said to a screen reader
 * @property {number} heard how many things were said (each one a new line in the live region, the same words too)
 * @property {string} tab the table view's tab
 * @property {boolean} table the table view is open
 * @property {any} share the share link offered under Share ({url, words, code})
 * @property {any} offered a link's conflict, offered and not opened yet
 * @property {{draft: import("../../types/board").SetupDraft, saved: string[], errors: Record<string, string>, note: string,
 *   places: string[][]}} setup the setup being typed (places: board.setup's, where its aspects can go)
 * @property {string | null} focus where the focus goes after the next draw
 * @typedef {import("../../store.js").Store<BoardState> & {actions: Record<string, Function>, k: any, setupSlots: any[]}} BoardStore
 * @typedef {Record<string, (store: BoardStore, ...args: any[]) => unknown>} BoardActions each action: the store, then its arguments
 * @typedef {import("../../types/board").Conflict} Conflict @typedef {import("../../types/board").View} View @typedef {import("../../types/board").State} State @typedef {import("../../types/board").Entry} Entry
 * @typedef {ReturnType<typeof rulesFor>} Rules @typedef {import("../../types/board").Options} Options
 */

/** The board's store for a mounted widget: options are the widget's (maps, map).
 * @param {{engine: import("../../types/widget").Engine, options: Options, render: (state: BoardState) => void,
 *          failed: (error: Error, store: import("../../store.js").Store<BoardState>) => void}} env */
export function boardStore({ engine, options, render, failed }) {
  const rules = rulesFor(engine);
  /** The rules' judgement of a conflict: {value, board} | {problem} | {down} (the engine is not running). */
  const check = async (/** @type {Conflict} */ c) => {
    const got = await rules.judge(c);
    return "value" in got ? { value: c, board: viewOf(c, got) } : got;
  };
  const checkText = async (/** @type {string} */ text) => { const got = unpack(text); return got.conflict ? check(got.conflict) : got; };
  const k = keeper("board", { check, merge, refuse, codec, what: "conflict" });
  const sheets = sheetStore();

  /** Keep a conflict: what happened, as the keeper answers it (Kept), with the board's view when the rules judged it. */
  const keep = async (/** @type {Conflict} */ next) => {
    const got = await k.save(next);
    return { ...got, view: got.view?.board ?? null };
  };

  // The setup being typed and the saved setups: a kept one that can't be used is set aside, never drawn.
  const slot = draftStore();
  const saved = setups();
  const read = slot.checked();
  const lost = saved.open();
  const setupNotices = /** @type {string[]} */ ([read.problem && setAsideNotice("setup being typed", read.problem, !!read.kept),
    lost && setAsideNotice("setups", String(lost.problem), !!lost.kept)].filter(Boolean));
  const first = options.maps.find((m) => m.id === options.map) ?? options.maps[0];

  const actions = {
    ...sheetActions({ rules, sheets, keep, random: () => fateFaces() }),
    ...playActions({ k, sheets, rules, setupNotices }),
    ...setupActions({ rules, engine, options, slot, saved, party, viewOf }),
    ...linkActions({ k, check, checkText }),
  };
  /** @type {BoardState} */
  const initial = {
    mode: "loading", conflict: null, view: null, draft: { kind: null }, sheet: null, asking: false, shown: {}, notice: null,
    said: "", heard: 0, tab: "play", table: false, share: null, offered: null, focus: null,
    setup: { draft: read.value !== undefined ? read.value : drafts.emptyDraft(first.id, first.map), saved: Object.keys(saved.all()), errors: {}, note: "",
      places: [] },
  };
  const store = /** @type {BoardStore} */ (createStore(initial, { actions, render, failed }));
  const set = store.set;
  // Whatever is said is said again when it is the same words (a second refusal is news too): counted here,
  // once for every action, so no action counts for itself.
  store.set = (patch) => set((s) => {
    const p = typeof patch === "function" ? patch(s) : patch;
    return "said" in p ? { ...p, heard: s.heard + 1 } : p;
  });
  store.k = k;
  /** The slots whose set-aside copies the board lists: [slot, prefix, what]. */
  store.setupSlots = [[slot, "conflict-setup-set-aside", "setups being typed"], [saved.store, "conflict-setups-set-aside", "saved setups"],
    [sheets.store, "conflict-action-set-aside", "actions being composed"]];
  return store;
}
