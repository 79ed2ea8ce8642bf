// @ts-check
// One tap costs one event (rules_core/api/_logs.py): morale.replay answers a token for the log it
// replayed, and a tap sends {token, length, event} and gets back only what changed (the new log entry, the
// state without form or log). This wraps the engine so the tracker calls morale.replay, .apply and .sheet
// with the whole conflict: when the engine holds that log (same setup, the events a prefix of its own), a
// shorter replay is a cut (undo), an apply a tap, a sheet asked on the held log; anything else, or a
// "stale" token (a restarted worker), replays the log. The form comes from the build, the log is kept here.

/** @typedef {import("../../types/morale").Setup} Setup @typedef {import("../../types/morale").MoraleEvent} MoraleEvent
 *  @typedef {{key: string, events: MoraleEvent[], token: string, log: import("../../types/morale").LogEntry[]}} Held the log the engine holds */
/** @param {import("../../types/morale").Rules} engine
 *  @param {Record<string, import("../../types/morale").Form>} forms the edition forms rendered at build time
 *  @returns {import("../../types/morale").Rules} */
export function tapped(engine, forms) {
  let held = /** @type {Held | null} */ (null);
  const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => a === b || JSON.stringify(a) === JSON.stringify(b);
  /** @param {Setup} setup @param {MoraleEvent[]} events @returns {held is Held} */
  const holds = (setup, events) => !!held && held.key === JSON.stringify(setup) && events.length <= held.events.length &&
    events.every((e, i) => same(e, held?.events[i]));

  async function replay(/** @type {Setup} */ setup, /** @type {MoraleEvent[]} */ events) {
    const reply = await engine.call("morale.replay", { setup, events });
    held = reply.ok ? { key: JSON.stringify(setup), events: [...events], token: reply.result.token, log: reply.result.log } : null;
    return reply;
  }

  /** The held log cut to events.length, then the event (none: an undo), as a whole state. @returns {Promise<import("../../types/widget").Reply>} */
  async function tap(/** @type {MoraleEvent[]} */ events, /** @type {MoraleEvent | undefined} */ event) {
    const length = events.length;
    const h = /** @type {Held} */ (held); // holds() said so, or a replay just now
    const reply = await engine.call("morale.apply", event === undefined
      ? { token: h.token, length } : { token: h.token, length, event });
    if (!reply.ok) return reply;
    const { token, length: _, entry, ...state } = reply.result;
    const log = h.log.slice(h.log.length - length);
    if (entry) log.unshift(entry);
    held = { ...h, token, events: entry ? [...events, state.event] : [...events], log };
    return { ok: true, result: { ...state, form: forms[state.edition], log } };
  }

  async function either(/** @type {Setup} */ setup, /** @type {MoraleEvent[]} */ events, /** @type {MoraleEvent | undefined} */ event) {
    if (holds(setup, events)) {
      const reply = await tap(events, event);
      if (reply.ok || reply.error.code !== "stale") return reply;
    }
    if (event === undefined) return replay(setup, events);
    const replayed = await replay(setup, events);
    if (!replayed.ok) return engine.call("morale.apply", { setup, events, event }); // its error names the event
    return tap(events, event);
  }

  /** The sheet for the draft on the conflict as the page has it, asked on the held log. */
  async function sheet(/** @type {Setup} */ setup, /** @type {MoraleEvent[]} */ events, /** @type {object} */ action) {
    for (let tries = 0; tries < 2; tries++) {
      if (!holds(setup, events)) {
        const replayed = await replay(setup, events);
        if (!replayed.ok) return replayed;
      }
      const reply = await engine.call("morale.sheet", { token: /** @type {Held} */ (held).token, length: events.length, action });
      if (reply.ok || reply.error.code !== "stale") return reply;
      held = null;
    }
    return engine.call("morale.sheet", { setup, events, action });
  }

  return Object.assign(Object.create(engine), {
    call(/** @type {string} */ name, /** @type {{setup: Setup, events?: MoraleEvent[], event?: MoraleEvent, action: object}} */ payload) {
      if (name === "morale.replay") return either(payload.setup, payload.events ?? [], undefined);
      if (name === "morale.apply" && !("token" in payload)) return either(payload.setup, payload.events ?? [], payload.event);
      if (name === "morale.sheet" && !("token" in payload)) return sheet(payload.setup, payload.events ?? [], payload.action);
      return engine.call(name, payload);
    },
  });
}
