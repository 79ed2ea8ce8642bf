// What every widget's mount() is handed (calc.js) and what the engine answers it: the shapes each widget's
// typed files share (the rules' own replies for one widget are in types/<widget>.d.ts).

/** A refusal: the rules' message, and the field it is about ("skill", "sides[0].name"); code: its kind ("required");
 *  event: the index of the logged event it is about (a log the rules replay). */
export type Refusal = { code?: string; message: string; field?: string | null; event?: number };
/** A call's reply: its result, or the rules' refusal. */
export type Reply<T = any> = { ok: true; result: T; error?: undefined } | { ok: false; error: Refusal; result?: undefined };
/** The engine a widget is handed: calls to rules_core (by name, with a payload), and its state as it starts. */
export type Engine = {
  call<T = any>(name: string, payload: object): Promise<Reply<T>>;
  watch(heard: (state: string) => void): () => void;
};
/** The page's shared helpers (ui.js), handed to mount() with the engine. */
export type Ui = typeof import("../ui.js");
/** What mount(root, handed) is handed: the engine, ui.js, and the build's options for this widget. */
export type Handed<O = unknown> = { engine: Engine; ui: Ui; options: O };

/** A probability as the rules say it (rules_core/api/_convert.probability): "19/27", 0.7037…, "70.4%". */
export type Chance = { exact: string; value: number; percent: string };
/** The fields a share link carries, read as ui.readFields reads a form's (shareform.js's check). */
export type ReadFields = (names: string[]) => Record<string, any>;
