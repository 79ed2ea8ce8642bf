// The set-aside view: a slot's set-aside copies, each with a download button, and
// "Discard set-aside copies" (which asks first).
import { download, fileName } from "./download.js";

/**
 * The set-aside list of a slot, drawn into `box` (a download button per copy and
 * "Discard set-aside copies", which asks first). Call again to redraw; returns the count.
 * out: the box's data-out ("asides"; another for a second list beside the first).
 * bringBack(at): when given, each copy also has a "Bring copy N back" button (the keeper's bringBack).
 */
export function drawAsides(ui, box, store, { prefix, what = "copies", bringBack = null, out = "asides" }) {
  const { el } = ui;
  const list = store.asides();
  box.hidden = !list.length;
  box.classList.add("calc-asides");
  box.dataset.out = out;
  if (!list.length) {
    box.replaceChildren();
    return 0;
  }
  const ask = el("div", { class: "calc__buttons calc-asides__ask", hidden: true },
    el("span", {}, `Discard ${list.length === 1 ? "this copy" : `these ${list.length} copies`} for good?`),
    el("button", { type: "button", "data-act": "aside-discard-yes",
      onclick: () => { store.discardAsides(); drawAsides(ui, box, store, { prefix, what, bringBack, out }); } }, "Discard"),
    el("button", { type: "button", "data-act": "aside-discard-no",
      onclick: () => { ask.hidden = true; discard.hidden = false; discard.focus(); } }, "Keep them"));
  const discard = el("button", { type: "button", "data-act": "aside-discard",
    onclick: () => { discard.hidden = true; ask.hidden = false; ask.querySelector("button").focus(); } }, "Discard set-aside copies");
  box.replaceChildren(
    el("p", {}, `Set aside (${what} that could not be used or were replaced, kept here): ${list.length}.` +
      (store.allKept ? "" : " Some are only in this page, as storage is full: download them.")),
    el("ul", { class: "calc-asides__list" }, ...list.map((item, i) => el("li", {},
      el("button", { type: "button", "data-act": "aside-download", "data-index": i,
        onclick: () => download(fileName(prefix, item.at), item.text) },
      `Download copy ${i + 1} (${item.raw ? "date unknown" : item.at.slice(0, 16).replace("T", " ")})`),
      bringBack && !item.raw ? el("button", { type: "button", "data-act": "aside-bring-back", "data-index": i,
        onclick: () => bringBack(item.at) }, `Bring copy ${i + 1} back`) : null,
      el("span", { class: "calc-asides__why" }, ` ${item.reason}`)))),
    el("div", { class: "calc__buttons" }, discard),
    ask);
  return list.length;
}
