"""Cards (R-1): the 52 codes, their ranks, suits and values, and the notation of R-1.4.

A card is a number from 0 to 51: ``suit * 13 + rank - 1``, suits in the order spades, hearts,
diamonds, clubs, ranks from the ace (1) to the king (13), which is also the canonical order of
R-1.4.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
CODES = [rank + suit for suit in SUITS for rank in RANKS]
INDEX = {code: number for number, code in enumerate(CODES)}


def rank_of(card: int) -> int:
    """The rank, 1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """The suit, 0 to 3 (spades, hearts, diamonds, clubs)."""
    return card // 13


def value_of(card: int, ace: int = 1) -> int:
    """The deadwood value (R-1.3): an ace ``ace`` (R-2.7), pips their number, pictures 10."""
    rank = rank_of(card)
    return ace if rank == 1 else min(rank, 10)


def card(code: str) -> int:
    """The number of a canonical code (``KeyError`` for anything else)."""
    return INDEX[code]


def cards(codes) -> list[int]:
    """The numbers of canonical codes."""
    return [INDEX[code] for code in codes]


def codes(numbers) -> list[str]:
    """The canonical codes of card numbers, in the order given."""
    return [CODES[number] for number in numbers]


def sorted_codes(numbers) -> list[str]:
    """The canonical codes of card numbers, in canonical order."""
    return [CODES[number] for number in sorted(numbers)]


_SYMBOLS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
_VARIATION = "\ufe0f"


def parse_token(token: object) -> int | None:
    """The card a token of R-1.4 names (any case, ``10`` for ``T``, suit symbols with or
    without their emoji selector), or None when it names none."""
    if not isinstance(token, str):
        return None
    text = token.replace(_VARIATION, "")
    if not text:
        return None
    suit = _SYMBOLS.get(text[-1], text[-1].upper())
    rank = text[:-1].upper()
    rank = "T" if rank == "10" else rank
    return INDEX.get(rank + suit) if len(rank) == 1 else None
