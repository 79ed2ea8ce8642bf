// @ts-check
// The party's actions: a character shown in every panel, added, named, their side, standing and traits; the
// roster's file and share link. Each tab keeps the character it shows; a file's or link's states are the rules' to check.
import * as share from "../../../share.js";
import { download, fileName } from "../../../keeping/download.js";
import { readKind } from "../../../keeping/checks.js";
import { FORMAT, LIMITS, MODELS, addPerson, adopt, bundle, slotName, unpackChecked } from "../../../party/roster.js";

const SHARE = "stress"; // the link's #stress=…

/** @typedef {import("../store.js").StressStore} StressStore  @typedef {import("../store.js").StressState} StressState
 *  @typedef {{id: string, name: string, side: string, standing: string, traits: string[]}} Person */

/** @param {{roster: any, keepers: Record<string, any>, models: Record<string, any>}} env */
export function partyActions({ roster, keepers, models }) {
  const current = (/** @type {StressState} */ s) => /** @type {Person} */ (s.roster.people.find((/** @type {Person} */ p) => p.id === s.roster.current));
  const party = (/** @type {StressStore} */ store, /** @type {Partial<StressState["party"]>} */ patch) => store.set((s) => ({ party: { ...s.party, ...patch } }));
  const say = (/** @type {StressStore} */ store, /** @type {string | null} */ text, offer = false) => party(store, { said: text ? { text, offer } : null });
  const error = (/** @type {StressStore} */ store, /** @type {string} */ field, /** @type {string | undefined} */ message) =>
    party(store, { errors: { ...store.state.party.errors, [field]: message } });

  /** Every panel shows the roster's current character (their states, their undo steps). @param {StressStore} store */
  async function showCharacter(store) {
    for (const model of MODELS) keepers[model].use(slotName(model, store.state.roster.current));
    party(store, { name: null });
    for (const model of MODELS) await store.actions.load(store, model);
  }

  /** The kept roster (merged with another tab's) shown, this tab's character kept while it is still there. */
  async function adoptKept(/** @type {StressStore} */ store, here = false) {
    const before = store.state.roster.current;
    const mine = roster.value.people.some((/** @type {Person} */ p) => p.id === before) && !here;
    store.set({ roster: mine ? { ...roster.value, current: before } : roster.value, asides: store.state.asides + 1 });
    if (store.state.roster.current !== before) await showCharacter(store);
  }

  /** A change of the roster: kept (another tab's changes merged in first; the sentence why when it was not). */
  /** @param {StressStore} store @param {(roster: any) => any} edit */
  async function change(store, edit) {
    const before = store.state.roster.current;
    const next = edit({ ...store.state.roster, people: store.state.roster.people.map((/** @type {Person} */ p) => ({ ...p })) });
    store.set({ roster: next });
    if (next.current !== before) await showCharacter(store);
    const got = await roster.save(next);
    if (got.why || got.merged) say(store, got.why || got.merged);
    if (got.value !== next) await adoptKept(store);
  }
  const editCurrent = (/** @type {StressStore} */ store, /** @type {(p: Person) => void} */ fn) => change(store, (r) => {
    fn(r.people.find((/** @type {Person} */ p) => p.id === r.current));
    return r;
  });

  /** A roster's text (a file's or a link's), checked by the rules, replaces this one (set aside first): true,
   *  false (refused: said beside the import) or null (the engine is down). */
  /** @param {StressStore} store @param {string} text @param {"file" | "link"} what */
  async function take(store, text, what) {
    error(store, "party-import", undefined);
    const checked = await unpackChecked(text, models);
    const why = checked.down || checked.problem ? null : adopt(checked.bundle, `replaced by ${what === "link" ? "a shared link" : "an imported file"}`);
    const said = checked.down ? `${checked.down} Try again once the calculator has started; nothing was changed.`
      : checked.problem ? `This ${what} can't be used: ${checked.problem}. Nothing was changed.` : why ? `The ${what} was not opened: ${why}.` : undefined;
    error(store, "party-import", said);
    if (said) return checked.down ? null : false; // while the engine is down a link's offer stays, to open once it works
    roster.read();
    store.set({ roster: roster.value, asides: store.state.asides + 1 });
    await roster.save(roster.value); // the other widgets of this page hear of it
    await showCharacter(store);
    const hit = checked.bundle?.hit; // a worked example: its model shown, with the stress typed in
    if (hit) {
      store.set({ model: hit.model });
      store.actions.typed(store, hit.model, "stress", String(hit.stress));
      await store.actions.preview(store, hit.model, store.actions.ticket(store, hit.model));
    }
    return true;
  }

  const offerGone = (/** @type {StressStore} */ store) => {
    party(store, { offered: null });
    share.forget(SHARE);
  };

  /** @type {Record<string, (store: StressStore, ...args: any[]) => any>} */
  const actions = {
    showCharacter,
    "party-show": (store, id) => change(store, (r) => ({ ...r, current: id })),
    async "party-add"(store, side) {
      if (store.state.roster.people.length >= LIMITS.people) return say(store, `The roster holds at most ${LIMITS.people} characters.`);
      await change(store, (r) => addPerson(r, side));
      say(store, `${current(store.state).name} added and shown: every box is empty.`);
      store.set({ focus: '[name="party-name"]' });
    },
    /** The name field typed (at once); renamed when the field is left. */
    "party-typed": (store, name, value) => party(store, { [name]: value }),
    async "party-name"(store) {
      const name = (store.state.party.name ?? "").trim();
      error(store, "party-name", undefined);
      if (!name) return error(store, "party-name", "A character needs a name; the old one is kept.");
      await editCurrent(store, (p) => { p.name = name; });
      party(store, { name: null });
    },
    "party-side": (store, side) => editCurrent(store, (p) => { p.side = side; }),
    "party-standing": (store, standing) => editCurrent(store, (p) => { p.standing = standing; }),
    async "party-trait-add"(store) {
      const text = store.state.party.trait.trim();
      error(store, "party-trait", undefined);
      if (!text) return error(store, "party-trait", "Type the trait's name first.");
      if (current(store.state).traits.length >= LIMITS.traits) return error(store, "party-trait", `A character keeps at most ${LIMITS.traits} traits.`);
      await editCurrent(store, (p) => { p.traits = [...p.traits, text.slice(0, LIMITS.trait)]; });
      party(store, { trait: "" });
    },
    async "party-trait-remove"(store, index) {
      await editCurrent(store, (p) => { p.traits = p.traits.filter((_, i) => i !== index); });
      store.set({ focus: '[name="party-trait"]' });
    },
    /** A trait the current character gained (from a hit a panel applied). */
    async gain(store, text) {
      if (current(store.state).traits.length >= LIMITS.traits) return;
      await editCurrent(store, (p) => { p.traits = [...p.traits, text.slice(0, LIMITS.trait)]; });
    },
    "party-export"(store) {
      download(fileName("stress-roster"), JSON.stringify(bundle(store.state.roster), null, 1));
      say(store, "The roster was exported as a file.");
    },
    async "party-share"(store) {
      const url = await share.link(SHARE, bundle(store.state.roster, { full: false }));
      party(store, { share: await share.offered(url, "this roster as it is now") });
    },
    async "party-import"(store, file) {
      if (await take(store, await file.text(), "file")) say(store, `Imported ${file.name}; the roster it replaced was set aside (download it below).`);
    },
    /** What the page's link carries, offered: "Open it" or "Keep mine". */
    async "party-offer"(store) {
      const got = await share.received(SHARE);
      if (!got) return;
      if ("problem" in got) {
        share.forget(SHARE);
        return say(store, `The link carries a roster that can't be read (${got.problem}). Nothing was changed.`);
      }
      // only the count is left out of a roster that can't be read: opening the link reads it again and says what is wrong
      const people = readKind(got.text, { format: FORMAT, what: "a roster" }).data?.people;
      const count = Array.isArray(people) ? ` of ${people.length} character${people.length === 1 ? "" : "s"}` : "";
      party(store, { offered: got.text });
      say(store, `This link carries a roster${count}. Opening it sets your own roster aside (kept, to download).`, true);
    },
    async "open-shared"(store) {
      const text = store.state.party.offered;
      if (text == null) return;
      const opened = await take(store, text, "link");
      if (opened === null) return;
      offerGone(store); // opened, or refused (said beside the import): either way the offer goes
      say(store, opened ? "The shared roster is open; your own was set aside (download it below)." : "The shared roster was not opened; yours is as it was.");
    },
    "keep-mine"(store) {
      offerGone(store);
      say(store, "The shared roster was not opened; yours is as it was.");
    },
    /** Another tab (or another widget of this page) changed the roster: merged in by the keeper. */
    async "party-news"(store, news) {
      await adoptKept(store, news.here);
      if (news.notice) say(store, news.notice);
    },
  };
  return actions;
}
