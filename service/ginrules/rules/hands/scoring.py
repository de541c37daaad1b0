"""Scoring a deal (R-7): a deal's result is a record of facts that the rules price.

:class:`DealFacts` says what happened (gin or not, both deadwood counts); :func:`price`
turns facts into an outcome, a winner, points and a breakdown of terms, each with its rule, so
one result can be re-priced under any rules.  :func:`score_deal` settles a knock: it checks
the spreads, finds the defender's best reply (R-6.4) and, when the knocker declared no melds,
the knocker's best arrangement after that reply (R-7.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..base.cards import CARD_BITS, CARD_NAMES, CARDS, Card, mask_cards
from ..errors import InvalidHandError, Problem
from .knock import (judge_spread, knock_arrangement, knock_arrangements, meld_cards_outside,
                    plays_big_gin, wrapping_runs)
from .layoffs import (Defense, Layoff, best_defense, best_defense_count, check_layoffs,
                      layoffs_fault)
from ..base.melds import Arrangement, Meld
from .solver import solver_for
from ..base.options import Rules
from ..base.sizes import DRAWN_HAND_SIZE, FULL_HAND_SIZES, HAND_SIZE

Outcome = Literal["knock", "undercut", "gin", "big_gin"]
Side = Literal["knocker", "defender"]


@dataclass(frozen=True, init=False)
class DealFacts:
    """What happened in a knocked deal, before any rules price it (R-7.5)."""

    knocker_count: int
    defender_count: int
    """The defender's deadwood as scored: after layoffs, or own melds only against gin."""
    gin: bool = False
    big_gin: bool = False

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, knocker_count: int, defender_count: int, gin: bool = False,
                 big_gin: bool = False) -> None:
        object.__setattr__(self, "knocker_count", knocker_count)
        object.__setattr__(self, "defender_count", defender_count)
        object.__setattr__(self, "gin", gin)
        object.__setattr__(self, "big_gin", big_gin)


@dataclass(frozen=True, init=False)
class Term:
    """One line of a round's score: what it is for, its points, and its rule."""

    term: str
    points: int
    rule: str

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, term: str, points: int, rule: str) -> None:
        object.__setattr__(self, "term", term)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "rule", rule)


@dataclass(frozen=True, init=False)
class Price:
    """A round's outcome, winner, points and their breakdown under some rules."""

    outcome: Outcome
    winner: Side | None
    points: int
    breakdown: tuple[Term, ...]

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, outcome: Outcome, winner: Side | None, points: int,
                 breakdown: tuple[Term, ...]) -> None:
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "breakdown", breakdown)


def price(facts: DealFacts, rules: Rules, upcard: int | None = None) -> Price:
    """Price round facts under ``rules`` (R-7.1 to R-7.4); ``upcard`` for Oklahoma doubling."""
    terms: list[Term]
    if facts.big_gin or facts.gin:
        outcome: Outcome = "big_gin" if facts.big_gin else "gin"
        bonus = rules.big_gin_bonus if facts.big_gin else rules.gin_bonus
        terms = [
            Term("big gin bonus" if facts.big_gin else "gin bonus", bonus or 0,
                 "R-5.5" if facts.big_gin else "R-7.3"),
            Term("defender deadwood", facts.defender_count, "R-7.3"),
        ]
        winner: Side | None = "knocker"
    elif facts.knocker_count < facts.defender_count:
        outcome, winner = "knock", "knocker"
        terms = [Term("deadwood difference", facts.defender_count - facts.knocker_count, "R-7.1")]
    elif facts.knocker_count == facts.defender_count and not rules.undercut_on_tie:
        outcome, winner = "knock", None
        terms = [Term("tie: no undercut, no points", 0, "R-7.2")]
        if rules.scoreless_tie_winner == "knocker":
            winner = "knocker"
            terms.append(Term("a scoreless tie goes to the knocker", 0, "R-7.7"))
    else:
        outcome, winner = "undercut", "defender"
        terms = [
            Term("deadwood difference", facts.knocker_count - facts.defender_count, "R-7.2"),
            Term("undercut bonus", rules.undercut_bonus, "R-7.2"),
        ]
    points = sum(t.points for t in terms)
    if points and rules.doubles_round(upcard):
        terms.append(Term("spade upcard doubles the round", points, "R-7.4"))
        points *= 2
    return Price(outcome, winner, points, tuple(terms))


@dataclass(frozen=True, init=False)
class DealScore:
    """A settled knock, the deal's score: both spreads, the layoffs, the facts and their
    price (``/v1/rounds/score`` answers one: the contract's round is this deal)."""

    knocker: Arrangement
    discard: Card | None
    defense: Defense
    facts: DealFacts
    price: Price
    knock_limit: int
    warnings: tuple[Problem, ...] = ()

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, knocker: Arrangement, discard: Card | None, defense: Defense,
                 facts: DealFacts, price: Price, knock_limit: int, warnings: tuple[Problem,
                 ...] = ()) -> None:
        object.__setattr__(self, "knocker", knocker)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "defense", defense)
        object.__setattr__(self, "facts", facts)
        object.__setattr__(self, "price", price)
        object.__setattr__(self, "knock_limit", knock_limit)
        object.__setattr__(self, "warnings", warnings)

    @property
    def outcome(self) -> Outcome:
        return self.price.outcome

    @property
    def winner(self) -> Side | None:
        return self.price.winner

    @property
    def points(self) -> int:
        return self.price.points


def _signed(result: Price) -> int:
    """The round's result from the knocker's side: their points, or minus the defender's."""
    if result.winner == "knocker":
        return result.points
    if result.winner == "defender":
        return -result.points
    return 0


def settle(knocker: Arrangement, defender: int, rules: Rules, upcard: int | None,
           *, big_gin: bool = False) -> tuple[Defense, DealFacts, Price]:
    """The defender's best reply to a spread (R-6.4) and the priced result."""
    defense = best_defense(knocker.melds, defender, gin=knocker.deadwood_count == 0,
                           rules=rules)
    facts = _facts(knocker, defense.deadwood_count, big_gin)
    return defense, facts, price(facts, rules, upcard)


def _facts(knocker: Arrangement, defender_count: int, big_gin: bool) -> DealFacts:
    """The facts that price a round: a knocker with no deadwood went gin, or big gin (R-5.4,
    R-5.5)."""
    gin = knocker.deadwood_count == 0
    return DealFacts(knocker.deadwood_count, defender_count, gin and not big_gin, big_gin)


def best_knocker_arrangement(
    spread: int, defender: int, rules: Rules, knock_limit: int, upcard: int | None = None,
    judged: Arrangement | None = None,
) -> tuple[Arrangement, Defense, DealFacts, Price] | None:
    """The knocker's arrangement with the best result after the defender's best reply (R-7.6).

    Every arrangement that may end the round counts (:func:`~.knock.knock_arrangements`), not
    only the deadwood-optimal ones; ties go to the lower knocker deadwood, then to the
    canonical order.  ``None`` if no arrangement may.  ``judged`` is the spread's
    :func:`~.knock.knock_arrangement` where the caller has it already.
    """
    if judged is None:
        judged = knock_arrangement(spread, rules, knock_limit)
        if judged is None:
            return None
    settled = settle(judged, defender, rules, upcard)
    # No arrangement scores more than the defender's own best deadwood, without layoffs,
    # allows against the least knocker deadwood that may knock, which is the judged
    # arrangement's: the first by deadwood, then canonical order, of those that may (the
    # canonical optimal one where it may).  So where it scores that much it is the best.
    least = judged.deadwood_count
    ceiling = price(DealFacts(least, solver_for(rules).min_deadwood(defender), least == 0),
                    rules, upcard)
    if _signed(settled[2]) == _signed(ceiling):
        return (judged, *settled)
    best = None
    best_key = None
    for arrangement in knock_arrangements(spread, rules, knock_limit):
        defense, facts, result = (settled if arrangement == judged
                                  else settle(arrangement, defender, rules, upcard))
        key = (-_signed(result), arrangement.deadwood_count)
        if best_key is None or key < best_key:
            best, best_key = (arrangement, defense, facts, result), key
    return best


def score_deal(
    knocker_hand: int,
    defender_hand: int,
    rules: Rules,
    knock_limit: int,
    *,
    discard: int | None = None,
    knocker_melds: tuple[Meld, ...] | None = None,
    defender_melds: tuple[Meld, ...] | None = None,
    layoffs: tuple[Layoff, ...] | None = None,
    upcard: int | None = None,
    knocker_arrangement: Arrangement | None = None,
) -> DealScore:
    """Settle a knock (R-5 to R-7).

    ``knocker_hand`` is the ten cards spread after the discard, or all eleven for big gin
    (R-5.5).  Declared melds are checked and used as declared (R-5.3); without them the knocker
    gets the arrangement best for them (R-7.6).  A declared defender spread (``defender_melds``
    and/or ``layoffs``; what is not given is empty) is checked and scored as given, with a
    warning when the defender could have done better (R-6.4).  Raises
    :class:`InvalidHandError` listing every fault that keeps the round from being scored.

    ``knocker_arrangement`` is the spread as :func:`~.knock.check_knock` judged it legal (the
    declared melds' arrangement, or without them :func:`~.knock.knock_arrangement`'s), which
    spares judging it again.
    """
    problems: list[Problem] = []
    size = knocker_hand.bit_count()
    # Eleven cards with a discard are no big gin, which discards nothing.
    big_gin = size == DRAWN_HAND_SIZE and discard is None
    if size not in FULL_HAND_SIZES:
        problems.append(Problem(("knocker", "hand"), "invalid_hand_size",
                                f"the knocker spreads {HAND_SIZE} cards ({DRAWN_HAND_SIZE} for "
                                f"big gin), got {size}"))
    if defender_hand.bit_count() != HAND_SIZE:
        problems.append(Problem(("defender", "hand"), "invalid_hand_size",
                                f"the defender holds {HAND_SIZE} cards, got "
                                f"{defender_hand.bit_count()}"))
    shared = knocker_hand & defender_hand
    if shared:
        problems.append(Problem(("defender", "hand"), "duplicate_card",
                                f"{_names(shared)} in both hands", "R-1.5"))
    if discard is not None:
        if size == DRAWN_HAND_SIZE:
            problems.append(_eleven_and_a_discard(knocker_hand, discard, rules))
        elif (knocker_hand | defender_hand) >> discard & 1:
            problems.append(Problem(("knocker", "discard"), "duplicate_card",
                                    f"the discard {CARD_NAMES[discard]} is also in a hand",
                                    "R-1.5"))
    unnamed = layoffs_fault(layoffs, melds_declared=knocker_melds is not None) if layoffs else None
    if unnamed is not None:
        problems.append(Problem(("defender",) + unnamed.path, unnamed.code, unnamed.detail,
                                unnamed.rule))
    if problems:
        raise InvalidHandError("; ".join(p.detail for p in problems), problems)

    if knocker_arrangement is None:
        # The spread as the knock check judges it, faults placed under
        # the knocker (a count or big gin not played: the hand, since no discard is sent).
        knocker_arrangement, faults = judge_spread(knocker_hand, rules, knock_limit,
                                                   big_gin=big_gin, melds=knocker_melds,
                                                   discard=discard)
        if faults:
            raise _at("knocker", [Problem(("hand",) if p.path in ((), ("discard",)) else p.path,
                                          p.code, p.detail, p.rule) for p in faults])
        assert knocker_arrangement is not None, "a spread judged without fault is arranged"
    warnings: list[Problem] = []
    if knocker_melds is not None:
        knocker = knocker_arrangement
        if defender_melds is None and layoffs is None:
            defense, facts, result = settle(knocker, defender_hand, rules, upcard,
                                            big_gin=big_gin)
        else:  # the declared reply is scored below: of the best one only its count counts
            facts = _facts(knocker, best_defense_count(
                knocker.melds, defender_hand, gin=knocker.deadwood_count == 0, rules=rules),
                big_gin)
        if (not big_gin and knocker.deadwood_count
                and solver_for(rules).min_deadwood(knocker_hand) == 0):
            warnings.append(Problem(("knocker", "melds"), "declared_knock_could_be_gin",
                                    "these cards could go gin; the declared melds are scored as "
                                    "a knock", "R-5.3"))
    elif big_gin:  # all eleven melded (judged above): the arrangement is the best one
        knocker = knocker_arrangement
        defense, facts, result = settle(knocker, defender_hand, rules, upcard, big_gin=True)
    else:
        found = best_knocker_arrangement(knocker_hand, defender_hand, rules, knock_limit,
                                         upcard, knocker_arrangement)
        assert found is not None, "a spread the knock check allows has an arrangement"
        knocker, defense, facts, result = found
    if defender_melds is not None or layoffs is not None:
        declared = _declared_defense(knocker, defender_hand, defender_melds or (), layoffs or (),
                                     rules)
        if declared.deadwood_count > facts.defender_count:
            warnings.append(Problem(
                ("defender",), "suboptimal_defense",
                f"the declared spread leaves deadwood {declared.deadwood_count}; the best "
                f"reply leaves {facts.defender_count}. Scored as declared", "R-6.4"))
        defense = declared
        facts = DealFacts(knocker.deadwood_count, declared.deadwood_count, facts.gin,
                           facts.big_gin)
        result = price(facts, rules, upcard)
    shown = None if discard is None else CARDS[discard]  # the card itself, given as a number
    return DealScore(knocker, shown, defense, facts, result, knock_limit, tuple(warnings))


def _eleven_and_a_discard(spread: int, discard: int, rules: Rules) -> Problem:
    """The fault of eleven cards spread with a discard.  A knock spreads the ten cards left
    after its discard (R-5.3), so eleven holding the discard are the hand before it; eleven
    beside it go down only as big gin, which discards nothing and which only rules with a
    ``big_gin_bonus`` play (R-5.5)."""
    name = CARD_NAMES[discard]
    if spread >> discard & 1:
        return Problem(("knocker", "hand"), "invalid_hand_size",
                       f"the knocker spreads the {HAND_SIZE} cards left after the discard, got "
                       f"{DRAWN_HAND_SIZE} with the discard {name} among them: leave {name} "
                       f"out of the hand", "R-5.3")
    if plays_big_gin(rules):
        return Problem(("knocker", "discard"), "discard_with_big_gin",
                       f"{DRAWN_HAND_SIZE} cards spread are big gin, which discards nothing: "
                       f"send no discard, or the {HAND_SIZE} cards a knock spreads beside the "
                       f"discard {name}", "R-5.5")
    return Problem(("knocker", "hand"), "invalid_hand_size",
                   f"the knocker spreads the {HAND_SIZE} cards left after the discard {name}, "
                   f"got {DRAWN_HAND_SIZE} (these rules play no big gin: big_gin_bonus is null)",
                   "R-5.3")


def _declared_defense(knocker: Arrangement, defender: int, melds: tuple[Meld, ...],
                      layoffs: tuple[Layoff, ...], rules: Rules) -> Defense:
    """The defender's declared spread, checked (R-6.1 to R-6.4)."""
    problems = meld_cards_outside(defender, melds, None, "melds") + wrapping_runs(melds, rules)
    own = 0
    for meld in melds:
        own |= meld.mask
    against_gin = layoffs_fault(layoffs, gin=knocker.deadwood_count == 0) if layoffs else None
    if against_gin is not None:
        problems.append(against_gin)
    elif layoffs:
        problems += check_layoffs(knocker.melds, defender, layoffs, own_melded=own,
                                  round_the_corner=rules.round_the_corner)
    if problems:
        raise _at("defender", problems)
    laid = 0
    for layoff in layoffs:
        laid |= CARD_BITS[layoff.card]
    return Defense(Arrangement.declared(melds, mask_cards(defender & ~own & ~laid),
                                        ace_value=rules.ace_deadwood_value), layoffs)


def _at(side: str, problems: list[Problem]) -> InvalidHandError:
    placed = [Problem((side,) + p.path, p.code, p.detail, p.rule) for p in problems]
    return InvalidHandError("; ".join(p.detail for p in placed), placed)


def _names(mask: int) -> str:
    return " ".join(CARD_NAMES[c] for c in mask_cards(mask))
