"""Knock legality (R-4.3, R-4.4, R-5): every reason a knock is not allowed, at once."""

from __future__ import annotations

from dataclasses import dataclass

from ..base.cards import CARD_BITS, CARD_NAMES, Card, mask_cards
from ..errors import Problem
from ..base.melds import Arrangement, Meld
from .solver import solver_for
from ..base.options import Rules


@dataclass(frozen=True)
class KnockCheck:
    """Whether a knock is legal, every reason it is not, and the spread it was judged on.

    ``arrangement`` is the declared melds plus the other cards as deadwood, or without declared
    melds the canonical optimal arrangement (R-5.3); ``None`` when the spread is unknown (the
    discard is not in the hand).  ``violations`` carry paths into the request (``discard``,
    ``melds``, ``taken_card``).
    """

    legal: bool
    violations: tuple[Problem, ...]
    knock_limit: int
    discard: Card | None
    arrangement: Arrangement | None
    gin: bool
    big_gin: bool

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


def meld_cards_outside(spread: int, melds: tuple[Meld, ...], discard: Card | None,
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


def taken_card_fault(discard: Card | None, taken_card: Card | None, rules: Rules
                     ) -> Problem | None:
    """Why a discard, a knock's included, may not be the card taken from the discard pile this
    turn (R-4.3, ``taken_card_discard: forbid``); None where it may."""
    if discard is None or discard != taken_card or may_discard_taken_card(rules):
        return None
    return Problem(("discard",), "taken_card_discarded",
                   f"{CARD_NAMES[discard]} was taken from the discard pile this turn and may not "
                   "be discarded in the same turn (taken_card_discard: forbid)", "R-4.3")


def knock_allowed(deadwood: int, knock_limit: int) -> bool:
    """Whether a spread with this deadwood count may end the round by a knock (R-5.1): the
    one reading of the knock limit."""
    return deadwood <= knock_limit


def plays_big_gin(rules: Rules) -> bool:
    """Whether the rules play big gin at all (R-5.5: ``big_gin_bonus`` is not null)."""
    return rules.big_gin_bonus is not None


def big_gin_allowed(deadwood: int, rules: Rules) -> bool:
    """Whether eleven cards with this deadwood count are big gin (R-5.5): all melded, under
    rules that play it."""
    return deadwood == 0 and plays_big_gin(rules)


def judge_spread(spread: int, rules: Rules, knock_limit: int, *, big_gin: bool,
                 melds: tuple[Meld, ...] | None = None, discard: Card | None = None
                 ) -> tuple[Arrangement | None, list[Problem]]:
    """The knocker's spread as it would be shown (R-5.3) and every reason it may not end the
    round: the declared melds not in the spread (or the discard among them), runs that wrap
    where the rules do not (R-2.7), deadwood over the knock limit (R-5.1), or for ``big_gin``
    (eleven cards, no discard) cards left unmelded or rules without big gin (R-5.5).

    ``spread`` is the ten cards left after the discard, or the eleven of big gin; ``melds``
    are the declared melds (already valid melds, R-2), else the best arrangement is used.
    Paths: ``("melds", i)`` for a declared meld, ``("melds",)`` or ``()`` for the count,
    ``("discard",)`` for big gin not played."""
    violations: list[Problem] = []
    if big_gin and not plays_big_gin(rules):
        violations.append(Problem(
            ("discard",), "big_gin_not_played",
            "a knock needs a discard: these rules do not play big gin (big_gin_bonus is "
            "null)", "R-5.5"))
    arrangement = None
    if melds is not None:
        outside = meld_cards_outside(spread, melds, discard) + wrapping_runs(melds, rules)
        violations += outside
        if not outside:
            arrangement = declared_arrangement(spread, melds, rules)
    else:
        arrangement = solver_for(rules).best_arrangement(spread)
    if arrangement is not None:
        count = arrangement.deadwood_count
        where = ("melds",) if melds is not None else ()
        if big_gin:
            if count:
                leaves = _leaves(count, melds, spread, rules)
                violations.append(Problem(
                    where, "not_big_gin", f"big gin needs all eleven cards melded; {leaves}",
                    "R-5.5"))
        elif not knock_allowed(count, knock_limit):
            limit_text = ("only gin may end the round (knock limit 0)" if knock_limit == 0
                          else f"the knock limit is {knock_limit}")
            violations.append(Problem(
                where, "deadwood_over_limit",
                f"{limit_text}; {_leaves(count, melds, spread, rules)}", "R-5.1"))
    return arrangement, violations


def check_knock(
    hand: int,
    discard: Card | None,
    rules: Rules,
    knock_limit: int,
    *,
    melds: tuple[Meld, ...] | None = None,
    taken_card: Card | None = None,
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
    if spread is not None:
        arrangement, faults = judge_spread(spread, rules, knock_limit, big_gin=discard is None,
                                           melds=melds, discard=discard)
        violations += faults
    deadwood = None if arrangement is None else arrangement.deadwood_count
    return KnockCheck(
        legal=not violations,
        violations=tuple(violations),
        knock_limit=knock_limit,
        discard=discard,
        arrangement=arrangement,
        gin=discard is not None and deadwood == 0,
        big_gin=discard is None and deadwood is not None and big_gin_allowed(deadwood, rules),
    )


def _leaves(count: int, melds: tuple[Meld, ...] | None, spread: int, rules: Rules) -> str:
    if melds is None:
        return f"the best arrangement of these cards leaves deadwood {count}"
    best = solver_for(rules).min_deadwood(spread)
    better = f" (the best arrangement of these cards leaves {best})" if best < count else ""
    return f"the declared melds leave deadwood {count}{better}"
