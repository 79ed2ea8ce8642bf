// The morale tracker's conflict, kept by the one keeper (keeping/keeper.js):
// the stored form is saved.js's pack/unpack, the check is rules_core's replay,
// two tabs' logs are merged by event ids (saved.merge), a conflict replaced by
// a new start, an import or a link is set aside first and Undo brings it back.
// `m` is the mounted tracker (index.js): its conflict, view, notices and queue.
import * as saved from "./saved.js";

export function keeping(m) {
  const { ui, el } = m;
  const replay = (c, events = c.events) => m.engine.call("morale.replay", { setup: c.setup, events });

  /** Check a conflict by replaying it: {state}, {message, event} (it doesn't replay at that event) or {down} (the engine isn't
   *  running, so nothing can be judged). A redo list that no longer applies is reported as redoProblem. */
  async function check(c) {
    const reply = await replay(c);
    if (!reply.ok) return reply.error.code === "engine" ? { down: reply.error.message } : { message: reply.error.message, event: reply.error.event };
    if (c.redo.length) {
      const all = await replay(c, [...c.events, ...[...c.redo].reverse()]);
      if (!all.ok) return { state: reply.result, redoProblem: all.error.message };
    }
    return { state: reply.result };
  }

  const kept = ui.store.keeper("morale", {
    what: "conflict",
    fresh: () => null,
    codec: {
      toText: (c) => (c ? JSON.stringify(saved.pack(c)) : "null"),
      fromText(text) {
        const { conflict, problem } = saved.unpack(text);
        return problem ? { problem: `it is damaged: ${problem}` } : { value: conflict };
      },
    },
    async check(c) {
      if (!c) return { value: c };
      const r = await check(c);
      if (r.down) return { down: r.down };
      if (r.message) return { problem: r.message, event: r.event };
      return { value: r.redoProblem ? { ...c, redo: [], redoIds: [] } : c, state: r.state, redoProblem: r.redoProblem };
    },
    merge: (ours, theirs, _base, say) => (ours && theirs ? saved.merge(ours, theirs, say)?.conflict ?? null : null),
    refuse: saved.refuse,
  });

  const exportButton = (label, text) => el("button", { type: "button", onclick: () => saved.download(saved.fileName("morale-conflict"), text) }, label);

  /** Save `next` (view: the rules' reply for it) as the conflict; another tab's events merged in first, and
   *  then the merged state is shown. null, or the sentence why the change was not made: another tab's came
   *  first and the two can't both stand (what is stored is shown; the caller tries again on it, or says so). */
  async function persist(next = m.conflict, view = m.view) {
    const { why, value, overtaken, merged } = await kept.save(next);
    Object.assign(m, { conflict: next, view });
    if (value !== next) {
      m.conflict = value;
      m.view = kept.view?.state ?? m.view;
    }
    if (overtaken) return why;
    if (why) m.showNotice(`${why} Export it to keep it.`, exportButton("Export file", JSON.stringify(saved.pack(m.conflict), null, 1)));
    else if (merged) m.showNotice(merged); // an event of ours another tab's merge took out
    return null;
  }

  /** Open the saved conflict: a damaged one or one that no longer replays is set aside, never dropped. */
  async function open() {
    const got = await kept.open();
    if (got.problem) {
      m.showNotice(`The saved conflict could not be opened (${got.problem}). ${got.kept ? "It was set aside, not deleted: you can download it below."
        : "It could not be set aside (storage is full): download it before you start a new conflict."}`,
      el("button", { type: "button", onclick: () => saved.download(saved.fileName("morale-set-aside"), got.text) }, "Download it"));
    } else if (got.notice) m.showNotice(got.notice);
    m.conflict = kept.value;
    m.view = kept.view?.state ?? null;
    if (kept.view?.redoProblem) {
      kept.slot.setAside(kept.slot.text(), `its redo list no longer replays: ${kept.view.redoProblem}`);
      await persist();
      m.showNotice("The saved conflict opened, but its redo list no longer replays; a copy was set aside.");
    }
  }

  /** Replace the conflict in progress by another (a new start, an import, a link): the one in progress
   *  is set aside first, and undo brings it back. False (and nothing changes) when it can't be kept. */
  async function replaceWith(next, state, field) {
    const running = m.conflict && m.conflict.events.length;
    const current = m.conflict && JSON.stringify(saved.pack(m.conflict), null, 1);
    const { why } = running
      ? await kept.replace((at) => ({ ...next, replaced: at }), "replaced by another conflict")
      : await kept.save({ ...next, replaced: null });
    if (running && kept.value === m.conflict) {
      const message = `${why[0].toUpperCase()}${why.slice(1)}.`;
      if (field) ui.showError(m.form, { field, message });
      m.showNotice(message, exportButton("Export the conflict in progress", current));
      return false;
    }
    if (why) m.showNotice(`${why} Export it to keep it.`);
    Object.assign(m, { conflict: kept.value, view: state, panel: null, mode: "play" });
    m.expanded.clear();
    return true;
  }

  /** Undo a start or an import: the conflict it replaced comes back from the set-aside list. */
  async function bringBack() {
    const back = await kept.bringBack(m.conflict.replaced);
    if (back.error) return m.showNotice(`The conflict this one replaced can't be brought back (${back.error}).`);
    Object.assign(m, { conflict: kept.value, view: kept.view.state, panel: null });
    m.say(`Undone: the conflict before is back, with ${m.conflict.events.length} logged.`);
    m.draw();
  }

  /** Another tab saved this conflict: its log and ours are merged (or both kept, one set aside). */
  function watch(signal) {
    kept.watch(({ notice }) => {
      if (m.mode === "loading") return;
      const changed = m.conflict !== kept.value;
      m.conflict = kept.value;
      if (kept.view?.state) m.view = kept.view.state;
      if (changed) m.panel = null;
      if (notice) m.showNotice(notice);
      if (m.mode === "play") m.draw();
    }, { signal, via: m.run });
  }

  return { kept, check, replay, persist, open, replaceWith, bringBack, watch };
}
