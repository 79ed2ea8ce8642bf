// A test's clock: an event's id starts with the time it was logged (keeping/logs.js `newId`), and two
// tabs' events made in one millisecond merge in another order than events a millisecond apart.
import { mock } from "node:test";

/** What `make` returns with the clock (Date.now) reading `ms`. */
export function at(ms, make) {
  const clock = mock.method(Date, "now", () => ms);
  try {
    return make();
  } finally {
    clock.mock.restore();
  }
}

/** A time of day as an id holds it (base 36, 8 digits). */
export const T = Date.UTC(2026, 10, 28, 20, 0);
