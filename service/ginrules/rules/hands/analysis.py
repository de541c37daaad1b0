"""Hand analysis (R-2, R-5): the facts of ``/v1/hands/analyze`` as typed values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from ..base.cards import CARD_BITS, CARD_NAMES, Card, mask_cards, parse_card, parse_hand_mask
from ..errors import InvalidRulesError, Problem
from ..base.melds import Arrangement, Meld, melds_within
from ..base.sizes import DRAWN_HAND_SIZE, HAND_SIZE, HAND_SIZES, MELDS_HAND_SIZES
from .knock import count_may_knock, hand_may_knock, plays_big_gin, spread_may_knock
from .solver import DiscardOption, Solution, solver_for
from ..base.options import Rules, resolve_rules


@dataclass(frozen=True)
class ArrangementChoice:
    """An optimal arrangement, with the discard it follows for an eleven-card hand."""

    arrangement: Arrangement
    discard: Card | None = None


class HandAnalysis(NamedTuple):
    """The facts about one hand under some rules (R-2.5, R-5.1, R-5.4, R-5.5).

    For ten cards (and partial hands) the arrangement is of the hand itself.  For eleven cards
    (a hand after the draw) it is of the ten cards kept after the first of the best discards,
    and ``discards`` lists every discard with its exact value.  ``can_knock`` and ``gin`` are
    ``None`` for partial hands; ``big_gin``, ``discards`` and ``best_discards`` are ``None``
    unless the hand has eleven cards.  ``arrangements`` is filled only when asked for.

    An immutable record, a named tuple rather than a frozen dataclass for the reason given
    in :class:`Solution`: one is built for every hand analysed.
    """

    rules: Rules
    knock_limit: int
    solution: Solution
    can_knock: bool | None
    gin: bool | None
    big_gin: bool | None = None
    arrangements: tuple[ArrangementChoice, ...] | None = None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand's cards in canonical order."""
        return mask_cards(self.solution.mask)

    @property
    def arrangement(self) -> Arrangement:
        """The canonical optimal arrangement (of the ten cards kept, for eleven cards)."""
        return self.solution.arrangement

    @property
    def deadwood_count(self) -> int:
        """The least deadwood count (after the best discard, for eleven cards)."""
        return self.solution.arrangement.deadwood_count

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds of the canonical arrangement."""
        return self.solution.arrangement.melds

    @property
    def deadwood(self) -> tuple[Card, ...]:
        """The deadwood cards of the canonical arrangement."""
        return self.solution.arrangement.deadwood

    @property
    def discards(self) -> tuple[DiscardOption, ...] | None:
        """Every possible discard of an eleven-card hand, canonical card order (worked out on
        each use: keep the value when it is needed twice)."""
        return self.solution.discards()

    @property
    def best_discards(self) -> tuple[Card, ...] | None:
        """The discards that leave the least deadwood (eleven cards only)."""
        return self.solution.best_discards

    def __repr__(self) -> str:
        hand = " ".join(CARD_NAMES[c] for c in self.hand)
        return (
            f"<HandAnalysis {hand!r} deadwood_count={self.deadwood_count} "
            f"can_knock={self.can_knock} gin={self.gin} {self.arrangement!r}>"
        )


_tuple_new: Final = tuple.__new__


def effective_knock_limit(rules: Rules, upcard: int | None) -> int:
    """The knock limit in force (R-5.1); under Oklahoma it needs the first upcard (R-5.6)."""
    limit = rules.knock_limit_for(upcard)
    if limit is None:
        detail = ("under Oklahoma rules the knock limit is the value of the round's first "
                  "upcard, so the upcard is required")
        raise InvalidRulesError(detail, [Problem(("upcard",), "upcard_required", detail, "R-5.6")])
    return limit


def analyze_mask(
    mask: int,
    rules: Rules,
    *,
    upcard: int | None = None,
    all_arrangements: bool = False,
) -> HandAnalysis:
    """Analyse a hand mask of at most eleven cards under ``rules``."""
    limit = rules.knock_limit_for(upcard)
    if limit is None:  # Oklahoma without the upcard: the fault, as effective_knock_limit says
        limit = effective_knock_limit(rules, upcard)
    solver = solver_for(rules)
    solution = solver.solve(mask)
    size = mask.bit_count()
    arrangements = None
    if all_arrangements:
        if size == DRAWN_HAND_SIZE:
            arrangements = tuple(
                ArrangementChoice(arrangement, discard)
                for discard in solution.best_discards or ()
                for arrangement in solver.optimal_arrangements(mask & ~CARD_BITS[discard])
            )
        else:
            arrangements = tuple(ArrangementChoice(a)
                                 for a in solver.optimal_arrangements(mask))
    return _analysis(rules, limit, solution, size, arrangements)


def _analysis(rules: Rules, limit: int, solution: Solution, size: int,
              arrangements: tuple[ArrangementChoice, ...] | None = None) -> HandAnalysis:
    """The facts of a solved hand of ``size`` cards: knock and gin for full hands (R-5.1,
    R-5.4), big gin for eleven cards under rules that play it (R-5.5); whether it may knock,
    or go big gin, is the knock rule's answer (knock.py)."""
    mask = solution[0]
    count = solution[1].deadwood_count
    # The knock rule's own precheck on the count first: it settles most hands.
    if size == HAND_SIZE:
        can_knock = count_may_knock(count, limit) and spread_may_knock(mask, rules, limit,
                                                                        count=count)
        return _tuple_new(HandAnalysis, (rules, limit, solution, can_knock, count == 0, None,
                                         arrangements))
    if size == DRAWN_HAND_SIZE:
        can_knock = count_may_knock(count, limit) and hand_may_knock(
            mask, rules, limit, solution[2], least=count)
        # Big gin: asked of rules that play it (most do not), then of the eleven cards.
        big_gin = plays_big_gin(rules) and spread_may_knock(mask, rules, limit, big_gin=True)
        return _tuple_new(HandAnalysis, (rules, limit, solution, can_knock, count == 0,
                                         big_gin, arrangements))
    return _tuple_new(HandAnalysis, (rules, limit, solution, None, None, None, arrangements))


def analyze(
    hand: Sequence[str] | str,
    rules: Rules | str | Mapping[str, Any] | None = None,
    *,
    upcard: str | None = None,
    all_arrangements: bool = False,
) -> HandAnalysis:
    """Analyse a hand given as card codes (R-1.4), e.g. ``analyze("AS 2S 3S 7H 7D 7C ...")``.

    ``rules`` is a preset name, ``{"preset": ..., option: value}`` or a :class:`Rules`;
    ``upcard`` is the round's first upcard, needed only under Oklahoma (R-5.6).
    """
    tokens = hand.split() if isinstance(hand, str) else hand
    mask = parse_hand_mask(tokens, HAND_SIZES)
    if rules is None and upcard is None and not all_arrangements:
        # The default rules, the common call: the same facts as analyze_mask, without
        # resolving the rules and their solver again (the parsed hand's cards are distinct).
        return _analysis(_DEFAULT_RULES, _DEFAULT_LIMIT, _default_solve(mask), len(tokens))
    resolved = resolve_rules(rules)
    upcard_card = parse_card(upcard) if upcard is not None else None
    return analyze_mask(mask, resolved, upcard=upcard_card, all_arrangements=all_arrangements)


def hand_melds(
    hand: Sequence[str] | str,
    rules: Rules | str | Mapping[str, Any] | None = None,
    *,
    with_card: str | None = None,
) -> tuple[Meld, ...]:
    """Every meld a hand of up to 52 card codes holds (R-2.1, R-2.2, R-2.7), in the order of
    R-2.5 (see :func:`~ginrules.rules.base.melds.melds_within`); with ``with_card``, only the
    melds holding that card of the hand: ``hand_melds("5S 6S 7S 7H 7D", with_card="7S")``."""
    tokens = hand.split() if isinstance(hand, str) else hand
    mask = parse_hand_mask(tokens, MELDS_HAND_SIZES)
    card = parse_card(with_card) if with_card is not None else None
    return melds_within(mask, round_the_corner=resolve_rules(rules).round_the_corner,
                        with_card=card)


_DEFAULT_RULES: Final = resolve_rules(None)
_DEFAULT_LIMIT: Final[int] = _DEFAULT_RULES.knock_limit_for(None)  # type: ignore[assignment]
assert _DEFAULT_LIMIT is not None, "the default rules need no upcard for their knock limit"
_default_solve: Final = solver_for(_DEFAULT_RULES).solve
