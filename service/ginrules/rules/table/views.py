"""What one player may know of a deal (GAMELOG.md ``view``): a function of the deal and the
player, so no caller can forget to hide something.

The player sees their own hand and everything public: the pile, the count of the stock, every
move with the card of each pile draw, and of the opponent only what was shown.  Another
player's stock draw shows no card, and their options show no card they might play.
"""

from __future__ import annotations

from typing import cast

from ..base.cards import CARD_BITS, Card, mask_cards
from ..errors import IllegalMove
from .engine import Deal
from .moves import DealView, Discard, Draw, Knock, Record


def known_cards(deal: Deal, player: str) -> int:
    """The cards ``player`` took from the discard pile and has not let go since (a mask)."""
    known = 0
    for move, card, _ in deal.history:
        if move.player != player:
            continue
        # The moves as played: a pile draw's record names its card, and no card is HIDDEN.
        if type(move) is Draw:
            if card is not None and move.source == "discard":
                # (A draw that ended the round at the upcard draw limit took no card, R-4.8.)
                known |= CARD_BITS[card]
        elif type(move) is Discard:
            known &= ~CARD_BITS[cast(Card, move.card)]
        elif type(move) is Knock and move.discard is not None:
            known &= ~CARD_BITS[cast(Card, move.discard)]
    return known


def view_of(deal: Deal, player: str) -> DealView:
    """What ``player`` may know of ``deal``."""
    if player not in deal.hands:
        raise IllegalMove("not_at_table", "R-4.4", f"{player[:40]!r} is not playing this deal")
    opponent = deal.other(player)
    new = tuple.__new__
    history = tuple(
        new(Record, (new(Draw, (move.player, "stock", None)), None, record[2]))
        if type(move) is Draw and move.player != player and move.source == "stock" else record
        for record in deal.history for move in (record[0],))
    if deal.turn == player:
        moves = deal.legal_moves()
    elif deal.turn is not None:
        moves = deal.public_moves()
    else:
        moves = ()
    opponent_hand = deal.hands[opponent]
    return DealView(
        rules=deal.rules, player=player, opponent=opponent, dealer=deal.dealer,
        hand=mask_cards(deal.hands[player]), phase=deal.phase, turn=deal.turn,
        upcard=deal.upcard, pile=tuple(deal.pile), stock_count=deal.stock_count,
        taken=deal.taken, limit=deal.limit, pile_draws=deal.pile_draws, returns=deal.returns,
        first_turn_passes=deal.first_turn_passes, stock_only=deal.stock_only,
        must_knock=deal.must_knock, opponent_hand_size=opponent_hand.bit_count(),
        opponent_known=mask_cards(known_cards(deal, opponent) & opponent_hand),
        history=history, legal_moves=moves, knock=deal.knock, score=deal.score,
    )
