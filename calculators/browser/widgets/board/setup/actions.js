// The setup being typed (kept as typed between visits) and what its buttons do:
// the example, sides, actors and things added or removed, a map picked or
// imported, setups saved and reused. Checking it is the rules' job.
import * as setup from "./draft.js";
import { draftStore, setups, party, setAsideNotice } from "./keep.js";
import { mapFile } from "./files.js";

export function drafting({ ui, engine, rules, options, main, draw, redraw, say, run }) {
  const store = draftStore();
  const saved = setups();
  const mapOf = (id) => options.maps.find((m) => m.id === id);
  const first = mapOf(options.map) ?? options.maps[0];
  // A kept draft or setups' list this page can't use is set aside (a notice, and a download in the board's
  // set-aside lists), never drawn nor overwritten: both slots are read through their checks (keep.js).
  const read = store.checked();
  const lost = saved.open();
  const notices = [read.problem && setAsideNotice("setup being typed", read.problem, read.kept),
    lost && setAsideNotice("setups", lost.problem, lost.kept)].filter(Boolean);
  const d = {
    /** What the player is told once the board is drawn (a damaged draft or setups' list set aside). */
    notices,
    /** The slots whose set-aside copies the board lists: [store, prefix, what]. */
    asides: /** @type {[any, string, string][]} */ ([[store, "conflict-setup-set-aside", "setups being typed"], [saved.store, "conflict-setups-set-aside", "saved setups"]]),
    draft: read.value !== undefined ? read.value : setup.emptyDraft(first.id, first.map),
    saved: () => Object.keys(saved.all()),
    /** A draft from a setup (a rematch, an example, a saved setup). */
    from(s) {
      d.draft = setup.draftFrom(s, options.maps.find((m) => m.map.name === s.map?.name)?.id ?? "");
      store.write(d.draft);
    },
    clicks: {
      example: () => run(async () => {
        const reply = await rules.example("warehouse crew");
        if (ui.failed(main, reply)) return;
        d.from(reply.result.setup);
        await draw('[data-key="example"]');
        say(`Loaded ${reply.result.name}: ${d.draft.actors.map((a) => a.name).join(", ")}.`);
      }),
      party: () => {
        const people = party(); // read only when asked: the stress calculator's roster is its own
        if (!people.length) return say("The stress calculator holds no party yet: add the characters there, or here.", true);
        change(() => setup.fromParty(d.draft, people), '[data-key="party"]');
        say(`Took the party: ${people.map((p) => p.name).join(", ")}.`);
      },
      add: (t) => change(() => setup.add(d.draft, t.dataset.what), `[data-key="add-${t.dataset.what}"]`),
      remove: (t) => change(() => setup.remove(d.draft, t.dataset.what, Number(t.dataset.index)), `[data-key="add-${t.dataset.what}"]`),
      "save-setup": () => {
        const name = String(d.draft.setupName ?? "").trim() || "My setup";
        const why = saved.save(name, setup.payload(d.draft));
        say(why ? `The setup was not saved: ${why}.` : `Setup saved as “${name}”.`, !!why);
        draw('[data-key="save-setup"]');
      },
      "load-setup": (t) => (d.from(saved.all()[t.dataset.name]), draw('[data-key="start"]')),
    },
    /** A change event in the setup; true when it was one of the setup's own. Another map drops the setup's
     *  aspects (they sit on the old map's zones); actors and things keep their zones, told if not on it. */
    async changed(input) {
      if (input.dataset.act === "map-file" && input.files?.length) {
        const got = await mapFile(input.files[0], engine);
        if (got.problem) ui.showError(main, { field: "map-file", message: `This map can't be used: ${got.problem}` });
        else await newMap(got.map, "");
        return true;
      }
      if (input.dataset.act === "map" && mapOf(input.value)) {
        await newMap(mapOf(input.value).map, input.value);
        return true;
      }
      return false;
    },
    /** Typing in the setup: kept as typed; a renamed side renames it in every actor's list. */
    typed(input) {
      if (!input.dataset.path || input.type === "file") return;
      const i = input.dataset.path.match(/^sides\.(\d+)$/)?.[1];
      const old = i != null ? d.draft.sides[Number(i)] : null;
      setup.update(d.draft, input);
      if (old != null) {
        for (const a of d.draft.actors) if (old && a.side === old) a.side = input.value;
        redraw(); // every actor's side list follows at once (the chosen side keeps its place)
      }
      store.write(d.draft);
    },
  };
  /** Another map: the setup's aspects go (they sit on the old map); an actor or thing standing in a zone the
   *  new map lacks keeps it, shown as not on this map, and that is said beside the Map, where it happened. */
  async function newMap(map, mapId) {
    const had = (d.draft.aspects ?? []).filter((a) => a.where).length;
    await change(() => Object.assign(d.draft, { map, mapId, aspects: [] }), '[name="map-choice"]');
    const zones = new Set(setup.zoneNames(map));
    const stranded = [...d.draft.actors, ...d.draft.things].filter((x) => x.zone && !zones.has(x.zone))
      .map((x) => `${String(x.name).trim() || "an unnamed one"} (${x.zone})`);
    const words = [stranded.length ? `Not on this map: ${stranded.join(", ")}: choose a zone for each below.` : "",
      had ? `The setup's aspects were on the old map: ${had === 1 ? "it was" : "they were"} removed.` : ""].filter(Boolean).join(" ");
    const slot = main.querySelector('[data-field="map"] > .calc__error');
    if (words && slot) [slot.textContent, slot.hidden] = [words, false];
    if (words) say(words);
  }

  function change(fn, focus) {
    fn();
    store.write(d.draft);
    return draw(focus);
  }
  return d;
}
