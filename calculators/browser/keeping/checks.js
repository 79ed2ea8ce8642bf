// The check of every name the site keeps, reachable without mounting its widget
// (Import everything checks each entry of its file with these): by name, the same
// check the calculator's keeper uses (its codec's reading, then the rules, through
// the engine). A check: async (text, engine) → null (usable) | {problem} | {down}.
// A widget that keeps a new name registers its check here (registerCheck).

/** @typedef {(text: string, engine: any) => Promise<null | {problem?: string, down?: string}>} KeptCheck */

/** @type {{test: RegExp, check: KeptCheck}[]} */
const registry = [];

/** Register the check of the names matching `test` (a later registration wins). */
export function registerCheck(test, check) {
  registry.unshift({ test, check });
}

/** The check of a kept name, bound to an engine: (text) → verdict; null when no calculator keeps it. */
export function checkOf(name, engine) {
  const found = registry.find((r) => r.test.test(name));
  return found ? (text) => found.check(text, engine) : null;
}

const json = (text) => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { problem: "it is not readable JSON" };
  }
};
const isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** An engine reply as a verdict. */
const judged = (reply, where = "") => (reply.ok ? null
  : reply.error?.code === "engine" ? { down: reply.error.message } : { problem: where + reply.error.message });

// The morale tracker's conflict (widgets/morale/keep.js): saved.unpack, then the rules replay it.
registerCheck(/^morale$/, async (text, engine) => {
  const saved = await import("../widgets/morale/saved.js");
  if (text === "null") return null;
  const { conflict, problem } = saved.unpack(text);
  if (problem) return { problem: `it is damaged: ${problem}` };
  return judged(await engine.call("morale.replay", { setup: conflict.setup, events: conflict.events }));
});

// The morale tracker's setup being typed (widgets/morale/index.js reads it with setup.isDraft).
registerCheck(/^morale:draft$/, async (text) => {
  const { isDraft } = await import("../widgets/morale/setup.js");
  const got = json(text);
  if (got.problem) return got;
  return isDraft(got.value) ? null : { problem: "it is not a conflict's setup" };
});

// The conflict board's conflict (widgets/board/index.js's keeper "board"): conflict.unpack, then the
// rules replay its log (board.replay), as the board checks what it keeps.
registerCheck(/^board$/, async (text, engine) => {
  const { unpack } = await import("../widgets/board/conflict.js");
  if (text === "null") return null; // nothing kept yet
  const { conflict, problem } = unpack(text);
  if (problem) return { problem: `it is damaged: ${problem}` };
  return judged(await engine.call("board.replay", { setup: conflict.setup, events: conflict.events }));
});

// The board's setup being typed (widgets/board/drafting.js reads it with setup.isDraft).
registerCheck(/^board:draft$/, async (text) => {
  const { isDraft } = await import("../widgets/board/setup.js");
  const got = json(text);
  if (got.problem) return got;
  return isDraft(got.value) ? null : { problem: "it is not a conflict's setup" };
});

// The board's action being composed (widgets/board/keep.js, sheetStore): a sheet with its kind or none.
registerCheck(/^board:action$/, async (text) => {
  const { usableSheet } = await import("../widgets/board/keep.js");
  const got = json(text);
  if (got.problem) return got;
  return usableSheet(got.value) ? null : { problem: "it is not an action being composed" };
});

// The board's saved setups, by name (widgets/board/keep.js, setups()): each one a setup as board.replay takes
// it; saved as typed (the rules judge it when it is started), so only its shape is checked here.
registerCheck(/^board:setups$/, async (text) => {
  const got = json(text);
  if (got.problem) return got;
  if (!isRecord(got.value)) return { problem: "it is not a list of saved setups by name" };
  for (const [name, s] of Object.entries(got.value)) {
    if (!isRecord(s) || !isRecord(s.map) || !Array.isArray(s.sides) || !Array.isArray(s.actors)) {
      return { problem: `the setup “${name.slice(0, 40)}” is not a conflict's setup` };
    }
  }
  return null;
});

// The stress calculator's roster (widgets/stress/roster.js, rosterCodec).
registerCheck(/^stress:roster$/, async (text) => {
  const { rosterCodec } = await import("../widgets/stress/roster.js");
  const got = rosterCodec.fromText(text);
  return got.problem ? { problem: got.problem } : null;
});

// A character's stress state of one model (widgets/stress/keeper.js's stored form {state, history, future}),
// then the rules' check of that model (the panels' check: wounds.js, conditions.js, track.js).
registerCheck(/^stress:(wounds|conditions|track)(:c\d{1,6})?$/, async (text, engine) => {
  const got = json(text);
  if (got.problem) return got;
  const v = got.value;
  if (!isRecord(v) || !isRecord(v.state) || !Array.isArray(v.history) || (v.future !== undefined && !Array.isArray(v.future))) {
    return { problem: "it is not in the expected shape" };
  }
  const s = v.state;
  if (isRecord(s.wounds)) {
    const type = Object.keys(s.wounds)[0];
    return judged(await engine.call("stress.wounds",
      { wounds: s.wounds, favor: s.favor, in_conflict: s.in_conflict, last_stand: s.last_stand, stress: 0, type }));
  }
  if (Array.isArray(s.conditions)) return judged(await engine.call("stress.conditions", { conditions: s.conditions, last_stand: s.last_stand, stress: 0 }));
  if (isRecord(s.tracks)) {
    for (const [name, t] of Object.entries(s.tracks)) {
      if (!isRecord(t)) return { problem: `${name}: it is not a track` };
      const track = { threshold: t.threshold, marked: t.marked, consequences: t.consequences, taken: t.taken };
      const verdict = judged(await engine.call("stress.track_hit", { track, shifts: 0 }), `${name}: `);
      if (verdict) return verdict;
    }
    return null;
  }
  return { problem: "it holds no wound boxes, condition slots nor stress tracks" };
});

// A border map (widgets/borders/index.js): the rules' check of the map.
registerCheck(/^borders$/, async (text, engine) => {
  const got = json(text);
  if (got.problem) return got;
  return judged(await engine.call("borders.check", { map: got.value }));
});

// The edition chosen in the header (edition.js): one of the editions (registry.js, written by the build), as plain text.
registerCheck(/^edition$/, async (text) => {
  const { EDITIONS } = await import("../registry.js");
  return EDITIONS.includes(text) ? null : { problem: "it is not an edition of the rules" };
});
