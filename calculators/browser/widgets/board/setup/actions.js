// @ts-check
// The setup's actions: typing (kept as typed; read by the rules at Start: board.setup, then board.replay
// names the field of anything wrong), the example, the party, rows added or removed, maps, saved setups.
import * as drafts from "./draft.js";
import { fresh } from "../conflict.js";
import { mapFile } from "../files.js";

/** env: {rules, engine, options (the widget's: maps, map), store (the draft's slot), saved (the saved
 *  setups' slot), party (the stress calculator's party), viewOf, adopt}.
 * @param {{rules: import("../store.js").Rules, engine: import("../../../types/widget").Engine, options: import("../../../types/board").Options,
 *          slot: {write: (draft: SetupDraft) => unknown}, saved: ReturnType<typeof import("../keep.js").setups>,
 *          party: typeof import("../keep.js").party, viewOf: typeof import("../store.js").viewOf}} env
 * @returns {import("../store.js").BoardActions} */
export function setupActions({ rules, engine, options, slot, saved, party, viewOf }) {
  /** @typedef {import("../store.js").BoardStore} BoardStore @typedef {import("../../../types/board").SetupDraft} SetupDraft */

  /** The setup changes: kept at once, drawn, messages of a whole list (a side renamed) kept; where its
   *  aspects can go is asked of the rules when it has any. */
  function put(/** @type {BoardStore} */ store, /** @type {SetupDraft} */ draft, extra = {}) {
    slot.write(draft);
    store.set({ setup: { ...store.state.setup, draft, ...extra } });
    if (draft.aspects?.length) store.dispatch("places");
  }
  /** A change made on a copy of the draft (the draft is plain data: a copy, changed, kept). */
  function edit(/** @type {BoardStore} */ store, /** @type {(draft: SetupDraft) => void} */ fn, /** @type {string} */ focus) {
    const draft = structuredClone(store.state.setup.draft);
    fn(draft);
    put(store, draft, { errors: {} });
    if (focus) store.set({ focus });
  }
  function from(/** @type {BoardStore} */ store, /** @type {import("../../../types/board").Setup} */ setup) {
    put(store, drafts.draftFrom(setup, options.maps.find((m) => m.map.name === setup.map?.name)?.id ?? ""), { errors: {}, note: "" });
  }

  /** Another map: the setup's aspects go (they sit on the old map); an actor or thing standing in a zone the
   *  new map lacks keeps it, shown as not on this map, and that is said beside the Map. */
  function newMap(/** @type {BoardStore} */ store, /** @type {SetupDraft["map"]} */ map, /** @type {string} */ mapId) {
    const before = store.state.setup.draft;
    const had = (before.aspects ?? []).filter((a) => a.where).length;
    edit(store, (d) => Object.assign(d, { map, mapId, aspects: [] }), '[name="map-choice"]');
    const zones = new Set(drafts.zoneNames(map));
    const d = store.state.setup.draft;
    const stranded = [...d.actors, ...d.things].filter((x) => x.zone && !zones.has(x.zone))
      .map((x) => `${String(x.name).trim() || "an unnamed one"} (${x.zone})`);
    const words = [stranded.length ? `Not on this map: ${stranded.join(", ")}: choose a zone for each below.` : "",
      had ? `The setup's aspects were on the old map: ${had === 1 ? "it was" : "they were"} removed.` : ""].filter(Boolean).join(" ");
    store.set({ setup: { ...store.state.setup, errors: words ? { map: words } : {} }, said: words });
  }

  return {
    /** Typing in the setup: kept as typed; a renamed side renames it in every actor's list. */
    "setup-typed"(store, /** @type {string} */ path, /** @type {string} */ value) {
      const draft = structuredClone(store.state.setup.draft);
      drafts.update(draft, path, value);
      put(store, draft);
    },
    async example(store) {
      const reply = await rules.example("warehouse crew");
      if (!reply.ok) return store.set({ setup: { ...store.state.setup, errors: { "": reply.error.message } } });
      from(store, reply.result.setup);
      // Start is what comes next: it is brought into view with the focus (the form is long on a phone).
      store.set({ focus: '[data-key="start-loaded"]', said: `Loaded ${reply.result.name}: ${store.state.setup.draft.actors.map((a) => a.name).join(", ")}.`,
        setup: { ...store.state.setup, note: `Loaded the ${reply.result.name}: ${store.state.setup.draft.actors.map((a) => a.name).join(", ")}. Start it below, or change it first.` } });
    },
    party(store) {
      const people = party(); // read only when asked: the stress calculator's roster is its own
      if (!people.length) return store.set({ notice: { text: "The stress calculator holds no party yet: add the characters there, or here.", alert: true } });
      edit(store, (d) => drafts.fromParty(d, people), '[data-key="party"]');
      store.set({ said: `Took the party: ${people.map((p) => p.name).join(", ")}.` });
    },
    add(store, /** @type {string} */ what) {
      edit(store, (d) => drafts.add(d, what), `[data-key="add-${what}"]`);
    },
    remove(store, /** @type {string} */ what, /** @type {number} */ index) {
      edit(store, (d) => drafts.remove(d, what, index), `[data-key="add-${what}"]`);
    },
    /** Where the setup's aspects can be placed, as the rules read the draft (taken while it is the same draft). */
    async places(store) {
      const draft = store.state.setup.draft;
      const reply = await rules.setup(draft);
      if (!reply.ok || store.state.setup.draft !== draft) return;
      store.set({ setup: { ...store.state.setup, places: reply.result.places } });
    },
    async "save-setup"(store) {
      const d = store.state.setup.draft;
      const name = String(d.setupName ?? "").trim() || "My setup";
      const typed = await rules.setup(d);
      const why = typed.ok ? saved.save(name, typed.result.setup) : typed.error.message;
      store.set({ setup: { ...store.state.setup, saved: Object.keys(saved.all()) }, focus: '[data-key="save-setup"]',
        notice: why ? { text: `The setup was not saved: ${why}.`, alert: true } : null, said: why ? "" : `Setup saved as “${name}”.` });
    },
    "load-setup"(store, /** @type {string} */ name) {
      from(store, saved.all()[name]);
      store.set({ focus: '[data-key="start"]' });
    },
    async "map-choice"(store, /** @type {string} */ id) {
      const m = options.maps.find((x) => x.id === id);
      if (m) newMap(store, m.map, id);
    },
    async "map-file"(store, /** @type {File} */ file) {
      const got = await mapFile(file, engine);
      if (got.problem) return store.set({ setup: { ...store.state.setup, errors: { "map-file": `This map can't be used: ${got.problem}` } } });
      newMap(store, got.map, "");
    },
    /** Back to the running conflict from its setup. */
    back(store) {
      store.set({ mode: "play", focus: "play" });
    },
    /** A new conflict: the setup of the running one, to change for a rematch. */
    new(store) {
      from(store, store.state.conflict.setup);
      store.set({ mode: "setup", focus: "setup" });
    },
    /** Start: the rules read the setup; a refusal is said beside its field, and nothing changes. */
    async start(store) {
      const typed = await rules.setup(store.state.setup.draft);
      const problem = typed.ok ? typed.result.problem : { field: "", message: typed.error.message };
      const reply = problem ? null : await rules.replay(typed.result.setup, []);
      if (problem || !reply?.ok) { // said beside the draft's field board.setup names, else on the form's line
        const { field, message } = problem ?? { field: "", message: reply?.error?.message };
        return store.set({ setup: { ...store.state.setup, errors: { [field]: message } }, focus: "invalid" });
      }
      const c = fresh(typed.result.setup);
      const took = await store.actions.adopt(store, c, viewOf(c, reply.result), "replaced by a new conflict");
      if (!took) return;
      store.set({ setup: { ...store.state.setup, errors: {}, note: "" }, said: `Conflict started: exchange 1, ${reply.result.state.to_act.join(", ")} to act.`,
        notice: took.replaced ? { text: "Conflict started. The previous one was set aside.", alert: true,
          buttons: [{ act: "bring-back", label: "Bring the previous conflict back", at: took.replaced }] } : null });
    },
  };
}
