// @ts-check
// The setup view, drawn by lit-html from the draft: a redraw keeps every control the player is in (a
// field typed in keeps its node, its focus and its caret); only what changed is touched.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { fieldHtml, hx, slotHtml } from "../../../draw.js";
import { field } from "./fields.js";
import { shown } from "./draft.js";
import { rosterNames } from "../../../party/roster.js";

/** @typedef {import("../../../types/morale").SetupDraft} SetupDraft @typedef {import("../../../types/morale").Form} Form */

const sr = (/** @type {string} */ text) => html`<span class="calc__sr">${text}</span>`;

/** @param {SetupDraft} draft @param {Form} form @param {string} wid @param {string[]} party @param {Record<string, string>} errors
 *  @param {number} i the team @param {number} j the member */
function member(draft, form, wid, party, errors, i, j) {
  const t = draft.teams[i];
  const m = t.members[j];
  const where = `teams[${i}]`;
  const captainId = `${wid}-t${i}-m${j}-captain`;
  return html`<li class="morale__setup-member">${form.member.filter((f) => shown(f, i)).map((f) =>
    field({ ...f, label: f.name === "name" ? `Member ${j + 1}` : f.label },
      { id: `${wid}-t${i}-m${j}-${f.name}`, name: `${where}.members[${j}].${f.name}`, value: m[f.name],
        path: `teams.${i}.members.${j}.${f.name}`, list: f.name === "name" && party.length ? `${wid}-party` : null,
        error: errors[`${where}.members[${j}].${f.name}`] }))}
    <div class="morale__captain-pick"><input type="radio" id=${captainId} name=${`${where}.captain`} value=${String(j)}
      ?checked=${t.captain === j} .checked=${t.captain === j} data-path=${`teams.${i}.captain`}><label for=${captainId}>Captain</label></div>
    ${t.members.length > 1 ? html`<button type="button" class="morale__remove" data-act="remove-member" data-team=${i} data-index=${j}
      data-key=${`remove-member:${i}:${j}`}>Remove${sr(` member ${j + 1}`)}</button>` : nothing}</li>`;
}

/** @param {SetupDraft} draft @param {Form} form @param {string} wid @param {string[]} party @param {Record<string, string>} errors @param {number} i */
function team(draft, form, wid, party, errors, i) {
  const t = draft.teams[i];
  const where = `teams[${i}]`;
  return html`<fieldset class="morale__setup-team"><legend>Team ${i + 1}${i === 0 ? " (started the conflict)" : ""}</legend>
    ${form.team.filter((f) => f.type !== "member").map((f) =>
      field({ ...f, label: f.name === "name" ? `Team ${i + 1}: name` : f.label },
        { id: `${wid}-t${i}-${f.name}`, name: `${where}.${f.name}`, value: t[f.name], path: `teams.${i}.${f.name}`,
          error: errors[`${where}.${f.name}`] }))}
    ${slotHtml(`${where}.captain`, errors[`${where}.captain`])}
    <ul class="morale__setup-members" aria-label=${`Members of team ${i + 1}`}>${t.members.map((_, j) => member(draft, form, wid, party, errors, i, j))}</ul>
    ${slotHtml(`${where}.members`, errors[`${where}.members`])}
    <div class="calc__buttons"><button type="button" data-act="add-member" data-team=${i} data-key=${`add-member:${i}`}>Add member${sr(` to team ${i + 1}`)}</button>${
      draft.teams.length > 2 ? html`<button type="button" data-act="remove-team" data-team=${i} data-key=${`remove-team:${i}`}>Remove team${sr(` ${i + 1}`)}</button>` : nothing}</div>
  </fieldset>`;
}

/** The setup view as a template. `rank`: the heading's rank (ui.headingRank); `editions` lists the
 *  editions; `running` describes the conflict in progress, `keeps`: a start sets it aside; `errors`: the
 *  rules' messages by field (shown once a start was tried); `preview`: the starting morale and turn order
 *  the rules read from what is typed ({text, stale}).
 * @param {SetupDraft} draft
 * @param {{wid: string, rank: number, form: Form, editions: string[], running: string | null, keeps: boolean,
 *          errors?: Record<string, string>, preview?: {text: string, stale: boolean} | null}} options */
export function draw(draft, { wid, rank, form, editions, running, keeps, errors = {}, preview = null }) {
  const party = rosterNames(); // the stress calculator's roster: members can be picked from it
  const other = Object.keys(errors).find((k) => k !== "edition" && !k.startsWith("teams"));
  return html`${hx(rank, { cls: "morale__heading", id: `${wid}-setup-title`, tabindex: "-1" }, "New conflict")}
    ${party.length ? html`<datalist id=${`${wid}-party`}>${party.map((/** @type {string} */ n) => html`<option value=${n}></option>`)}</datalist>` : nothing}
    ${fieldHtml({ id: `${wid}-edition`, field: "edition", label: "Edition", kind: "select", options: editions.map((e) => [e, e]),
                  value: draft.edition, attrs: { "data-act": "edition" }, error: errors.edition })}
    ${draft.teams.map((_, i) => team(draft, form, wid, party, errors, i))}
    ${slotHtml("teams", errors.teams)}
    <div class="calc__buttons"><button type="button" data-act="add-team" data-key="add-team">Add team</button></div>
    <output class=${`calc__result morale__preview${!preview || preview.stale ? " calc__result--stale" : ""}`} data-out="preview"
      aria-live="polite">${preview?.text ?? ""}</output>
    <p class="calc__form-error" ?hidden=${!other}>${other ? errors[other] : ""}</p>
    ${keeps ? html`<p class="morale__warning" data-out="replaces">Starting sets the conflict in progress (${running}) aside: Undo brings it back, and it can be downloaded under “Keep and share”.</p>` : nothing}
    <div class="calc__buttons"><button type="submit" class="calc__primary" data-key="start">Start the conflict</button>${
      running ? html`<button type="button" data-act="back" data-key="back">Back to the conflict</button>` : nothing}</div>`;
}
