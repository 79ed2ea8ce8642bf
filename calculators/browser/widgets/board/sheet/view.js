// @ts-check
// The action sheet drawn from the rules' answer (board.sheet): the kinds, then the open kind's fields in
// the answer's order, each by its input, up to Log it in the answer's words. Every control carries its
// field's name, so a message lands beside it; text fields show the draft, every other value the answer's.
import { html, nothing, noChange } from "../../../vendor/lit-html/lit-html.js";
import { live } from "../../../vendor/lit-html/directives/live.js";
import { repeat } from "../../../vendor/lit-html/directives/repeat.js";
import { errorHtml as message, fieldHtml } from "../../../draw.js";
import { drawnSheet } from "../../../draft.js";

/** What the sheet is drawn from (the board's state): the answer, the draft, the messages shown, whether one is asked.
 * @typedef {{sheet: import("../../../types/board").Sheet, draft: import("../../../types/board").Draft, shown: Record<string, string>, asking: boolean, wid: string, over?: boolean}} Ctx
 * @typedef {import("../../../types/board").Field} Field */
const FACE = /** @type {Record<string, string>} */ ({ "+": "⊞", 0: "⊡", "-": "⊟" });
const idOf = (/** @type {Ctx} */ ctx, /** @type {string} */ name) => `${ctx.wid}-a-${name.replace(/\W/g, "-")}`;

/** The message beside a field: the answer's error (said at once), or what Log it found missing. */
const messageOf = (/** @type {Ctx} */ ctx, /** @type {string} */ name) => ctx.shown[name] ?? ctx.sheet.errors.find((e) => e.field === name)?.message;

/** A row of choices, one tap each (radios; checkboxes when multi), styled as chips. */
function chips(/** @type {Ctx} */ ctx, /** @type {Field} */ f, { multi = false } = {}) {
  const err = messageOf(ctx, f.name);
  const on = (/** @type {string} */ v) => (multi ? (f.value ?? []).includes(v) : f.value === v);
  return html`<fieldset class="calc__group board__chips" data-field=${f.name}>
    <legend>${f.label}${f.hint ? html` <span class="calc__hint">${f.hint}</span>` : nothing}</legend>
    <div class="board__chiprow">${f.options.length ? f.options.map((o) => html`<label class=${`board__chip${on(o.value) ? " is-on" : ""}${
      (o.tags ?? []).map((t) => ` is-${t}`).join("")}${o.disabled ? " is-disabled" : ""}`} data-zone=${f.name === "zone" ? o.value : nothing}
      ><input type=${multi ? "checkbox" : "radio"} name=${f.name} value=${o.value} .checked=${live(on(o.value))} ?disabled=${!!o.disabled}
        aria-invalid=${err ? "true" : nothing}><span dir="auto">${o.label}</span>${o.note ? html` <span class="board__reach"
        data-reach=${f.name === "zone" ? o.value : nothing}>(${o.note})</span>` : nothing}</label>`)
      : html`<span class="calc__hint">${f.empty ?? "none"}</span>`}</div>
    ${message(`${idOf(ctx, f.name)}-error`, err)}
  </fieldset>`;
}

/** A field drawn by draw.js fieldHtml: its id, name, label and message as the sheet gives them, and `spec`'s own. */
const field = (/** @type {Ctx} */ ctx, /** @type {{name: string, label: string}} */ f, /** @type {Partial<Parameters<typeof fieldHtml>[0]>} */ spec) =>
  fieldHtml({ id: idOf(ctx, f.name), field: f.name, label: f.label, error: messageOf(ctx, f.name), ...spec });

/** A typed field (text, or a number with the numeric keypad): its value is the draft's, as typed. */
/** @param {Ctx} ctx @param {Pick<Field, "name" | "label"> & Partial<Field>} f @param {{number?: boolean}} [how] */
const typed = (ctx, f, { number = false } = {}) => field(ctx, f, { kind: number ? "number" : "text",
  value: /** @type {string} */ (ctx.draft[f.name] ?? ""), hint: f.hint, wide: f.wide, attrs: { dir: "auto" } });
const select = (/** @type {Ctx} */ ctx, /** @type {Field} */ f) => field(ctx, f, { kind: "select", value: f.value, options: f.options.map((o) => [o.value, o.label]) });
const check = (/** @type {Ctx} */ ctx, /** @type {Field} */ f) => field(ctx, f, { kind: "checkbox", checked: f.value !== false });

/** The skill: the actor's skills as chips (a tap takes the skill and its rating), or a skill typed. */
function skill(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  const err = messageOf(ctx, "skill");
  const fields = html`<div class="board__rollrow">${typed(ctx, { name: "skill", label: "Skill" })}${typed(ctx, { name: "rating", label: "Rating" }, { number: true })}</div>`;
  if (!f.options.length) return html`<div class="board__skill">${fields}</div>`;
  return html`<div class="board__chiprow board__skill" role="group" aria-label="Skills">${f.options.map((o) => html`<button type="button"
    class=${`board__chip${f.value === o.value && !f.other ? " is-on" : ""}`} data-act="skill" data-skill=${o.value} data-rating=${o.rating}
    aria-pressed=${f.value === o.value && !f.other ? "true" : "false"}><span dir="auto">${o.label}</span> ${o.rating}</button>`)}
    <details class="board__more board__more--inline" .open=${f.other || !!err || !!messageOf(ctx, "rating") ? true : noChange}>
      <summary>Other…</summary>${fields}</details>
    ${message(`${idOf(ctx, "skill")}-chips-error`, err)}</div>`;
}

/** The dice: four that turn on a tap (the answer names the face each turns to) and Roll; the total the
 *  table's dice show, one tap; or the dice typed. */
function diceField(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  const id = idOf(ctx, "faces");
  const err = messageOf(ctx, "faces");
  const lit = (/** @type {{value: string}} */ t) => !f.value && f.total != null && String(f.total) === t.value;
  return html`<div class="calc__field calc__field--wide board__dice" data-field="faces">
    <span class="board__dice-label" id=${`${ctx.wid}-a-dice-label`}>Dice</span>
    <div class="board__dicerow" role="group" aria-labelledby=${`${ctx.wid}-a-dice-label`}>
      ${f.dice.map((d, i) => html`<button type="button" class="board__die" data-act="die" data-die=${i} data-value=${d.next}
        aria-label=${`Die ${i + 1}: ${d.words} (tap to turn)`}>${d.face ? FACE[d.face] : "·"}</button>`)}
      <button type="button" class="board__chip board__roll-btn" data-act="roll-dice" data-key="roll-dice">Roll</button>
    </div>
    <div class="board__totals" role="group" aria-label="Or the dice's total">${f.totals.map((t) => html`<button type="button"
      class=${`board__total${lit(t) ? " is-on" : ""}`} data-act="die-total" data-value=${t.value}
      aria-pressed=${lit(t) ? "true" : "false"} aria-label=${`Dice total ${t.label}`}>${t.label}</button>`)}</div>
    <div class="board__typed"><label for=${id}>Or type them</label>
      <input id=${id} name="faces" type="text" autocomplete="off" spellcheck="false" placeholder="+0--" .value=${live(ctx.draft.faces ?? "")}
        aria-invalid=${err ? "true" : nothing} aria-describedby=${`${id}-error`}>${f.value ? html`<span class="board__faces" aria-hidden="true">${
        [...f.value].map((c) => FACE[c]).join("")}</span>` : nothing}</div>
    ${message(`${id}-error`, err)}
  </div>`;
}

/** The ways the target can take the hit: each with what it does; the aspects an option invokes are its own. */
function absorb(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  const err = messageOf(ctx, "absorb");
  return html`<fieldset class="calc__group board__chips" data-field="absorb" aria-busy=${ctx.asking ? "true" : "false"}><legend>${f.label}</legend>
    <div data-out="absorb">${f.line ? html`<p class="board__absorbline">${f.out ? html`<strong>${f.line}</strong>` : f.line}</p>` : nothing}
      ${f.hint ? html`<p class="calc__hint">${f.hint}</p>` : nothing}
      <div class="board__chiprow board__chiprow--stack">${f.options.map((o) => html`<label class=${`board__chip${f.value === o.value ? " is-on" : ""}`}
        ><input type="radio" name="absorb" value=${o.value} .checked=${live(f.value === o.value)}
        aria-invalid=${err ? "true" : nothing}><span>${o.label}: ${o.note}</span></label>`)}</div></div>
    ${message(`${idOf(ctx, "absorb")}-error`, err)}
  </fieldset>`;
}

const info = (/** @type {Field} */ f) => html`<p data-out="again">${f.text}</p>`;

function one(/** @type {Ctx} */ ctx, /** @type {Field} */ f) {
  switch (f.input) {
    case "chips": return chips(ctx, f);
    case "multi": return chips(ctx, f, { multi: true });
    case "text": return typed(ctx, f);
    case "number": return typed(ctx, f, { number: true });
    case "select": return select(ctx, f);
    case "check": return check(ctx, f);
    case "skill": return skill(ctx, f);
    case "dice": return diceField(ctx, f);
    case "absorb": return absorb(ctx, f);
    default: return info(f);
  }
}

/** The fields in order; a run of fields with the same fold is one disclosure, open when the answer says.
 *  Each part is keyed by its field (or fold): a field that comes or goes moves no other field's controls,
 *  so a field keeps its focus, its caret and an open disclosure while the answer changes around it. */
function fields(/** @type {Ctx} */ ctx) {
  const parts = /** @type {{key: string, draw: () => unknown}[]} */ ([]);
  const list = ctx.sheet.fields.filter((f) => f.name !== "actor" || ctx.sheet.kind);
  for (let i = 0; i < list.length;) {
    const fold = list[i].fold;
    if (!fold) {
      const f = list[i++];
      parts.push({ key: f.name, draw: () => one(ctx, f) });
      continue;
    }
    const run = /** @type {Field[]} */ ([]);
    while (i < list.length && list[i].fold === fold) run.push(list[i++]);
    const about = ctx.sheet.folds[fold] ?? { summary: fold, open: false };
    // opened by the answer (something chosen or wrong in it), never closed by it: a fold the referee opened stays open
    parts.push({ key: `fold:${fold}`, draw: () => html`<details class="board__more" data-fold=${fold}
      .open=${about.open || run.some((f) => messageOf(ctx, f.name)) ? true : noChange}>
      <summary>${about.summary}</summary>${repeat(run, (f) => f.name, (f) => one(ctx, f))}</details>` });
  }
  return repeat(parts, (p) => p.key, (p) => p.draw());
}

/** The sheet: who acts and the kinds, or the open kind's fields and Log it (none yet: the rules are being asked).
 *  @param {Omit<Ctx, "sheet"> & {sheet: Ctx["sheet"] | null}} asked */
export function sheetView(asked) {
  const { draft, wid } = asked;
  if (!asked.sheet) return html`<p class="calc__hint">Asking the rules…</p>`;
  const sheet = drawnSheet(asked.sheet, draft, asked.asking);
  const ctx = { ...asked, sheet };
  // A kind the board does not take now stays a button: a tap says why, beside the kinds.
  const kindButton = (/** @type {import("../../../types/board").Kind} */ k) => html`<button type="button" class=${`board__chip${draft.kind === k.kind ? " is-on" : ""}${k.open ? "" : " is-closed"}`}
    data-act="kind" data-kind=${k.kind} data-key=${`kind:${k.kind}`} aria-expanded=${draft.kind === k.kind ? "true" : "false"}
    title=${k.why ?? nothing}>${k.label}${k.open ? nothing : html`<span class="calc__sr"> (not now)</span>`}</button>`;
  const kindNote = ctx.shown.kind ? html`<p class="calc__error board__kindnote" role="status">${ctx.shown.kind}</p>` : nothing;
  if (!sheet.kind) {
    const who = sheet.fields.find((f) => f.name === "actor");
    return html`<div class="board__who" data-who>${ctx.over || !who ? nothing : chips(ctx, who)}</div>
      <div class="board__kinds" role="group" aria-label="Log an action">${sheet.kinds.filter((k) => k.group === "turn").map(kindButton)}</div>
      <div class="board__kinds board__kinds--table" role="group" aria-label="The table's events">${sheet.kinds.filter((k) => k.group === "table").map(kindButton)}</div>
      ${kindNote}`;
  }
  const kind = /** @type {import("../../../types/board").Kind} */ (sheet.kinds.find((k) => k.kind === sheet.kind)); // the open kind is one of them
  const outcome = sheet.outcome;
  const formError = ctx.shown[""] ?? sheet.errors.find((e) => e.field === "")?.message;
  const out = sheet.log.label !== "Log it";
  return html`<div class="board__kinds board__kinds--picked" role="group" aria-label="Log an action">${kindButton(kind)}
      <button type="button" class="board__chip" data-act="kinds" data-key="kinds">Another kind</button></div>
    ${kindNote}
    <div class="board__panel" data-panel=${sheet.kind}>
      <h4 id=${`${wid}-panel-title`} tabindex="-1" class="calc__sr">${sheet.title}</h4>
      <p class="calc__form-error" role="alert" ?hidden=${!formError}>${formError ?? ""}</p>
      ${fields(ctx)}
      <div class="board__logbar">
        <output class="calc__result" data-out="preview">${outcome.line}${outcome.entry ? html` <span class="board__would" data-out="would">Logs: ${outcome.entry}</span>` : nothing}${
          sheet.log.hint ? html` <span class="calc__hint" data-out="missing">${sheet.log.hint}.</span>` : nothing}</output>
        <div class="calc__buttons">
          <button type="submit" class=${`calc__primary${out ? " board__log--out" : ""}`} data-key="log">${sheet.log.label}</button>
          <button type="button" data-act="cancel" data-key="cancel-panel" class="board__cancel">Cancel</button>
        </div>
      </div>
    </div>`;
}
