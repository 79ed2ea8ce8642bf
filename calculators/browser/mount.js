// @ts-check
// What mounting a widget of one store and one view takes, the same for each: the page's taps become the store's
// actions by their data-act, a notice that asks nothing goes at the next tap, each draw puts the focus where asked.

/** @typedef {{ state: any, set: (patch: object) => void, dispatch: (name: string, ...args: any[]) => Promise<any> }} Store */

/** A tap: a notice that asks nothing goes (it said its piece), then the tap's action. A notice stays when it
 *  is sticky or offers a download, and for its own buttons (dismiss, notice-download). */
export function tapper(/** @type {Store} */ store) {
  return (/** @type {string} */ name, /** @type {any[]} */ ...args) => {
    const n = store.state.notice;
    if (n && !n.sticky && !n.download && name !== "dismiss" && name !== "notice-download") store.set({ notice: null });
    return store.dispatch(name, ...args);
  };
}

/** A widget's listeners, every one removed at once when it is unmounted (`stop`); `signal` for the others'.
 *  Its form never submits: Enter in a field would leave the page (a widget's own submit listener still runs).
 *  @param {HTMLFormElement} form */
export function listeners(form) {
  const listening = new AbortController();
  const { signal } = listening;
  /** @param {EventTarget} target @param {string} type @param {(e: any) => any} fn */
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
  on(form, "submit", (/** @type {Event} */ e) => e.preventDefault());
  return { on, signal, stop: () => listening.abort() };
}

/** What a widget with a sheet (the board, the tracker) does alike: Enter starts the setup or logs the action
 *  open, another tab's news comes in through the store's queue (between two taps, never mid-tap), and the
 *  first open shows the table view when the address asks for it, and a link's offer there.
 *  @param {Store & {actions: Record<string, Function>, queued: Function, flush: () => void}} store
 *  @param {{watch: Function}} kept the conflict's keeper
 *  @param {{form: HTMLFormElement, table: {fromAddress: () => void, show: () => void}, tap: (name: string, ...args: any[]) => unknown,
 *           on: ReturnType<typeof listeners>["on"], signal: AbortSignal}} how */
export function sheetMount(store, kept, { form, table, tap, on, signal }) {
  on(form, "submit", () => {
    if (store.state.mode === "setup") tap("start");
    else if (store.state.draft.kind) tap("log", { at: Date.now() });
  });
  kept.watch((/** @type {unknown} */ news) => store.actions.news(store, news), { signal, via: store.queued });
  store.flush();
  store.dispatch("open", { linked: true }).then(() => {
    table.fromAddress();
    if (store.state.offered) table.show();
  });
}

/** The file a file input was given, the input emptied so that choosing the same file again is a change too. */
export function takeFile(/** @type {HTMLInputElement} */ input) {
  const file = /** @type {File} */ (input.files?.[0]);
  input.value = "";
  return file;
}

/** Taps on the buttons in `form` by their data-act: `clicks[act](button)` names the store's action and its
 *  arguments (sent through `tap`), an act in `plain` is the action of its name with none; `own[act]()` is the
 *  mount's own business (the table view, print).
 * @param {HTMLElement} form
 * @param {{ clicks?: Record<string, (t: HTMLElement) => any[]>, plain?: string[], own?: Record<string, () => void>,
 *           tap?: (name: string, ...args: any[]) => unknown }} how
 * @param {AbortSignal} signal */
export function onClicks(form, { clicks = {}, plain = [], own = {}, tap = () => undefined }, signal) {
  form.addEventListener("click", (e) => {
    const t = e.target instanceof Element ? e.target.closest("button[data-act]") : null;
    if (!(t instanceof HTMLElement)) return;
    const act = t.dataset.act ?? "";
    if (Object.hasOwn(own, act)) return own[act]();
    if (plain.includes(act)) return tap(act);
    if (Object.hasOwn(clicks, act)) { const [name, ...args] = clicks[act](t); tap(name, ...args); }
  }, { signal });
}

/** A control that can't be used now (gone, off or hidden). @param {any} node */
const gone = (node) => !node.isConnected || node.disabled || node.hidden || !node.offsetParent;

/** The focus where the last action asked for it (state.focus, once): "panel", "play" or "setup" (that
 *  title), "invalid" (the first field refused, else the first message), or selectors (the first found, in
 *  the list's order). While the rules' answer is on its way (state.asking, in play) the focus waits for it:
 *  the answer draws the sheet anew, and a control focused before would be gone; if the player moved the
 *  focus meanwhile, it stays where they put it. `scrolls(at)`: whether focusing may scroll the page.
 *  `lost(state, before)`: when no focus is asked and the draw took away or turned off the control in `app`
 *  that had the focus (`before`, handed with the state), selectors of where it goes (the first usable).
 *  @param {HTMLElement} app @param {string} wid
 *  @param {{ scrolls: (at: string) => boolean, lost?: (state: any, before: HTMLElement) => string }} how */
export function focuser(app, wid, { scrolls, lost }) {
  /** @type {Element | null} */
  let from = null; // where the focus was when a focus began to wait for the rules' answer
  const first = (/** @type {string} */ selectors, usable = false) => selectors.split(/,\s*(?![^()]*\))/).reduce(
    (/** @type {Element | null} */ found, one) => found ?? [...app.querySelectorAll(one)].find((node) => !usable || !gone(node)) ?? null, null);
  return (/** @type {{ focus: string | null, asking?: boolean, mode?: string }} */ state, /** @type {Element | null} */ before = null) => {
    if (state.asking && state.mode === "play") {
      from ??= document.activeElement;
      return;
    }
    const at = state.focus;
    state.focus = null; // taken: a later draw for another reason leaves the focus where the player put it
    const moved = from && from !== document.activeElement && document.activeElement !== document.body && document.activeElement?.isConnected;
    from = null;
    if (moved) return;
    /** @type {Record<string, string>} */
    const titles = { panel: `#${CSS.escape(wid)}-panel-title`, play: `#${CSS.escape(wid)}-play-title`, setup: `#${CSS.escape(wid)}-setup-title` };
    const taken = before instanceof HTMLElement && (app.contains(before) || !before.isConnected) && gone(before);
    const node = !at ? taken && lost && first(lost(state, before), true)
      : at === "invalid"
        ? app.querySelector('[aria-invalid="true"]') ?? app.querySelector(".calc__error:not([hidden]), .calc__form-error:not([hidden])")
        : titles[at] ? app.querySelector(titles[at]) : first(at);
    if (!(node instanceof HTMLElement)) return;
    if (!node.matches("input, select, textarea, button, [tabindex]")) node.tabIndex = -1;
    node.focus({ preventScroll: !scrolls(at ?? "") });
  };
}
