// @ts-check
// Keeping the board beside its keeper (store.js's): the setup being typed, saved setups by name ("the
// warehouse crew"), the stress calculator's party read, the action being composed.
import { draftSlot, slot } from "../../keeping/slot.js";
import { rosterStore } from "../../party/roster.js";
import { isRecord, textCheck } from "../../keeping/checks.js";
import * as setup from "./setup/draft.js";

export { setAsideNotice } from "../../keeping/keeper.js";
export { download, fileName } from "../../keeping/download.js";

/** What is typed in the setup, kept as typed between visits; read through its check (setup.draftProblem):
 *  a damaged draft is set aside before anything is written over it. */
export const draftProblem = textCheck(setup.draftProblem);
export const draftStore = () => slot("board:draft", { problemOf: draftProblem });

/** What is wrong with one saved setup (the rules' shape, as Load puts it in the setup view), or null. */
export function setupProblem(/** @type {unknown} */ s) {
  if (!isRecord(s)) return "is not a conflict's setup";
  try {
    return setup.draftProblem(setup.draftFrom(/** @type {import("../../types/board").Setup} */ (s)))?.replace(/^it /, "") ?? null;
  } catch {
    return "is not a conflict's setup";
  }
}
/** What is wrong with the saved setups' list (by name), or null. */
export function setupsProblem(/** @type {unknown} */ list) {
  if (!isRecord(list)) return "it is not a list of saved setups by name";
  for (const [name, s] of Object.entries(/** @type {object} */ (list))) {
    const why = setupProblem(s);
    if (why) return `the setup “${name.slice(0, 40)}” ${why}`;
  }
  return null;
}

/** Saved setups, by name, in their own slot: all(), save(name, setup) → null or why not;
 *  open() → null | {problem, kept}: a damaged list is set aside (a copy kept whole) and the setups in it
 *  that can be used stay. */
export function setups() {
  const store = slot("board:setups", { problemOf: textCheck(setupsProblem) });
  const all = () => {
    const { value } = store.read();
    return isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([, s]) => !setupProblem(s))) : {};
  };
  return {
    store,
    all,
    open() {
      const { value } = store.read();
      const got = store.checked();
      if (!got.problem) return null;
      const usable = isRecord(value) ? Object.entries(value).filter(([, s]) => !setupProblem(s)) : [];
      if (usable.length && got.kept) store.write(Object.fromEntries(usable));
      return got;
    },
    save: (/** @type {string} */ name, /** @type {object} */ setup) => store.write({ ...all(), [name]: setup }),
  };
}

/** The party the stress calculator keeps (party/roster.js: its characters, each a player character or
 *  an opponent, with a standing): [{name, opponent}] of those still in, or [] when there is none.
 *  @typedef {{name: string, standing?: string, side?: string}} Person one of the roster's people (their name checked below)
 *  @returns {{name: string, opponent: boolean}[]} */
export function party() {
  const { value } = rosterStore().read();
  const people = value && typeof value === "object" && Array.isArray(value.people) ? value.people : [];
  return people.filter((/** @type {Person} */ p) => p && typeof p.name === "string" && p.name.trim() && (p.standing ?? "in") === "in")
    .slice(0, 30).map((/** @type {Person} */ p) => ({ name: p.name.trim().slice(0, 60), opponent: p.side === "opponent" }));
}

/** The action being composed, kept as it is filled in (keeping/slot.js, draftSlot). */
export const sheetStore = () => draftSlot("board:action", "action");
