// @ts-check
// The setup's draft as plain data, and the edits the setup view's buttons make. Its fields are rules_core's
// form for the edition (rendered at build time); reading the setup is rules_core's (morale.setup).
/** @typedef {import("../../../types/morale").SetupDraft} SetupDraft @typedef {import("../../../types/morale").FormField} FormField */

export const blankMember = () => ({ name: "", successes: "", perfect_defense: false, vigor: false, intuition: false });
export const blankTeam = () => ({ name: "", goal: "", approach: "", captain: 0,
  members: [blankMember(), blankMember()] });

/** @returns {SetupDraft} */
export function emptyDraft(/** @type {string} */ edition) {
  return { edition, teams: [blankTeam(), blankTeam()] };
}

/** Nothing typed yet: the draft a new conflict starts from. */
export const isEmpty = (/** @type {SetupDraft} */ draft) => JSON.stringify(draft) === JSON.stringify(emptyDraft(draft.edition));

/** A draft from a conflict's setup (a rematch starts from the same teams). */
/** @returns {SetupDraft} */
export function draftFrom(/** @type {import("../../../types/morale").Setup} */ setup) {
  return {
    edition: setup.edition ?? "2023",
    teams: (setup.teams ?? []).map((t) => {
      const members = (t.members ?? []).map((m) => ({ ...blankMember(), ...(typeof m === "string" ? { name: m } : m) }));
      for (const m of members) m.successes = m.successes == null ? "" : String(m.successes);
      const captain = Math.max(0, members.findIndex((m) => m.name === t.captain));
      return { name: t.name ?? "", goal: t.goal ?? "", approach: t.approach == null ? "" : String(t.approach), captain, members };
    }),
  };
}

/** Is this a usable draft (from storage)? */
/** @returns {d is SetupDraft} */
export function isDraft(/** @type {Partial<SetupDraft> | null | undefined} */ d) {
  return !!d && typeof d.edition === "string" && Array.isArray(d.teams) &&
    d.teams.every((t) => t && Array.isArray(t.members) && t.members.every((m) => m && typeof m === "object"));
}

export const shown = (/** @type {FormField} */ f, /** @type {number} */ teamIndex) => f.when !== "defending" || teamIndex > 0;

/** Put a value where a path says ("teams.0.members.1.name"): the setup view's fields carry theirs. */
export function put(/** @type {SetupDraft} */ draft, /** @type {string} */ path, /** @type {unknown} */ value) {
  const keys = path.split(".");
  let node = /** @type {Record<string, any>} */ (draft); // a team, its members, a member: any depth the path goes
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys[keys.length - 1]] = value;
}

export function removeMember(/** @type {SetupDraft} */ draft, /** @type {number} */ i, /** @type {number} */ j) {
  const team = draft.teams[i];
  team.members.splice(j, 1);
  if (team.captain === j) team.captain = 0;
  else if (team.captain > j) team.captain -= 1;
}
