// What the browser code finds on `window` and `navigator` besides the DOM's own
// names: Material for MkDocs' globals, the Network Information API, and what our
// scripts hand to each other (early.js → engine.js → the tests).
export {};

declare global {
  interface Window {
    /** Material's stream of pages: one value per page shown (instant navigation included). */
    document$?: { subscribe(fn: (document: Document) => void): unknown };
    __md_get?(key: string, storage?: Storage, base?: URL): unknown;
    __md_set?(key: string, value: unknown, storage?: Storage, base?: URL): void;
    /** early.js: the fragment before the theme's tracking rewrites it. */
    __calcHash?: string;
    /** early.js: the worker started from <head>, with what it said before calc.js ran. */
    __calcEarly?: { worker: Worker; queue: Event[]; at: number };
    calcEngine?: unknown;
    calcOffline?: unknown;
    calcWarm?: unknown;
    calcKnown?: { answered: number };
    /** early.js: whether the theme's search worker has started (held until the engine's start is done). */
    calcSearch?: { state: string; asked: number };
    /** anchor.js: how many checks of the address's anchor were asked for and made. */
    calcAnchors?: { due: number; checked: number };
  }
  interface Navigator {
    /** The Network Information API (Chromium): `saveData` is the user's data-saver wish. */
    connection?: { saveData?: boolean; effectiveType?: string };
  }
}
