// assets/calc/registry.js is written at build time from the Python registry (ship.ship_registry).
/** The registry's browser part: the widgets and what the page needs of each. */
export const REGISTRY: { widgets: string[]; keeping: string[] } & Record<string, unknown>;
/** Every widget's name, as calculators/pages/widgets/ registers it. */
export const WIDGETS: string[];
/** The widgets that keep something in the browser: each has a kept.js listing its names and their checks. */
export const KEEPING: string[];
/** The Gauntlet Forge editions, newest first (rules_core/editions.py, the one list). */
export const EDITIONS: string[];
/** Each widget's title and the pages it is on (their path from the site's root and heading), from the built site. */
export const PLACES: Record<string, { title: string; pages: { path: string; title: string }[] }>;
