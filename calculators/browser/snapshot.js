// @ts-check
// The engine's start-up snapshot as the worker keeps it in Cache Storage (worker.js).
//
// A snapshot is the interpreter's whole memory: about 31 MB, of which about half
// is pages never written (zeros). Kept packed, without those pages, it takes
// about half the room on the phone, and a return visit reads and checks half the
// bytes; unpacking is a copy. The checksum covers every byte that is kept.
//
// Packed form: "CTS2", the snapshot's length, the page size, the page count and the
// length of the build's name (32-bit little-endian each), the build's name (UTF-8,
// padded with zeros to a multiple of 4 bytes), a bitmap of the pages kept (1 bit a
// page, the first page in the lowest bit), then the kept pages in order (the last
// may be short). The build's name (worker.js: Pyodide's, the zip's and rules_core's
// own) is inside what the checksum covers: a snapshot found under this build's name
// in Cache Storage but made by another build is refused (unpack, buildOf), never
// restored into an engine it does not belong to.
const MAGIC = 0x32535443; // "CTS2"
export const PAGE = 4096;
const FIXED = 20; // the header's five numbers
const MAX_BUILD = 1024; // a build's name is a few hundred bytes at most

/** The header's size for a build's name of `n` bytes. */
const headSize = (/** @type {number} */ n) => FIXED + Math.ceil(n / 4) * 4;

/** Whether bytes[start, end) are all zero; whole words where it can (start is a page's). */
function zeroPage(/** @type {Uint8Array} */ bytes, /** @type {Uint32Array | null} */ words, /** @type {number} */ start, /** @type {number} */ end) {
  let i = start;
  if (words) for (const stop = end & ~3; i < stop; i += 4) if (words[i >>> 2] !== 0) return false;
  for (; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The snapshot without its all-zero pages, naming the build it was made by; with `pauses`, it lets other
 *  work in after every 256 KB.
 *  @param {Uint8Array} snapshot @param {{build: string, pauses?: boolean}} options @returns {Promise<Uint8Array<ArrayBuffer>>} */
export async function pack(snapshot, { build, pauses = false }) {
  const name = new TextEncoder().encode(build);
  if (!name.length || name.length > MAX_BUILD) throw new Error("a snapshot names the build it was made by");
  const HEAD = headSize(name.length);
  const pages = Math.ceil(snapshot.length / PAGE);
  const mapBytes = Math.ceil(pages / 8);
  const words = snapshot.byteOffset % 4 ? null : new Uint32Array(snapshot.buffer, snapshot.byteOffset, snapshot.length >>> 2);
  const kept = [];
  for (let p = 0; p < pages; p++) {
    if (pauses && p && !(p & 0x3f)) await new Promise((resume) => setTimeout(resume, 0));
    const start = p * PAGE;
    if (!zeroPage(snapshot, words, start, Math.min(start + PAGE, snapshot.length))) kept.push(p);
  }
  const keptBytes = kept.reduce((n, p) => n + Math.min(PAGE, snapshot.length - p * PAGE), 0);
  const out = new Uint8Array(HEAD + mapBytes + keptBytes);
  const head = new DataView(out.buffer);
  [MAGIC, snapshot.length, PAGE, pages, name.length].forEach((n, i) => head.setUint32(4 * i, n, true));
  out.set(name, FIXED);
  let at = HEAD + mapBytes;
  for (const p of kept) {
    out[HEAD + (p >> 3)] |= 1 << (p & 7);
    const page = snapshot.subarray(p * PAGE, Math.min((p + 1) * PAGE, snapshot.length));
    out.set(page, at);
    at += page.length;
  }
  return out;
}

/** The build a packed snapshot names (its header: cheap, before the checksum); throws when it is not one.
 *  @param {Uint8Array} packed @returns {string} */
export function buildOf(packed) {
  if (packed.length < FIXED) throw new Error("the saved snapshot is cut short");
  const head = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (head.getUint32(0, true) !== MAGIC) throw new Error("the saved snapshot is not in this engine's form");
  const n = head.getUint32(16, true);
  if (!n || n > MAX_BUILD || packed.length < headSize(n)) throw new Error("the saved snapshot's header does not add up");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(packed.subarray(FIXED, FIXED + n));
  } catch {
    throw new Error("the saved snapshot's header does not add up");
  }
}

/** The snapshot a packed one stands for, when it names `build`; throws on anything that is not one, whole,
 *  of this build.
 *  @param {Uint8Array} packed @param {{build: string}} options @returns {Uint8Array} */
export function unpack(packed, { build }) {
  if (buildOf(packed) !== build) throw new Error("the saved snapshot was made by another build of the site");
  const head = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const HEAD = headSize(head.getUint32(16, true));
  const [length, page, pages] = [4, 8, 12].map((at) => head.getUint32(at, true));
  const mapBytes = Math.ceil(pages / 8);
  if (page !== PAGE || pages !== Math.ceil(length / PAGE) || packed.length < HEAD + mapBytes) {
    throw new Error("the saved snapshot's header does not add up");
  }
  const snapshot = new Uint8Array(length);
  let at = HEAD + mapBytes;
  for (let p = 0; p < pages; p++) {
    if (!(packed[HEAD + (p >> 3)] & (1 << (p & 7)))) continue;
    const size = Math.min(PAGE, length - p * PAGE);
    if (at + size > packed.length) throw new Error("the saved snapshot is cut short");
    snapshot.set(packed.subarray(at, at + size), p * PAGE);
    at += size;
  }
  if (at !== packed.length) throw new Error("the saved snapshot has bytes to spare");
  return snapshot;
}

/** A checksum of every byte: two 32-bit multiply-xor lanes over its words, and its length. Any one
 *  changed word changes it (each step is a bijection); it guards against accidents on the device (a
 *  torn write, a spoiled page), not an attacker (one who can write this cache can write anything).
 *  About 15 × faster than SHA-256 in SubtleCrypto, which cost a return visit 0.7 s at a phone's CPU
 *  (benchmarks/phone_cpu.py). With `pauses`, it lets other work in after every 512 KB.
 *  @param {Uint8Array} view @param {{pauses?: boolean}} [options] @returns {Promise<string>} */
export async function checksum(view, { pauses = false } = {}) {
  const bytes = view.byteOffset % 4 ? view.slice() : view; // words must start on a multiple of 4
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  const lanes = [0x811c9dc5, 0x2545f491];
  const pairs = words.length & ~1;
  const slice = pauses ? 0x20000 : pairs;
  for (let i = 0; i < pairs; i += slice) {
    if (i) await new Promise((resume) => setTimeout(resume, 0));
    mix(words, i, Math.min(i + slice, pairs), lanes);
  }
  let [a, b] = lanes;
  for (let i = pairs * 4; i < bytes.byteLength; i++) a = Math.imul(a ^ bytes[i], 0x01000193);
  return `v1-${bytes.byteLength}-${(a >>> 0).toString(16)}-${(b >>> 0).toString(16)}`;
}

/** The checksum's two lanes over words[from, to): a plain loop, apart from the async caller, so the
 *  JavaScript engine optimises it while it runs (a loop inside an async function stayed about four
 *  times slower). */
function mix(/** @type {Uint32Array} */ words, /** @type {number} */ from, /** @type {number} */ to, /** @type {number[]} */ lanes) {
  let [a, b] = lanes;
  for (let i = from; i < to; i += 2) {
    a = Math.imul(a ^ words[i], 0x01000193);
    b = Math.imul(b ^ words[i + 1], 0x5bd1e995);
  }
  lanes[0] = a;
  lanes[1] = b;
}
