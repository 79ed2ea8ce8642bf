// Reading a map file: JSON or YAML, within limits, with sentences a player can read.
// maps/files.js loads js-yaml from the site's vendor folder (../vendor/js-yaml.mjs next to
// it once shipped), so the test lays out that pair in a temporary folder.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
let files;

before(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "files-js-"));
  mkdirSync(path.join(dir, "maps"), { recursive: true });
  mkdirSync(path.join(dir, "vendor"));
  copyFileSync(path.join(ROOT, "calculators/browser/maps/files.js"), path.join(dir, "maps/files.js"));
  copyFileSync(path.join(ROOT, "node_modules/js-yaml/dist/js-yaml.mjs"), path.join(dir, "vendor/js-yaml.mjs"));
  files = await import(pathToFileURL(path.join(dir, "maps/files.js")).href);
});

test("a YAML map reads, and a JSON file is read as JSON", async () => {
  assert.deepEqual(await files.parseText("name: House\nzones: [Hall, Yard]\n"), { name: "House", zones: ["Hall", "Yard"] });
  assert.deepEqual(await files.parseText('{"zones": []}', "map.json"), { zones: [] });
});

test("a broken file says which format it is not", async () => {
  await assert.rejects(files.parseText("{", "map.json"), /This file is not valid JSON/);
  await assert.rejects(files.parseText("a: [", "map.yml"), /This file is not valid YAML/);
});

test("a file too large, too deep or an alias bomb is refused with a sentence", async () => {
  await assert.rejects(files.parseText("x".repeat(files.MAX_FILE_CHARS + 1)), /too large for a map/);
  await assert.rejects(files.parseText("[".repeat(40) + "]".repeat(40)), /nests more than 32 levels/);
  const aliases = Array.from({ length: files.MAX_ALIASES + 1 }, (_, i) => `- *a`).join("\n");
  await assert.rejects(files.parseText(`- &a x\n${aliases}\n`), /more than 100 aliases/);
  let bomb = "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n";
  for (const [prev, name] of [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"]]) {
    bomb += `${name}: &${name} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]\n`;
  }
  await assert.rejects(files.parseText(bomb), /repeat its content past 100,000 values/);
});

test("an exported map reads back the same, as YAML and as JSON", async () => {
  const map = { name: "Old House!", zones: ["Hall", { name: "Yard" }], borders: [{ between: ["Hall", "Yard"], pass: 2 }] };
  const yml = await files.exportText(map, "yaml");
  assert.equal(yml.name, "old-house.yml");
  assert.deepEqual(await files.parseText(yml.text, yml.name), map);
  const json = await files.exportText(map, "json");
  assert.deepEqual(await files.parseText(json.text, json.name), map);
});
