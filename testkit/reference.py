"""A tiny exhaustive reference for melds and deadwood (R-2), written for clarity, not speed.

It knows nothing of the service's solver: it lists every meld a hand holds, then every way to
pick disjoint melds, and compares deadwood counts.  Tests compare the fast solver with it.

Round the corner (R-2.7) is ``corner=True``: a run is any 3 to 13 cards of one suit that are
consecutive on the circle A 2 ... K A; ``ace`` is the value of an ace in deadwood.
"""

from __future__ import annotations

from itertools import combinations

VALUES = {rank: min(rank, 10) for rank in range(1, 14)}


def rank_of(card: int) -> int:
    return card % 13 + 1


def suit_of(card: int) -> int:
    return card // 13


def value_of(card: int, ace: int = 1) -> int:
    return ace if rank_of(card) == 1 else VALUES[rank_of(card)]


def all_runs(corner: bool = False) -> set[frozenset[int]]:
    """Every run of the deck: 3 to 13 cards of one suit in consecutive ranks (on the circle
    with ``corner``)."""
    runs = set()
    for suit in range(4):
        for start in range(13):
            for length in range(3, 14):
                if corner or start + length <= 13:
                    runs.add(frozenset(suit * 13 + (start + i) % 13 for i in range(length)))
    return runs


RUNS = {False: all_runs(False), True: all_runs(True)}


def all_melds(cards: frozenset[int], corner: bool = False) -> list[frozenset[int]]:
    """Every set (3 or 4 cards of a rank) and every run (3+ consecutive, one suit) in the cards."""
    melds = []
    by_rank: dict[int, list[int]] = {}
    for card in cards:
        by_rank.setdefault(rank_of(card), []).append(card)
    for same_rank in by_rank.values():
        for size in (3, 4):
            melds.extend(frozenset(group) for group in combinations(same_rank, size))
    melds.extend(run for run in RUNS[corner] if run <= cards)
    return melds


def arrangements(cards: frozenset[int], corner: bool = False):
    """Yield every arrangement as a frozenset of melds (each a frozenset of cards)."""
    melds = all_melds(cards, corner)

    def extend(remaining: frozenset[int], chosen: tuple[frozenset[int], ...]):
        if not remaining:
            yield frozenset(chosen)
            return
        card = min(remaining)
        # The lowest remaining card is either deadwood or in one meld of the remaining cards.
        yield from extend(remaining - {card}, chosen)
        for meld in melds:
            if card in meld and meld <= remaining:
                yield from extend(remaining - meld, chosen + (meld,))

    yield from extend(cards, ())


def deadwood_of(cards: frozenset[int], melds: frozenset[frozenset[int]], ace: int = 1) -> int:
    melded = set().union(*melds) if melds else set()
    return sum(value_of(c, ace) for c in cards if c not in melded)


def normalise(melds: frozenset[frozenset[int]],
              corner: bool = False) -> frozenset[frozenset[int]]:
    """Merge runs of one suit that touch end to end: they are one longer run (R-2.2)."""
    if corner:
        return _normalise_circle(melds)
    runs = [set(m) for m in melds if len({rank_of(c) for c in m}) > 1]
    others = [m for m in melds if len({rank_of(c) for c in m}) == 1]
    merged = True
    while merged:
        merged = False
        for first, second in combinations(range(len(runs)), 2):
            a, b = runs[first], runs[second]
            adjacent = max(a) + 1 == min(b) or max(b) + 1 == min(a)
            if suit_of(min(a)) == suit_of(min(b)) and adjacent:
                runs[first] = a | b
                del runs[second]
                merged = True
                break
    return frozenset(others + [frozenset(r) for r in runs])


def _normalise_circle(melds: frozenset[frozenset[int]]) -> frozenset[frozenset[int]]:
    """Merge runs of one suit whose union is still a run (they touch on the circle)."""
    runs = [m for m in melds if len({rank_of(c) for c in m}) > 1]
    others = [m for m in melds if len({rank_of(c) for c in m}) == 1]
    merged = True
    while merged:
        merged = False
        for first, second in combinations(range(len(runs)), 2):
            union = runs[first] | runs[second]
            if union in RUNS[True]:
                runs[first] = union
                del runs[second]
                merged = True
                break
    return frozenset(others + runs)


def min_deadwood(cards, corner: bool = False, ace: int = 1) -> int:
    cards = frozenset(cards)
    return min(deadwood_of(cards, a, ace) for a in arrangements(cards, corner))


def optimal_arrangements(cards, corner: bool = False,
                         ace: int = 1) -> set[frozenset[frozenset[int]]]:
    """Every optimal arrangement (normalised), as a set of meld sets."""
    cards = frozenset(cards)
    scored = [(deadwood_of(cards, a, ace), a) for a in arrangements(cards, corner)]
    best = min(count for count, _ in scored)
    return {normalise(a, corner) for count, a in scored if count == best}


def discard_values(cards, corner: bool = False, ace: int = 1) -> dict[int, int]:
    """For each card of an eleven-card hand: the least deadwood of the other ten."""
    cards = frozenset(cards)
    return {card: min_deadwood(cards - {card}, corner, ace) for card in cards}


# Layoffs and round scores, just as plainly ------------------------------------------


def fits(meld: frozenset[int], card: int, corner: bool = False) -> bool:
    """Whether a card extends a meld as it stands: 4th card of a set of 3, or a run end."""
    ranks = {rank_of(c) for c in meld}
    if len(ranks) == 1:
        return len(meld) == 3 and rank_of(card) in ranks
    if corner:
        return card not in meld and meld | {card} in RUNS[True]
    if suit_of(card) != suit_of(min(meld)):
        return False
    return rank_of(card) in (min(ranks) - 1, max(ranks) + 1) and 1 <= rank_of(card) <= 13


def can_lay_off(melds: list[frozenset[int]], cards: frozenset[int], corner: bool = False) -> bool:
    """Whether all these cards can be laid off, one at a time, in some order and placement."""
    if not cards:
        return True
    for card in cards:
        for index, meld in enumerate(melds):
            if fits(meld, card, corner):
                grown = melds[:index] + [meld | {card}] + melds[index + 1:]
                if can_lay_off(grown, cards - {card}, corner):
                    return True
    return False


def best_defense_count(knocker_melds, defender, gin: bool = False, corner: bool = False,
                       ace: int = 1) -> int:
    """The defender's least deadwood: every subset of cards laid off, the rest melded (R-6.4)."""
    defender = frozenset(defender)
    melds = [frozenset(m) for m in knocker_melds]
    if gin:
        return min_deadwood(defender, corner, ace)
    best = None
    # Only a card of a set's rank, or of a run's suit, can ever be laid off.
    cards = sorted(c for c in defender if any(
        rank_of(c) in {rank_of(x) for x in m} if len({rank_of(x) for x in m}) == 1
        else suit_of(c) == suit_of(min(m)) for m in melds))
    for size in range(len(cards) + 1):
        for laid in combinations(cards, size):
            laid = frozenset(laid)
            if can_lay_off(melds, laid, corner):
                count = min_deadwood(defender - laid, corner, ace)
                best = count if best is None else min(best, count)
    return best


def round_points(knocker_count: int, defender_count: int, gin: bool, *, gin_bonus=25,
                 undercut_bonus=10, undercut_on_tie=True) -> int:
    """The round from the knocker's side: their points, or minus the defender's (R-7)."""
    if gin:
        return gin_bonus + defender_count
    if knocker_count < defender_count:
        return defender_count - knocker_count
    if knocker_count == defender_count and not undercut_on_tie:
        return 0
    return -(knocker_count - defender_count + undercut_bonus)


def best_round(spread, defender, limit: int = 10, corner: bool = False, ace: int = 1,
               **options) -> tuple[int, int]:
    """Over every legal knocker arrangement (R-7.6): the best result and its least deadwood."""
    spread = frozenset(spread)
    best = None
    for melds in arrangements(spread, corner):
        count = deadwood_of(spread, melds, ace)
        if count > limit:
            continue
        gin = count == 0
        defender_count = best_defense_count(melds, defender, gin, corner, ace)
        key = (round_points(count, defender_count, gin, **options), -count)
        best = key if best is None else max(best, key)
    return best[0], -best[1]


# Every meld a hand holds, by definition ----------------------------------


def is_meld_by_definition(cards: frozenset[int], corner: bool = False) -> bool:
    """Whether distinct cards are a set (three or four of a rank) or a run (three or more of a
    suit, each rank but the lowest one above another's: on the line A..K, or on the circle
    A..K A with ``corner``)."""
    if len(cards) < 3:
        return False
    ranks = {rank_of(c) for c in cards}
    if len(ranks) == 1:
        return len(cards) <= 4
    if len({suit_of(c) for c in cards}) != 1:
        return False
    if corner:
        # On the circle a run has exactly one card whose predecessor is missing (its first),
        # or none when it holds all thirteen.
        starts = [r for r in ranks if (r - 2) % 13 + 1 not in ranks]
        return len(starts) <= 1
    return max(ranks) - min(ranks) == len(cards) - 1


def meld_order_by_definition(cards: frozenset[int], corner: bool = False) -> tuple[int, ...]:
    """A meld's cards as the service lists them (R-2.7): a run that wraps past the king in run
    order from its first card; every other meld in card order (suit, then rank)."""
    ranks = {rank_of(c) for c in cards}
    if corner and len(ranks) > 1 and 1 in ranks and 13 in ranks and len(cards) < 13:
        first = next(r for r in ranks if (r - 2) % 13 + 1 not in ranks)
        suit = suit_of(min(cards))
        return tuple(suit * 13 + (first - 1 + i) % 13 for i in range(len(cards)))
    return tuple(sorted(cards))


def every_meld_by_definition(cards, corner: bool = False) -> list[tuple[int, ...]]:
    """Every subset of three or more of the cards that is a meld, each in meld order, sorted as
    R-2.5 compares melds (by their cards in meld order, one by one).  Exponential: small hands
    only."""
    cards = sorted(set(cards))
    melds = [meld_order_by_definition(frozenset(subset), corner)
             for size in range(3, len(cards) + 1) for subset in combinations(cards, size)
             if is_meld_by_definition(frozenset(subset), corner)]
    return sorted(melds)
