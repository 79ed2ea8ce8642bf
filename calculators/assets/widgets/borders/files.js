// A map in and out of files: JSON or YAML text. Reading the text is all this
// does; whether the map is good is for the rules (borders.check) to say.
let yaml = null;

/** js-yaml, shipped with the site (assets/calc/vendor), loaded the first time YAML is needed. */
async function yamlLib() {
  yaml ??= await import(new URL("../../vendor/js-yaml.mjs", import.meta.url).href);
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

/** Offer the text as a download. */
export function download({ name, type, text }) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The data in a file's text: JSON when it is named .json, else YAML (which reads JSON too).
 *  Throws an Error whose message a player can read. */
export async function parseText(text, fileName = "") {
  const json = /\.json$/i.test(fileName);
  try {
    if (json) return JSON.parse(text);
    const { load } = await yamlLib();
    return load(text);
  } catch (error) {
    const what = json ? "JSON" : "YAML";
    throw new Error(`This file is not valid ${what}: ${String(error.message).split("\n")[0]}`);
  }
}
