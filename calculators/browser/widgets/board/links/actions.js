// Moving a whole board in and out: share links (share.js: #board=…, with whatever
// share.js offers beside it), opened only once the rules have checked them and
// after the referee says so ("Open it" / "Keep mine"); imported files; and the
// board these replaced brought back from its set-aside copy. Nothing here is a rule.
import * as files from "./files.js";

export function links({ ui, k, wid, check, checkText, say, draw, run, adopt, conflict, hide, restore }) {
  const { el } = ui;
  let offered = null; // a conflict the link carries, not opened yet

  async function back(at, options) {
    const got = await k.bringBack(at, options);
    if (got.error) return say(`It could not be brought back: ${got.error}.`, true);
    restore(got.value);
    hide();
    await draw(`#${CSS.escape(wid)}-play-title`);
    say(options?.keep && k.asides().length ? "Your board is back; the one it replaced was set aside (below)." : "Your board is back.");
  }

  async function open(got) {
    files.forgetLink();
    if (got.problem) return say(`The link carries a board that can't be read (${got.problem}). Nothing was changed.`, true);
    const verdict = await check(got.conflict);
    if (!verdict.value) return say(`The shared board can't be used: ${verdict.problem || verdict.down} Nothing was changed.`, true);
    const took = await adopt(verdict.value, verdict.board, "set aside when a shared board was opened");
    if (!took) return;
    await draw(`#${CSS.escape(wid)}-play-title`);
    say(`Opened the shared board (${conflict().events.length} logged).${took.why ? ` ${took.why}` : ""}${k.replaced ? " Yours was set aside." : ""}`, true,
      ...(k.replaced ? [el("button", { type: "button", "data-act": "bring-back", "data-at": k.replaced }, "Bring mine back")] : []));
  }

  return {
    /** A conflict file to import: checked by the rules, then it replaces the board (which is set aside). */
    async importFile(input, tools) {
      const file = input.files[0];
      const verdict = await checkText(await file.text());
      input.value = "";
      if (!verdict.value) return ui.showError(tools, { field: "import", message: `This file can't be used: ${verdict.problem || verdict.down}` });
      const took = await adopt(verdict.value, verdict.board, "replaced by an imported conflict");
      if (!took) return; // adopt said why
      await draw(`#${CSS.escape(wid)}-play-title`);
      if (took.why) return say(`Imported ${file.name}. ${took.why}`, true);
      say(`Imported ${file.name}.${k.replaced ? " Your conflict was set aside (in the list below): you can bring it back." : ""}`, !!k.replaced,
        ...(k.replaced ? [el("button", { type: "button", "data-act": "bring-back", "data-at": k.replaced }, "Bring mine back")] : []));
    },
    /** A copy in the set-aside list back as the conflict (the one shown is set aside first). */
    bringBack: (at) => run(() => back(at, { keep: true })),
    /** Offer what the page's link carries, if anything. */
    async offer() {
      const got = await files.linked();
      if (!got) return;
      if (got.problem) return open(got);
      // The rules read the link before a word of it is written: what the offer says is what they read.
      const verdict = await check(got.conflict);
      if (verdict.down) return say(`The link carries a conflict board, which can't be checked now (${verdict.down}). Reload the page to try again.`, true);
      if (!verdict.value) {
        files.forgetLink();
        return say(`The shared board can't be used: ${verdict.problem} Nothing was changed.`, true);
      }
      offered = got;
      const sides = verdict.board.state.sides.map((side) => side.name);
      say(`This link carries a conflict board: ${sides.join(" against ")}, ${verdict.board.entries.length} logged. ` +
        "Opening it sets yours aside (you can bring it back).", true,
      el("button", { type: "button", class: "calc__primary", "data-act": "open-shared" }, "Open it"),
      el("button", { type: "button", "data-act": "keep-mine" }, "Keep mine"));
    },
    clicks: {
      share: () => run(async () => {
        const { words, box, code } = await files.offerLink(el, await files.shareLink(conflict()));
        say(words, true, box, code);
        box.select();
      }),
      "open-shared": () => run(async () => {
        const got = offered;
        offered = null;
        hide();
        if (got) await open(got);
      }),
      "bring-back": (t) => run(() => back(t.dataset.at)),
      "keep-mine": () => {
        offered = null;
        files.forgetLink();
        say("The shared board was not opened; yours is as it was.", true);
      },
    },
  };
}
