// The map drawn as SVG from borders.diagram's reply (the same markup the build
// writes in calculators/pages/widgets/borders.py), and marks for a move: the route,
// what the shifts reach, what is short. Positions and words all come from rules_core.
import { html, render, svg as part } from "../vendor/lit-html/lit-html.js";

/** Each drawn map's sentence without a route (mark() adds the route to it). */
const about = new WeakMap();

/** A border: its line and its ways' labels (a way switched off is marked). */
const borderPart = (border) => part`<g class="bmap__border" data-a=${border.between[0]} data-b=${border.between[1]}>
  <path d=${border.path}></path>${border.labels.map((label) => part`<text
  class=${label.on ? "bmap__label" : "bmap__label bmap__label--off"} x=${label.x} y=${label.y}
  data-way=${label.way}>${label.text}</text>`)}</g>`;

/** A zone: its box, its name's lines and an empty status (mark() fills it). */
const zonePart = (zone) => part`<g class="bmap__zone" data-zone=${zone.zone}><title>${zone.zone}</title>
  <rect x=${zone.x} y=${zone.y} width=${zone.w} height=${zone.h} rx="6"></rect>${zone.lines.map((line) =>
    part`<text class="bmap__name" x=${line.x} y=${line.y}>${line.text}</text>`)}<text class="bmap__status"
  x=${zone.status.x} y=${zone.status.y}></text></g>`;

/** An <svg> for a diagram ({view_box, zones, borders, description}), labelled by `title`. */
export function draw(drawing, id, title) {
  const [x, y, w, h] = drawing.view_box;
  const box = document.createDocumentFragment();
  render(html`<svg class="bmap" viewBox=${`${x} ${y} ${w} ${h}`} width=${w} height=${h} role="img"
    aria-labelledby=${`${id}-title`} aria-describedby=${`${id}-desc`}><title id=${`${id}-title`}>${title}</title>
    <desc id=${`${id}-desc`}>${drawing.description}</desc>
    <g class="bmap__borders">${drawing.borders.map(borderPart)}</g>
    <g class="bmap__zones">${drawing.zones.map(zonePart)}</g></svg>`, box);
  const svg = box.firstElementChild;
  about.set(svg, drawing.description);
  return svg;
}

/** Mark a drawn map with a move's reply (borders.move) and the chosen route (borders.route, or null). */
export function mark(svg, { start, target, move, route }) {
  if (!svg) return;
  const zones = new Map((move?.zones || []).map((z) => [z.zone, z]));
  const onRoute = new Set(route ? route.zones : []);
  for (const g of svg.querySelectorAll(".bmap__zone")) {
    const name = g.dataset.zone;
    const z = zones.get(name);
    const status = g.querySelector(".bmap__status");
    g.classList.toggle("is-start", name === start);
    g.classList.toggle("is-target", name === target);
    g.classList.toggle("is-route", onRoute.has(name));
    g.classList.toggle("is-reach", !!z && z.reachable && name !== start);
    g.classList.toggle("is-short", !!z && !z.reachable);
    status.textContent = z ? z.status_text : name === start ? "start" : ""; // no move yet: the start alone
  }
  const desc = svg.querySelector("desc");
  if (desc) {
    if (!about.has(svg)) about.set(svg, desc.textContent);
    const path = route?.zones.length > 1 ? ` Highlighted route: ${route.zones.join(" → ")}, cost ${route.cost}.` : "";
    desc.textContent = about.get(svg) + path;
  }
  const used = new Map((route ? route.crossings : []).map((c) => [[c.from, c.to].sort().join("\u0000"), c.way]));
  for (const g of svg.querySelectorAll(".bmap__border")) {
    const key = [g.dataset.a, g.dataset.b].sort().join("\u0000");
    g.classList.toggle("is-route", used.has(key));
    for (const label of g.querySelectorAll(".bmap__label")) {
      label.classList.toggle("is-used", used.has(key) && used.get(key) === label.dataset.way);
    }
  }
}
