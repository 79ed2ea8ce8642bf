// A map in and out of files: JSON or YAML text. Reading the text is all this
// does; whether the map is good is for the rules (borders.check) to say.
let yaml = null;

/** js-yaml, shipped with the site (assets/calc/vendor), loaded the first time YAML is needed. */
async function yamlLib() {
  yaml ??= await import(new URL("../vendor/js-yaml.mjs", import.meta.url).href);
  return yaml;
}

function slug(map) {
  const name = (map.name || "border map").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return name || "border-map";
}

/** The map as a file's text and name: kind "json" or "yaml". */
export async function exportText(map, kind) {
  if (kind === "json") return { name: `${slug(map)}.json`, type: "application/json", text: `${JSON.stringify(map, null, 2)}\n` };
  const { dump } = await yamlLib();
  return { name: `${slug(map)}.yml`, type: "application/yaml", text: `# Conflict Table: an Edgerunner map\n${dump(map)}` };
}

// What a file may hold. A map at its largest (200 zones, 1000 borders, 2000
// ways) is about 420,000 characters and 15,000 values, nested 6 levels.
export const MAX_FILE_CHARS = 1_000_000; // as much as the engine reads in one request
export const MAX_ALIASES = 100; // YAML aliases (*name)
export const MAX_DEPTH = 32; // as deep as the engine reads
export const MAX_VALUES = 100_000; // values once aliases are expanded (an "alias bomb" repeats content billions of times)

const YAML_LIMITS = {
  "aliases exceeded maxAliases": `it uses more than ${MAX_ALIASES} aliases (*name); a map needs far fewer`,
  "nesting exceeded maxDepth": `it nests more than ${MAX_DEPTH} levels deep; a map needs far fewer`,
};

/** Does this value hold more than `limit` values once every alias is expanded? (stops counting there) */
function expandsPast(value, limit) {
  const stack = [value];
  let count = 0;
  while (stack.length) {
    const node = stack.pop();
    if (++count > limit) return true;
    if (node && typeof node === "object") stack.push(...(Array.isArray(node) ? node : Object.values(node)));
  }
  return false;
}

/** The data in a file's text: JSON when it is named .json, else YAML (which reads JSON too).
 *  Throws an Error whose message a player can read. */
export async function parseText(text, fileName = "") {
  const json = /\.json$/i.test(fileName);
  const what = json ? "JSON" : "YAML";
  if (text.length > MAX_FILE_CHARS) {
    throw new Error(`This file is too large for a map (${text.length.toLocaleString("en")} characters; ` +
      `at most ${MAX_FILE_CHARS.toLocaleString("en")}).`);
  }
  let data;
  try {
    if (json) data = JSON.parse(text);
    else data = (await yamlLib()).load(text, { maxAliases: MAX_ALIASES, maxDepth: MAX_DEPTH });
  } catch (error) {
    const first = String(error.message).split("\n")[0];
    const limit = Object.keys(YAML_LIMITS).find((start) => first.startsWith(start));
    if (limit) throw new Error(`This file can't be read as a map: ${YAML_LIMITS[limit]}.`);
    throw new Error(`This file is not valid ${what}: ${first.slice(0, 200)}`);
  }
  if (expandsPast(data, MAX_VALUES)) {
    throw new Error(`This file can't be read as a map: its aliases (*name) repeat its content past ` +
      `${MAX_VALUES.toLocaleString("en")} values; a map needs far fewer.`);
  }
  return data;
}
