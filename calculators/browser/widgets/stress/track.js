// Edgerunner stress tracks in the stress panel: three tracks (one shown), its
// fields (threshold, consequence slots), its calls (stress.track_hit,
// stress.track_recovery), its boxes and the recovery roll. Box numbers are the
// rules' (1 is the first).
import { html, render } from "../../vendor/lit-html/lit-html.js";
import { hasErrors, makePanel } from "./panel.js";
import { wholeIn } from "../../ui.js";

export function trackPanel(base) {
  return makePanel(base, { model: "track", what: "stress tracks", resetLabel: "Reset: all three tracks are cleared" }, (p) => {
    const { engine, ui, options, panel, parts, keep } = p;
    const recovery = panel.querySelector('[data-part="recovery"]');
    const recoveryOut = recovery.querySelector('[data-out="recovery"]');
    const recoverButton = recovery.querySelector('[data-act="recover"]');
    const boxesOut = panel.querySelector('[data-out="boxes"]');
    const chosenOut = recovery.querySelector('[data-out="chosen"]');
    let chosen = null; // boxes chosen for a recovery; null: the suggested set

    const names = options.consequences;
    const current = () => keep.state.tracks[keep.state.current];
    const shape = (t) => ({ threshold: t.threshold, marked: t.marked, consequences: t.consequences, taken: t.taken });
    const radio = (value) => panel.querySelector(`input[name="track"][value="${CSS.escape(value)}"]`);
    // One control per consequence slot: "free", "use" (taken against this hit) or "taken" (already).
    const slot = (name) => parts.character.elements.namedItem(`consequence-${name}`);
    const slotsIn = (state) => names.filter((name) => slot(name).value === state);
    function drawSlots(taken) {
      for (const name of names) {
        const select = slot(name);
        const was = select.value;
        select.value = taken.includes(name) ? "taken" : was === "use" ? "use" : "free";
        select.querySelector('option[value="use"]').disabled = taken.includes(name); // each slot once
      }
    }
    const withTrack = (track) => ({ ...keep.state, tracks: { ...keep.state.tracks, [keep.state.current]: track } });

    function drawBoxes(hit) {
      const t = current();
      const limit = hit ? hit.threshold : t.threshold;
      const count = Math.max(t.threshold, limit, ...t.marked, 0);
      const items = [];
      for (let n = 1; n <= count; n++) {
        const cls = ["calc-stress__box",
          n > limit ? "calc-stress__box--over" : "",
          n === limit ? "calc-stress__box--limit" : "",
          hit && hit.box === n ? "calc-stress__box--target" : ""].filter(Boolean).join(" ");
        items.push({
          key: String(n), text: String(n), pressed: t.marked.includes(n), cls,
          label: `Box ${n}${n > limit ? ", above the threshold" : ""}`,
          onclick: () => {
            const marked = t.marked.includes(n) ? t.marked.filter((b) => b !== n) : [...t.marked, n].sort((a, b) => a - b);
            p.mark(withTrack({ ...t, marked }));
          },
        });
      }
      p.drawButtons(boxesOut, items);
      boxesOut.dataset.empty = count ? "" : "No boxes: the threshold is 0.";
    }

    function hitPayload() {
      const fields = ui.readFields(parts.hit, ["shifts", "invokes", "invokes_available", "defense_shifts", "range"]);
      return { track: shape(current()), ...fields, consequences: slotsIn("use") };
    }
    const recoverPayload = () => ({ track: shape(current()), shifts: ui.readField(recovery, "shifts"), chosen: chosen ?? undefined });

    function describe(option) {
      const bits = option.consequences.map((name) => `${name} consequence`);
      if (option.invokes) bits.push(`${option.invokes} invoke${option.invokes > 1 ? "s" : ""}`);
      return `${bits.join(" + ")}: ${option.hit.message}`;
    }
    function choose(option) {
      for (const name of names) {
        if (slot(name).value !== "taken") slot(name).value = option.consequences.includes(name) ? "use" : "free";
      }
      parts.hit.elements.namedItem("invokes").value = option.invokes;
      p.preview();
    }
    const sameChoice = (option, payload) => option.invokes === payload.invokes &&
      option.consequences.length === payload.consequences.length &&
      option.consequences.every((name) => payload.consequences.includes(name));

    function drawRecovery(rec, t) {
      ui.clearErrors(recovery);
      if (!rec.ok) ui.showError(recovery, rec.error.field === "chosen" || rec.error.field === "shifts" ? rec.error : { ...rec.error, field: null });
      const picked = rec.ok ? rec.result.chosen : chosen || [];
      p.drawButtons(chosenOut, t.marked.map((n) => ({
        key: String(n), text: String(n), pressed: picked.includes(n), cls: "calc-stress__box",
        label: `Clear box ${n}`, onclick: () => {
          chosen = picked.includes(n) ? picked.filter((b) => b !== n) : [...picked, n].sort((a, b) => a - b);
          p.preview();
        },
      })));
      chosenOut.dataset.empty = t.marked.length ? "" : "No boxes are marked.";
      recoverButton.disabled = !rec.ok || !rec.result.chosen.length;
      recoveryOut.classList.toggle("calc__result--stale", !rec.ok);
      if (!rec.ok) return;
      const r = rec.result;
      const list = (boxes) => (boxes.length ? boxes.join(", ") : "none");
      const answer = r.chosen.length
        ? `Clearing box${r.chosen.length > 1 ? "es" : ""} ${list(r.chosen)} costs ${r.cost} shift${r.cost === 1 ? "" : "s"}; ${r.left} left.`
        : `Nothing chosen to clear with ${r.shifts} shift${r.shifts === 1 ? "" : "s"}.`;
      render(html`<p class="calc__answer"><strong>${answer}</strong></p>
        <p class="calc-stress__line">Suggested set: ${list(r.suggested)}.</p>
        <p class="calc-stress__line">Marked boxes this roll could pay for, one at a time: ${list(r.clearable)}.</p>`, recoveryOut);
    }

    // What was chosen against one hit goes once the hit is applied (or the tracks reset).
    function clearChoices() {
      for (const name of slotsIn("use")) slot(name).value = "free";
      parts.hit.elements.namedItem("invokes").value = 0;
    }

    return {
      // Before drawing: a box is drawn per number up to the threshold and the highest mark, so those
      // must be in the rules' bounds (a damaged value could ask for millions of boxes).
      bounds(state) {
        const { threshold, box, marked } = options.limits;
        if (!options.tracks.includes(state.current)) return `there is no track called “${String(state.current).slice(0, 40)}”`;
        for (const name of options.tracks) {
          const t = state.tracks?.[name];
          if (!t || typeof t !== "object") return `${name}: it is not a track`;
          if (!wholeIn(t.threshold, 0, threshold)) return `${name}: the threshold is not a whole number from 0 to ${threshold}`;
          if (!Array.isArray(t.marked) || t.marked.length > marked || !t.marked.every((n) => wholeIn(n, 1, box))) {
            return `${name}: the marked boxes are not at most ${marked} box numbers from 1 to ${box}`;
          }
          if (!Array.isArray(t.taken) || !t.consequences || typeof t.consequences !== "object") return `${name}: it is not a track`;
        }
        return null;
      },
      async check(state) {
        if (!options.tracks.includes(state.current)) {
          return { error: { code: "invalid", field: null, message: `there is no track called “${String(state.current)}”` } };
        }
        const tracks = {};
        for (const name of options.tracks) {
          const reply = await engine.call("stress.track_hit", { track: shape({ ...p.fresh().tracks[name], ...(state.tracks?.[name] || {}) }), shifts: 0 });
          if (!reply.ok) return { error: { ...reply.error, message: `${name}: ${reply.error.message}` } };
          tracks[name] = reply.result.hit.track;
        }
        return { state: { ...state, tracks } };
      },
      // Where an error of stress.track_hit belongs: [part, field name].
      place(field) {
        if (field === "track.threshold") return [parts.character, "threshold"];
        const value = /^track\.consequences\.(\w+)$/.exec(field || "");
        if (value) return [parts.character, `value-${value[1]}`];
        if ((field || "").startsWith("track")) return [panel, null];
        return [parts.hit, field];
      },
      wrong: () => hasErrors(parts.hit) || hasErrors(parts.character),
      fill() {
        const t = current();
        radio(keep.state.current).checked = true;
        const fields = parts.character.elements;
        fields.namedItem("threshold").value = t.threshold;
        for (const name of names) fields.namedItem(`value-${name}`).value = t.consequences[name];
        drawSlots(t.taken);
      },
      drawBoxes,
      async request() {
        const t = current();
        const payload = hitPayload();
        const [reply, rec] = await Promise.all([
          engine.call("stress.track_hit", payload),
          engine.call("stress.track_recovery", recoverPayload()),
        ]);
        return { reply, rec, payload, t };
      },
      draw({ reply, payload, t }, stale) {
        const r = reply.result;
        drawBoxes(r.hit);
        const defense = r.threshold !== t.threshold
          ? `The defense sets the threshold to ${r.threshold} for this hit (the track's own is ${t.threshold}).` : "";
        p.answer([r.hit.message, defense], stale);
        const useful = r.options.filter((o) => o.consequences.length || o.invokes);
        p.picks.draw(r.options_message, useful.map((o) => ({
          key: `${o.consequences.join("+")}/${o.invokes}`, text: describe(o),
          pressed: sameChoice(o, payload), onclick: () => choose(o),
        })));
        parts.apply.disabled = stale || (r.hit.box === null && !r.hit.consequences.length);
      },
      after: ({ rec, t }) => drawRecovery(rec, t),
      async edit() {
        const fields = ui.readFields(parts.character, ["threshold", ...names.map((n) => `value-${n}`)]);
        const candidate = {
          ...current(),
          threshold: fields.threshold,
          consequences: Object.fromEntries(names.map((n) => [n, fields[`value-${n}`]])),
          taken: slotsIn("taken"),
        };
        const reply = await engine.call("stress.track_hit", { track: shape(candidate), shifts: 0 });
        return reply.ok ? { state: withTrack(reply.result.hit.track) } : { error: reply.error };
      },
      afterEdit() {
        drawSlots(current().taken);
        drawBoxes(null);
      },
      onCharacter(event, edit) {
        // Taking a free slot against this hit (or letting it go) changes the hit, not the track.
        const same = (a, b) => a.length === b.length && a.every((n) => b.includes(n));
        if (event.target.name?.startsWith("consequence-") && same(slotsIn("taken"), current().taken)) p.preview();
        else edit();
      },
      hit: () => engine.call("stress.track_hit", hitPayload()),
      applied({ hit }) {
        if (hit.box === null && !hit.consequences.length) return null;
        clearChoices();
        return { state: withTrack(hit.track), label: `${keep.state.current}: ${hit.message}`, log: `Applied to ${keep.state.current}: ${hit.message}` };
      },
      forget() {
        chosen = null;
      },
      afterReset: clearChoices,
      wire() {
        recoverButton.addEventListener("click", p.once(async () => {
          const reply = await engine.call("stress.track_recovery", recoverPayload());
          if (!reply.ok || !reply.result.chosen.length) return;
          const r = reply.result;
          const text = `cleared box${r.chosen.length > 1 ? "es" : ""} ${r.chosen.join(", ")} for ${r.cost} shift${r.cost === 1 ? "" : "s"}`;
          p.keep.commit(withTrack(r.track), `${keep.state.current}: ${text}`);
          chosen = null;
          parts.log.textContent = `Recovery on ${keep.state.current}: ${text}.`;
          p.redraw();
          if (document.activeElement === recoverButton && recoverButton.disabled) recovery.querySelector("input").focus();
        }), { signal: p.signal });
        recovery.querySelector('[data-act="suggested"]').addEventListener("click", () => { chosen = null; p.preview(); }, { signal: p.signal });
        panel.querySelector('[data-switch="track"]').addEventListener("change", (event) => {
          keep.set({ ...keep.state, current: event.target.value });
          chosen = null;
          ui.clearErrors(parts.character);
          p.redraw();
        }, { signal: p.signal });
        recovery.addEventListener("input", () => { chosen = null; p.preview(); }, { signal: p.signal });
      },
    };
  });
}
