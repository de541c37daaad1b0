"""The outs of a pair of cards: the cards that make a meld of three with it (R-2.1, R-2.2),
read off the one catalogue of melds, so that round the corner (R-2.7) counts them too."""

from __future__ import annotations

from ginrules.rules.base.cards import FULL_DECK, mask_cards, parse_hand_mask
from ginrules.rules.base.melds import meld_outs, melds_within
from ginrules.rules.base.options import resolve_rules
from ginrules.rules.hands.solver import solver_for
from ginrules.rules.players.heuristic import _pair_notes


def mask(cards: str) -> int:
    return parse_hand_mask(cards.split())


def test_r2_2_a_pairs_outs_are_the_cards_that_meld_with_it():
    outs = meld_outs()
    assert outs[mask("7S 7H")] == mask("7D 7C")  # a set of three
    assert outs[mask("5S 7S")] == mask("6S")
    assert outs[mask("5S 6S")] == mask("4S 7S")
    assert outs[mask("AS 2S")] == mask("3S")  # the ace is low
    assert mask("KS AS") not in outs and mask("5S 6H") not in outs


def test_r2_7_a_pairs_outs_wrap_past_the_king_round_the_corner():
    outs = meld_outs(round_the_corner=True)
    assert outs[mask("QS KS")] == mask("JS AS")
    assert outs[mask("KS AS")] == mask("QS 2S")
    assert outs[mask("QS AS")] == mask("KS")
    # Every out makes a meld of the catalogue with its pair, under either option.
    for corner in (False, True):
        for pair, cards in meld_outs(round_the_corner=corner).items():
            for card in mask_cards(cards):
                assert melds_within(pair | 1 << card, round_the_corner=corner)


def test_r2_7_the_hints_note_counts_a_pairs_outs_as_the_rules_meld():
    # Q K of spades left open: the jack completes it, and round the corner the ace too.
    hand = mask("QS KS 2H 3H 4H 5D 6D 7D 9H 4C")
    unseen = mask_cards(FULL_DECK & ~hand)
    plain = _pair_notes(solver_for(resolve_rules("standard")), hand, unseen)
    corner = _pair_notes(solver_for(resolve_rules({"round_the_corner": True})), hand, unseen)
    assert plain is not None and "QS KS open: 1 unseen card completes it" in plain
    assert corner is not None and "QS KS open: 2 unseen cards complete it" in corner
