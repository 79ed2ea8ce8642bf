// @ts-check
// The play view's actions: the kept conflict opened, another tab's news, the notices, the table view.
import { download, fileName } from "../saved.js";

/** env: {rules, kept (the conflict's keeper), sheets (the draft's slot)}.
 * @param {{rules: import("../store.js").Rules, kept: import("../store.js").Keeping["kept"],
 *          sheets: ReturnType<typeof import("../keep.js").actionSlot>}} env
 * @returns {import("../store.js").MoraleActions} */
export function playActions({ rules, kept, sheets }) {
  return {
    /** The tracker as the page opens: the kept conflict (checked by the rules; one that can't be used is set
     *  aside and said), the event being composed (checked by the rules too), then a link's offer. */
    async open(store, /** @type {{linked: boolean}} */ { linked }) {
      const got = await kept.open();
      const notices = [];
      let download = null;
      if (got.problem) {
        notices.push(`The saved conflict could not be opened (${got.problem}). ${got.kept ? "It was set aside, not deleted: you can download it below."
          : "It could not be set aside (storage is full): download it before you start a new conflict."}`);
        download = { name: fileName("morale-set-aside"), text: got.text ?? "" };
      } else if (got.notice) notices.push(got.notice);
      if (kept.view?.redoProblem) {
        kept.slot.setAside(/** @type {string} */ (kept.slot.text()), `its redo list no longer replays: ${kept.view.redoProblem}`);
        await kept.save(kept.value);
        notices.push("The saved conflict opened, but its redo list no longer replays; a copy was set aside.");
      }
      const conflict = kept.value ?? null;
      const { draft, notice } = await sheets.opened((action) => rules.call("morale.draft", { action }));
      if (notice) notices.push(notice);
      store.set({ conflict, view: conflict ? kept.view?.state ?? null : null, mode: conflict ? "play" : "setup", draft,
        notice: notices.length ? { text: notices.join(" "), alert: true, ...(download ? { download, buttons: [{ act: "notice-download", label: "Download it" }] } : {}) } : null });
      await store.actions.ask(store);
      if (linked) await store.actions.offer(store);
    },

    /** Another tab stored a new version: the tracker takes it in (the event being composed stays). */
    async news(store, /** @type {import("../../../keeping/keeper.js").News} */ { value, notice }) {
      if (store.state.mode === "loading") return;
      const changed = value !== store.state.conflict;
      store.set({ conflict: value, view: kept.view?.state ?? store.state.view });
      if (changed && store.state.mode === "play") await store.actions.ask(store);
      if (notice) store.set({ notice: { text: notice, alert: true } });
    },

    dismiss(store) {
      store.set({ notice: null });
    },
    /** The notice's download (a saved conflict that could not be opened, as it was stored). */
    "notice-download"(store) {
      const d = store.state.notice?.download;
      if (d) download(d.name, d.text);
    },
    /** The table view opened or closed (tableview.js: an address, so Back closes it). */
    table(store, /** @type {boolean} */ open) {
      store.set({ table: open, focus: open ? (store.state.mode === "play" ? "[data-who] [aria-pressed=\"true\"], [data-act=\"table-close\"]" : "setup") : null });
    },
  };
}
