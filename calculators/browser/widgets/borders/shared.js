// A border map in a share link (share.js: #borders=…): made, offered, opened
// (the rules check it as they check an import; the player's own map is set aside
// first by the keeper, never lost).
import { html, nothing, render } from "../../vendor/lit-html/lit-html.js";
import * as share from "../../share.js";
import { linkHtml, onScreen } from "../../shareform.js";

const SHARE = "borders"; // the link's #borders=…
const FORMAT = "conflict-table/border-map";

/** The link's parts for one mounted widget `w` (index.js): offer(), open(), keepMine(), link(). */
export function sharing(w) {
  const { ui, out } = w;
  let data = null;
  /** What the share line says (words, then any buttons or the link's box); nothing: it is empty. */
  const say = (content) => render(content, out("share"));

  async function offer() {
    const got = await share.received(SHARE);
    if (!got) return;
    let problem = got.problem;
    let found = null;
    if (!problem) {
      try {
        found = JSON.parse(got.text);
      } catch {
        problem = "it is not readable JSON";
      }
    }
    if (!problem && (!found || typeof found !== "object" || found.format !== FORMAT || !found.map)) problem = "it does not carry a border map";
    if (problem) {
      share.forget(SHARE);
      say(`The link carries a map that can't be read (${problem}). Nothing was changed.`);
      return;
    }
    data = found;
    const name = typeof data.map.name === "string" ? `“${data.map.name.slice(0, 60)}”` : "a map";
    say(html`This link carries ${name}. Opening it sets your own map aside (kept, to download).
      <button type="button" class="calc__primary" data-act="open-shared">Open it</button>
      <button type="button" data-act="keep-mine">Keep mine</button>`);
    onScreen(out("share")); // the offer is where the link lands
  }

  async function open() {
    if (!data) return;
    const reply = await w.checkMap(data.map); // the rules' check, as for an import
    w.clearEditErrors();
    if (!reply.ok) {
      const where = reply.error.field ? ` (at ${reply.error.field.replace(/^map\.?/, "") || "the top"})` : "";
      ui.showError(w.form, { field: "import", message: `The shared map can't be used: ${reply.error.message.replace(/\.$/, "")}${where}. Nothing was changed.` });
      return;
    }
    const move = data.move && typeof data.move === "object" ? { ...data.move } : {};
    if (move.destination === undefined) move.destination = move.target; // links made before the field was renamed from "target"
    if (!await w.commit(reply.result.map, () => "import", {
      note: "Opened the shared map; yours was set aside (download it below).", replace: "replaced by a shared link",
    })) return;
    data = null;
    share.forget(SHARE);
    for (const name of w.MOVE) {
      const field = w.input(name);
      if (field && typeof move[name] === "string" && field.type !== "file") field.value = move[name];
    }
    w.showMode();
    say(nothing);
    await w.update();
  }

  function keepMine() {
    share.forget(SHARE);
    data = null;
    say("The shared map was not opened; yours is as it was.");
  }

  async function link() {
    const move = Object.fromEntries(w.MOVE.map((name) => [name, w.input(name)?.value]).filter(([, v]) => typeof v === "string" && v !== ""));
    const url = await share.link(SHARE, { format: FORMAT, version: 1, map: w.current.map, move });
    say(linkHtml(await share.offered(url, "this map and move as they are now"), "Share link to this map"));
    onScreen(out("share"));
  }

  return { offer, open, keepMine, link };
}
