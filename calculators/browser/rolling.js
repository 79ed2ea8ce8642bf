// Drawing dice faces, shared by the dice roller, the conflict board's action sheet and the morale
// tracker's event sheet. Only the draw lives here (crypto.getRandomValues, unbiased); rules_core
// scores what was drawn.

/** A whole number in 0…n−1, every one equally likely: bytes past the last full
 *  multiple of n are drawn again (rejection sampling), so no face is favoured. */
export function randomBelow(n, random = (b) => crypto.getRandomValues(b)) {
  const limit = 256 - (256 % n);
  const byte = new Uint8Array(1);
  for (;;) {
    random(byte);
    if (byte[0] < limit) return byte[0] % n;
  }
}

/** Four Fate dice as the rules read them: "+0--" (plus, blank, minus). */
export const fateFaces = (random) => Array.from({ length: 4 }, () => "-0+"[randomBelow(3, random)]).join("");

/** A Gauntlet Forge pool: `n` six-sided dice, each 1…6. */
export const poolFaces = (n, random) => Array.from({ length: n }, () => randomBelow(6, random) + 1);
