// @ts-check
// The set-aside view: a slot's set-aside copies, each with a download button, and "Discard set-aside copies" (which
// asks first), drawn through lit-html. It needs a page (lit-html reads `document` when it loads): the widgets
// import it themselves; keeper.js and index.js, which Node's tests import, do not.
import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { download, fileName } from "./download.js";

/** The boxes whose "Discard set-aside copies" was pressed: they ask "… for good?" until answered. @type {WeakMap<HTMLElement, boolean>} */
const asking = new WeakMap();

const when = (/** @type {{at: string, raw?: boolean}} */ item) => (item.raw ? "date unknown" : item.at.slice(0, 16).replace("T", " "));

/**
 * The list as a template (no whitespace between the parts: the words read as they always did).
 * @param {object} s
 * @param {{at: string, text: string, reason: string, raw?: boolean}[]} s.list the copies
 * @param {boolean} s.allKept every copy is in storage (else some are only in this page)
 * @param {string} s.what what the copies are ("conflicts", "maps")
 * @param {boolean} s.ask the question "Discard … for good?" is shown instead of its button
 * @param {{download: (i: number) => void, bringBack: ((i: number) => void) | null, ask: () => void, discard: () => void, keep: () => void}} s.on
 */
export const asidesHtml = ({ list, allKept, what, ask, on }) => html`<p>Set aside (${what} that could not be used or were replaced, kept here): ${
  list.length}.${allKept ? "" : " Some are only in this page, as storage is full: download them."}</p><ul class="calc-asides__list">${
  list.map((item, i) => html`<li><button type="button" data-act="aside-download" data-index=${i} @click=${() => on.download(i)}
    >Download copy ${i + 1} (${when(item)})</button>${on.bringBack && !item.raw ? html`<button type="button" data-act="aside-bring-back"
    data-index=${i} @click=${() => on.bringBack?.(i)}>Bring copy ${i + 1} back</button>` : nothing}<span class="calc-asides__why"> ${
    item.reason}</span></li>`)}</ul><div class="calc__buttons"><button type="button" data-act="aside-discard" ?hidden=${ask}
  @click=${on.ask}>Discard set-aside copies</button></div><div class="calc__buttons calc-asides__ask" ?hidden=${!ask}><span
  >Discard ${list.length === 1 ? "this copy" : `these ${list.length} copies`} for good?</span><button type="button"
  data-act="aside-discard-yes" @click=${on.discard}>Discard</button><button type="button" data-act="aside-discard-no"
  @click=${on.keep}>Keep them</button></div>`;

/**
 * The set-aside list of a slot, drawn into `box` (a download button per copy and
 * "Discard set-aside copies", which asks first). Call again to redraw; returns the count.
 * out: the box's data-out ("asides"; another for a second list beside the first).
 * bringBack(at): when given, each copy also has a "Bring copy N back" button (the keeper's bringBack).
 * @param {HTMLElement} box
 * @param {{asides: () => any[], discardAsides: () => any, allKept?: boolean}} store a slot (slot.js)
 * @param {{prefix: string, what?: string, bringBack?: ((at: string) => any) | null, out?: string}} options
 */
export function drawAsides(box, store, { prefix, what = "copies", bringBack = null, out = "asides" }) {
  const list = store.asides();
  if (!list.length) asking.delete(box); // a list that comes back later starts without the question
  box.hidden = !list.length;
  box.classList.add("calc-asides");
  box.dataset.out = out;
  const again = () => drawAsides(box, store, { prefix, what, bringBack, out });
  /** Ask or not, drawn at once; then the focus goes to `act`'s button. */
  const turn = (/** @type {boolean} */ ask, /** @type {string} */ act) => {
    asking.set(box, ask);
    again();
    /** @type {HTMLElement | null} */ (box.querySelector(`[data-act="${act}"]`))?.focus();
  };
  const on = {
    download: (/** @type {number} */ i) => download(fileName(prefix, list[i].at), list[i].text),
    bringBack: bringBack && ((/** @type {number} */ i) => bringBack(list[i].at)),
    ask: () => turn(true, "aside-discard-yes"),
    keep: () => turn(false, "aside-discard"),
    discard: () => {
      store.discardAsides();
      asking.set(box, false);
      again();
    },
  };
  render(list.length ? asidesHtml({ list, allKept: !!store.allKept, what, ask: !!asking.get(box), on }) : nothing, box);
  return list.length;
}
