"""What a Python file imports, read from its syntax tree (for the tests that
check what the shipped code may and must import)."""
import ast
from pathlib import Path


def imports(path: Path) -> set[str]:
    """Every absolute import in a file, at module level or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found
