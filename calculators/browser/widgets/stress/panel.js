// The one panel of the stress calculator, which the three models configure
// (wounds.js, conditions.js, track.js): the player's state kept per character
// (keeper.js), the hit's preview, editing the character, Apply (or a choice),
// Undo/Redo/Reset, tapping boxes, and the set-aside copies. A model gives what
// differs: its fields, its calls to rules_core and how it draws its boxes.
// An unexpected failure is shown in the panel, never swallowed.
import { keeper } from "./keeper.js";
import {
  blockActions, drawAnswer, drawButtons, guardFocus, hasErrors, notify, panelParts, pickRow, showAt, startPanel, wireActions,
} from "./parts.js";

export { hasErrors };

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
    picks: pickRow(parts),
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
      drawButtons(parts.choices, names.map((name) => ({
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
    drawButtons,
    answer: (lines, stale) => drawAnswer(parts, lines, stale),
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
