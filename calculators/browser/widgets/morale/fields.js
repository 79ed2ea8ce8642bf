// One labelled field, from a field description of rules_core's form
// ({name, label, type, hint?, choices?}); its message goes beside it. The
// markup is ui.field's (the same as the build writes).

/**
 * at: {id, name (also the data-field errors are matched on), value, path?, options?, list?}
 * options (for "opponent" / "teammate"): [{label, names}] groups of member names.
 * @param {typeof import("../../ui.js")} ui
 * @param {{name: string, label: string, type: string, hint?: string, optional?: boolean, choices?: Array<[string, string]>}} spec
 * @param {{id: string, name: string, value?: any, path?: string, list?: string, options?: Array<{label: string, names: string[]}>}} at
 */
export function field(ui, spec, at) {
  const { el } = ui;
  const label = [spec.label, spec.optional ? el("span", { class: "calc__hint" }, " (optional)") : null];
  const common = { id: at.id, field: at.name, label, hint: spec.hint, attrs: { "data-path": at.path } };
  if (spec.type === "flag") return ui.field({ ...common, kind: "checkbox", checked: !!at.value });
  if (spec.type === "choice") return ui.field({ ...common, kind: "select", options: spec.choices, value: at.value, wide: true });
  if (spec.type === "opponent" || spec.type === "teammate") {
    const groups = at.options ?? [];
    const option = (n) => el("option", { value: n, selected: n === at.value }, n);
    return ui.field({
      ...common, kind: "select", wide: true,
      options: groups.length === 1 ? groups[0].names.map(option)
        : groups.map((g) => el("optgroup", { label: g.label }, ...g.names.map(option))),
    });
  }
  return ui.field({
    ...common, kind: spec.type === "count" ? "number" : "text", value: at.value ?? "", wide: spec.type === "text",
    attrs: { ...common.attrs, list: at.list ?? null },
  });
}
