// @ts-check
// Undo/redo steps (kept by keeper.js, in memory or inside the stored value).

/** @typedef {{state: any, label: string}} Step */

/** Undo/redo by history: past and future states, at most `limit` steps back. */
export class History {
  /** @param {{past?: Step[], future?: Step[]}} [steps] @param {number} [limit] */
  constructor({ past = [], future = [] } = {}, limit = 50) {
    this.limit = limit;
    this.past = past;
    this.future = future;
  }

  /** A change from `before`: a new step back, and no more redo. */
  record(/** @type {any} */ before, /** @type {string} */ label) {
    this.past = [...this.past, { state: before, label }].slice(-this.limit);
    this.future = [];
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  /** The step to go back to (removed from the past, `current` kept for redo), or null. */
  undo(/** @type {any} */ current) {
    return this.#move("past", "future", current);
  }

  redo(/** @type {any} */ current) {
    return this.#move("future", "past", current);
  }

  /** @param {"past" | "future"} from @param {"past" | "future"} to @param {any} current @returns {Step | null} */
  #move(from, to, current) {
    const step = this[from].at(-1);
    if (!step) return null;
    this[from] = this[from].slice(0, -1);
    this[to] = [...this[to], { state: current, label: step.label }];
    return step;
  }
}
