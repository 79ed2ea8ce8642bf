// @ts-check
// The names the stress calculator keeps and how Import everything checks each (as the calculator does);
// keeping/checks.js loads this list through the build's registry.
import { jsonCheck, judged, isRecord } from "../../keeping/checks.js";
import { rosterCodec } from "../../party/roster.js";

/** @type {[RegExp, import("../../keeping/checks.js").KeptCheck][]} */
export const KEPT = [
  // The roster (party/roster.js, rosterCodec: the party the morale tracker and the board read too).
  [/^stress:roster$/, async (text) => {
    const got = rosterCodec.fromText(text);
    return got.problem ? { problem: got.problem } : null;
  }],

  // A character's stress state of one model (keeper.js's stored form {state, history, future}),
  // then the rules' check of that model (stress.check, as the panels check it: panels/models.js).
  [/^stress:(wounds|conditions|track)(:c\d{1,6})?$/, jsonCheck(async (v, engine) => {
    if (!isRecord(v) || !isRecord(v.state) || !Array.isArray(v.history) || (v.future !== undefined && !Array.isArray(v.future))) {
      return { problem: "it is not in the expected shape" };
    }
    const s = v.state;
    const model = isRecord(s.wounds) ? "wounds" : Array.isArray(s.conditions) ? "conditions"
      : isRecord(s.tracks) ? "track" : null;
    if (!model) return { problem: "it holds no wound boxes, condition slots nor stress tracks" };
    return judged(await engine.call("stress.check", { model, state: s }));
  })],
];
