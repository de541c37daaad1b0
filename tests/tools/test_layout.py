"""The repository's own layout: what the tools (bench/, conformance/) share lives in testkit/,
which imports nothing of the tests."""

from __future__ import annotations

import ast
import sys
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


def _module_names(folder: Path) -> dict[str, Path]:
    """Every module and regular package under ``folder``, by the name a script beside it would
    import it by."""
    found = {}
    for path in folder.rglob("*"):
        if {"__pycache__", ".venv"} & set(path.parts) or path.name.endswith(".egg-info"):
            continue
        if path.suffix in (".py", ".so", ".pyd") and path.name != "__init__.py":
            found[path.name.split(".")[0]] = path
        elif path.is_dir() and (path / "__init__.py").is_file():
            found[path.name] = path
    return found


def test_no_module_is_named_like_a_standard_library_module():
    """A script's own folder comes first on ``sys.path``: a module there named like one of the
    standard library's (``http.py``) would hide it from every import, Flask's included."""
    found = {name: path for folder in ("bench", "conformance", "testkit", "tests", "service")
             for name, path in _module_names(ROOT / folder).items()}
    assert {"serverkit", "build", "generator", "conftest", "ginrules", "engine"} <= set(found)
    clashes = sorted(str(path.relative_to(ROOT)) for name, path in found.items()
                     if name in sys.stdlib_module_names)
    assert not clashes, f"named like a standard library module: {clashes}"
