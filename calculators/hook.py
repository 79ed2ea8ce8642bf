"""MkDocs hook: wires the build events to the plain build functions."""
