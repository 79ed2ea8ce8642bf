// Gauntlet Forge wound boxes (2023, 2022) in the stress panel: its fields, its
// calls (stress.wounds) and its boxes. Box numbers are the rules' (1 is the first).
import { makePanel } from "./panel.js";

export function woundsPanel(base) {
  return makePanel(base, { model: "wounds", what: "wound boxes", resetLabel: "Reset: every wound box is cleared" }, (p) => {
    const { engine, ui, options, panel, parts, keep } = p;
    const character = (s) => ({ wounds: s.wounds, favor: s.favor, in_conflict: s.in_conflict, last_stand: s.last_stand });
    const hitFields = () => ({
      ...ui.readFields(parts.hit, ["stress", "type"]),
      edition: parts.hit.elements.namedItem("edition").value, // a name, though it looks like a number
    });
    const now = (s) => engine.call("stress.wounds", { ...character(s), stress: 0, type: options.slots[0] });
    const hit = () => engine.call("stress.wounds", { ...character(keep.state), ...hitFields(), box: p.pick });

    function drawBoxes(result, current = null) {
      for (const row of panel.querySelectorAll("[data-slot]")) {
        const slot = row.dataset.slot;
        for (const button of row.querySelectorAll("[data-box]")) {
          const n = Number(button.dataset.box);
          button.setAttribute("aria-pressed", String(!!keep.state.wounds[slot][n - 1]));
          button.classList.toggle("calc-stress__box--target", !!result && result.type === slot && result.box === n);
        }
        if (current) row.querySelector('[data-out="severity"]').textContent = current.severity[slot].name;
      }
    }

    return {
      // Before drawing: the boxes the page has, booleans in each (the rules check the rest).
      bounds(state) {
        const empty = p.fresh().wounds;
        for (const slot of options.slots) {
          const boxes = state.wounds?.[slot];
          if (!Array.isArray(boxes) || boxes.length !== empty[slot].length || !boxes.every((b) => typeof b === "boolean")) {
            return `its ${slot} boxes are not ${empty[slot].length} marks`;
          }
        }
        return null;
      },
      async check(state) {
        const reply = await now(state);
        if (!reply.ok) return { error: reply.error };
        return { state: { ...state, wounds: reply.result.wounds, favor: reply.result.favor_left } };
      },
      characterFields: ["favor", "in_conflict", "last_stand"],
      fill(s) {
        const fields = parts.character.elements;
        fields.namedItem("favor").value = s.favor;
        fields.namedItem("in_conflict").checked = s.in_conflict;
        fields.namedItem("last_stand").checked = s.last_stand;
      },
      drawBoxes,
      toggle(button, n) {
        const slot = button.closest("[data-slot]").dataset.slot;
        const boxes = [...keep.state.wounds[slot]];
        boxes[n - 1] = !boxes[n - 1];
        return { ...keep.state, wounds: { ...keep.state.wounds, [slot]: boxes } };
      },
      async request() {
        const [current, reply] = await Promise.all([now(keep.state), hit()]);
        return { reply, current };
      },
      draw({ reply, current }, stale) {
        const r = reply.result;
        drawBoxes(r, current.ok ? current.result : null);
        p.answer([r.message, r.favor_spent ? `Favor left after paying: ${r.favor_left}.` : ""], stale);
        p.alternatives("Or pick another box that fits:", r.alternatives, (n) => `Box ${n} (capacity ${r.boxes[n - 1]})`);
        p.choices(r.choice, stale);
        parts.apply.disabled = stale || (r.box === null && !r.favor_spent);
      },
      hit,
      applied(r, choice) {
        if (r.box === null && !r.favor_spent) return null;
        return p.taken(r.message, choice, { wounds: r.wounds, favor: r.favor_left },
          r.favor_spent && r.trait ? `Trait rated ${r.trait} (bought with ${r.favor_spent} Favor)` : null);
      },
    };
  });
}
