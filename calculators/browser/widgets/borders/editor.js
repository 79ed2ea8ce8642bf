// Editing a map: the edits as plain data changes (the rules check the result:
// borders.check), and where an error the rules name ("map.borders[2].ways[1].pass")
// belongs among the fields they are made with (rows.js draws those). store.js makes them edits.
export const zoneName = (zone) => (typeof zone === "string" ? zone : zone.name);

const copy = (map) => JSON.parse(JSON.stringify(map));

/** Every zone pinned to the grid cell it is drawn in (cells: zone name → [col, row], from borders.diagram). */
function pinned(map, cells) {
  const next = copy(map);
  next.zones = next.zones.map((z) => {
    const name = zoneName(z);
    return cells[name] ? { name, at: [...cells[name]] } : z;
  });
  return next;
}

/** The first free cell, row by row, in a grid as wide as the map already is (at least 2 columns). */
function freeCell(cells) {
  const taken = new Set(Object.values(cells).map(([c, r]) => `${c},${r}`));
  const cols = Math.max(2, ...Object.values(cells).map(([c]) => c + 1));
  for (let i = 0; ; i++) {
    const cell = [i % cols, Math.floor(i / cols)];
    if (!taken.has(cell.join(","))) return cell;
  }
}

/** The edits: each takes the current map and returns a new one (the old one is never touched). */
export const edits = {
  /** A new zone goes in the first free cell of the grid (the others keep their places). */
  addZone(map, name, cells = null) {
    if (!cells) {
      const next = copy(map);
      next.zones.push(name);
      return next;
    }
    const next = pinned(map, cells);
    next.zones.push({ name, at: freeCell(cells) });
    return next;
  },
  /** Move a zone one cell (dc, dr); a zone already there takes its old place. Nothing goes left of column 0 or above row 0. */
  moveZone(map, cells, index, dc, dr) {
    const next = pinned(map, cells);
    const zone = next.zones[index];
    const from = zone.at;
    const to = [Math.max(0, from[0] + dc), Math.max(0, from[1] + dr)];
    const other = next.zones.find((z) => z !== zone && z.at && z.at[0] === to[0] && z.at[1] === to[1]);
    if (other) other.at = [...from];
    zone.at = to;
    return next;
  },
  renameMap(map, name) {
    const next = copy(map);
    next.name = name.trim();
    if (!next.name) delete next.name;
    return next;
  },
  renameZone(map, index, name) {
    const next = copy(map);
    const old = zoneName(next.zones[index]);
    next.zones[index] = typeof next.zones[index] === "string" ? name : { ...next.zones[index], name };
    for (const border of next.borders) border.between = border.between.map((z) => (z === old ? name : z));
    return next;
  },
  /** Removes the zone and the borders that touch it. */
  removeZone(map, index) {
    const next = copy(map);
    const [gone] = next.zones.splice(index, 1);
    next.borders = next.borders.filter((b) => !b.between.includes(zoneName(gone)));
    return next;
  },
  addBorder(map, border) {
    const next = copy(map);
    next.borders.push(border);
    return next;
  },
  removeBorder(map, index) {
    const next = copy(map);
    next.borders.splice(index, 1);
    return next;
  },
  /** Set way `way` of border `index` to cost `pass` across from its first zone, and `back` from its second
   *  ("" for the same both ways), in place: the border keeps its place, zones and other ways. */
  setWay(map, index, way, pass, back) {
    const next = copy(map);
    const border = next.borders[index];
    const target = border.ways ? border.ways[way] : border;
    target.pass = pass;
    if (back === "") delete target.back;
    else target.back = back;
    return next;
  },
  /** Switch way `way` of border `index` on or off (a border without named ways has one way: itself). */
  switchWay(map, index, way, on) {
    const next = copy(map);
    const border = next.borders[index];
    const target = border.ways ? border.ways[way] : border;
    if (on) delete target.off;
    else target.off = true;
    return next;
  },
};

/** Which field of the form a rules error about the map belongs to, for each kind of edit. */
export const fieldFor = {
  addZone: () => "new-zone",
  moveZone: (index) => () => `zone-${index}`,
  renameMap: () => "map-name",
  renameZone: (index) => () => `zone-${index}`,
  removeZone: (index) => () => `zone-${index}`,
  switchWay: (index, way) => () => `border-${index}-way-${way}`,
  removeBorder: (index) => () => `border-${index}`,
  setWay: (index, way) => (field) => {
    const part = field.match(/^map\.borders\[(\d+)\](?:\.ways\[\d+\])?\.(pass|back)$/);
    return part && Number(part[1]) === index ? `border-${index}-way-${way}-${part[2]}` : `border-${index}`;
  },
  addBorder: (index) => (field) => {
    const rest = field.startsWith(`map.borders[${index}]`) ? field.slice(`map.borders[${index}]`.length) : null;
    if (rest == null) return "new-border";
    if (rest === ".between[0]") return "from";
    if (rest.startsWith(".between")) return "to";
    const way = rest.match(/^\.ways\[(\d+)\]\.(name|pass|back)/);
    if (way) return `way-${way[1]}-${way[2]}`;
    const single = rest.match(/^\.(name|pass|back)$/);
    if (single) return `way-0-${single[1]}`;
    return "new-border";
  },
};
