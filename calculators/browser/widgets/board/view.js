// The board drawn from rules_core's state (board.replay / apply / at): the
// exchange and who has acted, the map with a token per actor (one colour AND
// one shape per side), the tracks, the aspects with their free invokes, the
// log as a story. Geometry comes from borders.diagram; nothing here is a rule.
import { draw as drawMap } from "../borders/svg.js";
import { KINDS, TRACKS } from "./actions.js";
import { zoneNames } from "./setup.js";

const NS = "http://www.w3.org/2000/svg";
const SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star"];
const GLYPHS = { circle: "●", square: "■", triangle: "▲", diamond: "◆", hexagon: "⬢", star: "★" };
const STRIP = 30; // px added under each zone box for its tokens

/** Each side's mark: {shape, glyph, n} by side name (n: the colour's number, calc CSS --board-side-n). */
export function marks(sides) {
  return Object.fromEntries(sides.map((s, i) => [s.name ?? s, { shape: SHAPES[i % 6], glyph: GLYPHS[SHAPES[i % 6]], n: i % 6 }]));
}

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text != null) node.textContent = text;
  return node;
}

function shape(kind, x, y, r) {
  if (kind === "circle") return svgEl("circle", { cx: x, cy: y, r });
  if (kind === "square") return svgEl("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r });
  const pts = { triangle: [[0, -1.15], [1.1, 0.85], [-1.1, 0.85]], diamond: [[0, -1.25], [1.25, 0], [0, 1.25], [-1.25, 0]],
    hexagon: [0, 1, 2, 3, 4, 5].map((i) => [Math.cos((Math.PI / 3) * i), Math.sin((Math.PI / 3) * i)]),
    star: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => [(i % 2 ? 0.55 : 1.2) * Math.sin((Math.PI / 5) * i), -(i % 2 ? 0.55 : 1.2) * Math.cos((Math.PI / 5) * i)]) }[kind];
  return svgEl("polygon", { points: pts.map(([a, b]) => `${(x + a * r).toFixed(1)},${(y + b * r).toFixed(1)}`).join(" ") });
}

const initials = (name) => name.split(/\s+/).filter(Boolean).map((w) => w[0]).join("").slice(0, 2).toUpperCase() || "?";

/** The map with tokens: the diagram's zones grown by a strip that holds each zone's actors. */
export function map(diagram, state, side, id, title) {
  const grown = { ...diagram, view_box: [diagram.view_box[0], diagram.view_box[1], diagram.view_box[2], diagram.view_box[3] + STRIP],
    zones: diagram.zones.map((z) => ({ ...z, h: z.h + STRIP, status: { ...z.status, y: z.status.y } })) };
  const svg = drawMap(grown, id, title);
  svg.classList.add("board__map");
  for (const z of grown.zones) {
    const g = svg.querySelector(`.bmap__zone[data-zone="${CSS.escape(z.zone)}"]`);
    const here = [...state.actors.filter((a) => a.zone === z.zone), ...state.things.filter((t) => t.zone === z.zone)];
    here.slice(0, 5).forEach((a, i) => {
      const m = side[a.side] ?? { shape: "diamond", n: "thing" };
      const x = z.x + 16 + i * 29;
      const y = z.y + z.h - 17;
      const t = svgEl("g", { class: `board__token board__token--${m.n}${a.out ? " is-out" : ""}`, "data-token": a.name });
      t.append(svgEl("title", {}, `${a.name}${a.side ? ` (${a.side})` : " (thing)"}${a.out ? ", taken out" : ""}`),
        shape(m.shape, x, y, 12), svgEl("text", { x, y: y + 4 }, initials(a.name)));
      g.append(t);
    });
    if (here.length > 5) g.append(svgEl("text", { class: "bmap__status", x: z.x + z.w - 14, y: z.y + z.h - 12 }, `+${here.length - 5}`));
  }
  return svg;
}

/** What the board draws: rules_core's state and log entries, with the map's zones and borders. */
export const boardOf = (c, state, entries) => ({ state, entries, zones: zoneNames(c.setup.map),
  borders: (c.setup.map.borders ?? []).map((b) => b.between) });

const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function track(ui, name, t) {
  const { el } = ui;
  const marked = new Set(t.marked ?? []);
  const boxes = Array.from({ length: Math.max(t.threshold, ...(t.marked ?? [0])) }, (_, i) => i + 1);
  const defense = t.defense ? ` (defense by ${t.defense.by}; base ${t.base})` : "";
  return el("div", { class: "board__track", "data-track": name },
    el("span", { class: "board__track-name" }, `${name}: threshold ${t.threshold}${defense}`),
    el("span", { class: "board__boxes", role: "img", "aria-label": `boxes marked: ${[...marked].join(", ") || "none"}` },
      ...boxes.map((b) => el("span", { class: `board__box${marked.has(b) ? " is-marked" : ""}${b > t.threshold ? " is-over" : ""}`, "aria-hidden": "true" },
        marked.has(b) ? `☒${b}` : `☐${b}`))));
}

/** The whole play view: where everyone is, then the action form (what a referee taps most),
 * then each actor's tracks, then the log. */
export function draw(view, { ui, wid, diagram, conflict, panel, busy }) {
  const { el } = ui;
  const s = view.state;
  const side = marks(s.sides);
  const aspectsOn = (on, target) => s.aspects.filter((a) => a.on === on && String(a.target) === String(target));
  const aspectText = (a) => `${a.name}${a.free_invokes ? ` (${count(a.free_invokes, "free invoke")})` : ""}`;
  const over = s.over ? el("p", { class: "board__over", "data-out": "over" }, `The conflict is over${s.winner ? `: ${s.winner} win` : ""}` +
    `${s.conceded ? ` (${s.conceded} conceded${s.story ? `: ${s.story}` : ""})` : ""}${s.ended === "table" ? " (ended by the table)" : ""}.`) : null;
  return [
    el("h3", { id: `${wid}-play-title`, tabindex: "-1" }, `Exchange ${s.exchange}`),
    over,
    el("p", { "data-out": "exchange" }, `Acted: ${s.acted.join(", ") || "nobody yet"}. To act: ${s.to_act.join(", ") || "nobody"}` +
      `${s.closed ? " (the exchange is over: the next action opens the next one)" : ""}.`),
    el("figure", { class: "bmap-figure board-map", tabindex: "0" }, diagram ? map(diagram, s, side, `${wid}-live`, "Board") : "",
      el("figcaption", {}, "Each side's tokens share a colour and a shape: ",
        ...s.sides.map((x, i) => el("span", { class: `board__key board__key--${side[x.name].n}` }, `${i ? "; " : ""}${side[x.name].glyph} ${x.name}`)), ".")),
    el("ul", { class: "board__where", "data-out": "where" }, ...view.zones.map((z) => el("li", {}, el("strong", {}, z), ": ",
      [...s.actors.filter((a) => a.zone === z).map((a) => `${side[a.side]?.glyph ?? ""} ${a.name}${a.out ? " (out)" : ""}`),
        ...s.things.filter((t) => t.zone === z).map((t) => `◇ ${t.name}${t.out ? " (beaten)" : ""}`)].join(", ") || "nobody",
      aspectsOn("zone", z).length ? `; aspects: ${aspectsOn("zone", z).map(aspectText).join(", ")}` : ""))),
    s.aspects.some((a) => a.on === "border") ? el("p", {}, "On borders: ", s.aspects.filter((a) => a.on === "border")
      .map((a) => `${aspectText(a)} (${[].concat(a.target).join(" – ")})`).join("; ")) : null,
    el("h4", {}, "Log an action"),
    el("div", { class: "calc__buttons board__kinds" }, ...Object.entries(KINDS).map(([kind, [words]]) =>
      el("button", { type: "button", "data-act": "kind", "data-kind": kind, "data-key": `kind:${kind}`, "aria-expanded": panel?.kind === kind ? "true" : "false",
        disabled: busy || (s.over && kind !== "end") }, words))),
    panel ? panel.node : null,
    el("div", { class: "calc__buttons" },
      el("button", { type: "button", "data-act": "undo", "data-key": "undo", disabled: !conflict.events.length }, "Undo"),
      el("button", { type: "button", "data-act": "redo", "data-key": "redo", disabled: !conflict.redo.length }, "Redo")),
    el("div", { class: "board__cards", "data-out": "actors" }, ...s.actors.map((a) => el("section", { class: `board__card${a.out ? " is-out" : ""}`, "data-actor": a.name },
      el("h4", {}, `${side[a.side]?.glyph ?? ""} ${a.name}`),
      el("p", {}, `${a.side}, in ${a.zone}. ${a.out ? "Taken out." : a.acted ? "Has acted." : "Still to act."}`),
      ...TRACKS.map(([k, label]) => (a.tracks[k] ? track(ui, label, a.tracks[k]) : null)),
      el("p", {}, "Consequences: ", (a.consequences ?? []).map((c) => `${c.name} ${c.value}${c.taken ? " (taken)" : ""}`).join(", ")),
      aspectsOn("actor", a.name).length ? el("p", {}, "Aspects: ", aspectsOn("actor", a.name).map(aspectText).join(", ")) : null)),
    ...s.things.map((t) => el("section", { class: `board__card${t.out ? " is-out" : ""}`, "data-thing": t.name },
      el("h4", {}, `◇ ${t.name}`), el("p", {}, `${t.zone ? `In ${t.zone}. ` : ""}${t.out ? "Beaten." : ""}`), track(ui, "Track", t.track),
      aspectsOn("thing", t.name).length ? el("p", {}, "Aspects: ", aspectsOn("thing", t.name).map(aspectText).join(", ")) : null))),
  ];
}

/** The log as a story, kept in its own box across draws: a tap adds or takes back one line at
 *  the end, so only the lines that changed are touched (a 500-event log is not rebuilt per tap). */
export function syncLog(ui, box, entries) {
  let list = box.querySelector("ol");
  if (!list) box.replaceChildren(ui.el("h4", {}, "Log"), (list = ui.el("ol", { class: "board__log", "data-out": "log" })));
  const lines = list.children;
  let same = 0;
  while (same < lines.length && same < entries.length && lines[same].textContent === entries[same].text) same += 1;
  while (lines.length > same) lines[lines.length - 1].remove();
  list.append(...entries.slice(same).map((e) => ui.el("li", {}, e.text)));
}
