// @ts-check
// Keeping what a player entered, by role (ui.store is this module):
// keeper.js  one kept value: check, set aside, two tabs, undo/redo (every widget's way in);
// slot.js    one storage key and its set-aside list, scoped to the site's path;
// setaside.js the set-aside list drawn (download each copy, discard after a question), through lit-html:
//            widgets import it themselves (Node's tests import this file, and lit-html needs a page);
// download.js a file offered for download; history.js undo/redo steps.
// persist.js  persistent storage, asked once at the first keep; everything.js and checks.js: the one
//             "Export everything" file and every kept name's check (everything-ui.js: their buttons).
export { keeper } from "./keeper.js";
export { ROOT, keyFor, slot } from "./slot.js";
export { download, fileName } from "./download.js";
export { History } from "./history.js";
export { registerCheck, registerKept } from "./checks.js";
