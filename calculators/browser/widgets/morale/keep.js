// @ts-check
// Keeping the tracker: the conflict through the site's one keeper (stored as saved.js packs it, checked by
// the rules' replay, two tabs' logs merged by event ids), and the event being composed in a slot of its
// own ("morale:action"), so Close, another page or a reload loses nothing.
import { keeper } from "../../keeping/keeper.js";
import { draftSlot, slot } from "../../keeping/slot.js";
import * as saved from "./saved.js";

/** The conflict's keeper and the rules' check of a conflict, for an engine (tap.js's). */
/** @typedef {import("../../types/morale").Conflict} Conflict */
export function keeping(/** @type {import("../../types/morale").Rules} */ engine) {
  const replay = (/** @type {Conflict} */ c, events = c.events) => engine.call("morale.replay", { setup: c.setup, events });

  /** The rules' verdict on a conflict, by replaying it (as the keeper takes it): {value, state}, its redo list
   *  left out when it no longer replays (redoProblem says why); {problem, event} (it doesn't replay at that
   *  event) or {down} (the engine isn't running, so nothing can be judged).
   *  @param {Conflict} c @returns {Promise<{value?: Conflict, state?: import("../../types/morale").View, redoProblem?: string,
   *           problem?: string, event?: number, down?: string}>} */
  async function check(c) {
    const reply = await replay(c);
    if (!reply.ok) return reply.error.code === "engine" ? { down: reply.error.message } : { problem: reply.error.message, event: reply.error.event };
    const all = c.redo.length ? await replay(c, [...c.events, ...[...c.redo].reverse()]) : reply;
    if (all.ok) return { value: c, state: reply.result };
    return { value: { ...c, redo: [], redoIds: [] }, state: reply.result, redoProblem: all.error.message };
  }

  const kept = keeper("morale", {
    what: "conflict",
    fresh: () => null,
    codec: {
      toText: (c) => (c ? JSON.stringify(saved.pack(c)) : "null"),
      fromText(text) {
        const { conflict, problem } = saved.unpack(text);
        return problem ? { problem: `it is damaged: ${problem}` } : { value: conflict };
      },
    },
    check: async (c) => (c ? check(c) : { value: c }),
    merge: (ours, theirs, _base, say) => (ours && theirs ? saved.merge(ours, theirs, say)?.conflict ?? null : null),
    refuse: saved.refuse,
  });
  return { kept, check };
}

/** The event being composed, kept as it is filled in (keeping/slot.js, draftSlot). */
export const actionSlot = () => draftSlot("morale:action", "event");
