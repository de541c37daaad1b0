"""Where OpenSpiel's ``gin_rummy`` decides otherwise than the engine: its two quirks.

Everything else OpenSpiel decides is a rule of the engine under the ``openspiel`` preset; these
two are OpenSpiel's own, reproduced on the core's solver and layoff check:

- **Its knock on eleven cards.**  OpenSpiel decides whether a player holding eleven cards may
  knock from one best meld group of the eleven, the first its enumeration of meld groups
  reaches, less that group's highest-ranked leftover card.  That is the engine's knock check
  of one discard (:func:`knock_discard`, from the solver's optimal arrangements put in
  OpenSpiel's order), so OpenSpiel refuses some knocks that another discard makes legal
  (R-5.1).
- **The layoffs it offers.**  OpenSpiel offers the defender the fourth card of a set of three,
  and a card at either end of a run as laid or as extended by the layoffs that touched its ends
  as laid: a chain of layoffs goes at most two cards past a run's end (R-6.2 lets it go on).
  :func:`offers_layoff` asks the core's layoff check (``check_layoffs``) whether a card fits.

The functions taking OpenSpiel's card and meld numbers (:func:`min_deadwood`,
:func:`legal_melds`, :func:`legal_knock_discards`, :func:`possible_layoffs`) are OpenSpiel's
own counts as the core computes them, named as in OpenSpiel's ``GinRummyUtils``, for comparing
the two engines.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from ...base.cards import CARD_BITS, Card
from ...base.melds import Arrangement, Meld
from ...base.options import PRESETS
from ...hands.knock import count_may_knock
from ...hands.layoffs import Layoff, check_layoffs
from ...hands.solver import Solver, solver_for
from .numbering import (CARD_OF, MELD_NUMBER_OF_MASK, MELDS, NUM_CARDS, NUM_SETS, NUMBER_OF,
                        highest_ranked, mask_of)

SOLVER = solver_for(PRESETS["openspiel"])
"""The solver of the ``openspiel`` preset: the ace low and worth 1, as OpenSpiel counts."""

# --- the knock on eleven cards ----------------------------------------------------------

_FOUR_HELD_ORDER = {4: (0, 0), 2: (0, 1), 1: (0, 2), 3: (1, 0), 0: (1, 1)}
"""Where a hand holds all four cards of a rank, where OpenSpiel's enumeration puts each of
its sets, by the suit left out (4: none): first the set of four and the sets leaving out the
third and the second suit, then, with the other ranks' sets of three, the sets leaving out the
fourth and the first suit."""

Position = tuple[int, int, int]


def _position(number: int, hand: int) -> Position:
    """Where OpenSpiel's enumeration of a hand's melds (``GinRummyUtils::AllMelds``) puts meld
    ``number``: first the sets of a rank held four times (see ``_FOUR_HELD_ORDER``), then the
    other sets of three, rank by rank, then the runs of five, four and three cards, each by its
    lowest card."""
    meld = MELDS[number]
    if number < NUM_SETS:
        rank, left_out = divmod(number, 5)
        four = MELDS[rank * 5 + 4].mask
        if hand & four == four:
            phase, order = _FOUR_HELD_ORDER[left_out]
            return phase, rank, order
        return 1, rank, 0
    return 2, 5 - len(meld.cards), min(NUMBER_OF[card] for card in meld.cards)


def _pieces(meld: Meld) -> Iterator[tuple[int, ...]]:
    """The ways OpenSpiel lays one of the core's melds: as itself, or a run of six cards or
    more as consecutive runs of three to five (the meld numbers of each way)."""
    number = MELD_NUMBER_OF_MASK.get(meld.mask)
    if number is not None:
        yield (number,)
        return
    cards = meld.cards
    for length in (3, 4, 5):
        if len(cards) - length < 3:
            break
        head = MELD_NUMBER_OF_MASK[sum(CARD_BITS[card] for card in cards[:length])]
        for rest in _pieces(Meld(meld.kind, cards[length:])):
            yield (head, *rest)


def _openspiel_order(arrangement: Arrangement, hand: int) -> tuple[Position, ...]:
    """How early OpenSpiel's depth-first walk of meld groups reaches this arrangement: it
    visits each group in the order of its melds' positions, so the earliest of the ways to lay
    the arrangement, its positions sorted."""
    return min(tuple(sorted(_position(number, hand) for number in (n for way in ways
                                                                    for n in way)))
               for ways in product(*(tuple(_pieces(meld)) for meld in arrangement.melds)))


def knock_discard(hand: int, solver: Solver = SOLVER) -> Card | None:
    """The discard OpenSpiel's knock on these eleven cards assumes: the highest-ranked card left
    out of the first best meld group OpenSpiel finds (the first of the solver's optimal
    arrangements in OpenSpiel's order), None when every card melds.

    OpenSpiel allows the knock exactly when the engine allows a knock with this discard: the
    deadwood left is that arrangement's, less this card (no other arrangement of the other ten
    can leave less, or it would be a better arrangement of the eleven)."""
    arrangements = solver.optimal_arrangements(hand)
    tops = {highest_ranked(a.deadwood) if a.deadwood else None for a in arrangements}
    if len(tops) == 1:
        return tops.pop()
    first = min(arrangements, key=lambda arrangement: _openspiel_order(arrangement, hand))
    return highest_ranked(first.deadwood) if first.deadwood else None


# --- the layoffs it offers --------------------------------------------------------------

def _fits(meld: Meld, extension: Sequence[Card], card: Card) -> bool:
    """Whether ``card``, not one of the meld's, extends ``meld`` as extended by ``extension``
    (the core's layoff check, R-6.1, R-6.2)."""
    if meld.mask >> card & 1:
        return False
    chain = tuple(Layoff(laid, 0) for laid in (*extension, card))
    held = sum(CARD_BITS[layoff.card] for layoff in chain)
    return not check_layoffs((meld,), held, chain)


def offers_layoff(meld: Meld, laid: Sequence[Card], card: Card) -> bool:
    """Whether OpenSpiel offers ``card`` as a layoff on the knocker's ``meld`` after the
    layoffs ``laid`` (on any meld): the fourth card of a set of three; a card at an end of a
    run as laid, or as extended by the layoffs that touched its ends as laid."""
    if meld.kind == "set":  # OpenSpiel extends no set by its layoffs
        return _fits(meld, (), card)
    return _fits(meld, [c for c in laid if _fits(meld, (), c)], card)


# --- OpenSpiel's counts by its numbers, for comparing the engines ------------------------

def min_deadwood(hand: Sequence[int]) -> int:
    """OpenSpiel's deadwood count of a hand of OpenSpiel cards: the least (R-2.5); for eleven
    cards the count after :func:`knock_discard`."""
    mask = mask_of(hand)
    if len(hand) == 11:
        discard = knock_discard(mask)
        return 0 if discard is None else SOLVER.min_deadwood(mask & ~CARD_BITS[discard])
    return SOLVER.min_deadwood(mask)


def legal_melds(hand: Sequence[int], limit: int) -> set[int]:
    """The meld numbers OpenSpiel lets a knocker lay from ``hand``: each meld of OpenSpiel's
    after which the rest, arranged at best, leaves a knock within ``limit`` (R-5.1, R-5.3)."""
    mask = mask_of(hand)
    return {number for number, meld in enumerate(MELDS)
            if not meld.mask & ~mask
            and count_may_knock(SOLVER.min_deadwood(mask & ~meld.mask), limit)}


def legal_knock_discards(hand: Sequence[int], limit: int) -> list[int]:
    """The knock discards OpenSpiel allows from eleven cards: those after which the ten left
    are within ``limit`` (R-5.1), as OpenSpiel card numbers."""
    mask = mask_of(hand)
    return [number for number in hand
            if count_may_knock(SOLVER.min_deadwood(mask & ~CARD_BITS[CARD_OF[number]]), limit)]


def possible_layoffs(knocker_melds: Sequence[int], layoffs: Sequence[int]) -> set[int]:
    """The OpenSpiel cards OpenSpiel offers as layoffs on these meld numbers after these
    layoffs (:func:`offers_layoff`)."""
    laid = [CARD_OF[number] for number in layoffs]
    melds = [MELDS[number] for number in knocker_melds]
    return {number for number in range(NUM_CARDS)
            if any(offers_layoff(meld, laid, CARD_OF[number]) for meld in melds)}
