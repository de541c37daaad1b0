"""The traps for other engines (conformance/traps.json, written by conformance/traps.py).

The topic runs with every other topic (test_conformance.py, in process and over HTTP); these
tests check that it is there with a few dozen distinct traps for both engines, that each
expected answer is the exhaustive reference's, that the script's own reasoning (card
numbering, which cards a chain of layoffs reaches) is right, and, where the engines are
installed, that each trap still trips the engine its description names.
"""

from __future__ import annotations

from ginrules.conformance import load_cases
from testkit import ROOT
from testkit import reference as ref
from tests.scripts import load_script

TOPIC = "traps"
NAMES = [r + s for s in "SHDC" for r in "A23456789TJQK"]


def _script():
    # the engines are imported only when they are asked
    return load_script("conformance/traps.py", "traps", register=True)


def _cards(names):
    return [NAMES.index(name) for name in names]


def _expected(case, pointer):
    return next(c for c in case.expected["checks"] if c["pointer"] == pointer)


def test_the_traps_topic_has_at_least_ten_traps_naming_the_engine_each_trips():
    cases = load_cases(ROOT / "conformance", [TOPIC])
    assert len(cases) >= 10
    engines = {case.description.split()[0] for case in cases}
    assert engines == {"OpenSpiel", "RLCard"}, engines
    paths = {case.request["path"] for case in cases}
    assert {"/v1/hands/analyze", "/v1/knock", "/v1/layoffs"} <= paths


def test_trap_answers_are_the_exhaustive_references():
    for case in load_cases(ROOT / "conformance", [TOPIC]):
        body = case.request["body"]
        if case.request["path"] == "/v1/hands/analyze":
            values = ref.discard_values(_cards(body["hand"]))
            least = min(values.values())
            assert _expected(case, "/deadwood_count")["equals"] == least, case.description
            best = sorted(NAMES[c] for c, v in values.items() if v == least)
            assert sorted(_expected(case, "/best_discards")["same_items"]) == best
        elif case.request["path"] == "/v1/knock":
            values = ref.discard_values(_cards(body["hand"]))
            count = values[NAMES.index(body["discard"])]
            assert count == min(values.values()), case.description
            assert _expected(case, "/deadwood_count")["equals"] == count
            assert _expected(case, "/legal")["equals"] is True
        elif case.request["path"] == "/v1/layoffs":
            melds = [frozenset(_cards(m)) for m in body["knocker_melds"]]
            defender = _cards(body["defender_hand"])
            assert _expected(case, "/deadwood_count")["equals"] == \
                ref.best_defense_count(melds, defender), case.description


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
    script = _script()
    engines = [script.OpenSpiel(), script.RLCard()]
    for case in load_cases(ROOT / "conformance", [TOPIC]):
        body = case.request["body"]
        engine = case.description.split()[0].lower()
        if case.request["path"] in ("/v1/hands/analyze", "/v1/knock"):
            cards = _cards(body["hand"])
            found = (script.eleven_traps if len(cards) == 11 else script.ten_traps)(cards,
                                                                                  engines)
        else:
            melds = [frozenset(_cards(m)) for m in body["knocker_melds"]]
            found = script.layoff_traps(melds, _cards(body["defender_hand"]), engines)
        assert any(kind.startswith(engine) for kind in found), case.description
