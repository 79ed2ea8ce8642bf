// The names the conflict board keeps and how Import everything checks each (the same checks the
// board uses): listed here, where they are kept; keeping/checks.js loads this list through the
// build's registry and knows no widget.
import { json, judged, isRecord } from "../../keeping/checks.js";
import { unpack } from "./conflict.js";
import { isDraft } from "./setup.js";
import { usableSheet } from "./keep.js";

/** @type {[RegExp, import("../../keeping/checks.js").KeptCheck][]} */
export const KEPT = [
  // The conflict (index.js's keeper "board"): conflict.unpack, then the rules replay its log (board.replay).
  [/^board$/, async (text, engine) => {
    if (text === "null") return null; // nothing kept yet
    const { conflict, problem } = unpack(text);
    if (problem) return { problem: `it is damaged: ${problem}` };
    return judged(await engine.call("board.replay", { setup: conflict.setup, events: conflict.events }));
  }],
  // The setup being typed (drafting.js reads it with setup.isDraft).
  [/^board:draft$/, async (text) => {
    const got = json(text);
    if (got.problem) return got;
    return isDraft(got.value) ? null : { problem: "it is not a conflict's setup" };
  }],
  // The action being composed (keep.js, sheetStore): a sheet with its kind or none.
  [/^board:action$/, async (text) => {
    const got = json(text);
    if (got.problem) return got;
    return usableSheet(got.value) ? null : { problem: "it is not an action being composed" };
  }],
  // The saved setups, by name (keep.js, setups()): each a setup as board.replay takes it; saved as typed
  // (the rules judge it when it is started), so only its shape is checked here.
  [/^board:setups$/, async (text) => {
    const got = json(text);
    if (got.problem) return got;
    if (!isRecord(got.value)) return { problem: "it is not a list of saved setups by name" };
    for (const [name, s] of Object.entries(got.value)) {
      if (!isRecord(s) || !isRecord(s.map) || !Array.isArray(s.sides) || !Array.isArray(s.actors)) {
        return { problem: `the setup “${name.slice(0, 40)}” is not a conflict's setup` };
      }
    }
    return null;
  }],
];
