// Small helpers every widget shares: read a form, show errors beside fields,
// say what the engine is doing; keeping state is store.js. No rules here.

/** What the player typed: whole-number-looking text becomes a number, other text stays as typed
 *  (so the rules can quote it back in their message); checkboxes are booleans. */
export function readField(form, name) {
  const input = form.elements.namedItem(name);
  if (!input) throw new ReferenceError(`no field named ${name}`);
  if (input.type === "checkbox") return input.checked;
  const text = input.value.trim();
  return /^[+-]?\d+$/.test(text) ? Number(text) : text;
}

export function readFields(form, names) {
  return Object.fromEntries(names.map((name) => [name, readField(form, name)]));
}

/** Clear the messages of these fields (all when omitted). */
export function clearErrors(root, names) {
  for (const field of root.querySelectorAll("[data-field]")) {
    if (names && !names.includes(field.dataset.field)) continue;
    const message = field.querySelector(":scope > .calc__error");
    if (message) {
      message.hidden = true;
      message.textContent = "";
    }
    field.querySelector("input, select")?.removeAttribute("aria-invalid");
  }
  for (const general of root.querySelectorAll(".calc__form-error")) {
    general.hidden = true;
    general.textContent = "";
  }
}

/** Put the rules' error message next to its field (or at the top of the form). */
export function showError(root, error) {
  const key = (error.field || "").split(/[.[]/)[0];
  const field = key && root.querySelector(`[data-field="${CSS.escape(error.field)}"], [data-field="${CSS.escape(key)}"]`);
  const target = field ? field.querySelector(":scope > .calc__error") : root.querySelector(".calc__form-error");
  if (target) {
    target.textContent = error.message;
    target.hidden = false;
  }
  field?.querySelector("input, select")?.setAttribute("aria-invalid", "true");
}

/** Show a reply's error (returns true) or clear the given fields' errors (returns false). */
export function failed(root, reply, fields) {
  clearErrors(root, fields);
  if (reply.ok) return false;
  showError(root, reply.error);
  return true;
}

/** Create an element: el("p", {class: "x"}, "text", child…). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.flat().filter((c) => c != null && c !== false));
  return node;
}

/** Only the newest of overlapping requests gets to draw: latest(fn) wraps an async fn. */
export function latest(fn) {
  let ticket = 0;
  return async (...args) => {
    const mine = ++ticket;
    const out = await fn(...args, () => mine !== ticket);
    return out;
  };
}

/** Keeping what the player entered (scoped storage, set-aside copies, undo history): store.js. */
export * as store from "./store.js";
