// Lookup tables meet outside data here: a key from a link, a file, stored text
// or the address counts only when it is one of the table's own keys, never one
// every object inherits ("constructor", "__proto__", "toString"), which the `in`
// operator and a plain `table[key]` both find.

/** Is `key` one of the table's own keys? */
export const isOwn = (table, key) => typeof key === "string" && Object.hasOwn(table, key);

/** The table's entry for `key`, or undefined when the key is not its own. */
export const own = (table, key) => (isOwn(table, key) ? table[key] : undefined);
