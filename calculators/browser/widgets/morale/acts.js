// What the morale tracker's buttons do (data-act), as one table: the tools
// (export, share, a link's conflict), the setup's team and member buttons, and
// play's event buttons, undo and redo. `m` is the mounted tracker (index.js).
import * as share from "../../share.js";
import * as saved from "./saved.js";
import * as setup from "./draft.js";
import * as play from "./play.js";

export function acts(m) {
  const { el } = m.ui;
  const focusTitle = (which) => m.root.querySelector(`#${CSS.escape(m.wid)}-${which}-title`)?.focus();
  const changeDraft = (change, focusKey) => {
    change();
    m.drafts.write(m.draft);
    m.draw(focusKey);
  };

  /** Setup's buttons (team i). */
  const setupActs = {
    "add-member": (t, i) => {
      changeDraft(() => setup.addMember(m.draft, i), null);
      const j = m.draft.teams[i].members.length - 1;
      m.main.querySelector(`[name="teams[${i}].members[${j}].name"]`)?.focus();
    },
    "remove-member": (t, i) => changeDraft(() => setup.removeMember(m.draft, i, Number(t.dataset.index)), `add-member:${i}`),
    "add-team": () => {
      changeDraft(() => setup.addTeam(m.draft), null);
      m.main.querySelector(`[name="teams[${m.draft.teams.length - 1}].name"]`)?.focus();
    },
    "remove-team": (t, i) => changeDraft(() => setup.removeTeam(m.draft, i), "add-team"),
    back: () => {
      m.mode = "play";
      m.draw();
      focusTitle("play");
    },
  };

  /** Play's buttons. */
  const playActs = {
    new: () => {
      Object.assign(m, { draft: setup.draftFrom(m.conflict.setup), mode: "setup", panel: null, tried: false });
      m.draw();
      focusTitle("setup");
    },
    cancel: () => m.closePanel(),
    "table-open": () => m.table.show(),
    "table-close": () => m.table.close(),
    /** The table view's who acts: one tap shows the member's events (again: hides them). */
    choose: (t) => {
      const name = t.dataset.member;
      m.chosen = m.chosen === name ? null : name;
      if (m.panel && m.panel.member && m.panel.member !== m.chosen) m.panel = null;
      m.draw(`choose:${name}`);
    },
    /** A pick in the table view's event form: sets its field as typing or choosing would. */
    pick: (t) => {
      const input = m.panel?.node.querySelector(`[name="${CSS.escape(t.dataset.name)}"]`);
      if (!input) return;
      input.value = t.dataset.value;
      input.dispatchEvent(new Event("input", { bubbles: true })); // the form keeps it and shows this pick pressed
    },
    undo: () => m.run(m.undo),
    redo: () => m.run(m.redo),
    member: (t) => {
      const name = t.dataset.member;
      if (m.expanded.has(name)) m.expanded.delete(name);
      else m.expanded.add(name);
      if (m.panel && m.panel.member === name && !m.expanded.has(name)) m.panel = null;
      m.draw(`member:${name}`);
    },
    event: (t) => {
      const { kind, member, team } = t.dataset;
      if (m.panel && m.panel.kind === kind && (m.panel.member ?? m.panel.team) === (member ?? team)) return m.closePanel();
      if (!play.fieldsFor(m.view, kind, { member, team }).length) {
        m.panel = null;
        const at = Date.now(); // the tap's time (steps.js log)
        return m.run(() => m.log(member ? { kind, member } : { kind, team }, t.dataset.key, { at }));
      }
      m.openPanel(kind, member, member ? play.teamOf(m.view, member) : team);
    },
  };

  /** Buttons in every mode. */
  const always = {
    dismiss: () => { m.notice.hidden = true; },
    export: () => {
      saved.download(saved.fileName("morale-conflict"), JSON.stringify(saved.pack(m.conflict), null, 1));
      m.say("The conflict was exported as a file.");
    },
    share: async () => {
      const link = await saved.shareLink(m.conflict);
      const { words, box, code } = await share.offer(el, link, "this conflict as it is now");
      box.classList.add("morale__link");
      m.showNotice(words, box, code);
      box.select();
    },
    "open-shared": () => {
      const text = m.notice.dataset.shared;
      return m.run(async () => {
        if (await m.adopt(text, "import")) {
          m.notice.hidden = true;
          saved.forgetShared();
        }
      });
    },
  };

  /** A click anywhere in the tracker's form. */
  return function onClick(event) {
    const target = event.target.closest("[data-act]");
    if (!target || !m.root.contains(target) || target.tagName === "INPUT" || target.tagName === "SELECT") return;
    const { act } = target.dataset;
    if (act.startsWith("aside-")) return; // the set-aside list handles its own buttons
    const table = always[act] ? always : m.mode === "setup" ? setupActs : playActs;
    return table[act]?.(target, Number(target.dataset.team));
  };
}
