// The one panel of the stress calculator, which the three models configure
// (wounds.js, conditions.js, track.js): the player's state kept per character
// (keeper.js), the hit's preview, editing the character, Apply (or a choice),
// Undo/Redo/Reset, tapping boxes, and the set-aside copies. A model gives what
// differs: its fields, its calls to rules_core and how it draws its boxes.
// An unexpected failure is shown in the panel, never swallowed.
import { keeper } from "./keeper.js";

/**
 * What a model gives (`configure(p)` returns it; `p` is the panel: ui, engine, options, panel,
 * parts, keep, picks, pick, preview, redraw, show, mark, guard):
 * - bounds(state): the cheap check before anything is drawn (a reason, or null);
 * - check(state): the rules' check, async: {state} (normalised) or {error};
 * - fill(state): put the state into the character's fields; drawBoxes(result|null): the boxes;
 * - request(): the preview's calls, async: {reply (the hit), …what draw needs};
 * - draw(got, stale): draw a good reply; after(got): drawn after every preview (optional);
 * - hit(): the hit's call for Apply; applied(result, choice): {state, label, log, trait?} or null;
 * - edit(): the character's fields checked, async: {state} or {error} (default: check them);
 * - place(field, scope): where an error goes, [scope, field] (default: that scope);
 * - wrong(): does a field show an error (default: any in the panel);
 * - forget(): drop what was chosen for one hit; afterEdit(), afterReset(), onCharacter(event, edit), wire() (optional).
 * @typedef {{ model: string, what: string, resetLabel: string }} PanelKind
 */

const clone = (value) => JSON.parse(JSON.stringify(value));

/** @param {any} base  @param {PanelKind} kind  @param {(p: any) => any} configure */
export function makePanel(base, { model, what, resetLabel }, configure) {
  const { ui, options, panel } = base;
  const parts = panelParts(panel);
  const { signal } = base; // the mount's one AbortController: dispose drops every listener
  const fresh = () => clone(options.empty[model]);
  /** @type {any} */
  let hooks = null;
  const keep = keeper(base, model, what, fresh, (s) => hooks.check(s), (s) => hooks.bounds(s), (m) => notify(parts, m));

  /** Show an unexpected failure at the top of the panel (and in the console), then stop. */
  const fail = (error) => {
    console.error(error);
    ui.showError(panel, { field: null, message: `Something went wrong in this calculator: ${error?.message || error}. Reload the page to try again.` });
    blockActions(parts);
  };
  /** fn, with any failure shown in the panel. */
  const guard = (fn) => async (...args) => {
    try {
      return await fn(...args);
    } catch (error) {
      fail(error);
      return undefined;
    }
  };
  /** Show a rules error beside its field (where the model places it) or at the top of the panel. */
  const show = (error, scope) => {
    const [where, name] = hooks.place ? hooks.place(error.field, scope) : [scope, error.field];
    showAt(ui, panel, where, name, error);
  };
  const wrong = () => (hooks.wrong ? hooks.wrong() : hasErrors(panel));

  const p = {
    ...base, fresh, parts, keep, show, guard,
    picks: pickRow(ui, parts),
    /** @type {number | null} a box (or slot) number the player picked instead of the one the rules chose */
    pick: null,
    preview: ui.latest(guard(async (isStale) => {
      const got = await hooks.request();
      if (isStale()) return;
      guardFocus(panel, parts, () => {
        ui.clearErrors(parts.hit);
        ui.clearErrors(panel, []); // the panel-wide message, if any
        if (!got.reply.ok) show(got.reply.error, parts.hit);
        if (got.reply.ok) hooks.draw(got, wrong());
        else blockActions(parts);
        hooks.after?.(got);
      });
    })),
    redraw() {
      if (drawn()) p.preview();
    },
    /** The player changed the state by hand (a box tapped): kept without an undo step. */
    mark(state) {
      keep.set(state);
      p.pick = null;
      hooks.forget?.();
      p.redraw();
    },
    /** Apply and the choices are off while a field shows an error. */
    block: () => blockActions(parts),
    /** The choice buttons after a trait (Surrender, Last Stand…). */
    choices(names, stale) {
      drawButtons(ui, parts.choices, names.map((name) => ({
        key: name, text: options.choices[name] || name, cls: "calc__primary", onclick: () => act(name),
      })));
      parts.apply.hidden = names.length > 0;
      if (stale) blockActions(parts);
    },
    /** The other boxes (or slots) that fit, to pick instead of the rules' choice; text(n) names one. */
    alternatives(title, numbers, text) {
      p.picks.draw(numbers.length ? title : "", numbers.map((n) => ({
        key: String(n), text: text(n), pressed: false, onclick: () => { p.pick = n; p.preview(); },
      })));
    },
    /** What applying a Gauntlet Forge hit keeps: the changes, the Last Stand if chosen, the words for the log. */
    taken(message, choice, changes, trait) {
      const s = keep.state;
      const chose = choice ? ` Then: ${options.choices[choice] || choice}.` : "";
      return {
        state: { ...s, ...changes, last_stand: s.last_stand || choice === "last_stand" },
        label: message + chose, log: `Applied: ${message}${chose}`, trait,
      };
    },
    drawButtons: (container, items) => drawButtons(ui, container, items),
    answer: (lines, stale) => drawAnswer(ui, parts, lines, stale),
  };
  hooks = configure(p);

  function drawFields() {
    hooks.fill(keep.state);
    ui.clearErrors(parts.character);
    hooks.drawBoxes(null);
    parts.undo.disabled = !keep.canUndo;
    parts.redo.disabled = !keep.canRedo;
  }
  /** Draw the fields from the state; false (and the failure shown) if that went wrong. */
  function drawn() {
    try {
      drawFields();
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }

  const editCharacter = ui.latest(guard(async (isStale) => {
    const checked = await (hooks.edit ? hooks.edit() : hooks.check({ ...keep.state, ...ui.readFields(parts.character, hooks.characterFields) }));
    if (isStale()) return;
    ui.clearErrors(parts.character);
    if (checked.error) {
      show(checked.error, parts.character);
      blockActions(parts);
      return;
    }
    keep.set(checked.state);
    hooks.forget?.();
    hooks.afterEdit?.();
    p.preview();
  }));

  async function apply(choice) {
    const reply = await hooks.hit();
    if (!reply.ok) show(reply.error, parts.hit);
    if (!reply.ok || wrong()) return blockActions(parts); // the message says what to fix
    const done = hooks.applied(reply.result, choice);
    if (!done) return;
    keep.commit(done.state, done.label);
    hooks.forget?.();
    if (done.trait) base.gainTrait(done.trait);
    parts.log.textContent = done.log;
    p.pick = null;
    p.redraw();
  }
  const once = wireActions(ui, fresh, parts, keep, guard, {
    signal, apply, redraw: p.redraw, resetLabel, afterReset: () => hooks.afterReset?.(),
  });
  const act = once(apply);
  p.once = once;
  hooks.wire?.(); // the model's own controls (a track's switch, the recovery)

  panel.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-box]");
    if (button && hooks.toggle) p.mark(hooks.toggle(button, Number(button.dataset.box)));
  }, { signal });
  parts.hit.addEventListener("input", () => { p.pick = null; p.preview(); }, { signal });
  parts.hit.addEventListener("change", () => { p.pick = null; p.preview(); }, { signal });
  parts.character.addEventListener("input", (event) => (hooks.onCharacter ? hooks.onCharacter(event, editCharacter) : editCharacter()), { signal });
  if (!hooks.onCharacter) parts.character.addEventListener("change", () => editCharacter(), { signal });
  return startPanel(ui, model, parts, keep, drawn, p.redraw, fail);
}

/** Buttons drawn from a list, updated in place so the one with the focus keeps it. */
function drawButtons(ui, container, items) {
  const old = new Map([...container.querySelectorAll(":scope > button[data-key]")].map((b) => [b.dataset.key, b]));
  let previous = null;
  for (const item of items) {
    let button = old.get(item.key);
    old.delete(item.key);
    if (!button) button = ui.el("button", { type: "button", "data-key": item.key });
    if (button.previousElementSibling !== previous || button.parentNode !== container) {
      container.insertBefore(button, previous ? previous.nextSibling : container.firstChild);
    }
    button.textContent = item.text;
    button.className = item.cls || "";
    for (const [name, value] of Object.entries({ "aria-pressed": item.pressed, "aria-label": item.label })) {
      if (value == null) button.removeAttribute(name);
      else button.setAttribute(name, String(value));
    }
    button.disabled = !!item.disabled;
    button.onclick = item.onclick;
    previous = button;
  }
  for (const button of old.values()) button.remove();
}

/** What every panel has: the answer, the picks, Apply/Undo/Reset, the log and the notice. */
function panelParts(panel) {
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
function showAt(ui, panel, scope, name, error) {
  if (name && scope.querySelector(`[data-field="${CSS.escape(name)}"]`)) ui.showError(scope, { ...error, field: name });
  else ui.showError(panel, { ...error, field: null });
}

function notify(parts, message) {
  if (!message) return;
  parts.notice.textContent = message;
  parts.notice.hidden = false;
}

/** Redraw with `draw()`; if the focused control went away or was disabled, focus the next useful one. */
function guardFocus(panel, parts, draw) {
  const before = /** @type {HTMLElement | null} */ (document.activeElement);
  draw();
  const gone = (node) => !node.isConnected || node.disabled || node.hidden || !node.offsetParent;
  if (!before || !panel.contains(before) && before.isConnected || !gone(before)) return;
  const next = [parts.apply, ...parts.picks.querySelectorAll("button"), ...parts.choices.querySelectorAll("button"),
    parts.undo, parts.redo, parts.reset].find((node) => !gone(node));
  next?.focus();
}

/** The controls every panel shares: Apply (or a choice), Undo, Reset, and a guard against double taps. */
function wireActions(ui, fresh, parts, keep, guard, { signal, apply, redraw, resetLabel, afterReset }) {
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
function drawAnswer(ui, parts, lines, stale) {
  parts.answer.replaceChildren(
    ui.el("p", { class: "calc__answer" }, ui.el("strong", {}, lines[0])),
    ...lines.slice(1).filter(Boolean).map((line) => ui.el("p", { class: "calc-stress__line" }, line)));
  parts.answer.classList.toggle("calc__result--stale", stale);
}

/** A titled row of buttons in the picks area (alternatives, options). */
function pickRow(ui, parts) {
  const title = ui.el("p", { class: "calc-stress__line" });
  const row = ui.el("div", { class: "calc__buttons calc-stress__pick-row" });
  parts.picks.replaceChildren(title, row);
  return {
    draw(text, items) {
      title.textContent = text;
      title.hidden = !text;
      drawButtons(ui, row, items);
      parts.picks.hidden = !text && !items.length;
    },
  };
}

/** While a field of the panel shows an error nothing can be applied: Apply and the
 *  choices (Surrender, Last Stand…) are disabled together, and the answer is marked stale. */
function blockActions(parts) {
  parts.answer.classList.add("calc__result--stale");
  parts.apply.disabled = true;
  for (const b of parts.choices.querySelectorAll("button")) b.disabled = true;
}

/** What every panel does once wired: read storage and check its bounds, draw at once, have the
 *  rules check the stored state when the engine is up, follow other tabs' changes. Copies set
 *  aside are listed under the notice, to download or discard. */
function startPanel(ui, model, parts, keep, drawn, redraw, fail) {
  const panel = parts.apply.closest("[data-panel]");
  const asides = ui.el("div", { class: "calc-stress__asides" });
  parts.notice.after(asides);
  const showAsides = () => ui.store.drawAsides(ui, asides, keep.store, { prefix: `stress-${model}-set-aside`, what: "saved values" });
  const reload = () => {
    notify(parts, keep.load());
    showAsides();
  };
  const unwatch = keep.watch(() => { reload(); redraw(); });
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
