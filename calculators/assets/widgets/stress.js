// Stress absorption: Gauntlet Forge wound boxes (2023, 2022) and conditions (wiki),
// Edgerunner stress tracks. Every answer is rules_core's (stress.wounds,
// stress.conditions, stress.track_hit, stress.track_recovery); this file keeps
// the player's state in local storage, reads the fields, calls and draws.
import { followEdition } from "./stress/edition.js";
import { mountRoster } from "./stress/party.js";
import { readRoster, slotName } from "./stress/roster.js";

const CHANGED = "conflict-table:stress-changed"; // tells the other widgets on the page
const UNDO_STEPS = 20;
const setAsideNotes = {}; // model → the report, so every widget on the page can show it until the model is saved again

export function mount(root, ctx) {
  const form = root.querySelector(".calc__form");
  const makers = { wounds: woundsPanel, conditions: conditionsPanel, track: trackPanel };
  const party = mountRoster({ ...ctx, root, form, panels: {} });
  const panels = Object.fromEntries(Object.entries(makers).map(([model, make]) =>
    [model, make({ ...ctx, root, panel: form.querySelector(`[data-panel="${model}"]`), gainTrait: party.gainTrait })]));
  party.attach(panels);

  function show(model) {
    for (const node of root.querySelectorAll("[data-panel], .calc-stress__static")) {
      node.hidden = (node.dataset.panel || node.dataset.model) !== model;
    }
  }
  form.addEventListener("change", (event) => {
    if (event.target.name === "model") show(event.target.value);
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  show(form.querySelector('input[name="model"]:checked').value);
  const following = new AbortController(); // the site-wide edition, until disposed
  followEdition(form, following);
  return () => {
    following.abort();
    party.dispose();
    Object.values(panels).forEach((p) => p.dispose());
  };
}

// ---------------------------------------------------------------- shared pieces

/** A model's saved state and its undo/redo steps (store.js, under the name stress:<model>).
 *  `check(state)` asks the rules whether a state is sound: {state} (normalised) or {error};
 *  `bounds(state)` is the cheap check before anything is drawn: a reason, or null. */
function keeper({ ui, root }, model, what, fresh, check, bounds, report) {
  let store = ui.store.slot(slotName(model, readRoster().roster.current)); // the current character's
  const steps = (h) => new ui.store.History(h, UNDO_STEPS);
  let saved = { state: fresh(), history: steps() };

  // Every change is written at once, also while the engine starts (the rules check it once it is up).
  function persist() {
    delete setAsideNotes[model];
    const why = store.write({ state: saved.state, history: saved.history.past, future: saved.history.future });
    if (why) report(`This browser would not keep your ${what} (${why}): the last saved ones stay, and these last until the page is closed.`);
    window.dispatchEvent(new CustomEvent(CHANGED, { detail: { model, from: root } }));
  }

  // Keep a copy of a saved value we cannot use in the set-aside list, then start afresh.
  function setAside(text, reason) {
    const kept = store.putAside(text, reason);
    saved = { state: fresh(), history: steps() };
    setAsideNotes[model] = `Your saved ${what} could not be used (${reason}). ` + (kept
      ? `A copy was set aside (download it below), and the calculator starts from empty ${what}.`
      : `There is no room to keep a copy in this browser: download it below before you change anything. The calculator shows empty ${what}.`);
    window.dispatchEvent(new CustomEvent(CHANGED, { detail: { model, from: root } }));
    return setAsideNotes[model];
  }

  const isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const usable = (steps) => (Array.isArray(steps) ? steps.filter((s) => isRecord(s) && isRecord(s.state) && !bounds({ ...fresh(), ...s.state })) : []);

  return {
    get store() {
      return store;
    },
    fresh,
    check,
    bounds,
    /** Keep another character's state from now on (load() reads it). */
    use(name) {
      store = ui.store.slot(name);
    },
    get state() {
      return saved.state;
    },
    get canUndo() {
      return saved.history.canUndo;
    },
    get canRedo() {
      return saved.history.canRedo;
    },
    /** Read the stored value and check its shape and bounds (cheap, before anything is drawn);
     *  returns a message when it had to be set aside. */
    load() {
      const { value, text, problem, blocked } = store.read();
      if (blocked) return `${blocked[0].toUpperCase()}${blocked.slice(1)}: your ${what} last until the page is closed.`;
      if (problem) return setAside(text, problem);
      if (value === undefined) {
        saved = { state: fresh(), history: steps() };
        return setAsideNotes[model] || null;
      }
      if (!isRecord(value) || !isRecord(value.state) || !Array.isArray(value.history)) {
        return setAside(text, "it is not in the expected shape");
      }
      const state = { ...fresh(), ...value.state };
      if (isRecord(state.tracks)) state.tracks = { ...fresh().tracks, ...state.tracks }; // a track never stored: empty
      const wrong = bounds(state);
      if (wrong) return setAside(text, wrong);
      saved = { state, history: steps({ past: usable(value.history), future: usable(value.future) }) };
      return null;
    },
    /** Let the rules check the loaded state (returns a message when it had to be set aside). */
    async verify() {
      const checked = await check(saved.state);
      if (checked.error?.code === "engine") return null; // the engine is down, not the data
      if (checked.error) {
        const text = store.text();
        if (text != null) return setAside(text, checked.error.message.replace(/\.$/, ""));
        saved = { state: fresh(), history: steps() };
        return null;
      }
      saved = { ...saved, state: checked.state };
      return null;
    },
    /** Change the state without an undo step (tapping a box, editing a field). */
    set(state) {
      saved = { ...saved, state };
      persist();
    },
    /** Change the state with an undo step (applying a hit, a recovery, a reset). */
    commit(state, label) {
      saved.history.record(saved.state, label);
      saved = { ...saved, state };
      persist();
    },
    /** Go back (or forward: redo) one step; returns its label, or {error} when the step is unusable (it is dropped). */
    async step(back = true) {
      const h = saved.history;
      const next = back ? h.past.at(-1) : h.future.at(-1);
      if (!next) return { label: null };
      const checked = await check({ ...fresh(), ...next.state });
      if (checked.error?.code === "engine") return { error: checked.error.message }; // keep the step for later
      if (checked.error) {
        if (back) h.past = h.past.slice(0, -1);
        else h.future = h.future.slice(0, -1);
        persist();
        return { error: `That step could not be used (${checked.error.message.replace(/\.$/, "")}); it was dropped.` };
      }
      const step = back ? h.undo(saved.state) : h.redo(saved.state);
      saved = { ...saved, state: checked.state };
      persist();
      return { label: String(step.label || "the last change") };
    },
    /** Be told when another widget (or another tab) changed this model's state. */
    watch(fn) {
      const onChanged = (event) => {
        if (event.detail.model === model && event.detail.from !== root) fn();
      };
      const onStorage = (event) => {
        if (event.key === store.key || event.key === store.asideKey) fn();
      };
      window.addEventListener(CHANGED, onChanged);
      window.addEventListener("storage", onStorage);
      return () => {
        window.removeEventListener(CHANGED, onChanged);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
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

function hasErrors(scope) {
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
  const before = document.activeElement;
  draw();
  const gone = (node) => !node.isConnected || node.disabled || node.hidden || !node.offsetParent;
  if (!before || !panel.contains(before) && before.isConnected || !gone(before)) return;
  const next = [parts.apply, ...parts.picks.querySelectorAll("button"), ...parts.choices.querySelectorAll("button"),
    parts.undo, parts.redo, parts.reset].find((node) => !gone(node));
  next?.focus();
}

/** The controls every panel shares: Apply (or a choice), Undo, Reset, and a guard against double taps. */
function wireActions(ctx, parts, keep, { apply, redraw, resetLabel, afterReset = () => {} }) {
  let busy = false;
  const once = (fn) => async (...args) => {
    if (busy) return;
    busy = true;
    try {
      await fn(...args);
    } finally {
      busy = false;
    }
  };
  const panel = parts.apply.closest("[data-panel]");
  parts.apply.addEventListener("click", once(() => apply(null)));
  parts.undo.addEventListener("click", once(async () => {
    const done = await keep.step(true);
    parts.log.textContent = done.error || (done.label ? `Undone: ${done.label}` : "");
    guardFocus(panel, parts, redraw);
  }));
  parts.redo.addEventListener("click", once(async () => {
    const done = await keep.step(false);
    parts.log.textContent = done.error || (done.label ? `Redone: ${done.label}` : "");
    guardFocus(panel, parts, redraw);
  }));
  parts.reset.addEventListener("click", once(async () => {
    keep.commit(ctx.fresh(), resetLabel);
    afterReset();
    parts.log.textContent = `${resetLabel}. Undo brings them back.`;
    guardFocus(panel, parts, redraw);
  }));
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

function choiceButtons(ctx, parts, choice, onChoose, blocked = false) {
  drawButtons(ctx.ui, parts.choices, choice.map((name) => ({
    key: name, text: ctx.options.choices[name] || name, cls: "calc__primary", onclick: () => onChoose(name),
  })));
  parts.apply.hidden = choice.length > 0;
  if (blocked) blockActions(parts);
}

/** While a field of the panel shows an error nothing can be applied: Apply and the
 *  choices (Surrender, Last Stand…) are disabled together, and the answer is marked stale. */
function blockActions(parts) {
  parts.answer.classList.add("calc__result--stale");
  parts.apply.disabled = true;
  for (const b of parts.choices.querySelectorAll("button")) b.disabled = true;
}

const clone = (value) => JSON.parse(JSON.stringify(value));

// ---------------------------------------------------------------- Gauntlet Forge wound boxes

function woundsPanel(base) {
  const { engine, ui, options, panel } = base;
  const ctx = { ...base, fresh: () => clone(options.empty.wounds) };
  const parts = panelParts(panel);
  const keep = keeper(ctx, "wounds", "wound boxes", ctx.fresh, check, bounds, (message) => notify(parts, message));
  const picks = pickRow(ui, parts);
  let pick = null; // a box the player picked instead of the lowest that fits

  const character = (s) => ({ wounds: s.wounds, favor: s.favor, in_conflict: s.in_conflict, last_stand: s.last_stand });
  const hitFields = () => ({
    ...ui.readFields(parts.hit, ["stress", "type"]),
    edition: parts.hit.elements.namedItem("edition").value, // a name, though it looks like a number
  });

  // Before drawing: the boxes the page has, booleans in each (the rules check the rest).
  function bounds(state) {
    const empty = ctx.fresh().wounds;
    for (const slot of options.slots) {
      const boxes = state.wounds?.[slot];
      if (!Array.isArray(boxes) || boxes.length !== empty[slot].length || !boxes.every((b) => typeof b === "boolean")) {
        return `its ${slot} boxes are not ${empty[slot].length} marks`;
      }
    }
    return null;
  }

  async function check(state) {
    const reply = await engine.call("stress.wounds", { ...character(state), stress: 0, type: options.slots[0] });
    if (!reply.ok) return { error: reply.error };
    return { state: { ...state, wounds: reply.result.wounds, favor: reply.result.favor_left } };
  }

  function drawFields() {
    const s = keep.state;
    parts.character.elements.namedItem("favor").value = s.favor;
    parts.character.elements.namedItem("in_conflict").checked = s.in_conflict;
    parts.character.elements.namedItem("last_stand").checked = s.last_stand;
    ui.clearErrors(parts.character);
    drawBoxes(null, null);
    parts.undo.disabled = !keep.canUndo;
    parts.redo.disabled = !keep.canRedo;
  }

  function drawBoxes(result, now) {
    for (const row of panel.querySelectorAll("[data-slot]")) {
      const slot = row.dataset.slot;
      for (const button of row.querySelectorAll("[data-box]")) {
        const i = Number(button.dataset.box);
        button.setAttribute("aria-pressed", String(!!keep.state.wounds[slot][i]));
        button.classList.toggle("calc-stress__box--target", !!result && result.type === slot && result.box === i);
      }
      if (now) row.querySelector('[data-out="severity"]').textContent = now.severity[slot].name;
    }
  }

  const preview = ui.latest(async (isStale) => {
    const s = keep.state;
    const hit = hitFields();
    const [now, reply] = await Promise.all([
      engine.call("stress.wounds", { ...character(s), stress: 0, type: options.slots[0] }),
      engine.call("stress.wounds", { ...character(s), ...hit, box: pick }),
    ]);
    if (isStale()) return;
    guardFocus(panel, parts, () => {
      ui.clearErrors(parts.hit);
      ui.clearErrors(panel, []); // the panel-wide message, if any
      if (!reply.ok) showAt(ui, panel, parts.hit, reply.error.field, reply.error);
      const stale = hasErrors(panel);
      if (reply.ok) {
        const r = reply.result;
        drawBoxes(r, now.ok ? now.result : null);
        const favor = r.favor_spent ? `Favor left after paying: ${r.favor_left}.` : "";
        drawAnswer(ui, parts, [r.message, favor], stale);
        picks.draw(r.alternatives.length ? "Or pick another box that fits:" : "", r.alternatives.map((i) => ({
          key: String(i), text: `Box ${i + 1} (capacity ${r.boxes[i]})`, pressed: false,
          onclick: () => { pick = i; preview(); },
        })));
        choiceButtons(ctx, parts, r.choice, (name) => act(name), stale);
        parts.apply.disabled = stale || (r.box === null && !r.favor_spent);
      } else blockActions(parts);
    });
  });

  const editCharacter = ui.latest(async (isStale) => {
    const candidate = { ...keep.state, ...ui.readFields(parts.character, ["favor", "in_conflict", "last_stand"]) };
    const checked = await check(candidate);
    if (isStale()) return;
    ui.clearErrors(parts.character);
    if (checked.error) {
      showAt(ui, panel, parts.character, checked.error.field, checked.error);
      blockActions(parts);
      return;
    }
    keep.set(checked.state);
    preview();
  });

  async function apply(choice) {
    const s = keep.state;
    const reply = await engine.call("stress.wounds", { ...character(s), ...hitFields(), box: pick });
    if (!reply.ok) showAt(ui, panel, parts.hit, reply.error.field, reply.error);
    if (!reply.ok || hasErrors(panel)) return blockActions(parts); // the message says what to fix
    const r = reply.result;
    if (r.box === null && !r.favor_spent) return;
    const next = { ...s, wounds: r.wounds, favor: r.favor_left, last_stand: s.last_stand || choice === "last_stand" };
    const chose = choice ? ` Then: ${options.choices[choice] || choice}.` : "";
    keep.commit(next, r.message + chose);
    if (r.favor_spent && r.trait) base.gainTrait(`Trait rated ${r.trait} (bought with ${r.favor_spent} Favor)`);
    parts.log.textContent = `Applied: ${r.message}${chose}`;
    pick = null;
    redraw();
  }
  const act = wireActions(ctx, parts, keep, { apply, redraw, resetLabel: "Reset: every wound box is cleared" })(apply);

  function redraw() {
    drawFields();
    preview();
  }

  for (const row of panel.querySelectorAll("[data-slot]")) {
    row.addEventListener("click", (event) => {
      const button = event.target.closest("[data-box]");
      if (!button) return;
      const slot = row.dataset.slot;
      const boxes = [...keep.state.wounds[slot]];
      boxes[Number(button.dataset.box)] = !boxes[Number(button.dataset.box)];
      keep.set({ ...keep.state, wounds: { ...keep.state.wounds, [slot]: boxes } });
      pick = null;
      redraw();
    });
  }
  parts.hit.addEventListener("input", () => { pick = null; preview(); });
  parts.hit.addEventListener("change", () => { pick = null; preview(); });
  parts.character.addEventListener("input", () => editCharacter());
  parts.character.addEventListener("change", () => editCharacter());
  return startPanel(ui, "wounds", parts, keep, drawFields, redraw);
}

/** What every panel does once wired: read storage and check its bounds, draw at once, have the
 *  rules check the stored state when the engine is up, follow other tabs' changes. Copies set
 *  aside are listed under the notice, to download or discard. */
const panelOf = (parts) => parts.apply.closest("[data-panel]");

function startPanel(ui, model, parts, keep, drawFields, redraw) {
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
    drawFields(); // at once, from storage (its bounds checked); the rules check it when the engine is up
    keep.verify().then((message) => { notify(parts, message); showAsides(); redraw(); });
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
      ui.clearErrors(panelOf(parts), []);
      start();
    },
  };
}

// ---------------------------------------------------------------- Gauntlet Forge wiki conditions

function conditionsPanel(base) {
  const { engine, ui, options, panel } = base;
  const ctx = { ...base, fresh: () => clone(options.empty.conditions) };
  const parts = panelParts(panel);
  const keep = keeper(ctx, "conditions", "condition slots", ctx.fresh, check, bounds, (message) => notify(parts, message));
  const picks = pickRow(ui, parts);
  let pick = null;

  const character = (s) => ({ conditions: s.conditions, last_stand: s.last_stand });

  function bounds(state) {
    const empty = ctx.fresh().conditions;
    const slots = state.conditions;
    if (!Array.isArray(slots) || slots.length !== empty.length) return `its condition slots are not ${empty.length}`;
    return null;
  }

  async function check(state) {
    const reply = await engine.call("stress.conditions", { ...character(state), stress: 0 });
    if (!reply.ok) return { error: reply.error };
    return { state: { ...state, conditions: reply.result.conditions } };
  }

  function drawFields() {
    parts.character.elements.namedItem("last_stand").checked = keep.state.last_stand;
    ui.clearErrors(parts.character);
    drawBoxes(null);
    parts.undo.disabled = !keep.canUndo;
    parts.redo.disabled = !keep.canRedo;
  }

  function drawBoxes(result) {
    for (const button of panel.querySelectorAll("[data-box]")) {
      const i = Number(button.dataset.box);
      button.setAttribute("aria-pressed", String(!!keep.state.conditions[i]));
      button.classList.toggle("calc-stress__box--target", !!result && result.slot === i);
    }
  }

  const preview = ui.latest(async (isStale) => {
    const reply = await engine.call("stress.conditions", {
      ...character(keep.state), ...ui.readFields(parts.hit, ["stress"]), slot: pick,
    });
    if (isStale()) return;
    guardFocus(panel, parts, () => {
      ui.clearErrors(parts.hit);
      if (!reply.ok) showAt(ui, panel, parts.hit, reply.error.field, reply.error);
      const stale = hasErrors(panel);
      if (reply.ok) {
        const r = reply.result;
        drawBoxes(r);
        drawAnswer(ui, parts, [r.message], stale);
        picks.draw(r.alternatives.length ? "Or pick another slot that fits:" : "", r.alternatives.map((i) => ({
          key: String(i), text: `Slot ${i + 1} (rating ${r.ratings[i]})`, pressed: false,
          onclick: () => { pick = i; preview(); },
        })));
        choiceButtons(ctx, parts, r.choice, (name) => act(name), stale);
        parts.apply.disabled = stale || r.slot === null;
      } else blockActions(parts);
    });
  });

  const editCharacter = ui.latest(async (isStale) => {
    const candidate = { ...keep.state, ...ui.readFields(parts.character, ["last_stand"]) };
    const checked = await check(candidate);
    if (isStale()) return;
    ui.clearErrors(parts.character);
    if (checked.error) {
      showAt(ui, panel, parts.character, checked.error.field, checked.error);
      blockActions(parts);
      return;
    }
    keep.set(checked.state);
    preview();
  });

  async function apply(choice) {
    const s = keep.state;
    const reply = await engine.call("stress.conditions", { ...character(s), ...ui.readFields(parts.hit, ["stress"]), slot: pick });
    if (!reply.ok) showAt(ui, panel, parts.hit, reply.error.field, reply.error);
    if (!reply.ok || hasErrors(panel)) return blockActions(parts); // the message says what to fix
    if (reply.result.slot === null && !reply.result.trait) return;
    const r = reply.result;
    const chose = choice ? ` Then: ${options.choices[choice] || choice}.` : "";
    keep.commit({ ...s, conditions: r.conditions, last_stand: s.last_stand || choice === "last_stand" }, r.message + chose);
    if (r.trait) base.gainTrait(`Trait rated ${r.trait} (the stress a condition could not take)`);
    parts.log.textContent = `Applied: ${r.message}${chose}`;
    pick = null;
    redraw();
  }
  const act = wireActions(ctx, parts, keep, { apply, redraw, resetLabel: "Reset: every condition slot is cleared" })(apply);

  function redraw() {
    drawFields();
    preview();
  }

  panel.querySelector(".calc-stress__boxes").addEventListener("click", (event) => {
    const button = event.target.closest("[data-box]");
    if (!button) return;
    const filled = [...keep.state.conditions];
    filled[Number(button.dataset.box)] = !filled[Number(button.dataset.box)];
    keep.set({ ...keep.state, conditions: filled });
    pick = null;
    redraw();
  });
  parts.hit.addEventListener("input", () => { pick = null; preview(); });
  parts.character.addEventListener("change", () => editCharacter());
  return startPanel(ui, "conditions", parts, keep, drawFields, redraw);
}

// ---------------------------------------------------------------- Edgerunner stress tracks

function trackPanel(base) {
  const { engine, ui, options, panel } = base;
  const ctx = { ...base, fresh: () => clone(options.empty.track) };
  const parts = panelParts(panel);
  const recovery = panel.querySelector('[data-part="recovery"]');
  const recoveryOut = recovery.querySelector('[data-out="recovery"]');
  const recoverButton = recovery.querySelector('[data-act="recover"]');
  const boxesOut = panel.querySelector('[data-out="boxes"]');
  const chosenOut = recovery.querySelector('[data-out="chosen"]');
  const keep = keeper(ctx, "track", "stress tracks", ctx.fresh, check, bounds, (message) => notify(parts, message));
  const picks = pickRow(ui, parts);
  let chosen = null; // boxes chosen for a recovery; null: the suggested set

  const names = options.consequences;
  const current = () => keep.state.tracks[keep.state.current];
  const shape = (t) => ({ threshold: t.threshold, marked: t.marked, consequences: t.consequences, taken: t.taken });
  const radio = (value) => panel.querySelector(`input[name="track"][value="${CSS.escape(value)}"]`);
  // One control per consequence slot: "free", "use" (taken against this hit) or "taken" (already).
  const slot = (name) => parts.character.elements.namedItem(`consequence-${name}`);
  const slotsIn = (state) => names.filter((name) => slot(name).value === state);
  function drawSlots(taken) {
    for (const name of names) {
      const select = slot(name);
      const was = select.value;
      select.value = taken.includes(name) ? "taken" : was === "use" ? "use" : "free";
      select.querySelector('option[value="use"]').disabled = taken.includes(name); // each slot once
    }
  }

  // Before drawing: a box is drawn per number up to the threshold and the highest mark, so those
  // must be in the rules' bounds (a damaged value could ask for millions of boxes).
  function bounds(state) {
    const { threshold, box, marked } = options.limits;
    const whole = (n, low, high) => Number.isInteger(n) && n >= low && n <= high;
    if (!options.tracks.includes(state.current)) return `there is no track called “${String(state.current).slice(0, 40)}”`;
    for (const name of options.tracks) {
      const t = state.tracks?.[name];
      if (!t || typeof t !== "object") return `${name}: it is not a track`;
      if (!whole(t.threshold, 0, threshold)) return `${name}: the threshold is not a whole number from 0 to ${threshold}`;
      if (!Array.isArray(t.marked) || t.marked.length > marked || !t.marked.every((n) => whole(n, 1, box))) {
        return `${name}: the marked boxes are not at most ${marked} box numbers from 1 to ${box}`;
      }
      if (!Array.isArray(t.taken) || !t.consequences || typeof t.consequences !== "object") return `${name}: it is not a track`;
    }
    return null;
  }

  async function check(state) {
    if (!options.tracks.includes(state.current)) {
      return { error: { code: "invalid", field: null, message: `there is no track called “${String(state.current)}”` } };
    }
    const tracks = {};
    for (const name of options.tracks) {
      const reply = await engine.call("stress.track_hit", { track: shape({ ...ctx.fresh().tracks[name], ...(state.tracks?.[name] || {}) }), shifts: 0 });
      if (!reply.ok) return { error: { ...reply.error, message: `${name}: ${reply.error.message}` } };
      tracks[name] = reply.result.hit.track;
    }
    return { state: { ...state, tracks } };
  }

  // Where an error of stress.track_hit belongs: [part, field name].
  function place(field) {
    if (field === "track.threshold") return [parts.character, "threshold"];
    const value = /^track\.consequences\.(\w+)$/.exec(field || "");
    if (value) return [parts.character, `value-${value[1]}`];
    if ((field || "").startsWith("track")) return [panel, null];
    return [parts.hit, field];
  }

  function drawFields() {
    const t = current();
    radio(keep.state.current).checked = true;
    const fields = parts.character.elements;
    fields.namedItem("threshold").value = t.threshold;
    for (const name of names) {
      fields.namedItem(`value-${name}`).value = t.consequences[name];
    }
    drawSlots(t.taken);
    ui.clearErrors(parts.character);
    drawBoxes(null);
    parts.undo.disabled = !keep.canUndo;
    parts.redo.disabled = !keep.canRedo;
  }

  function drawBoxes(hit) {
    const t = current();
    const limit = hit ? hit.threshold : t.threshold;
    const count = Math.max(t.threshold, limit, ...t.marked, 0);
    const items = [];
    for (let n = 1; n <= count; n++) {
      const marked = t.marked.includes(n);
      const cls = ["calc-stress__box",
        n > limit ? "calc-stress__box--over" : "",
        n === limit ? "calc-stress__box--limit" : "",
        hit && hit.box === n ? "calc-stress__box--target" : ""].filter(Boolean).join(" ");
      items.push({
        key: String(n), text: String(n), pressed: marked, cls,
        label: `Box ${n}${n > limit ? ", above the threshold" : ""}`,
        onclick: () => toggleBox(n),
      });
    }
    drawButtons(ui, boxesOut, items);
    boxesOut.dataset.empty = count ? "" : "No boxes: the threshold is 0.";
  }

  function toggleBox(n) {
    const t = current();
    const marked = t.marked.includes(n) ? t.marked.filter((b) => b !== n) : [...t.marked, n].sort((a, b) => a - b);
    setTrack({ ...t, marked });
    redraw();
  }

  function setTrack(track, label) {
    const next = { ...keep.state, tracks: { ...keep.state.tracks, [keep.state.current]: track } };
    if (label) keep.commit(next, label);
    else keep.set(next);
    chosen = null;
  }

  function hitPayload() {
    const fields = ui.readFields(parts.hit, ["shifts", "invokes", "invokes_available", "defense", "range"]);
    return { track: shape(current()), ...fields, consequences: slotsIn("use") };
  }

  function describe(option) {
    const bits = option.consequences.map((name) => `${name} consequence`);
    if (option.invokes) bits.push(`${option.invokes} invoke${option.invokes > 1 ? "s" : ""}`);
    return `${bits.join(" + ")}: ${option.hit.message}`;
  }

  function choose(option) {
    for (const name of names) {
      if (slot(name).value !== "taken") slot(name).value = option.consequences.includes(name) ? "use" : "free";
    }
    parts.hit.elements.namedItem("invokes").value = option.invokes;
    preview();
  }

  const preview = ui.latest(async (isStale) => {
    const t = current();
    const payload = hitPayload();
    const recoverPayload = { track: shape(t), shifts: ui.readField(recovery, "shifts"), chosen: chosen ?? undefined };
    const [reply, rec] = await Promise.all([
      engine.call("stress.track_hit", payload),
      engine.call("stress.track_recovery", recoverPayload),
    ]);
    if (isStale()) return;
    guardFocus(panel, parts, () => {
      ui.clearErrors(parts.hit);
      ui.clearErrors(panel, []); // the panel-wide message, if any
      if (!reply.ok) {
        const [scope, name] = place(reply.error.field);
        showAt(ui, panel, scope, name, reply.error);
      }
      const stale = hasErrors(parts.hit) || hasErrors(parts.character);
      if (reply.ok) {
        const r = reply.result;
        drawBoxes(r.hit);
        const defense = r.threshold !== t.threshold
          ? `The defense sets the threshold to ${r.threshold} for this hit (the track's own is ${t.threshold}).` : "";
        drawAnswer(ui, parts, [r.hit.message, defense], stale);
        const useful = r.options.filter((o) => o.consequences.length || o.invokes);
        picks.draw(r.options_message, useful.map((o) => ({
          key: `${o.consequences.join("+")}/${o.invokes}`, text: describe(o),
          pressed: sameChoice(o, payload), onclick: () => choose(o),
        })));
        parts.apply.disabled = stale || (r.hit.box === null && !r.hit.consequences.length);
      } else {
        parts.answer.classList.add("calc__result--stale");
        parts.apply.disabled = true;
      }
      drawRecovery(rec, t);
    });
  });

  function sameChoice(option, payload) {
    return option.invokes === payload.invokes &&
      option.consequences.length === payload.consequences.length &&
      option.consequences.every((name) => payload.consequences.includes(name));
  }

  function drawRecovery(rec, t) {
    ui.clearErrors(recovery);
    if (!rec.ok) ui.showError(recovery, rec.error.field === "chosen" || rec.error.field === "shifts" ? rec.error : { ...rec.error, field: null });
    const picked = rec.ok ? rec.result.chosen : chosen || [];
    drawButtons(ui, chosenOut, t.marked.map((n) => ({
      key: String(n), text: String(n), pressed: picked.includes(n), cls: "calc-stress__box",
      label: `Clear box ${n}`, onclick: () => toggleChosen(n, picked),
    })));
    chosenOut.dataset.empty = t.marked.length ? "" : "No boxes are marked.";
    recoverButton.disabled = !rec.ok || !rec.result.chosen.length;
    recoveryOut.classList.toggle("calc__result--stale", !rec.ok);
    if (!rec.ok) return;
    const r = rec.result;
    const list = (boxes) => (boxes.length ? boxes.join(", ") : "none");
    recoveryOut.replaceChildren(
      ui.el("p", { class: "calc__answer" }, ui.el("strong", {},
        r.chosen.length
          ? `Clearing box${r.chosen.length > 1 ? "es" : ""} ${list(r.chosen)} costs ${r.cost} shift${r.cost === 1 ? "" : "s"}; ${r.left} left.`
          : `Nothing chosen to clear with ${r.shifts} shift${r.shifts === 1 ? "" : "s"}.`)),
      ui.el("p", { class: "calc-stress__line" }, `Suggested set: ${list(r.suggested)}.`),
      ui.el("p", { class: "calc-stress__line" }, `Marked boxes this roll could pay for, one at a time: ${list(r.clearable)}.`));
  }

  function toggleChosen(n, picked) {
    chosen = picked.includes(n) ? picked.filter((b) => b !== n) : [...picked, n].sort((a, b) => a - b);
    preview();
  }

  const editCharacter = ui.latest(async (isStale) => {
    const fields = ui.readFields(parts.character, ["threshold", ...names.map((n) => `value-${n}`)]);
    const candidate = {
      ...current(),
      threshold: fields.threshold,
      consequences: Object.fromEntries(names.map((n) => [n, fields[`value-${n}`]])),
      taken: slotsIn("taken"),
    };
    const reply = await engine.call("stress.track_hit", { track: shape(candidate), shifts: 0 });
    if (isStale()) return;
    ui.clearErrors(parts.character);
    if (!reply.ok) {
      const [scope, name] = place(reply.error.field);
      showAt(ui, panel, scope, name, reply.error);
      blockActions(parts);
      return;
    }
    setTrack(reply.result.hit.track);
    drawSlots(candidate.taken);
    drawBoxes(null);
    preview();
  });

  async function apply() {
    const reply = await engine.call("stress.track_hit", hitPayload());
    if (!reply.ok) {
      const [scope, name] = place(reply.error.field);
      showAt(ui, panel, scope, name, reply.error);
    }
    if (!reply.ok || hasErrors(parts.character)) return blockActions(parts); // the message says what to fix
    const hit = reply.result.hit;
    if (hit.box === null && !hit.consequences.length) return;
    setTrack(hit.track, `${keep.state.current}: ${hit.message}`);
    clearChoices();
    parts.log.textContent = `Applied to ${keep.state.current}: ${hit.message}`;
    redraw();
  }
  // What was chosen against one hit goes once the hit is applied (or the tracks reset).
  function clearChoices() {
    for (const name of slotsIn("use")) slot(name).value = "free";
    parts.hit.elements.namedItem("invokes").value = 0;
  }
  const once = wireActions(ctx, parts, keep, {
    apply, redraw, resetLabel: "Reset: all three tracks are cleared", afterReset: clearChoices,
  });

  recoverButton.addEventListener("click", once(async () => {
    const reply = await engine.call("stress.track_recovery", {
      track: shape(current()), shifts: ui.readField(recovery, "shifts"), chosen: chosen ?? undefined,
    });
    if (!reply.ok || !reply.result.chosen.length) return;
    const r = reply.result;
    const text = `cleared box${r.chosen.length > 1 ? "es" : ""} ${r.chosen.join(", ")} for ${r.cost} shift${r.cost === 1 ? "" : "s"}`;
    setTrack(r.track, `${keep.state.current}: ${text}`);
    parts.log.textContent = `Recovery on ${keep.state.current}: ${text}.`;
    redraw();
    if (document.activeElement === recoverButton && recoverButton.disabled) recovery.querySelector("input").focus();
  }));
  recovery.querySelector('[data-act="suggested"]').addEventListener("click", () => { chosen = null; preview(); });

  function redraw() {
    drawFields();
    preview();
  }

  panel.querySelector('[data-switch="track"]').addEventListener("change", (event) => {
    keep.set({ ...keep.state, current: event.target.value });
    chosen = null;
    ui.clearErrors(parts.character);
    redraw();
  });
  parts.hit.addEventListener("input", () => preview());
  parts.hit.addEventListener("change", () => preview());
  parts.character.addEventListener("input", (event) => {
    // Taking a free slot against this hit (or letting it go) changes the hit, not the track.
    const same = (a, b) => a.length === b.length && a.every((n) => b.includes(n));
    if (event.target.name?.startsWith("consequence-") && same(slotsIn("taken"), current().taken)) preview();
    else editCharacter();
  });
  recovery.addEventListener("input", () => { chosen = null; preview(); });
  return startPanel(ui, "track", parts, keep, drawFields, redraw);
}
