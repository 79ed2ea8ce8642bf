// @ts-check
// Dragging a zone's box on the drawn map to another grid cell (the keyboard way:
// its Move button and the arrow keys). moveZone(index, dc, dr) asks the rules.

/** Make the zones of `svg` draggable; every listener goes with `signal` (or with the drawing).
 *  @param {SVGSVGElement | null} svg @param {import("../../types/borders").Current} current
 *  @param {(index: number, dc: number, dr: number) => void} moveZone @param {AbortSignal} signal */
export function enableDrag(svg, current, moveZone, signal) {
  if (!svg) return;
  const { drawing } = current;
  for (const g of /** @type {NodeListOf<SVGGElement>} */ (svg.querySelectorAll(".bmap__zone"))) {
    const name = g.dataset.zone ?? "";
    const zone = drawing.zones.find((z) => z.zone === name);
    if (!zone) continue;
    g.addEventListener("pointerdown", (down) => {
      if (down.button !== 0) return;
      const index = current.checked.zones.indexOf(name);
      const [colStep, rowStep] = drawing.step; // from one grid cell to the next, as the rules draw them
      const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
      g.setPointerCapture(down.pointerId);
      g.classList.add("is-dragging");
      const moveTo = (/** @type {PointerEvent} */ e) => g.setAttribute("transform", `translate(${(e.clientX - down.clientX) * scale} ${(e.clientY - down.clientY) * scale})`);
      const up = (/** @type {PointerEvent} */ e) => {
        g.removeEventListener("pointermove", moveTo);
        g.classList.remove("is-dragging");
        g.removeAttribute("transform");
        const dc = Math.round(((e.clientX - down.clientX) * scale) / colStep);
        const dr = Math.round(((e.clientY - down.clientY) * scale) / rowStep);
        if (dc || dr) moveZone(index, dc, dr);
      };
      g.addEventListener("pointermove", moveTo, { signal });
      g.addEventListener("pointerup", up, { once: true, signal });
      down.preventDefault();
    }, { signal });
  }
}
