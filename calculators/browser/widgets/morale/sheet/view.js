// @ts-check
// The event sheet drawn from the rules' answer (morale.sheet): a decision due, who acts, the kinds open to
// them and to the team whose turn it is, then the open kind's fields in the answer's order up to the button
// in the answer's words. Every control carries its field's name, so a message lands beside it; text fields
// and ticks show the draft, every other value the answer's.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { live } from "../../../vendor/lit-html/directives/live.js";
import { repeat } from "../../../vendor/lit-html/directives/repeat.js";
import { errorHtml as message, fieldHtml } from "../../../draw.js";
import { drawnSheet } from "../../../draft.js";

/** What the sheet is drawn from (the tracker's state): the answer, the draft, the messages shown, whether one is asked.
 * @typedef {{sheet: import("../../../types/morale").Sheet, draft: import("../../../types/morale").Draft,
 *            shown: Record<string, string>, asking: boolean, wid: string}} Ctx
 * @typedef {import("../../../types/morale").Field} Field @typedef {import("../../../types/morale").Kind} Kind */

const idOf = (/** @type {Ctx} */ ctx, /** @type {string} */ name) => `${ctx.wid}-e-${name.replace(/\W/g, "-")}`;
const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** The message beside a field: the answer's error (said at once), or what the button found missing. */
const messageOf = (/** @type {Ctx} */ ctx, /** @type {string} */ name) => ctx.shown[name] ?? ctx.sheet.errors.find((e) => e.field === name)?.message;

/** One tap that gives a field its value (a name, a number, a choice), pressed when it is the value. */
/** @param {Field} f @param {string | number} value @param {string} label @param {{note?: string | null, cls?: string}} [how] */
const pick = (f, value, label, { note = null, cls = "" } = {}) => html`<button type="button" class=${`morale__chip${cls}`} data-act="pick"
  data-name=${f.name} data-value=${String(value)} aria-pressed=${String(f.value) === String(value) ? "true" : "false"}>${label}${
  note ? html`<span class="morale__chipnote"> ${note}</span>` : nothing}</button>`;

/** A choice of names or answers: a row of chips. */
function chips(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  const id = idOf(ctx, f.name);
  const err = messageOf(ctx, f.name);
  const stack = f.options.some((o) => o.note);
  return html`<div class="calc__field calc__field--wide morale__field" data-field=${f.name}>
    <span class="morale__label" id=${`${id}-label`}>${f.label}</span>${f.hint ? html` <span class="calc__hint">${f.hint}</span>` : nothing}
    <div class=${`morale__picks${stack ? " morale__picks--stack" : ""}`} role="group" aria-labelledby=${`${id}-label`}
      aria-describedby=${`${id}-error`}>${f.options.map((o) => pick(f, o.value, o.label, { note: o.note,
      cls: o.tags?.includes("last_stand") ? " is-laststand" : "" }))}</div>
    ${message(`${id}-error`, err)}</div>`;
}

/** A number: tapped (0–6), typed (a larger one; or, for hits, the dice as rolled: "6 5 2"), or rolled in
 *  the sheet (a pool of n dice, drawn by the dice roller's own code; the rules count the hits). */
function count(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  const id = idOf(ctx, f.name);
  const err = messageOf(ctx, f.name);
  const typed = ctx.draft[f.name] ?? "";
  const rolled = f.dice && !typed;
  const input = html`<input id=${id} name=${f.name} type="text" class="morale__typed" inputmode=${f.pools ? nothing : "numeric"} autocomplete="off"
    spellcheck="false" placeholder=${f.pools ? "6 5 2…" : "other"} .value=${live(typed)} aria-invalid=${err ? "true" : nothing}
    aria-describedby=${`${id}-error${f.hint ? ` ${id}-hint` : ""}`}>`;
  return html`<div class="calc__field calc__field--wide morale__field morale__count" data-field=${f.name}>
    <label class="morale__label" for=${id}>${f.label}</label>${f.hint ? html` <span class="calc__hint" id=${`${id}-hint`}>${f.hint}</span>` : nothing}
    <div class="morale__picks" role="group" aria-label=${f.label}>${f.picks.map((n) => pick(f, n, n > 0 && f.input === "integer" ? `+${n}` : String(n).replace("-", "−"),
      { cls: " morale__num" }))}${f.pools ? nothing : input}</div>
    ${f.pools ? html`<div class="morale__roll" role="group" aria-label=${`Roll the pool for ${f.label.toLowerCase()}, or type the dice`}><span
      class="morale__rolllabel" aria-hidden="true">Roll</span>${f.pools.map((n) => html`<button type="button" class="morale__chip morale__num morale__die-btn"
      data-act="roll" data-name=${f.name} data-value=${n} aria-label=${`Roll ${n} dice`}>${n}</button>`)}${input}</div>` : nothing}
    ${f.dice ? html`<p class="morale__dice" data-out="dice" data-faces=${f.dice.map((d) => d.face).join(" ")}><span class="calc__sr">${
      `${rolled ? "Rolled" : "Typed"}: ${f.dice.map((d) => `${d.face}${d.hit ? " hit" : ""}`).join(", ")}; ${f.value} hits`}</span>${
      f.dice.map((d) => html`<span class=${`morale__die${d.hit ? " is-hit" : ""}`} aria-hidden="true">${DIE[d.face]}</span>`)} <strong
      aria-hidden="true">= ${f.value} hit${f.value === 1 ? "" : "s"}</strong></p>` : nothing}
    ${message(`${id}-error`, err)}</div>`;
}

function check(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  return fieldHtml({ id: idOf(ctx, f.name), field: f.name, label: f.label, kind: "checkbox", checked: !!ctx.draft[f.name], error: messageOf(ctx, f.name) });
}

function text(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  return fieldHtml({ id: idOf(ctx, f.name), field: f.name, label: f.label, value: /** @type {string} */ (ctx.draft[f.name] ?? ""), wide: true,
    error: messageOf(ctx, f.name) });
}

const info = (/** @type {Field} */ f) => html`<p class="morale__difficulty" data-out="difficulty" data-field=${f.name}>${f.text}</p>`;

function one(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  switch (f.input) {
    case "chips": return chips(ctx, f);
    case "count":
    case "integer": return count(ctx, f);
    case "check": return check(ctx, f);
    case "text": return text(ctx, f);
    default: return info(f);
  }
}

/** A kind's button (member or team); a due decision is one too. */
const kindButton = (/** @type {Ctx} */ ctx, /** @type {Kind} */ k, { primary = false } = {}) => {
  const open = ctx.draft.kind === k.kind && ctx.sheet.kind === k.kind && ctx.draft[k.by] === k.who;
  return html`<button type="button" class=${`morale__chip morale__act--${k.kind}${primary ? " is-primary" : ""}`} data-act="event"
    data-kind=${k.kind} data-by=${k.by} data-member=${k.by === "member" ? k.who : nothing} data-team=${k.by === "team" ? k.who : nothing}
    data-key=${`event:${k.kind}:${k.who}`} aria-expanded=${open ? "true" : "false"}>${k.label}${
    k.label.includes(k.who) ? nothing : html`<span class="calc__sr">: ${k.who}</span>`}</button>`;
};

/** Who acts: one chip each, the team whose turn it is first; who has acted this round is marked. */
function who(/** @type {Ctx} */ ctx) {
  const w = ctx.sheet.who;
  if (!w.options.length) return nothing;
  return html`<div class="morale__chips morale__who-chips" role="group" aria-label="Who acts" data-who>${repeat(w.options, (o) => o.value, (o) => {
    const acted = o.tags.includes("acted");
    return html`<button type="button" class=${`morale__chip${o.tags.includes("other") ? " is-other" : ""}${acted ? " is-acted" : ""}${
      o.tags.includes("last_stand") ? " is-laststand" : ""}`} data-act="choose" data-member=${o.value} data-team=${o.team} data-key=${`choose:${o.value}`}
      aria-pressed=${w.value === o.value ? "true" : "false"}>${o.value}${acted ? html`<span aria-hidden="true"> ✓</span><span class="calc__sr">
      (acted this round)</span>` : nothing}${o.tags.includes("last_stand") ? html`<span class="calc__sr"> (in their Last Stand)</span>` : nothing}</button>`;
  })}</div>`;
}

/** The decision the rules ask for first, or the conflict's result: said, with one button per choice. */
function due(/** @type {Ctx} */ ctx) {
  const d = ctx.sheet.due;
  if (!d) return nothing;
  return html`<div class="morale__due" data-out="due" role="group" aria-labelledby=${`${ctx.wid}-due`}>
    <p class="morale__banner" id=${`${ctx.wid}-due`} data-out="outcome">${d.text}</p>
    ${d.choices.length ? html`<div class="morale__chips">${d.choices.map((k) => kindButton(ctx, k, { primary: !!k.primary }))}</div>` : nothing}
  </div>`;
}

/** The open kind's sheet: its fields, the line it would log, and its button. */
function eventForm(/** @type {Ctx} */ ctx) {
  const { sheet, wid } = ctx;
  const formError = ctx.shown[""] ?? sheet.errors.find((e) => !sheet.fields.some((f) => f.name === e.field))?.message;
  const decides = sheet.outcome.ends.length > 0;
  return html`<div class="morale__panel" data-panel=${sheet.kind} role="group" aria-labelledby=${`${wid}-panel-title`}>
    <p class="morale__panel-title" id=${`${wid}-panel-title`} tabindex="-1">${sheet.title}</p>
    ${sheet.note ? html`<p class="morale__note" data-out="note">${sheet.note}</p>` : nothing}
    <p class="calc__form-error" role="alert" ?hidden=${!formError}>${formError ?? ""}</p>
    ${repeat(sheet.fields, (f) => f.name, (f) => one(ctx, f))}
    <div class="morale__logbar">
      <output class="calc__result" data-out="would" aria-busy=${ctx.asking ? "true" : "false"}>${sheet.outcome.entry
        ? html`Logs: ${sheet.outcome.entry}` : sheet.log.hint ? html`<span class="calc__hint" data-out="missing">${sheet.log.hint}.</span>` : nothing}</output>
      <div class="calc__buttons">
        <button type="submit" class=${`calc__primary${decides ? " morale__log--decides" : ""}`} data-key="panel-submit">${sheet.log.label}</button>
        <button type="button" data-act="cancel" data-key="panel-cancel">Cancel</button>
      </div>
    </div>
  </div>`;
}

/** The sheet (none yet: the rules are being asked). @param {Omit<Ctx, "sheet"> & {sheet: Ctx["sheet"] | null}} asked */
export function sheetView(asked) {
  if (!asked.sheet) return html`<p class="calc__hint">Asking the rules…</p>`;
  const drawn = drawnSheet(asked.sheet, asked.draft, asked.asking); // and who acts, likewise:
  const sheet = asked.asking && asked.draft.member ? { ...drawn, who: { ...drawn.who, value: asked.draft.member } } : drawn;
  const ctx = { ...asked, sheet };
  const deciding = !!sheet.due?.choices.length;
  if (sheet.kind) {
    const k = sheet.kinds.find((x) => x.kind === sheet.kind && x.who === (ctx.draft.member ?? ctx.draft.team))
      ?? sheet.due?.choices.find((x) => x.kind === sheet.kind);
    return html`${due(ctx)}<div class="morale__chips morale__kinds--picked" role="group" aria-label="The event">${k ? kindButton(ctx, k) : nothing}
      <button type="button" class="morale__chip" data-act="kinds" data-key="kinds">Another event</button></div>${eventForm(ctx)}`;
  }
  const memberKinds = sheet.kinds.filter((k) => k.by === "member");
  const teamKinds = sheet.kinds.filter((k) => k.by === "team");
  const formError = ctx.shown[""];
  return html`${due(ctx)}
    ${deciding ? nothing : who(ctx)}
    ${memberKinds.length && !deciding ? html`<div class="morale__chips" role="group" aria-label=${`${sheet.who.value}'s events`} data-events>${
      memberKinds.map((k) => kindButton(ctx, k))}</div>` : nothing}
    ${teamKinds.length ? html`<div class="morale__chips morale__teamkinds" role="group" aria-label="The team's events">${teamKinds.map((k) => kindButton(ctx, k))}</div>` : nothing}
    <p class="calc__form-error" role="alert" ?hidden=${!formError}>${formError ?? ""}</p>`;
}
