"""The OpenSpiel import played on the engine (rules/documents/openspiel/).

Every rule of play the import applies is the engine's: a refused action carries the engine's
rule and code, and a change to one of the engine's checks reaches the import with no other
edit.  What stays the import's own is OpenSpiel's: its eleven-card knock count and the layoffs
it offers (checked here against OpenSpiel's own ``pyspiel`` where it is installed), and the
grouping of its actions into one knock and one lay-down.
"""

from __future__ import annotations

import ast
import random
from collections import Counter

import pytest

from ginrules.rules.base.melds import Meld
from ginrules.rules.documents.openspiel import (DRAW_STOCK, DRAW_UPCARD, KNOCK, PASS,
                                                InvalidImportError, assign_layoffs,
                                                import_openspiel, knock_discard, meld_id,
                                                meld_table, min_deadwood)
from ginrules.rules.documents.openspiel.numbering import (CARD_OF, MELDS, highest_ranked,
                                                          mask_of)
from ginrules.rules.documents.openspiel.quirks import SOLVER
from ginrules.rules.base.cards import CARD_BITS, parse_card
from ginrules.rules.base.options import PRESETS
from ginrules.rules.errors import IllegalMove
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Phase
from ginrules.rules.usecases.replay import replay

from .openspiel_actions import card, cards, deal, meld
from testkit import ROOT
from tests.core import SOURCE_ONLY

PACKAGE = ROOT / "service" / "ginrules" / "rules" / "documents" / "openspiel"


def refusal(actions, params=None):
    with pytest.raises(InvalidImportError) as caught:
        import_openspiel(actions, params)
    return caught.value.problems[0]


KNOCKER = "2S 3S 4S 7C 7D 7H 9D TD JD KS"
LAYOFF_DEAL = deal(KNOCKER, "5S 6S 7S 8S QC KC KH 3H 4C 9C", "AH")
KNOCKED = LAYOFF_DEAL + [DRAW_UPCARD, KNOCK, card("KS"), meld("2S 3S 4S"), meld("7C 7D 7H"),
                         meld("9D TD JD"), PASS]
"""p0 takes the upcard and knocks with 1 (AH); p1 holds 5S 6S 7S 8S, a chain on 2S 3S 4S."""


# The engine's rules, with the engine's reasons ------------------------------------------------

def test_r4_2_an_action_the_engine_refuses_carries_the_engines_rule_and_code():
    problem = refusal(LAYOFF_DEAL + [DRAW_STOCK])
    assert problem.path == ("actions", 21) and problem.code == "illegal_action"
    assert problem.rule == "R-4.2" and problem.detail.endswith("(must_pass_or_take_upcard)")


def test_r4_4_a_discard_not_in_the_hand_is_refused_by_the_engines_rule():
    problem = refusal(LAYOFF_DEAL + [DRAW_UPCARD, card("5S")])
    assert (problem.path, problem.rule) == (("actions", 22), "R-4.4")
    assert "5S is not in p0's hand" in problem.detail


def test_r5_1_a_knock_discard_over_the_limit_is_refused_by_the_engines_knock_check():
    problem = refusal(LAYOFF_DEAL + [DRAW_UPCARD, KNOCK, card("2S")])
    assert (problem.path, problem.rule) == (("actions", 23), "R-5.1")
    assert problem.detail.endswith("(deadwood_over_limit)")


def test_r6_3_a_layoff_against_gin_is_refused_by_the_engines_rule():
    gin = deal(KNOCKER, "QS QC QH 5S AC 2C 3H 8H 9H KC", "QD") + [
        DRAW_UPCARD, KNOCK, card("KS"), meld("2S 3S 4S"), meld("7C 7D 7H"),
        meld("9D TD JD QD"), PASS, card("5S")]
    problem = refusal(gin)
    assert (problem.path, problem.code, problem.rule) == (("actions", 28), "illegal_action",
                                                          "R-6.3")
    assert problem.detail.endswith("(layoff_against_gin)")


def test_r4_5_a_stock_draw_naming_a_card_already_seen_is_refused_by_the_engines_rule():
    problem = refusal(LAYOFF_DEAL + [PASS, PASS, DRAW_STOCK, card("5S")])
    assert (problem.path, problem.code, problem.rule) == (("actions", 24),
                                                          "invalid_chance_outcome", "R-4.5")


@SOURCE_ONLY
def test_r4_2_a_change_to_one_of_the_engines_checks_reaches_the_import(monkeypatch):
    # A rule someone might add: the upcard may not be taken on the first turn.  Made in the
    # engine's check alone, the import refuses the take with the new code.
    original = Deal.verify_draw

    def verify_draw(self, move):
        if self.phase is Phase.FIRST_TURN and move.source == "discard":
            raise IllegalMove("no_first_take", "R-4.2", "the upcard may not be taken")
        original(self, move)

    assert import_openspiel(LAYOFF_DEAL + [DRAW_UPCARD])["rounds"][0]["actions"]
    monkeypatch.setattr(Deal, "verify_draw", verify_draw)
    problem = refusal(LAYOFF_DEAL + [DRAW_UPCARD])
    assert problem.path == ("actions", 21) and problem.detail.endswith("(no_first_take)")
    assert import_openspiel(LAYOFF_DEAL + [PASS])["rounds"][0]["actions"] == [
        {"player": "p0", "action": "pass"}]


def test_r10_a_parameter_out_of_its_options_range_is_refused_by_the_options_check():
    problem = refusal([], {"knock_card": 101})
    assert (problem.path, problem.code, problem.rule) == (("params", "knock_card"),
                                                          "unsupported_parameter", "R-10")
    assert "knock_limit must be an integer from 0 to 100" in problem.detail


# OpenSpiel's own: its layoffs, its grouping ---------------------------------------------------

def test_r6_2_openspiel_offers_no_third_layoff_down_a_run_though_the_rule_allows_it():
    # 5S 6S 7S 8S all extend 2S 3S 4S one after another; OpenSpiel offers only the
    # cards next to the run as laid or as extended by a layoff that touched it: 5S, then 6S
    # (7S it offers as the fourth 7 of the set), never 8S.
    problem = refusal(KNOCKED + [card("5S"), card("6S"), card("7S"), card("8S")])
    assert (problem.path, problem.rule) == (("actions", 31), "R-6.2")
    assert "OpenSpiel offers no layoff of 8S" in problem.detail
    # The engine takes the whole chain, as the same hand's log shows.
    log = import_openspiel(KNOCKED + [card("5S"), card("6S"), PASS, PASS])
    lay_down = log["rounds"][0]["actions"][-1]
    lay_down["layoffs"] += [{"card": "7S", "meld": 0}, {"card": "8S", "meld": 0}]
    verdict = replay(log)
    assert verdict.valid and verdict.rounds[0].points == 10 + 10 + 10 + 3 + 4 + 9 - 1


def test_r6_2_a_layoff_names_the_first_meld_that_keeps_later_layoffs_legal():
    rules = PRESETS["openspiel"]
    melds = (Meld.of("7S 7H 7D"), Meld.of("4C 5C 6C"))
    defender = mask_of(cards("7C 8C 2H 3H 9D TD JD QD KS AS"))
    seven, eight = parse_card("7C"), parse_card("8C")
    # 7C fits both melds; alone it goes on the first, but 8C after it needs the run.
    assert [lay.meld for lay in assign_layoffs(melds, defender, (seven,), rules)] == [0]
    assert [lay.meld for lay in assign_layoffs(melds, defender, (seven, eight), rules)] == [1, 1]
    assert assign_layoffs(melds, defender, (parse_card("9D"),), rules) is None


def test_r2_3_a_meld_sharing_a_card_with_one_laid_is_refused_at_its_index():
    twice = LAYOFF_DEAL + [DRAW_UPCARD, KNOCK, card("KS"), meld("7C 7D 7H"), meld("7C 7D 7H")]
    problem = refusal(twice)
    assert (problem.path, problem.rule) == (("actions", 25), "R-2.3")


def test_a_meld_number_outside_a_knock_or_a_lay_down_is_refused():
    problem = refusal(LAYOFF_DEAL + [DRAW_UPCARD, meld("2S 3S 4S")])
    assert problem.path == ("actions", 22) and problem.code == "illegal_action"


def test_the_meld_numbers_are_the_catalogues_melds_of_three_to_five_cards():
    table = meld_table()
    assert len(table) == 185 and len(set(table)) == 185
    assert all(3 <= len(melded) <= 5 for melded in table)
    for number, numbers in enumerate(table):
        assert MELDS[number] == Meld.of([CARD_OF[n] for n in numbers])
        assert meld_id(list(numbers)) == number
    assert table[0] == tuple(cards("AC AD AH")) and table[4] == tuple(cards("AS AC AD AH"))
    assert table[65] == tuple(cards("AS 2S 3S")) and table[184] == tuple(cards("9H TH JH QH KH"))


# OpenSpiel's eleven-card knock ----------------------------------------------------------------

QUIRK = "3C 3D 4C 4H 5C 5D 5H 6C 6D 6H AD"
"""Eleven cards OpenSpiel counts 11 though discarding 5D leaves 9 (R-5.1)."""


def test_r5_1_openspiels_knock_assumes_one_discard_and_refuses_what_another_allows():
    hand = mask_of(cards(QUIRK))
    assumed = knock_discard(hand)
    assert assumed is not None and SOLVER.min_deadwood(hand & ~CARD_BITS[assumed]) == 11
    assert min(SOLVER.discard_counts(hand)) == 9
    actions = deal(QUIRK.rsplit(" ", 1)[0], "5S 6S 7S 8D QC KC KH 3H 4D 9C", "AD") + [
        DRAW_UPCARD, KNOCK]
    problem = refusal(actions)
    assert (problem.path, problem.code, problem.rule) == (("actions", 22), "illegal_action",
                                                          "R-5.1")
    assert f"highest-ranked leftover card, {assumed}:" in problem.detail
    assert "would leave a knock within the limit" in problem.detail


def test_r5_1_all_eleven_melded_is_a_knock_openspiel_allows():
    hand = mask_of(cards("AS 2S 3S 4S 7C 7D 7H 7S 9D TD JD"))
    assert knock_discard(hand) is None and min_deadwood(
        cards("AS 2S 3S 4S 7C 7D 7H 7S 9D TD JD")) == 0


def test_r5_1_the_eleven_card_count_is_openspiels_on_meld_dense_hands():
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test dependency")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(11)
    ordered = 0
    for _ in range(4000):
        low = rng.randrange(9)
        suits = rng.sample(range(4), rng.choice([3, 4]))
        pool = [s * 13 + r for s in suits for r in range(low, min(13, low + rng.choice([4, 5])))]
        hand = rng.sample(pool, 11)
        assert min_deadwood(hand) == utils.min_deadwood(hand), hand
        # Where the solver's canonical first arrangement is not the one OpenSpiel settles
        # on, OpenSpiel's order of meld groups decides the count.
        mask = mask_of(hand)
        first = SOLVER.optimal_arrangements(mask)[0]
        if first.deadwood:
            top = highest_ranked(first.deadwood)
            ordered += SOLVER.min_deadwood(mask & ~CARD_BITS[top]) != utils.min_deadwood(hand)
    assert ordered >= 10, ordered


# Every action OpenSpiel allows, and only those ------------------------------------------------

def _greedy(state, rng, utils):
    """A player that lowers its deadwood, knocks as soon as it may and lays off at random."""
    legal = state.legal_actions()
    if rng.random() < 0.1:
        return rng.choice(legal)
    hand = list(state.hands()[state.current_player()])
    if KNOCK in legal:
        return KNOCK
    if DRAW_UPCARD in legal and utils.min_deadwood(hand + [state.upcard()]) < \
            utils.min_deadwood(hand):
        return DRAW_UPCARD
    discards = [a for a in legal if a < 52]
    if discards and len(hand) == 11:
        return min(discards, key=lambda c: (utils.min_deadwood([x for x in hand if x != c]),
                                            rng.random()))
    plays = [a for a in legal if a != PASS]
    return rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal)


def test_the_import_accepts_exactly_the_actions_openspiel_allows():
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test dependency")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    phases = Counter()
    for seed in range(8):
        params = [{}, {"knock_card": 5}, {"oklahoma": True}][seed % 3]
        game = pyspiel.load_game("gin_rummy", params)
        rng = random.Random(seed)
        state = game.new_initial_state()
        actions: list[int] = []
        while not state.is_terminal():
            phase = str(state.current_phase()).rsplit(".", 1)[-1]
            if phase in ("KNOCK", "LAYOFF", "WALL") or rng.random() < 0.03:
                legal = ({c for c, _ in state.chance_outcomes()} if state.is_chance_node()
                         else set(state.legal_actions()))
                for number in range(241):
                    try:
                        import_openspiel(actions + [number], params)
                        accepted = True
                    except InvalidImportError:
                        accepted = False
                    assert accepted == (number in legal), (seed, len(actions), phase, number)
                phases[phase] += 1
            if state.is_chance_node():
                action = rng.choice([c for c, _ in state.chance_outcomes()])
            else:
                action = _greedy(state, rng, utils)
            state.apply_action(action)
            actions.append(action)
    assert phases["KNOCK"] >= 10 and phases["LAYOFF"] >= 10, phases


# What the import does not hold ----------------------------------------------------------------

def test_the_import_restates_no_rule_of_the_core():
    # Card values, meld shapes and deadwood counts are the core's; the import asks for them.
    names = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Name):
                names.add(node.id)
            elif isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.alias):
                names.add(node.name)
    assert not names & {"CARD_VALUES", "RANK_VALUES", "card_values", "deadwood_value",
                        "meld_kind", "score_deal", "best_defense"}
    assert {"Deal", "verify_knock", "knock_out", "lay_down", "check_layoffs"} <= names
