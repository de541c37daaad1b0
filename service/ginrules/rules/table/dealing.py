"""Dealing a round (R-1.5, R-3.1): the one check that cards are a deal (the table's sizes are
``base/sizes.py``).

:func:`check_deal` is the only place that decides whether hands, an upcard and a stock can be
dealt; the engine's constructors (:class:`~.engine.Deal`, :meth:`~.engine.Deal.from_deck`,
:meth:`~.engine.Deal.from_view`) all rest on it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from ..base.cards import CARD_BITS, CARD_NAMES, CARDS, Card
from ..base.sizes import HAND_SIZE, STOCK_SIZE
from ..errors import IllegalDeal

T = TypeVar("T")


def check_deal(hands: Mapping[str, Sequence[int]], upcard: int,
               stock: Sequence[int] | None) -> dict[str, int]:
    """The hands as masks, once the cards are checked to be a deal: two hands of ten, the
    upcard and (where known) a stock of 31, no card twice (R-1.5, R-3.1).  Otherwise
    :class:`IllegalDeal`, the first fault in the order hands, upcard, stock, with its path
    (``("hands", player, 3)``)."""
    # Distinct cards' bits make as many bits as cards; a card twice sets its bit once, and
    # the cards then have fewer bits than there are cards.
    masks: dict[str, int] = {}
    total = CARD_BITS[upcard]
    count = 1
    for player, held in hands.items():
        mask = 0
        for card in held:
            mask |= CARD_BITS[card]
        masks[player] = mask
        total |= mask
        count = count + len(held) if len(held) == HAND_SIZE else -1
    if stock is not None:
        for card in stock:
            total |= CARD_BITS[card]
        count = count + len(stock) if len(stock) == STOCK_SIZE else -1
    if total.bit_count() == count:
        return masks
    # Some fault: the card-by-card walk below names the first one.
    seen: set[int] = set()
    for player, held in hands.items():
        if len(held) != HAND_SIZE:
            raise IllegalDeal("wrong_hand_size", "R-3.1",
                              f"{player} is dealt {len(held)} cards, not {HAND_SIZE}",
                              ("hands", player))
        for position, card in enumerate(held):
            _once(seen, card, ("hands", player, position))
    _once(seen, upcard, ("upcard",))
    if stock is not None:
        for position, card in enumerate(stock):
            _once(seen, card, ("stock", position))
    raise IllegalDeal("wrong_stock_size", "R-3.1",
                      f"the stock holds {STOCK_SIZE} cards, got {len(stock or ())}", ("stock",))


def _once(seen: set[int], card: int, path: tuple[str | int, ...]) -> None:
    if card in seen:
        raise IllegalDeal("duplicate_card", "R-1.5", f"{CARD_NAMES[card]} is dealt twice", path)
    seen.add(card)


def check_distinct(cards: Iterable[int], what: str) -> None:
    """Raise :class:`IllegalDeal` if a card is in two places (R-1.5)."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise IllegalDeal("duplicate_card", "R-1.5",
                              f"{CARD_NAMES[card]} is in two places of {what}")
        seen.add(card)


def deal_deck(deck: Sequence[Card], first: str, second: str
              ) -> tuple[dict[str, tuple[Card, ...]], Card, tuple[Card, ...]]:
    """The hands, upcard and stock of a shuffled deck, as dealt (R-3.1): its first ten cards
    to ``first`` (the player offered the upcard first), the next ten to ``second``, the next
    card face up as the upcard, the rest the stock, next card first.  Not checked here: the
    engine's :class:`~.engine.Deal` checks the cards with :func:`check_deal`."""
    hands = {first: tuple(deck[:HAND_SIZE]), second: tuple(deck[HAND_SIZE:2 * HAND_SIZE])}
    return hands, deck[2 * HAND_SIZE], tuple(deck[2 * HAND_SIZE + 1:])


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 52 cards in a random order, shuffled by ``rng`` (Fisher-Yates, as
    ``random.Random.shuffle`` does, :func:`shuffle_as_random`): the same seed gives the same
    deck."""
    deck = list(CARDS)
    shuffle_as_random(deck, rng)
    return deck


def shuffle_as_random(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)`` as Python's ``random`` module does it (Fisher-Yates from the last
    position down, each position drawn by rejection from ``getrandbits``), here so that it is
    compiled with the core: the same order for the same generator state, a test holds it
    to ``random.Random.shuffle``."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
