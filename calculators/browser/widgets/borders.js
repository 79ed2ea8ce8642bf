// Border costs (Edgerunner maps): the map drawn, routes, what a move reaches,
// shortfalls and their cover, odds; the map edited, kept, exported, imported.
// Every cost, route, shortfall, cover, range, odds and every check of a map
// comes from rules_core (borders.check, .diagram, .route, .range, .move).
import { draw, mark } from "./borders/svg.js";
import { edits, fieldFor, zoneRows, borderRows, wayRow, newBorder, typed } from "./borders/editor.js";
import { exportText, parseText } from "./borders/files.js";
import { download } from "../store.js";
import { signed } from "../ui.js";
import { receive, typeInto } from "../handoff.js";
import * as share from "../share.js";

const SHARE = "borders"; // the link's #borders=…
const SHARE_FORMAT = "conflict-table/border-map";

const MOVE = ["start", "destination", "mode", "shifts", "skill", "bid", "faces", "die1", "die2", "die3", "die4"];

export async function mount(root, { engine, ui, options }) {
  const form = root.querySelector(".calc__form");
  const staticPart = root.querySelector(".calc__static");
  const out = (name) => root.querySelector(`[data-out="${name}"]`);
  const input = (name) => form.elements.namedItem(name);
  const wid = root.id;
  let current = null; // {map, checked, drawing}: always a map the rules accepted
  const store = ui.store.slot(options.store);
  const steps = new ui.store.History({}, 50); // maps before (undo) and after (redo) each change
  let svg = null;
  let wayCount = 0;

  // ---------------------------------------------------------------- the map

  async function checkMap(map) {
    const [checked, drawing] = await Promise.all([
      engine.call("borders.check", { map }),
      engine.call("borders.diagram", { map }),
    ]);
    if (!checked.ok) return checked;
    if (!drawing.ok) return drawing;
    return { ok: true, result: { map: checked.result.map, checked: checked.result, drawing: drawing.result } };
  }

  function clearEditErrors() {
    const names = [...form.querySelectorAll("[data-field]")].map((f) => f.dataset.field).filter((n) => !MOVE.includes(n));
    ui.clearErrors(form, names);
  }

  /** Check a new map; only if the rules accept it does it replace the current one (and get saved). */
  async function commit(map, where, { note = "", save = true, undoable = true, renamed = null, path = false, step = null } = {}) {
    const reply = await checkMap(map);
    clearEditErrors();
    if (!reply.ok) {
      const place = path && reply.error.field ? ` (at ${reply.error.field.replace(/^map\.?/, "") || "the top"})` : "";
      ui.showError(form, { ...reply.error, message: reply.error.message + place, field: where(reply.error.field || "") });
      return false;
    }
    if (step) step(current.map);
    else if (undoable && current) steps.record(current.map, note);
    current = reply.result;
    const why = save ? store.write(current.map) : null;
    out("saved").textContent = why ? `This browser would not keep the map (${why}): the last saved one stays. Export this one to keep it.` : note;
    renderMap(renamed);
    await update();
    return true;
  }

  function fillSelect(select, zones, fallback, renamed) {
    let value = select.value;
    if (renamed && value === renamed[0]) value = renamed[1];
    select.replaceChildren(...zones.map((z) => ui.el("option", { value: z }, z)));
    select.value = zones.includes(value) ? value : fallback;
  }

  function renderMap(renamed) {
    const { checked, drawing, map } = current;
    const zones = checked.zones;
    const title = map.name || "Your map";
    svg = draw(drawing, `${wid}-live`, `Map: ${title}`);
    out("diagram").replaceChildren(svg, ui.el("figcaption", {},
      `${title}: ${plural(zones.length, "zone")} and ${plural(checked.borders.length, "border")} (pass values on the lines; in words below).`));
    out("words").replaceChildren(
      ui.el("p", { class: "bmap-words__zones" }, ui.el("strong", {}, "Zones:"), ` ${zones.join(", ")}.`),
      ui.el("ul", { class: "bmap-words" }, checked.text.length ? checked.text.map((line) => ui.el("li", {}, line)) : ui.el("li", {}, "No borders.")));
    if (document.activeElement !== input("map-name")) input("map-name").value = map.name || "";
    const active = /** @type {HTMLInputElement | null} */ (document.activeElement);
    const focused = active?.name;
    const moving = active?.dataset?.action === "move-zone" ? active.dataset.index : null;
    out("zones").replaceChildren(...zoneRows(ui, wid, zones));
    out("borders").replaceChildren(...borderRows(ui, wid, checked.borders));
    if (focused && /^(zone-\d+|border-\d+-way-\d+-(pass|back))$/.test(focused)) input(focused)?.focus();
    if (moving != null) form.querySelector(`[data-action="move-zone"][data-index="${moving}"]`)?.focus();
    enableDrag();
    const first = zones.includes(options.start) ? options.start : zones[0];
    const last = zones.includes(options.destination) ? options.destination : zones[zones.length - 1];
    fillSelect(input("start"), zones, first, renamed);
    fillSelect(input("destination"), zones, last, renamed);
    fillSelect(input("from"), zones, zones[0], renamed);
    fillSelect(input("to"), zones, zones[Math.min(1, zones.length - 1)], renamed);
    form.querySelector('[data-action="undo"]').disabled = !steps.canUndo;
    form.querySelector('[data-action="redo"]').disabled = !steps.canRedo;
    staticPart.hidden = true;
  }

  function resetWays() {
    wayCount = 1;
    out("ways").replaceChildren(wayRow(ui, wid, 0, false));
  }

  // ---------------------------------------------------------------- the move

  function showMode() {
    const mode = input("mode").value;
    for (const part of form.querySelectorAll("[data-when]")) part.hidden = part.dataset.when !== mode;
  }

  const update = ui.latest(async (isStale) => {
    if (!current) return;
    const map = current.map;
    const start = input("start").value;
    const destination = input("destination").value;
    const roll = input("mode").value === "roll";
    const payload = { map, start, destination, ...ui.readFields(form, ["skill", "bid"]) };
    if (roll) payload.faces = ["die1", "die2", "die3", "die4"].map((d) => input(d).value).join("");
    else payload.shifts = ui.readField(form, "shifts");
    const [route, move] = await Promise.all([
      engine.call("borders.route", { map, start, destination }),
      engine.call("borders.move", payload),
    ]);
    const range = route.ok ? null : await engine.call("borders.range", { map, start, destination });
    if (isStale()) return;
    ui.clearErrors(form, MOVE);
    if (route.ok) out("route").replaceChildren(...routeLines(route.result, start, destination));
    else {
      ui.showError(form, route.error);
      out("route").replaceChildren(ui.el("p", { class: "calc__answer" },
        `No route from ${start} to ${destination} with the ways switched on.`,
        range?.ok ? ` Range: ${plural(range.result.range, "border")}.` : ""));
    }
    if (move.ok) out("reach").replaceChildren(...reachLines(move.result, payload, start, destination));
    else ui.showError(form, roll && move.error.field === "shifts" ? { ...move.error, field: "skill" } : move.error);
    out("reach").classList.toggle("calc__result--stale", !move.ok);
    mark(svg, { start, target: destination, move: move.ok ? move.result : null, route: route.ok ? route.result : null });
  });

  function routeLines(r, start, destination) {
    if (start === destination) return [ui.el("p", { class: "calc__answer" }, `From ${start} to itself: cost 0, range 0.`)];
    return [
      ui.el("p", { class: "calc__answer" }, "Cheapest route: ", ui.el("strong", {}, plural(r.cost, "shift")),
        `, crossing ${plural(r.borders, "border")}; range ${plural(r.range, "border")}.`),
      ui.el("ol", { class: "bmap-path" }, r.crossings.map((c) =>
        ui.el("li", {}, `${c.from} → ${c.to}: ${c.cost}${c.way ? ` (${c.way})` : ""}`))),
    ];
  }

  function reachLines(r, payload, start, destination) {
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

  // ---------------------------------------------------------------- events

  async function addBorder() {
    const rows = [...out("ways").querySelectorAll(".bmap-way")];
    const index = current.map.borders.length;
    if (await commit(edits.addBorder(current.map, newBorder(form, rows)), fieldFor.addBorder(index), { note: "Border added." })) resetWays();
  }

  /** A listed border's pass values, edited in place: the rules check the map, a bad value stays in its field with the reason. */
  async function setWay(field) {
    const group = field.closest(".bmap-way-costs");
    const [i, j] = [Number(group.dataset.border), Number(group.dataset.way)];
    const way = current.checked.borders[i].ways[j];
    const [pass, back] = ["pass", "back"].map((part) => typed(group.querySelector(`[data-part=${part}]`)));
    if (pass === way.pass && back === (way.back === way.pass ? "" : way.back)) return;
    const [a, b] = current.checked.borders[i].between;
    await commit(edits.setWay(current.map, i, j, pass, back), fieldFor.setWay(i, j), {
      note: `Border ${a} – ${b}${way.name ? ` (${way.name})` : ""}: pass values changed.`,
    });
  }

  async function renameZone(field) {
    const i = Number(field.dataset.zone);
    const old = current.checked.zones[i];
    if (field.value.trim() === old) return;
    await commit(edits.renameZone(current.map, i, field.value), fieldFor.renameZone(i), {
      note: `Renamed ${old}.`, renamed: [old, field.value.trim()],
    });
  }

  async function addZone() {
    const field = input("new-zone");
    if (await commit(edits.addZone(current.map, field.value, cells()), fieldFor.addZone, { note: "Zone added." })) field.value = "";
  }

  /** Where each zone is drawn now: name → [col, row]. */
  const cells = () => Object.fromEntries(current.drawing.zones.map((z) => [z.zone, z.cell]));

  function moveZone(index, dc, dr) {
    const name = current.checked.zones[index];
    return commit(edits.moveZone(current.map, cells(), index, dc, dr), fieldFor.moveZone(index), { note: `Moved ${name}.` });
  }

  async function renameMap() {
    const field = input("map-name");
    if (field.value.trim() === (current.map.name || "")) return;
    await commit(edits.renameMap(current.map, field.value), fieldFor.renameMap, { note: `The map is now called ${field.value.trim() || "Your map"}.` });
  }

  /** Drag a zone's box on the drawn map to another grid cell (the keyboard way: its Move button and the arrows). */
  function enableDrag() {
    if (!svg) return;
    const { drawing } = current;
    for (const g of svg.querySelectorAll(".bmap__zone")) {
      g.addEventListener("pointerdown", (down) => {
        if (down.button !== 0) return;
        const index = current.checked.zones.indexOf(g.dataset.zone);
        const zone = drawing.zones.find((z) => z.zone === g.dataset.zone);
        const others = drawing.zones.filter((z) => z !== zone);
        // one grid step = the distance between neighbouring cells, from the drawing itself
        const dx = others.find((z) => z.cell[1] === zone.cell[1] && z.cell[0] !== zone.cell[0]);
        const dy = others.find((z) => z.cell[0] === zone.cell[0] && z.cell[1] !== zone.cell[1]);
        const colStep = dx ? Math.abs(dx.x - zone.x) / Math.abs(dx.cell[0] - zone.cell[0]) : zone.w * 1.5;
        const rowStep = dy ? Math.abs(dy.y - zone.y) / Math.abs(dy.cell[1] - zone.cell[1]) : zone.h * 1.8;
        const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
        g.setPointerCapture(down.pointerId);
        g.classList.add("is-dragging");
        const moveTo = (e) => g.setAttribute("transform", `translate(${(e.clientX - down.clientX) * scale} ${(e.clientY - down.clientY) * scale})`);
        const up = (e) => {
          g.removeEventListener("pointermove", moveTo);
          g.classList.remove("is-dragging");
          g.removeAttribute("transform");
          const dc = Math.round(((e.clientX - down.clientX) * scale) / colStep);
          const dr = Math.round(((e.clientY - down.clientY) * scale) / rowStep);
          if (dc || dr) moveZone(index, dc, dr);
        };
        g.addEventListener("pointermove", moveTo);
        g.addEventListener("pointerup", up, { once: true });
        down.preventDefault();
      });
    }
  }

  // ---------------------------------------------------------------- a share link (share.js)

  let sharedData = null;

  async function offerShared() {
    const got = await share.received(SHARE);
    if (!got) return;
    let data = null;
    let problem = got.problem;
    if (!problem) {
      try {
        data = JSON.parse(got.text);
      } catch {
        problem = "it is not readable JSON";
      }
    }
    if (!problem && (!data || typeof data !== "object" || data.format !== SHARE_FORMAT || !data.map)) problem = "it does not carry a border map";
    if (problem) {
      share.forget(SHARE);
      out("share").textContent = `The link carries a map that can't be read (${problem}). Nothing was changed.`;
      return;
    }
    sharedData = data;
    const name = typeof data.map.name === "string" ? `“${data.map.name.slice(0, 60)}”` : "a map";
    out("share").replaceChildren(`This link carries ${name}. Opening it sets your own map aside (kept, to download). `,
      ui.el("button", { type: "button", class: "calc__primary", "data-action": "open-shared" }, "Open it"), " ",
      ui.el("button", { type: "button", "data-action": "keep-mine" }, "Keep mine"));
  }

  async function openShared() {
    if (!sharedData) return;
    const reply = await checkMap(sharedData.map); // the rules' check, as for an import
    clearEditErrors();
    if (!reply.ok) {
      const where = reply.error.field ? ` (at ${reply.error.field.replace(/^map\.?/, "") || "the top"})` : "";
      ui.showError(form, { field: "import", message: `The shared map can't be used: ${reply.error.message.replace(/\.$/, "")}${where}. Nothing was changed.` });
      return;
    }
    const mine = store.text();
    if (mine != null && !store.setAside(mine, "replaced by a shared link", { hold: false })) {
      ui.showError(form, { field: "import", message: "There is no room in this browser to set your map aside first, so nothing was replaced (export it, then try again)." });
      return;
    }
    const move = sharedData.move && typeof sharedData.move === "object" ? { ...sharedData.move } : {};
    if (move.destination === undefined) move.destination = move.target; // links made before the field was renamed from "target"
    sharedData = null;
    share.forget(SHARE);
    if (!await commit(reply.result.map, () => "import", { note: "Opened the shared map; yours was set aside (download it below)." })) return;
    for (const name of MOVE) {
      const field = input(name);
      if (field && typeof move[name] === "string" && field.type !== "file") field.value = move[name];
    }
    showMode();
    out("share").textContent = "";
    ui.store.drawAsides(ui, out("asides"), store, { prefix: "border-map-set-aside", what: "maps" });
    await update();
  }

  async function importFile(file) {
    let data;
    try {
      data = await parseText(await file.text(), file.name);
    } catch (error) {
      clearEditErrors();
      ui.showError(form, { field: "import", message: error.message });
      return;
    }
    await commit(data, () => "import", { note: `Imported ${file.name}.`, path: true });
  }

  const actions = {
    "add-zone": addZone,
    "remove-zone": (b) => commit(edits.removeZone(current.map, Number(b.dataset.index)), fieldFor.removeZone(Number(b.dataset.index)), { note: "Zone removed, with its borders." }),
    "remove-border": (b) => commit(edits.removeBorder(current.map, Number(b.dataset.index)), fieldFor.removeBorder(Number(b.dataset.index)), { note: "Border removed." }),
    "add-way": () => {
      const rows = out("ways");
      rows.append(wayRow(ui, wid, wayCount++, true));
      rows.lastElementChild.querySelector("input").focus();
    },
    "remove-way": (b) => {
      b.closest(".bmap-way").remove();
      out("ways").querySelector("input")?.focus();
    },
    "add-border": addBorder,
    "move-zone": (b) => { out("saved").textContent = `Arrow keys move ${current.checked.zones[Number(b.dataset.index)]} one place on the grid.`; },
    "load-example": () => {
      const example = options.examples.find((e) => e.id === input("example").value);
      return commit(example.map, () => "example", { note: `Loaded the example map: ${example.title}.` });
    },
    undo: () => {
      const last = steps.past.at(-1);
      return last && commit(last.state, () => "undo", { note: `Undone: ${last.label || "the last change"}`, step: (now) => steps.undo(now) });
    },
    redo: () => {
      const next = steps.future.at(-1);
      return next && commit(next.state, () => "redo", { note: `Redone: ${next.label || "the change"}`, step: (now) => steps.redo(now) });
    },
    "share-link": async () => {
      const move = Object.fromEntries(MOVE.map((name) => [name, input(name)?.value]).filter(([, v]) => typeof v === "string" && v !== ""));
      const url = await share.link(SHARE, { format: SHARE_FORMAT, version: 1, map: current.map, move });
      const { copied, box, code } = await share.offer(ui.el, url);
      out("share").replaceChildren(copied ? "The link was copied. It opens this map and move as they are now. " : "Copy this link; it opens this map and move as they are now. ", box, code);
      box.select();
    },
    "open-shared": openShared,
    "keep-mine": () => {
      share.forget(SHARE);
      sharedData = null;
      out("share").textContent = "The shared map was not opened; yours is as it was.";
    },
    "export-json": async () => { save(await exportText(current.map, "json")); out("saved").textContent = "Exported as JSON."; },
    "export-yaml": async () => { save(await exportText(current.map, "yaml")); out("saved").textContent = "Exported as YAML."; },
  };

  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button && current && actions[button.dataset.action]) actions[button.dataset.action](button);
  });
  form.addEventListener("input", (event) => {
    if (MOVE.includes(event.target.name)) {
      if (event.target.name === "mode") showMode();
      update();
    }
  });
  form.addEventListener("change", (event) => {
    const t = event.target;
    if (!current) return;
    if (t.dataset.zone != null) renameZone(t);
    else if (t.name === "map-name") renameMap();
    else if (t.closest(".bmap-way-costs")) setWay(t);
    else if (t.dataset.action === "switch-way") {
      const [i, j] = [Number(t.dataset.index), Number(t.dataset.way)];
      commit(edits.switchWay(current.map, i, j, t.checked), fieldFor.switchWay(i, j), { note: `Way switched ${t.checked ? "on" : "off"}.` });
    } else if (t.name === "import" && t.files?.[0]) {
      importFile(t.files[0]).finally(() => { t.value = ""; });
    }
  });
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  form.addEventListener("keydown", (event) => {
    const t = event.target;
    if (t.dataset.action === "move-zone" && ARROWS[event.key] && current) {
      event.preventDefault();
      moveZone(Number(t.dataset.index), ...ARROWS[event.key]);
      return;
    }
    if (event.key !== "Enter" || event.target.tagName !== "INPUT" || event.target.type === "file") return;
    if (t.dataset.zone != null) renameZone(t);
    else if (t.name === "map-name") renameMap();
    else if (t.closest(".bmap-way-costs")) setWay(t);
    else if (t.name === "new-zone") addZone();
    else if (t.closest(".bmap-way")) addBorder();
    else return;
    event.preventDefault();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  const unwatch = engine.watch((state) => {
    if (state === "failed") staticPart.hidden = false;
  });
  // A roll from the dice roller on this page: its shifts become the move's shifts.
  const handing = new AbortController();
  receive({
    root, name: "as the border move's shifts",
    accepts: (roll) => roll.game === "edgerunner",
    take: (roll) => {
      input("mode").value = "shifts";
      showMode();
      typeInto(input("shifts"), roll.shifts);
      input("shifts").focus();
      return `Border costs: ${plural(roll.shifts, "shift")} entered as the move's shifts.`;
    },
  }, { signal: handing.signal });

  // ---------------------------------------------------------------- start

  showMode();
  resetWays();
  const example = options.examples.find((e) => e.id === options.map) || options.examples[0];
  const stored = store.read();
  let note = stored.blocked ? `The map can't be kept here: ${stored.blocked}.` : "";
  let first = example.map;
  let bad = stored.problem;
  if (stored.value !== undefined && !bad) {
    const reply = await checkMap(stored.value);
    if (reply.ok) {
      first = stored.value;
      note = "Your map, as you left it. (Load an example below to start again.)";
    } else if (reply.error.code !== "engine") bad = reply.error.message.replace(/\.$/, "");
    else note = `${reply.error.message} Your saved map is kept as it is.`;
  }
  if (bad) {
    const kept = store.putAside(stored.text, bad);
    note = `Your saved map could not be used (${bad}); showing the example. ` +
      (kept ? "It was set aside, not deleted: download it below." : "There is no room to set it aside: download it below before you change this map.");
  }
  const asides = out("asides");
  const showAsides = () => ui.store.drawAsides(ui, asides, store, { prefix: "border-map-set-aside", what: "maps" });
  showAsides();
  await commit(first, () => "map-error", { note, save: false, undoable: false });
  await offerShared();
  window.addEventListener("hashchange", offerShared);
  return () => {
    window.removeEventListener("hashchange", offerShared);
    unwatch();
    handing.abort();
  };
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Offer an exported map as a file (store.download). */
function save({ name, type, text }) {
  download(name, text, type);
}

