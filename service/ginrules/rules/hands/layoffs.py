"""Laying off (R-6): the defender's best reply to a knock, own melds plus chained layoffs.

A knocker's set of three takes its missing fourth card; a set of four takes nothing; a run
takes cards that extend it at either end, one after another, so a chain of cards can follow
(5-6-7 takes 4, then 3, then 2; never past the ace or the king) (R-6.1, R-6.2).  Under round
the corner (R-2.7) a chain goes on past the king to the ace and on (J-Q-K takes A, then 2),
until the run holds all thirteen cards of its suit; a run of thirteen takes nothing.  The defender
may break up cards that could form their own melds to lay them off (R-6.4).

The search is exact: for every knocker meld it lists what the defender could lay off on it
(for a run: every pair of chain lengths below and above), tries every combination that uses
each card once, and solves the defender's remaining cards exactly.  A defender holds ten cards,
so the combinations are few.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from ..base.cards import CARD_BITS, CARD_NAMES, CARD_RANKS, CARD_SUITS, CARDS, Card, mask_cards
from ..errors import InvalidHandError, InvalidMeldError, Problem
from ..base.melds import Arrangement, Meld
from .solver import Solver, solver_for
from ..base.options import Rules
from ..speedups import mypyc_attr


# An ordinary Python class for the compiler too (mypyc): its constructor takes the card as a
# number or a code and ``__post_init__`` reads it, where a native class's field takes only a Card.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Layoff:
    """One card laid off onto the knocker's meld number ``meld`` (R-6.1); the card as its
    number or its code (``Layoff('4S', 0)``)."""

    card: Card
    meld: int

    def __post_init__(self) -> None:
        # Read as given (a code or a number) from the instance's dict: read as ``self.card``,
        # the compiled core would hold it to be the Card it becomes only here.
        given: int | str = self.__dict__["card"]
        if type(given) is not Card:
            object.__setattr__(self, "card", Card(given))

    def __repr__(self) -> str:
        return f"Layoff({CARD_NAMES[self.card]!r}, {self.meld})"


@dataclass(frozen=True, init=False)
class Defense:
    """The defender's spread against a knock: own melds, layoffs in playable order, deadwood."""

    arrangement: Arrangement
    layoffs: tuple[Layoff, ...]

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, arrangement: Arrangement, layoffs: tuple[Layoff, ...]) -> None:
        object.__setattr__(self, "arrangement", arrangement)
        object.__setattr__(self, "layoffs", layoffs)

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.arrangement.melds

    @property
    def deadwood(self) -> tuple[Card, ...]:
        return self.arrangement.deadwood

    @property
    def deadwood_count(self) -> int:
        return self.arrangement.deadwood_count


def may_lay_off(*, melds_declared: bool = True, gin: bool = False) -> bool:
    """Whether the defender may lay anything off against a knock: not after a knock that
    declared no melds, since a layoff names the knocker's meld by its declared index (R-6.1),
    nor against gin or big gin (R-6.3).  The one home of both conditions."""
    return melds_declared and not gin


def layoffs_fault(layoffs: Sequence[Layoff], *, melds_declared: bool = True,
                  gin: bool = False) -> Problem | None:
    """The fault of declared layoffs against a knock that takes none (:func:`may_lay_off`,
    R-6.1, R-6.3), at ``("layoffs",)``; None when there are none or they may be made (each is
    then checked by :func:`check_layoffs`)."""
    if not layoffs or may_lay_off(melds_declared=melds_declared, gin=gin):
        return None
    # A defender holds ten cards, so the layoffs named are few.
    laid = " ".join(CARD_NAMES[layoff.card] for layoff in layoffs[:10])
    if not melds_declared:
        return Problem(("layoffs",), "layoffs_need_knocker_melds",
                       f"{laid} cannot be laid off: a layoff names a knocker's meld by its "
                       "declared index, and this knock declared no melds", "R-6.1")
    return Problem(("layoffs",), "layoff_against_gin",
                   f"{laid} cannot be laid off: nothing may be laid off against gin", "R-6.3")


LayoffOption = tuple[int, tuple[int, ...]]
"""What can be laid off on one meld: (cards mask, the card numbers in playable order)."""


def _options(meld: Meld, defender: int, round_the_corner: bool = False) -> list[LayoffOption]:
    """What the defender can lay off on one meld: (cards mask, the cards in playable order),
    nothing laid off first."""
    options: list[LayoffOption] = [(0, ())]
    cards = meld.cards
    if meld.kind == "set":
        if len(cards) == 3:
            # The four cards of a rank r sum to 4r + 78: the missing one is that less these.
            card = 4 * (cards[0] % 13) + 78 - cards[0] - cards[1] - cards[2]
            if defender >> card & 1:
                options.append((CARD_BITS[card], (card,)))
        return options
    if round_the_corner:
        below, above = _circular_chains(meld, defender)
    else:
        low, high = meld.cards[0], meld.cards[-1]
        below = []
        card = low
        while CARD_RANKS[card] > 1 and defender >> (card - 1) & 1:
            card -= 1
            below.append(card)
        above = []
        card = high
        while CARD_RANKS[card] < 13 and defender >> (card + 1) & 1:
            card += 1
            above.append(card)
        if not below and not above:
            return options
    # The gap of a run is the suit's cards not in it: chains from both ends share it.
    room = 13 - len(meld.cards)
    options = []
    for k in range(len(below) + 1):
        for m in range(min(len(above), room - k) + 1):
            chain = tuple(below[:k] + above[:m])
            mask = 0
            for c in chain:
                mask |= CARD_BITS[c]
            options.append((mask, chain))
    return options


def _circular_chains(meld: Meld, defender: int) -> tuple[list[int], list[int]]:
    """The defender's cards that extend a run on a circular suit (R-2.7), from its first card
    down and from its last card up, each chain as far as the defender holds the next card and
    the run is short of thirteen cards."""
    base = CARD_SUITS[meld.cards[0]] * 13
    room = 13 - len(meld.cards)
    below: list[int] = []
    rank = meld.cards[0] - base
    while len(below) < room and defender >> (base + (rank - 1) % 13) & 1:
        rank = (rank - 1) % 13
        below.append(base + rank)
    above: list[int] = []
    rank = meld.cards[-1] - base
    while len(above) < room and defender >> (base + (rank + 1) % 13) & 1:
        rank = (rank + 1) % 13
        above.append(base + rank)
    return below, above


def layoff_combinations(knocker_melds: tuple[Meld, ...], defender: int,
                        round_the_corner: bool = False
                        ) -> Iterator[tuple[int, tuple[Layoff, ...]]]:
    """Every legal set of layoffs: (cards mask, layoffs in playable order), each card once.

    The melds are taken in canonical meld order (their indexes stay the client's), so which
    combination comes first, and the order of its layoffs, does not depend on the order in
    which the knocker's melds were listed.
    """
    order, per_meld = _options_in_meld_order(knocker_melds, defender, round_the_corner)
    for mask, combination in _disjoint(per_meld):
        yield mask, _layoffs(order, combination)


def _disjoint(per_meld: list[list[LayoffOption]]) -> Iterator[tuple[int, tuple[LayoffOption, ...]]]:
    """Each choice of one option per meld that uses each card once: (cards mask, choice)."""
    if len(per_meld) == 1:
        for option in per_meld[0]:
            yield option[0], (option,)
        return
    for combination in product(*per_meld):
        mask = 0
        for cards, _ in combination:
            if mask & cards:
                break
            mask |= cards
        else:
            yield mask, combination


def _options_in_meld_order(knocker_melds: tuple[Meld, ...], defender: int,
                           round_the_corner: bool) -> tuple[list[int], list[list[LayoffOption]]]:
    """The indexes of the knocker melds something can be laid off on, in canonical meld
    order, and each one's options; the other melds take nothing, whatever the choice."""
    found: dict[int, list[LayoffOption]] = {}
    for index, meld in enumerate(knocker_melds):
        options = _options(meld, defender, round_the_corner)
        if len(options) > 1:
            found[index] = options
    order = list(found)
    if len(order) > 1:
        order.sort(key=lambda index: knocker_melds[index].cards)
    return order, [found[index] for index in order]


def _layoffs(order: list[int], combination: tuple[LayoffOption, ...]) -> tuple[Layoff, ...]:
    """The layoffs of one option per meld (melds in ``order``), in playable order."""
    return tuple(Layoff(CARDS[card], index) for index, (_, cards) in zip(order, combination)
                 for card in cards)


def check_apart(knocker_melds: tuple[Meld, ...], defender: int) -> None:
    """Raise :class:`~..errors.InvalidHandError` naming every card that is both in the
    knocker's melds and in the defender's hand: no card is in two places (R-1.5)."""
    shared = [CARD_NAMES[card] for meld in knocker_melds for card in meld.cards
              if defender >> card & 1]
    if shared:
        detail = (f"{' '.join(shared)} cannot be in the knocker's melds and the defender's "
                  "hand")
        raise InvalidHandError(detail, [Problem((), "duplicate_card", detail, "R-1.5")])


def layable_cards(knocker_melds: tuple[Meld, ...], defender: int,
                  round_the_corner: bool = False, *, gin: bool = False) -> tuple[Card, ...]:
    """Every defender card that some legal play could lay off on some knocker meld: none
    against gin (``gin``, R-6.3)."""
    if not may_lay_off(gin=gin):
        return ()
    mask = 0
    for meld in knocker_melds:
        for cards, _ in _options(meld, defender, round_the_corner):
            mask |= cards
    return mask_cards(mask)


def layable_by_meld(knocker_melds: tuple[Meld, ...], defender: int,
                    round_the_corner: bool = False) -> tuple[Layoff, ...]:
    """Each defender card that some legal play could lay off, once per meld it could go on
    (R-6.1, R-6.2); in card order, then canonical meld order, whatever the melds' order."""
    pairs: set[tuple[Card, int]] = set()
    for index, meld in enumerate(knocker_melds):
        for cards, _ in _options(meld, defender, round_the_corner):
            pairs.update((card, index) for card in mask_cards(cards))
    ordered = sorted(pairs, key=lambda pair: (pair[0], knocker_melds[pair[1]].cards))
    return tuple(Layoff(card, index) for card, index in ordered)


def best_defense(knocker_melds: tuple[Meld, ...], defender: int, *, gin: bool = False,
                 rules: Rules | None = None) -> Defense:
    """The defender's spread with the least deadwood (R-6.4); no layoffs against gin (R-6.3).

    Runs and values as ``rules`` say (R-2.7; the defaults when ``None``).  Ties go to the
    fewest cards laid off, then to the first combination in canonical meld order (see
    :func:`layoff_combinations`).
    """
    solver = solver_for(rules)
    least = (_least_deadwood(knocker_melds, defender, solver)
             if knocker_melds and may_lay_off(gin=gin) else None)
    if least is None:  # nothing can be laid off
        return Defense(solver.best_arrangement(defender), ())
    _, cards, order, combination = least
    return Defense(solver.best_arrangement(defender & ~cards), _layoffs(order, combination))


def best_defense_count(knocker_melds: tuple[Meld, ...], defender: int, *, gin: bool = False,
                       rules: Rules | None = None) -> int:
    """The deadwood count of :func:`best_defense`, without its arrangement (R-6.4)."""
    solver = solver_for(rules)
    least = (_least_deadwood(knocker_melds, defender, solver)
             if knocker_melds and may_lay_off(gin=gin) else None)
    return solver.min_deadwood(defender) if least is None else least[0]


def _least_deadwood(knocker_melds: tuple[Meld, ...], defender: int, solver: Solver
                    ) -> tuple[int, int, list[int], tuple[LayoffOption, ...]] | None:
    """The layoffs that leave the defender the least deadwood, ties to the fewest cards laid
    off, then the first in canonical meld order: (deadwood count, cards laid off, meld order,
    the choice per meld); None when nothing can be laid off."""
    order, per_meld = _options_in_meld_order(knocker_melds, defender, solver.round_the_corner)
    if not per_meld:
        return None
    min_deadwood = solver.min_deadwood
    best: tuple[int, int, int, tuple[LayoffOption, ...]] | None = None
    for cards, combination in _disjoint(per_meld):
        laid = 0
        for _, chain in combination:
            laid += len(chain)
        key = (min_deadwood(defender & ~cards), laid)
        if best is None or key < best[:2]:
            best = (key[0], key[1], cards, combination)
    # Never None here: taking nothing on every meld is one of the combinations.
    assert best is not None
    count, _, cards, combination = best
    return count, cards, order, combination


def check_layoffs(
    knocker_melds: tuple[Meld, ...], defender: int, layoffs: tuple[Layoff, ...], *,
    own_melded: int = 0, path: str = "layoffs", round_the_corner: bool = False,
) -> list[Problem]:
    """Every fault of declared layoffs, played in order (R-6.1, R-6.2): a card not held or
    already used, a meld index that does not exist, a card that does not fit the meld as
    extended by the layoffs before it."""
    problems: list[Problem] = []
    extended = [set(meld.cards) for meld in knocker_melds]
    used = own_melded
    for position, layoff in enumerate(layoffs):
        where = (path, position)
        card = layoff.card
        name = CARD_NAMES[card]
        if not defender >> card & 1:
            problems.append(Problem(where, "layoff_card_not_in_hand",
                                    f"{name} is not in the defender's hand", "R-6.1"))
            continue
        if used >> card & 1:
            problems.append(Problem(where, "layoff_card_used",
                                    f"{name} is already in a meld or laid off", "R-6.1"))
            continue
        if not 0 <= layoff.meld < len(knocker_melds):
            problems.append(Problem(where + ("meld",), "no_such_meld",
                                    f"there is no knocker meld {layoff.meld}; the knocker has "
                                    f"{len(knocker_melds)}", "R-6.1"))
            continue
        meld = knocker_melds[layoff.meld]
        if not extends_meld(meld.kind, extended[layoff.meld], card, round_the_corner):
            shown = " ".join(CARD_NAMES[c] for c in sorted(extended[layoff.meld]))
            problems.append(Problem(where, "layoff_does_not_fit",
                                    f"{name} does not fit meld {layoff.meld} ({shown})", "R-6.2"))
            continue
        extended[layoff.meld].add(card)
        used |= CARD_BITS[card]
    return problems


def extends_meld(kind: str, cards: set[Card], card: Card, round_the_corner: bool = False) -> bool:
    """Whether a card extends a meld as it now stands (R-6.1, R-6.2, R-2.7)."""
    if kind == "set":
        return len(cards) == 3 and CARD_RANKS[card] == CARD_RANKS[next(iter(cards))]
    low, high = min(cards), max(cards)
    same_suit = CARD_SUITS[card] == CARD_SUITS[low]
    if round_the_corner:
        # The run is one arc of its suit's circle: the cards next to it are its two ends'.
        base = CARD_SUITS[low] * 13
        rank = card - base
        return (same_suit and card not in cards and len(cards) < 13
                and (base + (rank - 1) % 13 in cards or base + (rank + 1) % 13 in cards))
    return same_suit and (
        (card == low - 1 and CARD_RANKS[low] > 1) or (card == high + 1 and CARD_RANKS[high] < 13)
    )


def parse_layoffs(values: object) -> tuple[Layoff, ...]:
    """Layoffs as a client sends them: ``[{"card": "5S", "meld": 0}, ...]``."""
    from ..base.cards import bad_card_detail, card_or_none, describe_token

    if not isinstance(values, (list, tuple)):
        detail = 'layoffs are a list of {"card", "meld"}'
        raise InvalidMeldError(detail, [Problem((), "invalid_layoffs", detail, "R-6.1")])
    problems: list[Problem] = []
    layoffs: list[Layoff] = []
    for index, value in enumerate(values):
        if not (isinstance(value, dict) and set(value) == {"card", "meld"}
                and isinstance(value["meld"], int) and not isinstance(value["meld"], bool)):
            problems.append(Problem((index,), "invalid_layoff",
                                    'a layoff is {"card": card code, "meld": knocker meld '
                                    f'index}}, got {describe_token(value)}', "R-6.1"))
            continue
        card = card_or_none(value["card"])
        if card is None:
            problems.append(Problem((index, "card"), "invalid_card",
                                    bad_card_detail(value["card"]), "R-1.4"))
            continue
        layoffs.append(Layoff(card, value["meld"]))
    if problems:
        raise InvalidMeldError("; ".join(p.detail for p in problems), problems)
    return tuple(layoffs)


def meld_with_layoffs(meld: Meld, laid: tuple[Card, ...], round_the_corner: bool = False
                      ) -> tuple[Card, ...]:
    """A knocker's meld with the cards laid off on it, played in order, as the meld then
    stands: a set's fourth card after its three (R-6.1); on a run each card at the end it
    extends, so a chain grows outwards (R-6.2), past the king to the ace only under round the
    corner (R-2.7).  :class:`InvalidMeldError` for a card that does not fit where it comes."""
    cards = list(meld.cards)
    for card in laid:
        if not extends_meld(meld.kind, set(cards), card, round_the_corner):
            shown = " ".join(CARD_NAMES[c] for c in cards)
            detail = f"{CARD_NAMES[card]} does not fit the meld {shown}"
            raise InvalidMeldError(detail, [Problem((), "layoff_does_not_fit", detail, "R-6.2")])
        if meld.kind == "run" and _below(cards[0], round_the_corner) == card:
            cards.insert(0, card)
        else:
            cards.append(card)
    return tuple(cards)


def _below(card: Card, round_the_corner: bool) -> int | None:
    """The card just below ``card`` in its suit: none below the ace, except the king under
    round the corner (R-2.7)."""
    if CARD_RANKS[card] > 1:
        return card - 1
    return card + 12 if round_the_corner else None
