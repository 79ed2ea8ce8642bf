// Hand-off between calculators on one page: the dice roller offers a roll's result (rules_core's
// dice.roll_fate / dice.roll_pool and its game), and a calculator that can use it registers a receiver:
// receive({root, name, accepts(result), take(result) → sentence}, {signal}). `name` ends the button "Use
// this result …"; `take` fills the calculator's field as if typed and returns a sentence for the player
// (or throws an Error saying what to do first). Aborting `signal` (the widget's dispose) removes it.

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
