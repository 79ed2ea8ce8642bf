// @ts-check
// The stress calculator's one view: the party, the model switch and the three panels (one shown).
import { html } from "../../vendor/lit-html/lit-html.js";
import { partyView } from "./party/view.js";
import { conditionSlots, radios, stressTracks, woundBoxes } from "./panels/view.js";

/** @param {import("./store.js").StressState} s
 *  @param {{wid: string, level: number, asides: Record<string, Node>}} ctx asides: the set-aside lists (party and each model) */
export function stressView(s, { wid, level, asides }) {
  return html`${partyView(s, { wid, level, asides: asides.party })}${radios(wid, "model", "Stress model", s.options.models, s.model, "calc-stress__models")}${
    woundBoxes(s, { wid, asides: asides.wounds })}${conditionSlots(s, { wid, asides: asides.conditions })}${stressTracks(s, { wid, asides: asides.track })}`;
}
