// The setup's draft as plain data: teams and members as typed, the payload
// morale.replay takes, the edits the setup view's buttons make. Which fields an
// edition asks for (the wiki's Approach and positioning) comes from rules_core's
// form, rendered into the page at build time; checking the setup is rules_core's job.
import { typedNumber } from "../../../ui.js";

const blankMember = () => ({ name: "", successes: "", perfect_defense: false, vigor: false, intuition: false });
const blankTeam = () => ({ name: "", goal: "", approach: "", captain: 0, members: [blankMember(), blankMember()] });

export function emptyDraft(edition) {
  return { edition, teams: [blankTeam(), blankTeam()] };
}

/** Nothing typed yet: the draft a new conflict starts from. */
export const isEmpty = (draft) => JSON.stringify(draft) === JSON.stringify(emptyDraft(draft.edition));

/** A draft from a conflict's setup (a rematch starts from the same teams). */
export function draftFrom(setup) {
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
export function isDraft(d) {
  return !!d && typeof d.edition === "string" && Array.isArray(d.teams) &&
    d.teams.every((t) => t && Array.isArray(t.members) && t.members.every((m) => m && typeof m === "object"));
}

/** Typed text as the rules expect it: whole-number-looking text is a number, other text stays as typed. */
export const value = typedNumber;

export const shown = (f, teamIndex) => f.when !== "defending" || teamIndex > 0;

/** The setup as morale.replay takes it, with only the fields the edition asks for. */
export function payload(draft, form) {
  const put = (out, f, raw) => {
    if (f.type === "flag") out[f.name] = !!raw;
    else if (f.type === "count" || f.type === "integer") {
      if (String(raw ?? "").trim() !== "" || !f.optional) out[f.name] = value(raw);
    } else out[f.name] = String(raw ?? "");
  };
  return {
    edition: draft.edition,
    teams: draft.teams.map((t, i) => {
      const team = {};
      for (const f of form.team) {
        if (f.type === "member") team[f.name] = t.members[t.captain]?.name ?? "";
        else put(team, f, t[f.name]);
      }
      team.members = t.members.map((m) => {
        const member = {};
        for (const f of form.member) if (shown(f, i)) put(member, f, m[f.name]);
        return member;
      });
      return team;
    }),
  };
}

/** Apply one input to the draft (its data-path names where it goes). */
export function update(draft, input) {
  put(draft, input.dataset.path, input.type === "checkbox" ? input.checked : input.type === "radio" ? Number(input.value) : input.value);
}

/** Put a value where a path says ("teams.0.members.1.name"): the setup view's fields carry theirs. */
export function put(draft, path, value) {
  const keys = path.split(".");
  let node = draft;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys.at(-1)] = value;
}

/** A copy to change (the store's state is never changed in place). */
export const copy = (draft) => structuredClone(draft);

export function addMember(draft, i) {
  draft.teams[i].members.push(blankMember());
}

export function removeMember(draft, i, j) {
  const team = draft.teams[i];
  team.members.splice(j, 1);
  if (team.captain === j) team.captain = 0;
  else if (team.captain > j) team.captain -= 1;
}

export function addTeam(draft) {
  draft.teams.push(blankTeam());
}

export function removeTeam(draft, i) {
  draft.teams.splice(i, 1);
}
