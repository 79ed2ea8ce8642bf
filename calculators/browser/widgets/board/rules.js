// @ts-check
// The board's calls to rules_core, with the token protocol of rules_core/api/_logs.py: a tap sends the
// token, the length of the log it believes in and one event; a `stale` refusal (a restarted engine) sends
// the whole log once through board.replay and asks again.
import { fullLog } from "./conflict.js";

/** @typedef {import("../../types/board").Conflict} Conflict @typedef {import("../../types/board").BoardEvent} BoardEvent */
export function rulesFor(/** @type {import("../../types/widget").Engine} */ engine) {
  let token = /** @type {string | null} */ (null);

  async function replay(/** @type {object} */ setup, /** @type {BoardEvent[]} */ events) {
    const reply = await engine.call("board.replay", { setup, events });
    if (reply.ok) token = reply.result.token;
    return reply;
  }

  /** Call `name` on the conflict's kept log (payload without token and length); replays once when stale. */
  /** @param {string} name @param {Conflict} conflict @param {object} payload */
  async function onLog(name, conflict, payload, length = conflict.events.length) {
    let reply = token ? await engine.call(name, { token, length, ...payload }) : null;
    if (!reply || (!reply.ok && reply.error.code === "stale")) {
      const full = await replay(conflict.setup, conflict.events);
      if (!full.ok) return full;
      reply = await engine.call(name, { token, length, ...payload });
    }
    if (reply.ok && reply.result.token) token = reply.result.token;
    return reply;
  }

  return {
    replay,
    /** One more event: {entry, state}. */
    apply: (/** @type {Conflict} */ conflict, /** @type {BoardEvent} */ event) => onLog("board.apply", conflict, { event }),
    /** The state after the first `length` events (undo): {state, entry}; with the undone `event`, its sheet too. */
    at: (/** @type {Conflict} */ conflict, /** @type {number} */ length, /** @type {BoardEvent | null} */ event = null) => onLog("board.at", conflict, event ? { event } : {}, length),
    /** Everything the action sheet shows for the draft (the action being composed). */
    sheet: (/** @type {Conflict} */ conflict, /** @type {object} */ action) => onLog("board.sheet", conflict, { action }),
    /** A kept draft's shape, checked: {action} or an error naming the damaged key. */
    draft: (/** @type {unknown} */ action) => engine.call("board.draft", { action }),
    example: (/** @type {string} */ name) => engine.call("board.example", { name }),
    /** The setup as typed, read by the rules: {setup, places} (where the setup's aspects can go). */
    setup: (/** @type {object} */ draft) => engine.call("board.setup", { draft }),
    /** The rules' judgement of a kept conflict, its redo list included (its size and every event in it):
     *  {value, state, entries, map} | {problem, event?} (event: the index of the event refused) | {down} (the engine is not running).
     *  @param {Conflict} c @returns {Promise<{value: Conflict, state: import("../../types/board").State, entries: import("../../types/board").Entry[],
     *    map: {layout: import("../../types/board").View["layout"]}} | {problem: string, event?: number} | {down: string}>} */
    async judge(c) {
      if (c.redo.length) {
        const all = await replay(c.setup, fullLog(c));
        if (!all.ok) return all.error.code === "engine" ? { down: all.error.message } : { problem: `with its redo list: ${all.error.message}` };
      }
      const reply = await replay(c.setup, c.events);
      if (!reply.ok) {
        const { code, message, event } = reply.error;
        return code === "engine" ? { down: message } : { problem: message, event };
      }
      return { value: c, state: reply.result.state, entries: reply.result.entries, map: reply.result.map };
    },
  };
}
