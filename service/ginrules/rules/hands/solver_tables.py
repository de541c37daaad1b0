"""The solver's tables (R-2.1, R-2.2, R-2.7), built once at import: per 13-bit suit mask its
runs, deadwood cards and runnable cards, and for a rank held three or four times the ways of
using it worth trying.  :mod:`.solver` explains how they are used; the compiled fast path reads
the same tables (speedups.py)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ..base.cards import SUIT_CARDS, SUIT_MASK, Card, card_values
from ..base.melds import Meld, melds_by_mask


SetChoice = int
"""A set chosen from one rank: ``rank index 0..12 << 4 | bits of the suits in the set``."""

SuitTables = tuple[list[int], list[list[tuple[Meld, ...]]], list[list[tuple[Card, ...]]], list[int]]


def _blocks(mask: int, circular: bool) -> list[list[int]]:
    """The maximal blocks of consecutive held ranks of a 13-bit suit mask, each in run order.

    On a circular suit a block may wrap past the king (..., Q, K, A, 2, ...) and a suit held
    whole is one block, ace first.
    """
    if circular and mask == SUIT_MASK:
        return [list(range(13))]
    if circular and mask:
        start = next(i for i in range(13) if not mask >> i & 1) + 1  # just after a gap
        order = [(start + step) % 13 for step in range(13)]
    else:
        order = list(range(13))
    blocks: list[list[int]] = []
    current: list[int] = []
    for rank in order:
        if mask >> rank & 1:
            current.append(rank)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


@lru_cache(maxsize=2)
def _suit_shapes(
    round_the_corner: bool,
) -> tuple[list[list[tuple[Meld, ...]]], list[list[tuple[Card, ...]]], list[int], list[int]]:
    """Per suit and 13-bit mask: its runs and deadwood cards; per mask: the runnable cards
    (those in a block of three or more, see ``_rank_ways_table``) and the deadwood ranks' bits.

    Runs of one suit are listed by their first card, so the four suits' runs put together are
    in meld order.  Only how runs are formed matters here, so every ace value shares them.
    """
    runnable = [0] * (SUIT_MASK + 1)
    dead_bits = [0] * (SUIT_MASK + 1)
    runs_by_suit: list[list[tuple[Meld, ...]]] = [[()] * (SUIT_MASK + 1) for _ in range(4)]
    dead_by_suit: list[list[tuple[Card, ...]]] = [[()] * (SUIT_MASK + 1) for _ in range(4)]
    run_melds: dict[tuple[int, tuple[int, ...]], Meld] = {}
    for mask in range(SUIT_MASK + 1):
        blocks = _blocks(mask, round_the_corner)
        runs = sorted(tuple(block) for block in blocks if len(block) >= 3)
        dead = sorted(i for block in blocks if len(block) < 3 for i in block)
        runnable[mask] = sum(1 << i for run in runs for i in run)
        dead_bits[mask] = sum(1 << i for i in dead)
        for suit in range(4):
            melds = []
            for run in runs:
                key = (suit, run)
                if key not in run_melds:
                    cards = sum(1 << (suit * 13 + i) for i in run)
                    run_melds[key] = melds_by_mask(round_the_corner=round_the_corner)[cards]
                melds.append(run_melds[key])
            runs_by_suit[suit][mask] = tuple(melds)
            dead_by_suit[suit][mask] = SUIT_CARDS[suit][dead_bits[mask]]
    return runs_by_suit, dead_by_suit, runnable, dead_bits


@lru_cache(maxsize=2)
def _way_key_tables(round_the_corner: bool) -> tuple[list[int], ...]:
    """Per suit and 13-bit mask: for every rank, the byte of the ``_WAYS_BY_KEY`` index that
    this suit gives (its held bit at ``4 + suit``, its runnable bit at ``suit``), at bit 8 x
    rank.  OR-ing the four suits' entries gives every rank's index byte in one step."""
    runnable = _suit_shapes(round_the_corner)[2]
    spread = [0] * (SUIT_MASK + 1)  # rank i's bit moved to bit 8 i
    for mask in range(1, SUIT_MASK + 1):
        low = mask & -mask
        spread[mask] = spread[mask ^ low] | 1 << 8 * (low.bit_length() - 1)
    return tuple([spread[mask] << (4 + suit) | spread[runnable[mask]] << suit
                  for mask in range(SUIT_MASK + 1)] for suit in range(4))


def _suit_tables(round_the_corner: bool, ace_value: int) -> SuitTables:
    """Per 13-bit suit mask: deadwood value; per suit and mask: its runs and deadwood cards;
    per mask: the runnable cards."""
    runs_by_suit, dead_by_suit, runnable, dead_bits = _suit_shapes(round_the_corner)
    values = card_values(ace_value)[:13]  # the ranks' values, ace first (R-1.3, R-2.7)
    deadwood_values = [sum(values[i] for i in range(13) if bits >> i & 1) for bits in dead_bits]
    return deadwood_values, runs_by_suit, dead_by_suit, runnable


_SET_MELDS: dict[SetChoice, Meld] = {
    rank << 4 | suits: melds_by_mask()[sum(1 << (s * 13 + rank)
                                           for s in range(4) if suits >> s & 1)]
    for rank in range(13)
    for suits in range(16)
    if bin(suits).count("1") >= 3
}
"""Every set (R-2.1) by its choice, from the meld catalogue."""

_SET_OF_CARDS: Final[dict[int, Meld]] = {meld.mask: meld for meld in _SET_MELDS.values()}
"""Every set by its 52-bit card mask."""
_EVERY_SUIT: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""A rank's bit in one suit mask times this: that rank's bit in every suit of a hand mask."""

Way = tuple[int, int, int, int, int, tuple[SetChoice, ...]]
"""One way to use a rank: keep masks for suits S H D C, the set's 52-bit card mask, the set
(``()`` for none, else a tuple of one, so that a plan's sets are the sum of its ways')."""


def _rank_ways_table() -> dict[tuple[int, int, int, bool], tuple[Way, ...]]:
    """The ways worth trying for a rank held 3+ times, by (rank, held suits, runnable suits, mode).

    A way is: leave the rank's cards to the runs, or take one set from them.  Ways that can
    never beat another are left out, which keeps the search small.  The argument: a card that
    is not *runnable* (in no block of 3+ consecutive ranks of its suit, see ``_suit_tables``)
    can be in no run of this hand or of any part of it, so moving it into a set costs nothing
    and saves its value.  Hence:

    - three held, none runnable: the set alone (leaving them alone keeps three dead cards);
    - four held: the set of four, plus each set of three that leaves out a runnable card (one
      that leaves out an unrunnable card is beaten by the set of four); leaving all four alone
      only when at least two are runnable (with one runnable card, the set of the other three
      does better).

    With ``for_discards`` the ways must also serve every ten-card hand left by discarding one
    card of this hand (see ``_discard_table``): then every set of three is kept (it is the set
    left when the fourth card is discarded), leaving the rank alone is kept for three held
    (needed when one of them is discarded), and for four held whenever one is runnable.

    The table depends only on which suits are held and runnable, not on how runs are formed or
    cards valued, so every solver shares it.
    """
    table = {}
    for rank in range(13):
        bit = 1 << rank
        for held in range(16):
            count = bin(held).count("1")
            if count < 3:
                continue
            for runnable in range(16):
                if runnable & ~held:
                    continue
                for for_discards in (False, True):
                    free = bin(runnable).count("1")
                    if count == 3:
                        sets = [held]
                        leave_alone = free >= 1 or for_discards
                    else:
                        threes = [held & ~(1 << s) for s in range(4)
                                  if for_discards or runnable >> s & 1]
                        sets = [held] + threes
                        leave_alone = free >= (1 if for_discards else 2)
                    ways: list[Way] = []
                    if leave_alone:
                        ways.append((SUIT_MASK, SUIT_MASK, SUIT_MASK, SUIT_MASK, 0, ()))
                    for suits in sets:
                        keep = [SUIT_MASK & ~bit if suits >> s & 1 else SUIT_MASK
                                for s in range(4)]
                        cards = sum(1 << (s * 13 + rank) for s in range(4) if suits >> s & 1)
                        choice = rank << 4 | suits
                        ways.append((keep[0], keep[1], keep[2], keep[3], cards, (choice,)))
                    table[rank, held, runnable, for_discards] = tuple(ways)
    return table


_RANK_WAYS = _rank_ways_table()
_WAYS_BY_KEY: tuple[list[tuple[Way, ...]], list[tuple[Way, ...]]] = tuple(  # type: ignore[assignment]
    [_RANK_WAYS.get((key >> 8, key >> 4 & 15, key & 15, for_discards), ())
     for key in range(13 << 8)]
    for for_discards in (False, True))
"""``_RANK_WAYS`` as two flat lists (without, with ``for_discards``), indexed by
``rank << 8 | held suits << 4 | runnable suits``: cheaper to look up than a tuple key."""

_HALF: Final = (1 << 26) - 1
"""Spades and hearts, the low half of a hand mask: a hand is split into halves that fit one
machine word each, then into suits, which costs fewer steps on big integers.

The ranks held three or four times are then ``(a & b | c & d) & (a | b) & (c | d)`` for suit
masks ``a b c d``: three of four suits always include both of one pair (S H or D C) and one of
the other, which is also all that expression asks."""

_SUIT_BITS: Final[list[tuple[int, ...]]] = [
    tuple(1 << i for i in range(13) if mask >> i & 1) for mask in range(SUIT_MASK + 1)]
"""The one-card bits of each 13-bit suit mask, lowest first."""
_BIT_INDEX: Final[dict[int, int]] = {1 << i: i for i in range(13)}
_CARDS_S: Final = SUIT_CARDS[0]
_CARDS_H: Final = SUIT_CARDS[1]
_CARDS_D: Final = SUIT_CARDS[2]
_CARDS_C: Final = SUIT_CARDS[3]
Plan = tuple[int, int, int, int, int, tuple[SetChoice, ...]]
"""A choice of sets: the four suit slices left for runs, the sets' card mask, the sets."""


def _wrapping_runs(remaining: int, suit: int, rank_index: int) -> list[tuple[int, ...]]:
    """Every run of a circular suit (R-2.7) that holds the card at ``rank_index``, within the
    cards ``remaining``, each in run order."""
    base = suit * 13
    back: list[int] = []
    rank = rank_index
    while len(back) < 12 and remaining >> (base + (rank - 1) % 13) & 1:
        rank = (rank - 1) % 13
        back.append(rank)
    ahead: list[int] = []
    rank = rank_index
    while len(back) + len(ahead) < 12 and remaining >> (base + (rank + 1) % 13) & 1:
        rank = (rank + 1) % 13
        ahead.append(rank)
    runs = []
    for k in range(len(back) + 1):
        for m in range(len(ahead) + 1):
            if k + m >= 2:
                ranks = back[:k][::-1] + [rank_index] + ahead[:m]
                runs.append(tuple(base + r for r in ranks))
    return runs


def _neighbours(cards: int, suit: int) -> int:
    """The cards of ``suit`` next to these cards of it on the circle (R-2.7)."""
    bits = cards >> (suit * 13) & SUIT_MASK
    near = ((bits << 1) | (bits >> 12) | (bits >> 1) | ((bits & 1) << 12)) & SUIT_MASK & ~bits
    return near << (suit * 13)
