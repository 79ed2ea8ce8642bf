// A widget's one store: its state in one plain object, named actions that change it (`async (store,
// ...args)`, through `store.set(patch)`), run one at a time in the order dispatched (a tap never lands
// in another's work), and `render(state)` once after a run of changes (a microtask later), never inside
// a render (a control a render removes may fire `change`). Nothing here touches the page.

/**
 * @template S
 * @param {S} initial the state
 * @param {{actions: Record<string, (store: any, ...args: any[]) => any>, render?: (state: S) => void,
 *          failed?: (error: Error, store: Store<S>) => void}} options
 *   actions: each is handed this store; render: draws the state; failed: an action threw (it says so; the state stays)
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
    actions, // each is handed this store (its widget's own parts set on it too: a keeper)
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
      return store.queued(() => action(store, ...args));
    },
    /** Run `task` in the queue, between two actions: a keeper's news from another tab, never mid-tap. */
    queued(task) {
      queue = queue.then(task).catch((error) => failed(error, store)).then(() => undefined);
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
 * @typedef {{state: S, actions: Record<string, (store: any, ...args: any[]) => any>,
 *            set: (patch: Partial<S> | ((state: S) => Partial<S>)) => void,
 *            dispatch: (name: string, ...args: any[]) => Promise<void>, queued: (task: () => unknown) => Promise<void>,
 *            now: (name: string, ...args: any[]) => any,
 *            flush: () => void, idle: () => Promise<void>}} Store
 */
