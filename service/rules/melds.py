"""Melds and arrangements (R-2): sets, runs, and a hand split into melds plus deadwood."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .cards import CARD_NAMES, CARD_RANKS, CARD_SUITS, CARD_VALUES, Card, canonical, hand_names
from .errors import InvalidMeldError, Problem

MeldKind = Literal["set", "run"]


@dataclass(frozen=True, slots=True)
class Meld:
    """A set (R-2.1) or a run (R-2.2); ``cards`` are in canonical order.

    Melds are ordered by their cards in canonical card order, so sorting melds is sorting
    their ``cards`` tuples.
    """

    kind: MeldKind
    cards: tuple[Card, ...]

    @property
    def mask(self) -> int:
        """The 52-bit mask of the meld's cards."""
        mask = 0
        for card in self.cards:
            mask |= 1 << card
        return mask

    def names(self) -> list[str]:
        """The meld's canonical card codes."""
        return hand_names(self.cards)

    def __repr__(self) -> str:
        return f"Meld.of({' '.join(CARD_NAMES[c] for c in self.cards)!r})"

    @classmethod
    def of(cls, cards: Iterable[Card] | str) -> "Meld":
        """The meld formed by some cards (or a space-separated string of codes).

        Raises :class:`InvalidMeldError` naming the cards when they are neither a set nor a run.
        """
        if isinstance(cards, str):
            from .cards import parse_hand

            cards = parse_hand(cards.split())
        ordered = canonical(cards)
        kind = meld_kind(ordered)
        if kind is None:
            names = " ".join(CARD_NAMES[c] for c in ordered) or "no cards"
            detail = (
                f"{names} is not a meld: a set is 3 or 4 cards of one rank (R-2.1), a run is "
                "3 or more cards of one suit in consecutive ranks, ace low (R-2.2)"
            )
            raise InvalidMeldError(detail, [Problem((), "invalid_meld", detail, "R-2.2")])
        return cls(kind, ordered)


def meld_kind(cards: tuple[Card, ...]) -> MeldKind | None:
    """``'set'`` or ``'run'`` for distinct cards in canonical order; ``None`` if no meld."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    ranks = [CARD_RANKS[c] for c in cards]
    if len(cards) <= 4 and len(set(ranks)) == 1:
        return "set"
    suits = {CARD_SUITS[c] for c in cards}
    if len(suits) == 1 and all(b - a == 1 for a, b in zip(ranks, ranks[1:])):
        return "run"
    return None


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into disjoint melds and deadwood (R-2.3, R-2.4).

    ``melds`` are sorted (see :class:`Meld`), ``deadwood`` is in canonical card order and
    ``deadwood_count`` is the sum of the deadwood cards' values.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_count: int

    @property
    def sort_key(self) -> tuple[tuple[Card, ...], ...]:
        """Arrangements are ordered by their melds, compared in order."""
        return tuple(m.cards for m in self.melds)

    @classmethod
    def of(cls, melds: Iterable[Meld], deadwood: Iterable[Card]) -> "Arrangement":
        """An arrangement with its melds and deadwood put in canonical order."""
        dead = canonical(deadwood)
        return cls(
            tuple(sorted(melds, key=lambda m: m.cards)),
            dead,
            sum(CARD_VALUES[c] for c in dead),
        )

    def __repr__(self) -> str:
        melds = ", ".join(" ".join(m.names()) for m in self.melds)
        dead = " ".join(CARD_NAMES[c] for c in self.deadwood)
        return f"<Arrangement [{melds}] deadwood [{dead}] = {self.deadwood_count}>"
