"""The kit's independent reference (conformance/reference/): it answers every fact, shares no
code with the service, its tests or the test kit, writes the generated facts, and a copy of it
broken in one rule fails the facts of that rule and no others."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

import pytest

from ginrules.conformance import load_facts
from ginrules.conformance.engines import run_answerer
from ginrules.conformance.facts import full_options

from testkit import ROOT

KIT = ROOT / "conformance"
SCHEMA = KIT / "facts.schema.json"
FORBIDDEN = {"ginrules", "tests", "testkit"}


@pytest.fixture(scope="module")
def reference():
    """The reference package, imported from the kit's folder as its scripts import it."""
    sys.path.insert(0, str(KIT))
    try:
        from reference import answers, melds, showdown  # noqa: F401

        yield sys.modules["reference"]
    finally:
        sys.path.remove(str(KIT))


def _failing(reference, facts):
    """The facts the reference, as it stands, answers wrongly."""
    answers = sys.modules["reference.answers"]
    sys.modules["reference.melds"].least_deadwood.cache_clear()

    def answer(fact, options):
        return {"answer": answers.answer(fact.topic, options, fact.question)}

    verdicts = run_answerer(answer, facts, lambda f: full_options(f, SCHEMA))
    return [v.fact for v in verdicts if v.status != "passed"]


def test_the_reference_answers_every_fact(reference):
    facts = load_facts(KIT)
    assert _failing(reference, facts) == []


def _imports(path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_nothing_in_the_kit_imports_the_service_its_tests_or_the_test_kit():
    scripts = sorted(KIT.rglob("*.py"))
    assert {"build.py", "traps.py", "openspiel_games.py", "answers.py", "play.py",
            "openspiel_engine.py"} <= {path.name for path in scripts}
    reaching = {str(path.relative_to(ROOT)): sorted(_imports(path) & FORBIDDEN)
                for path in scripts if _imports(path) & FORBIDDEN}
    assert not reaching


_PROBE = r"""
import atexit, json, os, runpy, sys
def _loaded():
    with open(os.environ["KIT_PROBE_OUT"], "w") as out:
        json.dump(sorted({name.split(".")[0] for name in sys.modules}), out)
atexit.register(_loaded)
sys.argv = ["build.py", "--output", os.environ["KIT_OUTPUT"]]
runpy.run_path(os.environ["KIT_BUILD"], run_name="__main__")
"""


def test_the_generated_facts_are_what_the_reference_writes_and_it_loads_no_service(tmp_path):
    probe = tmp_path / "loaded.json"
    env = {**os.environ, "KIT_PROBE_OUT": str(probe), "KIT_OUTPUT": str(tmp_path / "facts"),
           "KIT_BUILD": str(KIT / "build.py"), "PYTHONPATH": ""}
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = set(json.loads(probe.read_text()))
    assert "reference" in loaded and not loaded & FORBIDDEN, sorted(loaded & FORBIDDEN)
    written = sorted((tmp_path / "facts").glob("*.json"))
    assert {p.name for p in written} >= {"deadwood-generated.json", "games-generated.json",
                                          "perft.json"}
    for path in written:
        assert path.read_text() == (KIT / "facts" / path.name).read_text(), path.name


def test_the_reference_shuffle_deals_the_worked_example_of_the_rule_book(reference):
    shuffle = sys.modules["reference.shuffle"]
    cards = sys.modules["reference.cards"]
    first, second, upcard, stock = shuffle.deal(42)
    assert cards.codes(first) == "AS 3C 7H 3D 4S 2D 5C KD 2S AC".split()
    assert cards.codes(second) == "JS 9S TD 6H KH 2C 3S AD 5H 4H".split()
    assert cards.CODES[upcard] == "6C" and cards.codes(stock[:3]) == ["7D", "8S", "7C"]


def _allow_taken_card(monkeypatch, reference):
    answers = sys.modules["reference.answers"]
    answer = answers.answer
    monkeypatch.setattr(answers, "answer", lambda topic, options, question: answer(
        topic, {**options, "taken_card_discard": "allow"}, question))


def _no_chains(monkeypatch, reference):
    showdown = sys.modules["reference.showdown"]

    def lay_off_order(melds, cards, corner):  # each card onto a meld as it was declared
        if not cards:
            return []
        for card in sorted(cards):
            for index, meld in enumerate(melds):
                if showdown.fits(meld, card, corner):
                    rest = lay_off_order(melds, cards - {card}, corner)
                    if rest is not None:
                        return [(card, index)] + rest
        return None

    monkeypatch.setattr(showdown, "lay_off_order", lay_off_order)


def _no_undercut_bonus(monkeypatch, reference):
    showdown = sys.modules["reference.showdown"]
    price = showdown.price
    monkeypatch.setattr(showdown, "price", lambda knocker, defender, kind, options, double=False:
                        price(knocker, defender, kind, {**options, "undercut_bonus": 0}, double))


def _returns_go_on(monkeypatch, reference):
    answers = sys.modules["reference.answers"]
    answer = answers.answer
    monkeypatch.setattr(answers, "answer", lambda topic, options, question: answer(
        topic, {**options, "repeated_return_draw": False}, question))


BREAKS = {"R-4.3": _allow_taken_card, "R-6.2": _no_chains, "R-7.2": _no_undercut_bonus,
          "R-4.9": _returns_go_on}
"""One rule broken in the reference, by rule id: the card just taken may always be thrown
back; a layoff never lengthens the meld for the next; an undercut earns no bonus; two returns
in a row end nothing."""


@pytest.mark.parametrize("rule", sorted(BREAKS))
def test_a_reference_broken_in_one_rule_fails_only_the_facts_of_that_rule(
        rule, reference, monkeypatch):
    facts = load_facts(KIT)
    BREAKS[rule](monkeypatch, reference)
    failing = _failing(reference, facts)
    assert len(failing) >= 5, [f.name for f in failing]
    others = [f"{f.id} {f.name} {f.rules}" for f in failing if rule not in f.rules]
    assert not others, others
