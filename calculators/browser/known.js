// What the build already knows: each calculator's answers for its form as the page first shows it,
// worked out by rules_core at build time (calculators/pages/widgets/base.py, known; data-known). A call
// among them is answered at once, before the engine has started, which keeps it for the player's taps.

/** A payload as the worker would read it (JSON: a key whose value is undefined is left out), as text
 *  with its keys sorted at every depth: the same question, the same text. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : canonical(item))).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The engine as a widget sees it: `known` is [[name, payload, reply], …]; a call among them is
 *  answered with (a copy of) its reply, every other call and everything else goes to the engine.
 *  `answered` counts the calls answered so (the tests read it). */
export function answering(engine, known, counter = { answered: 0 }) {
  const answers = new Map((known || []).map(([name, payload, reply]) => [`${name} ${canonical(payload)}`, reply]));
  if (!answers.size) return engine;
  const names = new Set(known.map(([name]) => name)); // a call by another name (a board's long log) is not read
  const call = (name, payload) => {
    const reply = names.has(name) && answers.get(`${name} ${canonical(payload)}`);
    if (!reply) return engine.call(name, payload);
    counter.answered += 1;
    return Promise.resolve(structuredClone(reply));
  };
  return new Proxy(engine, {
    get(target, key) {
      if (key === "call") return call;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
