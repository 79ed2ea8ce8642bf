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
  const form = root.querySelector(".calc__form");
  const makers = { wounds: woundsPanel, conditions: conditionsPanel, track: trackPanel };
  const party = mountRoster({ ...ctx, root, form, panels: {} });
  const panels = Object.fromEntries(Object.entries(makers).map(([model, make]) =>
    [model, make({ ...ctx, root, panel: form.querySelector(`[data-panel="${model}"]`), gainTrait: party.gainTrait })]));
  party.attach(panels);

  function show(model) {
    for (const node of root.querySelectorAll("[data-panel], .calc-stress__static")) {
      node.hidden = (node.dataset.panel || node.dataset.model) !== model;
    }
  }
  form.addEventListener("change", (event) => {
    if (event.target.name === "model") show(event.target.value);
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  show(form.querySelector('input[name="model"]:checked').value);
  const following = new AbortController(); // the site-wide edition, until disposed
  followEdition(form, following);
  return () => {
    following.abort();
    party.dispose();
    Object.values(panels).forEach((p) => p.dispose());
  };
}
