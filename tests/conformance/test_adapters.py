"""The kit run by other engines through their adapters (conformance/adapters/): OpenSpiel's
gin_rummy, RLCard's gin rummy and a tiny engine in JavaScript.  Each answers what its own
rules let it, and each failure is one docs/conformance.md explains: these tests hold the
failures to that list, so a new one (or one that went away) is noticed."""

from __future__ import annotations

import re
import shutil
import sys

import pytest

from ginrules.cli import main

from testkit import ROOT

ADAPTERS = ROOT / "conformance" / "adapters"

OPENSPIEL_FAILS = {
    "discards-traps/2", "discards-traps/3", "discards-traps/4", "discards-traps/5",
    "knock-traps/0", "knock-traps/1", "knock-traps/2", "knock-traps/3",
    "layoffs-traps/0", "layoffs-traps/1", "layoffs-traps/2", "layoffs-traps/3",
    "layoffs-generated/19", "layoffs-generated/50"}
"""OpenSpiel's wrong answers: its count of eleven cards refuses legal knocks and gins (R-5.1),
and it never offers the third card of a chain of layoffs (R-6.2)."""

RLCARD_FAILS = {"deadwood/17", "deadwood/18", "discards-traps/8", "discards-traps/9"}
"""RLCard's: a run of more than five cards written as runs side by side (R-2.2), and an inner
card of a run listed as a discard that goes gin (R-5.4)."""


def _failures(capsys, command: str, *args: str) -> tuple[set[str], str]:
    main(["conformance", "--engine", command, *args])
    out = capsys.readouterr().out
    return set(re.findall(r"^FAIL .* \(([\w-]+/\d+)\) \[", out, re.M)), out


def test_the_javascript_engine_passes_what_it_answers(capsys):
    if shutil.which("node") is None:
        pytest.skip("no Node.js here")
    failed, out = _failures(capsys, f"node {ADAPTERS / 'tiny_engine.js'}")
    assert failed == set(), out[-2000:]
    assert out.splitlines()[0] == "engine: a tiny engine in JavaScript"
    for topic in ("deadwood", "discards", "shuffle"):
        assert re.search(rf"^{topic} +[1-9]\d* +0 ", out, re.M), topic


def test_openspiel_fails_only_where_its_rules_or_its_bugs_differ(capsys):
    pytest.importorskip("pyspiel")
    failed, out = _failures(capsys, f"{sys.executable} {ADAPTERS / 'openspiel_engine.py'}")
    assert failed == OPENSPIEL_FAILS, out[-3000:]
    assert re.search(r"^games +2\d\d +0 ", out, re.M)  # its own hands replay, scored alike
    assert "not implemented" in out.splitlines()[-1]


def test_rlcard_fails_only_where_its_rules_or_its_bugs_differ(capsys):
    pytest.importorskip("rlcard")
    failed, out = _failures(capsys, f"{sys.executable} {ADAPTERS / 'rlcard_engine.py'}",
                            "--filter", "deadwood", "--filter", "discards", "--filter", "knock")
    assert failed == RLCARD_FAILS, out[-3000:]
