"""A tiny exhaustive reference for melds and deadwood (R-2), written for clarity, not speed.

It knows nothing of the service's solver: it lists every meld a hand holds, then every way to
pick disjoint melds, and compares deadwood counts.  Tests compare the fast solver with it.
"""

from __future__ import annotations

from itertools import combinations

VALUES = {rank: min(rank, 10) for rank in range(1, 14)}


def rank_of(card: int) -> int:
    return card % 13 + 1


def suit_of(card: int) -> int:
    return card // 13


def value_of(card: int) -> int:
    return VALUES[rank_of(card)]


def all_melds(cards: frozenset[int]) -> list[frozenset[int]]:
    """Every set (3 or 4 cards of a rank) and every run (3+ consecutive, one suit) in the cards."""
    melds = []
    by_rank: dict[int, list[int]] = {}
    for card in cards:
        by_rank.setdefault(rank_of(card), []).append(card)
    for same_rank in by_rank.values():
        for size in (3, 4):
            melds.extend(frozenset(group) for group in combinations(same_rank, size))
    for suit in range(4):
        for low in range(1, 12):
            for high in range(low + 2, 14):
                run = frozenset(suit * 13 + rank - 1 for rank in range(low, high + 1))
                if run <= cards:
                    melds.append(run)
    return melds


def arrangements(cards: frozenset[int]):
    """Yield every arrangement as a frozenset of melds (each a frozenset of cards)."""
    melds = all_melds(cards)

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


def deadwood_of(cards: frozenset[int], melds: frozenset[frozenset[int]]) -> int:
    melded = set().union(*melds) if melds else set()
    return sum(value_of(c) for c in cards if c not in melded)


def normalise(melds: frozenset[frozenset[int]]) -> frozenset[frozenset[int]]:
    """Merge runs of one suit that touch end to end: they are one longer run (R-2.2)."""
    runs = [set(m) for m in melds if len({rank_of(c) for c in m}) > 1]
    others = [m for m in melds if len({rank_of(c) for c in m}) == 1]
    merged = True
    while merged:
        merged = False
        for first, second in combinations(range(len(runs)), 2):
            a, b = runs[first], runs[second]
            if suit_of(min(a)) == suit_of(min(b)) and (max(a) + 1 == min(b) or max(b) + 1 == min(a)):
                runs[first] = a | b
                del runs[second]
                merged = True
                break
    return frozenset(others + [frozenset(r) for r in runs])


def min_deadwood(cards) -> int:
    cards = frozenset(cards)
    return min(deadwood_of(cards, a) for a in arrangements(cards))


def optimal_arrangements(cards) -> set[frozenset[frozenset[int]]]:
    """Every optimal arrangement (normalised), as a set of meld sets."""
    cards = frozenset(cards)
    scored = [(deadwood_of(cards, a), a) for a in arrangements(cards)]
    best = min(count for count, _ in scored)
    return {normalise(a) for count, a in scored if count == best}


def discard_values(cards) -> dict[int, int]:
    """For each card of an eleven-card hand: the least deadwood of the other ten."""
    cards = frozenset(cards)
    return {card: min_deadwood(cards - {card}) for card in cards}


# Layoffs and round scores, just as plainly ------------------------------------------


def fits(meld: frozenset[int], card: int) -> bool:
    """Whether a card extends a meld as it stands: 4th card of a set of 3, or a run end."""
    ranks = {rank_of(c) for c in meld}
    if len(ranks) == 1:
        return len(meld) == 3 and rank_of(card) in ranks
    if suit_of(card) != suit_of(min(meld)):
        return False
    return rank_of(card) in (min(ranks) - 1, max(ranks) + 1) and 1 <= rank_of(card) <= 13


def can_lay_off(melds: list[frozenset[int]], cards: frozenset[int]) -> bool:
    """Whether all these cards can be laid off, one at a time, in some order and placement."""
    if not cards:
        return True
    for card in cards:
        for index, meld in enumerate(melds):
            if fits(meld, card):
                grown = melds[:index] + [meld | {card}] + melds[index + 1:]
                if can_lay_off(grown, cards - {card}):
                    return True
    return False


def best_defense_count(knocker_melds, defender, gin: bool = False) -> int:
    """The defender's least deadwood: every subset of cards laid off, the rest melded (R-6.4)."""
    defender = frozenset(defender)
    melds = [frozenset(m) for m in knocker_melds]
    if gin:
        return min_deadwood(defender)
    best = None
    # Only a card of a set's rank, or of a run's suit, can ever be laid off.
    cards = sorted(c for c in defender if any(
        rank_of(c) in {rank_of(x) for x in m} if len({rank_of(x) for x in m}) == 1
        else suit_of(c) == suit_of(min(m)) for m in melds))
    for size in range(len(cards) + 1):
        for laid in combinations(cards, size):
            laid = frozenset(laid)
            if can_lay_off(melds, laid):
                count = min_deadwood(defender - laid)
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


def best_round(spread, defender, limit: int = 10, **options) -> tuple[int, int]:
    """Over every legal knocker arrangement (R-7.6): the best result and its least deadwood."""
    spread = frozenset(spread)
    best = None
    for melds in arrangements(spread):
        count = deadwood_of(spread, melds)
        if count > limit:
            continue
        gin = count == 0
        defender_count = best_defense_count(melds, defender, gin)
        key = (round_points(count, defender_count, gin, **options), -count)
        best = key if best is None else max(best, key)
    return best[0], -best[1]
