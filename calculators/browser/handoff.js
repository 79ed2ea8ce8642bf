// Hand-off between calculators on one page: the dice roller offers a roll's
// result, and a calculator that can use it registers a receiver. No rules here:
// a result is what rules_core returned (dice.roll_fate / dice.roll_pool) plus
// the game it belongs to.
//
//   receive({root, name, accepts(result), take(result) → sentence}, {signal})
//
// `name` ends the button "Use this result …" ("as the border move's shifts"); `take` fills the
// calculator's own field, lets it recompute as if typed, and returns a sentence
// for the player (or throws an Error whose message says what to do first).
// Aborting `signal` (the widget's dispose) removes the receiver.

const receivers = new Set();
export const changes = new EventTarget();

/** @param {object} receiver @param {{signal?: AbortSignal}} [options] */
export function receive(receiver, { signal } = {}) {
  receivers.add(receiver);
  changes.dispatchEvent(new Event("change"));
  signal?.addEventListener("abort", () => {
    receivers.delete(receiver);
    changes.dispatchEvent(new Event("change"));
  });
}

/** The receivers on this page that can use a result, in page order. */
export function receiversFor(result) {
  return [...receivers]
    .filter((r) => r.root.isConnected && r.accepts(result))
    .sort((a, b) => (a.root.compareDocumentPosition(b.root) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/** Type a value into a calculator's field and let it react as if the player had typed it. */
export function typeInto(input, value) {
  input.value = String(value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
