// The action sheet, drawn with lit-html from the sheet (actions.js) and board.preview's answer:
// who acts, the kind, then only what that kind asks, each choice a tap (names, tracks, skills,
// dice, zones, absorb options), up to "Log it". Every control carries the event's field name,
// so a rules error lands beside it. Nothing here is a rule.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { live } from "../../vendor/lit-html/directives/live.js";
import { KINDS, TURN_KINDS, TRACKS, CONSEQUENCES, fieldsOf, targetsOf, oneTrack, skillsOf, onTargets, absorbKey, takesOut } from "./actions.js";

const FACE = { "+": ["⊞", "plus"], 0: ["⊡", "blank"], "-": ["⊟", "minus"] };
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One message slot under a field (hidden when there is none). */
const message = (id, text) => html`<p class="calc__error" id=${id} ?hidden=${!text}>${text ?? ""}</p>`;

/** A row of choices, one tap each (radios, or checkboxes when `multi`), styled as chips. */
function chips(ctx, name, legend, options, { multi = false, hint = "", empty = "none on the table" } = {}) {
  const chosen = ctx.sheet[name];
  const on = (v) => (multi ? (chosen ?? []).includes(v) : chosen === v);
  const err = ctx.errors[name];
  return html`<fieldset class="calc__group board__chips" data-field=${name}>
    <legend>${legend}${hint ? html` <span class="calc__hint">${hint}</span>` : nothing}</legend>
    <div class="board__chiprow">${options.length ? options.map(([v, words, extra]) => html`<label class="board__chip${on(v) ? " is-on" : ""}${extra ? ` ${extra}` : ""}"
      ><input type=${multi ? "checkbox" : "radio"} name=${name} value=${v} .checked=${live(on(v))}
        aria-invalid=${err ? "true" : nothing}><span dir="auto">${words}</span></label>`) : html`<span class="calc__hint">${empty}</span>`}</div>
    ${message(`${ctx.wid}-a-${name.replace(/\W/g, "-")}-error`, err)}
  </fieldset>`;
}

/** A typed field (text, or a number with the numeric keypad). */
function typed(ctx, name, label, { number = false, hint = "", wide = false, compact = false } = {}) {
  const id = `${ctx.wid}-a-${name.replace(/\W/g, "-")}`;
  const err = ctx.errors[name];
  return html`<div class="calc__field${wide ? " calc__field--wide" : ""}${compact ? " board__compact" : ""}" data-field=${name}>
    <label for=${id}>${label}</label>${hint ? html`<span class="calc__hint" id=${`${id}-hint`}>${hint}</span>` : nothing}
    <input id=${id} name=${name} type="text" inputmode=${number ? "numeric" : nothing} autocomplete="off" spellcheck="false"
      dir="auto" .value=${live(ctx.sheet[name] ?? "")} aria-invalid=${err ? "true" : nothing}
      aria-describedby=${`${id}-error${hint ? ` ${id}-hint` : ""}`}>
    ${message(`${id}-error`, err)}
  </div>`;
}

function select(ctx, name, label, options) {
  const id = `${ctx.wid}-a-${name.replace(/\W/g, "-")}`;
  const err = ctx.errors[name];
  const value = ctx.sheet[name] ?? "";
  return html`<div class="calc__field" data-field=${name}><label for=${id}>${label}</label>
    <select id=${id} name=${name} aria-invalid=${err ? "true" : nothing} aria-describedby=${`${id}-error`}>
      ${options.map(([v, words]) => html`<option value=${v} ?selected=${v === value}>${words}</option>`)}</select>
    ${message(`${id}-error`, err)}</div>`;
}

/** The roll: the actor's skills as chips (a tap fills the rating), the four dice (a tap turns one),
 *  typed faces or a total, Roll, and the rarer parts (bid, opposition) folded away. */
function roll(ctx) {
  const { sheet, state, setup } = ctx;
  const skills = skillsOf(sheet.actor, state, setup);
  const faces = /^[+0-]{4}$/.test(sheet.faces ?? "") ? sheet.faces : null;
  const diceErr = ctx.errors.faces ?? ctx.errors.dice;
  const aspects = invokable(ctx);
  const extra = sheet.bid && sheet.bid !== "0" || sheet.opposition && sheet.opposition !== "0";
  return html`<fieldset class="calc__group board__roll"><legend>The roll</legend>
    ${skills.length ? html`<div class="board__chiprow" role="group" aria-label="Skills">${skills.map(([name, rating]) => html`<button type="button"
      class="board__chip${sheet.skill === name ? " is-on" : ""}" data-act="skill" data-skill=${name} data-rating=${rating}
      aria-pressed=${sheet.skill === name ? "true" : "false"}><span dir="auto">${name}</span> ${rating}</button>`)}
      <details class="board__more board__more--inline" ?open=${!!(sheet.skill && !skills.some(([n]) => n === sheet.skill)) || !!(ctx.errors.skill || ctx.errors.rating)}>
      <summary>Other skill</summary>${skillFields(ctx)}</details></div>` : skillFields(ctx)}
    <div class="board__dice calc__field" data-field="faces">
      <span class="board__dice-label" id=${`${ctx.wid}-a-dice-label`}>Dice</span>
      <div class="board__dicerow" role="group" aria-labelledby=${`${ctx.wid}-a-dice-label`}>
        ${[0, 1, 2, 3].map((i) => {
          const f = faces?.[i] ?? "0";
          return html`<button type="button" class="board__die" data-act="die" data-die=${i}
            aria-label=${`Die ${i + 1}: ${FACE[f][1]} (tap to turn)`}>${faces ? FACE[f][0] : "·"}</button>`;
        })}
        <button type="button" class="board__chip board__roll-btn" data-act="roll-dice" data-key="roll-dice">Roll</button>
      </div>
      <label for=${`${ctx.wid}-a-faces`}>Or type the dice (+0-- or a total)</label>
      <input id=${`${ctx.wid}-a-faces`} name="faces" type="text" autocomplete="off" spellcheck="false" .value=${live(sheet.faces ?? "")}
        aria-invalid=${diceErr ? "true" : nothing} aria-describedby=${`${ctx.wid}-a-faces-error`}>
      ${message(`${ctx.wid}-a-faces-error`, diceErr)}
    </div>
    <details class="board__more" ?open=${extra || !!sheet.invokes?.length || !!(ctx.errors.invokes || ctx.errors.bid || ctx.errors.opposition)}>
      <summary>${aspects.length ? `Invoke an aspect (${aspects.length}), bid, opposition` : "Bid, opposition"}${sheet.invokes?.length ? ` — ${sheet.invokes.length} invoked` : ""}</summary>
      ${aspects.length ? chips(ctx, "invokes", "Aspects invoked (+2 each)", aspects, { multi: true }) : nothing}
      <div class="board__rollrow">${typed(ctx, "bid", "Initiative bid", { number: true })}
      ${typed(ctx, "opposition", "Opposing skill", { number: true, hint: "active opposition only" })}</div>
    </details>
  </fieldset>`;
}

const skillFields = (ctx) => html`<div class="board__rollrow">${typed(ctx, "skill", "Skill")}${typed(ctx, "rating", "Rating", { number: true })}</div>`;

/** Every aspect that can be invoked: the board's (with their free invokes), the actors' own and
 *  their named consequences (paid at the table). */
function invokable(ctx) {
  const { state } = ctx;
  const onBoard = state.aspects.map((a) => [a.name, `${a.name}${a.free_invokes ? ` (${a.free_invokes} free)` : ""}`]);
  const own = state.actors.flatMap((a) => [...(a.aspects ?? []), ...(a.consequences ?? []).filter((c) => c.taken && c.label).map((c) => c.label)]);
  const seen = new Set(onBoard.map(([n]) => n));
  return [...onBoard, ...own.filter((n) => !seen.has(n) && seen.add(n)).map((n) => [n, n])];
}

function zone(ctx) {
  const reach = Object.fromEntries((ctx.preview?.reach ?? []).map((z) => [z.zone, z]));
  const words = (z) => {
    const r = reach[z];
    if (!r) return "";
    return r.cost == null ? "(no way through)" : r.reachable ? `(reached, cost ${r.cost})` : r.shortfall != null ? `(${r.shortfall} short, cost ${r.cost})` : `(cost ${r.cost})`;
  };
  return html`<fieldset class="calc__group board__chips board__zones" data-field="zone"><legend>To zone <span class="calc__hint">or tap it on the map</span></legend>
    <div class="board__chiprow">${ctx.state.zones.map((z) => html`<label class="board__chip${ctx.sheet.zone === z ? " is-on" : ""}${reach[z]?.reachable ? " is-reach" : ""}" data-zone=${z}
      ><input type="radio" name="zone" value=${z} .checked=${live(ctx.sheet.zone === z)}><span dir="auto">${z}</span> <span class="board__reach" data-reach=${z}>${words(z)}</span></label>`)}</div>
    ${message(`${ctx.wid}-a-zone-error`, ctx.errors.zone)}</fieldset>`;
}

function absorb(ctx) {
  const { sheet, preview: p } = ctx;
  const a = p?.absorb;
  const chosen = (a?.options ?? []).find((o) => absorbKey(o) === sheet.absorb);
  // options answering an older sheet (the roll before the last tap) wait for the rules' new answer
  return html`<fieldset class="calc__group board__chips" data-field="resist" aria-busy=${ctx.waiting ? "true" : "false"}><legend>The target absorbs</legend>
    <div data-out="absorb">${!a ? html`<p class="calc__hint">Choose the target and the roll to see the ways to absorb the hit.</p>` : html`
      <p class="board__absorbline">${a.track === "aspect" ? "The aspect's boxes" : a.track}: threshold ${a.threshold}.${a.taken_out_anyway ? html` <strong>No way to absorb enough: ${sheet.target} is taken out.</strong>` : nothing}</p>
      <div data-field="absorb"><div class="board__chiprow board__chiprow--stack">${(a.options ?? []).map((o) => {
        const key = absorbKey(o);
        const words = [o.consequences?.length ? o.consequences.join(" + ") : "no consequence",
          o.invokes ? `${count(o.invokes, "invoke")} (tick them below)` : ""].filter(Boolean).join(", ");
        return html`<label class="board__chip${sheet.absorb === key ? " is-on" : ""}"><input type="radio" name="absorb" value=${key}
          .checked=${live(sheet.absorb === key)} ?disabled=${ctx.waiting}><span>${words}: ${o.hit?.message ?? (o.hit?.taken_out ? "taken out" : "")}</span></label>`;
      })}</div>
      ${message(`${ctx.wid}-a-absorb-error`, ctx.errors.absorb)}</div>
      ${(chosen?.consequences ?? []).map((c) => typed(ctx, `named.${c}`, `Name the ${c} consequence (optional)`, { wide: true, compact: true }))}`}
    </div>
    ${invokable(ctx).length ? html`<details class="board__more" ?open=${!!sheet["resist.invokes"]?.length || !!ctx.errors["resist.invokes"]}>
      <summary>The target invokes an aspect${sheet["resist.invokes"]?.length ? ` — ${sheet["resist.invokes"].length} invoked` : ""}</summary>
      ${chips(ctx, "resist.invokes", "Aspects the target invokes (2 each)", invokable(ctx), { multi: true })}</details>` : nothing}
    ${message(`${ctx.wid}-a-resist-error`, ctx.errors.resist)}
  </fieldset>`;
}

function resist(ctx) {
  return html`<details class="board__more" data-field="resist" ?open=${["resist.stress.track", "resist.stress.amount", "resist.consequences", "resist.invokes"]
    .some((k) => ctx.sheet[k]?.length) || !!ctx.errors.resist}><summary>The target resists (optional)</summary>
    <div class="board__rollrow">${select(ctx, "resist.stress.track", "Stress on track", [["", "—"], ...TRACKS])}
    ${typed(ctx, "resist.stress.amount", "Stress taken", { number: true })}</div>
    ${chips(ctx, "resist.consequences", "Consequences taken", CONSEQUENCES.map((c) => [c, c]), { multi: true })}
    ${chips(ctx, "resist.invokes", "Aspects the target invokes", invokable(ctx), { multi: true })}
    ${message(`${ctx.wid}-a-resist-error`, ctx.errors.resist)}
  </details>`;
}

function boxes(ctx) {
  const r = ctx.preview?.recovery;
  return html`<fieldset class="calc__group board__chips" data-field="boxes"><legend>Boxes to clear</legend>
    <div data-out="boxes" class="board__chiprow">${!r ? html`<p class="calc__hint">Choose the target and the roll to see what it can clear.</p>`
      : r.clearable?.length ? r.clearable.map((b) => html`<label class="board__chip${(ctx.sheet.boxes ?? []).includes(String(b)) ? " is-on" : ""}"><input type="checkbox" name="boxes"
        value=${String(b)} .checked=${live((ctx.sheet.boxes ?? []).includes(String(b)))}><span>box ${b}</span></label>`)
      : html`<p>No marked box this roll can clear.</p>`}</div>
    ${message(`${ctx.wid}-a-boxes-error`, ctx.errors.boxes)}</fieldset>`;
}

function again(ctx) {
  const previous = ctx.state.actors.find((a) => a.name === ctx.sheet.actor)?.previous;
  return html`<p data-out="again">${previous ? `Continues: ${previous.kind.replace("_", " ")}${previous.target ? ` on ${previous.target}` : ""}` +
    `${previous.track ? ` (${previous.track})` : ""}, ${previous.shifts} shifts.` : "This actor has no previous action to continue."}</p>`;
}

function on(ctx) {
  const place = ctx.sheet.on || "zone";
  return html`${chips(ctx, "on", "Placed on", [["zone", "a zone"], ["border", "a border"], ["actor", "an actor"], ["thing", "a thing"]])}
    ${chips(ctx, "which", "Which", onTargets(place, ctx.state), { empty: `no ${place} to place it on` })}
    ${message(`${ctx.wid}-a-target-error`, ctx.errors.target)}`;
}

/** The preview line: shifts, range, the defense's threshold, the free invokes. */
function previewLine(p, kind) {
  if (!p) return "";
  const bits = [];
  if (p.shifts != null) bits.push(`${count(p.shifts, "shift")}.`);
  if (p.must_continue) bits.push("This repeats the previous action: log it as a Continue.");
  if (p.range != null) bits.push(`Range to the target: ${count(p.range, "border")}.`);
  if (p.defense_threshold != null) bits.push(`New threshold while the defense holds: ${p.defense_threshold}.`);
  if (p.free_invokes != null) bits.push(`The aspect would get ${count(p.free_invokes, "free invoke")}.`);
  if (p.previous && kind === "continue") bits.push(`Previous action: ${p.previous.kind}${p.previous.target ? ` on ${p.previous.target}` : ""}, ${p.previous.shifts} shifts.`);
  return bits.join(" ");
}

/** The sheet: the kinds, then the open kind's fields, then Log it (naming who it takes out). */
export function sheet(ctx) {
  const { sheet: s, state, wid } = ctx;
  const inActors = state.actors.filter((a) => !a.out);
  const kindButton = (kind) => html`<button type="button" class="board__chip${s.kind === kind ? " is-on" : ""}" data-act="kind" data-kind=${kind}
    data-key=${`kind:${kind}`} aria-expanded=${s.kind === kind ? "true" : "false"} ?disabled=${state.over}>${KINDS[kind][0]}</button>`;
  const table = Object.keys(KINDS).filter((k) => !TURN_KINDS.includes(k) && (k !== "redefine_border" || state.things.some((t) => t.out && t.border)));
  const who = () => chips(ctx, "actor", "Who acts", inActors.map((a) => [a.name, `${a.name}${a.acted ? " ✓" : ""}`, a.acted ? "is-acted" : ""]),
    { hint: state.over ? "" : state.to_act.length ? `to act: ${state.to_act.join(", ")}` : "everyone has acted" });
  if (!s.kind) {
    return html`<div class="board__who" data-who>${state.over ? nothing : who()}</div>
      <div class="board__kinds" role="group" aria-label="Log an action">${TURN_KINDS.map(kindButton)}</div>
      <div class="board__kinds board__kinds--table" role="group" aria-label="The table's events">${table.map(kindButton)}</div>`;
  }
  const fields = fieldsOf(s.kind, state, s.actor);
  const target = s.kind === "taken_out" ? [...inActors.map((a) => a.name), ...state.things.filter((t) => !t.out).map((t) => t.name)] : targetsOf(s.kind, state, s.actor);
  const out = takesOut(s, ctx.preview);
  const parts = {
    actor: () => s.kind === "redefine_border"
      ? chips(ctx, "actor", "Who beat it", state.things.filter((t) => t.out && t.beaten_by).map((t) => [t.beaten_by, t.beaten_by]).filter(([n], i, all) => all.findIndex(([m]) => m === n) === i))
      : who(),
    target: () => chips(ctx, "target", s.kind === "taken_out" ? "Who (or what) is taken out" : "Target", target.map((n) => [n, n]),
      { hint: s.kind === "taken_out" ? "" : "or tap a token" }),
    track: () => (s.target && oneTrack(s.target, state) ? nothing : chips(ctx, "track", "Track", TRACKS)),
    roll: () => roll(ctx),
    zone: () => zone(ctx),
    resist: () => resist(ctx),
    absorb: () => absorb(ctx),
    aspect: () => typed(ctx, "aspect", s.kind === "compel" ? "The aspect compelled" : "Aspect name", { wide: true }),
    on: () => on(ctx),
    boxes: () => boxes(ctx),
    invokes: () => chips(ctx, "invokes", "Aspects newly invoked (+2 each)", invokable(ctx), { multi: true }),
    again: () => again(ctx),
    note: () => typed(ctx, "note", s.kind === "end" ? "How it ends" : "What they do", { wide: true }),
    accepted: () => html`<div class="calc__field calc__field--check" data-field="accepted"><input id=${`${wid}-a-accepted`} name="accepted" type="checkbox"
      .checked=${live(s.accepted !== false)}><label for=${`${wid}-a-accepted`}>The compel lands (they lose this turn)</label>${message(`${wid}-a-accepted-error`, ctx.errors.accepted)}</div>`,
    side: () => chips(ctx, "side", "The side that concedes", state.sides.map((x) => [x.name, x.name])),
    story: () => typed(ctx, "story", "The story they offer (accepted by the others)", { wide: true }),
    thing: () => chips(ctx, "thing", "The beaten thing", state.things.filter((t) => t.out && t.border).map((t) => [t.name, `${t.name} (${t.border.join(" – ")})`])),
    pass: () => typed(ctx, "pass", "The border's new pass value", { number: true }),
  };
  return html`<div class="board__kinds board__kinds--picked" role="group" aria-label="Log an action">${kindButton(s.kind)}
      <button type="button" class="board__chip" data-act="kinds" data-key="kinds">Another kind</button></div>
    <div class="board__panel" data-panel=${s.kind}>
      <h4 id=${`${wid}-panel-title`} tabindex="-1" class="calc__sr">${KINDS[s.kind][0]}</h4>
      <p class="calc__form-error" role="alert" ?hidden=${!ctx.errors[""]}>${ctx.errors[""] ?? ""}</p>
      ${fields.map((name) => parts[name]())}
      <div class="board__logbar">
        <output class="calc__result" data-out="preview">${previewLine(ctx.preview, s.kind)}</output>
        <div class="calc__buttons">
          <button type="submit" class="calc__primary" data-key="log">${out ? `Log it: ${out} is taken out` : "Log it"}</button>
          <button type="button" data-act="cancel" data-key="cancel-panel" class="board__cancel">Cancel</button>
        </div>
      </div>
    </div>`;
}
