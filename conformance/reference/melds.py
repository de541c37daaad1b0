"""Melds and deadwood (R-2), by exhaustive search.

A meld is a frozenset of card numbers.  ``corner`` plays round the corner (R-2.7): the ranks of
a suit form a circle A 2 ... K A.  ``ace`` is what an ace left in deadwood counts (R-2.7).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .cards import rank_of, suit_of, value_of

Meld = frozenset[int]
Arrangement = frozenset[Meld]


def is_set(cards: frozenset[int]) -> bool:
    """Three or four cards of one rank (R-2.1)."""
    return 3 <= len(cards) <= 4 and len({rank_of(c) for c in cards}) == 1


def is_run(cards: frozenset[int], corner: bool = False) -> bool:
    """Three or more cards of one suit in consecutive ranks, aces low (R-2.2, R-1.2), or on
    the circle of ranks round the corner (R-2.7)."""
    if len(cards) < 3 or len({suit_of(c) for c in cards}) != 1:
        return False
    ranks = {rank_of(c) for c in cards}
    if len(ranks) != len(cards):
        return False
    if corner:
        # On the circle a run has one card whose lower neighbour is missing, or none (all 13).
        return sum(1 for r in ranks if (r - 2) % 13 + 1 not in ranks) <= 1
    return max(ranks) - min(ranks) == len(cards) - 1


def is_meld(cards, corner: bool = False) -> bool:
    """A set or a run (R-2.1, R-2.2, R-2.7)."""
    cards = frozenset(cards)
    return is_set(cards) or is_run(cards, corner)


def runs_of_suit(held: set[int], suit: int, corner: bool) -> list[Meld]:
    """Every run of 3+ cards of one suit among ``held`` (ranks 1..13)."""
    found = []
    starts = range(1, 14)
    for start in starts:
        length = 0
        while length < 13:
            rank = (start - 1 + length) % 13 + 1
            if not corner and start + length > 13:
                break
            if rank not in held:
                break
            length += 1
            if length >= 3 and (length < 13 or start == 1):
                found.append(frozenset(suit * 13 + (start - 1 + i) % 13 for i in range(length)))
    return found


@lru_cache(maxsize=1 << 16)
def every_meld(cards: frozenset[int], corner: bool = False) -> tuple[Meld, ...]:
    """Every meld made of some of the cards, melds sharing cards included (R-2.1, R-2.2)."""
    melds: list[Meld] = []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, set[int]] = {}
    for card in cards:
        by_rank.setdefault(rank_of(card), []).append(card)
        by_suit.setdefault(suit_of(card), set()).add(rank_of(card))
    for same in by_rank.values():
        for size in (3, 4):
            melds.extend(frozenset(group) for group in combinations(sorted(same), size))
    for suit, held in by_suit.items():
        melds.extend(runs_of_suit(held, suit, corner))
    return tuple(melds)


def deadwood_of(cards, melds, ace: int = 1) -> int:
    """The deadwood count of cards arranged in melds (R-2.4)."""
    melded = set().union(*melds) if melds else set()
    return sum(value_of(c, ace) for c in cards if c not in melded)


@lru_cache(maxsize=1 << 18)
def least_deadwood(cards: frozenset[int], corner: bool = False, ace: int = 1) -> int:
    """The least deadwood of any arrangement (R-2.5): the lowest card is deadwood or in a meld
    of the cards left."""
    melds = every_meld(cards, corner)
    memo: dict[frozenset[int], int] = {}

    def best(rest: frozenset[int]) -> int:
        if not rest:
            return 0
        if rest not in memo:
            low = min(rest)
            found = value_of(low, ace) + best(rest - {low})
            for meld in melds:
                if low in meld and meld <= rest:
                    found = min(found, best(rest - meld))
            memo[rest] = found
        return memo[rest]

    return best(cards)


def arrangements(cards, corner: bool = False):
    """Every arrangement of the cards into disjoint melds (R-2.3), as frozensets of melds."""
    cards = frozenset(cards)
    melds = every_meld(cards, corner)

    def extend(rest: frozenset[int], chosen: tuple[Meld, ...]):
        if not rest:
            yield frozenset(chosen)
            return
        low = min(rest)
        yield from extend(rest - {low}, chosen)
        for meld in melds:
            if low in meld and meld <= rest:
                yield from extend(rest - meld, chosen + (meld,))

    yield from extend(cards, ())


def merged(melds: Arrangement, corner: bool = False) -> Arrangement:
    """The same melds with runs of a suit that join into one run written as one (R-2.2)."""
    runs = [m for m in melds if not is_set(m)]
    others = [m for m in melds if is_set(m)]
    joined = True
    while joined:
        joined = False
        for a, b in combinations(range(len(runs)), 2):
            union = runs[a] | runs[b]
            if is_run(union, corner):
                runs[a] = union
                del runs[b]
                joined = True
                break
    return frozenset(others + runs)


def optimal_arrangements(cards, corner: bool = False, ace: int = 1) -> set[Arrangement]:
    """Every arrangement with the least deadwood (R-2.5), each run written whole."""
    cards = frozenset(cards)
    best = least_deadwood(cards, corner, ace)
    return {merged(a, corner) for a in arrangements(cards, corner)
            if deadwood_of(cards, a, ace) == best}


def discard_values(cards, corner: bool = False, ace: int = 1) -> dict[int, int]:
    """For each card of a hand: the least deadwood of the others (R-5.1)."""
    cards = frozenset(cards)
    return {card: least_deadwood(cards - {card}, corner, ace) for card in cards}


def meld_order(meld: Meld, corner: bool = False) -> list[int]:
    """A meld's cards as listed (R-2.7): a run that wraps past the king from its first card
    after the gap, any other meld in canonical order."""
    ranks = {rank_of(c) for c in meld}
    if corner and len(ranks) > 1 and 1 in ranks and 13 in ranks and len(meld) < 13:
        first = next(r for r in ranks if (r - 2) % 13 + 1 not in ranks)
        suit = suit_of(min(meld))
        return [suit * 13 + (first - 1 + i) % 13 for i in range(len(meld))]
    return sorted(meld)


def listed(melds, corner: bool = False) -> list[list[int]]:
    """Melds in the documented order (R-2.5): compared card by card, each in meld order."""
    return sorted(meld_order(frozenset(m), corner) for m in melds)
