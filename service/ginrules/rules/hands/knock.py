"""Knock legality (R-4.3, R-4.4, R-5): every reason a knock is not allowed, at once.

The knock rule lives in one place, :func:`spread_faults`: every reason a spread, arranged one
way, may not end the round, its tests of the count written there and its tests of the shape
listed in :data:`SHAPE_TESTS`.  Everything that asks whether a knock may be made asks it,
through the knock check (:func:`check_knock`, :func:`judge_spread`) or through the position
predicates built on it (:func:`knock_arrangement`, :func:`knock_arrangements`,
:func:`spread_may_knock`, :func:`hand_may_knock`); the rule's own tests of the count
(:func:`count_may_knock`, :func:`big_gin_allowed`), asked first, spare the arranging of most
spreads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..base.cards import CARD_BITS, CARD_NAMES, CARDS, Card, mask_cards
from ..errors import Problem
from ..base.melds import Arrangement, Meld
from .arrangements import legal_arrangements
from .solver import solver_for
from ..base.options import Rules


@dataclass(frozen=True, init=False)
class KnockCheck:
    """Whether a knock is legal, every reason it is not, and the spread it was judged on.

    ``arrangement`` is the declared melds plus the other cards as deadwood, or without declared
    melds :func:`knock_arrangement`'s (the canonical optimal arrangement where it may end the
    round, R-5.3); ``None`` when the spread is unknown (the discard is not in the hand, or the
    declared melds are not its cards).  ``violations`` carry paths into the request
    (``discard``, ``melds``, ``taken_card``).
    """

    legal: bool
    violations: tuple[Problem, ...]
    knock_limit: int
    discard: Card | None
    arrangement: Arrangement | None
    gin: bool
    big_gin: bool

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, legal: bool, violations: tuple[Problem, ...], knock_limit: int,
                 discard: Card | None, arrangement: Arrangement | None, gin: bool,
                 big_gin: bool) -> None:
        object.__setattr__(self, "legal", legal)
        object.__setattr__(self, "violations", violations)
        object.__setattr__(self, "knock_limit", knock_limit)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "arrangement", arrangement)
        object.__setattr__(self, "gin", gin)
        object.__setattr__(self, "big_gin", big_gin)

    @property
    def deadwood_count(self) -> int | None:
        """The deadwood count of the spread, if known."""
        return None if self.arrangement is None else self.arrangement.deadwood_count


def declared_arrangement(spread: int, melds: tuple[Meld, ...],
                         rules: Rules | None = None) -> Arrangement:
    """The spread cards with the melds as declared, in the declared order; the rest deadwood,
    valued as ``rules`` say (an ace counts ``ace_deadwood_value``, R-2.7).

    The order is kept because layoffs name the knocker's melds by their declared index (R-6.1).
    """
    melded = 0
    for meld in melds:
        melded |= meld.mask
    ace_value = 1 if rules is None else rules.ace_deadwood_value
    return Arrangement.declared(melds, mask_cards(spread & ~melded), ace_value=ace_value)


def meld_cards_outside(spread: int, melds: tuple[Meld, ...], discard: int | None,
                       path: str = "melds") -> list[Problem]:
    """A problem for each meld card that is not among the spread cards (or is the discard)."""
    problems = []
    for index, meld in enumerate(melds):
        for card in meld.cards:
            if spread >> card & 1:
                continue
            if card == discard:
                problems.append(Problem(
                    (path, index), "meld_card_discarded",
                    f"{CARD_NAMES[card]} is the discard, so it cannot be in a meld", "R-5.3"))
            else:
                problems.append(Problem(
                    (path, index), "meld_card_not_in_hand",
                    f"{CARD_NAMES[card]} is not in the hand", "R-5.3"))
    return problems


def wrapping_runs(melds: tuple[Meld, ...], rules: Rules | None,
                  path: str = "melds") -> list[Problem]:
    """A problem for each run that wraps past the king when the rules do not play round the
    corner (R-2.7): melds built under other rules than the ones they are judged by."""
    if rules is None or rules.round_the_corner:
        return []
    return [Problem((path, index), "invalid_meld",
                    f"{' '.join(meld.names())} wraps past the king, a run only with "
                    "round_the_corner (R-2.7); here the ace is low (R-2.2)", "R-2.7")
            for index, meld in enumerate(melds)
            if meld.kind == "run" and list(meld.cards) != sorted(meld.cards)]


def may_discard_taken_card(rules: Rules) -> bool:
    """Whether the card taken from the discard pile may be discarded in the same turn, as a
    knock's discard too (R-4.3: ``taken_card_discard``)."""
    return rules.taken_card_discard == "allow"


def taken_card_fault(discard: int | None, taken_card: int | None, rules: Rules
                     ) -> Problem | None:
    """Why a discard, a knock's included, may not be the card taken from the discard pile this
    turn (R-4.3, ``taken_card_discard: forbid``); None where it may."""
    if discard is None or discard != taken_card or may_discard_taken_card(rules):
        return None
    return Problem(("discard",), "taken_card_discarded",
                   f"{CARD_NAMES[discard]} was taken from the discard pile this turn and may not "
                   "be discarded in the same turn (taken_card_discard: forbid)", "R-4.3")


class SpreadFault(NamedTuple):
    """A reason a knocker's spread may not end the round: its stable code and its rule."""

    code: str
    rule: str


DEADWOOD_OVER_LIMIT = SpreadFault("deadwood_over_limit", "R-5.1")
BIG_GIN_NOT_PLAYED = SpreadFault("big_gin_not_played", "R-5.5")
NOT_BIG_GIN = SpreadFault("not_big_gin", "R-5.5")

ShapeTest = Callable[[Arrangement, Rules, int, bool], "SpreadFault | None"]
"""A test of a spread's shape: ``(arrangement, rules, knock_limit, big_gin)`` to the fault it
finds, or None."""

SHAPE_TESTS: tuple[ShapeTest, ...] = ()
"""The knock rule's tests of a spread beyond its deadwood count (its melds, their kinds...):
none in the rules as served.  A rule such as "a knock needs at least one meld" is one function
added here: :func:`spread_faults` asks each, and so does every judge of a knock; the fast
paths skip arranging a spread only while there is none."""


def count_may_knock(deadwood: int, knock_limit: int) -> bool:
    """The knock rule's test of a spread's deadwood count (R-5.1), and so its cheap precheck:
    a spread whose count fails it may not knock however it is arranged; one whose count passes
    may knock when an arrangement of it passes :func:`spread_faults`, which asks this test.

    The one reading of the knock limit: a count passes up to the limit, which therefore bounds
    every search for a knock's arrangements (:func:`knock_arrangements`)."""
    return deadwood <= knock_limit


def plays_big_gin(rules: Rules) -> bool:
    """Whether the rules play big gin at all (R-5.5: ``big_gin_bonus`` is not null)."""
    return rules.big_gin_bonus is not None


def big_gin_allowed(deadwood: int, rules: Rules) -> bool:
    """Big gin's test of the eleven cards' deadwood count (R-5.5), its cheap precheck as
    :func:`count_may_knock` is a knock's: every card melded, under rules that play big gin
    (the two tests :func:`spread_faults` asks of big gin)."""
    return deadwood == 0 and plays_big_gin(rules)


def spread_faults(arrangement: Arrangement, rules: Rules, knock_limit: int, *,
                  big_gin: bool = False) -> tuple[SpreadFault, ...]:
    """Every reason a spread arranged as ``arrangement`` may not end the round, by code and
    rule: the knock rule itself, in one place (R-5.1, R-5.5).  ``big_gin``: the eleven cards
    spread without a discard.  Empty when it may.

    Every judge of a knock asks this: the knock check (:func:`judge_spread`, so the engine,
    ``/v1/knock`` and the scoring), the search for the knocker's arrangements
    (:func:`knock_arrangements`, R-7.6), and through :func:`knock_arrangement`,
    :func:`spread_may_knock` and :func:`hand_may_knock` the analysis, the engine's candidate
    moves and the players.  Its tests of the count are :func:`count_may_knock` and
    :func:`big_gin_allowed`, which the fast paths ask first, since no arrangement of a spread
    has less deadwood than its best one; its tests of the shape are :data:`SHAPE_TESTS`, where
    a new one goes.  :func:`judge_spread` explains each code it knows; give a new one its words
    there."""
    count = arrangement.deadwood_count
    faults: tuple[SpreadFault, ...]
    if big_gin:
        faults = () if plays_big_gin(rules) else (BIG_GIN_NOT_PLAYED,)
        if count:
            faults += (NOT_BIG_GIN,)
    else:
        faults = () if count_may_knock(count, knock_limit) else (DEADWOOD_OVER_LIMIT,)
    for test in SHAPE_TESTS:
        fault = test(arrangement, rules, knock_limit, big_gin)
        if fault is not None:
            faults += (fault,)
    return faults


def arrangement_may_knock(arrangement: Arrangement, rules: Rules, knock_limit: int, *,
                          big_gin: bool = False) -> bool:
    """Whether a spread arranged as ``arrangement`` may end the round: no
    :func:`spread_faults` (R-5.1, R-5.5)."""
    return not spread_faults(arrangement, rules, knock_limit, big_gin=big_gin)


def _count_passes(count: int, rules: Rules, knock_limit: int, big_gin: bool) -> bool:
    """The knock rule's tests of the count (of big gin's, for ``big_gin``)."""
    return big_gin_allowed(count, rules) if big_gin else count_may_knock(count, knock_limit)


def knock_arrangements(spread: int, rules: Rules, knock_limit: int, *, big_gin: bool = False,
                       max_deadwood: int | None = None) -> list[Arrangement]:
    """Every arrangement of a spread that may end the round, optimal or not, in canonical
    order (R-5.1, R-5.5, R-7.6): the legal arrangements (:func:`~.arrangements.
    legal_arrangements`) whose count passes the count test, that pass :func:`spread_faults`;
    with ``max_deadwood``, only those with at most that much deadwood."""
    # The counts the count test passes: up to the knock limit, or none at all for big gin.
    bound = 0 if big_gin else knock_limit
    if max_deadwood is not None:
        bound = min(bound, max_deadwood)
    return [arrangement for arrangement in legal_arrangements(spread, bound, rules)
            if not spread_faults(arrangement, rules, knock_limit, big_gin=big_gin)]


def knock_arrangement(spread: int, rules: Rules, knock_limit: int, *, big_gin: bool = False,
                      optimal: Arrangement | None = None) -> Arrangement | None:
    """The arrangement a knock that declares no melds is judged on (R-5.1, R-5.3, R-5.5): the
    spread's canonical optimal arrangement where it may end the round, else the first that may
    by deadwood count, then canonical order; None where no arrangement may.  ``optimal`` is
    the canonical optimal arrangement where the caller has it.

    No arrangement leaves less deadwood than the optimal one, so a count that fails the count
    test settles the spread with no search, and one that passes settles it with the optimal
    arrangement unless a test of the shape refuses that one."""
    if optimal is None:
        optimal = solver_for(rules).best_arrangement(spread)
    if not _count_passes(optimal.deadwood_count, rules, knock_limit, big_gin):
        return None
    if not spread_faults(optimal, rules, knock_limit, big_gin=big_gin):
        return optimal
    others = knock_arrangements(spread, rules, knock_limit, big_gin=big_gin)
    return min(others, key=_count_then_canonical, default=None)


def _count_then_canonical(arrangement: Arrangement) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    return arrangement.deadwood_count, arrangement.sort_key


def spread_may_knock(spread: int, rules: Rules, knock_limit: int, *, count: int | None = None,
                     big_gin: bool = False) -> bool:
    """Whether some arrangement of a spread may end the round (R-5.1, R-5.5): the knock rule
    asked of a position.  ``count`` is the spread's least deadwood where the caller holds it
    (from ``discard_counts``, say).  The count's tests settle it, and the spread is arranged
    only when they pass and the rule has a test of the shape (:data:`SHAPE_TESTS`)."""
    if count is None:
        count = solver_for(rules).min_deadwood(spread)
    if not _count_passes(count, rules, knock_limit, big_gin):
        return False
    return not SHAPE_TESTS or knock_arrangement(spread, rules, knock_limit,
                                                big_gin=big_gin) is not None


def hand_may_knock(hand: int, rules: Rules, knock_limit: int,
                   counts: Sequence[int] | None = None, *, least: int | None = None) -> bool:
    """Whether a hand after the draw may knock with some discard (R-5.1): the knock rule asked
    of an eleven-card position.  ``counts`` are the hand's least deadwood after each discard
    in canonical card order (``discard_counts``), ``least`` the least of them, where the caller
    holds them.  The least count's test settles it unless the rule has a test of the shape
    (:data:`SHAPE_TESTS`); then the discards whose count passes are arranged, one by one.
    (Which card may be discarded this turn, R-4.3, is the engine's.)"""
    if least is None:
        if counts is None:
            counts = solver_for(rules).discard_counts(hand)
        least = min(counts)
    if not count_may_knock(least, knock_limit):
        return False
    if not SHAPE_TESTS:
        return True
    if counts is None:
        counts = solver_for(rules).discard_counts(hand)
    return any(count_may_knock(count, knock_limit)
               and knock_arrangement(hand & ~CARD_BITS[card], rules, knock_limit) is not None
               for card, count in zip(mask_cards(hand), counts))


def judge_spread(spread: int, rules: Rules, knock_limit: int, *, big_gin: bool,
                 melds: tuple[Meld, ...] | None = None, discard: int | None = None
                 ) -> tuple[Arrangement | None, list[Problem]]:
    """The knocker's spread as it would be shown (R-5.3) and every reason it may not end the
    round, explained: the declared melds not in the spread (or the discard among them), runs
    that wrap where the rules do not (R-2.7), and the faults of :func:`spread_faults` (deadwood
    over the knock limit, R-5.1; for ``big_gin``, eleven cards and no discard, rules without
    big gin or cards left unmelded, R-5.5).

    ``spread`` is the ten cards left after the discard, or the eleven of big gin; ``melds``
    are the declared melds (already valid melds, R-2), else the arrangement is
    :func:`knock_arrangement`'s (the canonical optimal one, judged as such when no arrangement
    may end the round).  Paths: ``("melds", i)`` for a declared meld, ``("melds",)`` or ``()``
    for the spread, ``("discard",)`` for big gin not played."""
    if melds is not None:
        outside = meld_cards_outside(spread, melds, discard) + wrapping_runs(melds, rules)
        if outside:
            # The declared melds are not the spread's, so no arrangement is judged; whether
            # the rules play big gin needs none, and comes first as in spread_faults.
            unplayed = big_gin and not plays_big_gin(rules)
            return None, ([_explained(BIG_GIN_NOT_PLAYED, (), None, spread, rules, knock_limit)]
                          if unplayed else []) + outside
        arrangement = declared_arrangement(spread, melds, rules)
    else:
        optimal = solver_for(rules).best_arrangement(spread)
        found = knock_arrangement(spread, rules, knock_limit, big_gin=big_gin, optimal=optimal)
        if found is not None:
            return found, []
        arrangement = optimal
    faults = spread_faults(arrangement, rules, knock_limit, big_gin=big_gin)
    if not faults:
        return arrangement, []
    where: tuple[str | int, ...] = ("melds",) if melds is not None else ()
    return arrangement, [_explained(fault, where, melds, spread, rules, knock_limit, arrangement)
                         for fault in faults]


def _explained(fault: SpreadFault, where: tuple[str | int, ...], melds: tuple[Meld, ...] | None,
               spread: int, rules: Rules, knock_limit: int,
               arrangement: Arrangement | None = None) -> Problem:
    """A fault of :func:`spread_faults` as a problem, at its path, in words."""
    if fault.code == "big_gin_not_played":
        return Problem(("discard",), fault.code,
                       "a knock needs a discard: these rules do not play big gin (big_gin_bonus "
                       "is null)", fault.rule)
    assert arrangement is not None, "only big gin not played is judged before the arrangement"
    count = arrangement.deadwood_count
    if fault.code == "not_big_gin":
        detail = f"big gin needs all eleven cards melded; {_leaves(count, melds, spread, rules)}"
    elif fault.code == "deadwood_over_limit":
        limit_text = ("only gin may end the round (knock limit 0)" if knock_limit == 0
                      else f"the knock limit is {knock_limit}")
        detail = f"{limit_text}; {_leaves(count, melds, spread, rules)}"
    else:
        detail = f"this spread may not end the round ({fault.code}): {_shown(arrangement)}"
    return Problem(where, fault.code, detail, fault.rule)


def _shown(arrangement: Arrangement) -> str:
    """A spread in words: its melds and its deadwood."""
    melds = ", ".join(" ".join(meld.names()) for meld in arrangement.melds) or "none"
    dead = " ".join(CARD_NAMES[card] for card in arrangement.deadwood) or "none"
    return f"melds {melds}; deadwood {dead} ({arrangement.deadwood_count})"


def check_knock(
    hand: int,
    discard: int | None,
    rules: Rules,
    knock_limit: int,
    *,
    melds: tuple[Meld, ...] | None = None,
    taken_card: int | None = None,
) -> KnockCheck:
    """Judge a knock from an eleven-card hand (a mask) after the draw (R-5.1): the one
    judgement of a knock, which the engine's knock check, ``/v1/knock`` and the wall's take
    (R-4.7) all ask.

    ``discard`` ``None`` declares big gin (R-5.5).  ``melds`` (already valid melds, R-2) are
    the knocker's declared spread; without them the best arrangement is used (R-5.3).
    ``taken_card`` is the card taken from the discard pile this turn, if any (R-4.3).
    """
    violations: list[Problem] = []
    spread: int | None
    if discard is None:
        spread = hand
    elif not hand >> discard & 1:
        spread = None
        violations.append(Problem(("discard",), "discard_not_in_hand",
                                  f"the discard {CARD_NAMES[discard]} is not in the hand", "R-4.4"))
    else:
        spread = hand & ~CARD_BITS[discard]
    if taken_card is not None:
        if not hand >> taken_card & 1:
            violations.append(Problem(
                ("taken_card",), "taken_card_not_in_hand",
                f"the taken card {CARD_NAMES[taken_card]} is not in the hand", "R-4.3"))
        else:
            fault = taken_card_fault(discard, taken_card, rules)
            if fault is not None:
                violations.append(fault)
    arrangement = None
    spread_judged = False
    if spread is not None:
        arrangement, faults = judge_spread(spread, rules, knock_limit, big_gin=discard is None,
                                           melds=melds, discard=discard)
        violations += faults
        spread_judged = not faults
    return KnockCheck(
        legal=not violations,
        violations=tuple(violations),
        knock_limit=knock_limit,
        discard=None if discard is None else CARDS[discard],
        arrangement=arrangement,
        gin=discard is not None and arrangement is not None and arrangement.deadwood_count == 0,
        big_gin=discard is None and spread_judged,
    )


def _leaves(count: int, melds: tuple[Meld, ...] | None, spread: int, rules: Rules) -> str:
    if melds is None:
        return f"the best arrangement of these cards leaves deadwood {count}"
    best = solver_for(rules).min_deadwood(spread)
    better = f" (the best arrangement of these cards leaves {best})" if best < count else ""
    return f"the declared melds leave deadwood {count}{better}"
