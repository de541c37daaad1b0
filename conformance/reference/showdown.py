"""The showdown: the knock (R-5), layoffs (R-6) and a deal's score (R-7), exhaustively.

Options are a mapping of option names to values (``presets.full_options``).  A fault is a
``Fault``: the rule it breaks, a short code and where it is (a JSON Pointer into the question).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from .cards import rank_of, suit_of, value_of
from .melds import (Meld, deadwood_of, is_meld, is_run, is_set, least_deadwood, listed,
                    optimal_arrangements, arrangements, merged)


@dataclass(frozen=True)
class Fault:
    """A rule broken: its id, a short code and where (a JSON Pointer into the question)."""

    rule: str
    code: str
    at: str = ""


# The knock (R-5) --------------------------------------------------------------------------------

def knock_limit(options: dict, upcard: int | None) -> int | None:
    """The deal's knock limit (R-5.1); under Oklahoma the lower of the first upcard's value
    and ``knock_limit``, an ace meaning gin only or 1 (R-5.6).  None if the upcard is needed
    and unknown."""
    limit = options["knock_limit"]
    if not options["oklahoma"]:
        return limit
    if upcard is None:
        return None
    if rank_of(upcard) == 1:
        return min(0 if options["oklahoma_ace"] == "gin" else 1, limit)
    return min(value_of(upcard), limit)


def meld_faults(melds: list[list[int]], corner: bool, path: str) -> list[Fault]:
    """Why declared melds are not melds (R-2.1, R-2.2, R-2.7) or share cards (R-2.3)."""
    faults = []
    seen: set[int] = set()
    for index, meld in enumerate(melds):
        cards = frozenset(meld)
        if len(cards) != len(meld) or not is_meld(cards, corner):
            if is_run(cards, True) and not corner:
                rule = "R-2.7"
            elif len({rank_of(c) for c in cards}) == 1:
                rule = "R-2.1"
            else:
                rule = "R-2.2"
            faults.append(Fault(rule, "invalid_meld", f"{path}/{index}"))
        for position, card in enumerate(meld):
            if card in seen:
                faults.append(Fault("R-2.3", "overlapping_melds", f"{path}/{index}/{position}"))
            seen.add(card)
    return faults


@dataclass(frozen=True)
class Knock:
    """A knock judged: legal or not (every fault), the limit, and the spread as arranged."""

    legal: bool
    faults: tuple[Fault, ...]
    limit: int | None
    melds: tuple[Meld, ...] | None
    deadwood: int | None
    gin: bool
    big_gin: bool


def judge_knock(hand: list[int], discard: int | None, melds: list[list[int]] | None,
                options: dict, *, taken: int | None = None, upcard: int | None = None) -> Knock:
    """A knock with eleven cards (R-5): the discard, the declared melds or none (then the
    least deadwood of the ten kept, R-5.3), the card taken from the pile this turn (R-4.3)."""
    corner, ace = options["round_the_corner"], options["ace_deadwood_value"]
    limit = knock_limit(options, upcard)
    faults: list[Fault] = []
    held = frozenset(hand)
    if discard is not None and discard not in held:
        faults.append(Fault("R-4.4", "discard_not_in_hand", "/discard"))
        return Knock(False, tuple(faults), limit, None, None, False, False)
    if discard is not None and discard == taken and options["taken_card_discard"] == "forbid":
        faults.append(Fault("R-4.3", "taken_card_discarded", "/discard"))
    spread = held - {discard} if discard is not None else held
    big = discard is None
    if melds is not None:
        faults += meld_faults(melds, corner, "/melds")
        for index, meld in enumerate(melds):
            if not set(meld) <= spread:
                faults.append(Fault("R-5.3", "meld_card_not_in_hand", f"/melds/{index}"))
        if any(f.code in ("invalid_meld", "overlapping_melds", "meld_card_not_in_hand")
               for f in faults):
            return Knock(False, tuple(faults), limit, None, None, False, False)
        chosen = tuple(frozenset(m) for m in melds)
        count = deadwood_of(spread, chosen, ace)
    else:
        count = least_deadwood(spread, corner, ace)
        best = min(optimal_arrangements(spread, corner, ace), key=lambda a: listed(a, corner))
        chosen = tuple(frozenset(m) for m in listed(best, corner))
    if big:
        if options["big_gin_bonus"] is None:
            faults.append(Fault("R-5.5", "big_gin_not_played"))
        if count:
            faults.append(Fault("R-5.5", "not_big_gin"))
    elif limit is not None and count > limit:
        faults.append(Fault("R-5.1", "deadwood_over_limit"))
    return Knock(not faults, tuple(faults), limit, chosen, count, count == 0 and not big,
                 count == 0 and big)


def may_knock(hand: frozenset[int], options: dict, limit: int, taken: int | None = None
              ) -> list[int | None]:
    """Every discard with which eleven cards may knock (None: big gin), R-5.1, R-5.5, R-4.3."""
    corner, ace = options["round_the_corner"], options["ace_deadwood_value"]
    found: list[int | None] = []
    for card in sorted(hand):
        if card == taken and options["taken_card_discard"] == "forbid":
            continue
        if least_deadwood(hand - {card}, corner, ace) <= limit:
            found.append(card)
    if options["big_gin_bonus"] is not None and least_deadwood(hand, corner, ace) == 0:
        found.append(None)
    return found


# Layoffs (R-6) ----------------------------------------------------------------------------------

def fits(meld: frozenset[int], card: int, corner: bool = False) -> bool:
    """Whether a card extends a meld as it stands (R-6.1, R-6.2): the fourth card of a set of
    three, or a card at one end of a run (past the king or the ace only round the corner; a
    run of thirteen takes nothing)."""
    if card in meld:
        return False
    if is_set(meld):
        return len(meld) == 3 and rank_of(card) == rank_of(min(meld))
    return is_run(meld | {card}, corner)


def lay_off_order(melds: list[frozenset[int]], cards: frozenset[int], corner: bool
                  ) -> list[tuple[int, int]] | None:
    """One order and placement in which all the cards are laid off one by one (R-6.2), as
    ``(card, meld index)``; None if there is none."""
    if not cards:
        return []
    for card in sorted(cards):
        for index, meld in enumerate(melds):
            if fits(meld, card, corner):
                grown = melds[:index] + [meld | {card}] + melds[index + 1:]
                rest = lay_off_order(grown, cards - {card}, corner)
                if rest is not None:
                    return [(card, index)] + rest
    return None


def _candidates(melds: list[frozenset[int]], defender: frozenset[int]) -> list[int]:
    """The defender's cards that could ever be laid off: a set's rank, a run's suit."""
    return sorted(c for c in defender if any(
        rank_of(c) == rank_of(min(m)) if is_set(m) else suit_of(c) == suit_of(min(m))
        for m in melds))


@dataclass(frozen=True)
class Defense:
    """The defender's best reply (R-6.4): the count, and every best reply as (layoffs,
    own melds)."""

    deadwood: int
    replies: tuple[tuple[tuple[tuple[int, int], ...], frozenset[Meld]], ...] = field(default=())


def best_defense(knocker_melds, defender, options: dict, gin: bool = False) -> Defense:
    """The defender's least deadwood (R-6.4): every set of cards that can be laid off, the rest
    melded as well as possible; against gin no layoffs (R-6.3)."""
    corner, ace = options["round_the_corner"], options["ace_deadwood_value"]
    defender = frozenset(defender)
    melds = [frozenset(m) for m in knocker_melds]
    results = []
    candidates = [] if gin else _candidates(melds, defender)
    for size in range(len(candidates) + 1):
        for laid in combinations(candidates, size):
            order = lay_off_order(melds, frozenset(laid), corner)
            if order is None:
                continue
            rest = defender - frozenset(laid)
            results.append((least_deadwood(rest, corner, ace), tuple(order), rest))
    best = min(count for count, _, _ in results)
    replies = tuple((order, own) for count, order, rest in results if count == best
                    for own in optimal_arrangements(rest, corner, ace))
    return Defense(best, replies)


def layable(knocker_melds, defender, options: dict) -> set[int]:
    """Every card of the defender that some play lays off (R-6.1, R-6.2)."""
    corner = options["round_the_corner"]
    melds = [frozenset(m) for m in knocker_melds]
    found: set[int] = set()
    candidates = _candidates(melds, frozenset(defender))
    for size in range(1, len(candidates) + 1):
        for laid in combinations(candidates, size):
            if not set(laid) <= found and lay_off_order(melds, frozenset(laid), corner):
                found |= set(laid)
    return found


def check_layoffs(knocker_melds: list[frozenset[int]], layoffs: list[tuple[int, int]],
                  options: dict, path: str) -> list[Fault]:
    """Why stated layoffs, in their order, may not be laid (R-6.1, R-6.2)."""
    melds = list(knocker_melds)
    for index, (card, meld) in enumerate(layoffs):
        if not 0 <= meld < len(melds):
            return [Fault("R-6.1", "no_such_meld", f"{path}/{index}/meld")]
        if not fits(melds[meld], card, options["round_the_corner"]):
            return [Fault("R-6.2", "layoff_does_not_fit", f"{path}/{index}")]
        melds[meld] = melds[meld] | {card}
    return []


# A deal's score (R-7) ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    """A deal's result (R-7.5): its outcome, winner (``knocker``, ``defender`` or None),
    points, both counts, the breakdown as (rule, points) and the layoffs made."""

    outcome: str
    winner: str | None
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    breakdown: tuple[tuple[str, int], ...]
    layoffs: tuple[tuple[int, int], ...] = ()


def price(knocker: int, defender: int, kind: str, options: dict, double: bool = False
          ) -> Score:
    """A result priced (R-7.1 to R-7.4, R-7.7): ``kind`` is ``knock``, ``gin`` or ``big_gin``."""
    terms: list[tuple[str, int]]
    if kind == "big_gin":
        outcome, winner = "big_gin", "knocker"
        terms = [("R-5.5", options["big_gin_bonus"]), ("R-7.3", defender)]
    elif kind == "gin":
        outcome, winner = "gin", "knocker"
        terms = [("R-7.3", options["gin_bonus"]), ("R-7.3", defender)]
    elif knocker < defender:
        outcome, winner = "knock", "knocker"
        terms = [("R-7.1", defender - knocker)]
    elif knocker == defender and not options["undercut_on_tie"]:
        outcome = "knock"
        terms = [("R-7.2", 0)]
        winner = None
        if options["scoreless_tie_winner"] == "knocker":
            winner = "knocker"
            terms.append(("R-7.7", 0))
    else:
        outcome, winner = "undercut", "defender"
        terms = [("R-7.2", knocker - defender), ("R-7.2", options["undercut_bonus"])]
    total = sum(points for _, points in terms)
    if double:
        terms.append(("R-7.4", total))
        total *= 2
    return Score(outcome, winner, total, knocker, defender, tuple(terms))


def signed(score: Score) -> int:
    """A result from the knocker's side: their points, or minus the defender's."""
    return -score.points if score.winner == "defender" else score.points


def doubles(options: dict, upcard: int | None) -> bool:
    """Whether an Oklahoma deal's points are doubled by a spade upcard (R-5.6, R-7.4)."""
    return (options["oklahoma"] and options["oklahoma_spade_double"] and upcard is not None
            and suit_of(upcard) == 0)


@lru_cache(maxsize=4096)
def _knocker_choices(spread: frozenset[int], corner: bool, ace: int, limit: int
                     ) -> tuple[frozenset[Meld], ...]:
    """Every legal arrangement of a knocker's ten cards (R-7.6): deadwood within the limit."""
    return tuple({merged(a, corner) for a in arrangements(spread, corner)
                  if deadwood_of(spread, a, ace) <= limit})


def score_deal(spread: list[int], defender: list[int], options: dict, *,
               knocker_melds: list[list[int]] | None = None,
               defender_melds: list[list[int]] | None = None,
               layoffs: list[tuple[int, int]] | None = None,
               big_gin: bool = False, upcard: int | None = None) -> Score:
    """A deal from the knock on (R-7): the knocker's spread (ten cards, eleven for big gin)
    arranged as declared or as best serves the knocker (R-7.6), the defender's reply as stated
    or the best one (R-6.4)."""
    corner, ace = options["round_the_corner"], options["ace_deadwood_value"]
    limit = knock_limit(options, upcard)
    double = doubles(options, upcard)
    spread_set = frozenset(spread)

    def result(melds: tuple[Meld, ...]) -> Score:
        count = deadwood_of(spread_set, melds, ace)
        kind = "big_gin" if big_gin else "gin" if count == 0 else "knock"
        against_gin = kind != "knock"
        if defender_melds is not None or layoffs is not None:
            laid = tuple(layoffs or ())
            own = [frozenset(m) for m in defender_melds or []]
            rest = frozenset(defender) - {card for card, _ in laid}
            dcount = deadwood_of(rest, own, ace)
        else:
            defense = best_defense(melds, defender, options, gin=against_gin)
            dcount = defense.deadwood
            laid = defense.replies[0][0]
        score = price(count, dcount, kind, options, double)
        return Score(score.outcome, score.winner, score.points, score.knocker_deadwood,
                     score.defender_deadwood, score.breakdown, laid)

    if knocker_melds is not None:
        return result(tuple(frozenset(m) for m in knocker_melds))
    choices = _knocker_choices(spread_set, corner, ace, 0 if big_gin else limit)
    scored = [(result(tuple(m)), m) for m in choices]
    # Best for the knocker, then the lower knocker deadwood, then the documented order.
    best = min(scored, key=lambda s: (-signed(s[0]), s[0].knocker_deadwood, listed(s[1], corner)))
    return best[0]
