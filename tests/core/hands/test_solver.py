"""The meld solver against the exhaustive reference (R-2.5), plus named edge cases (R-2.6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrules.rules import cards_mask, parse_hand
from ginrules.rules.base.melds import meld_kind
from ginrules.rules.hands.solver import (
    best_arrangement,
    cache_clear,
    cache_info,
    discard_counts,
    min_deadwood,
    optimal_arrangements,
    solve,
    solve_hand,
)

from testkit import reference as ref
from tests.strategies import dense_hands, random_hands, seeded_hands


def as_reference(arrangement) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(m.cards) for m in arrangement.melds)


def check_arrangement_is_valid(cards: list[int], arrangement) -> None:
    melded = [c for m in arrangement.melds for c in m.cards]
    assert len(melded) == len(set(melded)), "a card in two melds (R-2.3)"
    for meld in arrangement.melds:
        assert meld_kind(meld.cards) == meld.kind
        assert list(meld.cards) == sorted(meld.cards)
    assert sorted(melded + list(arrangement.deadwood)) == sorted(cards)
    assert list(arrangement.deadwood) == sorted(arrangement.deadwood)
    assert arrangement.deadwood_count == sum(ref.value_of(c) for c in arrangement.deadwood)


def check_hand(cards: list[int]) -> None:
    mask = cards_mask(cards)
    expected = ref.optimal_arrangements(cards)
    optimal = optimal_arrangements(mask)
    assert min_deadwood(mask) == ref.min_deadwood(cards)
    assert {as_reference(a) for a in optimal} == expected
    assert len(optimal) == len(expected), "an optimal arrangement listed twice"
    assert [a.sort_key for a in optimal] == sorted(a.sort_key for a in optimal)
    assert best_arrangement(mask) == optimal[0]
    for arrangement in optimal:
        check_arrangement_is_valid(cards, arrangement)
        assert arrangement.deadwood_count == ref.min_deadwood(cards)


def check_eleven(cards: list[int]) -> None:
    mask = cards_mask(cards)
    values = ref.discard_values(cards)
    assert dict(zip(sorted(cards), discard_counts(mask))) == values
    solution = solve(mask)
    least = min(values.values())
    assert solution.deadwood_count == least
    assert set(solution.best_discards) == {c for c, v in values.items() if v == least}
    assert solution.all_melded() == (ref.min_deadwood(cards) == 0)
    assert [o.card for o in solution.discards()] == sorted(cards)
    for option in solution.discards():
        assert option.deadwood_count == values[option.card]
        assert option.arrangement.deadwood_count == values[option.card]
        check_arrangement_is_valid(sorted(set(cards) - {option.card}), option.arrangement)
        # The canonical arrangement of the ten cards kept, as if solved alone.
        assert option.arrangement == optimal_arrangements(mask & ~(1 << option.card))[0]


@given(random_hands(0, 10))
def test_random_hands_up_to_ten_match_the_reference(cards):
    check_hand(cards)


@given(st.integers(3, 10).flatmap(dense_hands))
def test_meld_dense_hands_match_the_reference(cards):
    check_hand(cards)


@given(random_hands(11))
def test_random_eleven_card_discards_match_the_reference(cards):
    check_eleven(cards)


@given(dense_hands(11))
def test_meld_dense_eleven_card_discards_match_the_reference(cards):
    check_eleven(cards)


@pytest.mark.parametrize("dense", [False, True], ids=["random", "dense"])
def test_seeded_sweep_of_thousands_of_hands(dense):
    for cards in seeded_hands(2026, 1500, 10, dense):
        assert min_deadwood(cards_mask(cards)) == ref.min_deadwood(cards)
    for cards in seeded_hands(2027, 300, 11, dense):
        counts = discard_counts(cards_mask(cards))
        assert dict(zip(sorted(cards), counts)) == ref.discard_values(cards)


def solved(codes: str):
    return solve_hand(codes.split())


def melds_of(solution_or_arrangement) -> list[list[str]]:
    arrangement = getattr(solution_or_arrangement, "arrangement", solution_or_arrangement)
    return [m.names() for m in arrangement.melds]


# edge cases -----------------------------------------------------------------------------


def test_r2_6_card_that_fits_a_set_and_a_run_goes_where_it_saves_most():
    # 7S completes both 5S6S7S and 7S7H7D; the run leaves 7H 7D (14), the set 5S 6S (11).
    solution = solved("5S 6S 7S 7H 7D")
    assert solution.deadwood_count == 11
    assert melds_of(solution) == [["7S", "7H", "7D"]]
    # With 8S the run 5-8 is worth more than the set: deadwood 7H 7D (14) against 5S 6S 8S (19).
    assert solved("5S 6S 7S 8S 7H 7D").deadwood_count == 14


def test_r2_6_four_of_a_kind_split_into_a_set_of_three_and_a_run():
    solution = solved("7S 7H 7D 7C 5S 6S 2H 3C 9D KD")
    assert melds_of(solution) == [["5S", "6S", "7S"], ["7H", "7D", "7C"]]
    assert solution.deadwood_count == 2 + 3 + 9 + 10


def test_r2_6_run_longer_than_five_is_one_meld():
    solution = solved("3H 4H 5H 6H 7H 8H 9H TH KS KC")
    assert melds_of(solution) == [["3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"]]
    assert solution.deadwood_count == 20


def test_r2_6_ties_between_partitions_are_all_listed_in_canonical_order():
    # JS QS KS + KH KD: the run leaves KH KD (20), the set KS KH KD leaves JS QS (20).
    arrangements = optimal_arrangements(cards_mask(parse_hand("JS QS KS KH KD".split())))
    assert [[m.names() for m in a.melds] for a in arrangements] == [
        [["JS", "QS", "KS"]],
        [["KS", "KH", "KD"]],
    ]
    assert {a.deadwood_count for a in arrangements} == {20}


def test_r1_2_ace_is_low_and_runs_never_wrap():
    assert solved("QS KS AS").deadwood_count == 21
    assert solved("KS AS 2S").deadwood_count == 13
    assert melds_of(solved("AS 2S 3S")) == [["AS", "2S", "3S"]]


def test_r2_1_set_of_four_is_one_meld():
    assert melds_of(solved("9S 9H 9D 9C")) == [["9S", "9H", "9D", "9C"]]


def test_r2_3_a_card_belongs_to_one_meld_only():
    # 7H could close 7S 7D 7H and 7H 8H 9H; using it twice would claim deadwood 0.
    solution = solved("7S 7D 7H 8H 9H")
    assert solution.deadwood_count == 14
    assert melds_of(solution) == [["7H", "8H", "9H"]]


def test_solver_cache_counts_hits_and_misses():
    cache_clear()
    hand = "7S 7H 7D 7C 5S 6S 2H 3C 9D KD JC".split()
    solve_hand(hand)
    solve_hand(list(reversed(hand)))  # same hand, other order: a hit
    solve_hand([c.lower() for c in hand])  # other notation: a hit
    info = cache_info()
    # One eleven-card analysis: its discard values and the sets after the best discard.
    assert (info["misses"], info["hits"], info["size"]) == (2, 2, 2)


def test_solver_cache_serves_ten_card_hands_that_need_a_search():
    cache_clear()
    solve_hand("7S 7H 7D 7C 5S 6S 2H 3C 9D KD".split())
    solve_hand("kd 9d 3c 2h 6s 5s 7c 7d 7h 7s".split())
    solve_hand("AS 2S 3S 5H 6H 8D 9D JC QC KC".split())  # no set possible: no search, no cache
    info = cache_info()
    assert (info["misses"], info["hits"], info["size"]) == (1, 1, 1)
