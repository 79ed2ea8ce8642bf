// What every widget draws with (lit-html templates). A field is the markup calculators/pages/widgets/_html.py
// writes at build time (tests/browser/test_same_markup.py holds the two to each other).
import { html, nothing, noChange } from "./vendor/lit-html/lit-html.js";
import { live } from "./vendor/lit-html/directives/live.js";
import { Directive, directive, PartType } from "./vendor/lit-html/directive.js";
import { html as staticHtml, unsafeStatic } from "./vendor/lit-html/static.js";

/** attrs({name: value…}) on an element: each set (true: present, empty; null, undefined or false: absent).
 *  A name given at the last draw and not at this one is removed. */
class Attrs extends Directive {
  constructor(info) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error("attrs() goes on an element: <input ${attrs(…)}>");
    /** @type {Set<string>} */
    this.names = new Set();
  }
  render(_values) {
    return nothing;
  }
  update(part, [values]) {
    const element = /** @type {Element} */ (part.element);
    const now = new Set();
    for (const [name, value] of Object.entries(values ?? {})) {
      if (value == null || value === false) continue;
      now.add(name);
      const text = value === true ? "" : String(value);
      if (element.getAttribute(name) !== text) element.setAttribute(name, text);
    }
    for (const name of this.names) if (!now.has(name)) element.removeAttribute(name);
    this.names = now;
    return noChange;
  }
}
export const attrs = directive(Attrs);

/**
 * One field with its label, hint and message. The control is described by its message
 * (`${id}-error`), then its hint (`${id}-hint`); a checkbox comes before its label. A value or a
 * checked state drawn again reaches the control even after the player typed in it (live).
 * @param {object} spec
 * @param {string} spec.id the control's id
 * @param {string} spec.field the wrapper's data-field, which the rules' errors are matched on
 * @param {string | null} [spec.name] the control's name (default: spec.field; null: none)
 * @param {unknown} spec.label the label's words (text, nodes or templates)
 * @param {"number" | "text" | "checkbox" | "select"} [spec.kind] a number gets the numeric keypad
 * @param {string | number} [spec.value] a text's value; the option chosen in a select
 * @param {boolean} [spec.checked] a checkbox's state
 * @param {any[]} [spec.options] a select's choices ([value, words], or [value, words, true]: offered but not open now),
 *   or groups of names ({label, names}: an optgroup each, or plain options when there is one group)
 * @param {string} [spec.hint] words under the label
 * @param {boolean} [spec.wide] a whole row wide
 * @param {Record<string, any>} [spec.attrs] more attributes of the control (data-path, list, maxlength…)
 * @param {unknown} [spec.after] more inside the field, after its message (a row's buttons)
 * @param {boolean} [spec.hidden] the field is not asked for now (a flag off hides the fields it asks for)
 * @param {string} [spec.error] the message beside it (a widget that keeps its messages in its state draws them here)
 */
export function fieldHtml({ id, field: dataField, name = dataField, label, kind = "text", value = "", checked = false,
  options = [], hint = "", wide = false, attrs: more = {}, after = nothing, hidden = false, error: said = undefined }) {
  const described = `${id}-error${hint ? ` ${id}-hint` : ""}`;
  const labelPart = html`<label for=${id}>${label}</label>`;
  const hintPart = hint ? html`<span class="calc__hint" id=${`${id}-hint`}>${hint}</span>` : nothing;
  const error = errorHtml(`${id}-error`, said);
  if (said) more = { ...more, "aria-invalid": "true" };
  const cls = `calc__field${kind === "checkbox" ? " calc__field--check" : wide ? " calc__field--wide" : ""}`;
  const nameAttr = name ?? nothing;
  if (kind === "checkbox") {
    return html`<div class=${cls} data-field=${dataField} ?hidden=${hidden}><input id=${id} name=${nameAttr} type="checkbox" ?checked=${checked}
      .checked=${live(checked)} aria-describedby=${described} ${attrs(more)}>${labelPart}${hintPart}${error}${after}</div>`;
  }
  if (kind === "select") {
    const shown = String(value);
    const option = (v, words, off = false) => html`<option value=${v} ?selected=${v === shown} .selected=${live(v === shown)}
      ?disabled=${off}>${words}</option>`;
    const grouped = options.length && !Array.isArray(options[0]);
    const choices = !grouped ? options.map(([v, words, off]) => option(String(v), words, off))
      : options.length === 1 ? options[0].names.map((n) => option(n, n))
      : options.map((g) => html`<optgroup label=${g.label}>${g.names.map((n) => option(n, n))}</optgroup>`);
    return html`<div class=${cls} data-field=${dataField} ?hidden=${hidden}>${labelPart}${hintPart}<select id=${id} name=${nameAttr}
      aria-describedby=${described} ${attrs(more)}>${choices}</select>${error}${after}</div>`;
  }
  const text = String(value ?? "");
  return html`<div class=${cls} data-field=${dataField} ?hidden=${hidden}>${labelPart}${hintPart}<input id=${id} name=${nameAttr} type="text"
    inputmode=${kind === "number" ? "numeric" : nothing} autocomplete="off" spellcheck="false" value=${text} .value=${live(text)}
    aria-describedby=${described} ${attrs(more)}>${error}${after}</div>`;
}

/** A message beside a field or a group (hidden when there is none). @param {string | null} id @param {string} [said] */
export const errorHtml = (id, said = undefined) => html`<p class="calc__error" id=${id ?? nothing} ?hidden=${!said}>${said ?? ""}</p>`;

/** A message slot for a group of controls the rules can name (a team's members, a list, an
 *  import): a wide data-field holding only its message (hidden when there is none). @param {string} dataField @param {string} [said] */
export const slotHtml = (dataField, said = undefined) => html`<div class="calc__field calc__field--wide" data-field=${dataField}>${
  errorHtml(null, said)}</div>`;

/** A file input drawn as a button: a label (class, words, more attributes) with the input (JSON, data-act "import",
 *  unless `input` says) hidden in it. @param {string} cls @param {unknown} words @param {object} [input] @param {object} [label] */
export const fileHtml = (cls, words, input = {}, label = {}) => html`<label class=${cls} ${attrs(label)}>${words}<input type="file"
  class="calc__sr" ${attrs({ accept: ".json,application/json", "data-act": "import", ...input })}></label>`;

/** A heading of level 1–6 (a number from ui.headingRank).
 * @param {number} level
 * @param {{id?: any, cls?: any, tabindex?: any}} attrs
 * @param {any} content */
export function hx(level, { id = nothing, cls = nothing, tabindex = nothing } = {}, content) {
  const tag = unsafeStatic(`h${[1, 2, 3, 4, 5].includes(level) ? level : 6}`); // a fixed name: nothing typed goes in
  return staticHtml`<${tag} id=${id} class=${cls} tabindex=${tabindex}>${content}</${tag}>`;
}
