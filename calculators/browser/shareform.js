// A share link as every calculator shows it (linkHtml; onScreen: wholly in view), and the share link of a
// calculator whose state is its form (the boon odds, the dice roller), drawn through lit-html. The link itself
// is share.js's, which stays free of the page's drawing: Node's tests import it.
import { html, render } from "./vendor/lit-html/lit-html.js";
import { link, offered as linkOffered, forget, received, readValues } from "./share.js";
import { fillForm, formValues, kindOf, typedNumber } from "./ui.js";
import { offerButtons } from "./notice.js";
import { keptMine } from "./offer.js";
import { bare } from "./keeping/judge.js";

/** A link offered (share.offered: {url, words, code}) as a template: its words, the link's field, its QR code.
 *  @param {{url: string, words: string, code: Node}} offer @param {string} label the field's name for a screen reader */
export const linkHtml = (offer, label = "Share link") => html`<p class="calc-share__words">${offer.words}</p><input type="text" readonly
  class="calc-share__link" aria-label=${label} .value=${offer.url}>${offer.code}`;

/** A link just offered under its button, or a received link's offer: the whole box (words, link, QR code;
 *  or the offer's buttons) scrolled into view, nothing more than needed; a link's field selected to copy.
 *  @param {Element | null} box */
export function onScreen(box) {
  if (!(box instanceof HTMLElement)) return;
  box.scrollIntoView({ block: "nearest" });
  const field = box.querySelector("input.calc-share__link");
  if (field instanceof HTMLInputElement) {
    field.focus({ preventScroll: true });
    field.select();
  }
}

/**
 * A "Share link" button and a notice at the end of a form. A link opened here is read, then offered ("Open it" /
 * "Keep mine"); opening it has the rules check the values (async `check(read, values)` → null or an error
 * {message}; `read(names)` gives them as ui.readFields gives a form's) before any field changes; the receiver's
 * own values are kept, and "Bring mine back" restores them. `apply()` redraws the calculator. Returns: stop listening.
 */
export function shareForm({ ui, form, name, what, fields, check, apply }) {
  const { el } = ui;
  const format = `conflict-table/${name}`;
  const noun = what.replace(/^(a|an|the) /, ""); // "a roll" → "roll"
  const notice = el("div", { class: "calc-share", "data-out": "share", role: "status" });
  form.append(el("div", { class: "calc__buttons" },
    el("button", { type: "button", "data-act": "share-link", onclick: async () => {
      const url = await link(name, { format, version: 1, fields: formValues(form, fields) });
      show(linkHtml(await linkOffered(url, `${what} as it is now`), `Share link to ${what}`));
      onScreen(notice);
    } }, "Share link")), notice);

  /** The values a received link carries, read but not yet opened (null: none on offer). */
  let offered = null;
  /** The notice shows a link made here, a received link's offer, or a sentence. */
  const show = (template) => render(template, notice);
  /** A sentence, and "Bring mine back" when `mine` holds the receiver's own values. */
  const message = (words, mine = null) => show(mine
    ? html`${words} <button type="button" @click=${() => bringBack(mine)}>Bring mine back</button>` : html`${words}`);

  async function open() {
    const values = offered;
    if (!values) return;
    answered();
    const typed = (n) => (typeof values[n] === "string" ? typedNumber(values[n]) : values[n]);
    const error = await check((names) => Object.fromEntries(names.map((n) => [n, typed(n)])), values)
      .catch((e) => ({ message: `the calculator is not ready (${e.message})` }));
    if (error) return message(`The shared ${noun} can't be used: ${bare(error.message)}. Nothing was changed.`);
    const mine = formValues(form, fields);
    fillForm(form, values);
    await apply();
    message(`Opened the shared ${noun}; yours is kept.`, mine);
  }

  async function bringBack(mine) {
    fillForm(form, mine);
    await apply();
    message("Your own values are back.");
  }

  /** The received link is answered (opened, kept out or refused): no longer on offer, and forgotten. */
  function answered() {
    offered = null;
    forget(name);
  }

  function keepMine() {
    answered();
    message(keptMine(noun, true));
  }

  async function offerLink() {
    const got = await received(name);
    if (!got) return;
    const read = got.problem ? got : readValues(got.text, format, Object.fromEntries(fields.map((n) => [n, kindOf(form.elements.namedItem(n))])));
    if (read.problem) {
      answered();
      return message(`The link's ${noun} can't be read (${read.problem}). Nothing was changed.`);
    }
    offered = read.values;
    show(html`This link carries ${what}. Opening it fills in the fields here (yours are kept, to bring back). ${
      offerButtons({ open, keep: keepMine })}`);
    onScreen(notice); // the offer is where the link lands
  }

  window.addEventListener("hashchange", offerLink);
  offerLink();
  return () => window.removeEventListener("hashchange", offerLink);
}
