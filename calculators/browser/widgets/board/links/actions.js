// @ts-check
// Moving a whole board in and out: share links (opened once the rules have checked them and the referee
// says "Open it"), files imported and exported, a board set aside brought back. A conflict taken in sets
// the running one aside first, even with nothing logged (its typed setup is never lost).
import * as files from "../files.js";
import { keptMine, offerNotice } from "../../../offer.js";

/** @typedef {import("../store.js").BoardStore} BoardStore @typedef {import("../../../types/board").Conflict} Conflict
 *  @typedef {{value: Conflict, board: import("../../../types/board").View, problem?: undefined, down?: undefined}
 *    | {problem?: string, down?: string, value?: undefined, board?: undefined}} Verdict the rules' verdict on a conflict */
/** env: {k (the conflict's keeper), check (a conflict → the rules' verdict), checkText, wid}.
 * @param {{k: ReturnType<typeof import("../../../keeping/keeper.js").keeper>, check: (c: Conflict) => Promise<Verdict>,
 *          checkText: (text: string) => Promise<Verdict>}} env
 * @returns {import("../store.js").BoardActions} */
export function linkActions({ k, check, checkText }) {
  /** Take a conflict the rules accepted as the one in progress (the shown one set aside first): false when
   *  it was not taken (said why), else {why}: why is the sentence said when the browser would not keep it. */
  /** @param {BoardStore} store @param {Conflict} c @param {import("../../../types/board").View} view @param {string} reason */
  async function adopt(store, c, view, reason) {
    const running = !!store.state.conflict;
    const got = running ? await k.replace(c, reason) : await k.save(c);
    const why = got.why;
    if (why && running) {
      store.set({ notice: { text: why, alert: true }, said: why });
      return false;
    }
    store.set({ conflict: c, view, mode: "play", tab: "play", share: null, draft: { kind: null }, shown: {}, focus: "play" });
    await store.actions.ask(store);
    return { why, replaced: got.setAside };
  }

  const bringBackButton = (/** @type {string} */ at, /** @type {string} */ label) => ({ act: "bring-back", label, at });

  async function open(/** @type {BoardStore} */ store, /** @type {{conflict?: Conflict, problem?: string}} */ got) {
    files.forgetLink();
    if (!got.conflict) return store.set({ notice: { text: `The link carries a board that can't be read (${got.problem}). Nothing was changed.`, alert: true } });
    const verdict = await check(got.conflict);
    if (!verdict.value) return store.set({ notice: { text: `The shared board can't be used: ${verdict.problem || verdict.down} Nothing was changed.`, alert: true } });
    const took = await adopt(store, verdict.value, verdict.board, "set aside when a shared board was opened");
    if (!took) return;
    store.set({ notice: { alert: true, text: `Opened the shared board (${verdict.value.events.length} logged).${took.why ? ` ${took.why}` : ""}${took.replaced ? " Yours was set aside." : ""}`,
      buttons: took.replaced ? [bringBackButton(took.replaced, "Bring mine back")] : [] } });
  }

  return {
    adopt,

    /** Offer what the page's link carries, if anything: what the rules read of it, and two buttons. */
    async offer(store) {
      const got = await files.linked();
      if (!got) return;
      if (!got.conflict) return open(store, got);
      // The rules read the link before a word of it is written: what the offer says is what they read.
      const verdict = await check(got.conflict);
      if (verdict.down) return store.set({ notice: { text: `The link carries a conflict board, which can't be checked now (${verdict.down}). Reload the page to try again.`, alert: true } });
      if (!verdict.value) {
        files.forgetLink();
        return store.set({ notice: { text: `The shared board can't be used: ${verdict.problem} Nothing was changed.`, alert: true } });
      }
      const sides = verdict.board.state.sides.map((side) => side.name);
      const mine = store.state.conflict ? " Opening it sets yours aside (you can bring it back)." : "";
      store.set({ offered: got, tab: "play", notice: offerNotice(`This link carries a conflict board: ${sides.join(" against ")}, ${
        verdict.board.entries.length} logged.${mine}`, { replaces: !!store.state.conflict }) });
    },

    async "open-shared"(store) {
      const got = store.state.offered;
      store.set({ offered: null, notice: null });
      if (got) await open(store, got);
    },

    "keep-mine"(store) {
      files.forgetLink();
      store.set({ offered: null, notice: { text: keptMine("board", !!store.state.conflict) } });
    },

    /** A copy in the set-aside list back as the conflict (the one shown set aside first, when `keep`). */
    async "bring-back"(store, /** @type {string} */ at, { keep = false } = {}) {
      const got = await k.bringBack(at, { keep });
      if ("error" in got) return store.set({ notice: { text: `It could not be brought back: ${got.error}.`, alert: true } });
      store.set({ conflict: got.value, view: got.view.board, mode: "play", draft: { kind: null }, notice: { text: keep && k.asides().length
        ? "Your board is back; the one it replaced was set aside (below)." : "Your board is back." }, focus: "play" });
      await store.actions.ask(store);
    },

    /** A conflict file: checked by the rules, then it replaces the board (which is set aside). */
    async import(store, /** @type {File} */ file) {
      const verdict = await checkText(await file.text());
      if (!verdict.value) return store.set({ shown: { import: `This file can't be used: ${verdict.problem || verdict.down}` }, tab: "tools" });
      const took = await adopt(store, verdict.value, verdict.board, "replaced by an imported conflict");
      if (!took) return;
      store.set({ shown: {}, notice: took.why ? { text: `Imported ${file.name}. ${took.why}`, alert: true }
        : { text: `Imported ${file.name}.${took.replaced ? " Your conflict was set aside (in the list below): you can bring it back." : ""}`,
          alert: !!took.replaced, buttons: took.replaced ? [bringBackButton(took.replaced, "Bring mine back")] : [] } });
    },

    export(store) {
      files.exportFile(store.state.conflict);
      store.set({ said: "The conflict was exported as a file." });
    },

    /** A link to the board as it is, shown under the Share button with its QR code. */
    async share(store) {
      const url = await files.shareLink(store.state.conflict);
      store.set({ share: await files.offerLink(url) });
    },
  };
}
