// The party above the stress panels (its lists drawn with lit-html, the people
// keyed by id, so a tap keeps its button and its focus): one tap switches the character every
// panel shows; the current character's name, side, standing and traits; the
// roster's file export/import and its share link (share.js). The roster is kept
// by the keeper (keeping/): one that can't be used is set aside with a notice,
// two tabs' changes are merged, and each tab keeps its own current character.
// Its checks are roster.js; the states' checks are the panels' (rules).
import { html, render } from "../../vendor/lit-html/lit-html.js";
import { repeat } from "../../vendor/lit-html/directives/repeat.js";
import { field } from "../../draw.js";
import { drawAsides } from "../../keeping/setaside.js";
import { own } from "../../own.js";
import * as share from "../../share.js";
import { linkHtml, onScreen } from "../../shareform.js";
import {
  FORMAT, LIMITS, SIDES, STANDINGS, addPerson, adopt, bundle, fresh, mergeRosters, rosterCodec, slotName, unpackChecked,
} from "../../party/roster.js";

const SHARE = "stress"; // the link's #stress=…

export function mountRoster({ ui, root, form, signal }) {
  const { el } = ui;
  const wid = root.id || "stress";
  const id = (name) => `${wid}-party-${name}`;
  let panels = {};
  // Every listener goes with the mount's one AbortController (signal).
  const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
  const kept = ui.store.keeper("stress:roster", { fresh, codec: rosterCodec, merge: mergeRosters, lineage: true, what: "roster" });
  const opened = kept.read();
  let roster = kept.value;
  let sharedText = null;

  const people = el("div", { class: "calc__buttons calc-stress__people", role: "group", "aria-label": "Characters: show one" });
  /** A field of the party's form (draw.js) and its control.
   * @returns {[HTMLDivElement, HTMLInputElement & HTMLSelectElement]} */
  const partyField = (name, label, more) => {
    const wrap = field({ id: id(name), field: `party-${name}`, label, ...more });
    return [wrap, /** @type {HTMLInputElement & HTMLSelectElement} */ (wrap.querySelector("input, select"))];
  };
  const [nameField, nameInput] = partyField("name", "Name", { attrs: { maxlength: LIMITS.name } });
  const [sideField, sideSelect] = partyField("side", "Side", { kind: "select", options: Object.entries(SIDES) });
  const [standingField, standingSelect] = partyField("standing", "Standing", { kind: "select", options: Object.entries(STANDINGS) });
  const traitList = el("ul", { class: "calc-stress__traits", "aria-label": "Traits gained" });
  const [traitField, traitInput] = partyField("trait", "New trait", { attrs: { maxlength: LIMITS.trait } });
  const notice = el("div", { class: "calc-stress__notice", "data-out": "party-notice", role: "status" });
  const asides = el("div", { class: "calc-stress__asides" });
  const shareBox = el("div", { class: "calc-share", "data-out": "share", role: "status", hidden: true }); // the link, under its button
  const fileInput = el("input", { type: "file", accept: ".json,application/json", id: id("import"), name: "party-import",
    class: "calc__sr", "data-act": "party-import", "aria-describedby": `${id("import")}-error` });

  const section = el("section", { class: "calc-stress__party", "aria-labelledby": id("title") },
    ui.heading(root, 1, { id: id("title"), class: "calc-stress__party-title" }, "The party"),
    people,
    el("div", { class: "calc__buttons" },
      el("button", { type: "button", "data-act": "party-add", "data-side": "pc" }, "Add character"),
      el("button", { type: "button", "data-act": "party-add", "data-side": "opponent" }, "Add opponent")),
    el("div", { class: "calc-stress__person" },
      nameField,
      sideField,
      standingField,
      el("p", { class: "calc-stress__line" }, "Traits gained:"),
      traitList,
      traitField,
      el("div", { class: "calc__buttons" }, el("button", { type: "button", "data-act": "party-trait-add" }, "Add trait"))),
    el("div", { class: "calc__buttons" },
      el("button", { type: "button", "data-act": "party-export" }, "Export roster"),
      el("button", { type: "button", "data-act": "party-share" }, "Share link")),
    shareBox,
    el("div", { class: "calc__field calc__field--wide", "data-field": "party-import" },
      el("label", { class: "calc-stress__file" }, "Import roster", fileInput),
      el("p", { class: "calc__error", id: `${id("import")}-error`, hidden: true })),
    notice,
    asides);
  form.prepend(section);

  const current = () => roster.people.find((p) => p.id === roster.current);
  const say = (text, ...extra) => render(html`${text}${extra}`, notice);
  const showAsides = () => drawAsides(asides, kept.slot, { prefix: "stress-roster-set-aside", what: "rosters" });

  function draw() {
    const label = (p) => `${p.name}${p.side === "opponent" ? " (opponent)" : ""}${p.standing === "in" ? "" : `: ${(own(STANDINGS, p.standing) ?? p.standing).toLowerCase()}`}`;
    render(repeat(roster.people, (p) => p.id, (p) => html`<button type="button" data-key=${p.id} data-act="party-show"
      aria-pressed=${String(p.id === roster.current)}>${label(p)}</button>`), people);
    const p = current();
    if (document.activeElement !== nameInput) nameInput.value = p.name;
    sideSelect.value = p.side;
    standingSelect.value = p.standing;
    render(p.traits.length ? p.traits.map((t, i) => html`<li><span>${t}</span> <button type="button"
      data-act="party-trait-remove" data-index=${i}>Remove<span class="calc__sr"> trait ${t}</span></button></li>`)
      : html`<li class="calc-stress__none">none yet</li>`, traitList);
    showAsides();
  }

  /** Keep the roster (another tab's changes merged in first; the sentence why when it was not kept). */
  function save(next) {
    roster = next;
    kept.save(next).then(({ why, merged, value }) => {
      if (why || merged) say(why || merged);
      if (value !== next) adoptKept();
    });
  }

  /** The kept roster (merged with another tab's), this tab's current character kept when it is still there. */
  function adoptKept(here = false) {
    const before = roster.current;
    const mine = kept.value.people.some((p) => p.id === before) && !here;
    roster = mine ? { ...kept.value, current: before } : kept.value;
    if (roster.current !== before) switchPanels();
    draw();
  }

  function switchPanels() {
    for (const [model, p] of Object.entries(panels)) p.switchTo(slotName(model, roster.current));
  }

  function change(edit) {
    const before = roster.current;
    save(edit({ ...roster, people: roster.people.map((p) => ({ ...p })) }));
    if (roster.current !== before) switchPanels();
    draw();
  }

  const editCurrent = (fn) => change((r) => {
    fn(r.people.find((p) => p.id === r.current));
    return r;
  });

  async function take(text, field, what) {
    ui.clearErrors(section, [field]);
    const checked = await unpackChecked(text, panels);
    if (checked.down) {
      ui.showError(section, { field, message: `${checked.down} Try again once the calculator has started; nothing was changed.` });
      return null; // not judged: a link's offer stays, to open once the calculator works
    }
    if (checked.problem) {
      ui.showError(section, { field, message: `This ${what} can't be used: ${checked.problem}. Nothing was changed.` });
      return false;
    }
    const why = adopt(checked.bundle, `replaced by ${what === "link" ? "a shared link" : "an imported file"}`);
    if (why) {
      ui.showError(section, { field, message: `The ${what} was not opened: ${why}.` });
      return false;
    }
    kept.read();
    roster = kept.value;
    kept.save(roster); // the other widgets of this page hear of it
    switchPanels();
    draw();
    if (checked.bundle.hit) showHit(checked.bundle.hit);
    return true;
  }

  /** Show a hit the link carries (a worked example): its model's panel, with the stress typed in. */
  function showHit({ model, stress }) {
    const choice = form.querySelector(`input[name="model"][value="${model}"]`);
    if (choice && !choice.checked) choice.click();
    const field = form.querySelector(`[data-panel="${model}"] [data-part="hit"] input[name="stress"]`);
    if (!field) return;
    field.value = String(stress);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }

  on(section, "click", async (event) => {
    const b = event.target.closest("button[data-act]");
    if (!b) return;
    const act = b.dataset.act;
    if (act === "party-show") change((r) => ({ ...r, current: b.dataset.key }));
    else if (act === "party-add") {
      if (roster.people.length >= LIMITS.people) return say(`The roster holds at most ${LIMITS.people} characters.`);
      change((r) => addPerson(r, b.dataset.side));
      say(`${current().name} added and shown: every box is empty.`);
      nameInput.focus();
      nameInput.select();
    } else if (act === "party-trait-add") addTrait();
    else if (act === "party-trait-remove") {
      editCurrent((p) => { p.traits = p.traits.filter((_, i) => i !== Number(b.dataset.index)); });
      traitInput.focus();
    } else if (act === "party-export") {
      ui.store.download(ui.store.fileName("stress-roster"), JSON.stringify(bundle(roster), null, 1));
      say("The roster was exported as a file.");
    } else if (act === "party-share") {
      const url = await share.link(SHARE, bundle(roster, { full: false }));
      render(linkHtml(await share.offered(url, "this roster as it is now"), "Share link to this roster"), shareBox);
      shareBox.hidden = false;
      onScreen(shareBox);
    } else if (act === "party-open-shared") {
      if (sharedText == null) return;
      const opened = await take(sharedText, "party-import", "link");
      if (opened === null) return;
      sharedText = null; // opened, or refused (said beside the import): either way the offer goes
      share.forget(SHARE);
      say(opened ? "The shared roster is open; your own was set aside (download it below)." : "The shared roster was not opened; yours is as it was.");
    } else if (act === "party-keep-mine") {
      sharedText = null;
      share.forget(SHARE);
      say("The shared roster was not opened; yours is as it was.");
    }
  });

  function addTrait() {
    const text = traitInput.value.trim();
    ui.clearErrors(section, ["party-trait"]);
    if (!text) return ui.showError(section, { field: "party-trait", message: "Type the trait's name first." });
    if (current().traits.length >= LIMITS.traits) return ui.showError(section, { field: "party-trait", message: `A character keeps at most ${LIMITS.traits} traits.` });
    editCurrent((p) => { p.traits = [...p.traits, text.slice(0, LIMITS.trait)]; });
    traitInput.value = "";
  }

  on(traitInput, "keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      addTrait();
    }
  });
  on(nameInput, "change", () => {
    const name = nameInput.value.trim();
    ui.clearErrors(section, ["party-name"]);
    if (!name) {
      ui.showError(section, { field: "party-name", message: "A character needs a name; the old one is kept." });
      return;
    }
    editCurrent((p) => { p.name = name; });
  });
  on(sideSelect, "change", () => editCurrent((p) => { p.side = sideSelect.value; }));
  on(standingSelect, "change", () => editCurrent((p) => { p.standing = standingSelect.value; }));
  on(fileInput, "change", async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    const text = await file.text();
    fileInput.value = "";
    if (await take(text, "party-import", "file")) say(`Imported ${file.name}; the roster it replaced was set aside (download it below).`);
  });

  // Another tab (or, here, another widget of this page) changed the roster: merged in by the keeper.
  kept.watch(({ notice, here }) => {
    adoptKept(here);
    if (notice) say(notice);
  }, { signal });

  async function offerShared() {
    const got = await share.received(SHARE);
    if (!got) return;
    if (got.problem) {
      share.forget(SHARE);
      say(`The link carries a roster that can't be read (${got.problem}). Nothing was changed.`);
      return;
    }
    sharedText = got.text;
    let count = "";
    try {
      const data = JSON.parse(got.text);
      if (data?.format === FORMAT && Array.isArray(data.people)) count = ` of ${data.people.length} character${data.people.length === 1 ? "" : "s"}`;
    } catch {} // only the count is left out: opening the link reads it again and says what is wrong
    say(`This link carries a roster${count}. Opening it sets your own roster aside (kept, to download).`, " ",
      el("button", { type: "button", class: "calc__primary", "data-act": "party-open-shared" }, "Open it"), " ",
      el("button", { type: "button", "data-act": "party-keep-mine" }, "Keep mine"));
    onScreen(notice); // the offer is where the link lands
  }
  on(window, "hashchange", offerShared);

  draw();
  if (opened.notice) say(opened.notice); // a stored roster that can't be used: set aside, to download below
  return {
    attach(made) {
      panels = made;
      offerShared();
    },
    /** A trait the current character gained (from a hit the panels applied). */
    gainTrait(text) {
      if (current().traits.length >= LIMITS.traits) return;
      editCurrent((p) => { p.traits = [...p.traits, text.slice(0, LIMITS.trait)]; });
    },
  };
}
