// Keeping the board: the site's one keeper (keeping/keeper.js) for the conflict,
// and two small slots of its own: the setup being typed, and saved setups by
// name ("the warehouse crew"). Nothing here is a rule of the games.
import { slot } from "../../keeping/slot.js";
import { rosterStore } from "../../party/roster.js";

export { keeper } from "../../keeping/keeper.js";
export { download, fileName } from "../../keeping/download.js";

/** What is typed in the setup, kept as typed between visits. */
export const draftStore = () => slot("board:draft");

/** Saved setups, by name, in their own slot: all(), save(name, setup) and remove(name) → null or why not. */
export function setups() {
  const store = slot("board:setups");
  const all = () => {
    const { value } = store.read();
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  };
  return {
    all,
    save: (name, setup) => store.write({ ...all(), [name]: setup }),
    remove: (name) => {
      const rest = all();
      delete rest[name];
      return store.write(rest);
    },
  };
}

/** The party the stress calculator keeps (party/roster.js: its characters, each a player character or
 *  an opponent, with a standing): [{name, opponent}] of those still in, or [] when there is none. */
export function party() {
  const { value } = rosterStore().read();
  const people = value && typeof value === "object" && Array.isArray(value.people) ? value.people : [];
  return people.filter((p) => p && typeof p.name === "string" && p.name.trim() && (p.standing ?? "in") === "in")
    .slice(0, 30).map((p) => ({ name: p.name.trim().slice(0, 60), opponent: p.side === "opponent" }));
}

/** The action being composed on the board (actions.js's sheet), kept as it is filled in: a visit to
 *  another page, a reload or a change of kind loses nothing. A damaged value is set aside, not used. */
export const usableSheet = (v) => !!v && typeof v === "object" && !Array.isArray(v) && (v.kind === null || typeof v.kind === "string");

export function sheetStore() {
  const store = slot("board:action");
  const usable = usableSheet;
  return {
    read() {
      const got = store.read();
      if (got.value === undefined && !got.problem) return null;
      if (got.problem || !usable(got.value)) {
        store.putAside(got.text, "the action being composed could not be read");
        return null;
      }
      return got.value;
    },
    write: (sheet) => store.write(sheet),
  };
}
