// The play view: turn order, one card per team (its numbers and standing,
// a button per event the rules allow now), the log, and the open event form.
// Every number, status and sentence shown comes from rules_core's state. The
// view is a lit-html template (a tap updates what changed); the open event's
// form is a box made when it opens, drawn through lit-html from what the player
// has picked or typed so far (panelHtml), and placed in it.
import { html, nothing } from "../../vendor/lit-html/lit-html.js";
import { repeat } from "../../vendor/lit-html/directives/repeat.js";
import { field } from "./fields.js";
import { hx } from "../../draw.js";
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
function scoreboard(view, { wid, level }) {
  return html`<section class="morale__board" aria-labelledby=${`${wid}-board-title`} data-out="scoreboard">
    ${hx(level(2), { cls: "calc__sr", id: `${wid}-board-title` }, "Scoreboard")}
    <p class="morale__board-round">${view.turn ? html`Round ${view.round} · turn: <strong>${view.turn}</strong>` : `Round ${view.round}: over`}</p>
    <ul class="morale__board-teams">${repeat(view.teams, (t) => t.name, (t) => {
      const k = t.keep_morale;
      const now = t.name === view.turn;
      const state = [t.status !== "playing" ? TEAM_BADGE[t.status] ?? t.status : null,
                     t.broken_morale ? `BROKEN MORALE ${t.broken_morale}` : null,
                     k.due ? `keep morale: difficulty ${k.difficulty}` : null].filter(Boolean).join(" · ");
      return html`<li class=${`morale__board-team morale__board-team--${t.status}${now ? " morale__board-team--now" : ""}`}
          data-team=${t.name} aria-current=${now ? "true" : nothing}>
        <span class="morale__board-name">${now ? html`<span aria-hidden="true">▶ </span>` : nothing}${t.name}${
          now ? html`<span class="calc__sr"> (their turn)</span>` : nothing}</span>
        <strong class="morale__board-value" data-out="board-morale" data-value=${t.morale}><span class="calc__sr">morale </span>${signed(t.morale)}</strong>
        ${state ? html`<span class="morale__board-state" data-out="board-state">${state}</span>` : nothing}
      </li>`;
    })}</ul>
  </section>`;
}

/** The play view, drawn by lit-html into its own box: a tap changes only what changed (the log adds a line).
 *  `level(depth)`: the heading level `depth` below the widget's place on the page. In the table view
 *  (`table`), the top of the screen holds whose turn it is, who acts (one tap), their events (one tap) and
 *  the open event's form up to its button, then the last logged line; the cards and the log follow. */
export function draw(view, { wid, panel, conflict, expanded = new Set(), level, table = false, chosen = null }) {
  return html`
    ${table ? tableTop(view, { panel, chosen, conflict }) : nothing}
    ${hx(level(1), { cls: "morale__heading", id: `${wid}-play-title`, tabindex: "-1" }, `Conflict (${view.edition})`)}
    <p class="morale__turn" data-out="turn">${view.turn ? html`Round ${view.round}. Turn: <strong>${view.turn}</strong>.`
      : `Round ${view.round}: the conflict is over.`}${table ? nothing : html` <button type="button" class="morale__tableopen"
        data-act="table-open" data-key="table-open">Table view</button>`}</p>
    ${table ? nothing : scoreboard(view, { wid, level })}
    <ol class="morale__order" aria-label="Turn order" data-out="turn-order">${view.turn_order.map((name) => {
      const lost = view.teams.find((t) => t.name === name).status === "lost";
      return html`<li class=${`${name === view.turn ? "morale__now" : ""}${lost ? " morale__gone" : ""}`}
        aria-current=${name === view.turn ? "step" : nothing}>${name}</li>`;
    })}</ol>
    ${view.announcement && !table ? html`<p class="morale__banner" data-out="outcome">${view.announcement}</p>` : nothing}
    ${repeat(view.teams, (t) => t.name, (t, i) => teamCard(t, i, view, { wid, panel: table ? null : panel, expanded, level, table }))}
    ${logSection(view, { wid, conflict, level })}`;
}

/** The table view's top: Close, the scoreboard, who acts (the team whose turn it is first), the chosen
 *  member's events and their team's, the open event's form (its box: panelHtml), the last logged line. */
function tableTop(view, { panel, chosen, conflict }) {
  const teams = [...view.teams].sort((a, b) => Number(b.name === view.turn) - Number(a.name === view.turn));
  const acting = teams.flatMap((t) => t.members.filter((m) => m.actions.length).map((m) => ({ m, t })));
  const pick = acting.find(({ m }) => m.name === chosen);
  const turnTeam = view.teams.find((t) => t.name === view.turn);
  const eventChip = (kind, who) => {
    const open = panel && panel.kind === kind && (panel.member ?? panel.team) === (who.member ?? who.team);
    return html`<button type="button" class=${`morale__chip morale__act--${kind}${open ? " is-on" : ""}`} data-act="event" data-kind=${kind}
      data-member=${who.member ?? nothing} data-team=${who.team ?? nothing} data-key=${`event:${kind}:${who.member ?? who.team}`}
      aria-expanded=${open ? "true" : nothing}>${eventForm(view, kind).label}<span class="calc__sr">: ${who.member ?? who.team}</span></button>`;
  };
  const last = view.log[0];
  return html`<div class="morale__tabletop">
    <div class="morale__tablebar">
      <p class="morale__tableturn" data-out="table-turn">${view.turn ? html`Round ${view.round} · turn: <strong>${view.turn}</strong>`
        : `Round ${view.round}: over`}</p>
      <button type="button" data-act="undo" data-key="table-undo" ?disabled=${!conflict.events.length}>Undo</button>
      <button type="button" data-act="table-close" data-key="table-close" aria-label="Close the table view">Close</button>
    </div>
    <ul class="morale__tablescore" data-out="scoreboard">${view.teams.map((t) => html`<li data-team=${t.name}
      class=${t.name === view.turn ? "is-now" : ""}>${t.name} <strong data-out="board-morale" data-value=${t.morale}>${signed(t.morale)}</strong>${
      t.status !== "playing" ? html` <span>${TEAM_BADGE[t.status] ?? t.status}</span>` : nothing}${
      t.keep_morale.due ? html` <span>keep morale: ${t.keep_morale.difficulty}</span>` : nothing}</li>`)}</ul>
    ${view.announcement ? html`<p class="morale__banner" data-out="outcome">${view.announcement}</p>` : nothing}
    <div class="morale__chips" role="group" aria-label="Who acts" data-who>${acting.map(({ m, t }) => html`<button type="button"
      class=${`morale__chip${m.name === chosen ? " is-on" : ""}${t.name === view.turn ? "" : " is-other"}`} data-act="choose"
      data-member=${m.name} data-key=${`choose:${m.name}`} aria-pressed=${m.name === chosen ? "true" : "false"}>${m.name}</button>`)}</div>
    <div class="morale__chips" role="group" aria-label="Events" data-events>
      ${pick ? pick.m.actions.map((kind) => eventChip(kind, { member: pick.m.name, team: pick.t.name })) : nothing}
      ${turnTeam ? turnTeam.actions.map((kind) => eventChip(kind, { team: turnTeam.name })) : nothing}
    </div>
    ${panel ? panel.node : nothing}
    <p class="morale__last" data-out="last" ?hidden=${!last}>${last ? html`<strong>Logged:</strong> ${last.text}` : ""}</p>
  </div>`;
}

/** A team's card; in the table view without its event buttons (they stand on top of the screen). */
function teamCard(t, i, view, { wid, panel, expanded, level, table = false }) {
  const k = t.keep_morale;
  const standers = t.members.filter((m) => m.status === "last_stand").map((m) => m.name);
  const button = (kind, who) => {
    const e = eventForm(view, kind);
    const open = panel && panel.kind === kind && (panel.member ?? panel.team) === (who.member ?? who.team);
    return html`<button type="button" class=${`morale__act morale__act--${kind}`} data-act="event" data-kind=${kind}
      data-member=${who.member ?? nothing} data-team=${who.team ?? nothing} data-key=${`event:${kind}:${who.member ?? who.team}`}
      aria-expanded=${open ? "true" : nothing}>${e.label}<span class="calc__sr">: ${who.member ?? who.team}</span></button>`;
  };
  const openHere = (who) => panel && (who.member ? panel.member === who.member : !panel.member && panel.team === who.team);
  // A member's event buttons sit behind their name (a disclosure button): six buttons a member make a long page.
  const member = (m, j) => {
    const open = expanded.has(m.name) || openHere({ member: m.name });
    const boxId = `${wid}-member-${i}-${j}`;
    const who = html`${m.captain ? html`<span class="morale__badge">captain</span>` : nothing}${
      MEMBER_WORDS[m.status] ? html`<span class="morale__state" data-out="member-status">${MEMBER_WORDS[m.status]}</span>` : nothing}`;
    return html`<li class=${`morale__member${m.in_play ? "" : " morale__gone"}`} data-member=${m.name}>
      ${m.actions.length && !table
        ? html`<p class="morale__who"><button type="button" class="morale__toggle" data-act="member" data-member=${m.name}
            data-key=${`member:${m.name}`} aria-expanded=${open ? "true" : "false"} aria-controls=${boxId}><span class="morale__name">${m.name}</span><span
            class="calc__sr">: events</span></button>${who}</p>
          <div class="calc__buttons" id=${boxId} ?hidden=${!open}>${m.actions.map((kind) => button(kind, { member: m.name, team: t.name }))}</div>`
        : html`<p class="morale__who"><span class="morale__name">${m.name}</span>${who}</p>`}
      ${openHere({ member: m.name }) ? panel.node : nothing}
    </li>`;
  };
  return html`<section class=${`morale__team morale__team--${t.status}${t.name === view.turn ? " morale__team--now" : ""}`}
      data-team=${t.name} aria-labelledby=${`${wid}-team-${i}`}>
    ${hx(level(2), { cls: "morale__team-name", id: `${wid}-team-${i}` }, html`${t.name} <span class="morale__badge" data-out="badge">${TEAM_BADGE[t.status] ?? t.status}</span>${
      t.name === view.turn ? html`<span class="morale__badge morale__badge--now">their turn</span>` : nothing}`)}
    ${t.goal ? html`<p class="morale__goal">Goal: ${t.goal}</p>` : nothing}
    <p class="morale__score"><span class="morale__label">Morale </span><strong class="morale__value" data-out="morale" data-value=${t.morale}>${signed(t.morale)}</strong></p>
    <dl class="morale__facts">
      <dt>BROKEN MORALE</dt><dd data-out="broken-morale">${t.broken_morale ? `rating ${t.broken_morale}` : "no"}</dd>
      <dt>Keep-morale test</dt><dd data-out="keep-morale">${k.due ? `due at the end of its turn: difficulty ${k.difficulty}, +${k.per_helper} per helper` : "not due"}</dd>
      <dt>Standing</dt><dd data-out="status">${t.status_text}</dd>
      <dt>Captain</dt><dd data-out="captain">${t.captain ?? "nobody"}</dd>
      <dt>In their Last Stand</dt><dd data-out="last-stand">${standers.length ? standers.join(", ") : "nobody"}</dd>
    </dl>
    ${t.actions.length && !table ? html`<div class="calc__buttons">${t.actions.map((kind) => button(kind, { team: t.name }))}</div>` : nothing}
    ${openHere({ team: t.name }) ? panel.node : nothing}
    <ul class="morale__members" aria-label=${`Members of ${t.name}`}>${repeat(t.members, (m) => m.name, member)}</ul>
  </section>`;
}

function logSection(view, { wid, conflict, level }) {
  return html`<section class="morale__log-section" aria-labelledby=${`${wid}-log-title`}>
    ${hx(level(2), { id: `${wid}-log-title` }, "Log, newest first")}
    <div class="calc__buttons">
      <button type="button" data-act="undo" data-key="undo" ?disabled=${!conflict.events.length && !conflict.replaced}>${
        conflict.events.length || !conflict.replaced ? "Undo" : "Undo (bring back the conflict before)"}</button>
      <button type="button" data-act="redo" data-key="redo" ?disabled=${!conflict.redo.length}>${
        conflict.redo.length > 1 ? `Redo (${conflict.redo.length})` : "Redo"}</button>
    </div>
    ${view.log.length
      ? html`<ol class="morale__log" reversed data-out="log">${repeat(view.log, (e) => e.index,
          (entry) => html`<li value=${entry.index + 1}>${entry.text}</li>`)}</ol>`
      : html`<p class="morale__log-empty" data-out="log">Nothing logged yet.</p>`}
  </section>`;
}

/** The form of one event for one member or team, under its button; drawn again into its box
 * (index.js: openPanel) each time what the player picked or typed changes.
 * values: the fields as picked or typed so far ({name: text, or true/false for a flag});
 * difficulty: the keep-morale test's difficulty sentence once the rules answered (stale: they refused the helpers).
 * @param {any} view
 * @param {{wid: string, kind: string, member?: string, team?: string, values?: Record<string, any>, table?: boolean,
 *          difficulty?: string | null, stale?: boolean}} options */
export function panelHtml(view, { wid, kind, member, team, values = {}, table = false, difficulty = null, stale = false }) {
  const e = eventForm(view, kind);
  const teamState = view.teams.find((t) => t.name === team);
  const specs = fieldsFor(view, kind, { member, team });
  const fields = specs.map((f) => {
    const options = f.type === "opponent"
      ? view.teams.filter((t) => t.name !== team)
        .map((t) => ({ label: t.name, names: t.members.filter((m) => m.in_play).map((m) => m.name) }))
        .filter((g) => g.names.length)
      : f.type === "teammate"
        ? [{ label: team, names: teamState.members.filter((m) => m.in_play && m.name !== member).map((m) => m.name) }]
        : undefined;
    const after = table ? picksHtml(f, options, values[f.name]) : nothing; // one tap instead of a list or the keyboard
    const hidden = f.when === "disposed" && !values.disposed; // asked for once the flag says so
    const shown = field(f, { id: `${wid}-panel-${f.name}`, name: f.name, value: values[f.name], options, after, hidden });
    // The keep-morale test's difficulty, shown before the roll (and updated as helpers join) under the helpers field.
    return f.name !== "helpers" ? shown : html`${shown}<output class="morale__difficulty${stale ? " calc__result--stale" : ""}"
      data-out="difficulty" aria-live="polite">${difficulty
        ?? `Difficulty ${teamState.keep_morale.difficulty} (BROKEN MORALE ${teamState.broken_morale}, nobody helping).`}</output>`;
  });
  const captain = kind === "end_turn" && teamState.captain && specs.some((f) => f.name === "helpers") ? ` (captain: ${teamState.captain})` : "";
  return html`<p class="morale__panel-title" id=${`${wid}-panel-title`}>${e.label}: ${member ?? team}${captain}</p>
    ${e.note ? html`<p class="morale__note" data-out="note">${e.note}</p>` : nothing}
    ${fields}
    <p class="calc__form-error" hidden></p>
    <div class="calc__buttons">
      <button type="submit" class="calc__primary" data-key="panel-submit">${kind === "end_turn" ? "End the turn" : `Log ${e.label.toLowerCase()}`}</button>
      <button type="button" data-act="cancel" data-key="panel-cancel">Cancel</button>
    </div>`;
}

/** How many of something a tap picks in the table view (a larger number is typed in the field). */
const PICKS = [0, 1, 2, 3, 4, 5, 6];

/** The table view's picks under a field: a chip per name (who is attacked, the new captain) or per count
 *  (0–6), each setting the field as typing or choosing would (acts.js: "pick"); the one the field holds is pressed. */
function picksHtml(f, options, value) {
  const names = f.type === "opponent" || f.type === "teammate";
  const values = names ? (options ?? []).flatMap((g) => g.names) : f.type === "count" ? PICKS : [];
  if (!values.length) return nothing;
  const now = String(value ?? (names ? values[0] : "")); // a list shows its first name until another is chosen
  return html`<div class="morale__picks" role="group" aria-label=${f.label}>${values.map((v) => html`<button type="button"
    class="morale__chip" data-act="pick" data-name=${f.name} data-value=${String(v)} aria-pressed=${String(now === String(v))}>${v}</button>`)}</div>`;
}

/** What the open form says, as the event morale.apply takes. */
export function readPanel(view, node, { kind, member, team }) {
  const event = { kind };
  if (member) event.member = member;
  else event.team = team;
  for (const f of fieldsFor(view, kind, { member, team })) {
    const input = node.querySelector(`[name="${CSS.escape(f.name)}"]`);
    if (!input || input.closest("[hidden]")) continue; // a field the event does not ask for now
    if (f.type === "flag") event[f.name] = input.checked;
    else if (f.type === "count" || f.type === "integer") {
      event[f.name] = typedNumber(input.value);
    } else event[f.name] = input.value;
  }
  return event;
}
