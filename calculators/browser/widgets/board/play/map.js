// The board drawn from rules_core's state (board.replay / apply / at): the
// exchange and who has acted, the map with a token per actor (one colour AND
// one shape per side), the tracks, the aspects with their free invokes, the
// log as a story. Geometry comes from borders.diagram; nothing here is a rule.
// The map is an SVG built once per state (tokens move); everything else is a
// lit-html template (play.js), so a tap redraws only what changed.
import { draw as drawMap } from "../../maps/svg.js";
import { zoneNames } from "./draft.js";

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

/** The map with tokens: the diagram's zones grown by a strip that holds each zone's actors.
 *  `chosen`: the sheet's target (its token ringed); `reach`: zone → reachable (lit). */
export function map(diagram, state, side, id, title, { chosen = null, reach = {} } = {}) {
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
      const t = svgEl("g", { class: `board__token board__token--${m.n}${a.out ? " is-out" : ""}${a.name === chosen ? " is-chosen" : ""}`, "data-token": a.name });
      t.append(svgEl("title", {}, `${a.name}${a.side ? ` (${a.side})` : " (thing)"}${a.out ? ", taken out" : ""}`),
        shape(m.shape, x, y, 12), svgEl("text", { x, y: y + 4 }, initials(a.name)));
      g.append(t);
    });
    if (reach[z.zone]) g.classList.add("is-reach");
    if (here.length > 5) g.append(svgEl("text", { class: "bmap__status", x: z.x + z.w - 14, y: z.y + z.h - 12 }, `+${here.length - 5}`));
  }
  return svg;
}

/** The map as it stands: the setup's, with the pass values a beaten border's event changed. */
export function currentMap(map, passes = []) {
  if (!passes?.length) return map;
  const key = (pair) => JSON.stringify([...pair].sort());
  const changed = new Map(passes.map((p) => [key(p.between), p.pass]));
  return { ...map, borders: (map.borders ?? []).map((b) => (changed.has(key(b.between)) ? { between: b.between, pass: changed.get(key(b.between)) } : b)) };
}

/** What the board draws: rules_core's state and log entries, with the map's zones and borders. */
export const boardOf = (c, state, entries) => ({ state, entries, zones: zoneNames(c.setup.map),
  borders: (c.setup.map.borders ?? []).map((b) => b.between) });
