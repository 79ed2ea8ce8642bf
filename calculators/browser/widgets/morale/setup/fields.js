// @ts-check
// One labelled field of the setup from a field of rules_core's form (a setup asks text, counts and flags),
// its message beside it; the markup is draw.js's field (the same as the build writes).
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { fieldHtml } from "../../../draw.js";

/**
 * at: {id, name (also the data-field errors are matched on), value, path, list?, error?}
 * @param {{name: string, label: string, type: string, hint?: string, optional?: boolean}} spec
 * @param {{id: string, name: string, value?: any, path: string, list?: string | null, error?: string}} at
 */
export function field(spec, at) {
  const label = html`${spec.label}${spec.optional ? html`<span class="calc__hint"> (optional)</span>` : nothing}`;
  const attrs = { "data-path": at.path };
  const common = { id: at.id, field: at.name, label, hint: spec.hint, error: at.error, attrs };
  if (spec.type === "flag") return fieldHtml({ ...common, kind: "checkbox", checked: !!at.value });
  return fieldHtml({ ...common, kind: spec.type === "count" ? "number" : "text", value: at.value ?? "",
    wide: spec.type === "text", attrs: { ...attrs, list: at.list ?? null } });
}
