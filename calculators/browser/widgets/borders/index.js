// Border costs (Edgerunner maps): the map drawn, routes, what a move reaches,
// shortfalls and their cover, odds; the map edited, kept, exported, imported.
// Every cost, route, shortfall, cover, range, odds and every check of a map
// comes from rules_core (borders.check, .diagram, .route, .range, .move). The
// parts: svg.js draws, editor.js builds edits, rows.js draws their rows, edits.js wires
// them, answers.js words the move, drag.js drags zones, shared.js the link,
// files.js reads and writes files. The map is kept by the keeper (keeping/).
import { draw, mark } from "../../maps/svg.js";
import { zoneRows, borderRows, wayRows } from "./rows.js";
import { routeLines, noRoute, reachLines } from "./answers.js";
import { render as drawInto, html } from "../../vendor/lit-html/lit-html.js";
import { enableDrag } from "./drag.js";
import { editing } from "./edits.js";
import { sharing } from "./shared.js";
import { plural } from "../../ui.js";
import { receive, typeInto } from "../../handoff.js";
import { drawAsides } from "../../keeping/setaside.js";

const MOVE = ["start", "destination", "mode", "shifts", "skill", "bid", "faces", "die1", "die2", "die3", "die4"];
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export async function mount(root, { engine, ui, options }) {
  const listening = new AbortController(); // dispose() drops every listener at once
  const { signal } = listening;
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
  const form = root.querySelector(".calc__form");
  const staticPart = root.querySelector(".calc__static");
  const out = (name) => root.querySelector(`[data-out="${name}"]`);
  const input = (name) => form.elements.namedItem(name);
  const example = options.examples.find((e) => e.id === options.map) || options.examples[0];

  /** The rules' check and drawing of a map: {ok, result: {map, checked, drawing}} or {ok: false, error}. */
  async function checkMap(map) {
    const [checked, drawing] = await Promise.all([engine.call("borders.check", { map }), engine.call("borders.diagram", { map })]);
    if (!checked.ok) return checked;
    if (!drawing.ok) return drawing;
    return { ok: true, result: { map: checked.result.map, checked: checked.result, drawing: drawing.result } };
  }
  const kept = ui.store.keeper(options.store, {
    fresh: () => example.map, steps: 50, what: "map",
    async check(map) {
      const reply = await checkMap(map);
      if (reply.ok) return { value: reply.result.map, current: reply.result };
      return reply.error.code === "engine" ? { down: reply.error.message } : { problem: reply.error.message };
    },
  });

  const w = {
    ui, engine, form, out, input, options, MOVE, checkMap, wid: root.id, ways: [], wayCount: 0,
    current: null, // {map, checked, drawing}: always a map the rules accepted
    clearEditErrors() {
      const names = [...form.querySelectorAll("[data-field]")].map((f) => f.dataset.field).filter((n) => !MOVE.includes(n));
      ui.clearErrors(form, names);
    },
    /** Check a new map; only if the rules accept it does it replace the current one (and is kept).
     *  replace: the reason the kept map is set aside first (a link). done: what the edit clears (its
     *  fields), run as the map is drawn, not once its route is in: what is typed after stays. */
    async commit(map, where, { note = "", save = true, renamed = null, path = false, replace = null, done = null } = {}) {
      const reply = await checkMap(map);
      w.clearEditErrors();
      if (!reply.ok) {
        const place = path && reply.error.field ? ` (at ${reply.error.field.replace(/^map\.?/, "") || "the top"})` : "";
        ui.showError(form, { ...reply.error, message: reply.error.message + place, field: where(reply.error.field || "") });
        return false;
      }
      let why = null;
      if (replace) {
        const before = kept.value;
        ({ why } = await kept.replace(reply.result.map, replace, note));
        if (why && kept.value === before) {
          ui.showError(form, { field: "import", message: `Nothing was replaced: ${why}.` });
          return false;
        }
      } else if (save) ({ why } = await kept.save(reply.result.map, note));
      w.current = reply.result;
      out("saved").textContent = why ? `${why} Export this one to keep it.` : note;
      done?.();
      render(renamed);
      await w.update();
      return true;
    },
    /** Undo (back) or redo one step, as the keeper keeps them. */
    async step(back) {
      const done = back ? await kept.undo() : await kept.redo();
      if (!done) return;
      if (done.value === undefined) {
        out("saved").textContent = done.error;
        return render();
      }
      w.current = done.view.current;
      out("saved").textContent = `${back ? "Undone" : "Redone"}: ${done.label}${done.error ? ` ${done.error}` : ""}`;
      render();
      await w.update();
    },
    showMode() {
      const mode = input("mode").value;
      for (const part of form.querySelectorAll("[data-when]")) part.hidden = part.dataset.when !== mode;
    },
    /** The new border's ways: one, empty but for a pass value of 1. */
    resetWays() {
      w.ways = [{ id: 0, name: "", pass: "1", back: "" }];
      w.wayCount = 1;
      w.drawWays();
    },
    drawWays: () => drawInto(wayRows(w.wid, w.ways), out("ways")),
    update: ui.latest(async (isStale) => {
      if (!w.current) return;
      const { map } = w.current;
      const [start, destination] = [input("start").value, input("destination").value];
      const roll = input("mode").value === "roll";
      const payload = { map, start, destination, ...ui.readFields(form, ["skill", "bid"]) };
      if (roll) payload.faces = ["die1", "die2", "die3", "die4"].map((d) => input(d).value).join("");
      else payload.shifts = ui.readField(form, "shifts");
      const [route, move] = await Promise.all([engine.call("borders.route", { map, start, destination }), engine.call("borders.move", payload)]);
      const range = route.ok ? null : await engine.call("borders.range", { map, start, destination });
      if (isStale()) return;
      ui.clearErrors(form, MOVE);
      if (route.ok) drawInto(routeLines(route.result, start, destination), out("route"));
      else {
        ui.showError(form, route.error);
        drawInto(noRoute(start, destination, range), out("route"));
      }
      if (move.ok) drawInto(reachLines(move.result, payload, start), out("reach"));
      else ui.showError(form, roll && move.error.field === "shifts" ? { ...move.error, field: "skill" } : move.error);
      out("reach").classList.toggle("calc__result--stale", !move.ok);
      mark(svg, { start, target: destination, move: move.ok ? move.result : null, route: route.ok ? route.result : null });
    }),
  };
  const edit = editing(w);
  w.shared = sharing(w);
  let svg = null;

  const drawn = new WeakSet(); // the selects lit-html draws (their build-time options are cleared once)
  function fillSelect(select, zones, fallback, renamed) {
    let value = select.value;
    if (renamed && value === renamed[0]) value = renamed[1];
    if (!drawn.has(select)) { select.replaceChildren(); drawn.add(select); }
    drawInto(zones.map((z) => html`<option value=${z}>${z}</option>`), select);
    select.value = zones.includes(value) ? value : fallback;
  }

  function render(renamed = null) {
    const { checked, drawing, map } = w.current;
    const zones = checked.zones;
    const title = map.name || "Your map";
    svg = draw(drawing, `${w.wid}-live`, `Map: ${title}`);
    drawInto(html`${svg}<figcaption>${title}: ${plural(zones.length, "zone")} and ${plural(checked.borders.length, "border")} (pass values on the lines; in words below).</figcaption>`, out("diagram"));
    drawInto(html`<p class="bmap-words__zones"><strong>Zones:</strong> ${zones.join(", ")}.</p><ul class="bmap-words">${
      checked.text.length ? checked.text.map((line) => html`<li>${line}</li>`) : html`<li>No borders.</li>`}</ul>`, out("words"));
    if (document.activeElement !== input("map-name")) input("map-name").value = map.name || "";
    for (const box of ["zones", "borders"]) ui.clearErrors(out(box)); // a row's message belongs to the map it was given for
    drawInto(zoneRows(w.wid, zones), out("zones"));
    drawInto(borderRows(w.wid, checked.borders), out("borders"));
    enableDrag(svg, w.current, edit.moveZone, signal);
    fillSelect(input("start"), zones, zones.includes(options.start) ? options.start : zones[0], renamed);
    fillSelect(input("destination"), zones, zones.includes(options.destination) ? options.destination : zones[zones.length - 1], renamed);
    fillSelect(input("from"), zones, zones[0], renamed);
    fillSelect(input("to"), zones, zones[Math.min(1, zones.length - 1)], renamed);
    form.querySelector('[data-act="undo"]').disabled = !kept.canUndo;
    form.querySelector('[data-act="redo"]').disabled = !kept.canRedo;
    drawAsides(out("asides"), kept.slot, { prefix: "border-map-set-aside", what: "maps" });
    staticPart.hidden = true;
  }

  on(form, "click", (event) => {
    const button = event.target.closest("button[data-act]");
    if (button && w.current && edit.actions[button.dataset.act]) edit.actions[button.dataset.act](button);
  });
  on(form, "input", (event) => {
    const row = event.target.closest(".bmap-way"); // a new border's way, kept as typed
    const way = row && w.ways.find((x) => x.id === Number(row.dataset.row));
    if (way) way[event.target.dataset.part] = event.target.value;
    if (!MOVE.includes(event.target.name)) return;
    if (event.target.name === "mode") w.showMode();
    w.update();
  });
  on(form, "change", (event) => w.current && edit.onChange(event.target));
  on(form, "keydown", (event) => {
    const t = event.target;
    if (t.dataset.act === "move-zone" && ARROWS[event.key] && w.current) {
      event.preventDefault();
      edit.moveZone(Number(t.dataset.index), ...ARROWS[event.key]);
    } else if (event.key === "Enter" && t.tagName === "INPUT" && t.type !== "file" && w.current && edit.onEnter(t)) event.preventDefault();
  });
  on(form, "submit", (event) => event.preventDefault());
  on(window, "hashchange", () => w.shared.offer());
  const unwatch = engine.watch((state) => {
    if (state === "failed") staticPart.hidden = false;
  });
  signal.addEventListener("abort", unwatch);
  // A roll from the dice roller on this page: its shifts become the move's shifts.
  receive({
    root, name: "as the border move's shifts", accepts: (roll) => roll.game === "edgerunner",
    take: (roll) => {
      input("mode").value = "shifts";
      w.showMode();
      typeInto(input("shifts"), roll.shifts);
      input("shifts").focus();
      return `Border costs: ${plural(roll.shifts, "shift")} entered as the move's shifts.`;
    },
  }, { signal });
  // Another tab (or widget) kept another map: show it (the keeper adopted it).
  kept.watch(async ({ view, notice }) => {
    if (view?.current) w.current = view.current;
    else if (w.current && kept.value !== w.current.map) {
      const reply = await checkMap(kept.value);
      if (reply.ok) w.current = reply.result;
    }
    if (notice) out("saved").textContent = notice;
    render();
    await w.update();
  }, { signal });

  // ---------------------------------------------------------------- start
  for (const box of ["diagram", "words", "zones", "borders"]) out(box).replaceChildren(); // lit-html draws them from here on
  w.showMode();
  w.resetWays();
  const { notice, view } = await kept.open();
  const mine = view?.current; // a kept map the rules accepted
  await w.commit(mine ? mine.map : example.map, () => "map-error", {
    save: false, note: notice || (mine ? "Your map, as you left it. (Load an example below to start again.)" : ""),
  });
  await w.shared.offer();
  return () => listening.abort();
}
