// Build step: precompressed copies of big files, for hosts that serve them
// (nginx gzip_static / brotli_static, Caddy's `precompressed`, Apache).
//   node calculators/build/precompress.mjs OUT_DIR FILE...
// Writes OUT_DIR/<name>.br (brotli, quality 11) and OUT_DIR/<name>.gz (gzip -9)
// for each FILE and prints {name: {raw, br, gz}} as one line of JSON.
// Node's zlib has brotli built in: no extra package.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const [out, ...files] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const sizes = {};
for (const file of files) {
  const data = readFileSync(file);
  const name = path.basename(file);
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_MODE]: name.endsWith(".wasm") ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  writeFileSync(path.join(out, name + ".br"), br);
  writeFileSync(path.join(out, name + ".gz"), gz);
  sizes[name] = { raw: data.length, br: br.length, gz: gz.length };
}
process.stdout.write(JSON.stringify(sizes) + "\n");
