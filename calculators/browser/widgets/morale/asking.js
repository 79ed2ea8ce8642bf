// What the morale tracker asks the rules while a player types, each answer drawn beside the field:
// the setup's starting morale and turn order (morale.replay of no events), and the keep-morale
// test's difficulty as helpers join (morale.keep_morale). `m` is the mounted tracker (index.js).
import { html, render } from "../../vendor/lit-html/lit-html.js";
import * as setup from "./draft.js";
import * as play from "./play.js";

export function asking(m, forms) {
  const { ui } = m;
  const preview = ui.latest(async (isStale) => {
    const out = m.main.querySelector('[data-out="preview"]');
    if (!out) return;
    // Nothing typed yet: the rules could only say that a name is missing, which is shown once a start
    // is tried. Not asked, so the engine's first moments go to the player (issue 35).
    if (!m.tried && setup.isEmpty(m.draft)) return void out.classList.add("calc__result--stale");
    const reply = await m.engine.call("morale.replay", { setup: setup.payload(m.draft, forms[m.draft.edition]), events: [] });
    if (isStale() || m.mode !== "setup") return;
    if (m.tried) ui.failed(m.main, reply);
    out.classList.toggle("calc__result--stale", !reply.ok);
    if (!reply.ok) return;
    const s = reply.result;
    render(html`<span>Starting morale: ${s.teams.map((t) => `${t.name} ${play.signed(t.morale)}`).join(", ")}. </span><span
      >Turn order: ${s.turn_order.join(", ")}.</span>`, out);
  });

  const keepMorale = ui.latest(async (isStale) => {
    const { panel } = m;
    const out = panel?.node.querySelector('[data-out="difficulty"]');
    const input = panel?.node.querySelector('[name="helpers"]');
    if (!out || !input) return;
    const helpers = setup.value(input.value);
    const reply = await m.engine.call("morale.keep_morale", {
      setup: m.conflict.setup, events: m.conflict.events, team: panel.team, helpers: helpers === "" ? undefined : helpers,
    });
    if (isStale() || m.panel !== panel) return;
    panel.stale = ui.failed(panel.node, reply, ["helpers"]);
    if (!panel.stale) {
      const r = reply.result;
      panel.difficulty = `Difficulty ${r.difficulty} (BROKEN MORALE ${r.rating}, ${helpers || "nobody"} helping).`;
    }
    m.paintPanel();
  });

  return { preview, keepMorale };
}
