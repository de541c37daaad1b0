"""Cards, their notation and their bit masks (R-1).

A card is an ``int`` from 0 to 51: ``suit * 13 + rank - 1`` with suits in the order spades,
hearts, diamonds, clubs and ranks ace (1, always low, R-1.2) to king (13).  A set of cards is a
52-bit mask with the same bit numbering, so each suit is one 13-bit slice of the mask and a run
is a block of consecutive bits inside one slice.

Converters come in pairs: :func:`parse_card` / :func:`card_name`, :func:`parse_hand` /
:func:`hand_names`.  The canonical card order is the card number's: by suit S H D C, then by
rank, ace first, as most players sort a hand; it is also the masks' bit order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache
from typing import Final, Protocol, cast

from ..errors import MAX_PROBLEMS, InvalidCardError, InvalidHandError, Problem
from ..speedups import SPEEDUPS, mypyc_attr

SUITS = "SHDC"
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"  # ♠ ♥ ♦ ♣
RANKS = "A23456789TJQK"


# An int subclass, so an ordinary Python class for the compiler too (mypyc compiles no
# subclass of int as a native class).
@mypyc_attr(native_class=False)
class Card(int):
    """A card: an ``int`` from 0 to 51 (see the module docstring) that prints as its code
    (``KD``).  The 52 cards are made once (:data:`CARDS`); every card the library hands out is
    one of them, and ``Card("KD")`` or ``Card(38)`` finds it."""

    __slots__ = ()

    def __new__(cls, value: "int | str") -> "Card":
        if isinstance(value, str):
            return parse_card(value)
        if type(value) is cls:
            return value
        if not 0 <= value < 52:
            raise InvalidCardError(f"a card is a number from 0 to 51, got {value!r}")
        return CARDS[value]

    def __repr__(self) -> str:
        return CARD_NAMES[self]

    def __str__(self) -> str:
        return CARD_NAMES[self]

    @property
    def code(self) -> str:
        """The card's canonical code (R-1.4): ``'KD'``."""
        return CARD_NAMES[self]
SUIT_MASK: Final = 0x1FFF
"""The 13 bits of one suit, ace in the lowest bit."""
FULL_DECK: Final = (1 << 52) - 1

CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, c) for c in range(52))
"""The 52 cards, by number."""
CARD_NAMES: Final[tuple[str, ...]] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in CARDS)
CARD_RANKS: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in CARDS)
CARD_SUITS: Final[tuple[int, ...]] = tuple(c // 13 for c in CARDS)
RANK_VALUES: Final[tuple[int, ...]] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Deadwood value by rank (R-1.3): index 1 is the ace, 11..13 are J Q K."""
CARD_VALUES: Final[tuple[int, ...]] = tuple(RANK_VALUES[r] for r in CARD_RANKS)
CARD_BITS: Final[tuple[int, ...]] = tuple(1 << c for c in CARDS)


def card_number(card: int) -> int:
    """A card's number as the compiled core's own integer.  A :class:`Card` is a plain Python
    subclass of ``int`` to the compiler, so shifts and lookups with it take Python's generic
    paths; passed here as an ``int`` it is read once into a machine integer."""
    return card

_VARIATION_SELECTOR = "\ufe0f"


def _spellings() -> dict[str, Card]:
    """Every accepted spelling of every card (R-1.4) mapped to the card."""
    rank_spellings: dict[int, list[str]] = {r: [RANKS[r - 1]] for r in range(1, 14)}
    rank_spellings[10].append("10")
    table: dict[str, Card] = {}
    for card in CARDS:
        suit = CARD_SUITS[card]
        letter, symbol = SUITS[suit], SUIT_SYMBOLS[suit]
        # The emoji form of a suit symbol (followed by U+FE0F, as phone keyboards send it)
        # is the same symbol, so it is accepted too.
        suit_forms = (letter, letter.lower(), symbol, symbol + _VARIATION_SELECTOR)
        for rank_form in rank_spellings[CARD_RANKS[card]]:
            for rank in dict.fromkeys((rank_form, rank_form.lower())):
                for suit_form in suit_forms:
                    table[rank + suit_form] = card
    return table


_SPELLINGS: dict[str, Card] = _spellings()
_SPELLING_BITS: dict[str, int] = {token: 1 << card for token, card in _SPELLINGS.items()}
SPELLING_CARDS: dict[str, Card] = _SPELLINGS
"""Every accepted spelling of a card (R-1.4) to its card, for readers that look tokens up one
by one on a hot path (read only)."""
# Looked up with any token: one that is not a str raises KeyError (or TypeError, unhashable).
_SPELLING_BIT: Final = cast("Callable[[object], int]", _SPELLING_BITS.__getitem__)
_SPELLING_CARD: Final = cast("Callable[[object], Card]", _SPELLINGS.__getitem__)


def _spellings_of(card: Card) -> tuple[str, ...]:
    """The accepted spellings of one card, its canonical code first."""
    code = CARD_NAMES[card]
    return tuple(sorted((token for token, named in _SPELLINGS.items() if named == card),
                        key=lambda token: (token != code, token)))


CARD_SPELLINGS: Final[tuple[tuple[str, ...], ...]] = tuple(_spellings_of(card) for card in CARDS)
"""Every accepted spelling of each card (R-1.4), the canonical code first."""


def card_name(card: int) -> str:
    """The canonical code of a card (R-1.4): ``'TS'``, ``'AH'``."""
    return CARD_NAMES[card]


def describe_token(token: object) -> str:
    """A short, safe rendering of a client's token for error messages."""
    if isinstance(token, str):
        shown = token if len(token) <= 24 else token[:21] + "..."
        return repr(shown)
    kind = {bool: "a boolean", int: "a number", float: "a number", list: "an array",
            dict: "an object"}
    if token is None:
        return "null"
    return kind.get(type(token), f"a {type(token).__name__}")


def card_or_none(token: object) -> Card | None:
    """The card a token names (R-1.4), or None if it names none."""
    return _SPELLINGS.get(token) if isinstance(token, str) else None


def cards_or_none(tokens: Iterable[object]) -> tuple[Card, ...] | None:
    """The cards a sequence of tokens names (R-1.4), or None if any token names none."""
    try:
        return tuple(map(_SPELLING_CARD, tokens))
    except (KeyError, TypeError):  # not a card code, or not even hashable
        return None


def bad_card_detail(token: object) -> str:
    """Why a token is not a card, showing the token."""
    return _bad_card(token)


def _bad_card(token: object) -> str:
    if not isinstance(token, str):
        return f"expected a card code string, got {describe_token(token)}"
    return (
        f"{describe_token(token)} is not a card: expected a rank (A 2-9 T or 10 J Q K) "
        "followed by a suit (S H D C or \u2660 \u2665 \u2666 \u2663)"
    )


def parse_card(token: object) -> Card:
    """The card a token names in any notation of R-1.4; :class:`InvalidCardError` otherwise."""
    card = _SPELLINGS.get(token) if isinstance(token, str) else None
    if card is None:
        detail = _bad_card(token)
        raise InvalidCardError(detail, [Problem((), "invalid_card", detail, "R-1.4")])
    return card


def parse_hand(
    tokens: Sequence[object], sizes: Collection[int] | None = None
) -> tuple[Card, ...]:
    """Parse a list of card tokens (R-1.4, R-1.5), in the order given.

    Every bad token and every repeated card is reported at once, each with its position;
    ``sizes`` (if given) are the allowed hand sizes.
    """
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Sequence):
        raise InvalidHandError(
            f"a hand is a list of card codes, got {describe_token(tokens)}",
            [Problem((), "invalid_hand", "expected a list of card codes")],
        )
    try:
        parsed = tuple(map(_SPELLING_CARD, tokens))
    except (KeyError, TypeError):
        parsed = None
    if (
        parsed is not None
        and len(set(parsed)) == len(parsed)
        and (sizes is None or len(parsed) in sizes)
    ):
        return parsed
    problems: list[Problem] = []
    cards: list[Card] = []
    first_seen: dict[Card, int] = {}
    for position, token in enumerate(tokens):
        if len(problems) >= MAX_PROBLEMS:
            break
        card = _SPELLINGS.get(token) if isinstance(token, str) else None
        if card is None:
            problems.append(Problem((position,), "invalid_card", _bad_card(token), "R-1.4"))
            continue
        if card in first_seen:
            problems.append(
                Problem(
                    (position,),
                    "duplicate_card",
                    f"{describe_token(token)} is {card_name(card)}, already at position "
                    f"{first_seen[card]}: a hand holds each card at most once",
                    "R-1.5",
                )
            )
            continue
        first_seen[card] = position
        cards.append(card)
    allowed = sorted(set(sizes)) if sizes is not None else None
    if allowed is not None and len(tokens) not in allowed:
        problems.append(
            Problem(
                (),
                "invalid_hand_size",
                f"a hand here holds {_size_list(allowed)} cards, got {len(tokens)}",
            )
        )
    if problems:
        kinds = {p.code for p in problems}
        error_type = InvalidCardError if kinds == {"invalid_card"} else InvalidHandError
        raise error_type("; ".join(_located(p) for p in problems), problems)
    return tuple(cards)


def python_quick_mask(tokens: Sequence[object]) -> int | None:
    """:func:`quick_mask` in Python alone: the reference of the compiled reader."""
    try:
        # The sum of n distinct powers of two has exactly n bits set; any repeat carries.
        mask = sum(map(_SPELLING_BIT, tokens))
    except (KeyError, TypeError):  # not a card code, or not even hashable
        return None
    return mask if mask.bit_count() == len(tokens) else None


quick_mask: Callable[[Sequence[object]], int | None] = (
    python_quick_mask if SPEEDUPS is None
    else SPEEDUPS.Reader({token: int(card) for token, card in _SPELLINGS.items()}).mask)
"""The mask of card tokens that are all accepted spellings (R-1.4) of distinct cards, at once;
None for anything else (which :func:`parse_hand` explains).  The compiled reader's, where it
is built (see speedups.py), which reads only a list or a tuple of str."""


class HandMaskParser(Protocol):
    """The type of :func:`parse_hand_mask`."""

    def __call__(self, tokens: Sequence[object], sizes: Collection[int] | None = None) -> int:
        ...


def _hand_mask_parser(quick: Callable[[Sequence[object]], int | None]) -> HandMaskParser:
    def parse_hand_mask(tokens: Sequence[object], sizes: Collection[int] | None = None) -> int:
        """The mask of a hand of card tokens; the same checks and errors as
        :func:`parse_hand`."""
        mask = quick(tokens)
        if mask is not None and (sizes is None or len(tokens) in sizes):
            return mask
        return cards_mask(parse_hand(tokens, sizes))
    return parse_hand_mask


python_parse_hand_mask = _hand_mask_parser(python_quick_mask)
"""``parse_hand_mask`` in Python alone: the reference of the compiled reader."""
parse_hand_mask: Final[HandMaskParser] = (python_parse_hand_mask if SPEEDUPS is None
                                   else _hand_mask_parser(quick_mask))


def _size_list(sizes: list[int]) -> str:
    if len(sizes) > 2 and sizes == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return " or ".join(str(s) for s in sizes)


def _located(problem: Problem) -> str:
    if problem.path:
        return f"card at position {problem.path[-1]}: {problem.detail}"
    return problem.detail


def hand_names(cards: Iterable[int]) -> list[str]:
    """Canonical codes of cards, in the order given."""
    return [CARD_NAMES[c] for c in cards]


def cards_mask(cards: Iterable[int]) -> int:
    """The 52-bit mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _suit_cards(base: int) -> list[tuple[Card, ...]]:
    """The cards of every 13-bit mask of the suit starting at card ``base``, lowest first: each
    mask's lowest card, then the cards of the mask without it."""
    table: list[tuple[Card, ...]] = [()] * (SUIT_MASK + 1)
    for mask in range(1, SUIT_MASK + 1):
        low = mask & -mask
        table[mask] = (CARDS[base + low.bit_length() - 1],) + table[mask ^ low]
    return table


SUIT_CARDS: Final[tuple[list[tuple[Card, ...]], ...]] = tuple(_suit_cards(base)
                                                        for base in (0, 13, 26, 39))
"""Per suit S H D C, the cards of each 13-bit mask of that suit, in canonical order."""
_CARDS_S: Final = SUIT_CARDS[0]
_CARDS_H: Final = SUIT_CARDS[1]
_CARDS_D: Final = SUIT_CARDS[2]
_CARDS_C: Final = SUIT_CARDS[3]


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in canonical order."""
    return (_CARDS_S[mask & SUIT_MASK] + _CARDS_H[mask >> 13 & SUIT_MASK]
            + _CARDS_D[mask >> 26 & SUIT_MASK] + _CARDS_C[mask >> 39 & SUIT_MASK])


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards sorted in canonical order (suit S H D C, then rank)."""
    return tuple(sorted(cards))


@lru_cache(maxsize=None)
def card_values(ace_value: int = 1) -> tuple[int, ...]:
    """Every card's deadwood value (R-1.3) when an ace counts ``ace_value`` (R-2.7): the one
    reading of the option, by card number (``Rules.card_values`` gives the rules' own)."""
    return tuple(ace_value if CARD_RANKS[c] == 1 else CARD_VALUES[c] for c in CARDS)
