"""The exact meld solver (R-2.5): least deadwood, every optimal arrangement, best discards.

How it works.  Runs live inside one suit and sets need a rank held three or four times
(R-2.1, R-2.2).  Once the sets are chosen, each suit's remaining cards are best arranged by
making every block of three or more consecutive ranks one run: all card values are positive,
so leaving such a block unmelded only adds deadwood, and two adjacent runs of one suit are the
same cards as one longer run (R-2.2).  That per-suit answer depends only on a 13-bit mask, so
it is tabulated once at import for all 8,192 masks.  A hand is then solved by trying every
choice of sets (at most 2 x 6 x 6 = 72 for eleven cards, usually one: no set possible) with
four table look-ups each.  For the least count (and a rank held three times alone) the
highest rank held three or four times needs no trying: taking one of its cards changes only
that card's suit, so what each of its sets saves is the sum of its cards' gains, tabulated per
rank and suit mask, and the best of its sets (or none) follows from four look-ups.  Every
optimal arrangement is found; nothing is heuristic.

Arrangements are normalised: a run is never split into two adjacent runs of one suit.  Optimal
arrangements are listed in canonical order (:attr:`Arrangement.sort_key`); the first one is
the canonical arrangement.

Round the corner (R-2.7) changes only the per-suit tables: each suit is then circular (the
king is followed by the ace), so a block of consecutive ranks may wrap past the king, and a
suit held whole is one run of thirteen.  Every argument above holds unchanged on a circle, so
the same search, with a second set of tables, stays exact.  The value of an ace left in
deadwood (``ace_deadwood_value``) also lives in the tables.  A :class:`Solver` is the search
over one set of tables; :func:`solver_for` gives the one a ``Rules`` value needs, and the
module's functions are those of the default one (ace low, ace worth 1).

The only mutable state of the rules core is the solver cache (bounded LRU tables, see
:func:`solve`), one per solver, so it is keyed by the way of counting and the hand's 52-bit
mask, which does not depend on card order or notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter
from threading import Lock
from typing import Any, Callable, ClassVar, Final, NamedTuple

from ..base.cards import CARDS, SUIT_MASK, Card, parse_hand_mask
from ..base.melds import Arrangement, Meld
from ..base.options import Rules
from ..base.sizes import HAND_SIZE, HAND_SIZES as HAND_SIZES  # re-exported: its home is sizes.py
from ..speedups import SPEEDUPS, mypyc_attr
from .solver_tables import (_BIT_INDEX, _CARDS_C, _CARDS_D, _CARDS_H, _CARDS_S, _EVERY_SUIT,
                            _HALF, _SET_MELDS, _SET_OF_CARDS, _SUIT_BITS, _WAYS_BY_KEY, Plan,
                            Way, _suit_tables, _way_key_tables)

_tuple_new: Final = tuple.__new__

CACHE_SIZE = 65_536
"""Hands the default solver's cache keeps; the least recently used are dropped first."""

VARIANT_CACHE_SIZE = 8_192
"""Hands the cache of each other solver (round the corner, another ace value) keeps."""


_MELD_ORDER = attrgetter("cards")


def _with_set(melds: tuple[Meld, ...], one: Meld) -> tuple[Meld, ...]:
    """Disjoint melds in meld order with a set put among them, in meld order."""
    # Melds are disjoint, so their first cards differ and decide the order (see Meld).
    first = one.cards[0]
    for index, meld in enumerate(melds):
        if meld.cards[0] > first:
            return melds[:index] + (one,) + melds[index:]
    return melds + (one,)


def _arrangement_order(arrangement: Arrangement) -> tuple[tuple[Card, ...], ...]:
    return arrangement.sort_key


class DiscardOption(NamedTuple):
    """A discard from an eleven-card hand and the canonical optimal arrangement of the rest.

    A named tuple, as :class:`Solution` is: eleven are built for each eleven-card reply.
    """

    card: Card
    arrangement: Arrangement

    @property
    def deadwood_count(self) -> int:
        """The least deadwood count of the ten cards kept."""
        return self.arrangement.deadwood_count


class _SolutionFields(NamedTuple):
    """The fields of a :class:`Solution` (a named tuple allows no class attribute of its own to
    the type checker, so ``solver`` is set on the subclass)."""

    mask: int
    arrangement: Arrangement
    discard_counts: tuple[int, ...] | None = None
    best_discards: tuple[Card, ...] | None = None


# A named tuple, so an ordinary Python class for the compiler too (mypyc compiles no subclass
# of tuple as a native class).
@mypyc_attr(native_class=False)
class Solution(_SolutionFields):
    """What the solver knows of one hand, whatever the rules (R-2.5, R-5.1).

    For up to ten cards: the canonical optimal arrangement.  For eleven: the exact least
    deadwood after each discard (``discard_counts``, in the canonical order of the hand's
    cards), the best discards, and the canonical arrangement after the first of them.  Only
    plain numbers and arrangements are kept, so cached solutions stay small.  ``solver`` (a
    class attribute) is the solver that found it: the default one when ``None``; each other
    solver has its own subclass that says so, which keeps the default path's solutions as
    small as they were.

    An immutable record like the frozen dataclasses elsewhere, but a named tuple: one is built
    for every hand solved, and a tuple is built in one step where a frozen dataclass sets each
    field through ``object.__setattr__``, which costs more than a ten-card solve.
    """

    __slots__ = ()

    # Not a field: the solver of this class of solutions, None for the default.
    solver: ClassVar[Solver | None] = None

    @property
    def deadwood_count(self) -> int:
        """The least deadwood count (after the best discard for eleven cards)."""
        return self.arrangement.deadwood_count

    def discards(self) -> tuple[DiscardOption, ...] | None:
        """Every discard of an eleven-card hand with the best arrangement of the rest.

        Built on each call (each arrangement is a fresh solve of ten cards).
        """
        if self.discard_counts is None:
            return None
        return (self.solver or DEFAULT_SOLVER).discard_options(self.mask)

    def all_melded(self) -> bool:
        """Whether every card of the hand melds at once (big gin for eleven cards, R-5.5)."""
        return (self.solver or DEFAULT_SOLVER).min_deadwood(self.mask) == 0


class Solver:
    """The exact solver under one way of counting: ace low or round the corner (R-2.2, R-2.7),
    and the value of an ace in deadwood.

    Its functions are documented at the module level (:func:`min_deadwood`, :func:`solve`...),
    where they are those of the default solver.  Each solver has its own bounded caches.
    """

    round_the_corner: bool
    ace_value: int
    suit_deadwood: list[int]
    kernel: Any
    """The compiled fast path over this solver's tables (see speedups.py), or None."""
    python_min_deadwood: Callable[[int], int]
    python_solve: Callable[[int], Solution]
    python_discard_counts: Callable[[int], tuple[int, ...]]
    """``min_deadwood``, ``solve`` and ``discard_counts`` in Python: the reference of the
    compiled path.  (``python_solve`` of eleven cards starts from ``discard_counts``, the
    kernel's where it was built, which the tests hold equal to ``python_discard_counts``.)"""
    min_deadwood: Callable[[int], int]
    optimal_arrangements: Callable[[int], tuple[Arrangement, ...]]
    best_arrangement: Callable[[int], Arrangement]
    discard_counts: Callable[[int], tuple[int, ...]]
    draw_counts: Callable[[int, int], tuple[int, ...]]
    python_draw_counts: Callable[[int, int], tuple[int, ...]]
    """``draw_counts`` in Python alone: the reference of the compiled path."""
    discard_options: Callable[[int], tuple[DiscardOption, ...]]
    solve: Callable[[int], Solution]
    caches: tuple[Any, ...]

    def __repr__(self) -> str:
        return (f"<Solver round_the_corner={self.round_the_corner} "
                f"ace_value={self.ace_value}>")


def _build(round_the_corner: bool, ace_value: int, cache_size: int) -> Solver:
    """A solver on its own tables.  The search is the same for every solver; its functions are
    closures over the tables, which costs no more than module globals on the hot path."""
    solver = Solver()
    if round_the_corner or ace_value != 1:
        _Solution = type("Solution", (Solution,), {"__slots__": (), "solver": solver})
    else:
        _Solution = Solution
    SUIT_DEADWOOD, _SUIT_RUNS, _SUIT_DEAD, _RUNNABLE = _suit_tables(round_the_corner, ace_value)
    _KEY_S, _KEY_H, _KEY_D, _KEY_C = _way_key_tables(round_the_corner)
    _RUNS_S, _RUNS_H, _RUNS_D, _RUNS_C = _SUIT_RUNS
    _DEAD_S, _DEAD_H, _DEAD_D, _DEAD_C = _SUIT_DEAD

    sd = SUIT_DEADWOOD
    ways_of = _WAYS_BY_KEY
    # Per 13-bit suit mask: the suit's deadwood after discarding each of its cards, lowest
    # first.
    _AFTER_DROP = [tuple(sd[mask ^ bit] for bit in _SUIT_BITS[mask])
                   for mask in range(SUIT_MASK + 1)]
    # Per rank and 13-bit suit mask: what taking that rank's card out of the suit saves, its
    # deadwood value less what it leaves (negative when it breaks a run); 0 when not held.
    # With one rank held three or four times, a set's gain is the sum of its cards' gains,
    # since each card changes only its own suit.
    _GAINS = [[sd[mask] - sd[mask & ~(1 << rank)] for mask in range(SUIT_MASK + 1)]
              for rank in range(13)]
    _GAINS_OF_BIT = {1 << rank: gains for rank, gains in enumerate(_GAINS)}

    def _ways_by_rank(
        a: int, b: int, c: int, d: int, triples: int, for_discards: bool = False
    ) -> list[Sequence[Way]]:
        """For each rank in ``triples`` (held 3+ times): the ways worth trying (``_RANK_WAYS``)."""
        keys = _KEY_S[a] | _KEY_H[b] | _KEY_D[c] | _KEY_C[d]
        table = ways_of[for_discards]
        lists: list[Sequence[Way]] = []
        while triples:
            bit = triples & -triples
            triples ^= bit
            r = bit.bit_length() - 1
            lists.append(table[r << 8 | keys >> (r << 3) & 255])
        return lists

    def _plans(a: int, b: int, c: int, d: int, triples: int,
               for_discards: bool = False) -> list[Plan]:
        """Every combination of the ways of each rank in ``triples``, as plans."""
        plans: list[Plan] = [(a, b, c, d, 0, ())]
        for ways in _ways_by_rank(a, b, c, d, triples, for_discards):
            plans = [
                (pa & ka, pb & kb, pc & kc, pd & kd, used | cards, sets + choice)
                for pa, pb, pc, pd, used, sets in plans
                for ka, kb, kc, kd, cards, choice in ways
            ]
        return plans

    def _pairs(first: Sequence[Way], second: Sequence[Way]) -> list[Way]:
        """The ways of two ranks taken together: every way of one with every way of the other.
        Three ranks held three or four times (the most eleven cards allow) are searched as
        this and the third."""
        return [(ka & kb, kc & kd, ke & kf, kg & kh, cards | more, sets + also)
                for ka, kc, ke, kg, cards, sets in first
                for kb, kd, kf, kh, more, also in second]

    def _partial_ways(a: int, b: int, c: int, d: int,
                      triples: int) -> tuple[int, Sequence[Way]]:
        """For two or three ranks held three or four times: the highest, and the ways worth
        trying (see ``_RANK_WAYS``) of the others taken together, which the count tries before
        settling that last rank by its cards' gains."""
        last = triples.bit_length() - 1
        others = triples ^ 1 << last
        if not others & (others - 1):  # two ranks: the lower one's ways, looked up here
            r = others.bit_length() - 1
            keys = _KEY_S[a] | _KEY_H[b] | _KEY_D[c] | _KEY_C[d]
            return last, ways_of[0][r << 8 | keys >> (r << 3) & 255]
        lists = _ways_by_rank(a, b, c, d, others)
        return last, _pairs(lists[0], lists[1])

    def _optimal_plans(mask: int) -> tuple[int, list[Plan]]:
        """The least deadwood of a mask and every choice of sets that reaches it.

        Up to three ranks can be held three or four times in eleven cards; their choices are
        tried in plain nested loops, the hot path of the solver.
        """
        low, high = mask & _HALF, mask >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        triples = (a & b | c & d) & (a | b) & (c | d)
        if not triples:
            return sd[a] + sd[b] + sd[c] + sd[d], [(a, b, c, d, 0, ())]
        best = 1 << 30
        tied: list[Plan] = []
        if not triples & (triples - 1):
            # One rank held three or four times, the common case: its ways, looked up here.
            r = triples.bit_length() - 1
            keys = _KEY_S[a] | _KEY_H[b] | _KEY_D[c] | _KEY_C[d]
            for w in ways_of[0][r << 8 | keys >> (r << 3) & 255]:
                wa, wb, wc, wd = a & w[0], b & w[1], c & w[2], d & w[3]
                count = sd[wa] + sd[wb] + sd[wc] + sd[wd]
                if count <= best:
                    plan = (wa, wb, wc, wd, w[4], w[5])
                    if count < best:
                        best, tied = count, [plan]
                    else:
                        tied.append(plan)
            return best, tied
        lists = _ways_by_rank(a, b, c, d, triples)
        if len(lists) == 3:
            lists = [_pairs(lists[0], lists[1]), lists[2]]
        if len(lists) == 2:
            first, second = lists
            for v in first:
                va, vb, vc, vd = a & v[0], b & v[1], c & v[2], d & v[3]
                for w in second:
                    wa, wb, wc, wd = va & w[0], vb & w[1], vc & w[2], vd & w[3]
                    count = sd[wa] + sd[wb] + sd[wc] + sd[wd]
                    if count <= best:
                        plan = (wa, wb, wc, wd, v[4] | w[4], v[5] + w[5])
                        if count < best:
                            best, tied = count, [plan]
                        else:
                            tied.append(plan)
        else:
            for plan in _plans(a, b, c, d, triples):
                count = sd[plan[0]] + sd[plan[1]] + sd[plan[2]] + sd[plan[3]]
                if count < best:
                    best, tied = count, [plan]
                elif count == best:
                    tied.append(plan)
        return best, tied

    def _plan_melds(plan: Plan) -> tuple[Meld, ...]:
        """The melds of a plan, in meld order: the runs of each suit, the sets put among them."""
        a, b, c, d, _, chosen = plan
        melds = _RUNS_S[a] + _RUNS_H[b] + _RUNS_D[c] + _RUNS_C[d]
        if not chosen:
            return melds
        for choice in chosen:
            melds = _with_set(melds, _SET_MELDS[choice])
        return melds

    def _arrangement(plan: Plan) -> Arrangement:
        a, b, c, d = plan[0], plan[1], plan[2], plan[3]
        return _tuple_new(Arrangement, (_plan_melds(plan),
                                        _DEAD_S[a] + _DEAD_H[b] + _DEAD_D[c] + _DEAD_C[d],
                                        sd[a] + sd[b] + sd[c] + sd[d]))

    def min_deadwood(mask: int) -> int:
        """The least deadwood count of a hand given as a mask, any number of cards (R-2.5)."""
        low, high = mask & _HALF, mask >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        triples = (a & b | c & d) & (a | b) & (c | d)
        if not triples:
            return sd[a] + sd[b] + sd[c] + sd[d]
        if not triples & (triples - 1):
            # One rank held three or four times, the common case: the set of every held card
            # saves the sum of their gains; with four held, a set of three may save more by
            # leaving out the card whose gain is least, if negative; no set saves nothing.
            gain = _GAINS_OF_BIT[triples]
            ga, gb, gc, gd = gain[a], gain[b], gain[c], gain[d]
            saved = ga + gb + gc + gd
            if a & b & c & d & triples:
                least = min(ga, gb, gc, gd)
                if least < 0:
                    saved -= least
            total = sd[a] + sd[b] + sd[c] + sd[d]
            return total - saved if saved > 0 else total
        # Two or three ranks: the ways of all but the highest are tried; for each, the highest
        # is settled by its cards' gains, as for one rank above.
        last, partial = _partial_ways(a, b, c, d, triples)
        gain = _GAINS[last]
        four = a & b & c & d & 1 << last
        best = 1 << 30
        for v in partial:
            va, vb, vc, vd = a & v[0], b & v[1], c & v[2], d & v[3]
            ga, gb, gc, gd = gain[va], gain[vb], gain[vc], gain[vd]
            saved = ga + gb + gc + gd
            if four:
                least = min(ga, gb, gc, gd)
                if least < 0:
                    saved -= least
            count = sd[va] + sd[vb] + sd[vc] + sd[vd]
            if saved > 0:
                count -= saved
            if count < best:
                best = count
        return best

    def optimal_arrangements(mask: int) -> tuple[Arrangement, ...]:
        """Every optimal arrangement of a hand mask (R-2.5), the canonical one first."""
        return tuple(sorted(map(_arrangement, _optimal_plans(mask)[1]), key=_arrangement_order))

    def best_arrangement(mask: int) -> Arrangement:
        """The canonical optimal arrangement of a hand mask (R-2.5)."""
        low, high = mask & _HALF, mask >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        if not (a & b | c & d) & (a | b) & (c | d):
            # The common case, inlined: no set is possible, so the suit tables say it all.
            return _tuple_new(Arrangement, (_RUNS_S[a] + _RUNS_H[b] + _RUNS_D[c] + _RUNS_C[d],
                                            _DEAD_S[a] + _DEAD_H[b] + _DEAD_D[c] + _DEAD_C[d],
                                            sd[a] + sd[b] + sd[c] + sd[d]))
        return _arrangement(_best_plan(mask))

    @lru_cache(maxsize=cache_size)
    def _best_plan(mask: int) -> Plan:
        """The choice of sets of the canonical optimal arrangement."""
        plans = _optimal_plans(mask)[1]
        if len(plans) == 1:
            return plans[0]
        return min(plans, key=_plan_order)

    def _plan_order(plan: Plan) -> tuple[tuple[Card, ...], ...]:
        return tuple(map(_MELD_ORDER, _plan_melds(plan)))

    def discard_counts(mask: int) -> tuple[int, ...]:
        """For every card of the hand, in canonical order: the least deadwood after discarding
        it."""
        return _discard_table(mask)

    def draw_counts(mask: int, cards: int) -> tuple[int, ...]:
        """For every card of ``cards`` (a mask of cards the hand does not hold), lowest first:
        the least deadwood of the hand with that card drawn and its best discard out (R-2.5)."""
        return tuple(min(_discard_table(mask | 1 << card))
                     for card in range(52) if cards >> card & 1)

    def discard_options(mask: int) -> tuple[DiscardOption, ...]:
        """Every discard of a hand (canonical card order) with the canonical optimal arrangement
        of the cards kept (R-2.5, R-5.1)."""
        low, high = mask & _HALF, mask >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        triples = (a & b | c & d) & (a | b) & (c | d)
        if triples:
            return _discard_options_with_sets(a, b, c, d, triples)
        # No set possible, nor after any discard: a discard changes only its own suit's runs
        # and deadwood, so the other suits' parts are put together once.
        runs_s, runs_h, runs_d, runs_c = _RUNS_S[a], _RUNS_H[b], _RUNS_D[c], _RUNS_C[d]
        dead_s, dead_h, dead_d, dead_c = _DEAD_S[a], _DEAD_H[b], _DEAD_D[c], _DEAD_C[d]
        # Per suit: the runs and deadwood of the suits before it and after it.
        around = (
            ((), runs_h + runs_d + runs_c, (), dead_h + dead_d + dead_c),
            (runs_s, runs_d + runs_c, dead_s, dead_d + dead_c),
            (runs_s + runs_h, runs_c, dead_s + dead_h, dead_c),
            (runs_s + runs_h + runs_d, (), dead_s + dead_h + dead_d, ()),
        )
        total = sd[a] + sd[b] + sd[c] + sd[d]
        options = []
        for suit, suit_mask in enumerate((a, b, c, d)):
            if not suit_mask:
                continue
            runs_before, runs_after, dead_before, dead_after = around[suit]
            rest = total - sd[suit_mask]
            suit_runs, suit_dead, base = _SUIT_RUNS[suit], _SUIT_DEAD[suit], suit * 13
            for bit in _SUIT_BITS[suit_mask]:
                kept = suit_mask ^ bit
                arrangement = _tuple_new(Arrangement, (runs_before + suit_runs[kept] + runs_after,
                                                       dead_before + suit_dead[kept] + dead_after,
                                                       rest + sd[kept]))
                options.append(_tuple_new(DiscardOption, (CARDS[base + _BIT_INDEX[bit]],
                                                          arrangement)))
        return tuple(options)

    def _discard_options_with_sets(a: int, b: int, c: int, d: int,
                                   triples: int) -> tuple[DiscardOption, ...]:
        """``discard_options`` for a hand with a rank held three or four times, in one pass over
        the choices of sets that serve every discard (see ``_discard_table``).

        The ten cards kept after a discard can use exactly the choices that leave the discard
        out of every set, and those include every optimal choice of the ten cards (each way
        the ten-card search keeps is among them; the ways it leaves out are strictly beaten),
        so the canonical arrangement of the ten is the least, in canonical order, of the
        choices reaching their least deadwood (R-2.5).
        """
        least: dict[Card, int] = {}
        tied: dict[Card, list[Plan]] = {}
        for plan in _plans(a, b, c, d, triples, for_discards=True):
            total = sd[plan[0]] + sd[plan[1]] + sd[plan[2]] + sd[plan[3]]
            for suit in range(4):
                # suit < 4: one of the plan's four suit slices, each an int.
                suit_mask: int = plan[suit]  # type: ignore[assignment]
                rest = total - sd[suit_mask]
                for bit in _SUIT_BITS[suit_mask]:
                    count = rest + sd[suit_mask ^ bit]
                    card = CARDS[suit * 13 + _BIT_INDEX[bit]]
                    known = least.get(card, 1 << 30)
                    if count <= known:
                        kept = list(plan)
                        kept[suit] = suit_mask ^ bit
                        if count < known:
                            least[card] = count
                            tied[card] = [tuple(kept)]  # type: ignore[list-item]
                        else:
                            tied[card].append(tuple(kept))  # type: ignore[arg-type]
        options = []
        for card in sorted(tied):
            plans = tied[card]
            plan = plans[0] if len(plans) == 1 else min(plans, key=_plan_order)
            options.append(_tuple_new(DiscardOption, (card, _arrangement(plan))))
        return tuple(options)

    def _discard_table(mask: int) -> tuple[int, ...]:
        """The least deadwood after each discard, in canonical card order.

        Exact for every card (R-5.1).  The ten cards left after a discard can use exactly those
        choices of sets of the whole hand that do not contain the discard, and the discard only
        changes its own suit's table entry, so one pass over the hand's set choices answers all
        discards at once.
        """
        low, high = mask & _HALF, mask >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        triples = (a & b | c & d) & (a | b) & (c | d)
        if not triples:
            # One choice (no set): each discard changes only its own suit's table entry.
            total = sd[a] + sd[b] + sd[c] + sd[d]
            values: list[int] = []
            for suit_mask in (a, b, c, d):
                rest = total - sd[suit_mask]
                for after in _AFTER_DROP[suit_mask]:
                    values.append(rest + after)
            counts = tuple(values)
        else:
            # Each card's least over the choices, kept in canonical card order.
            cards = _CARDS_S[a] + _CARDS_H[b] + _CARDS_D[c] + _CARDS_C[d]
            least_of: dict[int, int] = dict.fromkeys(cards, 1 << 30)
            for plan in _plans(a, b, c, d, triples, for_discards=True):
                total = sd[plan[0]] + sd[plan[1]] + sd[plan[2]] + sd[plan[3]]
                # zip stops after the plan's four suit slices, each an int.
                for base, suit_mask in zip((0, 13, 26, 39), plan):  # type: ignore[assignment]
                    rest = total - sd[suit_mask]
                    for bit in _SUIT_BITS[suit_mask]:
                        count = rest + sd[suit_mask ^ bit]
                        card = base + _BIT_INDEX[bit]
                        if count < least_of[card]:
                            least_of[card] = count
            # Every card has a value: each is left out of the sets by one of the choices.
            counts = tuple(least_of.values())
        return counts

    def solve(mask: int) -> Solution:
        """Solve a hand of up to eleven cards given as a mask (R-2.5, R-5.1).

        Hands that need a search go through the bounded LRU cache: eleven-card hands (every
        discard solved) and hands with a rank held four times or two ranks held three or four
        times.  The cache keeps only numbers (discard values, choices of sets), never objects
        the garbage collector must scan, and arrangements are rebuilt from them by table
        look-ups.  Hands with no possible set, or one rank held three times (take the set or
        leave it), are answered from the tables alone, which costs less than a cache look-up.
        """
        if mask.bit_count() > HAND_SIZE:
            counts, best, plan = _discard_values(mask)
            return _tuple_new(_Solution, (mask, _arrangement(plan), counts, best))
        low, high = mask & _HALF, mask >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        triples = (a & b | c & d) & (a | b) & (c | d)
        if triples:
            if triples & (triples - 1) or a & b & c & d & triples:
                return _tuple_new(_Solution, (mask, _arrangement(_best_plan(mask)), None, None))
            # One rank held three times: the set saves the sum of its cards' gains.
            gain = _GAINS_OF_BIT[triples]
            saved = gain[a] + gain[b] + gain[c] + gain[d]
            if not saved:  # a tie between the set and no set: canonical order decides
                return _tuple_new(_Solution, (mask, _arrangement(_best_plan(mask)), None, None))
            if saved > 0:
                one = _SET_OF_CARDS[mask & triples * _EVERY_SUIT]
                keep = SUIT_MASK ^ triples
                a, b, c, d = a & keep, b & keep, c & keep, d & keep
                runs = _RUNS_S[a] + _RUNS_H[b] + _RUNS_D[c] + _RUNS_C[d]
                return _tuple_new(_Solution, (mask, _tuple_new(Arrangement, (
                    _with_set(runs, one) if runs else (one,),
                    _DEAD_S[a] + _DEAD_H[b] + _DEAD_D[c] + _DEAD_C[d],
                    sd[a] + sd[b] + sd[c] + sd[d])), None, None))
        return _tuple_new(_Solution, (mask, _tuple_new(Arrangement, (
            _RUNS_S[a] + _RUNS_H[b] + _RUNS_D[c] + _RUNS_C[d],
            _DEAD_S[a] + _DEAD_H[b] + _DEAD_D[c] + _DEAD_C[d],
            sd[a] + sd[b] + sd[c] + sd[d])), None, None))

    @lru_cache(maxsize=cache_size)
    def _discard_values(mask: int) -> tuple[tuple[int, ...], tuple[Card, ...], Plan]:
        """Each discard's value, the best discards, and the sets of the arrangement after the
        first.  Only numbers are kept, so the cache holds nothing the garbage collector must
        scan; the arrangement is rebuilt from them by table look-ups."""
        # The solver's fastest counts: the compiled kernel's where it was built (below).
        counts = discard_counts(mask)
        least = min(counts)
        low, high = mask & _HALF, mask >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        cards = _CARDS_S[a] + _CARDS_H[b] + _CARDS_D[c] + _CARDS_C[d]
        if counts.count(least) == 1:
            best: tuple[Card, ...] = (cards[counts.index(least)],)
        else:
            best = tuple(card for card, count in zip(cards, counts) if count == least)
        kept = mask & ~(1 << best[0])
        low, high = kept & _HALF, kept >> 26
        a, b, c, d = low & SUIT_MASK, low >> 13, high & SUIT_MASK, high >> 13
        if not (a & b | c & d) & (a | b) & (c | d):
            return counts, best, (a, b, c, d, 0, ())
        return counts, best, _best_plan(kept)

    python_min_deadwood, python_solve = min_deadwood, solve
    python_discard_counts = discard_counts
    python_draw_counts = draw_counts
    kernel = None
    if SPEEDUPS is not None and not round_the_corner:
        # The compiled fast path reads these same tables (see speedups.py); it answers the
        # hands they settle alone and gives None for the rest, which the search above answers.
        kernel = SPEEDUPS.Kernel(
            SUIT_DEADWOOD, _RUNNABLE, _SUIT_RUNS, _SUIT_DEAD,
            [_SET_MELDS.get(choice) for choice in range(13 << 4)], Arrangement, _Solution)
        quick_count, quick_solve, quick_counts = kernel.count, kernel.solve, kernel.counts
        quick_draws = kernel.draws

        def min_deadwood(mask: int) -> int:
            """The least deadwood count of a hand given as a mask, any number of cards
            (R-2.5)."""
            count = quick_count(mask)
            return python_min_deadwood(mask) if count is None else count

        def solve(mask: int) -> Solution:
            """Solve a hand of up to eleven cards given as a mask (R-2.5, R-5.1)."""
            solution = quick_solve(mask)
            return python_solve(mask) if solution is None else solution

        def discard_counts(mask: int) -> tuple[int, ...]:
            """For every card of the hand, in canonical order: the least deadwood after
            discarding it."""
            counts = quick_counts(mask)
            return python_discard_counts(mask) if counts is None else counts

        def draw_counts(mask: int, cards: int) -> tuple[int, ...]:
            """For every card of ``cards`` (a mask of cards the hand does not hold), lowest
            first: the least deadwood of the hand with that card drawn and its best discard
            out (R-2.5)."""
            counts = quick_draws(mask, cards)
            return python_draw_counts(mask, cards) if counts is None else counts

    solver.round_the_corner = round_the_corner
    solver.ace_value = ace_value
    solver.suit_deadwood = SUIT_DEADWOOD
    solver.kernel = kernel
    solver.python_min_deadwood = python_min_deadwood
    solver.python_solve = python_solve
    solver.python_discard_counts = python_discard_counts
    solver.python_draw_counts = python_draw_counts
    solver.min_deadwood = min_deadwood
    solver.optimal_arrangements = optimal_arrangements
    solver.best_arrangement = best_arrangement
    solver.discard_counts = discard_counts
    solver.draw_counts = draw_counts
    solver.discard_options = discard_options
    solver.solve = solve
    solver.caches = (_discard_values, _best_plan)
    return solver


DEFAULT_SOLVER: Final = _build(False, 1, CACHE_SIZE)
"""The solver of the default rules: ace low (R-2.2), an ace in deadwood worth 1 (R-1.3)."""

_SOLVERS: Final[dict[tuple[bool, int], Solver]] = {(False, 1): DEFAULT_SOLVER}
_BUILDING: Final = Lock()


def solver_for(rules: Rules | None = None) -> Solver:
    """The solver that counts as ``rules`` say (``round_the_corner``, ``ace_deadwood_value``,
    R-2.7); the default solver for ``None``.  Solvers are built once, on first use."""
    if rules is None or not rules.round_the_corner and rules.ace_deadwood_value == 1:
        return DEFAULT_SOLVER
    key = (rules.round_the_corner, rules.ace_deadwood_value)
    solver = _SOLVERS.get(key)
    if solver is None:
        with _BUILDING:
            solver = _SOLVERS.get(key)
            if solver is None:
                solver = _SOLVERS[key] = _build(key[0], key[1], VARIANT_CACHE_SIZE)
    return solver


SUIT_DEADWOOD: Final = DEFAULT_SOLVER.suit_deadwood
"""The default solver's deadwood value of every 13-bit suit mask."""


min_deadwood: Final = DEFAULT_SOLVER.min_deadwood
optimal_arrangements: Final = DEFAULT_SOLVER.optimal_arrangements
best_arrangement: Final = DEFAULT_SOLVER.best_arrangement
discard_counts: Final = DEFAULT_SOLVER.discard_counts
solve: Final = DEFAULT_SOLVER.solve


def solve_hand(hand: Sequence[str] | str) -> Solution:
    """Solve a hand given as card codes (R-1.4): up to eleven distinct cards.

    The fast path of :func:`ginrules.rules.analyze`, without rules: the least deadwood, the
    canonical arrangement and, for eleven cards, the exact value of every discard.
    """
    tokens = hand.split() if isinstance(hand, str) else hand
    return solve(parse_hand_mask(tokens, HAND_SIZES))


def cache_info() -> dict[str, int]:
    """Hits, misses, size and capacity of the solver caches (every solver's two tables)."""
    infos = [cache.cache_info() for solver in _SOLVERS.values() for cache in solver.caches]
    return {
        "hits": sum(i.hits for i in infos),
        "misses": sum(i.misses for i in infos),
        "size": sum(i.currsize for i in infos),
        "max_size": sum(i.maxsize or 0 for i in infos),
    }


def cache_clear() -> None:
    """Empty the solver caches (for benchmarks and tests)."""
    for solver in _SOLVERS.values():
        for cache in solver.caches:
            cache.cache_clear()
