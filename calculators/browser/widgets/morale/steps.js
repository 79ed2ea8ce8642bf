// The morale tracker's changes to the conflict: start one, log an event, undo,
// redo, take one from a file or a link. Each asks rules_core (morale.replay,
// morale.apply) and is kept by the keeper (keep.js). `m` is the mounted tracker.
import * as saved from "./saved.js";
import * as setup from "./draft.js";
import * as play from "./play.js";
import { redoneIds } from "../../keeping/logs.js";

export function steps(m, keep) {
  const focusPlay = () => m.root.querySelector(`#${CSS.escape(m.wid)}-play-title`)?.focus({ preventScroll: !!m.table?.open });

  async function start() {
    m.tried = true;
    const payload = setup.payload(m.draft, m.forms[m.draft.edition]);
    const reply = await m.engine.call("morale.replay", { setup: payload, events: [] });
    if (m.ui.failed(m.main, reply)) return m.main.querySelector('[aria-invalid="true"]')?.focus();
    const fresh = { setup: payload, events: [], redo: [], ids: [], redoIds: [], dropped: [], refused: [] };
    if (!await keep.replaceWith(fresh, reply.result, null)) return;
    m.tried = false;
    m.notice.hidden = true; // anything set aside stays listed under "Keep and share"
    m.say(`Conflict started: ${m.view.teams.map((t) => `${t.name} at ${play.signed(t.morale)}`).join(", ")}. ${m.view.turn} acts first.` +
      (m.conflict.replaced ? " The one before was set aside: Undo brings it back." : ""));
    m.draw(null);
    focusPlay();
  }

  /** Not made: another tab's change came first (persist's why). The tracker shows what is stored now. */
  function overtaken(why) {
    m.paintPanel();
    m.draw();
    m.showNotice(why);
  }

  /** Log an event. at: when it was tapped (its time in a merge with another tab's log); tries: how many times
   *  another tab's change came first (the rules then look at it again on it). */
  async function log(event, opener, { at = Date.now(), tries = 0 } = {}) {
    const { conflict } = m;
    const reply = await m.engine.call("morale.apply", { setup: conflict.setup, events: conflict.events, event });
    // An error names an event's own field and the event's index: beside the form's field only when it is the new event's.
    if (!reply.ok && reply.error.event != null && reply.error.event !== conflict.events.length) reply.error.field = null;
    const where = m.panel ? m.panel.node : m.main;
    if (m.ui.failed(where, reply)) {
      if (!m.panel) m.showNotice(reply.error.message);
      return where.querySelector('[aria-invalid="true"]')?.focus();
    }
    const lost = await keep.persist(saved.logged(conflict, reply.result.event, at), reply.result);
    if (lost) {
      // The same team's turn ended in the other tab, say: looked at again on what is stored, a refusal is
      // said where this one would be (beside the open form, its entries kept).
      if (tries >= 2) return overtaken(lost);
      m.paintPanel();
      m.draw();
      return log(event, opener, { at, tries: tries + 1 });
    }
    m.panel = null;
    const note = m.view.form.events.find((e) => e.kind === event.kind)?.note;
    m.say(note ? `${m.view.log[0].text} ${note}` : m.view.log[0].text);
    m.draw(opener);
  }

  async function undo() {
    const { conflict } = m;
    if (!conflict.events.length) return conflict.replaced && keep.bringBack();
    const gone = m.view.log[0]?.text;
    const events = conflict.events.slice(0, -1);
    const reply = await keep.replay(conflict, events);
    if (m.ui.failed(m.main, reply)) return m.showNotice(reply.error.message);
    const lost = await keep.persist({
      ...conflict, events, ids: conflict.ids.slice(0, -1),
      redo: [...conflict.redo, conflict.events.at(-1)], redoIds: [...conflict.redoIds, conflict.ids.at(-1)],
    }, reply.result);
    if (lost) return overtaken(lost);
    m.panel = null;
    m.say(`Undone: ${gone}`);
    m.draw();
  }

  async function redo() {
    const { conflict } = m;
    const event = conflict.redo.at(-1);
    if (!event) return;
    const reply = await m.engine.call("morale.apply", { setup: conflict.setup, events: conflict.events, event });
    if (!reply.ok) return m.showNotice(`Redo is not possible: ${reply.error.message}`);
    const lost = await keep.persist({
      ...conflict, events: [...conflict.events, reply.result.event], redo: conflict.redo.slice(0, -1),
      ...redoneIds(conflict), // a new id: the undone one stays out when two tabs' logs merge
    }, reply.result);
    if (lost) return overtaken(lost);
    m.panel = null;
    m.say(`Redone: ${m.view.log[0].text}`);
    m.draw();
  }

  /** Take an imported or shared conflict; the one it replaces is set aside if anything was logged. */
  async function adopt(text, field) {
    const { conflict: c, problem } = saved.unpack(text);
    const result = problem ? { message: `This file can't be used: ${problem}.` } : await keep.check(c);
    if (result.down || result.message) {
      const message = result.down || (result.message.startsWith("This") ? result.message : `This conflict no longer replays: ${result.message}`);
      m.ui.showError(m.form, { field, message });
      return false;
    }
    if (result.redoProblem) Object.assign(c, { redo: [], redoIds: [] });
    if (!await keep.replaceWith(c, result.state, field)) return false;
    m.say(`Opened a conflict with ${c.events.length} logged event${c.events.length === 1 ? "" : "s"}` +
      `${result.redoProblem ? " (its redo list no longer replays and was left out)" : ""}.`);
    m.draw(null);
    focusPlay();
    return true;
  }

  /** Offer a link's conflict once the rules have replayed it (a link they refuse is never offered).
   *  @param {{text?: string, problem?: string}} shared a link's text, or why it can't be read */
  async function offerShared({ text, problem: damaged }) {
    const { conflict: c, problem } = damaged ? { problem: damaged } : saved.unpack(text);
    const result = problem ? null : await keep.check(c);
    if (problem || result.message) {
      m.showNotice(problem ? `The link carries a conflict that can't be read (${problem}). Nothing was changed.`
        : `The link carries a conflict that can't be used: ${result.message.replace(/\.$/, "")}. Nothing was changed.`);
      saved.forgetShared();
      return;
    }
    // Replayed (or the engine is down, and opening it checks again): the teams are named as the rules read them.
    const teams = Array.isArray(c.setup.teams) && c.setup.teams.every((t) => typeof t?.name === "string")
      ? c.setup.teams.map((t) => t.name).join(" against ") : "a conflict";
    m.showNotice(`This link carries a conflict: ${teams}, ${c.events.length} logged. Opening it sets the current one aside.`,
      m.ui.el("button", { type: "button", class: "calc__primary", "data-act": "open-shared" }, "Open it"));
    m.notice.dataset.shared = text;
  }

  return { start, log, undo, redo, adopt, offerShared };
}
