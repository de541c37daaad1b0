"""The repository's own layout: what the tools (bench/, conformance/) share lives in testkit/,
which imports nothing of the tests."""

from __future__ import annotations

import ast
from pathlib import Path

from testkit import ROOT


def _imported(path: Path) -> set[str]:
    """The top-level names of the modules a Python file imports (absolute imports only)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_tools_and_the_testkit_import_the_testkit_never_the_tests():
    scripts = [path for folder in ("bench", "conformance", "testkit")
               for path in sorted((ROOT / folder).rglob("*.py"))]
    assert len(scripts) >= 10
    reaching = [str(path.relative_to(ROOT)) for path in scripts if "tests" in _imported(path)]
    assert not reaching, f"import tests (use testkit): {reaching}"
    users = [path for path in scripts if "testkit" in _imported(path)]
    assert {"bench", "conformance"} <= {path.relative_to(ROOT).parts[0] for path in users}
