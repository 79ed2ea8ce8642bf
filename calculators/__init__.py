"""Everything that puts `rules_core` on a page: the Markdown fence, the
widgets, the browser engine and the build steps that ship them."""
