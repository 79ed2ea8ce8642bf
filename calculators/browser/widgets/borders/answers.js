// The move's answers in words: the cheapest route and what a move reaches (the
// rules' replies to borders.route and borders.move, drawn). No rule is computed here.
import { plural, signed } from "../../ui.js";

export function routeLines(ui, r, start, destination) {
  if (start === destination) return [ui.el("p", { class: "calc__answer" }, `From ${start} to itself: cost 0, range 0.`)];
  return [
    ui.el("p", { class: "calc__answer" }, "Cheapest route: ", ui.el("strong", {}, plural(r.cost, "shift")),
      `, crossing ${plural(r.borders, "border")}; range ${plural(r.range, "border")}.`),
    ui.el("ol", { class: "bmap-path" }, r.crossings.map((c) =>
      ui.el("li", {}, `${c.from} → ${c.to}: ${c.cost}${c.way ? ` (${c.way})` : ""}`))),
  ];
}

export function noRoute(ui, start, destination, range) {
  return ui.el("p", { class: "calc__answer" },
    `No route from ${start} to ${destination} with the ways switched on.`,
    range?.ok ? ` Range: ${plural(range.result.range, "border")}.` : "");
}

export function reachLines(ui, r, payload, start) {
  const roll = r.dice == null ? "" : ` (skill ${payload.skill} ${signed(r.dice)} on the dice${payload.bid ? ` − bid ${payload.bid}` : ""})`;
  const lines = [
    ui.el("p", { class: "calc__answer" }, ui.el("strong", {}, `${plural(r.shifts, "shift")}${roll}`), ": ",
      r.reachable.length ? `reach ${r.reachable.join(", ")}.` : "reach no other zone."),
  ];
  const t = r.destination;
  if (t && t.zone !== start) {
    let text;
    if (t.cost == null) text = `${t.zone}: no way through with the ways switched on.`;
    else if (t.reachable) text = `${t.zone} is within reach (cost ${t.cost}).`;
    else text = `${t.zone}: short by ${t.shortfall} (cost ${t.cost}). Cover: ${t.cover_text}.`;
    lines.push(ui.el("p", { "data-out": "destination" }, text));
    if (t.odds) {
      const p = t.odds.probability;
      lines.push(ui.el("p", { "data-out": "odds" }, `Odds that skill ${payload.skill} + 4dF${payload.bid ? ` − ${payload.bid}` : ""} reaches ${t.cost}: `,
        ui.el("strong", { title: `exactly ${p.exact}` }, p.percent), ` (${p.exact}; the dice must show ${signed(t.odds.needed)} or more).`));
    }
  }
  const rows = r.zones.filter((z) => z.zone !== start).map((z) =>
    ui.el("tr", { "data-zone": z.zone },
      ui.el("th", { scope: "row" }, z.zone),
      ui.el("td", { "data-label": "Cost" }, z.cost == null ? "–" : String(z.cost)),
      ui.el("td", { "data-label": "Range" }, z.range == null ? "–" : String(z.range)),
      ui.el("td", { "data-label": "Short by" }, z.cost == null ? "no way" : z.reachable ? "0 ✓" : String(z.shortfall)),
      ui.el("td", { "data-label": "Cover it with" }, z.cover_text)));
  if (rows.length) {
    lines.push(ui.el("div", { class: "bmap-scroll" }, ui.el("table", { class: "calc__table calc__table--stack bmap-reach" },
      ui.el("caption", {}, `From ${start}`),
      ui.el("thead", {}, ui.el("tr", {}, ["Zone", "Cost", "Range", "Short by", "Cover it with"].map((h) => ui.el("th", { scope: "col" }, h)))),
      ui.el("tbody", {}, rows))));
  }
  return lines;
}
