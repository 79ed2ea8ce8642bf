// A roll from the dice roller (../../handoff.js) into the open event form:
// the effort fields take the hits, a "margin of effort" field the margin
// against the difficulty (its size; success or failure is the event chosen).
import { typeInto } from "../../handoff.js";

const ORDER = ["effort", "defender_effort", "margin", "successes"];

/** Fill the first empty effort-like field of the open form (else the first one); a sentence for the player. */
export function rollInto(panel, roll) {
  if (!panel) throw new Error("Morale tracker: open the event first (Attack, Vigor advantage, End turn…), then use the roll.");
  const fields = ORDER.map((name) => panel.querySelector(`[name="${name}"]`)).filter((f) => f && !f.closest("[hidden]"));
  if (!fields.length) throw new Error("Morale tracker: the open event asks for no effort; pick another event.");
  const field = fields.find((f) => !f.value.trim()) ?? fields[0];
  const label = panel.querySelector(`label[for="${CSS.escape(field.id)}"]`)?.textContent.trim() || field.name;
  const value = /margin/i.test(label) ? Math.abs(roll.margin) : roll.effort;
  typeInto(field, value);
  field.focus();
  return `Morale tracker: ${label} set to ${value}.`;
}
