// @ts-check
// The panels' view: one panel per model, what every panel has (frame) around what differs (wound boxes,
// condition slots, a track with its consequences and recovery). The boxes open and the slots free are the rules'.
import { html, nothing } from "../../../vendor/lit-html/lit-html.js";
import { repeat } from "../../../vendor/lit-html/directives/repeat.js";
import { errorHtml, fieldHtml } from "../../../draw.js";
import { wrong } from "./actions.js";

/** @typedef {import("../store.js").StressState} StressState  @typedef {{wid: string, asides: Node}} Where */

const cap = (/** @type {string} */ word) => word[0].toUpperCase() + word.slice(1);
const list = (/** @type {number[]} */ boxes) => (boxes.length ? boxes.join(", ") : "none");

/** Buttons from a list of {key, text, act, cls?, pressed?, label?, disabled?, data?}, keyed (the one tapped keeps the focus). */
const buttons = (/** @type {any[]} */ items) => repeat(items, (b) => b.key, (b) => html`<button type="button" class=${b.cls ?? nothing} data-act=${b.act}
  data-n=${b.n ?? nothing} data-box=${b.box ?? nothing} aria-pressed=${b.pressed ?? nothing} aria-label=${b.label ?? nothing}
  ?disabled=${!!b.disabled}>${b.text}</button>`);

/** A row of boxes, named by the paragraph above it (id).
 * @param {string} id @param {unknown} name @param {any[]} items @param {{cls?: string, out?: any, empty?: any}} [how] */
const boxRow = (id, name, items, { cls = "calc-stress__boxes", out = nothing, empty = nothing } = {}) => html`<p class="calc-stress__row-name"
  id=${id}>${name}</p><div class=${cls} role="group" aria-labelledby=${id} data-out=${out} data-empty=${empty}>${buttons(items)}</div>`;

/** A field of a panel (draw.js's, the markup the build writes), its value as typed and its message. A recovery's
 *  field is kept as "recovery.<name>" (data-typed), beside the hit's of the same name. */
function input(/** @type {any} */ p, /** @type {string} */ prefix, /** @type {string} */ name, /** @type {unknown} */ label,
  /** @type {{options?: any[], hint?: string}} */ more = {}) {
  const value = p.typed[name];
  const field = name.replace(/^recovery\./, "");
  const error = field !== name ? p.errors.recovery[field] : p.errors.hit[field] ?? p.errors.character[field];
  const kind = typeof value === "boolean" ? "checkbox" : more.options ? "select" : "number";
  return fieldHtml({ id: `${prefix}-${field}`, field, label, kind, value: kind === "checkbox" ? "" : value, checked: value === true,
    error, ...more, attrs: { "data-typed": field !== name ? name : null } });
}

/** The radio buttons of a switch (the model shown, a track). */
export const radios = (/** @type {string} */ prefix, /** @type {string} */ name, /** @type {string} */ legend,
  /** @type {Record<string, string>} */ choices, /** @type {string} */ value, cls = "") => html`<fieldset class=${`calc-stress__switch ${cls}`}
  data-switch=${name}><legend>${legend}</legend>${Object.entries(choices).map(([key, text]) => html`<label class="calc-stress__choice"
  for=${`${prefix}-${name}-${key}`}><input type="radio" id=${`${prefix}-${name}-${key}`} name=${name} value=${key}
  ?checked=${key === value} .checked=${key === value}><span>${text}</span></label>`)}</fieldset>`;

/** What every panel shows around its own part: the legend, the notice and set-aside copies first; then (after the part)
 *  the answer (the rules' message and notes), the picks, the panel's message, the buttons and the log.
 * @param {StressState} s @param {string} model
 * @param {{asides: Node, legend: string, kind: string, top: unknown, picks: {title: string, items: any[]}, after?: unknown}} parts */
function frame(s, model, { asides, legend, kind, top, picks, after = nothing }) {
  const p = s.panels[model];
  const stale = wrong(p) || !!s.broken;
  const reply = p.reply?.result;
  const lines = reply ? [reply.message ?? reply.hit.message, ...reply.notes] : [];
  const choices = (reply?.apply ?? []).filter((/** @type {any} */ way) => way.choice);
  const general = s.broken ?? p.errors.hit[""] ?? p.errors.character[""];
  return html`<fieldset class="calc-stress__panel" data-panel=${model} ?hidden=${s.model !== model}><legend>${legend}</legend>
    <div class="calc-stress__notice" data-out="notice" role="alert" ?hidden=${!p.notice}>${p.notice ?? ""}</div>${asides}
    ${top}
    <output class=${`calc__result${stale ? " calc__result--stale" : ""}`} data-out="answer" aria-live="polite">${reply ? html`<p
      class="calc__answer"><strong>${lines[0]}</strong></p>${lines.slice(1).map((line) => html`<p class="calc-stress__line">${line}</p>`)}`
      : nothing}</output>
    <div class="calc-stress__picks" data-out="picks" ?hidden=${!picks.title && !picks.items.length}><p class="calc-stress__line"
      ?hidden=${!picks.title}>${picks.title}</p><div class="calc__buttons calc-stress__pick-row">${buttons(picks.items)}</div></div>
    <p class="calc__form-error" ?hidden=${!general}>${general ?? ""}</p>
    <div class="calc__buttons"><button type="button" class="calc__primary" data-act="apply" ?hidden=${choices.length > 0}
      ?disabled=${stale || !reply?.applies}>Apply</button><span class="calc-stress__choices" data-out="choices">${buttons(choices.map((/** @type {any} */ way) => ({
        key: way.choice, text: way.button, cls: "calc__primary", act: "choice", n: way.choice, disabled: stale })))}</span><button
      type="button" data-act="undo" ?disabled=${!p.canUndo || !!s.broken}>Undo</button><button type="button" data-act="redo"
      ?disabled=${!p.canRedo || !!s.broken}>Redo</button><button type="button" data-act="reset" ?disabled=${!!s.broken}>Reset ${kind}</button></div>
    <p class="calc-stress__log" data-out="log" aria-live="polite">${p.log}</p>${after}</fieldset>`;
}

/** Gauntlet Forge wound boxes (2023, 2022): three slots of six boxes, the stress, the character. @param {StressState} s @param {Where} where */
export function woundBoxes(s, { wid, asides }) {
  const p = s.panels.wounds;
  const r = p.reply?.result;
  const o = s.options;
  const w = `${wid}-w`;
  const slot = (/** @type {string} */ name) => html`<div class="calc-stress__row" data-slot=${name}>${boxRow(`${w}-${name}`,
    html`${cap(name)}: <span data-out="severity">${p.now?.severity[name].name ?? "none"}</span>`, o.boxes.map((/** @type {number} */ c, /** @type {number} */ i) => ({
      key: String(i + 1), text: String(c), act: "box", box: i + 1, pressed: String(!!p.state.wounds[name][i]),
      cls: `calc-stress__box calc-stress__box--${c}${r?.type === name && r.box === i + 1 ? " calc-stress__box--target" : ""}`,
      label: `${cap(name)} box ${i + 1}, capacity ${c}` })))}</div>`;
  return frame(s, "wounds", { asides, legend: o.models.wounds, kind: "the boxes",
    top: html`<p class="calc__hint">Tap a box to mark or clear it.</p><div class="calc-stress__grid">${o.slots.map(slot)}</div>
      <fieldset class="calc__group" data-part="hit"><legend>The stress</legend>${input(p, w, "stress", "Stress", { hint: "a whole number, 0 or more" })}${
        input(p, w, "type", "Type", { options: o.slots.map((/** @type {any} */ n) => [n, cap(n)]) })}${input(p, w, "edition", "Edition", { options: o.editions.map((/** @type {any} */ e) => [e, e]) })}</fieldset>
      <fieldset class="calc__group" data-part="character"><legend>The character</legend>${input(p, w, "favor", "Favor available")}${
        input(p, w, "in_conflict", "In a conflict")}${input(p, w, "last_stand", "In their Last Stand")}</fieldset>`,
    picks: { title: r?.alternatives.length ? "Or pick another box that fits:" : "", items: (r?.alternatives ?? []).map((/** @type {any} */ n) => ({
      key: String(n), text: `Box ${n} (capacity ${r.boxes[n - 1]})`, act: "pick", n, pressed: "false" })) } });
}

/** Gauntlet Forge conditions (the wiki): six slots, the stress, the participant. @param {StressState} s @param {Where} where */
export function conditionSlots(s, { wid, asides }) {
  const p = s.panels.conditions;
  const r = p.reply?.result;
  const c = `${wid}-c`;
  return frame(s, "conditions", { asides, legend: s.options.models.conditions, kind: "the slots",
    top: html`<p class="calc__hint">Tap a slot to fill or clear it.</p><div class="calc-stress__row">${boxRow(`${c}-slots`, "Condition slots",
      s.options.ratings.map((/** @type {number} */ rating, /** @type {number} */ i) => ({ key: String(i + 1), text: String(rating), act: "box", box: i + 1, pressed: String(!!p.state.conditions[i]),
        cls: `calc-stress__box calc-stress__box--${rating}${r?.slot === i + 1 ? " calc-stress__box--target" : ""}`, label: `Slot ${i + 1}, rating ${rating}` })))}</div>
      <fieldset class="calc__group" data-part="hit"><legend>The stress</legend>${input(p, c, "stress", "Stress", { hint: "a whole number, 0 or more" })}</fieldset>
      <fieldset class="calc__group" data-part="character"><legend>The participant</legend>${input(p, c, "last_stand", "In their Last Stand")}</fieldset>`,
    picks: { title: r?.alternatives.length ? "Or pick another slot that fits:" : "", items: (r?.alternatives ?? []).map((/** @type {any} */ n) => ({
      key: String(n), text: `Slot ${n} (rating ${r.ratings[n - 1]})`, act: "pick", n, pressed: "false" })) } });
}

/** Edgerunner stress tracks: three tracks (one shown), its boxes and consequences, the hit, the recovery. @param {StressState} s @param {Where} where */
export function stressTracks(s, { wid, asides }) {
  const p = s.panels.track;
  const o = s.options;
  const [t, rr] = [`${wid}-t`, `${wid}-r`];
  const r = p.reply?.result;
  const track = p.state.tracks[p.state.current];
  const open = r?.open ?? []; // the slots still free are the rules' to say
  const slot = (/** @type {any} */ n) => html`<div class="calc-stress__consequence">${input(p, t, `consequence-${n}`, `${cap(n)} consequence`, {
    options: [["free", "Free"], ["use", "Against this hit", !open.includes(n)], ["taken", "Taken already"]] })}${
    input(p, t, `value-${n}`, html`<span class="calc__sr">${cap(n)} consequence </span>value`)}</div>`;
  const boxes = (r?.boxes ?? []).map((/** @type {any} */ b) => ({ key: String(b.box), text: String(b.box), act: "box", box: b.box,
    pressed: String(track.marked.includes(b.box)), label: `Box ${b.box}${b.above ? ", above the threshold" : ""}`,
    cls: `calc-stress__box${b.above ? " calc-stress__box--over" : ""}${b.box === r.threshold ? " calc-stress__box--limit" : ""}${b.target ? " calc-stress__box--target" : ""}` }));
  const rec = p.rec?.result;
  const picked = rec && !p.recStale ? rec.chosen : p.chosen ?? [];
  const recovery = html`<fieldset class="calc__group" data-part="recovery"><legend>Recovery</legend>${input(p, rr, "recovery.shifts", "Recovery shifts")}
    <div class="calc__field calc__field--wide" data-field="chosen">${boxRow(`${rr}-chosen`, "Boxes to clear (tap to choose)",
      track.marked.map((/** @type {any} */ n) => ({ key: String(n), text: String(n), act: "choose", n, pressed: String(picked.includes(n)), cls: "calc-stress__box", label: `Clear box ${n}` })),
      { cls: "calc-stress__boxes calc-stress__boxes--track", out: "chosen", empty: track.marked.length ? "" : "No boxes are marked." })}${
      errorHtml(`${rr}-chosen-error`, p.errors.recovery.chosen)}</div>
    <output class=${`calc__result${p.recStale ? " calc__result--stale" : ""}`} data-out="recovery" aria-live="polite">${rec ? html`<p
      class="calc__answer"><strong>${rec.message}</strong></p><p class="calc-stress__line">Suggested set: ${list(rec.suggested)}.</p>
      <p class="calc-stress__line">Marked boxes this roll could pay for, one at a time: ${list(rec.clearable)}.</p>` : nothing}</output>
    <div class="calc__buttons"><button type="button" data-act="suggested">Use the suggested set</button><button type="button" class="calc__primary"
      data-act="recover" ?disabled=${p.recStale || !rec?.chosen.length || !!s.broken}>Clear these boxes</button></div></fieldset>`;
  return frame(s, "track", { asides, legend: o.models.track, kind: "the track",
    top: html`${radios(t, "track", "Track", Object.fromEntries(o.tracks.map((/** @type {any} */ n) => [n, cap(n)])), p.state.current)}
      <fieldset class="calc__group" data-part="character"><legend>The track</legend>${input(p, t, "threshold", "Threshold", { hint: "the highest box a hit may mark" })}
        <div class="calc-stress__row calc__field--wide">${boxRow(`${t}-boxes`, "Stress boxes (tap to mark or clear)", boxes,
          { cls: "calc-stress__boxes calc-stress__boxes--track", out: "boxes", empty: !r || boxes.length ? "" : "No boxes: the threshold is 0." })}</div>
        <div class="calc__field calc__field--wide calc-stress__consequences" data-field="consequences"><p class="calc__hint">Consequences: each slot is taken
          once; one taken against this hit absorbs its value.</p>${o.consequences.map(slot)}${
          errorHtml(`${t}-consequences-error`, p.errors.character.consequences)}</div></fieldset>
      <fieldset class="calc__group" data-part="hit"><legend>The hit</legend>${input(p, t, "shifts", "Incoming shifts")}${
        input(p, t, "invokes_available", "Invokes available")}${input(p, t, "defense_shifts", "Defense shifts", { hint: "blank when not defending; replaces the threshold" })}${
        input(p, t, "range", "Range to the defender")}${input(p, t, "invokes", "Invokes used against this hit")}</fieldset>`,
    picks: { title: r?.options_message ?? "", items: (r?.offered ?? []).map((/** @type {any} */ way, /** @type {number} */ i) => ({
      key: `${way.consequences.join("+")}/${way.invokes}`, text: way.text, act: "option", n: i, pressed: String(way.chosen) })) },
    after: recovery });
}
