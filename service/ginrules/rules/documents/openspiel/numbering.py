"""OpenSpiel's numbering in its ``gin_rummy``: its cards, its melds and its other actions.

A card is ``suit * 13 + rank``, suits in the order spades, clubs, diamonds, hearts and ranks
ace (0) to king (12): 0 is ``AS``, 13 ``AC``, 26 ``AD``, 39 ``AH``, 51 ``KH``.  The other
actions are 52 draw the upcard, 53 draw from the stock, 54 pass, 55 knock and 56 to 240 lay a
meld, ``56 +`` its meld number.  OpenSpiel's melds are the sets of three and four cards and the
runs of three to five cards of the core's catalogue (``base/melds.py``; a longer run is two or
three of them), numbered: the 65 sets rank by rank (each rank's four sets of three by the suit
left out, then its set of four), then the runs of three, four and five cards, each by suit and
lowest rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.cards import CARD_NAMES, CARD_RANKS, RANKS, Card, cards_mask, parse_card
from ...base.melds import Meld, every_meld

SUITS = "SCDH"
"""OpenSpiel's suit order: spades, clubs, diamonds, hearts."""
NUM_CARDS = 52
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
NUM_SETS = 65
"""Meld numbers below this are sets."""
NUM_MELDS = 185
MAX_ACTION = MELD_BASE + NUM_MELDS - 1
_RUNS_FROM = {3: 65, 4: 109, 5: 149}
"""The first meld number of the runs of each length."""

CARD_OF: tuple[Card, ...] = tuple(parse_card(RANKS[number % 13] + SUITS[number // 13])
                                  for number in range(NUM_CARDS))
"""This service's card (R-1.4) of each OpenSpiel card number."""
NUMBER_OF: dict[Card, int] = {card: number for number, card in enumerate(CARD_OF)}
"""OpenSpiel's number of each card."""


def card_name(number: int) -> str:
    """This service's code (R-1.4) of an OpenSpiel card number."""
    return CARD_NAMES[CARD_OF[number]]


def mask_of(numbers: Sequence[int]) -> int:
    """The 52-bit mask (this service's bit order) of some OpenSpiel card numbers."""
    return cards_mask(CARD_OF[number] for number in numbers)


def highest_ranked(cards: Sequence[Card]) -> Card:
    """The card OpenSpiel ranks highest: the highest rank, then the last suit in its order."""
    return max(cards, key=lambda card: (CARD_RANKS[card], NUMBER_OF[card]))


def _meld_number(meld: Meld) -> int:
    """OpenSpiel's number of one of its melds (a set, or a run of three to five cards)."""
    numbers = sorted(NUMBER_OF[card] for card in meld.cards)
    lowest = numbers[0]
    rank = lowest % 13
    if meld.kind == "set":
        held = {number // 13 for number in numbers}
        left_out = 4 if len(numbers) == 4 else min(set(range(4)) - held)
        return rank * 5 + left_out
    per_suit = 14 - len(numbers)  # the runs of one length a suit holds
    return _RUNS_FROM[len(numbers)] + lowest // 13 * per_suit + rank


def _openspiel_melds() -> tuple[Meld, ...]:
    """The catalogue's melds that OpenSpiel numbers, by their number."""
    melds = {_meld_number(meld): meld for meld in every_meld() if len(meld.cards) <= 5}
    assert sorted(melds) == list(range(NUM_MELDS)), "OpenSpiel numbers 185 melds"
    return tuple(melds[number] for number in range(NUM_MELDS))


MELDS: tuple[Meld, ...] = _openspiel_melds()
"""The catalogue's meld of each OpenSpiel meld number."""
MELD_NUMBER_OF_MASK: dict[int, int] = {meld.mask: number for number, meld in enumerate(MELDS)}
"""OpenSpiel's meld number of the mask of a meld's cards."""
MELD_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(NUMBER_OF[card] for card in meld.cards)) for meld in MELDS)
"""The OpenSpiel card numbers of each meld, ascending (its own table, ``int_to_meld``)."""


def meld_id(cards: Sequence[int]) -> int:
    """OpenSpiel's number of the meld of these OpenSpiel cards; ValueError if none."""
    number = MELD_NUMBER_OF_MASK.get(mask_of(cards))
    if number is None:
        raise ValueError(f"{' '.join(card_name(c) for c in cards)} is not a meld OpenSpiel "
                         "numbers")
    return number


def meld_table() -> tuple[tuple[int, ...], ...]:
    """Every meld by OpenSpiel's number: 185 tuples of OpenSpiel card numbers, ascending."""
    return MELD_CARDS


def shown_meld(number: int) -> dict[str, object]:
    """A meld as the log writes it (docs/gamelog.md), its cards in OpenSpiel's order."""
    return {"kind": MELDS[number].kind,
            "cards": [card_name(card) for card in MELD_CARDS[number]]}


def shown_melds(melds: Sequence[Meld]) -> list[dict[str, object]]:
    """Melds laid by meld number, as the log writes them."""
    return [shown_meld(MELD_NUMBER_OF_MASK[meld.mask]) for meld in melds]


_ACTION_NAMES = {DRAW_UPCARD: "draw upcard", DRAW_STOCK: "draw stock", PASS: "pass",
                 KNOCK: "knock"}


def describe(action: int) -> str:
    """An action number with what it means: ``53 (draw stock)``, ``12 (KS)``."""
    if action < NUM_CARDS:
        return f"{action} ({card_name(action)})"
    if action in _ACTION_NAMES:
        return f"{action} ({_ACTION_NAMES[action]})"
    cards = " ".join(card_name(card) for card in MELD_CARDS[action - MELD_BASE])
    return f"{action} (meld {cards})"
