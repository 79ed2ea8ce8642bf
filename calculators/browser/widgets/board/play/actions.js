// @ts-check
// The play view's actions: the kept board opened, another tab's news, the table view's tabs, the notices.

/** env: {k (the conflict's keeper), sheets (the draft's slot), rules, setupNotices, viewOf}.
 * @param {{k: ReturnType<typeof import("../../../keeping/keeper.js").keeper>, sheets: ReturnType<typeof import("../keep.js").sheetStore>,
 *          rules: import("../store.js").Rules, setupNotices: string[]}} env
 * @returns {import("../store.js").BoardActions} */
export function playActions({ k, sheets, rules, setupNotices }) {
  return {
    /** The board as the page opens: the kept conflict (checked by the rules; one that can't be used is set
     *  aside and said), the action being composed (checked by the rules too), then a link's offer. */
    async open(store, /** @type {{linked: boolean}} */ { linked }) {
      const opened = await k.open();
      const conflict = opened.value ?? null;
      const { draft, notice } = await sheets.opened(rules.draft);
      const notices = [opened.notice, ...setupNotices, notice].filter(Boolean);
      // A copy set aside is listed with the tools (a tab away in the table view): the notice leads there.
      const buttons = notices.length ? [{ act: "tab", tab: "tools", label: "Show the copies set aside" }] : [];
      store.set({ conflict, view: conflict ? opened.view?.board ?? null : null, mode: conflict ? "play" : "setup", draft,
        notice: notices.length ? { text: notices.join(" "), alert: true, buttons } : null });
      if (store.state.setup.draft.aspects?.length) await store.actions.places(store); // a kept setup's aspects' places
      await store.actions.ask(store);
      if (linked) await store.actions.offer(store);
    },

    /** Another tab stored a new version: the board takes it in (the action being composed stays as it is). */
    async news(store, /** @type {import("../../../keeping/keeper.js").News} */ { value, view, notice }) {
      if (!value) return;
      store.set({ conflict: value, view: view?.board ?? store.state.view });
      if (store.state.mode === "play") await store.actions.ask(store);
      if (notice) store.set({ notice: { text: notice, alert: true } });
    },

    tab(store, /** @type {string} */ tab) {
      store.set({ tab });
    },
    dismiss(store) {
      store.set({ notice: null });
    },
  };
}
