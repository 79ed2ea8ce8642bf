// @ts-check
// The border calculator's one store (its state below) and its named actions: the map's edits here, files and
// links in links.js. The rules make every edit, check every map and answer every move (borders.*).
import { createStore } from "../../store.js";
import { keeper } from "../../keeping/keeper.js";
import { judged } from "../../keeping/checks.js";
import { typedNumber } from "../../ui.js";
import { linkActions } from "./links.js";

export const MOVE = ["start", "destination", "mode", "shifts", "skill", "bid", "die1", "die2", "die3", "die4"];
const DICE = ["die1", "die2", "die3", "die4"];
/** The editor's fields that belong to the map shown (a new map gives them new meanings: their text goes). */
const ROWS = /^(zone-\d+|border-\d+-way-\d+-(pass|back)|map-name)$/;

/**
 * @typedef {import("../../types/borders").Current} Current @typedef {import("../../types/borders").Engine} Engine
 * @typedef {import("../../types/borders").Refusal} Refusal @typedef {import("../../types/borders").MapData} MapData
 * @typedef {object} BordersState
 * @property {Current | null} current the map the rules accepted, checked and drawn
 * @property {Record<string, string>} move the move's fields as typed (MOVE)
 * @property {{current: Current, start: string, destination: string, payload: import("../../types/borders").MovePayload,
 *            route: import("../../types/borders").Reply<import("../../types/borders").Route>,
 *            range: import("../../types/borders").Reply<{range: number}> | null, reach: import("../../types/borders").Move | null,
 *            stale: boolean} | null} answer the rules' answers to the move last asked (reach: the last they accepted)
 * @property {Record<string, string>} typed the editor's fields as typed, not yet made an edit (zone-0, map-name, new-zone,
 *           from, to, example, border-0-way-0-pass…)
 * @property {{id: number, name: string, pass: string, back: string}[]} ways the new border's ways as typed
 * @property {number} wayCount the ids given to ways so far
 * @property {Record<string, string>} errors the messages beside fields, by field (map-error: the form's own)
 * @property {string} saved what the last change did
 * @property {{say: string} | {offer: string} | {link: any} | null} share the share line
 * @property {{undo: boolean, redo: boolean}} steps what Undo and Redo can do
 * @property {string | null} focus where the focus goes after the next draw (a selector)
 * @typedef {import("../../store.js").Store<BordersState> & {actions: Record<string, Function>, kept: any,
 *           answered: () => Promise<void>}} BordersStore
 */

/** The rules' check and drawing of a map. @param {Engine} engine @param {unknown} map
 *  @returns {Promise<import("../../types/borders").Reply<Current>>} */
async function checkMap(engine, map) {
  const [checked, drawing] = await Promise.all([engine.call("borders.check", { map }), engine.call("borders.diagram", { map })]);
  if (!checked.ok) return checked;
  if (!drawing.ok) return drawing;
  return { ok: true, result: { map: checked.result.map, checked: checked.result, drawing: drawing.result } };
}

/** The messages of the move's fields (`move`), or of the others. @param {Record<string, string>} errors */
const messages = (errors, move = true) => Object.fromEntries(Object.entries(errors).filter(([name]) => move === (MOVE.includes(name) || name === "faces")));

/**
 * @param {{engine: Engine, options: import("../../types/borders").Options, render?: (state: BordersState) => void,
 *          failed?: (error: Error, store: import("../../store.js").Store<BordersState>) => void}} args
 * @returns {BordersStore}
 */
export function bordersStore({ engine, options, render, failed }) {
  const example = options.examples.find((e) => e.id === options.map) || options.examples[0];
  const kept = keeper(options.store, {
    fresh: () => example.map, steps: 50, what: "map",
    async check(/** @type {unknown} */ map) {
      const reply = await checkMap(engine, map);
      return reply.ok ? { value: reply.result.map, current: reply.result } : judged(reply);
    },
  });
  const steps = () => ({ undo: kept.canUndo, redo: kept.canRedo });

  /** The route and the move asked for the map and move shown: beside the queue (an answer held up never holds a
   *  tap up), the newest question's answer drawn. @type {Promise<void>} */
  let asking = Promise.resolve();
  function ask(/** @type {BordersStore} */ store) {
    const { current, move } = store.state;
    if (!current) return;
    const { map } = current;
    const { start, destination } = move;
    const roll = move.mode === "roll";
    const payload = { map, start, destination, skill: typedNumber(move.skill), bid: typedNumber(move.bid),
      ...(roll ? { faces: DICE.map((d) => move[d]).join("") } : { shifts: typedNumber(move.shifts) }) };
    asking = (async () => {
      const [route, reach] = await Promise.all([engine.call("borders.route", { map, start, destination }), engine.call("borders.move", payload)]);
      const range = route.ok ? null : await engine.call("borders.range", { map, start, destination });
      if (store.state.current !== current || store.state.move !== move) return; // a newer question's answer follows
      const said = /** @type {Record<string, string>} */ ({});
      const place = (/** @type {Refusal} */ error) => { said[(error.field || "map-error").split(/[.[]/)[0]] = error.message; };
      if (!route.ok) place(route.error);
      if (!reach.ok) place(roll && reach.error.field === "shifts" ? { ...reach.error, field: "skill" } : reach.error);
      const was = store.state.answer;
      store.set((s) => ({
        errors: { ...messages(s.errors, false), ...said },
        answer: { current, start, destination, payload, route, range, reach: reach.ok ? reach.result : was?.reach ?? null, stale: !reach.ok },
      }));
    })();
  }

  /** The zones chosen in the move and the new border, after a map change: each as it was if it is still there (a
   *  renamed zone under its new name: renamed is [old, new]), else the first of its fallbacks that is. */
  function chosen(/** @type {BordersState} */ s, /** @type {string[]} */ zones, /** @type {[string, string] | null} */ renamed) {
    const still = (/** @type {string} */ value, /** @type {string[]} */ ...fallbacks) => [renamed && value === renamed[0] ? renamed[1] : value,
      ...fallbacks].find((zone) => zones.includes(zone)) ?? fallbacks[fallbacks.length - 1];
    const typed = Object.fromEntries(Object.entries(s.typed).filter(([name]) => !ROWS.test(name)));
    return {
      move: { ...s.move, start: still(s.move.start, options.start, zones[0]),
        destination: still(s.move.destination, options.destination, zones[zones.length - 1]) },
      typed: { ...typed, from: still(s.typed.from, zones[0]), to: still(s.typed.to, zones[Math.min(1, zones.length - 1)]) },
    };
  }

  /** Show a map the rules accepted (its move's zones follow), and ask for its route.
   *  @param {BordersStore} store @param {Current} current
   *  @param {Partial<BordersState> | ((s: BordersState) => Partial<BordersState>)} [patch] @param {[string, string] | null} [renamed] */
  function show(store, current, patch = {}, renamed = null) {
    store.set((s) => {
      const next = { ...s, current, ...chosen(s, current.checked.zones, renamed), steps: steps() };
      return { ...next, ...(typeof patch === "function" ? patch(next) : patch) };
    });
    ask(store);
  }

  /** A refusal said beside its field (`where` the rules' field is on the form, `path`: where in the map, `said`: in
   *  which words); the last edit's messages go. @param {BordersStore} store @param {Refusal} error
   *  @param {(field: string) => string} where @param {{path?: boolean, said?: (why: string) => string}} [how] */
  function refuse(store, error, where, { path = false, said = (why) => why } = {}) {
    const why = path && error.field ? `${error.message.replace(/\.$/, "")} (at ${error.field.replace(/^map\.?/, "") || "the top"}).` : error.message;
    store.set((s) => ({ errors: { ...messages(s.errors), [where(error.field || "")]: said(why) } }));
    return /** @type {false} */ (false);
  }

  /** A new map, shown and kept only if the rules accept it. replace: why the map shown is set aside first.
   *  clear: the fields the edit was made with (emptied as the map is drawn: what is typed after stays).
   *  @typedef {{note?: string, save?: boolean, renamed?: [string, string] | null, path?: boolean, replace?: string,
   *             said?: (why: string) => string, clear?: (s: BordersState) => Partial<BordersState>}} How
   *  @param {BordersStore} store @param {unknown} map @param {(field: string) => string} where @param {How} [how] @returns {Promise<boolean>} */
  async function commit(store, map, where, { note = "", save = true, renamed = null, path = false, replace = "", said, clear = () => ({}) } = {}) {
    const reply = await checkMap(engine, map);
    if (!reply.ok) return refuse(store, reply.error, where, { path, said });
    let current = reply.result;
    let saved = note;
    if (replace) {
      const got = await kept.replace(current.map, replace, note);
      if (!got.kept) return refuse(store, { message: `Nothing was replaced: ${got.why}.` }, () => "import");
    } else if (save) {
      const got = await kept.save(current.map, note);
      if (got.value !== current.map) { // another tab's
        const theirs = got.view?.current ? { ok: true, result: got.view.current } : await checkMap(engine, got.value);
        if (theirs.ok) current = theirs.result;
      }
      saved = got.overtaken ? String(got.why) : got.why ? `${got.why} Export this one to keep it.` : got.merged ?? note;
    }
    show(store, current, (/** @type {BordersState} */ s) => ({ saved, errors: messages(s.errors), ...clear(s) }), renamed);
    return true;
  }

  /** One of the editor's edits ({do, …}), made and said by the rules (borders.edit); a refusal names the edit's field. */
  async function edit(/** @type {BordersStore} */ store, /** @type {object} */ change, /** @type {(field: string) => string} */ where, how = {}) {
    const reply = await engine.call("borders.edit", { map: shown(store).map, edit: change });
    return reply.ok ? commit(store, reply.result.map, where, { ...how, note: reply.result.note }) : refuse(store, reply.error, where);
  }

  const shown = (/** @type {BordersStore} */ store) => /** @type {Current} */ (store.state.current);
  const typed = (/** @type {BordersStore} */ store, /** @type {string} */ name) => store.state.typed[name];

  /** @type {Record<string, (store: BordersStore, ...args: any[]) => any>} */
  const actions = {
    /** The kept map (else the example), then a link's offer (linked: the page's address is read). */
    async open(store, { linked = true } = {}) {
      const { notice, view } = await kept.open();
      const mine = view?.current; // a kept map the rules accepted
      await commit(store, mine ? mine.map : example.map, () => "map-error", {
        save: false, note: notice || (mine ? "Your map, as you left it. (Load an example below to start again.)" : ""),
      });
      if (linked) await actions.offer(store);
    },
    /** Another tab (or widget) kept another map. */
    async news(store, /** @type {import("../../keeping/keeper.js").News} */ { value, view, notice }) {
      let current = view?.current ?? null;
      if (!current && value !== store.state.current?.map) {
        const reply = await checkMap(engine, value);
        if (reply.ok) current = reply.result;
      }
      show(store, current ?? shown(store), notice ? { saved: notice } : {});
    },
    async step(store, /** @type {boolean} */ back) {
      const done = back ? await kept.undo() : await kept.redo();
      if (!done) return;
      if (!("value" in done)) return store.set({ saved: done.error, steps: steps() });
      show(store, done.view.current, { saved: `${back ? "Undone" : "Redone"}: ${done.label}${done.error ? ` ${done.error}` : ""}` });
    },

    "add-zone": (store) => edit(store, { do: "add-zone", name: typed(store, "new-zone") ?? "" }, () => "new-zone",
      { clear: (/** @type {BordersState} */ s) => ({ typed: { ...s.typed, "new-zone": "" } }) }),
    async "rename-zone"(store, /** @type {number} */ i) {
      const old = shown(store).checked.zones[i];
      const name = typed(store, `zone-${i}`);
      if (name == null || name.trim() === old) return;
      await edit(store, { do: "rename-zone", zone: i, name }, () => `zone-${i}`, { renamed: [old, name.trim()] });
    },
    "remove-zone": (store, /** @type {number} */ i) => edit(store, { do: "remove-zone", zone: i }, () => `zone-${i}`),
    "move-zone": (store, /** @type {number} */ i, /** @type {number} */ dc, /** @type {number} */ dr) =>
      edit(store, { do: "move-zone", zone: i, by: [dc, dr] }, () => `zone-${i}`),
    "move-hint": (store, /** @type {number} */ i) => store.set({ saved: `Arrow keys move ${shown(store).checked.zones[i]} one place on the grid.` }),
    async "rename-map"(store) {
      const name = typed(store, "map-name");
      if (name == null || name.trim() === (shown(store).map.name || "")) return;
      await edit(store, { do: "rename-map", name }, () => "map-name");
    },
    "switch-way": (store, /** @type {number} */ i, /** @type {number} */ j, /** @type {boolean} */ on) =>
      edit(store, { do: "switch-way", border: i, way: j, on }, () => `border-${i}-way-${j}`),
    /** A listed border's pass values, edited in place: a bad value stays in its field with the reason. */
    async "set-way"(store, /** @type {number} */ i, /** @type {number} */ j) {
      const border = shown(store).checked.borders[i];
      const way = border.ways[j];
      const shownBack = way.back === way.pass ? "" : way.back;
      const pass = typedNumber(typed(store, `border-${i}-way-${j}-pass`) ?? way.pass);
      const back = typedNumber(typed(store, `border-${i}-way-${j}-back`) ?? shownBack);
      if (pass === way.pass && back === shownBack) return;
      await edit(store, { do: "set-way", border: i, way: j, pass, back },
        (field) => (/^edit\.(pass|back)$/.test(field) ? `border-${i}-way-${j}-${field.slice(5)}` : `border-${i}`));
    },
    "remove-border": (store, /** @type {number} */ i) => edit(store, { do: "remove-border", border: i }, () => `border-${i}`),
    "add-way": (store) => store.set((s) => ({ ways: [...s.ways, { id: s.wayCount, name: "", pass: "", back: "" }], wayCount: s.wayCount + 1,
      focus: '[data-out="ways"] .bmap-way:last-child input' })),
    "remove-way": (store, /** @type {number} */ id) => store.set((s) => ({ ways: s.ways.filter((w) => w.id !== id), focus: '[data-out="ways"] input' })),
    /** The new border as typed; a refusal goes beside its zone, or its way's row. */
    "add-border": (store) => {
      const { typed: t, ways } = store.state;
      const where = (/** @type {string} */ field) => {
        const way = field.match(/^edit\.ways\[(\d+)\]\.(name|pass|back)$/);
        if (way) return `way-${ways[Number(way[1])].id}-${way[2]}`;
        return field === "edit.between[0]" ? "from" : field.startsWith("edit.between") ? "to" : "new-border";
      };
      const rows = ways.map((w) => ({ name: w.name, pass: typedNumber(w.pass), back: typedNumber(w.back) }));
      return edit(store, { do: "add-border", between: [t.from, t.to], ways: rows }, where,
        { clear: () => ({ ways: [{ id: 0, name: "", pass: "1", back: "" }], wayCount: 1 }) });
    },
    "load-example": (store) => {
      const chosen = options.examples.find((e) => e.id === (typed(store, "example") ?? options.map)) ?? example;
      return commit(store, chosen.map, () => "example", { note: `Loaded the example map: ${chosen.title}.` });
    },
    ...linkActions({ commit, refuse, ask, MOVE }),
  };

  /** @type {Record<string, (store: BordersStore, ...args: any[]) => any>} keystrokes, run at once (store.now) */
  const typing = {
    /** An editor field as typed (its edit is made on Enter or when it is left). */
    typed: (store, /** @type {string} */ name, /** @type {string} */ value) => store.set((s) => ({ typed: { ...s.typed, [name]: value } })),
    "way-typed": (store, /** @type {number} */ id, /** @type {string} */ part, /** @type {string} */ value) =>
      store.set((s) => ({ ways: s.ways.map((w) => (w.id === id ? { ...w, [part]: value } : w)) })),
    moved(store, /** @type {string} */ name, /** @type {string} */ value) {
      store.set((s) => ({ move: { ...s.move, [name]: value } }));
      ask(store);
    },
  };

  const { roll } = options;
  /** @type {BordersState} */
  const initial = {
    current: null, answer: null, errors: {}, saved: "", share: null, steps: { undo: false, redo: false }, focus: null,
    move: { start: "", destination: "", mode: "roll", shifts: "", skill: String(roll.skill), bid: String(roll.bid),
      ...Object.fromEntries(DICE.map((d, i) => [d, roll.faces[i]])) },
    typed: {}, ways: [{ id: 0, name: "", pass: "1", back: "" }], wayCount: 1,
  };
  const store = /** @type {BordersStore} */ (createStore(initial, { actions: /** @type {any} */ ({ ...actions, ...typing }), render, failed }));
  store.kept = kept;
  store.answered = async () => {
    for (let seen = null; seen !== asking;) await (seen = asking);
  };
  return store;
}
