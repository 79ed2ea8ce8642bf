// Stress absorption: Gauntlet Forge wound boxes (2023, 2022) and conditions (wiki),
// Edgerunner stress tracks. Every answer is rules_core's (stress.wounds,
// stress.conditions, stress.track_hit, stress.track_recovery). The parts, in stress/:
// panel.js is the one panel (keeping the state with keeper.js, preview, edit,
// apply, undo, draw), which wounds.js, conditions.js and track.js configure;
// party.js and roster.js are the party of characters; edition.js follows the
// site-wide edition. This file puts them together.
import { followEdition } from "./edition.js";
import { mountRoster } from "./party.js";
import { woundsPanel } from "./wounds.js";
import { conditionsPanel } from "./conditions.js";
import { trackPanel } from "./track.js";

export function mount(root, ctx) {
  const listening = new AbortController(); // dispose() drops every listener at once
  const { signal } = listening;
  const form = root.querySelector(".calc__form");
  const makers = { wounds: woundsPanel, conditions: conditionsPanel, track: trackPanel };
  const party = mountRoster({ ...ctx, root, form, signal });
  const panels = Object.fromEntries(Object.entries(makers).map(([model, make]) =>
    [model, make({ ...ctx, root, signal, panel: form.querySelector(`[data-panel="${model}"]`), gainTrait: party.gainTrait })]));
  party.attach(panels);

  function show(model) {
    for (const node of root.querySelectorAll("[data-panel], .calc-stress__static")) {
      node.hidden = (node.dataset.panel || node.dataset.model) !== model;
    }
  }
  form.addEventListener("change", (event) => {
    if (event.target.name === "model") show(event.target.value);
  }, { signal });
  form.addEventListener("submit", (event) => event.preventDefault(), { signal });
  show(form.querySelector('input[name="model"]:checked').value);
  followEdition(form, listening); // the site-wide edition, until disposed
  return () => {
    listening.abort();
    Object.values(panels).forEach((p) => p.dispose());
  };
}
