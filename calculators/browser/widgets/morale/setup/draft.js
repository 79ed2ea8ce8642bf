// @ts-check
// The setup's draft as plain data: teams and members as typed, the payload
// morale.replay takes, the edits the setup view's buttons make. Which fields an
// edition asks for (the wiki's Approach and positioning) comes from rules_core's
// form, rendered into the page at build time; checking the setup is rules_core's job.
import { typedNumber } from "../../../ui.js";

/** @typedef {import("../../../types/morale").SetupDraft} SetupDraft @typedef {import("../../../types/morale").FormField} FormField */

const blankMember = () => ({ name: "", successes: "", perfect_defense: false, vigor: false, intuition: false });
const blankTeam = () => ({ name: "", goal: "", approach: "", captain: 0, members: [blankMember(), blankMember()] });

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

/** Typed text as the rules expect it: whole-number-looking text is a number, other text stays as typed. */
export const value = typedNumber;

export const shown = (/** @type {FormField} */ f, /** @type {number} */ teamIndex) => f.when !== "defending" || teamIndex > 0;

/** The setup as morale.replay takes it, with only the fields the edition asks for. */
export function payload(/** @type {SetupDraft} */ draft, /** @type {import("../../../types/morale").Form} */ form) {
  const put = (/** @type {Record<string, unknown>} */ out, /** @type {FormField} */ f, /** @type {unknown} */ raw) => {
    if (f.type === "flag") out[f.name] = !!raw;
    else if (f.type === "count" || f.type === "integer") {
      if (String(raw ?? "").trim() !== "" || !f.optional) out[f.name] = value(raw);
    } else out[f.name] = String(raw ?? "");
  };
  return {
    edition: draft.edition,
    teams: draft.teams.map((t, i) => {
      const team = /** @type {Record<string, unknown>} */ ({});
      for (const f of form.team) {
        if (f.type === "member") team[f.name] = t.members[t.captain]?.name ?? "";
        else put(team, f, t[f.name]);
      }
      team.members = t.members.map((m) => {
        const member = /** @type {Record<string, unknown>} */ ({});
        for (const f of form.member) if (shown(f, i)) put(member, f, m[f.name]);
        return member;
      });
      return team;
    }),
  };
}

/** Put a value where a path says ("teams.0.members.1.name"): the setup view's fields carry theirs. */
export function put(/** @type {SetupDraft} */ draft, /** @type {string} */ path, /** @type {unknown} */ value) {
  const keys = path.split(".");
  let node = /** @type {Record<string, any>} */ (draft); // a team, its members, a member: any depth the path goes
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys[keys.length - 1]] = value;
}

/** A copy to change (the store's state is never changed in place). */
export const copy = (/** @type {SetupDraft} */ draft) => structuredClone(draft);

export function addMember(/** @type {SetupDraft} */ draft, /** @type {number} */ i) {
  draft.teams[i].members.push(blankMember());
}

export function removeMember(/** @type {SetupDraft} */ draft, /** @type {number} */ i, /** @type {number} */ j) {
  const team = draft.teams[i];
  team.members.splice(j, 1);
  if (team.captain === j) team.captain = 0;
  else if (team.captain > j) team.captain -= 1;
}

export function addTeam(/** @type {SetupDraft} */ draft) {
  draft.teams.push(blankTeam());
}

export function removeTeam(/** @type {SetupDraft} */ draft, /** @type {number} */ i) {
  draft.teams.splice(i, 1);
}
