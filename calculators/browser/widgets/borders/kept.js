// @ts-check
// The name the border calculator keeps (index.js: the map) and how Import everything checks it: the
// rules' check of the map. keeping/checks.js loads this list through the build's registry.
import { json, judged } from "../../keeping/checks.js";

/** @type {[RegExp, import("../../keeping/checks.js").KeptCheck][]} */
export const KEPT = [
  [/^borders$/, async (text, engine) => {
    const got = json(text);
    if (got.problem) return got;
    return judged(await engine.call("borders.check", { map: got.value }));
  }],
];
