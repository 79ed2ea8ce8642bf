// @ts-check
// Moving a whole conflict in and out: share links (offered once the rules have replayed them, opened when
// the player says "Open it"), files imported and exported, a conflict set aside brought back. A conflict
// taken in sets the running one aside first (when anything was logged in it): Undo brings it back.
import * as saved from "../saved.js";
import { keptMine, offerNotice } from "../../../offer.js";
import * as share from "../../../share.js";

/** @typedef {import("../store.js").MoraleStore} MoraleStore @typedef {import("../../../types/morale").Conflict} Conflict */
/** env: {kept (the conflict's keeper), check (a conflict → the rules' verdict)}.
 * @param {{kept: import("../store.js").Keeping["kept"], check: import("../store.js").Keeping["check"]}} env
 * @returns {import("../store.js").MoraleActions} */
export function linkActions({ kept, check }) {
  const count = (/** @type {number} */ n) => `${n} logged event${n === 1 ? "" : "s"}`;

  /** Take a conflict the rules accepted as the one in progress (one with events logged set aside first):
   *  false when it could not be kept (said why: beside the field `where`, when given, and in the notice with
   *  the conflict in progress to export), else {why, replaced}. */
  /** @param {MoraleStore} store @param {Conflict} next @param {import("../../../types/morale").View} view @param {string} reason @param {string | null} [where] */
  async function adopt(store, next, view, reason, where = null) {
    const running = store.state.conflict;
    const setsAside = !!running?.events.length;
    const current = running && JSON.stringify(saved.pack(running), null, 1);
    const took = setsAside ? await kept.replace((/** @type {string} */ at) => ({ ...next, replaced: at }), reason) : await kept.save({ ...next, replaced: null });
    const why = took.why;
    if (setsAside && !took.kept) {
      const w = /** @type {string} */ (why); // not kept: it says why
      const message = `${w[0].toUpperCase()}${w.slice(1)}.`;
      store.set({ ...(where ? { shown: { [where]: message }, focus: "invalid" } : {}), notice: { text: message, alert: true,
        download: { name: saved.fileName("morale-conflict"), text: current },
        buttons: [{ act: "notice-download", label: "Export the conflict in progress" }] } });
      return false;
    }
    store.set({ conflict: took.value, view, mode: "play", share: null, draft: { kind: null }, shown: {},
      ...(why ? { notice: { text: `${why} Export it to keep it.`, alert: true, buttons: [{ act: "export", label: "Export file" }] } } : {}) });
    await store.actions.ask(store);
    return { why, replaced: setsAside };
  }

  /** A conflict's text (a file's or a link's) taken in: the rules replay it first. where: the field a
   *  refusal is said beside ("import"), or null (the notice). */
  async function take(/** @type {MoraleStore} */ store, /** @type {string} */ text, /** @type {string | null} */ where, /** @type {string} */ reason) {
    const { conflict: c, problem } = saved.unpack(text);
    const result = c ? await check(c) : { problem: `This file can't be used: ${problem}.` };
    if (!result.value) {
      const said = String(result.problem);
      const message = result.down || (said.startsWith("This") ? said : `This conflict no longer replays: ${said}`);
      store.set(where ? { shown: { [where]: message }, focus: "invalid" } : { notice: { text: message, alert: true } });
      return false;
    }
    const view = /** @type {import("../../../types/morale").View} */ (result.state); // replayed: its state
    const took = await adopt(store, result.value, view, reason, where);
    if (!took) return false;
    return { ...took, logged: result.value.events.length, redoLeft: !!result.redoProblem };
  }

  return {
    adopt,

    /** Offer what the page's link carries, once the rules have replayed it: what they read, and two buttons.
     *  It speaks of the conflict in progress only when there is one to set aside. */
    async offer(store) {
      const got = await saved.sharedText();
      if (!got) return;
      const refused = (/** @type {string} */ text) => {
        saved.forgetShared();
        return store.set({ offered: null, notice: { alert: true, text } });
      };
      const { conflict: c, problem } = got.text === undefined ? { problem: got.problem } : saved.unpack(got.text);
      if (!c) return refused(`The link carries a conflict that can't be read (${problem}). Nothing was changed.`);
      const { problem: why } = await check(c);
      if (why) return refused(`The link carries a conflict that can't be used: ${why.replace(/\.$/, "")}. Nothing was changed.`);
      // Replayed (or the engine is down, and opening it checks again): the teams as the rules read them.
      const teams = Array.isArray(c.setup.teams) && c.setup.teams.every((t) => typeof t?.name === "string")
        ? c.setup.teams.map((t) => t.name).join(" against ") : "a conflict";
      const mine = store.state.conflict?.events.length ? store.state.conflict : null;
      store.set({ offered: { text: /** @type {string} */ (got.text) }, notice: offerNotice(`This link carries a conflict: ${teams}, ${c.events.length} logged.${mine ? ` Opening it sets yours (${count(mine.events.length)}) aside: Undo brings it back.` : ""}`, { replaces: !!mine }) });
    },

    async "open-shared"(store) {
      const offered = store.state.offered;
      if (!offered) return;
      store.set({ offered: null, notice: null });
      saved.forgetShared();
      const took = await take(store, offered.text, null, "replaced by a shared link");
      if (!took) return;
      store.set({ focus: "play", notice: { alert: !!took.replaced || !!took.why,
        text: `Opened the shared conflict (${count(took.logged)})${took.redoLeft ? ", its redo list left out (it no longer replays)" : ""}.${
          took.why ? ` ${took.why}` : ""}${took.replaced ? " Yours was set aside: Undo brings it back." : ""}` } });
    },

    "keep-mine"(store) {
      saved.forgetShared();
      store.set({ offered: null, notice: { text: keptMine("conflict", !!store.state.conflict) } });
    },

    /** A conflict file: checked by the rules, then it replaces the one in progress (set aside). */
    async import(store, /** @type {File} */ file) {
      const text = await file.text();
      const took = await take(store, text, "import", "replaced by an imported conflict");
      if (!took) return;
      store.set({ focus: "play", said: `Imported ${file.name}: a conflict with ${count(took.logged)}${
        took.redoLeft ? " (its redo list no longer replays and was left out)" : ""}.` });
    },

    export(store) {
      saved.download(saved.fileName("morale-conflict"), JSON.stringify(saved.pack(store.state.conflict), null, 1));
      store.set({ said: "The conflict was exported as a file." });
    },

    /** A link to the conflict as it is, shown under the Share button with its QR code. */
    async share(store) {
      const url = await saved.shareLink(store.state.conflict);
      store.set({ share: await share.offered(url, "this conflict as it is now") });
    },

    /** A conflict set aside brought back (Undo past a start, an import or a link). */
    async "bring-back"(store, /** @type {string} */ at) {
      const back = await kept.bringBack(at);
      if ("error" in back) return store.set({ notice: { text: `The conflict this one replaced can't be brought back (${back.error}).`, alert: true } });
      store.set({ conflict: kept.value, view: kept.view?.state ?? null, draft: { kind: null },
        said: `Undone: the conflict before is back, with ${count(kept.value.events.length)}.` });
      await store.actions.ask(store);
    },
  };
}
