"""Every arrangement of a hand within a deadwood bound, optimal or not (R-7.6).

The knocker's spread is scored with the arrangement best for the knocker after the defender's
reply (R-7.6), which need not be an optimal one: leaving a card out of a meld can deny a
layoff.  :func:`legal_arrangements` lists every candidate; the solver (solver.py) gives the
optimal ones alone, faster.
"""

from __future__ import annotations

from itertools import combinations

from ..base.cards import mask_cards, card_values
from ..base.melds import Arrangement, Meld, melds_by_mask
from ..base.options import Rules
from .solver import solver_for
from .solver_tables import _neighbours, _wrapping_runs


def legal_arrangements(mask: int, max_deadwood: int, rules: Rules | None = None
                       ) -> list[Arrangement]:
    """Every arrangement of a hand with deadwood at most ``max_deadwood``, optimal or not
    (R-7.6).

    Every collection of disjoint melds counts, including runs shortened to leave an end
    card as deadwood and sets of three taken from four; runs are normalised as everywhere
    (never two adjacent runs of one suit, on the circle under round the corner).  Listed in
    canonical order.
    """
    round_the_corner = rules is not None and rules.round_the_corner
    ace_value = 1 if rules is None else rules.ace_deadwood_value
    values_of_cards = card_values(ace_value)
    catalogue = melds_by_mask(round_the_corner=round_the_corner)
    least = solver_for(rules).min_deadwood
    found: list[Arrangement] = []

    def extend(remaining: int, dead: int, dead_count: int, melds: tuple[Meld, ...],
               run_ends: int) -> None:
        if not remaining:
            found.append(Arrangement.of(melds, mask_cards(dead), ace_value=ace_value))
            return
        # The cards left add at least their own least deadwood, however they are arranged.
        if dead_count + least(remaining) > max_deadwood:
            return
        card = (remaining & -remaining).bit_length() - 1
        bit = 1 << card
        rank_index, suit = card % 13, card // 13
        value = values_of_cards[card]
        if dead_count + value <= max_deadwood:
            extend(remaining ^ bit, dead | bit, dead_count + value, melds, run_ends)
        # Sets with this card: it is the lowest card left, so the others are in later suits.
        partners = [s * 13 + rank_index for s in range(suit + 1, 4)
                    if remaining >> (s * 13 + rank_index) & 1]
        for size in (2, 3):
            for others in combinations(partners, size):
                used = bit | sum(1 << c for c in others)
                extend(remaining & ~used, dead, dead_count, melds + (catalogue[used],),
                       run_ends)
        if round_the_corner:
            # ``run_ends`` holds the cards next to a chosen run (on the circle): a run
            # touching one of them would just continue it.
            for run in _wrapping_runs(remaining, suit, rank_index):
                used = sum(1 << c for c in run)
                if used & run_ends:
                    continue
                extend(remaining & ~used, dead, dead_count, melds + (catalogue[used],),
                       run_ends | _neighbours(used, suit))
            return
        # Runs starting at this card, unless they would just continue a run already chosen.
        if rank_index and run_ends >> (card - 1) & 1:
            return
        end = card
        while end % 13 < 12 and remaining >> (end + 1) & 1:
            end += 1
            if end - card >= 2:
                used = (2 << end) - bit
                extend(remaining & ~used, dead, dead_count, melds + (catalogue[used],),
                       run_ends | 1 << end)

    extend(mask, 0, 0, (), 0)
    return sorted(found, key=_canonical_order)


def _canonical_order(arrangement: Arrangement) -> tuple[tuple[int, ...], ...]:
    return arrangement.sort_key
