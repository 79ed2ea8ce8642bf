// @ts-check
// A press on a control is aimed where the finger or the pointer went down; its click comes when it is
// lifted. An answer from the rules drawn in between can move that control (a message cleared above
// it, a preview filled in), and the press then ends on something else: the click is lost, or it
// starts what lay below. So while a control is pressed, the rules' answers wait (engine.js hands
// them over through afterPress); they are let through as the press's click begins (the click is
// aimed by then, and its handlers see the page with the answers drawn), or a moment after a press
// that makes no click (dragged off the control, turned into a scroll), and never later than press.longestMs.

const CONTROL = "button, a[href], input, select, textarea, label, summary, [role='button']";

/** How long answers wait (engine.js shows it as calcEngine.press, so a test can change it). */
export const press = {
  afterLiftMs: 300, // a tap's click comes within this of its lift
  longestMs: 1500, // a press held longer is not a tap: nothing waits on it any more
};

let pressing = false;
const waiting = /** @type {(() => void)[]} */ ([]);
let timer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);

function letThrough() {
  pressing = false;
  clearTimeout(timer);
  for (const fn of waiting.splice(0)) fn();
}

function wait(/** @type {number} */ ms) {
  clearTimeout(timer);
  timer = setTimeout(letThrough, ms);
}

const on = (/** @type {string} */ type, /** @type {(event: any) => void} */ fn) => globalThis.addEventListener?.(type, fn, true);
on("pointerdown", (event) => {
  const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
  if (!control || control.matches(":disabled")) return; // a disabled control takes no click: nothing to aim
  pressing = true;
  wait(press.longestMs);
});
on("pointerup", () => pressing && wait(press.afterLiftMs));
on("pointercancel", () => pressing && letThrough());
on("click", () => pressing && letThrough());
on("blur", (event) => event.target === globalThis && pressing && letThrough()); // the window lost the focus: no lift may come

/** Run `fn` now, or, while a control is pressed, once the press is over (in the order asked). */
export function afterPress(/** @type {() => void} */ fn) {
  if (pressing) waiting.push(fn);
  else fn();
}
