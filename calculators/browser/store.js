// A widget's one store: its state in one plain object, named actions that change it (`async (store,
// ...args)`, through `store.set(patch)`), run one at a time in the order dispatched (a tap never lands
// in another's work), and `render(state)` once after a run of changes (a microtask later), never inside
// a render (a control a render removes may fire `change`). Nothing here touches the page.

/**
 * @template S
 * @param {S} initial the state
 * @param {{actions: Record<string, (store: Store<S>, ...args: any[]) => any>, render?: (state: S) => void,
 *          failed?: (error: Error, store: Store<S>) => void}} options
 *   render: draws the state; failed: an action threw (the store says so: its state is kept)
 * @returns {Store<S>}
 */
export function createStore(initial, { actions, render = () => {}, failed = (e) => { throw e; } }) {
  let state = initial;
  let queue = Promise.resolve();
  let scheduled = false;
  let drawing = false;

  function draw() {
    scheduled = false;
    if (drawing) return schedule(); // asked for inside a render: a microtask runs once the render is over
    drawing = true;
    try {
      render(state);
    } finally {
      drawing = false;
    }
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(draw);
  }

  /** @type {Store<S>} */
  const store = {
    get state() {
      return state;
    },
    set(patch) {
      state = { ...state, ...(typeof patch === "function" ? patch(state) : patch) };
      schedule();
    },
    dispatch(name, ...args) {
      const action = actions[name];
      if (!action) return Promise.reject(new Error(`No action called ${name}.`));
      const run = queue.then(() => action(store, ...args));
      queue = run.catch((error) => failed(error, store)).then(() => undefined);
      return queue;
    },
    /** Run a named action at once, outside the queue: a change that must not wait behind a tap (a keystroke,
     *  whose text the next draw must show). It must be synchronous. */
    now: (name, ...args) => actions[name](store, ...args),
    /** Draw now (a test, or a caller that measures the page right after). */
    flush: draw,
    /** Every action dispatched so far has finished (and its changes are drawn). */
    async idle() {
      for (let seen = null; seen !== queue;) await (seen = queue);
      await Promise.resolve();
      if (scheduled) draw();
    },
  };
  return store;
}

/**
 * @template S
 * @typedef {{state: S, set: (patch: Partial<S> | ((state: S) => Partial<S>)) => void,
 *            dispatch: (name: string, ...args: any[]) => Promise<void>, now: (name: string, ...args: any[]) => any,
 *            flush: () => void, idle: () => Promise<void>}} Store
 */
