// What every panel of the stress calculator shares (panel.js puts them together): its parts
// found in the build-time HTML, the buttons and answers it draws (lit-html: a redraw updates what
// changed, and the button with the focus keeps it), errors and notices, Apply/Undo/Redo/Reset
// guarded against double taps, and the start (storage read, the rules' check, other tabs followed).
import { html, nothing, render } from "../../vendor/lit-html/lit-html.js";
import { repeat } from "../../vendor/lit-html/directives/repeat.js";
import { live } from "../../vendor/lit-html/directives/live.js";
import { drawAsides } from "../../keeping/setaside.js";

/** Buttons from a list of {key, text, cls?, pressed?, label?, disabled?, onclick}, keyed. `disabled` is
 *  read from the button itself (live): blockActions may have turned it off since the last draw. */
const buttons = (items) => repeat(items, (item) => item.key, (item) => html`<button type="button" data-key=${item.key}
  class=${item.cls || ""} aria-pressed=${item.pressed ?? nothing} aria-label=${item.label ?? nothing}
  .disabled=${live(!!item.disabled)} @click=${item.onclick}>${item.text}</button>`);

/** Draw buttons from a list into `container` (which holds nothing else). */
export function drawButtons(container, items) {
  render(buttons(items), container);
}

/** What every panel has: the answer, the picks, Apply/Undo/Reset, the log and the notice. */
export function panelParts(panel) {
  const get = (selector) => panel.querySelector(selector);
  return {
    answer: get('[data-out="answer"]'),
    picks: get('[data-out="picks"]'),
    choices: get('[data-out="choices"]'),
    log: get('[data-out="log"]'),
    notice: get('[data-out="notice"]'),
    apply: get('[data-act="apply"]'),
    undo: get('[data-act="undo"]'),
    redo: get('[data-act="redo"]'),
    reset: get('[data-act="reset"]'),
    hit: get('[data-part="hit"]'),
    character: get('[data-part="character"]'),
  };
}

export function hasErrors(scope) {
  return !!scope.querySelector(".calc__error:not([hidden]), .calc__form-error:not([hidden])");
}

/** Show an error beside `name` inside `scope`, or at the top of the panel when there is no such field. */
export function showAt(ui, panel, scope, name, error) {
  if (name && scope.querySelector(`[data-field="${CSS.escape(name)}"]`)) ui.showError(scope, { ...error, field: name });
  else ui.showError(panel, { ...error, field: null });
}

export function notify(parts, message) {
  if (!message) return;
  parts.notice.textContent = message;
  parts.notice.hidden = false;
}

/** Redraw with `draw()`; if the focused control went away or was disabled, focus the next useful one. */
export function guardFocus(panel, parts, draw) {
  const before = /** @type {HTMLElement | null} */ (document.activeElement);
  draw();
  const gone = (node) => !node.isConnected || node.disabled || node.hidden || !node.offsetParent;
  if (!before || !panel.contains(before) && before.isConnected || !gone(before)) return;
  const next = [parts.apply, ...parts.picks.querySelectorAll("button"), ...parts.choices.querySelectorAll("button"),
    parts.undo, parts.redo, parts.reset].find((node) => !gone(node));
  next?.focus();
}

/** The controls every panel shares: Apply (or a choice), Undo, Reset, and a guard against double taps. */
export function wireActions(ui, fresh, parts, keep, guard, { signal, apply, redraw, resetLabel, afterReset }) {
  let busy = false;
  const once = (fn) => guard(async (...args) => {
    if (busy) return;
    busy = true;
    try {
      await fn(...args);
    } finally {
      busy = false;
    }
  });
  const panel = parts.apply.closest("[data-panel]");
  parts.apply.addEventListener("click", once(() => apply(null)), { signal });
  const step = (back, done) => once(async () => {
    const went = await keep.step(back);
    parts.log.textContent = went.error || (went.label ? `${done}: ${went.label}` : "");
    guardFocus(panel, parts, redraw);
  });
  parts.undo.addEventListener("click", step(true, "Undone"), { signal });
  parts.redo.addEventListener("click", step(false, "Redone"), { signal });
  parts.reset.addEventListener("click", once(async () => {
    keep.commit(fresh(), resetLabel);
    afterReset();
    parts.log.textContent = `${resetLabel}. Undo brings them back.`;
    guardFocus(panel, parts, redraw);
  }), { signal });
  return once; // once(fn): fn, guarded the same way (for the choice buttons, the recovery)
}

/** The answer area: the message, and the other lines given. */
export function drawAnswer(parts, lines, stale) {
  render(html`<p class="calc__answer"><strong>${lines[0]}</strong></p>${
    lines.slice(1).filter(Boolean).map((line) => html`<p class="calc-stress__line">${line}</p>`)}`, parts.answer);
  parts.answer.classList.toggle("calc__result--stale", stale);
}

/** A titled row of buttons in the picks area (alternatives, options). */
export function pickRow(parts) {
  return {
    draw(text, items) {
      render(html`<p class="calc-stress__line" ?hidden=${!text}>${text}</p>
        <div class="calc__buttons calc-stress__pick-row">${buttons(items)}</div>`, parts.picks);
      parts.picks.hidden = !text && !items.length;
    },
  };
}

/** While a field of the panel shows an error nothing can be applied: Apply and the
 *  choices (Surrender, Last Stand…) are disabled together, and the answer is marked stale. */
export function blockActions(parts) {
  parts.answer.classList.add("calc__result--stale");
  parts.apply.disabled = true;
  for (const b of parts.choices.querySelectorAll("button")) b.disabled = true;
}

/** What every panel does once wired: read storage and check its bounds, draw at once, have the
 *  rules check the stored state when the engine is up, follow other tabs' changes. Copies set
 *  aside are listed under the notice, to download or discard. */
export function startPanel(ui, model, parts, keep, drawn, redraw, fail) {
  const panel = parts.apply.closest("[data-panel]");
  const asides = ui.el("div", { class: "calc-stress__asides" });
  parts.notice.after(asides);
  const showAsides = () => drawAsides(asides, keep.store, { prefix: `stress-${model}-set-aside`, what: "saved values" });
  const reload = () => {
    notify(parts, keep.load());
    showAsides();
  };
  const unwatch = keep.watch((notice) => { reload(); notify(parts, notice); redraw(); });
  const start = () => {
    reload();
    drawn(); // at once, from storage (its bounds checked); the rules check it when the engine is up
    keep.verify().then((message) => { notify(parts, message); showAsides(); redraw(); }).catch(fail);
  };
  start();
  return {
    dispose: unwatch,
    fresh: keep.fresh,
    check: keep.check,
    bounds: keep.bounds,
    /** Show another character (its slot name): their state, their undo steps. */
    switchTo(name) {
      keep.use(name);
      parts.notice.hidden = true;
      parts.log.textContent = "";
      ui.clearErrors(panel, []);
      start();
    },
  };
}
