// What every widget's mount shares (calculators/browser/mount.js): its listeners, removed at once when it
// is unmounted, and a form that never submits (Enter in a field would otherwise leave the page).
import { test } from "node:test";
import assert from "node:assert/strict";
import { listeners } from "../../calculators/browser/mount.js";

test("a widget's form never submits, its own submit listener still runs, and stop() removes every listener", () => {
  const form = new EventTarget();
  const { on, signal, stop } = listeners(form);
  let heard = 0;
  on(form, "submit", () => heard++);
  const enter = new Event("submit", { cancelable: true });
  form.dispatchEvent(enter);
  assert.equal(enter.defaultPrevented, true);
  assert.equal(heard, 1);
  stop();
  assert.equal(signal.aborted, true);
  const later = new Event("submit", { cancelable: true });
  form.dispatchEvent(later);
  assert.equal(later.defaultPrevented, false);
  assert.equal(heard, 1);
});
