// One tap costs one event (rules_core/api/_logs.py, rules_core.api.morale.apply):
// morale.replay answers a token for the log it replayed; a tap then sends
// {token, length, event} and gets back only what changed (the new log entry,
// the state without the form and the log). This wraps the engine so the
// tracker keeps calling morale.replay and morale.apply with the whole
// conflict: when the engine holds that log (same setup, the events a prefix
// of the ones it holds), a replay of a shorter log is a cut (undo) and an
// apply is a tap; the form comes from the build (forms), the log is kept here.
// morale.sheet (the event sheet: what a tap in it changes) is asked on the
// held log too ({token, length, action}). Anything else, or a "stale" token (a
// restarted worker), replays the log.

/** @param {{call: (name: string, payload: any) => Promise<any>}} engine
 *  @param {Record<string, any>} forms the edition forms rendered at build time */
export function tapped(engine, forms) {
  /** @type {{key: string, events: any[], token: string, log: any[]} | null} */
  let held = null;
  const same = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);
  const holds = (setup, events) => !!held && held.key === JSON.stringify(setup) && events.length <= held.events.length &&
    events.every((e, i) => same(e, held.events[i]));

  async function replay(setup, events) {
    const reply = await engine.call("morale.replay", { setup, events });
    held = reply.ok ? { key: JSON.stringify(setup), events: [...events], token: reply.result.token, log: reply.result.log } : null;
    return reply;
  }

  /** The held log cut to events.length, then the event (none: an undo), as a whole state. */
  async function tap(events, event) {
    const length = events.length;
    const reply = await engine.call("morale.apply", event === undefined
      ? { token: held.token, length } : { token: held.token, length, event });
    if (!reply.ok) return reply;
    const { token, length: _, entry, ...state } = reply.result;
    const log = held.log.slice(held.log.length - length);
    if (entry) log.unshift(entry);
    held = { ...held, token, events: entry ? [...events, state.event] : [...events], log };
    return { ok: true, result: { ...state, form: forms[state.edition], log } };
  }

  async function either(setup, events, event) {
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
  async function sheet(setup, events, action) {
    for (let tries = 0; tries < 2; tries++) {
      if (!holds(setup, events)) {
        const replayed = await replay(setup, events);
        if (!replayed.ok) return replayed;
      }
      const reply = await engine.call("morale.sheet", { token: held.token, length: events.length, action });
      if (reply.ok || reply.error.code !== "stale") return reply;
      held = null;
    }
    return engine.call("morale.sheet", { setup, events, action });
  }

  return Object.assign(Object.create(engine), {
    call(name, payload) {
      if (name === "morale.replay") return either(payload.setup, payload.events ?? [], undefined);
      if (name === "morale.apply" && !("token" in payload)) return either(payload.setup, payload.events ?? [], payload.event);
      if (name === "morale.sheet" && !("token" in payload)) return sheet(payload.setup, payload.events ?? [], payload.action);
      return engine.call(name, payload);
    },
  });
}
