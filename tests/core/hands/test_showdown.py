"""Knocks (R-5), layoffs (R-6) and round scores (R-7) in the rules core."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrules.rules import resolve_rules
from ginrules.rules.base.cards import cards_mask, hand_names, parse_card, parse_hand_mask
from ginrules.rules.errors import InvalidHandError
from ginrules.rules.hands.knock import check_knock
from ginrules.rules.hands.layoffs import Layoff, best_defense, check_layoffs, layable_cards
from ginrules.rules.base.melds import parse_melds
from ginrules.rules.hands.scoring import DealFacts, price, score_deal
from testkit.generator import knock_position
from ginrules.rules.hands.solver import min_deadwood

from testkit import reference as ref

STANDARD = resolve_rules("standard")


def hand(codes: str) -> int:
    return parse_hand_mask(codes.split())


def melds(*groups: str):
    return parse_melds([g.split() for g in groups])


def layoff_names(defense) -> list[tuple[str, int]]:
    return [(hand_names([layoff.card])[0], layoff.meld) for layoff in defense.layoffs]


# R-5 knocks ---------------------------------------------------------------------------------


def test_r5_1_knock_at_the_limit_is_legal_and_over_it_is_not():
    eleven = hand("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC")
    assert check_knock(eleven, parse_card("KC"), STANDARD, 10).legal
    over = check_knock(eleven, parse_card("KC"), STANDARD, 9)
    assert [v.code for v in over.violations] == ["deadwood_over_limit"]


def test_r5_1_knock_limit_zero_allows_only_gin():
    gin = hand("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC")
    assert check_knock(gin, parse_card("KC"), STANDARD, 0).gin
    near = hand("AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC")
    assert not check_knock(near, parse_card("KC"), STANDARD, 0).legal


def test_r4_4_discard_must_be_in_the_hand():
    result = check_knock(hand("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), parse_card("QC"), STANDARD, 10)
    assert [v.code for v in result.violations] == ["discard_not_in_hand"]
    assert result.arrangement is None


@pytest.mark.parametrize("option, legal", [("forbid", False), ("allow", True)])
def test_r4_3_taken_card_may_not_be_the_knock_discard_under_forbid(option, legal):
    rules = resolve_rules({"taken_card_discard": option})
    result = check_knock(hand("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), parse_card("KC"), rules, 10,
                         taken_card=parse_card("KC"))
    assert result.legal is legal


def test_r5_3_declared_melds_are_judged_as_declared():
    eleven = hand("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC")
    partial = check_knock(eleven, parse_card("KC"), STANDARD, 10, melds=melds("AS 2S 3S"))
    assert partial.deadwood_count == 49 and not partial.legal
    assert "best arrangement of these cards leaves 10" in partial.violations[0].detail
    stolen = check_knock(eleven, parse_card("KC"), STANDARD, 10, melds=melds("JC QC KC"))
    assert {v.code for v in stolen.violations} == {"meld_card_not_in_hand", "meld_card_discarded"}


def test_r5_5_big_gin_needs_the_option_and_eleven_melded_cards():
    eleven = hand("AS 2S 3S 4H 5H 6H 7D 8D 9D TD JD")
    assert [v.code for v in check_knock(eleven, None, STANDARD, 10).violations] == [
        "big_gin_not_played"]
    big = check_knock(eleven, None, resolve_rules({"big_gin_bonus": 31}), 10)
    assert big.legal and big.big_gin


# R-6 layoffs --------------------------------------------------------------------------------


def test_r6_2_layoffs_chain_down_a_run_in_playable_order():
    defense = best_defense(melds("5S 6S 7S"), hand("4S 3S KH KD QC JC 9H 8D 6C 2D"))
    assert layoff_names(defense) == [("4S", 0), ("3S", 0)]


def test_r6_2_a_chain_of_three_on_one_end_is_laid_in_order():
    knocker = melds("5S 6S 7S")
    defender = hand("4S 3S 2S KH KD QC JC 9H 8D 6C")
    assert hand_names(layable_cards(knocker, defender)) == ["2S", "3S", "4S"]
    chain = tuple(Layoff(parse_card(c), 0) for c in ("4S", "3S", "2S"))
    assert check_layoffs(knocker, defender, chain) == []
    out_of_order = tuple(Layoff(parse_card(c), 0) for c in ("3S", "4S", "2S"))
    assert [p.code for p in check_layoffs(knocker, defender, out_of_order)] == [
        "layoff_does_not_fit", "layoff_does_not_fit"]
    # 2S 3S 4S could also be the defender's own run: the same deadwood, so no layoff is needed.
    assert best_defense(knocker, defender).deadwood_count == 63


def test_r6_2_chains_on_both_ends():
    defense = best_defense(melds("5S 6S 7S"), hand("3S 4S 8S 9S KH KD QC JC 6C 2D"))
    assert sorted(layoff_names(defense)) == sorted([("4S", 0), ("3S", 0), ("8S", 0), ("9S", 0)])
    assert defense.deadwood_count == 48


def test_r6_2_nothing_extends_past_ace_or_king():
    assert layable_cards(melds("AS 2S 3S"), hand("KS QS")) == ()
    assert layable_cards(melds("JH QH KH"), hand("AH 2H")) == ()


def test_r6_2_a_set_of_four_takes_nothing_a_set_of_three_its_fourth():
    assert layable_cards(melds("9S 9H 9D 9C"), hand("8S TS")) == ()
    assert hand_names(layable_cards(melds("9S 9H 9D"), hand("9C 8C"))) == ["9C"]


def test_r6_1_card_fitting_a_set_and_a_run_end_goes_where_it_helps():
    # 8H fits the set 8S 8D 8C and the run 5H-7H; 9H then only fits the run after 8H.
    knocker = melds("8S 8D 8C", "5H 6H 7H")
    defense = best_defense(knocker, hand("8H 9H KS KD QC JC 2C 3D 4S 6C"))
    assert layoff_names(defense) == [("8H", 1), ("9H", 1)]


def test_r6_4_defender_breaks_own_meld_to_lay_off_when_it_pays():
    # 4S 5S 6S would be a meld, but laying 6S 5S 4S off onto 7S-9S and keeping... compare both:
    knocker = melds("7S 8S 9S")
    defender = hand("4S 5S 6S 6H 6D KC QC JD TD 2C")
    defense = best_defense(knocker, defender)
    assert defense.deadwood_count == ref.best_defense_count(
        [frozenset(m.cards) for m in knocker], ref_cards(defender))


def ref_cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def test_r6_3_nothing_is_laid_off_against_gin():
    defense = best_defense(melds("5S 6S 7S"), hand("4S 3S KH KD QC JC 9H 8D 6C 2D"), gin=True)
    assert defense.layoffs == ()


# R-7 prices ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "preset, facts, expected",
    [
        ("standard", DealFacts(5, 17), ("knock", "knocker", 12)),
        ("standard", DealFacts(8, 5), ("undercut", "defender", 13)),
        ("modern", DealFacts(8, 5), ("undercut", "defender", 28)),
        ("standard", DealFacts(0, 30, gin=True), ("gin", "knocker", 55)),
        ("classic", DealFacts(0, 30, gin=True), ("gin", "knocker", 50)),
        ("standard", DealFacts(0, 0, gin=True), ("gin", "knocker", 25)),
        ("standard", DealFacts(7, 7), ("undercut", "defender", 10)),
        ({"undercut_on_tie": False}, DealFacts(7, 7), ("knock", None, 0)),
        ({"big_gin_bonus": 31}, DealFacts(0, 20, big_gin=True), ("big_gin", "knocker", 51)),
    ],
)
def test_r7_every_outcome_is_priced_by_the_rules(preset, facts, expected):
    result = price(facts, resolve_rules(preset))
    assert (result.outcome, result.winner, result.points) == expected
    assert sum(t.points for t in result.breakdown) == result.points


@pytest.mark.parametrize("upcard, points", [("6S", 24), ("6H", 12), (None, 12)])
def test_r7_4_oklahoma_spade_upcard_doubles_the_round(upcard, points):
    rules = resolve_rules("oklahoma")
    result = price(DealFacts(5, 17), rules, parse_card(upcard) if upcard else None)
    assert result.points == points


def test_r7_6_knocker_keeps_a_run_end_to_deny_a_chain():
    # With A-4 the defender lays off 5S 6S (11); keeping 4S as deadwood costs the knocker 4.
    score = score_deal(hand("AS 2S 3S 4S 7H 8H 9H AC AD 2D"),
                        hand("5S 6S KH QH KD QD JC 9C 7C 5C"), STANDARD, 10)
    assert [m.names() for m in score.knocker.melds] == [["AS", "2S", "3S"], ["7H", "8H", "9H"]]
    assert (score.outcome, score.points) == ("knock", 74)


def test_r7_3_gin_beats_a_defender_with_zero():
    score = score_deal(hand("AS 2S 3S 4H 5H 6H 7D 8D 9D TD"),
                        hand("5S 6S 7S 8H 9H TH JC QC KC 2C"), STANDARD, 10)
    assert (score.outcome, score.winner, score.points) == ("gin", "knocker", 27)
    assert score.defense.layoffs == ()


def _score_faults(spread: str, discard: str, rules=STANDARD) -> list[tuple[tuple, str, str]]:
    with pytest.raises(InvalidHandError) as raised:
        score_deal(hand(spread), hand("5S 6S KH QH KD QD JC 9C 7C 5C"), rules, 10,
                   discard=parse_card(discard))
    return [(p.path, p.code, p.rule) for p in raised.value.problems]


def test_r5_3_eleven_cards_holding_the_discard_are_the_hand_before_it_not_big_gin():
    # The eleven cards held after the draw, sent with the knock's discard: the spread is the
    # ten left after it, so the hand is one card too many, whether big gin is played or not.
    eleven = "AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"
    for rules in (STANDARD, resolve_rules({"big_gin_bonus": 31})):
        assert _score_faults(eleven, "KC", rules) == [
            (("knocker", "hand"), "invalid_hand_size", "R-5.3")]
    with pytest.raises(InvalidHandError) as raised:
        score_deal(hand(eleven), hand("5S 6S KH QH KD QD JC 9C 7C 5C"), STANDARD, 10,
                   discard=parse_card("KC"))
    assert "leave KC out of the hand" in raised.value.problems[0].detail


def test_r5_5_eleven_cards_beside_a_discard_are_big_gin_only_where_big_gin_is_played():
    eleven = "AS 2S 3S 4H 5H 6H 7D 8D 9D TD JD"
    assert _score_faults(eleven, "KC") == [(("knocker", "hand"), "invalid_hand_size", "R-5.3")]
    assert _score_faults(eleven, "KC", resolve_rules({"big_gin_bonus": 31})) == [
        (("knocker", "discard"), "discard_with_big_gin", "R-5.5")]
    big = score_deal(hand(eleven), hand("5S 6S KH QH KD QD JC 9C 7C 5C"),
                     resolve_rules({"big_gin_bonus": 31}), 10)
    assert big.outcome == "big_gin"


def test_declared_defense_worse_than_best_is_scored_with_a_warning():
    score = score_deal(hand("5S 6S 7S 9H 9D 9C AC AD 2D 3C"),
                        hand("4S 3S KH KD QC JC 9S 8D 6C 2H"),
                        STANDARD, 10, knocker_melds=melds("5S 6S 7S", "9H 9D 9C"),
                        defender_melds=(), layoffs=(Layoff(parse_card("4S"), 0),))
    assert [w.code for w in score.warnings] == ["suboptimal_defense"]
    assert score.defense.deadwood_count == 72 - 4  # all ten cards (72) but the 4S laid off


def test_illegal_declared_layoffs_are_errors():
    with pytest.raises(InvalidHandError) as raised:
        score_deal(hand("5S 6S 7S 9H 9D 9C AC AD 2D 3C"), hand("3S 2S KH KD QC JC 9S 8D 6C 2H"),
                    STANDARD, 10, knocker_melds=melds("5S 6S 7S", "9H 9D 9C"),
                    layoffs=(Layoff(parse_card("3S"), 0),))
    assert [p.code for p in raised.value.problems] == ["layoff_does_not_fit"]


# Against the exhaustive reference ------------------------------------------------------------


knock_positions = st.integers(0, 2**32).map(lambda seed: knock_position(random.Random(seed)))



@given(knock_positions)
def test_best_defense_matches_the_reference(position):
    spread, defender = position
    knocker = ref.normalise(next(iter(ref.optimal_arrangements(spread))))
    knocker_melds = parse_melds([[hand_names([c])[0] for c in sorted(m)] for m in knocker])
    ours = best_defense(knocker_melds, cards_mask(defender))
    assert ours.deadwood_count == ref.best_defense_count(knocker, defender)
    assert ours.deadwood_count == min_deadwood(
        cards_mask(defender) & ~cards_mask(layoff.card for layoff in ours.layoffs))


OPTIONS = [
    {},
    {"undercut_on_tie": False, "undercut_bonus": 25, "gin_bonus": 20},
    {"knock_limit": 5},
]


@pytest.mark.parametrize("options", OPTIONS, ids=["standard", "no-tie-undercut", "limit-5"])
@given(position=knock_positions)
def test_round_score_matches_the_reference(options, position):
    spread, defender = position
    rules = resolve_rules(options)
    limit = options.get("knock_limit", 10)
    if ref.min_deadwood(spread) > limit:
        with pytest.raises(InvalidHandError):
            score_deal(cards_mask(spread), cards_mask(defender), rules, limit)
        return
    score = score_deal(cards_mask(spread), cards_mask(defender), rules, limit)
    signed = {"knocker": score.points, "defender": -score.points, None: 0}[score.winner]
    prices = {k: v for k, v in options.items() if k != "knock_limit"}
    assert (signed, score.knocker.deadwood_count) == ref.best_round(spread, defender, limit,
                                                                     **prices)


# Every preset's numbers (R-10 with R-7) ------------------------------------------------------

PRESET_PRICES = {
    # preset: (gin bonus, undercut bonus)
    "standard": (25, 10), "modern": (25, 25), "classic": (20, 10), "oklahoma": (25, 10),
    "hollywood": (25, 10), "box": (25, 10), "cutthroat": (25, 10), "partnership": (25, 10),
}


@pytest.mark.parametrize("preset", list(PRESET_PRICES))
def test_every_preset_prices_gin_undercut_and_knock(preset):
    gin_bonus, undercut_bonus = PRESET_PRICES[preset]
    rules = resolve_rules(preset)
    assert price(DealFacts(0, 31, gin=True), rules).points == gin_bonus + 31
    assert price(DealFacts(9, 4), rules).points == 5 + undercut_bonus
    assert price(DealFacts(9, 9), rules).points == undercut_bonus  # a tie is an undercut
    assert price(DealFacts(4, 9), rules).points == 5
    # Big gin is off in every preset until big_gin_bonus is set.
    assert rules.big_gin_bonus is None
