"""What one player may know of a deal (docs/gamelog.md ``view``): a function of the deal and the
player, so no caller can forget to hide something.

The player sees their own hand and everything public: the pile, the count of the stock, every
move with the card of each pile draw, and of the opponent only what was shown.  Another
player's stock draw shows no card, and their options show no card they might play.
"""

from __future__ import annotations

from typing import Final, NamedTuple, cast

from ..base.cards import CARD_BITS, Card, mask_cards
from ..errors import IllegalMove
from .engine import Deal
from .moves import DealView, Discard, Draw, Knock, Record

_new: Final = tuple.__new__
"""``_new(Record, fields)`` makes a record (or a move) without the call through its constructor."""
# The move kinds by final name, read once per record (a name imported from a module left as
# Python is looked up at every read).
_Draw: Final = Draw
_Discard: Final = Discard
_Knock: Final = Knock
_Record: Final = Record


def known_cards(history: tuple[Record, ...], player: str) -> int:
    """The cards ``player`` took from the discard pile and has not let go since (a mask), from
    a deal's history."""
    known = 0
    for move, card, _ in history:
        if move.player != player:
            continue
        # The moves as played: a pile draw's record names its card, and no card is HIDDEN.
        if type(move) is _Draw:
            if card is not None and move.source == "discard":
                # (A draw that ended the round at the upcard draw limit took no card, R-4.8.)
                known |= CARD_BITS[card]
        elif type(move) is _Discard:
            known &= ~CARD_BITS[cast(Card, move.card)]
        elif type(move) is _Knock and move.discard is not None:
            known &= ~CARD_BITS[cast(Card, move.discard)]
    return known


def view_of(deal: Deal, player: str) -> DealView:
    """What ``player`` may know of ``deal``."""
    if player not in deal.hands:
        raise IllegalMove("not_at_table", "R-4.4", f"{player[:40]!r} is not playing this deal")
    opponent = deal.other(player)
    records = deal.history
    shown: list[Record] = []
    for record in records:
        move = record[0]
        if type(move) is _Draw and move.player != player and move.source == "stock":
            # Another player's stock draw shows no card (the move as played, where it names none).
            if move.card is not None:
                move = _new(_Draw, (move.player, "stock", None))
            record = _new(_Record, (move, None, record[2]))
        shown.append(record)
    if deal.turn == player:
        moves = deal.legal_moves()
    elif deal.turn is not None:
        moves = deal.public_moves()
    else:
        moves = ()
    opponent_hand = deal.hands[opponent]
    # The view's fields set at once, as its attributes' dictionary: a frozen dataclass refuses
    # assignment, and its generated __init__, which runs as Python, sets them one call at a
    # time, as long again as the rest of the view.  A test holds the fields set here to the
    # class's.
    view = object.__new__(DealView)
    object.__setattr__(view, "__dict__", {
        "rules": deal.rules, "player": player, "opponent": opponent, "dealer": deal.dealer,
        "hand": mask_cards(deal.hands[player]), "phase": deal.phase, "turn": deal.turn,
        "upcard": deal.upcard, "pile": tuple(deal.pile), "stock_count": deal.stock_count,
        "taken": deal.taken, "limit": deal.limit, "pile_draws": deal.pile_draws,
        "returns": deal.returns, "first_turn_passes": deal.first_turn_passes,
        "stock_only": deal.stock_only, "must_knock": deal.must_knock,
        "opponent_hand_size": opponent_hand.bit_count(),
        "opponent_known": mask_cards(known_cards(records, opponent) & opponent_hand),
        "history": tuple(shown), "legal_moves": moves, "knock": deal.knock, "score": deal.score})
    return view


class Position(NamedTuple):
    """A deal as it stands, as one viewer may see it (docs/gamelog.md ``view``): what a table shows
    to draw it at any moment, the round's end included.  A named tuple, like the moves: the
    replay keeps one for every table it plays."""

    pile: tuple[Card, ...]
    """The discard pile, bottom first: public, every discard is face up (R-4.1)."""
    stock_count: int
    hand_sizes: dict[str, int]
    """Each player's number of cards: public, whether or not the hand is shown."""
    shown: dict[str, int]
    """The hands the viewer may see, as masks: every hand for no viewer, else only the
    viewer's own."""

    @property
    def hands(self) -> dict[str, tuple[Card, ...]]:
        """The hands the viewer may see, each in card order."""
        return {player: mask_cards(mask) for player, mask in self.shown.items()}


def position_of(deal: Deal, viewer: str | None = None) -> Position:
    """``deal`` as it stands, as ``viewer`` may see it (everything for ``None``): the engine's
    own pile and hands, so a round that ended on a pile draw keeps that card on the pile
    (R-4.8) and a knock's discard tops it (R-5)."""
    first, second = deal.players  # in seat order: the first to play first
    hand, other = deal.hands[first], deal.hands[second]
    if viewer is None:
        shown = {first: hand, second: other}
    elif viewer == first:
        shown = {first: hand}
    elif viewer == second:
        shown = {second: other}
    else:  # not at this table (cutthroat's dealer, partnership's other table)
        shown = {}
    return Position(tuple(deal.pile), deal.stock_count,
                    {first: hand.bit_count(), second: other.bit_count()}, shown)
