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
    const step = this.past.at(-1);
    if (!step) return null;
    this.past = this.past.slice(0, -1);
    this.future = [...this.future, { state: current, label: step.label }];
    return step;
  }

  redo(/** @type {any} */ current) {
    const step = this.future.at(-1);
    if (!step) return null;
    this.future = this.future.slice(0, -1);
    this.past = [...this.past, { state: current, label: step.label }];
    return step;
  }

  toJSON() {
    return { past: this.past, future: this.future };
  }
}
