// Gauntlet Forge wiki conditions in the stress panel: its fields, its calls
// (stress.conditions) and its slots. Slot numbers are the rules' (1 is the first).
import { makePanel } from "./panel.js";

export function conditionsPanel(base) {
  return makePanel(base, { model: "conditions", what: "condition slots", resetLabel: "Reset: every condition slot is cleared" }, (p) => {
    const { engine, ui, panel, parts, keep } = p;
    const character = (s) => ({ conditions: s.conditions, last_stand: s.last_stand });
    const hit = () => engine.call("stress.conditions", { ...character(keep.state), ...ui.readFields(parts.hit, ["stress"]), slot: p.pick });

    function drawBoxes(result) {
      for (const button of panel.querySelectorAll("[data-box]")) {
        const n = Number(button.dataset.box);
        button.setAttribute("aria-pressed", String(!!keep.state.conditions[n - 1]));
        button.classList.toggle("calc-stress__box--target", !!result && result.slot === n);
      }
    }

    return {
      bounds(state) {
        const empty = p.fresh().conditions;
        const slots = state.conditions;
        if (!Array.isArray(slots) || slots.length !== empty.length) return `its condition slots are not ${empty.length}`;
        return null;
      },
      async check(state) {
        const reply = await engine.call("stress.conditions", { ...character(state), stress: 0 });
        if (!reply.ok) return { error: reply.error };
        return { state: { ...state, conditions: reply.result.conditions } };
      },
      characterFields: ["last_stand"],
      fill(s) {
        parts.character.elements.namedItem("last_stand").checked = s.last_stand;
      },
      drawBoxes,
      toggle(button, n) {
        const filled = [...keep.state.conditions];
        filled[n - 1] = !filled[n - 1];
        return { ...keep.state, conditions: filled };
      },
      request: async () => ({ reply: await hit() }),
      draw({ reply }, stale) {
        const r = reply.result;
        drawBoxes(r);
        p.answer([r.message], stale);
        p.alternatives("Or pick another slot that fits:", r.alternatives, (n) => `Slot ${n} (rating ${r.ratings[n - 1]})`);
        p.choices(r.choice, stale);
        parts.apply.disabled = stale || r.slot === null;
      },
      hit,
      applied(r, choice) {
        if (r.slot === null && !r.trait) return null;
        return p.taken(r.message, choice, { conditions: r.conditions },
          r.trait ? `Trait rated ${r.trait} (the stress a condition could not take)` : null);
      },
    };
  });
}
