// @ts-check
// The names the board keeps and how Import everything checks each (the board's own checks), listed where
// they are kept: keeping/checks.js loads this list through the build's registry and knows no widget.
import { jsonCheck, judged, shapeCheck } from "../../keeping/checks.js";
import { fullLog, unpack } from "./conflict.js";
import { setupsProblem } from "./keep.js";
import { draftProblem } from "./setup/draft.js";

/** @type {[RegExp, import("../../keeping/checks.js").KeptCheck][]} */
export const KEPT = [
  // The conflict (store.js's keeper "board"): conflict.unpack, then the rules replay its log with its redo
  // list (board.replay of conflict.fullLog: a prefix of a log that replays replays too).
  [/^board$/, async (text, engine) => {
    if (text === "null") return null; // nothing kept yet
    const { conflict, problem } = unpack(text);
    if (!conflict) return { problem: `it is damaged: ${problem}` };
    return judged(await engine.call("board.replay", { setup: conflict.setup, events: fullLog(conflict) }));
  }],
  // The setup being typed (keep.js's draftStore reads it through the same check).
  [/^board:draft$/, shapeCheck(draftProblem)],
  // The action being composed (keep.js, sheetStore): every key and value checked by the rules (board.draft),
  // the check the board reads it through.
  [/^board:action$/, jsonCheck(async (action, engine) =>
    judged(await engine.call("board.draft", { action }), "it is not an action being composed: "))],
  // The saved setups, by name (keep.js, setups()): each a setup as Load puts it in the setup view (the rules
  // judge it when it is started), so every part of its shape is checked here, as the board reads it.
  [/^board:setups$/, shapeCheck(setupsProblem)],
];
