// @ts-check
// The board's files and links: the conflict as a JSON file, a link carrying it (share.js: #board=…, checked
// before it replaces anything), a map file for the setup (the border calculator's reader).
import * as share from "../../share.js";
import { parseText } from "../../maps/files.js";
import { download, fileName } from "./keep.js";
import { pack, unpack } from "./conflict.js";

const LINK = "board";
/** @typedef {import("../../types/board").Conflict} Conflict */

export const exportFile = (/** @type {Conflict} */ conflict) => download(fileName("conflict-board"), JSON.stringify(pack(conflict), null, 1));
export const shareLink = (/** @type {Conflict} */ conflict) => share.link(LINK, pack(conflict, { bare: true }));
export const offerLink = (/** @type {string} */ url) => share.offered(url, "this board as it is now");
export const forgetLink = () => share.forget(LINK);

/** What the page's link carries: null, {conflict} or {problem}. */
export async function linked() {
  const got = /** @type {{text: string, problem?: undefined} | {problem: string, text?: undefined} | null} */ (await share.received(LINK));
  if (!got) return null;
  return got.text === undefined ? { problem: got.problem } : unpack(got.text);
}

/** A map from a YAML or JSON file (as the border calculator exports), checked by the rules: {map} or {problem}. */
export async function mapFile(/** @type {File} */ file, /** @type {import("../../types/widget").Engine} */ engine) {
  let map;
  try {
    map = await parseText(await file.text(), file.name);
  } catch (error) {
    return { problem: /** @type {Error} */ (error).message };
  }
  const checked = await engine.call("borders.check", { map });
  return checked.ok ? { map } : { problem: checked.error.message };
}
