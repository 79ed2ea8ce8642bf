// @ts-check
// Boon free dice: rating → free dice, using vs spending, and the odds.
// Everything shown comes from rules_core (boons.free_dice, boons.odds).
import { receive, typeInto } from "../../handoff.js";
import { shareForm } from "../../shareform.js";
import { listeners } from "../../mount.js";
import { html, render } from "../../vendor/lit-html/lit-html.js";
/** @typedef {import("../../types/dice").Roll} Roll a roll the dice roller hands over */

const BOON = ["rating", "enduring"];
const ROLL = ["pool", "difficulty", "target"];

/** @param {HTMLElement} root @param {import("../../types/widget").Handed} handed */
export function mount(root, { engine, ui }) {
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".calc__form"));
  const [boonOut, oddsOut] = ["boon", "odds"].map((n) => /** @type {HTMLElement} */ (root.querySelector(`[data-out="${n}"]`)));

  /** The rules' answers for the fields `read` gives (this form's, or a share link's). */
  const ask = (/** @type {import("../../types/widget").ReadFields} */ read) => {
    const boon = read(BOON);
    return Promise.all([engine.call("boons.free_dice", boon), engine.call("boons.odds", { ...read(ROLL), rating: boon.rating })]);
  };

  const update = ui.latest(async (/** @type {() => boolean} */ isStale) => {
    const [dice, odds] = await ask((names) => ui.readFields(form, names));
    if (isStale()) return;
    ui.clearErrors(form);
    if (!dice.ok) ui.showError(form, dice.error);
    else render(boonLines(dice.result), boonOut);
    if (!odds.ok) {
      if (odds.error.field !== "rating" || dice.ok) ui.showError(form, odds.error);
    } else render(oddsTable(odds.result), oddsOut);
    boonOut.classList.toggle("calc__result--stale", !dice.ok);
    oddsOut.classList.toggle("calc__result--stale", !odds.ok);
  });

  // The answers are lit-html templates of the rules' words: a change of a field updates what changed.
  const boonLines = (/** @type {import("../../types/boons").FreeDice} */ r) => html`<p class="calc__answer"><strong>${
    r.verdict}</strong> — ${r.why}</p><ul>${r.ways.map((way) => html`<li>${way}</li>`)}</ul>`;

  function oddsTable(/** @type {import("../../types/boons").Odds} */ r) {
    // The exact chance beside it (as the dice roller says it), unless it is sure or none.
    const chance = (/** @type {import("../../types/widget").Chance} */ p) => p.percent + (/^(0|1)\/1$/.test(p.exact) ? "" : ` (${p.exact})`);
    const row = (/** @type {string} */ label, /** @type {import("../../types/boons").Part} */ part) => html`<tr><th scope="row">${label}</th><td>${part.pool} dice</td><td>${chance(part.probability)}</td></tr>`;
    return html`<table class="calc__table"><caption>Chance to succeed</caption><tbody>
      ${row("Without the boon", r.without)}${row("With its free dice", r.with_free_dice)}${row("Spending it", r.spending)}</tbody></table>`;
  }

  const { on, signal, stop } = listeners(form); // dispose() drops every listener at once
  on(form, "input", () => update());
  // A Gauntlet Forge roll from the dice roller on this page: its pool (without the boons' dice),
  // difficulty and target become the odds' roll, to see what a boon would have changed.
  receive({
    root, name: "in the boon odds (pool, difficulty)", accepts: (/** @type {Roll} */ roll) => roll.game === "gauntlet-forge",
    take: (/** @type {Roll & {game: "gauntlet-forge"}} */ roll) => {
      for (const name of /** @type {const} */ (["target", "difficulty", "pool"])) typeInto(form.elements.namedItem(name), roll[name]);
      /** @type {HTMLInputElement} */ (form.elements.namedItem("pool")).focus();
      return `Boon odds: ${roll.pool} dice, difficulty ${roll.difficulty}, hits on ${roll.target}+.`;
    },
  }, { signal });
  ui.keepFields(form, `boons:${root.id}`);
  // A share link (share.js): the boon and the roll's fields, checked by the same rules before they are filled in.
  const sharing = shareForm({
    ui, form, name: "boons", what: "a boon and its roll", fields: [...BOON, ...ROLL], apply: () => update(),
    check: async (/** @type {import("../../types/widget").ReadFields} */ read) => (await ask(read)).find((reply) => !reply.ok)?.error ?? null,
  });
  update();
  return () => {
    stop();
    sharing();
  };
}
