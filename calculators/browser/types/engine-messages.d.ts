// The engine worker's messages (worker.js ⇄ engine.js, early.js passes them on), in one table: what each
// says and when. worker.js sends only these (its say()), and engine.js answers each by its type.

/** Page → worker: one call. request: the JSON text of {id, name, payload} (text, so that any input arrives whole). */
export type ToWorker = { type: "call"; id: number; request: string };

/** Worker → page, by type. */
export interface FromWorker {
  /** A start's step as it happens (ms since the worker started): calcEngine.stats.timeline; a start that stalls shows the last. */
  step: { step: string; ms: number };
  /** Bytes of the engine's big files received so far (engine.json gives the total). */
  progress: { loaded: number; total: number };
  /** Once: Python answers; source: restored from the kept snapshot, or started fresh. */
  ready: { ms: number; source: "fresh" | "snapshot" };
  /** Once, instead of ready: why, for the player ("network"; "server" with the HTTP status; "start"). */
  failed: { message: string; cause: "network" | "server" | "start"; status?: number };
  /** A call's reply: the JSON text of rules_core.api.handle's {id, ok, result | error}. */
  result: { id: number; reply: string };
  /** A start-up snapshot begins to be saved (a call that comes in meanwhile is answered between its slices). */
  saving: {};
  /** The snapshot is saved (its bytes, ms to pack and store it, madeMs to take it), or not (bytes 0, error). */
  snapshot: { bytes: number; ms?: number; madeMs?: number; error?: string };
}

/** Any message the worker sends: {type, …its fields}. */
export type WorkerMessage = { [K in keyof FromWorker]: { type: K } & FromWorker[K] }[keyof FromWorker];

/** What the page does with each message: one handler per type. */
export type Heard = { [K in keyof FromWorker]: (data: { type: K } & FromWorker[K]) => void };
