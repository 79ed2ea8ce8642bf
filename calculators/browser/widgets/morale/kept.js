// @ts-check
// The names the tracker keeps and how Import everything checks each (its keeper's own checks), listed where
// they are kept: keeping/checks.js loads this list through the build's registry and knows no widget.
import { judged, shapeCheck } from "../../keeping/checks.js";
import { unpack } from "./saved.js";
import { isDraft } from "./setup/draft.js";

/** @type {[RegExp, import("../../keeping/checks.js").KeptCheck][]} */
export const KEPT = [
  // The conflict (keep.js): saved.unpack, then the rules replay it.
  [/^morale$/, async (text, engine) => {
    if (text === "null") return null;
    const { conflict, problem } = unpack(text);
    if (!conflict) return { problem: `it is damaged: ${problem}` };
    return judged(await engine.call("morale.replay", { setup: conflict.setup, events: conflict.events }));
  }],
  // The setup being typed (index.js reads it with setup.isDraft).
  [/^morale:draft$/, shapeCheck((value) => (isDraft(value) ? null : "it is not a conflict's setup"))],
];
