// @ts-check
// The name the border calculator keeps (index.js: the map) and how Import everything checks it: the
// rules' check of the map. keeping/checks.js loads this list through the build's registry.
import { jsonCheck, judged } from "../../keeping/checks.js";

/** @type {[RegExp, import("../../keeping/checks.js").KeptCheck][]} */
export const KEPT = [
  [/^borders$/, jsonCheck(async (map, engine) => judged(await engine.call("borders.check", { map })))],
];
