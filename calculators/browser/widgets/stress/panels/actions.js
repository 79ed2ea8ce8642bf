// @ts-check
// The panels' actions (one panel per model: wound boxes, conditions, stress tracks), each `async (store, model, …)`:
// the rules' answers come from the model (models.js), the kept state from its keeper (keep.js).
import { noteFor } from "../keep.js";

/** @typedef {import("../store.js").StressStore} StressStore
 *  @typedef {import("./models.js").Model} Model
 *  @typedef {Record<string, (store: StressStore, ...args: any[]) => any>} Actions */

/** A panel's state as the store holds it, before anything was read. @param {Model} m @param {Record<string, any>} typed */
export const firstSheet = (m, typed) => ({
  state: m.fresh(), canUndo: false, canRedo: false, typed: { ...typed, ...m.fill(m.fresh(), typed) }, pick: null, chosen: null,
  reply: null, now: null, rec: null, recStale: false, errors: { hit: {}, character: {}, recovery: {} }, log: "", notice: null, asked: 0,
});

/** Does a field of the panel show a message (then nothing can be applied)? */
export const wrong = (/** @type {any} */ p) => Object.keys({ ...p.errors.hit, ...p.errors.character }).length > 0;

/** @param {{models: Record<string, Model & Record<string, any>>, keepers: Record<string, any>, gainTrait: (store: StressStore, text: string) => any}} env
 * @returns {Actions} */
export function panelActions({ models, keepers, gainTrait }) {
  /** Change one panel: patch, or a function of the panel giving the patch.
   *  @param {StressStore} store @param {string} model @param {Record<string, any> | ((p: any) => Record<string, any>)} patch */
  const change = (store, model, patch) => store.set((s) => {
    const p = s.panels[model];
    return { panels: { ...s.panels, [model]: { ...p, ...(typeof patch === "function" ? patch(p) : patch) } } };
  });
  const kept = (/** @type {string} */ model) => ({ state: keepers[model].value, canUndo: keepers[model].canUndo, canRedo: keepers[model].canRedo });
  /** The panel's fields from its kept state (after a change that did not come from them), then (`ask`) the hit's preview. */
  const refill = (/** @type {StressStore} */ store, /** @type {string} */ model, ask = true) => {
    change(store, model, (p) => ({ typed: { ...p.typed, ...models[model].fill(p.state, p.typed) } }));
    return ask ? preview(store, model) : undefined;
  };
  /** Where a rules error goes: beside one of `fields`, else the panel's own message (""). */
  /** @param {Model} m @param {{field: string | null, message: string}} error @param {string[]} fields */
  const placed = (m, error, fields) => {
    const name = m.place(error.field);
    return { [name && fields.includes(name) ? name : ""]: error.message };
  };

  /** Keep a new state (label: an undo step); what the keeper said of it is said in the panel.
   *  @param {StressStore} store @param {string} model @param {any} state @param {string} [label] */
  async function keep(store, model, state, label) {
    const got = await keepers[model].save(state, label);
    noteFor(models[model], null, true);
    change(store, model, { ...kept(model), pick: null, chosen: null, ...(got.why || got.merged ? { notice: got.why || got.merged } : {}) });
    if (got.why || got.merged) asidesChanged(store);
  }
  /** The set-aside lists may have changed: drawn again. */
  const asidesChanged = (/** @type {StressStore} */ store) => store.set({ asides: store.state.asides + 1 });

  /** A number for the next preview of the panel: a preview dispatched with an older one is skipped. */
  const ticket = (/** @type {StressStore} */ store, /** @type {string} */ model) => {
    const next = store.state.panels[model].asked + 1;
    change(store, model, { asked: next });
    return next;
  };
  /** Preview the hit now, inside the action under way (after `patch`, a change of the panel). */
  const preview = (/** @type {StressStore} */ store, /** @type {string} */ model, patch = {}) => {
    change(store, model, patch);
    return actions.preview(store, model, ticket(store, model));
  };

  /** @type {Actions} */
  const actions = {
    /** Read the stored state (its cheap checks), draw it, then have the rules check it and preview the hit. */
    async load(store, model) {
      const m = models[model];
      const read = keepers[model].read();
      change(store, model, { ...kept(model), notice: noteFor(m, read.notice), errors: { hit: {}, character: {}, recovery: {} }, log: "" });
      refill(store, model, false);
      const verified = await keepers[model].verify();
      if (!("down" in verified) && verified.notice) change(store, model, { notice: noteFor(m, verified.notice) });
      change(store, model, kept(model));
      asidesChanged(store);
      await refill(store, model);
    },
    /** A field typed (at once, so the next draw shows it): the text, or a checkbox's state. */
    typed(store, model, name, value) {
      change(store, model, (p) => ({ typed: { ...p.typed, [name]: value }, ...(models[model].hitFields.includes(name) ? { pick: null } : {}),
        ...(name === "recovery.shifts" ? { chosen: null } : {}) }));
    },
    /** The hit's answer for the panel as it is; an older ticket than the panel's last is skipped (a newer one follows). */
    async preview(store, model, ticket) {
      const p = store.state.panels[model];
      if (ticket !== p.asked) return;
      const got = await models[model].ask(p);
      if (ticket !== store.state.panels[model].asked) return;
      const { reply, now, rec } = got;
      const m = models[model];
      const recovery = rec && !rec.ok ? { [["chosen", "shifts"].includes(rec.error.field) ? rec.error.field : ""]: rec.error.message } : {};
      change(store, model, (was) => ({
        ...(reply.ok ? { reply } : {}), // a refused hit leaves the last answer, shown stale beside the message
        ...(now !== undefined ? { now: now ?? was.now } : {}),
        ...(rec ? (rec.ok ? { rec, recStale: false } : { recStale: true }) : {}),
        errors: { ...was.errors, hit: reply.ok ? {} : placed(m, reply.error, m.hitFields), recovery },
      }));
    },
    /** Does this field of the character change the kept state (else only the hit)? */
    edits: (store, model, name) => models[model].edits?.(store.state.panels[model], name) ?? true,
    ticket,
    /** The character's fields changed: checked by the rules, then kept (without an undo step). */
    async edit(store, model) {
      const m = models[model];
      const checked = await m.edit(store.state.panels[model]);
      const character = checked.error ? placed(m, checked.error, [...m.characterFields, "consequences"]) : {};
      change(store, model, (p) => ({ errors: { ...p.errors, character } }));
      if (checked.error) return;
      await keep(store, model, checked.state);
      await (model === "track" ? refill(store, model) : preview(store, model));
    },
    /** A box (or slot) tapped: marked or cleared by hand, kept without an undo step. */
    async box(store, model, slot, n) {
      await keep(store, model, models[model].toggle(store.state.panels[model].state, slot, n));
      await preview(store, model);
    },
    /** Another box (or slot) that fits, instead of the rules' choice. */
    pick: (store, model, n) => preview(store, model, { pick: n }),
    /** A way to stay in (a track's option): its consequences taken against the hit, its invokes used. */
    async option(store, index) {
      const p = store.state.panels.track;
      const o = p.reply.result.offered[index];
      const typed = { ...p.typed, invokes: String(o.invokes) };
      for (const n of models.track.slotsIn(p.typed, "use").concat(models.track.slotsIn(p.typed, "free"))) {
        typed[`consequence-${n}`] = o.consequences.includes(n) ? "use" : "free";
      }
      await preview(store, "track", { typed });
    },
    /** Apply the hit (choice: Surrender or the Last Stand, after a trait): kept with an undo step. */
    async apply(store, model, choice = null) {
      const m = models[model];
      const p = store.state.panels[model];
      const reply = await m.hit(p);
      if (!reply.ok) change(store, model, (now) => ({ errors: { ...now.errors, hit: placed(m, reply.error, m.hitFields) } }));
      if (!reply.ok || wrong(store.state.panels[model])) return;
      const done = m.applied(p.state, reply.result, choice);
      if (!done) return;
      await keep(store, model, done.state, done.label);
      if (model === "track") forget(store);
      change(store, model, { log: done.log });
      if (done.trait) await gainTrait(store, done.trait);
      await refill(store, model);
    },
    async step(store, model, back) {
      const went = back ? await keepers[model].undo() : await keepers[model].redo();
      const log = !went ? "" : went.value === undefined ? went.error : `${back ? "Undone" : "Redone"}: ${went.label}`;
      change(store, model, { ...kept(model), log, ...(went?.value !== undefined && went.error ? { notice: went.error } : {}) });
      await refill(store, model);
    },
    async reset(store, model) {
      const m = models[model];
      await keep(store, model, m.fresh(), m.resetLabel);
      if (model === "track") forget(store);
      change(store, model, { log: `${m.resetLabel}. Undo brings them back.` });
      await refill(store, model);
    },
    /** Another track shown (its own boxes and consequences). */
    async track(store, name) {
      await keep(store, "track", { ...store.state.panels.track.state, current: name });
      change(store, "track", (p) => ({ errors: { ...p.errors, character: {} } }));
      await refill(store, "track");
    },
    /** A marked box chosen (or not) for the recovery; none chosen: the rules' suggested set. */
    async choose(store, n) {
      const p = store.state.panels.track;
      const picked = p.rec?.ok ? p.rec.result.chosen : p.chosen ?? [];
      await preview(store, "track", { chosen: models.track.choose(picked, n) });
    },
    suggested: (store) => preview(store, "track", { chosen: null }),
    /** Clear the chosen boxes with the recovery roll: kept with an undo step. */
    async recover(store) {
      const p = store.state.panels.track;
      const reply = await models.track.recover(p);
      if (!reply.ok || !reply.result.done) return;
      const { current } = p.state;
      await keep(store, "track", models.track.withTrack(p.state, reply.result.track), `${current}: ${reply.result.done}`);
      change(store, "track", { log: `Recovery on ${current}: ${reply.result.done}.` });
      await preview(store, "track");
    },
    /** Another tab (or another widget of this page) changed the state shown. */
    async news(store, model, news) {
      change(store, model, { ...kept(model), ...(news?.notice ? { notice: news.notice } : {}) });
      asidesChanged(store);
      await refill(store, model);
    },
  };

  /** What was chosen against one hit goes once it is applied (or the tracks reset). @param {StressStore} store */
  function forget(store) {
    change(store, "track", (p) => {
      const typed = { ...p.typed, invokes: "0" };
      for (const n of models.track.slotsIn(p.typed, "use")) typed[`consequence-${n}`] = "free";
      return { typed };
    });
  }
  return actions;
}
