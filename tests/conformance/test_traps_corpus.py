"""The traps for other engines (conformance/facts/*-traps.json, written by conformance/traps.py).

They run with every other fact; these check that there are a few dozen distinct traps for
both engines, that the script's own reasoning (card numbering, which cards a chain of layoffs
reaches) is right, and, where the engines are installed, that each trap still trips the engine
it names.
"""

from __future__ import annotations

import pytest

from ginrules.conformance import load_facts
from testkit import ROOT
from tests.scripts import load_script

NAMES = [r + s for s in "SHDC" for r in "A23456789TJQK"]


def _script():
    # the engines are imported only when they are asked
    return load_script("conformance/traps.py", "traps", register=True)


def _traps():
    return [f for f in load_facts(ROOT / "conformance") if f.id.split("/")[0].endswith("-traps")]


def _cards(names):
    return [NAMES.index(name) for name in names]


def test_there_are_at_least_ten_traps_each_naming_the_engine_it_trips():
    facts = _traps()
    assert len(facts) >= 10
    engines = {engine for fact in facts for engine in fact.extra["trips"]}
    assert engines == {"OpenSpiel", "RLCard"}, engines
    assert all(fact.description.split()[0] in fact.extra["trips"] for fact in facts)
    assert {"discards", "knock", "layoffs"} <= {fact.topic for fact in facts}


def test_the_openspiel_card_numbering_round_trips_and_orders_suits_s_c_d_h():
    script = _script()
    assert [script.OpenSpiel.ours(script.OpenSpiel.card(c)) for c in range(52)] == \
        list(range(52))
    # Our 2H (suit 1, hearts) is OpenSpiel's 2h: hearts are its fourth suit.
    assert script.OpenSpiel.card(NAMES.index("2H")) == 3 * 13 + 1
    assert script.OpenSpiel.card(NAMES.index("KC")) == 1 * 13 + 12


def test_a_chain_of_layoffs_reaches_past_two_cards_at_a_run_end():
    script = _script()
    melds = [frozenset(_cards(["5S", "6S", "7S"]))]
    defender = _cards("8S 9S TS JS KH KD QC 2C 9H 8D".split())
    assert script.reference_layable(melds, defender) == set(_cards(["8S", "9S", "TS", "JS"]))
    assert script.run_distance(melds, defender, NAMES.index("TS")) == 3
    assert script.run_distance(melds, defender, NAMES.index("9H")) == 0


def test_each_trap_still_trips_the_engine_it_names():
    pytest.importorskip("pyspiel")
    pytest.importorskip("rlcard")
    script = _script()
    engines = [script.OpenSpiel(), script.RLCard()]
    for fact in _traps():
        engine = fact.extra["trips"][0].lower()
        if fact.topic in ("discards", "knock"):
            cards = _cards(fact.question["hand"])
            found = (script.eleven_traps if len(cards) == 11 else script.ten_traps)(cards,
                                                                                  engines)
        else:
            melds = [frozenset(_cards(m)) for m in fact.question["knocker_melds"]]
            found = script.layoff_traps(melds, _cards(fact.question["defender"]), engines)
        assert any(kind.startswith(engine) for kind in found), fact.description
