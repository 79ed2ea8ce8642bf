// The site-wide edition (../../edition.js) for the stress calculator: 2023 and
// 2022 show the wound boxes in that edition, the wiki its conditions; the
// Edgerunner tracks are left alone. It switches the calculator's own controls,
// so the player can still switch them back by hand.
import { follow } from "../../edition.js";

export function followEdition(form, { signal }) {
  follow((edition) => {
    const model = form.querySelector('input[name="model"]:checked')?.value;
    if (model === "track") return;
    const want = edition === "wiki" ? "conditions" : "wounds";
    if (model !== want) form.querySelector(`input[name="model"][value="${want}"]`)?.click();
    const select = form.querySelector('[data-panel="wounds"] select[name="edition"]');
    if (want === "wounds" && select && select.value !== edition) {
      select.value = edition;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }, { signal });
}
