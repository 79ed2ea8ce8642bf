// @ts-check
// The map in files and links (actions of store.js): exported as JSON or YAML, imported (maps/files.js), shared in
// a link (#borders=…) and a link's map offered and opened (the player's own map set aside first by the keeper).
import * as share from "../../share.js";
import { exportText, parseText } from "../../maps/files.js";
import { download } from "../../keeping/download.js";
import { readKind } from "../../keeping/checks.js";

const SHARE = "borders"; // the link's #borders=…
const FORMAT = "conflict-table/border-map";

/** A link's map as it arrived: {data} or {problem}. @param {{text?: string, problem?: string}} got */
const readLink = (got) => (got.problem ? { problem: got.problem }
  : readKind(String(got.text), { format: FORMAT, what: "a border map", not: "it does not carry a border map" }));

/** @typedef {import("./store.js").BordersStore} BordersStore
 *  @param {{ask: (store: BordersStore) => void, MOVE: string[],
 *           refuse: (store: BordersStore, error: {message: string}, where: () => string) => false,
 *           commit: (store: BordersStore, map: unknown, where: () => string, how: object) => Promise<boolean>}} services the store's */
export function linkActions({ commit, refuse, ask, MOVE }) {
  /** @type {{map: any, move?: any} | null} */
  let data = null; // the link's map, offered and not opened yet
  /** @type {Record<string, (store: BordersStore, ...args: any[]) => any>} */
  const actions = {
    async offer(store) {
      const got = await share.received(SHARE);
      if (!got) return;
      const { data: found, problem } = readLink(got);
      if (problem) {
        share.forget(SHARE);
        return store.set({ share: { say: `The link carries a map that can't be read (${problem}). Nothing was changed.` } });
      }
      data = /** @type {{map: any, move?: any}} */ (found);
      store.set({ share: { offer: typeof found?.map?.name === "string" ? `“${found.map.name.slice(0, 60)}”` : "a map" } });
    },
    /** The link's map, checked by the rules as an import is; the move it carries goes into the move's fields. */
    async "open-shared"(store) {
      if (!data) return;
      const move = data.move && typeof data.move === "object" ? { ...data.move } : {};
      if (move.destination === undefined) move.destination = move.target; // links made before the field was renamed from "target"
      if (!await commit(store, data.map, () => "import", {
        note: "Opened the shared map; yours was set aside (download it below).", replace: "replaced by a shared link",
        path: true, said: (/** @type {string} */ why) => `The shared map can't be used: ${why.replace(/\.$/, "")}. Nothing was changed.`,
      })) return;
      data = null;
      share.forget(SHARE);
      const given = Object.fromEntries(MOVE.filter((name) => typeof move[name] === "string").map((name) => [name, move[name]]));
      store.set((/** @type {any} */ s) => ({ share: null, move: { ...s.move, ...given } }));
      ask(store);
    },
    "keep-mine"(store) {
      share.forget(SHARE);
      data = null;
      store.set({ share: { say: "The shared map was not opened; yours is as it was." } });
    },
    async share(store) {
      const { move, current } = store.state;
      if (!current) return;
      const given = Object.fromEntries(MOVE.filter((name) => move[name] !== "").map((name) => [name, move[name]]));
      const url = await share.link(SHARE, { format: FORMAT, version: 1, map: current.map, move: given });
      store.set({ share: { link: await share.offered(url, "this map and move as they are now") } });
    },
    async import(store, /** @type {File} */ file) {
      let map;
      try {
        map = await parseText(await file.text(), file.name);
      } catch (error) {
        return refuse(store, /** @type {Error} */ (error), () => "import");
      }
      await commit(store, map, () => "import", { note: `Imported ${file.name}.`, path: true });
    },
    async export(store, /** @type {"json" | "yaml"} */ format) {
      const { current } = store.state;
      if (!current) return;
      const { name, type, text } = await exportText(current.map, format);
      download(name, text, type);
      store.set({ saved: `Exported as ${format.toUpperCase()}.` });
    },
  };
  return actions;
}
