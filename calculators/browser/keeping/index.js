// @ts-check
// Keeping what a player entered, by role: keeper.js one kept value: check, set aside,
// two tabs, undo/redo (every widget's way in); slot.js one storage key and its set-aside list; setaside.js that
// list drawn (widgets import it: it needs a page); download.js, history.js; persist.js persistent storage, asked
// once at the first keep; everything.js, checks.js: "Export everything" and every kept name's check.
export { keeper } from "./keeper.js";
export { keyFor, slot } from "./slot.js";
export { download, fileName } from "./download.js";
export { History } from "./history.js";
