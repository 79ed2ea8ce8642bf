// The map's edits as the player makes them (buttons, fields, arrows, a file):
// each builds a new map (editor.js) and hands it to w.commit, which asks the rules
// and keeps it only if they accept it. Undo and redo are the keeper's.
import { edits, fieldFor, newBorder, typed } from "./editor.js";
import { exportText, parseText } from "../../maps/files.js";
import { download } from "../../keeping/download.js";

/** The edits of one mounted widget `w` (index.js): {actions, onChange, onEnter, moveZone}. */
export function editing(w) {
  const { form, out, input } = w;
  const map = () => w.current.map;

  async function addBorder() {
    const rows = [...out("ways").querySelectorAll(".bmap-way")];
    const index = map().borders.length;
    await w.commit(edits.addBorder(map(), newBorder(form, rows)), fieldFor.addBorder(index), { note: "Border added.", done: w.resetWays });
  }

  /** A listed border's pass values, edited in place: the rules check the map, a bad value stays in its field with the reason. */
  async function setWay(field) {
    const group = field.closest(".bmap-way-costs");
    const [i, j] = [Number(group.dataset.border), Number(group.dataset.way)];
    const way = w.current.checked.borders[i].ways[j];
    const [pass, back] = ["pass", "back"].map((part) => typed(group.querySelector(`[data-part=${part}]`)));
    if (pass === way.pass && back === (way.back === way.pass ? "" : way.back)) return;
    const [a, b] = w.current.checked.borders[i].between;
    await w.commit(edits.setWay(map(), i, j, pass, back), fieldFor.setWay(i, j), {
      note: `Border ${a} – ${b}${way.name ? ` (${way.name})` : ""}: pass values changed.`,
    });
  }

  async function renameZone(field) {
    const i = Number(field.dataset.zone);
    const old = w.current.checked.zones[i];
    if (field.value.trim() === old) return;
    await w.commit(edits.renameZone(map(), i, field.value), fieldFor.renameZone(i), { note: `Renamed ${old}.`, renamed: [old, field.value.trim()] });
  }

  async function addZone() {
    const field = input("new-zone");
    await w.commit(edits.addZone(map(), field.value, cells()), fieldFor.addZone, { note: "Zone added.", done: () => (field.value = "") });
  }

  /** Where each zone is drawn now: name → [col, row]. */
  const cells = () => Object.fromEntries(w.current.drawing.zones.map((z) => [z.zone, z.cell]));

  function moveZone(index, dc, dr) {
    const name = w.current.checked.zones[index];
    return w.commit(edits.moveZone(map(), cells(), index, dc, dr), fieldFor.moveZone(index), { note: `Moved ${name}.` });
  }

  async function renameMap() {
    const field = input("map-name");
    if (field.value.trim() === (map().name || "")) return;
    await w.commit(edits.renameMap(map(), field.value), fieldFor.renameMap, { note: `The map is now called ${field.value.trim() || "Your map"}.` });
  }

  async function importFile(file) {
    let data;
    try {
      data = await parseText(await file.text(), file.name);
    } catch (error) {
      w.clearEditErrors();
      w.ui.showError(form, { field: "import", message: error.message });
      return;
    }
    await w.commit(data, () => "import", { note: `Imported ${file.name}.`, path: true });
  }

  async function exportAs(format) {
    const { name, type, text } = await exportText(map(), format);
    download(name, text, type);
    out("saved").textContent = `Exported as ${format.toUpperCase()}.`;
  }

  const index = (b) => Number(b.dataset.index);
  const actions = {
    "add-zone": addZone,
    "remove-zone": (b) => w.commit(edits.removeZone(map(), index(b)), fieldFor.removeZone(index(b)), { note: "Zone removed, with its borders." }),
    "remove-border": (b) => w.commit(edits.removeBorder(map(), index(b)), fieldFor.removeBorder(index(b)), { note: "Border removed." }),
    "add-way": () => {
      w.ways.push({ id: w.wayCount++, name: "", pass: "", back: "" });
      w.drawWays();
      out("ways").lastElementChild.querySelector("input").focus();
    },
    "remove-way": (b) => {
      w.ways = w.ways.filter((way) => way.id !== Number(b.dataset.index));
      w.drawWays();
      out("ways").querySelector("input")?.focus();
    },
    "add-border": addBorder,
    "move-zone": (b) => { out("saved").textContent = `Arrow keys move ${w.current.checked.zones[index(b)]} one place on the grid.`; },
    "load-example": () => {
      const example = w.options.examples.find((e) => e.id === input("example").value);
      return w.commit(example.map, () => "example", { note: `Loaded the example map: ${example.title}.` });
    },
    undo: () => w.step(true),
    redo: () => w.step(false),
    "share-link": () => w.shared.link(),
    "open-shared": () => w.shared.open(),
    "keep-mine": () => w.shared.keepMine(),
    "export-json": () => exportAs("json"),
    "export-yaml": () => exportAs("yaml"),
  };

  /** A field left (change): the edit it stands for. */
  function onChange(t) {
    if (t.dataset.zone != null) renameZone(t);
    else if (t.name === "map-name") renameMap();
    else if (t.closest(".bmap-way-costs")) setWay(t);
    else if (t.dataset.act === "switch-way") {
      const [i, j] = [Number(t.dataset.index), Number(t.dataset.way)];
      w.commit(edits.switchWay(map(), i, j, t.checked), fieldFor.switchWay(i, j), { note: `Way switched ${t.checked ? "on" : "off"}.` });
    } else if (t.name === "import" && t.files?.[0]) {
      importFile(t.files[0]).finally(() => { t.value = ""; });
    }
  }

  /** Enter in a field: its edit; false when Enter means nothing there. */
  function onEnter(t) {
    if (t.dataset.zone != null) renameZone(t);
    else if (t.name === "map-name") renameMap();
    else if (t.closest(".bmap-way-costs")) setWay(t);
    else if (t.name === "new-zone") addZone();
    else if (t.closest(".bmap-way")) addBorder();
    else return false;
    return true;
  }

  return { actions, onChange, onEnter, moveZone };
}
