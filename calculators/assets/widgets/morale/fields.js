// One labelled field, from a field description of rules_core's form
// ({name, label, type, hint?, choices?}); its message goes beside it.

/**
 * at: {id, name (also the data-field errors are matched on), value, path?, options?}
 * options (for "opponent" / "teammate"): [{label, names}] groups of member names.
 */
export function field(ui, spec, at) {
  const { el } = ui;
  const errorId = `${at.id}-error`;
  const hintId = spec.hint ? `${at.id}-hint` : null;
  const describedby = [errorId, hintId].filter(Boolean).join(" ");
  const common = { id: at.id, name: at.name, "data-path": at.path, "aria-describedby": describedby };
  const label = el("label", { for: at.id }, spec.label, spec.optional ? el("span", { class: "calc__hint" }, " (optional)") : null);
  const hint = hintId ? el("span", { class: "calc__hint", id: hintId }, spec.hint) : null;
  const error = el("p", { class: "calc__error", id: errorId, hidden: true });
  if (spec.type === "flag") {
    return el("div", { class: "calc__field calc__field--check", "data-field": at.name },
      el("input", { ...common, type: "checkbox", checked: !!at.value }), label, hint, error);
  }
  let control;
  if (spec.type === "choice") {
    control = el("select", common, ...spec.choices.map(([v, words]) => el("option", { value: v, selected: v === at.value }, words)));
  } else if (spec.type === "opponent" || spec.type === "teammate") {
    const groups = at.options ?? [];
    const option = (n) => el("option", { value: n, selected: n === at.value }, n);
    control = el("select", common,
      ...(groups.length === 1 ? groups[0].names.map(option)
        : groups.map((g) => el("optgroup", { label: g.label }, ...g.names.map(option)))));
  } else {
    control = el("input", {
      ...common, type: "text", autocomplete: "off", spellcheck: "false", value: at.value ?? "",
      inputmode: spec.type === "count" ? "numeric" : null, list: at.list ?? null,
    });
  }
  const wide = spec.type === "text" || spec.type === "choice" || spec.type === "opponent" || spec.type === "teammate";
  return el("div", { class: `calc__field${wide ? " calc__field--wide" : ""}`, "data-field": at.name }, label, hint, control, error);
}
