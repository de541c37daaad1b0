"""The table's sizes (R-1.1, R-3.1, R-4.6): how many cards the deck, a hand, the stock and the
wall hold, written once for every layer that counts cards."""

from __future__ import annotations

from typing import Final

DECK_SIZE: Final = 52
"""Cards in the deck (R-1.1)."""
HAND_SIZE: Final = 10
"""Cards dealt to each player, and held between turns (R-3.1)."""
DRAWN_HAND_SIZE: Final = HAND_SIZE + 1
"""Cards held after the draw, before the discard (R-4.1); all of them spread for big gin
(R-5.5)."""
FULL_HAND_SIZES: Final = (HAND_SIZE, DRAWN_HAND_SIZE)
"""The sizes of a whole hand: ten cards, or eleven after the draw."""
STOCK_SIZE: Final = DECK_SIZE - 2 * HAND_SIZE - 1
"""Cards in the stock after the deal and the upcard (R-3.1): 31."""
WALL: Final = 2
"""Cards left in the stock when a round with no knock ends as a draw (R-4.6, R-4.7)."""

HAND_SIZES: Final = range(0, DRAWN_HAND_SIZE + 1)
"""A hand to solve holds up to eleven cards: ten and eleven are whole hands, fewer a partial
one."""
MELDS_HAND_SIZES: Final = range(0, DECK_SIZE + 1)
"""Sizes of a hand whose every meld is listed: up to the whole deck (R-1.1), so that a hand
may be asked about together with the discard pile."""
