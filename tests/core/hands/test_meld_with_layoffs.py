"""Where laid-off cards sit on a knocker's meld (``hands.layoffs.meld_with_layoffs``): the rules
core's answer, which the round picture only draws (R-6.1, R-6.2, R-2.7)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from ginrules.rules.base.cards import CARD_RANKS, CARD_SUITS, Card, cards_mask
from ginrules.rules.base.melds import Meld, every_meld
from ginrules.rules.errors import InvalidMeldError
from ginrules.rules.hands.layoffs import layoff_combinations, meld_with_layoffs

SVG = "{http://www.w3.org/2000/svg}"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(code) for code in text.split())


def codes(spread: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in spread)


def test_r6_1_a_set_of_three_takes_its_fourth_card_after_it():
    assert codes(meld_with_layoffs(Meld.of("9H 9D 9C"), cards("9S"))) == "9H 9D 9C 9S"


def test_r6_2_a_chain_grows_outwards_from_the_ends_it_extends():
    spread = meld_with_layoffs(Meld.of("5S 6S 7S"), cards("4S 3S 8S 9S"))
    assert codes(spread) == "3S 4S 5S 6S 7S 8S 9S"


def test_r6_2_layoffs_are_played_in_order_so_a_card_beyond_the_end_waits_for_its_link():
    with pytest.raises(InvalidMeldError) as raised:
        meld_with_layoffs(Meld.of("5S 6S 7S"), cards("3S 4S"))
    assert raised.value.problems[0].code == "layoff_does_not_fit"
    assert raised.value.problems[0].rule == "R-6.2"
    assert "3S" in raised.value.detail


def test_r6_1_a_card_of_another_suit_or_rank_fits_nothing():
    for meld, card in (("5S 6S 7S", "8H"), ("9H 9D 9C", "8S"), ("9H 9D 9C 9S", "9S")):
        with pytest.raises(InvalidMeldError):
            meld_with_layoffs(Meld.of(meld), cards(card))


def test_r2_7_no_run_goes_past_the_king_without_round_the_corner():
    with pytest.raises(InvalidMeldError):
        meld_with_layoffs(Meld.of("AS 2S 3S"), cards("KS"))
    with pytest.raises(InvalidMeldError):
        meld_with_layoffs(Meld.of("JS QS KS"), cards("AS"))


def test_r2_7_under_round_the_corner_a_chain_goes_on_past_the_king():
    wrapped = Meld.of("QS KS AS", round_the_corner=True)
    assert codes(meld_with_layoffs(wrapped, cards("JS 2S 3S"), True)) == "JS QS KS AS 2S 3S"
    low = Meld.of("AS 2S 3S", round_the_corner=True)
    assert codes(meld_with_layoffs(low, cards("KS QS 4S"), True)) == "QS KS AS 2S 3S 4S"


def _consecutive(spread: tuple[Card, ...], round_the_corner: bool) -> bool:
    """Each card one rank above the one before it, in one suit (around the king under R-2.7)."""
    for before, after in zip(spread, spread[1:]):
        step = (CARD_RANKS[after] - CARD_RANKS[before]) % (13 if round_the_corner else 99)
        if CARD_SUITS[after] != CARD_SUITS[before] or step != 1:
            return False
    return True


@pytest.mark.parametrize("round_the_corner", [False, True])
def test_r6_2_every_legal_play_of_layoffs_leaves_each_run_in_run_order(round_the_corner):
    # The layoffs the defence search finds legal, for random runs and hands:
    # each run, with its layoffs in place, is still one run read from its low end to its high.
    rng = random.Random(62)
    runs = [m for m in every_meld(round_the_corner=round_the_corner) if m.kind == "run"]
    checked = 0
    for _ in range(400):
        run = rng.choice(runs)
        rest = [c for c in range(52) if c not in run.cards]
        defender = cards_mask(Card(c) for c in rng.sample(rest, 10))
        for _, layoffs in layoff_combinations((run,), defender, round_the_corner):
            laid = tuple(layoff.card for layoff in layoffs)
            spread = meld_with_layoffs(run, laid, round_the_corner)
            assert sorted(spread) == sorted(run.cards + laid)
            assert _consecutive(spread, round_the_corner), (run, laid, spread)
            # The run's own cards stay together, in their order, between the laid-off ones.
            start = spread.index(run.cards[0])
            assert spread[start:start + len(run.cards)] == run.cards
            checked += bool(laid)
    assert checked > 50


def test_r2_7_the_round_picture_draws_a_chain_around_the_king_where_the_core_puts_it(client):
    body = {"knocker": {"hand": ["QS", "KS", "AS", "5H", "6H", "7H", "9D", "9C", "9H", "3C"],
                        "discard": "TD",
                        "melds": [["QS", "KS", "AS"], ["5H", "6H", "7H"], ["9D", "9C", "9H"]]},
            "defender": {"hand": ["JS", "2S", "3S", "4D", "5D", "8C", "KC", "KD", "4C", "6C"]},
            "rules": {"preset": "standard", "round_the_corner": True}}
    score = client.post("/v1/rounds/score", json=body).get_json()
    laid = [layoff["card"] for layoff in score["defender"]["layoffs"] if layoff["meld"] == 0]
    assert sorted(laid) == ["2S", "3S", "JS"]
    picture = client.post("/v1/rounds/score/image.svg", json=body)
    root = ET.fromstring(picture.data)
    first = next(group for group in root.iter(SVG + "g") if group.get("class") == "group")
    drawn = [(card.get("data-card"), card.get("data-mark", "")) for card in first.iter(SVG + "g")
             if card.get("class") == "card"]
    expected = meld_with_layoffs(Meld.of("QS KS AS", round_the_corner=True),
                                 cards(" ".join(laid)), True)
    assert [card for card, _ in drawn] == [card.code for card in expected]
    assert [card for card, mark in drawn if mark == "layoff"] == ["JS", "2S", "3S"]
