// @ts-check
// One labelled field, from a field description of rules_core's form
// ({name, label, type, hint?, choices?}); its message goes beside it. The
// markup is draw.js's field (the same as the build writes).
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { fieldHtml } from "../../../draw.js";

/**
 * The field's description for draw.js (fieldHtml or field).
 * at: {id, name (also the data-field errors are matched on), value, path?, options?, list?, after?, hidden?, error?}
 * options (for "opponent" / "teammate"): [{label, names}] groups of member names.
 * @param {{name: string, label: string, type: string, hint?: string, optional?: boolean, choices?: Array<[string, string]>}} spec
 * @param {{id: string, name: string, value?: any, path?: string, list?: string | null, options?: Array<{label: string, names: string[]}>, after?: unknown, hidden?: boolean, error?: string}} at
 */
export function fieldSpec(spec, at) {
  const label = html`${spec.label}${spec.optional ? html`<span class="calc__hint"> (optional)</span>` : nothing}`;
  const common = { id: at.id, field: at.name, label, hint: spec.hint, attrs: { "data-path": at.path }, after: at.after,
    hidden: at.hidden, error: at.error };
  if (spec.type === "flag") return { ...common, kind: /** @type {const} */ ("checkbox"), checked: !!at.value };
  if (spec.type === "choice") return { ...common, kind: /** @type {const} */ ("select"), options: spec.choices, value: at.value, wide: true };
  if (spec.type === "opponent" || spec.type === "teammate") {
    return { ...common, kind: /** @type {const} */ ("select"), wide: true, options: at.options ?? [], value: at.value };
  }
  return {
    ...common, kind: spec.type === "count" ? /** @type {const} */ ("number") : /** @type {const} */ ("text"),
    value: at.value ?? "", wide: spec.type === "text", attrs: { ...common.attrs, list: at.list ?? null },
  };
}

/** The field as a lit-html template (the setup view, an event's form). */
/** @param {Parameters<typeof fieldSpec>[0]} spec @param {Parameters<typeof fieldSpec>[1]} at */
export const field = (spec, at) => fieldHtml(fieldSpec(spec, at));
