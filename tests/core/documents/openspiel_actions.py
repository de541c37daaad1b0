"""OpenSpiel's action numbers written from card codes, for the import's tests."""

from __future__ import annotations

from ginrules.rules.documents.openspiel import meld_id


def card(code: str) -> int:
    """OpenSpiel's number of a card code: its suit (S C D H) * 13 + its rank."""
    return "SCDH".index(code[1]) * 13 + "A23456789TJQK".index(code[0])


def cards(text: str) -> list[int]:
    """OpenSpiel's numbers of space-separated card codes."""
    return [card(c) for c in text.split()]


def meld(text: str) -> int:
    """OpenSpiel's action number for laying the meld of these cards."""
    return 56 + meld_id(cards(text))


def deal(p0: str, p1: str, upcard: str) -> list[int]:
    """The chance outcomes of a deal: player 0's ten cards, player 1's, the upcard."""
    return cards(p0) + cards(p1) + [card(upcard)]
