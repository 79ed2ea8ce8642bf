// Small helpers every widget shares: read a form, show errors beside fields,
// say what the engine is doing; keeping state is keeping/. No rules here.
import { keepSession, keyFor, sessionText } from "./keeping/slot.js";
import { json } from "./keeping/checks.js";

/** What the player typed, as typedNumber reads it; a checkbox's is a boolean. */
export function readField(form, name) {
  const input = form.elements.namedItem(name);
  if (!input) throw new ReferenceError(`no field named ${name}`);
  return input.type === "checkbox" ? input.checked : typedNumber(input.value);
}

/** Typed text as the rules expect it: whole-number-looking text (a sign, digits) is a number,
 *  other text stays as typed (trimmed), so the rules can quote it back in their message. */
export function typedNumber(text) {
  const t = String(text ?? "").trim();
  return /^[+-]?\d+$/.test(t) ? Number(t) : t;
}

/** Is n a whole number from low to high? (The cheap check before drawing; the rules say what is wrong.) */
export const wholeIn = (n, low, high) => Number.isInteger(n) && n >= low && n <= high;

/** A number with its sign, a true minus for negatives (the only place the site writes one): signed(2) "+2",
 *  signed(-2) "−2", signed(0) "0"; a morale value has no plus: signed(2, "morale") "2". */
export function signed(n, style = "plain") {
  if (n < 0) return `−${-n}`;
  return n > 0 && style !== "morale" ? `+${n}` : String(n);
}

/** "1 shift", "2 shifts", "−1 shift" (a true minus); plural(3, "die", "dice") "3 dice". */
export const plural = (n, word, many = `${word}s`) => `${n < 0 ? `−${-n}` : n} ${Math.abs(n) === 1 ? word : many}`;

export const readFields = (form, names) => Object.fromEntries(names.map((name) => [name, readField(form, name)]));

/** Clear every field's message and the form's own. */
export function clearErrors(root) {
  for (const message of root.querySelectorAll("[data-field] > .calc__error, .calc__form-error")) {
    Object.assign(message, { hidden: true, textContent: "" });
  }
  root.querySelectorAll("[data-field] :is(input, select)").forEach((c) => c.removeAttribute("aria-invalid"));
}

/** Put the rules' error message next to its field (or at the top of the form). */
export function showError(root, error) {
  const key = (error.field || "").split(/[.[]/)[0];
  const field = key ? root.querySelector(`[data-field="${CSS.escape(error.field)}"], [data-field="${CSS.escape(key)}"]`) : null; // no field: the form's own message
  const target = field ? field.querySelector(":scope > .calc__error") : root.querySelector(".calc__form-error");
  if (target) Object.assign(target, { textContent: error.message, hidden: false });
  // (the field's message is already in its aria-describedby: the build's markup, _html.py, names it)
  field?.querySelector("input, select")?.setAttribute("aria-invalid", "true");
}

const ANSWERS = ".calc__result, .calc__error, .calc__form-error";

/** Say each new answer of a calculator once, when the player pauses (not per keystroke).
 *
 *  The visible answers (.calc__result) stay quiet (aria-live="off"); one visually hidden polite
 *  live region per calculator (data-out="announce") gets the text of the answers and messages
 *  that changed, `delay` ms after the last change. Returns a dispose function. */
export function announceAnswers(root, { delay = 700 } = {}) {
  const region = el("p", { class: "calc__sr", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-out": "announce" });
  root.append(region);
  const said = new WeakMap(); // node → the text last announced for it
  const text = (node) => (node.hidden || node.classList.contains("calc__result--stale") ? "" : node.textContent.replace(/\s+/g, " ").trim());
  const nodes = () => [...root.querySelectorAll(ANSWERS)];
  // (aria-live is not among the attributes watched below: setting it again says nothing new)
  const quiet = () => root.querySelectorAll(".calc__result").forEach((n) => n.setAttribute("aria-live", "off"));
  for (const node of nodes()) said.set(node, text(node));
  quiet();
  // Answers drawn before the player touches the calculator (the first result) are not read out.
  let engaged = false;
  const engage = () => { engaged = true; };
  for (const type of ["input", "change", "click", "keydown"]) root.addEventListener(type, engage, { capture: true });
  let timer = 0;
  const settle = () => {
    delete region.dataset.settling; // (the tests wait for it: nothing more to say until the page changes again)
    const news = [];
    for (const node of nodes()) {
      const now = text(node);
      if (now && now !== said.get(node)) news.push(now);
      said.set(node, now);
    }
    if (news.length && engaged) region.textContent = news.join(" ");
  };
  const observer = new MutationObserver((records) => {
    if (records.every((r) => region.contains(r.target))) return;
    quiet();
    clearTimeout(timer);
    timer = setTimeout(settle, delay);
    region.dataset.settling = "";
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["hidden", "class"] });
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ["input", "change", "click", "keydown"]) root.removeEventListener(type, engage, { capture: true });
    region.remove();
  };
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

/** A widget's heading level (1–6): `depth` levels below the last heading of the page before the widget
 *  (under a page's h2, depth 1 is an h3), so a page's outline skips no level wherever the widget sits.
 *  @param {Element | string | null} widget the widget's root, or its id */
export function headingRank(widget, depth) {
  const root = typeof widget === "string" ? document.getElementById(widget) : widget;
  let level = 1;
  if (root) {
    for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
      if (root.contains(h) || !(h.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      level = Number(h.tagName[1]);
    }
  }
  return Math.min(6, level + depth);
}

/** Only the newest of overlapping requests gets to draw: latest(fn) wraps an async fn. */
export function latest(fn) {
  let ticket = 0;
  return (...args) => {
    const mine = ++ticket;
    return fn(...args, () => mine !== ticket);
  };
}

/** The named fields' values: text as typed, a checkbox's checked, a radio group's choice (a RadioNodeList, whose
 *  type is undefined: its value, as a text field's). */
export function formValues(form, names) {
  return Object.fromEntries(names.map((name) => {
    const field = form.elements.namedItem(name);
    return [name, field.type === "checkbox" ? field.checked : field.value];
  }));
}

/** Put values back into the named fields (the inverse of formValues). */
export function fillForm(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name);
    if (field.type === "checkbox") field.checked = value;
    else field.value = value;
  }
}

/** What a field's value is in formValues: a checkbox's is a boolean, any other's a string. */
export const kindOf = (field) => (field.type === "checkbox" ? "boolean" : "string");

/** Keep what is typed in a calculator that stores nothing else (boons, dice) for this tab:
 *  Back, a reload or an instant navigation returns to the values the player left, as a
 *  browser does for a plain form. Call before the first answer; values go back in place
 *  and the caller computes from them. Storage that is switched off keeps nothing, silently. */
export function keepFields(form, name) {
  const key = keyFor(`fields:${name}`);
  const names = [...new Set([...form.elements].filter((e) => e.name && e.type !== "button" && e.type !== "submit")
    .map((e) => e.name))];
  const saved = json(sessionText(key) || "{}").value || {}; // storage off, or not JSON: nothing kept
  const kept = Object.entries(saved).filter(([field, value]) =>
    names.includes(field) && typeof value === kindOf(form.elements.namedItem(field)));
  fillForm(form, Object.fromEntries(kept));
  // Storage switched off or full: the form still works, it just starts fresh next time.
  const save = () => keepSession(key, JSON.stringify(formValues(form, names)));
  form.addEventListener("input", save);
  form.addEventListener("change", save);
}
