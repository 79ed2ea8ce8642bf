// @ts-check
// Offering kept text as a file (exports, set-aside copies). Nothing here is a rule of the games.

/** Offer text as a file download (a Blob link, clicked). */
export function download(/** @type {string} */ filename, /** @type {string} */ text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fileName(/** @type {string} */ prefix, at = new Date().toISOString()) {
  return `${prefix}-${at.slice(0, 19).replace(/:/g, "-")}.json`;
}
