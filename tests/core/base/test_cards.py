"""Cards and their notation (R-1)."""

from __future__ import annotations

import pytest

from ginrules.rules import InvalidCardError, InvalidHandError, card_name, parse_card, parse_hand
from ginrules.rules.base.cards import CARD_NAMES, CARD_VALUES, mask_cards, parse_hand_mask


def test_r1_1_the_deck_has_52_distinct_cards():
    assert len(set(CARD_NAMES)) == 52
    assert {name[0] for name in CARD_NAMES} == set("A23456789TJQK")
    assert {name[1] for name in CARD_NAMES} == set("SHDC")


def test_r1_3_card_values():
    assert [CARD_VALUES[parse_card(f"{r}S")] for r in "A23456789TJQK"] == [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


@pytest.mark.parametrize(
    "token, name",
    [("TS", "TS"), ("ts", "TS"), ("10s", "TS"), ("10S", "TS"), ("tS", "TS"), ("Ts", "TS"),
     ("A\u2665", "AH"), ("a\u2666", "AD"), ("K\u2663", "KC"), ("10\u2660", "TS"),
     ("Q\u2665\ufe0f", "QH"), ("2c", "2C"), ("jd", "JD")],
)
def test_r1_4_every_accepted_notation_names_the_same_card(token, name):
    assert card_name(parse_card(token)) == name


@pytest.mark.parametrize(
    "token",
    ["", "S", "1S", "11S", "0S", "AX", "AS ", " AS", "A S", "ASS", "10", "T", "A\u2661",
     "\ufe0fAS", "AS\ufe0f", "ＡS", 10, None, ["AS"], True],
)
def test_r1_4_anything_else_is_an_error_naming_the_token(token):
    with pytest.raises(InvalidCardError) as raised:
        parse_card(token)
    assert raised.value.code == "invalid_card"
    if isinstance(token, str) and token:
        assert repr(token) in str(raised.value)


def test_r1_4_long_tokens_are_shortened_in_messages():
    with pytest.raises(InvalidCardError) as raised:
        parse_card("X" * 10_000)
    assert len(str(raised.value)) < 300


def test_r1_5_a_card_twice_is_named_with_both_positions():
    with pytest.raises(InvalidHandError) as raised:
        parse_hand(["AS", "2S", "as"])
    (problem,) = raised.value.problems
    assert (problem.path, problem.code, problem.rule) == ((2,), "duplicate_card", "R-1.5")
    assert "position 0" in problem.detail


def test_parse_hand_reports_every_problem_at_once():
    with pytest.raises(InvalidHandError) as raised:
        parse_hand(["AS", "ZZ", "AS", 5], sizes=range(10, 12))
    assert [(p.path, p.code) for p in raised.value.problems] == [
        ((1,), "invalid_card"), ((2,), "duplicate_card"), ((3,), "invalid_card"),
        ((), "invalid_hand_size")]


def test_parse_hand_refuses_a_string_instead_of_a_list():
    with pytest.raises(InvalidHandError):
        parse_hand("AS 2S 3S")


def test_parse_hand_mask_agrees_with_parse_hand():
    tokens = ["KC", "as", "10\u2665", "7d"]
    assert mask_cards(parse_hand_mask(tokens)) == tuple(sorted(parse_hand(tokens)))
    with pytest.raises(InvalidHandError):
        parse_hand_mask(["AS", "as"])
    with pytest.raises(InvalidHandError):
        parse_hand_mask(["AS", "2S"], sizes=range(3, 4))


def test_canonical_order_is_by_suit_then_rank():
    assert [CARD_NAMES[c] for c in mask_cards(parse_hand_mask(["2C", "KS", "AH", "AS"]))] == [
        "AS", "KS", "AH", "2C"]
