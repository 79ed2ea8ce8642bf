// @ts-check
// Dice roller: Edgerunner skill + 4dF − bid, Gauntlet Forge d6 pools. The page only draws the faces (rolling.js)
// or takes the ones typed; rules_core scores them and says how often a roll does at least this well.
// "Use this result" hands it to a calculator on the same page that registered for it (../handoff.js).
import { receiversFor, changes } from "../../handoff.js";
import { shareForm } from "../../shareform.js";
import { isOwn } from "../../own.js";
import { plural, wholeIn } from "../../ui.js";
import { fateFaces, poolFaces } from "../../rolling.js";
import { listeners, onClicks } from "../../mount.js";
import { html, nothing, render } from "../../vendor/lit-html/lit-html.js";
/** @typedef {import("../../types/dice").Roll} Roll @typedef {keyof typeof FIELDS} Game */

const FIELDS = {
  edgerunner: { call: "dice.roll_fate", faces: "fate_faces", fields: ["skill", "bid"] },
  "gauntlet-forge": { call: "dice.roll_pool", faces: "pool_faces", fields: ["pool", "boon_dice", "target", "difficulty"] },
};
const GAME_NAMES = { edgerunner: "Edgerunner", "gauntlet-forge": "Gauntlet Forge" };
const FATE = /** @type {Record<number, [string, string]>} */ ({ 1: ["⊞", "plus"], 0: ["⊡", "blank"], [-1]: ["⊟", "minus"] });

/** @param {HTMLElement} root @param {import("../../types/widget").Handed} handed */
export function mount(root, { engine, ui }) {
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".calc__form"));
  const [out, use, note] = ["roll", "use", "note"].map((n) => /** @type {HTMLElement} */ (root.querySelector(`[data-out="${n}"]`)));
  const input = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  const game = () => /** @type {Game} */ (/** @type {HTMLInputElement} */ (form.querySelector('input[name="game"]:checked')).value);
  let last = /** @type {Roll | null} */ (null); // the result shown: {game, ...rules_core's result}

  function showGame() {
    for (const part of form.querySelectorAll("[data-game]")) if (part instanceof HTMLElement) part.hidden = part.dataset.game !== game();
  }

  function roll() {
    const g = game();
    let faces;
    if (g === "edgerunner") {
      faces = fateFaces();
    } else {
      const count = ["pool", "boon_dice"].map((n) => ui.readField(form, n)).reduce((a, b) => a + b, 0);
      if (!wholeIn(count, 1, 60)) return score(true); // the rules say what is wrong
      faces = poolFaces(count).join(" ");
    }
    input(FIELDS[g].faces).value = faces;
    score(false);
  }

  /** Score the dice in the field; `check`: ask the rules even with no dice (to name a bad field). */
  const score = ui.latest(async (/** @type {boolean} */ check, /** @type {() => boolean} */ isStale) => {
    const g = game();
    const spec = FIELDS[g];
    const faces = input(spec.faces).value.trim();
    note.textContent = "";
    if (!faces && !check) {
      ui.clearErrors(form);
      return show(null);
    }
    const reply = await engine.call(spec.call, { ...ui.readFields(form, spec.fields), faces });
    if (isStale()) return;
    ui.clearErrors(form);
    if (!reply.ok) {
      ui.showError(form, reply.error.field === "faces" ? { ...reply.error, field: spec.faces } : reply.error);
      out.classList.add("calc__result--stale");
      return show(null, true);
    }
    out.classList.remove("calc__result--stale");
    show({ game: g, ...reply.result });
  });

  // The result and the "Use this result" buttons are lit-html templates: a roll updates what changed.
  function show(/** @type {Roll | null} */ result, keep = false) {
    last = result;
    if (result) render(result.game === "edgerunner" ? fateLines(result) : poolLines(result), out);
    else if (!keep) render(nothing, out);
    offer();
  }

  function offer() {
    const targets = last ? receiversFor(last) : [];
    use.hidden = !targets.length;
    render(targets.map((r) =>
      html`<button type="button" class="dice__use-button" @click=${() => hand(r)}>Use this result ${r.name}</button>`), use);
  }

  function hand(/** @type {import("../../types/dice").Receiver} */ receiver) {
    try {
      note.textContent = receiver.take(/** @type {Roll} */ (last)); // its button is there only while a roll is shown
    } catch (error) {
      note.textContent = /** @type {Error} */ (error).message;
    }
  }

  const chance = (/** @type {import("../../types/widget").Chance} */ p) => html`<strong title=${`exactly ${p.exact}`}>${p.percent}</strong> (${p.exact})`;

  function fateLines(/** @type {import("../../types/dice").FateRoll} */ r) {
    return html`<p class="dice__faces" aria-label=${`Dice: ${r.faces.map((f) => FATE[f][1]).join(", ")}`}>${r.faces.map((f) =>
        html`<span class=${`dice__die dice__die--fate dice__die--${FATE[f][1]}`} aria-hidden="true">${FATE[f][0]}</span>`)}</p>
      <p class="calc__answer"><strong data-out="total">${plural(r.shifts, "shift")}</strong> (${r.sum}).</p>
      <p data-out="at-least">Chance of ${plural(r.shifts, "shift")} or more with this skill: ${chance(r.at_least)}.</p>`;
  }

  function poolLines(/** @type {import("../../types/dice").PoolRoll} */ r) {
    return html`<p class="dice__faces" aria-label=${`Dice: ${r.faces.map((f, i) => `${f}${r.hits[i] ? " hit" : ""}`).join(", ")}`}>${
        r.faces.map((f, i) => html`<span class=${`dice__die${r.hits[i] ? " dice__die--hit" : ""}`} aria-hidden="true">${f}</span>`)}</p>
      <p class="calc__answer"><strong data-out="total">Effort ${r.effort}</strong> (${plural(r.effort, "hit")} on ${
        r.target}+) against difficulty ${r.difficulty}: <strong>${r.verdict}</strong>.</p>
      <p data-out="at-least">Chance of ${plural(r.effort, "hit")} or more on ${plural(r.dice, "die", "dice")}: ${
        chance(r.at_least)}. Chance of success before the roll: ${r.chance.percent}.</p>`;
  }

  const { on, signal, stop } = listeners(form);
  onClicks(form, { own: { roll, clear() {
    input(FIELDS[game()].faces).value = "";
    score(false);
    input(FIELDS[game()].faces).focus();
  } } }, signal);
  on(form, "input", (event) => {
    if (/** @type {HTMLInputElement} */ (event.target).name === "game") {
      showGame();
      note.textContent = "";
    }
    score(false);
  });
  on(form, "submit", () => score(false));
  on(changes, "change", offer);
  ui.keepFields(form, `dice:${root.id}`);
  // A share link (share.js): the game, its fields and the dice shown, so the other phone sees this very
  // roll. The rules check them first, as a roll (with no dice yet, only its fields).
  const sharing = shareForm({
    ui, form, name: "dice", what: "a roll", fields: ["game", ...new Set(Object.values(FIELDS).flatMap((f) => [...f.fields, f.faces]))],
    apply: () => {
      showGame();
      return score(false);
    },
    check: async (/** @type {import("../../types/widget").ReadFields} */ read, /** @type {Record<string, string>} */ typed) => {
      const { game: g } = read(["game"]);
      if (!isOwn(FIELDS, g)) return { message: "it names no game this roller knows" };
      // Opening the link fills every field, so the other game's are checked by the rules too.
      for (const name of /** @type {Game[]} */ ([g, ...Object.keys(FIELDS).filter((n) => n !== g)])) {
        const spec = FIELDS[name];
        const faces = typed[spec.faces].trim();
        const reply = await engine.call(spec.call, { ...read(spec.fields), faces });
        if (reply.ok || (!faces && reply.error?.code === "required" && reply.error.field === "faces")) continue; // sound, not rolled yet
        return name === g ? reply.error
          : { ...reply.error, message: `its ${GAME_NAMES[name]} fields are not sound (${reply.error.message.replace(/\.$/, "")})` };
      }
      return null;
    },
  });
  showGame();
  score(false);
  return () => {
    stop();
    sharing();
  };
}
