// The action forms: each kind of docs/edgerunner/conflicts.md#actions asks only
// what it needs. A form is drawn from KINDS, read back into the event
// board.apply takes (field names are the event's, so the rules' errors land
// beside their field), and annotated with board.preview's answer (reachable
// zones, absorb options, recoverable boxes). No rule is computed here.
import { typedNumber } from "../../ui.js";
import { typeInto } from "../../handoff.js";

export const TRACKS = [["cool", "Cool"], ["humanity", "Humanity"], ["reputation", "Reputation"]];
const CONSEQUENCES = ["mild", "moderate", "severe"];
const FACES = [["+", "⊞ plus"], ["0", "⊡ blank"], ["-", "⊟ minus"]];

/** kind → [button words, fields]. "roll": skill, rating, dice, bid, invokes, opposition. */
export const KINDS = {
  move: ["Move", ["actor", "roll", "zone"]],
  move_another: ["Move another", ["actor", "target", "roll", "zone", "resist"]],
  attack: ["Attack", ["actor", "target", "track", "roll", "absorb"]],
  defense: ["Defense", ["actor", "target", "track", "roll"]],
  maneuver: ["Maneuver", ["actor", "aspect", "on", "roll", "resist"]],
  recovery: ["Recovery", ["actor", "target", "track", "roll", "boxes"]],
  continue: ["Continue", ["actor", "invokes", "again"]],
  simple: ["Simple action", ["actor", "note"]],
  compel: ["Compel", ["actor", "aspect", "accepted"]],
  taken_out: ["Taken out", ["target"]],
  concession: ["Concession", ["side", "story"]],
  end_exchange: ["End of exchange", []],
  end: ["End the conflict", ["note"]],
};

const names = (list) => list.map((x) => [x.name, x.name]);

/** What a Continue asks besides the new invokes: the previous action's own choices (a move's zone…). */
const AGAIN = { move: ["zone"], move_another: ["zone", "resist"], attack: ["absorb"], maneuver: ["aspect", "on", "resist"], recovery: ["boxes"] };

/** The fields of a kind's form; a Continue's depend on the actor's previous action. */
export function fieldsOf(kind, state, actor) {
  if (kind !== "continue") return KINDS[kind][1];
  const previous = state.actors.find((a) => a.name === actor)?.previous;
  return ["actor", "invokes", "again", ...(AGAIN[previous?.kind] ?? [])];
}

/** Draw the form of `kind`. kept: what was typed before (a failed log keeps it).
 * @param {string} kind @param {{ui: any, wid: string, state: any, kept?: Record<string, any>}} opts */
export function draw(kind, { ui, wid, state, kept = {} }) {
  const { el } = ui;
  const id = (n) => `${wid}-a-${n.replace(/\W/g, "-")}`;
  const f = (name, label, extra = {}) => ui.field({ id: id(name), field: name, name, label, value: kept[name] ?? extra.value ?? "", ...extra });
  const inActors = state.actors.filter((a) => !a.out);
  const firstToAct = state.to_act?.[0] ?? inActors[0]?.name ?? "";
  const targets = [...state.actors.filter((a) => !a.out), ...state.things.filter((t) => !t.out)];
  const aspects = state.aspects.map((a) => [a.name, `${a.name}${a.free_invokes ? ` (${a.free_invokes} free)` : ""}`]);
  const checks = (name, legend, options) => el("fieldset", { class: "calc__group board__checks", "data-field": name },
    el("legend", {}, legend),
    ...(options.length ? options.map(([v, words], i) => el("label", { class: "board__check" },
      el("input", { type: "checkbox", name, value: v, id: id(`${name}-${i}`), checked: (kept[name] ?? []).includes?.(v) }), ` ${words}`))
      : [el("p", { class: "calc__hint" }, "none on the table")]),
    el("p", { class: "calc__error", hidden: true }));
  const parts = {
    actor: () => f("actor", "Who acts", { kind: "select", options: names(inActors), value: kept.actor ?? firstToAct }),
    target: () => f("target", kind === "taken_out" ? "Who (or what) is taken out" : "Target", { kind: "select",
      options: [["", "—"], ...names(kind === "move_another" ? inActors : targets)] }),
    track: () => f("track", "Track", { kind: "select", options: TRACKS, hint: "a thing has one track: any choice" }),
    roll: () => el("fieldset", { class: "calc__group board__roll" }, el("legend", {}, "The roll"),
      f("skill", "Skill", { hint: "its name, e.g. Athletics" }),
      f("rating", "Rating", { kind: "number" }),
      f("dice-mode", "Dice", { kind: "select", options: [["faces", "the four faces"], ["dice", "their total, typed"]],
        value: kept["dice-mode"] ?? "faces", attrs: { "data-act": "dice-mode" } }),
      el("div", { class: "board__faces", "data-field": "faces", hidden: (kept["dice-mode"] ?? "faces") !== "faces" },
        ...[0, 1, 2, 3].map((i) => ui.field({ id: id(`die${i}`), field: `die${i}`, name: `die${i}`, label: `Die ${i + 1}`,
          kind: "select", options: FACES, value: kept[`die${i}`] ?? "0" })),
        el("p", { class: "calc__error", id: id("faces-error"), hidden: true })),
      el("div", { "data-when": "dice", hidden: kept["dice-mode"] !== "dice" }, f("dice", "Dice total", { kind: "number", hint: "−4 to 4" })),
      f("bid", "Initiative bid", { kind: "number", value: "0" }),
      f("opposition", "Opposing skill", { kind: "number", value: "0", hint: "active opposition only" }),
      checks("invokes", "Aspects invoked (+2 each)", aspects)),
    zone: () => el("fieldset", { class: "calc__group board__zones", "data-field": "zone" }, el("legend", {}, "To zone"),
      ...state.zones.map((z, i) => el("label", { class: "board__check", "data-zone": z },
        el("input", { type: "radio", name: "zone", value: z, id: id(`zone-${i}`), checked: kept.zone === z }), ` ${z} `,
        el("span", { class: "board__reach", "data-reach": z }))),
      el("p", { class: "calc__error", hidden: true })),
    resist: () => el("fieldset", { class: "calc__group" }, el("legend", {}, "The target resists (optional)"),
      f("resist.stress.track", "Stress on track", { kind: "select", options: [["", "—"], ...TRACKS] }),
      f("resist.stress.amount", "Stress taken", { kind: "number" }),
      checks("resist.consequences", "Consequences taken", CONSEQUENCES.map((c) => [c, c])),
      checks("resist.invokes", "Aspects the target invokes", aspects)),
    absorb: () => el("fieldset", { class: "calc__group", "data-field": "resist" }, el("legend", {}, "The target absorbs"),
      el("div", { "data-out": "absorb" }, el("p", { class: "calc__hint" }, "Choose the target and the roll to see the ways to absorb the hit.")),
      checks("resist.invokes", "Aspects the target invokes (2 each)", aspects),
      el("p", { class: "calc__error", hidden: true })),
    aspect: () => f("aspect", kind === "compel" ? "The aspect compelled" : "Aspect name", { wide: true }),
    on: () => el("div", {}, f("on", "Placed on", { kind: "select", options: [["zone", "a zone"], ["border", "a border"], ["actor", "an actor"], ["thing", "a thing"]], value: kept.on ?? "zone" }),
      f("target", "Which", { kind: "select", options: [...state.zones.map((z) => [`zone:${z}`, z]),
        ...(state.borders ?? []).map((b) => [`border:${b.join("|")}`, b.join(" – ")]),
        ...state.actors.map((a) => [`actor:${a.name}`, a.name]), ...state.things.map((t) => [`thing:${t.name}`, t.name])] })),
    boxes: () => el("fieldset", { class: "calc__group", "data-field": "boxes" }, el("legend", {}, "Boxes to clear"),
      el("div", { "data-out": "boxes" }, el("p", { class: "calc__hint" }, "Choose the target and the roll to see what it can clear.")),
      el("p", { class: "calc__error", hidden: true })),
    invokes: () => checks("invokes", "Aspects newly invoked (+2 each)", aspects),
    again: () => {
      const previous = state.actors.find((a) => a.name === (kept.actor ?? firstToAct))?.previous;
      return el("p", { "data-out": "again" }, previous ? `Continues: ${previous.kind.replace("_", " ")}${previous.target ? ` on ${previous.target}` : ""}` +
        `${previous.track ? ` (${previous.track})` : ""}, ${previous.shifts} shifts.` : "This actor has no previous action to continue.");
    },
    note: () => f("note", kind === "end" ? "How it ends" : "What they do", { wide: true }),
    accepted: () => f("accepted", "The compel lands (they lose this turn)", { kind: "checkbox", checked: kept.accepted ?? true }),
    side: () => f("side", "The side that concedes", { kind: "select", options: state.sides.map((s) => [s.name, s.name]) }),
    story: () => f("story", "The story they offer (accepted by the others)", { wide: true }),
  };
  return el("div", { class: "board__panel", "data-panel": kind },
    el("h4", { id: `${wid}-panel-title`, tabindex: "-1" }, KINDS[kind][0]),
    el("p", { class: "calc__form-error", role: "alert", hidden: true }),
    ...fieldsOf(kind, state, kept.actor ?? firstToAct).map((name) => parts[name]()),
    el("output", { class: "calc__result", "data-out": "preview" }),
    el("div", { class: "calc__buttons" },
      el("button", { type: "submit", class: "calc__primary", "data-key": "log" }, "Log it"),
      el("button", { type: "button", "data-act": "cancel", "data-key": "cancel" }, "Cancel")));
}

/** Everything typed in the panel, as typed (kept through a redraw or a refusal). */
export function typed(panel) {
  const out = {};
  for (const input of panel.querySelectorAll("input, select")) {
    if (!input.name) continue;
    if (input.type === "checkbox" && input.value && input.value !== "on") {
      out[input.name] = [...(out[input.name] ?? []), ...(input.checked ? [input.value] : [])];
    } else if (input.type === "checkbox") out[input.name] = input.checked;
    else if (input.type === "radio") {
      if (input.checked) out[input.name] = input.value;
    } else out[input.name] = input.value;
  }
  return out;
}

const filled = (v) => v != null && String(v).trim() !== "";

/** The event board.apply takes, from what was typed (empty optional fields left out). */
export function event(kind, t, state) {
  const e = { kind };
  const fields = fieldsOf(kind, state, t.actor);
  const put = (key, value = t[key]) => {
    if (filled(value)) e[key] = typeof value === "string" ? typedNumber(value) : value;
  };
  const text = (key) => {
    if (filled(t[key])) e[key] = String(t[key]).trim();
  };
  if (fields.includes("actor")) text("actor");
  if (fields.includes("target")) text("target");
  if (fields.includes("track")) text("track");
  if (fields.includes("roll")) {
    text("skill");
    put("rating");
    if (t["dice-mode"] === "dice") put("dice");
    else e.faces = [0, 1, 2, 3].map((i) => t[`die${i}`] ?? "0").join("");
    put("bid");
    put("opposition");
    if (t.invokes?.length) e.invokes = t.invokes;
  }
  if (fields.includes("invokes") && t.invokes?.length) e.invokes = t.invokes;
  if (fields.includes("zone")) text("zone");
  if (fields.includes("resist")) {
    const r = {};
    if (filled(t["resist.stress.track"]) || filled(t["resist.stress.amount"])) {
      r.stress = { track: t["resist.stress.track"], amount: typedNumber(t["resist.stress.amount"]) };
    }
    if (t["resist.consequences"]?.length) r.consequences = t["resist.consequences"];
    if (t["resist.invokes"]?.length) r.invokes = t["resist.invokes"];
    if (Object.keys(r).length) e.resist = r;
  }
  if (fields.includes("absorb")) {
    const r = filled(t.absorb) ? JSON.parse(t.absorb) : {};
    if (t["resist.invokes"]?.length) r.invokes = t["resist.invokes"];
    if (Object.keys(r).length) e.resist = r;
  }
  if (fields.includes("aspect")) text("aspect");
  if (fields.includes("on")) {
    const [on, ...rest] = String(t.target ?? "").split(":");
    e.on = on || t.on;
    const name = rest.join(":");
    if (name) e.target = on === "border" ? name.split("|") : name;
  }
  if (fields.includes("boxes") && t.boxes) e.boxes = t.boxes.map(Number);
  if (fields.includes("note")) text("note");
  if (fields.includes("accepted")) e.accepted = !!t.accepted;
  if (fields.includes("side")) text("side");
  if (fields.includes("story")) text("story");
  return e;
}

/** Show board.preview's answer in the open panel: shifts, reach, absorb options, boxes; returns the reach list.
 * @param {HTMLElement} panel @param {any} p @param {{ui: any, kept?: Record<string, any>}} opts */
export function annotate(panel, p, { ui, kept = {} }) {
  const { el } = ui;
  const out = panel.querySelector('[data-out="preview"]');
  const bits = [];
  if (p.shifts != null) bits.push(`${p.shifts} shift${p.shifts === 1 ? "" : "s"}.`);
  if (p.must_continue) bits.push("This repeats the previous action: log it as a Continue.");
  if (p.range != null) bits.push(`Range to the target: ${p.range} border${p.range === 1 ? "" : "s"}.`);
  if (p.defense_threshold != null) bits.push(`New threshold while the defense holds: ${p.defense_threshold}.`);
  if (p.free_invokes != null) bits.push(`The aspect would get ${p.free_invokes} free invoke${p.free_invokes === 1 ? "" : "s"}.`);
  if (p.previous) bits.push(`Previous action: ${p.previous.kind}${p.previous.target ? ` on ${p.previous.target}` : ""}, ${p.previous.shifts} shifts.`);
  if (out) out.textContent = bits.join(" ");
  for (const z of p.reach ?? []) {
    const slot = panel.querySelector(`[data-reach="${CSS.escape(z.zone)}"]`);
    if (!slot) continue;
    slot.textContent = z.cost == null ? "(no way through)" : z.reachable ? `(reached, cost ${z.cost})`
      : z.shortfall != null ? `(${z.shortfall} short, cost ${z.cost})` : `(cost ${z.cost})`;
    slot.closest("label").classList.toggle("is-reach", !!z.reachable);
  }
  const absorb = panel.querySelector('[data-out="absorb"]');
  if (absorb && p.absorb) {
    const options = p.absorb.options ?? [];
    absorb.replaceChildren(
      el("p", {}, `${p.absorb.track}: threshold ${p.absorb.threshold}.` + (p.absorb.taken_out_anyway ? " No way to absorb enough: taken out." : "")),
      ...options.map((o, i) => {
        const value = JSON.stringify(o.consequences?.length ? { consequences: o.consequences } : {});
        const words = [o.consequences?.length ? o.consequences.join(" + ") : "no consequence",
          o.invokes ? `${o.invokes} invoke${o.invokes === 1 ? "" : "s"} (tick them below)` : ""].filter(Boolean).join(", ");
        return el("label", { class: "board__check" }, el("input", { type: "radio", name: "absorb", value, checked: kept.absorb ? kept.absorb === value : i === 0 }),
          ` ${words}: ${o.hit?.message ?? (o.hit?.taken_out ? "taken out" : "")}`);
      }));
  }
  const boxes = panel.querySelector('[data-out="boxes"]');
  if (boxes && p.recovery) {
    const suggested = new Set(p.recovery.suggested ?? []);
    boxes.replaceChildren(...(p.recovery.clearable ?? []).length ? p.recovery.clearable.map((b) => el("label", { class: "board__check" },
      el("input", { type: "checkbox", name: "boxes", value: String(b), checked: kept.boxes ? kept.boxes.includes(String(b)) : suggested.has(b) }), ` box ${b}`))
      : [el("p", {}, "No marked box this roll can clear.")]);
  }
  return p.reach ?? [];
}

/** A roll from the dice roller (handoff.js) into the open action's roll; a sentence for the referee. */
export function rollInto(node, roll) {
  if (!node?.querySelector('[name="rating"]')) throw new Error("Conflict board: open an action that rolls (Move, Attack…), then use the roll.");
  typeInto(node.querySelector('[name="rating"]'), roll.skill);
  typeInto(node.querySelector('[name="bid"]'), roll.bid ?? 0);
  typeInto(node.querySelector('[name="dice-mode"]'), "faces");
  roll.faces.forEach((face, i) => typeInto(node.querySelector(`[name="die${i}"]`), face > 0 ? "+" : face < 0 ? "-" : "0"));
  return `Conflict board: rating ${roll.skill} and the dice entered.`;
}
