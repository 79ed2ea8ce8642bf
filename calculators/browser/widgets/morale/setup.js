// The setup view: edition, teams, members. Which fields an edition asks for
// (the wiki's Approach and positioning) comes from rules_core's form, rendered
// into the page at build time; checking the setup is rules_core's job.
import { field } from "./fields.js";
import { rosterNames } from "../../party/roster.js";
import { typedNumber } from "../../ui.js";

const blankMember = () => ({ name: "", successes: "", perfect_defense: false, vigor: false, intuition: false });
const blankTeam = () => ({ name: "", goal: "", approach: "", captain: 0, members: [blankMember(), blankMember()] });

export function emptyDraft(edition) {
  return { edition, teams: [blankTeam(), blankTeam()] };
}

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

const shown = (f, teamIndex) => f.when !== "defending" || teamIndex > 0;

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

/** Draw the setup view. `editions` lists the editions; `running` describes the conflict in progress,
 *  `keeps`: a start sets it aside. */
export function draw(draft, { ui, wid, form, editions, running, keeps }) {
  const { el } = ui;
  const party = rosterNames(); // the stress calculator's roster: members can be picked from it
  const teams = draft.teams.map((t, i) => {
    const where = `teams[${i}]`;
    const teamFields = form.team.filter((f) => f.type !== "member").map((f) =>
      field(ui, { ...f, label: f.name === "name" ? `Team ${i + 1}: name` : f.label },
        { id: `${wid}-t${i}-${f.name}`, name: `${where}.${f.name}`, value: t[f.name], path: `teams.${i}.${f.name}` }));
    const members = t.members.map((m, j) => {
      const mw = `${where}.members[${j}]`;
      const fields = form.member.filter((f) => shown(f, i)).map((f) =>
        field(ui, { ...f, label: f.name === "name" ? `Member ${j + 1}` : f.label },
          { id: `${wid}-t${i}-m${j}-${f.name}`, name: `${mw}.${f.name}`, value: m[f.name], path: `teams.${i}.members.${j}.${f.name}`,
            list: f.name === "name" && party.length ? `${wid}-party` : null }));
      const captainId = `${wid}-t${i}-m${j}-captain`;
      return el("li", { class: "morale__setup-member" },
        ...fields,
        el("div", { class: "morale__captain-pick" },
          el("input", { type: "radio", id: captainId, name: `${where}.captain`, value: String(j), checked: t.captain === j,
                        "data-path": `teams.${i}.captain` }),
          el("label", { for: captainId }, "Captain")),
        t.members.length > 1
          ? el("button", { type: "button", class: "morale__remove", "data-act": "remove-member", "data-team": i, "data-index": j,
                           "data-key": `remove-member:${i}:${j}` }, "Remove", el("span", { class: "calc__sr" }, ` member ${j + 1}`))
          : null);
    });
    return el("fieldset", { class: "morale__setup-team" },
      el("legend", {}, `Team ${i + 1}${i === 0 ? " (started the conflict)" : ""}`),
      ...teamFields,
      ui.errorSlot(`${where}.captain`),
      el("ul", { class: "morale__setup-members", "aria-label": `Members of team ${i + 1}` }, ...members),
      ui.errorSlot(`${where}.members`),
      el("div", { class: "calc__buttons" },
        el("button", { type: "button", "data-act": "add-member", "data-team": i, "data-key": `add-member:${i}` }, "Add member", el("span", { class: "calc__sr" }, ` to team ${i + 1}`)),
        draft.teams.length > 2
          ? el("button", { type: "button", "data-act": "remove-team", "data-team": i, "data-key": `remove-team:${i}` },
              "Remove team", el("span", { class: "calc__sr" }, ` ${i + 1}`))
          : null));
  });
  const edition = ui.field({ id: `${wid}-edition`, field: "edition", label: "Edition", kind: "select",
    options: editions.map((e) => [e, e]), value: draft.edition, attrs: { "data-act": "edition" } });
  return [
    ui.heading(wid, 1, { class: "morale__heading", id: `${wid}-setup-title`, tabindex: "-1" }, "New conflict"),
    party.length ? el("datalist", { id: `${wid}-party` }, ...party.map((n) => el("option", { value: n }))) : null,
    edition,
    ...teams,
    ui.errorSlot("teams"),
    el("div", { class: "calc__buttons" },
      el("button", { type: "button", "data-act": "add-team", "data-key": "add-team" }, "Add team")),
    el("output", { class: "calc__result morale__preview", "data-out": "preview", "aria-live": "polite" }),
    el("p", { class: "calc__form-error", hidden: true }),
    keeps ? el("p", { class: "morale__warning", "data-out": "replaces" },
      `Starting sets the conflict in progress (${running}) aside: Undo brings it back, ` +
      "and it can be downloaded under “Keep and share”.") : null,
    el("div", { class: "calc__buttons" },
      el("button", { type: "submit", class: "calc__primary", "data-key": "start" }, "Start the conflict"),
      running ? el("button", { type: "button", "data-act": "back", "data-key": "back" }, "Back to the conflict") : null),
  ];
}

/** Apply one input to the draft (its data-path names where it goes). */
export function update(draft, input) {
  const path = input.dataset.path.split(".");
  let node = draft;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path.at(-1);
  node[last] = input.type === "checkbox" ? input.checked : input.type === "radio" ? Number(input.value) : input.value;
}

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
