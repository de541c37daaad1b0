"""The hands played by OpenSpiel's gin_rummy (conformance/facts/games-openspiel.json).

They run with every other fact (against this service, the reference and OpenSpiel's own
adapter); these check that they are there, many and varied, and that the converter's one
piece of reasoning of its own, which declared meld each layoff extends, is right.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ginrules.conformance import load_facts
from testkit import ROOT
from tests.scripts import load_script


def _converter():
    # OpenSpiel itself is imported only to play hands
    return load_script("conformance/openspiel_games.py", "openspiel_games")


def _hands():
    return [f for f in load_facts(ROOT / "conformance", ["games"])
            if f.id.startswith("games-openspiel/")]


def test_the_openspiel_hands_are_at_least_150_valid_one_hand_logs_under_its_options():
    facts = _hands()
    assert len(facts) >= 150
    for fact in facts:
        (round_,) = fact.question["rounds"]
        assert len(round_["stock"]) == 31 and fact.answer["valid"] is True
        assert fact.options["undercut_on_tie"] is False and fact.options["wall"] == "last_discard"
        (result,) = fact.answer["rounds"]
        fields = ("outcome", "winner", "points") if result["outcome"] == "draw" else (
            "outcome", "knocker", "winner", "points", "deadwood")
        assert all(field in result for field in fields), fact.name


def test_the_openspiel_hands_have_gin_knocks_undercuts_ties_layoffs_walls_and_both_draws():
    kinds = Counter()
    for fact in _hands():
        result = fact.answer["rounds"][0]
        outcome, winner = result["outcome"], result["winner"]
        kinds["tie" if outcome == "knock" and winner is None else outcome] += 1
        actions = fact.question["rounds"][0]["actions"]
        if outcome == "draw":
            last = actions[-1]
            if last["action"] == "pass":  # a pass at the wall
                assert len(actions) > 50
                kinds["wall pass"] += 1
            elif last["action"] == "draw":  # the 50th counted draw of the upcard
                assert last["source"] == "discard"
                counted = sum(1 for i, a in enumerate(actions) if a["action"] == "draw"
                              and a["source"] == "discard" and actions[i - 1]["action"]
                              == "discard")
                assert counted == 50
                kinds["upcard draw limit"] += 1
            else:  # a second return in a row
                assert last["action"] == "discard"
                for end in (-1, -3):
                    assert actions[end - 1] == {"player": actions[end]["player"],
                                                "action": "draw", "source": "discard"}
                    before = len(actions) + end - 2  # the discard taken, or the upcard
                    taken = actions[before]["card"] if before >= 0 and actions[before][
                        "action"] == "discard" else fact.question["rounds"][0]["upcard"]
                    assert actions[end]["card"] == taken
                kinds["repeated return"] += 1
            continue
        knock = next(i for i, a in enumerate(actions) if a["action"] == "knock")
        stock_draws = sum(1 for a in actions if a.get("source") == "stock")
        if stock_draws == 29:  # at the wall: the last discard taken, then the knock
            assert actions[knock - 1]["source"] == "discard"
            kinds["wall knock"] += 1
        lay_down = actions[-1]
        assert lay_down["action"] == "lay_down"
        kinds["layoffs"] += bool(lay_down["layoffs"])
        kinds["defender melds"] += bool(lay_down["melds"])
    assert kinds["knock"] >= 50 and kinds["gin"] >= 20 and kinds["undercut"] >= 5, kinds
    assert kinds["tie"] >= 1 and kinds["layoffs"] >= 50 and kinds["defender melds"] >= 50, kinds
    assert kinds["wall knock"] >= 10 and kinds["wall pass"] >= 10, kinds
    assert kinds["upcard draw limit"] >= 3 and kinds["repeated return"] >= 3, kinds


def test_a_layoff_names_the_meld_it_extends_as_extended_by_earlier_layoffs():
    convert = _converter()
    code = {convert.name(c): c for c in range(52)}

    def meld(kind, *cards):
        return {"kind": kind, "cards": [code[c] for c in cards]}

    run = meld("run", "5S", "6S", "7S")
    assert convert.assign_layoffs([run], [code["8S"], code["9S"], code["4S"]],
                                  random.Random(0)) == [0, 0, 0]
    # 7C fits the set and the run, but 8C after it only fits the run that 7C extended.
    melds = [meld("set", "7S", "7H", "7D"), meld("run", "4C", "5C", "6C")]
    for seed in range(8):
        assert convert.assign_layoffs(melds, [code["7C"], code["8C"]],
                                      random.Random(seed)) == [1, 1]
    # Alone, 7C goes to either meld.
    chosen = {convert.assign_layoffs(melds, [code["7C"]], random.Random(seed))[0]
              for seed in range(16)}
    assert chosen == {0, 1}


def test_a_layoff_that_fits_no_meld_is_a_conversion_error():
    convert = _converter()
    code = {convert.name(c): c for c in range(52)}
    full_set = {"kind": "set", "cards": [code[c] for c in ("9S", "9H", "9D", "9C")]}
    king_run = {"kind": "run", "cards": [code[c] for c in ("JS", "QS", "KS")]}
    for melds, card in (([full_set], "TS"), ([king_run], "AS"), ([king_run], "KH")):
        with pytest.raises(ValueError, match="no meld takes"):
            convert.assign_layoffs(melds, [code[card]], random.Random(0))


def test_openspiel_cards_get_our_codes():
    convert = _converter()
    # OpenSpiel numbers cards suit by suit (spades, clubs, diamonds, hearts), ace first.
    assert [convert.name(c) for c in (0, 12, 13, 26, 39, 51)] == [
        "AS", "KS", "AC", "AD", "AH", "KH"]


def test_the_converter_writes_the_facts_file_as_it_is(tmp_path):
    pytest.importorskip("pyspiel")
    convert = _converter()
    output = tmp_path / "games-openspiel.json"
    assert convert.main(["--hands", "20", "--output", str(output)]) == 0
    written = __import__("json").loads(output.read_text())["facts"]
    kept = _hands()[:20]
    assert [f["description"] for f in written] == [f.description for f in kept]
    assert [f["answer"] for f in written] == [f.answer for f in kept]
