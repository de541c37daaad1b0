"""The repository's own layout: what the tools (bench/, conformance/) share lives in testkit/,
which imports nothing of the tests; no module hides one of the standard library's; a rule
test's name cites its rule as docs/architecture.md ("Tests") says."""

from __future__ import annotations

import ast
import re
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
    # conformance/ keeps a reference of its own (tests/conformance/test_reference.py).
    assert {"bench"} <= {path.relative_to(ROOT).parts[0] for path in users}


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


RULE_TOKEN = re.compile(r"[rR]\d+")
"""A word of a test's name that cites a rule (``r4``, ``R4``); a number word after it is the
rule within the section (``r4_2`` is R-4.2)."""


def _cited_rules(name: str) -> list[tuple[int, str]]:
    """The rule ids a test's name cites, each with the index of its first word in the name."""
    words = name.split("_")
    return [(i, f"R-{word[1:]}" + (f".{words[i + 1]}" if words[i + 1:i + 2] and
                                    words[i + 1].isdigit() else ""))
            for i, word in enumerate(words) if RULE_TOKEN.fullmatch(word)]


def _test_functions() -> list[tuple[str, str]]:
    """Every test function of the suite: its file (from the root) and its name."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    node.name.startswith("test_"):
                found.append((str(path.relative_to(ROOT)), node.name))
    return found


def test_a_rule_test_starts_its_name_with_the_rule_id_it_checks_and_the_id_exists():
    """docs/architecture.md, "Tests": ``test_r4_2_<what it checks>``, ids in lower case with
    dots as underscores, the first right after ``test_``; each id is one of docs/rules.md's."""
    rules = set(re.findall(r"^#{2,3} (R-\d+(?:\.\d+)?)\b", (ROOT / "docs" / "rules.md")
                           .read_text(encoding="utf-8"), re.MULTILINE))
    assert {"R-4", "R-4.2", "R-10"} <= rules
    tests = _test_functions()
    citing = [(path, name, cited) for path, name in tests if (cited := _cited_rules(name))]
    assert len(tests) > 500 and len(citing) > 200
    misnamed = [f"{path}::{name}" for path, name, cited in citing
                if cited[0][0] != 1 or any(word.startswith("R") for word in name.split("_"))]
    assert not misnamed, f"name these test_r4_2_<what it checks>: {misnamed}"
    unknown = [f"{path}::{name} ({rule})" for path, name, cited in citing
               for _, rule in cited if rule not in rules]
    assert not unknown, f"cite a rule of docs/rules.md: {unknown}"


def test_the_names_of_rule_tests_are_read_as_the_convention_says():
    assert _cited_rules("test_r4_2_the_non_dealer_is_offered_the_first_upcard") == [(1, "R-4.2")]
    assert _cited_rules("test_r1_4_bad_tokens_and_r1_5_duplicates") == [(1, "R-1.4"),
                                                                        (6, "R-1.5")]
    assert _cited_rules("test_r10_every_option_is_in_the_text") == [(1, "R-10")]
    assert _cited_rules("test_r4_r5_r6_legal_moves") == [(1, "R-4"), (2, "R-5"), (3, "R-6")]
    assert _cited_rules("test_a_stranger_is_not_at_the_table_R4_4") == [(8, "R-4.4")]
    assert _cited_rules("test_ten_cards_or_eleven") == []
