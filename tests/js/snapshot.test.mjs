// The engine's snapshot as it is kept (calculators/browser/snapshot.js): packed without its zero
// pages, unpacked to the very same bytes, and any damage to what is kept is caught.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pack as packAs, unpack as unpackAs, buildOf, checksum, PAGE } from "../../calculators/browser/snapshot.js";

const BUILD = "pyodide-0123/stdlib-4567/89ab"; // a build's name, as worker.js makes it
const pack = (bytes, options = {}) => packAs(bytes, { build: BUILD, ...options });
const unpack = (packed) => unpackAs(packed, { build: BUILD });

function memory() {
  const bytes = new Uint8Array(40 * PAGE + 128); // a short last page, as a real snapshot has
  for (const p of [0, 1, 7, 39]) bytes.fill(p + 1, p * PAGE + 5, p * PAGE + 900);
  bytes[40 * PAGE + 100] = 9; // in the short last page
  bytes[12 * PAGE + PAGE - 1] = 3; // a page whose only byte is its last
  return bytes;
}

test("a packed snapshot keeps only its written pages and unpacks to the same bytes", async () => {
  const bytes = memory();
  const packed = await pack(bytes);
  assert.ok(packed.length < 7 * PAGE, `packed ${packed.length} bytes`);
  assert.deepEqual(unpack(packed), bytes);
});

test("an all-zero memory packs to its header and unpacks whole", async () => {
  const bytes = new Uint8Array(3 * PAGE);
  assert.deepEqual(unpack(await pack(bytes)), bytes);
});

test("a packed snapshot cut short, padded or of another form is refused, not restored", async () => {
  const packed = await pack(memory());
  assert.throws(() => unpack(packed.subarray(0, packed.length - 1)), /cut short/);
  const padded = new Uint8Array(packed.length + 4);
  padded.set(packed);
  assert.throws(() => unpack(padded), /to spare/);
  assert.throws(() => unpack(new Uint8Array(64).fill(7)), /not in this engine's form/);
});

test("the checksum changes with any one word spoiled, and with the length", async () => {
  const packed = await pack(memory());
  const sum = await checksum(packed);
  assert.equal(await checksum(packed.slice()), sum);
  for (const at of [0, 17, Math.floor(packed.length / 2), packed.length - 1]) {
    const spoiled = packed.slice();
    spoiled[at] ^= 0x40;
    assert.notEqual(await checksum(spoiled), sum, `byte ${at}`);
  }
  assert.notEqual(await checksum(packed.subarray(0, packed.length - 4)), sum);
});

test("the checksum is the one snapshots already on phones were saved with (v1)", async () => {
  // a changed value would make every kept snapshot look damaged: each phone's next visit would start cold
  const bytes = new Uint8Array(300_001).map((_, i) => (i * 31 + 7) & 255);
  assert.equal(await checksum(bytes), "v1-300001-cf40b60a-b2ee75a9");
  assert.equal(await checksum(bytes.subarray(1)), "v1-300000-1ab8525-dce2c231"); // not on a multiple of 4
});

test("the checksum is the same whether or not it pauses between slices", async () => {
  const big = new Uint8Array(5 * 1024 * 1024).map((_, i) => (i * 31) & 255);
  assert.equal(await checksum(big, { pauses: true }), await checksum(big));
});

test("packing gives the same bytes whether or not it pauses", async () => {
  const bytes = new Uint8Array(700 * PAGE);
  for (let p = 0; p < 700; p += 3) bytes[p * PAGE + (p % PAGE)] = p & 255 || 1;
  assert.deepEqual(await pack(bytes, { pauses: true }), await pack(bytes));
});

test("issue 64 item 11: a snapshot names the build it was made by, and another build's is refused", async () => {
  const packed = await pack(memory());
  assert.equal(buildOf(packed), BUILD);
  assert.deepEqual(unpackAs(packed, { build: BUILD }), memory());
  assert.throws(() => unpackAs(packed, { build: "pyodide-0123/stdlib-4567/cdef" }), /made by another build/);
  const renamed = packed.slice(); // the name changed inside (the checksum would change with it)
  renamed[20] ^= 1;
  assert.notEqual(buildOf(renamed), BUILD);
  assert.notEqual(await checksum(renamed), await checksum(packed));
  await assert.rejects(() => packAs(memory(), { build: "" }), /names the build/);
  const old = packed.slice(); // a CTS1 snapshot, kept before snapshots named their build
  new DataView(old.buffer).setUint32(0, 0x31535443, true);
  assert.throws(() => unpackAs(old, { build: BUILD }), /not in this engine's form/);
});
