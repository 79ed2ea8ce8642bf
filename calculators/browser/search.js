// Zensical's search draws its dialog in a shadow root of its own, where the site's styles (a11y.css)
// do not reach: its matched words are in the accent colour (the theme's amber on white is 1.9:1) and
// each result's path in a pale grey (3.4:1). The same fixes Material's search gets in a11y.css go into
// that shadow root as an adopted style sheet (no inline style, so the site's policy allows it). It
// selects by role, not by the theme's minified classes. Material's search has no shadow root: nothing
// happens there. Checked by axe-core in tests/browser/zensical/.
const FIXES = `
[role="option"] mark { color: inherit; background-color: var(--color-highlight-transparent); text-decoration: underline; }
[role="option"] menu { color: rgb(var(--color-foreground) / 0.75); }
`;

let sheet = /** @type {CSSStyleSheet | null} */ (null);

/** @param {Node} node */
function adopt(node) {
  const root = node instanceof HTMLElement ? node.shadowRoot : null;
  if (!root) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(FIXES);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

// The theme adds its search's host to <body> as the page loads, once per visit (instant navigation keeps it).
document.body.childNodes.forEach(adopt);
new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(adopt)))
  .observe(document.body, { childList: true });
