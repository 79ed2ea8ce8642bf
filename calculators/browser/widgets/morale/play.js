// The play view: turn order, one card per team (its numbers and standing,
// a button per event the rules allow now), the log, and the open event form.
// Every number, status and sentence shown comes from rules_core's state.
import { field } from "./fields.js";
import { signed as signedBy, typedNumber } from "../../ui.js";

const MEMBER_WORDS = {
  active: "", left: "left the conflict", retired: "overwhelmed: retired", last_stand: "in their Last Stand",
  perished: "perished", survived: "survived their Last Stand",
};
const TEAM_BADGE = { playing: "Fighting", deciding: "Last Stand or lose", broken: "Morale broken", lost: "Lost", won: "Won" };

/** A morale value with a real minus sign. */
export const signed = (n) => signedBy(n, "morale"); // morale reads 3, −1 (ui.signed)

const eventForm = (view, kind) => view.form.events.find((e) => e.kind === kind);

/** The fields an event asks for here and now (a field's `when` decides; `disposed` is toggled in the form). */
export function fieldsFor(view, kind, { member, team }) {
  const t = view.teams.find((x) => x.name === team);
  const m = t?.members.find((x) => x.name === member);
  const when = { captain: !!m?.captain, keep_morale_due: !!t?.keep_morale.due, disposed: true };
  const teammates = t ? t.members.filter((x) => x.in_play && x.name !== member).length : 0;
  return eventForm(view, kind).fields
    .filter((f) => !f.when || when[f.when])
    .filter((f) => f.type !== "teammate" || teammates); // nobody left to choose: nothing to ask
}

export function teamOf(view, member) {
  return view.teams.find((t) => t.members.some((m) => m.name === member))?.name;
}

/** The scoreboard: one line per team (morale, broken or not, whose turn, the keep-morale test due),
 *  kept in view (sticky) while the player scrolls the cards on a phone. */
function scoreboard(view, { ui, wid }) {
  const { el } = ui;
  return el("section", { class: "morale__board", "aria-labelledby": `${wid}-board-title`, "data-out": "scoreboard" },
    ui.heading(wid, 2, { class: "calc__sr", id: `${wid}-board-title` }, "Scoreboard"),
    el("p", { class: "morale__board-round" },
      view.turn ? [`Round ${view.round} · turn: `, el("strong", {}, view.turn)] : `Round ${view.round}: over`),
    el("ul", { class: "morale__board-teams" }, ...view.teams.map((t) => {
      const k = t.keep_morale;
      const now = t.name === view.turn;
      const state = [t.status !== "playing" ? TEAM_BADGE[t.status] ?? t.status : null,
                     t.broken_morale ? `BROKEN MORALE ${t.broken_morale}` : null,
                     k.due ? `keep morale: difficulty ${k.difficulty}` : null].filter(Boolean).join(" · ");
      return el("li", { class: `morale__board-team morale__board-team--${t.status}${now ? " morale__board-team--now" : ""}`,
                        "data-team": t.name, "aria-current": now ? "true" : null },
        el("span", { class: "morale__board-name" }, now ? el("span", { "aria-hidden": "true" }, "▶ ") : null, t.name,
          now ? el("span", { class: "calc__sr" }, " (their turn)") : null),
        el("strong", { class: "morale__board-value", "data-out": "board-morale", "data-value": t.morale },
          el("span", { class: "calc__sr" }, "morale "), signed(t.morale)),
        state ? el("span", { class: "morale__board-state", "data-out": "board-state" }, state) : null);
    })));
}

export function draw(view, { ui, wid, panel, conflict, expanded = new Set() }) {
  const { el } = ui;
  // rules_core's sentence: the outcome once decided, or what a team whose morale just broke may do
  const over = view.announcement ? el("p", { class: "morale__banner", "data-out": "outcome" }, view.announcement) : null;
  const order = el("ol", { class: "morale__order", "aria-label": "Turn order", "data-out": "turn-order" },
    ...view.turn_order.map((name) => {
      const lost = view.teams.find((t) => t.name === name).status === "lost";
      return el("li", { class: `${name === view.turn ? "morale__now" : ""}${lost ? " morale__gone" : ""}`,
                        "aria-current": name === view.turn ? "step" : null }, name);
    }));
  return [
    ui.heading(wid, 1, { class: "morale__heading", id: `${wid}-play-title`, tabindex: "-1" },
      `Conflict (${view.edition})`),
    el("p", { class: "morale__turn", "data-out": "turn" },
      view.turn ? [`Round ${view.round}. Turn: `, el("strong", {}, view.turn), "."] : `Round ${view.round}: the conflict is over.`),
    scoreboard(view, { ui, wid }),
    order,
    over,
    ...view.teams.map((t, i) => teamCard(t, i, view, { ui, wid, panel, expanded })),
    logSection(view, { ui, wid, conflict }),
  ];
}

function teamCard(t, i, view, { ui, wid, panel, expanded }) {
  const { el } = ui;
  const k = t.keep_morale;
  const standers = t.members.filter((m) => m.status === "last_stand").map((m) => m.name);
  const button = (kind, who) => {
    const e = eventForm(view, kind);
    return el("button", {
      type: "button", class: `morale__act morale__act--${kind}`, "data-act": "event", "data-kind": kind,
      "data-member": who.member, "data-team": who.team, "data-key": `event:${kind}:${who.member ?? who.team}`,
      "aria-expanded": panel && panel.kind === kind && (panel.member ?? panel.team) === (who.member ?? who.team) ? "true" : null,
    }, e.label, el("span", { class: "calc__sr" }, `: ${who.member ?? who.team}`));
  };
  const openHere = (who) => panel && (who.member ? panel.member === who.member : !panel.member && panel.team === who.team);
  // A member's event buttons sit behind their name (a disclosure button): six buttons a member make a long page.
  const members = t.members.map((m, j) => {
    const open = expanded.has(m.name) || openHere({ member: m.name });
    const boxId = `${wid}-member-${i}-${j}`;
    const who = [
      m.captain ? el("span", { class: "morale__badge" }, "captain") : null,
      MEMBER_WORDS[m.status] ? el("span", { class: "morale__state", "data-out": "member-status" }, MEMBER_WORDS[m.status]) : null,
    ];
    return el("li", { class: `morale__member${m.in_play ? "" : " morale__gone"}`, "data-member": m.name },
      m.actions.length
        ? el("p", { class: "morale__who" },
            el("button", { type: "button", class: "morale__toggle", "data-act": "member", "data-member": m.name,
                           "data-key": `member:${m.name}`, "aria-expanded": open ? "true" : "false", "aria-controls": boxId },
              el("span", { class: "morale__name" }, m.name),
              el("span", { class: "calc__sr" }, ": events")), ...who)
        : el("p", { class: "morale__who" }, el("span", { class: "morale__name" }, m.name), ...who),
      m.actions.length
        ? el("div", { class: "calc__buttons", id: boxId, hidden: !open },
            ...m.actions.map((kind) => button(kind, { member: m.name, team: t.name })))
        : null,
      openHere({ member: m.name }) ? panel.node : null);
  });
  return el("section", {
    class: `morale__team morale__team--${t.status}${t.name === view.turn ? " morale__team--now" : ""}`,
    "data-team": t.name, "aria-labelledby": `${wid}-team-${i}`,
  },
  ui.heading(wid, 2, { class: "morale__team-name", id: `${wid}-team-${i}` },
    t.name, " ", el("span", { class: "morale__badge", "data-out": "badge" }, TEAM_BADGE[t.status] ?? t.status),
    t.name === view.turn ? el("span", { class: "morale__badge morale__badge--now" }, "their turn") : null),
  t.goal ? el("p", { class: "morale__goal" }, `Goal: ${t.goal}`) : null,
  el("p", { class: "morale__score" },
    el("span", { class: "morale__label" }, "Morale "),
    el("strong", { class: "morale__value", "data-out": "morale", "data-value": t.morale }, signed(t.morale))),
  el("dl", { class: "morale__facts" },
    el("dt", {}, "BROKEN MORALE"),
    el("dd", { "data-out": "broken-morale" }, t.broken_morale ? `rating ${t.broken_morale}` : "no"),
    el("dt", {}, "Keep-morale test"),
    el("dd", { "data-out": "keep-morale" },
      k.due ? `due at the end of its turn: difficulty ${k.difficulty}, +${k.per_helper} per helper` : "not due"),
    el("dt", {}, "Standing"),
    el("dd", { "data-out": "status" }, t.status_text),
    el("dt", {}, "Captain"),
    el("dd", { "data-out": "captain" }, t.captain ?? "nobody"),
    el("dt", {}, "In their Last Stand"),
    el("dd", { "data-out": "last-stand" }, standers.length ? standers.join(", ") : "nobody")),
  t.actions.length ? el("div", { class: "calc__buttons" }, ...t.actions.map((kind) => button(kind, { team: t.name }))) : null,
  openHere({ team: t.name }) ? panel.node : null,
  el("ul", { class: "morale__members", "aria-label": `Members of ${t.name}` }, ...members));
}

function logSection(view, { ui, wid, conflict }) {
  const { el } = ui;
  return el("section", { class: "morale__log-section", "aria-labelledby": `${wid}-log-title` },
    ui.heading(wid, 2, { id: `${wid}-log-title` }, "Log, newest first"),
    el("div", { class: "calc__buttons" },
      el("button", { type: "button", "data-act": "undo", "data-key": "undo", disabled: !conflict.events.length && !conflict.replaced },
        conflict.events.length || !conflict.replaced ? "Undo" : "Undo (bring back the conflict before)"),
      el("button", { type: "button", "data-act": "redo", "data-key": "redo", disabled: !conflict.redo.length },
        conflict.redo.length > 1 ? `Redo (${conflict.redo.length})` : "Redo")),
    view.log.length
      ? el("ol", { class: "morale__log", reversed: true, "data-out": "log" },
          ...view.log.map((entry) => el("li", { value: entry.index + 1 }, entry.text)))
      : el("p", { class: "morale__log-empty", "data-out": "log" }, "Nothing logged yet."));
}

/** The form of one event for one member or team, drawn in place under its button.
 * @param {any} view
 * @param {{ui: any, wid: string, kind: string, member?: string, team?: string, values?: Record<string, any>}} options */
export function drawPanel(view, { ui, wid, kind, member, team, values = {} }) {
  const { el } = ui;
  const e = eventForm(view, kind);
  const title = member ? `${e.label}: ${member}` : `${e.label}: ${team}`;
  const teamState = view.teams.find((t) => t.name === team);
  const fields = fieldsFor(view, kind, { member, team }).map((f) => {
    let options;
    if (f.type === "opponent") {
      options = view.teams.filter((t) => t.name !== team)
        .map((t) => ({ label: t.name, names: t.members.filter((m) => m.in_play).map((m) => m.name) }))
        .filter((g) => g.names.length);
    } else if (f.type === "teammate") {
      options = [{ label: team, names: teamState.members.filter((m) => m.in_play && m.name !== member).map((m) => m.name) }];
    }
    const node = field(ui, f, { id: `${wid}-panel-${f.name}`, name: f.name, value: values[f.name], options });
    if (f.when === "disposed") {
      node.dataset.when = "disposed";
      node.hidden = !values.disposed;
    }
    return node;
  });
  // The keep-morale test's difficulty, shown before the roll (and updated as helpers join) under the helpers field.
  const helpers = fields.findIndex((node) => node.dataset.field === "helpers");
  if (helpers >= 0) {
    fields.splice(helpers + 1, 0, el("output", { class: "morale__difficulty", "data-out": "difficulty", "aria-live": "polite" },
      `Difficulty ${teamState.keep_morale.difficulty} (BROKEN MORALE ${teamState.broken_morale}, nobody helping).`));
  }
  return el("div", { class: "morale__panel", role: "group", "aria-labelledby": `${wid}-panel-title`, "data-panel": kind },
    el("p", { class: "morale__panel-title", id: `${wid}-panel-title` },
      title, kind === "end_turn" && teamState.captain && helpers >= 0 ? ` (captain: ${teamState.captain})` : ""),
    e.note ? el("p", { class: "morale__note", "data-out": "note" }, e.note) : null,
    ...fields,
    el("p", { class: "calc__form-error", hidden: true }),
    el("div", { class: "calc__buttons" },
      el("button", { type: "submit", class: "calc__primary", "data-key": "panel-submit" },
        kind === "end_turn" ? "End the turn" : `Log ${e.label.toLowerCase()}`),
      el("button", { type: "button", "data-act": "cancel", "data-key": "panel-cancel" }, "Cancel")));
}

/** What the open form says, as the event morale.apply takes. */
export function readPanel(view, node, { kind, member, team }) {
  const event = { kind };
  if (member) event.member = member;
  else event.team = team;
  for (const f of fieldsFor(view, kind, { member, team })) {
    const input = node.querySelector(`[name="${CSS.escape(f.name)}"]`);
    if (!input || input.closest("[data-field]").hidden) continue;
    if (f.type === "flag") event[f.name] = input.checked;
    else if (f.type === "count" || f.type === "integer") {
      event[f.name] = typedNumber(input.value);
    } else event[f.name] = input.value;
  }
  return event;
}
