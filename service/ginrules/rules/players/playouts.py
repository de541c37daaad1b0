"""The advice's look-ahead: sampled deals played out to their end on the game engine.

Each sampled deal is a :class:`~..table.engine.Deal` rebuilt from the player's view with hidden
cards drawn consistently with it (:meth:`~..table.engine.Deal.from_view`); every option is
played on a copy of the same deals, then both seats play on with a fast policy until the deal
ends, so options are compared on equal deals.  Every move goes through the engine's checks,
so a playout follows exactly the rules a replay would: there is no second copy of them here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..base.cards import CARD_BITS, Card, mask_cards
from ..base.melds import meld_pairs
from ..errors import IllegalMove
from ..hands.knock import (big_gin_allowed, count_may_knock, knock_arrangement,
                           may_discard_taken_card, plays_big_gin)
from ..hands.solver import solver_for
from ..table.dealing import shuffle_as_random
from ..table.engine import Deal
from ..table.moves import DealView, Discard, Draw, Knock, LayDown, Move, Pass, Phase
from .estimates import MIN_SAMPLES, still_in_the_race
from .heuristic import Scored
from .knowledge import Knowledge, melds_with

CONTENDERS = 3
"""Options (the heuristic's best) the look-ahead gives most of its playouts when it does not
race them (RACE off)."""
OWN_KNOCK: int | None = 0
"""The most deadwood the player's own seat knocks with in a playout, after the option played
(None: whenever the rules allow, as the opponent's seat does).  0, the default, knocks only at
gin, so an option is valued as the plan it starts rather than as a knock at the first chance
(docs/strength.md, "The same playouts spent otherwise")."""
RACE = True
"""How the look-ahead shares its playouts among the options.  True, the default: a race
(:func:`_race`): every option is played on the first deals, then only those not shown worse
than the leader, on twice as many deals each round, until the playouts are spent or one option
is left.  False: the heuristic's best CONTENDERS get three quarters of them, the others share
the rest."""
TAKES_SAVING: Final = 0
"""A take rule of the playouts (OWN_TAKES, OPPONENT_TAKES): take the pile card when, after the
best discard it allows, the hand saves more than half the card's value (:func:`_worth_taking`)."""
TAKES_MELDING: Final = 1
"""A take rule: take the pile card when it makes a meld of three with two cards of the hand, as
the published simple player does (:func:`_joins_meld`)."""
TAKES_ANY_SAVING: Final = 2
"""A take rule: take the pile card when the hand saves any deadwood with it."""
OWN_TAKES = TAKES_SAVING
"""How the player's own seat takes the pile card in a playout."""
OPPONENT_TAKES = TAKES_SAVING
"""How the opponent's seat takes the pile card in a playout (the ``greedy`` model)."""
MAX_PLAYOUT_MOVES = 200
"""Moves after which a playout is scored as a draw: with no upcard draw limit (R-4.8) two
players could pass cards through the discard pile for ever."""

_new: Final = tuple.__new__
_FIRST_TURN: Final = Phase.FIRST_TURN
_DISCARD: Final = Phase.DISCARD
_LAST_DISCARD: Final = Phase.LAST_DISCARD
_LAY_DOWN: Final = Phase.LAY_DOWN
_OVER: Final = Phase.OVER


@dataclass(frozen=True, init=False)
class Outcome:
    """A deal's end from the player's side: signed points (R-7) and whether the player won."""

    points: int
    won: bool

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, points: int, won: bool) -> None:
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "won", won)


DRAWN: Final = Outcome(0, False)


def outcome_for(deal: Deal, player: str) -> Outcome:
    """The end of ``deal`` for ``player``: the points won (negative: lost), or a draw."""
    winner = deal.winner
    if winner is None:
        return DRAWN
    assert deal.score is not None
    points = deal.score.points
    return Outcome(points, True) if winner == player else Outcome(-points, False)


def _worth_taking(deal: Deal, player: str, margin: bool = True) -> bool:
    """The policy's draw: take the pile card when, after the best discard it allows, the hand
    saves more than half the card's value in deadwood (not ``margin``: any deadwood)."""
    rules = deal.rules
    solver = solver_for(rules)
    hand = deal.hands[player]
    card = deal.pile[-1]
    counts = solver.discard_counts(hand | CARD_BITS[card])
    # The taken card's count, the hand's without it, is the hand's own least deadwood.
    at = _place(hand, card)
    skip = -1 if may_discard_taken_card(rules) else at
    best = -1  # the least count of a discard allowed (a loop: compiled, faster than min())
    for index in range(len(counts)):
        if index != skip and (best < 0 or counts[index] < best):
            best = counts[index]
    return best < counts[at] - (rules.card_values[card] // 2 if margin else 0)


def _takes_pile_card(deal: Deal, player: str, takes: int) -> bool:
    """Whether the seat takes the pile card by its take rule (TAKES_SAVING, TAKES_MELDING,
    TAKES_ANY_SAVING)."""
    if takes == TAKES_MELDING:
        return _joins_meld(deal, player)
    return _worth_taking(deal, player, margin=takes == TAKES_SAVING)


def _joins_meld(deal: Deal, player: str) -> bool:
    """Whether the pile card makes a meld of three with two cards of the hand (R-2.1, R-2.2)."""
    pairs = meld_pairs(round_the_corner=deal.rules.round_the_corner)
    return melds_with(deal.pile[-1], deal.hands[player], pairs) > 0


def _place(hand: int, card: int) -> int:
    """Where ``card`` is among the cards of ``hand``, in the canonical order the solver's counts
    and ``mask_cards`` give them (the cards' numbers): how many cards of the hand are below it."""
    return (hand & (CARD_BITS[card] - 1)).bit_count()


def policy_move(deal: Deal, knock_at: int | None = None, takes: int = TAKES_SAVING) -> Move:
    """The move the playout policy would play now (:func:`play_policy_move`, played on a copy
    of ``deal``)."""
    return play_policy_move(deal.copy(), knock_at, takes)


def play_policy_move(deal: Deal, knock_at: int | None = None,
                     takes: int = TAKES_SAVING) -> Move:
    """Play the playout policy's move for whoever is to move, and return it: take the pile card
    when it helps, else the stock (or pass the first upcard); at the wall take the last discard
    whenever the engine allows it (only to knock, R-4.7); after drawing, big gin, else knock
    with the best discard where the engine allows it (declaring the canonical arrangement,
    R-5.3), else discard to the least deadwood (the highest card among ties); after a knock,
    the defender's best reply.  ``knock_at``: knock only with at most this much deadwood
    (None: whenever the engine allows).

    Each move the policy prefers is offered to the engine, which applies it or refuses it
    (:meth:`~..table.engine.Deal.apply`, the deal left as it was), and the next preferred is
    offered where it refuses: every move meets the engine's check once, as in a replay."""
    player = deal.turn
    assert player is not None
    phase = deal.phase
    if phase is _LAY_DOWN:
        return _play(deal, _new(LayDown, (player, None, None)))
    if phase is not _DISCARD:
        take = _new(Draw, (player, "discard", None))
        if phase is _LAST_DISCARD:
            return take if _played(deal, take) else _play(deal, _new(Pass, (player,)))
        if deal.pile and _takes_pile_card(deal, player, takes) and _played(deal, take):
            return take
        if phase is _FIRST_TURN:
            return _play(deal, _new(Pass, (player,)))
        return _play(deal, _new(Draw, (player, "stock", None)))
    rules = deal.rules
    solver = solver_for(rules)
    hand = deal.hands[player]
    # The knock rule's precheck on the count, then the engine's whole check.
    if plays_big_gin(rules) and big_gin_allowed(solver.min_deadwood(hand), rules):
        big_gin = _new(Knock, (player, None, None))
        if _played(deal, big_gin):
            return big_gin
    # The discard leaving the least deadwood, the highest card among ties, of the cards the
    # rule lets go (not the card just taken where forbids it: may_discard_taken_card,
    # which the engine's check asks); the next best where the engine refuses one.
    values = rules.card_values
    counts, cards = solver.discard_counts(hand), mask_cards(hand)
    taken = deal.taken
    skip = -1 if taken is None or may_discard_taken_card(rules) else _place(hand, taken)
    best = -1
    for index in range(len(cards)):
        if index != skip and (best < 0 or counts[index] < counts[best] or (
                counts[index] == counts[best] and values[cards[index]] > values[cards[best]])):
            best = index
    if best >= 0:
        move = _knock_or_discard(deal, player, hand, cards[best], counts[best], knock_at)
        if move is not None:
            return move
    for index in sorted(range(len(cards)), key=lambda i: (counts[i], -values[cards[i]])):
        move = _knock_or_discard(deal, player, hand, cards[index], counts[index], knock_at)
        if move is not None:
            return move
    return _play(deal, deal.legal_moves()[0])


def _played(deal: Deal, move: Move) -> bool:
    """Whether the engine applied ``move``; where it refuses the move, the deal is as it was."""
    try:
        deal.apply(move)
    except IllegalMove:
        return False
    return True


def _play(deal: Deal, move: Move) -> Move:
    deal.apply(move)
    return move


def _knock_or_discard(deal: Deal, player: str, hand: int, card: Card, count: int,
                      knock_at: int | None = None) -> Move | None:
    """Play a knock with this discard, declaring the arrangement the knock rule judges a knock
    on (R-5.3, ``knock_arrangement``: the canonical one where it may), where the rule's
    precheck passes on the count (and the count is at most ``knock_at``), the rule on the
    spread and the engine on the move; else the discard where allowed (where the engine
    requires the knock, R-4.7, the knock anyway).  The move played, or None."""
    if count_may_knock(count, deal.limit) and (knock_at is None or count <= knock_at
                                               or deal.must_knock):
        spread = knock_arrangement(hand & ~CARD_BITS[card], deal.rules, deal.limit)
        if spread is not None:
            knock = _new(Knock, (player, card, spread.melds))
            if _played(deal, knock):
                return knock
    discard = _new(Discard, (player, card))
    return discard if _played(deal, discard) else None


def random_policy_move(deal: Deal, rng: random.Random) -> Move:
    """A move chosen uniformly among the engine's legal moves, as the ``random`` bot chooses;
    after a knock, the defender's best reply."""
    if deal.phase is _LAY_DOWN:
        player = deal.turn
        assert player is not None
        return _new(LayDown, (player, None, None))
    return rng.choice(deal.legal_moves())


def play_out(deal: Deal, player: str, opponent_rng: random.Random | None = None) -> Outcome:
    """Play ``deal`` to its end with the policy for both seats; the end for ``player``.  With
    ``opponent_rng``, the opponent plays uniformly at random instead (the ``random`` model)."""
    # The settings read once a playout, not at every move.
    own_knock, own_takes, opponent_takes = OWN_KNOCK, OWN_TAKES, OPPONENT_TAKES
    for _ in range(MAX_PLAYOUT_MOVES):
        if deal.phase is _OVER:
            break
        if opponent_rng is not None and deal.turn != player:
            deal.apply(random_policy_move(deal, opponent_rng))
        elif deal.turn == player:
            play_policy_move(deal, own_knock, own_takes)
        else:
            play_policy_move(deal, None, opponent_takes)
    return outcome_for(deal, player)


def sampled_deal(view: DealView, knowledge: Knowledge, opponent: int,
                 rng: random.Random) -> Deal:
    """A whole deal consistent with the view: the sampled opponent hand, the rest of the hidden
    cards shuffled into the stock."""
    stock = list(mask_cards(knowledge.hidden & ~opponent))
    shuffle_as_random(stock, rng)
    return Deal.from_view(view, mask_cards(opponent), stock[:view.stock_count])


def look_ahead(view: DealView, knowledge: Knowledge, scored: list[Scored], count: int,
               opponents: Sequence[int], rng: random.Random,
               pause: Callable[[], None] | None = None, *,
               random_opponent: bool = False) -> list[list[Outcome]]:
    """Play every option out on the same sampled deals, raced (:data:`RACE`, :func:`_race`) or
    the heuristic's best few (:data:`CONTENDERS`) getting most of them; each option's outcomes,
    in the order of ``scored`` and of the deals (an option with fewer playouts has those of the
    first deals).  Sets each option's playouts and raw mean points and share of wins; the order
    is left to the caller (estimates.order_by_value).  ``pause``, when given, is called after each
    playout: the caller's chance to let other work run (a server's event loop); it changes
    nothing of the result.  With ``random_opponent`` the opponent plays at random in the
    playouts, each deal with its own stream, the same for every option."""
    if RACE and 1 < len(scored) <= count:
        return _race(view, knowledge, scored, count, opponents, rng, pause, random_opponent)
    contenders = scored[:CONTENDERS]
    rest = scored[CONTENDERS:]
    share = count * 3 // 4 if rest else count
    per_contender = max(1, share // max(1, len(contenders)))
    per_rest = max(1, (count - per_contender * len(contenders)) // max(1, len(rest))) if rest else 0
    deals = _Deals(view, knowledge, opponents, rng, pause, random_opponent)
    deals.grow(max(per_contender, per_rest))
    results: list[list[Outcome]] = []
    for index, item in enumerate(scored):
        n = per_contender if index < CONTENDERS else per_rest
        outcomes = [deals.play(item.move, number) for number in range(n)]
        results.append(outcomes)
        _summarise(item, outcomes)
    return results


class _Deals:
    """The look-ahead's sampled deals, the same for every option: each from a seed drawn from
    the hint's generator in turn, its opponent hand the next of the sampled hands."""

    def __init__(self, view: DealView, knowledge: Knowledge, opponents: Sequence[int],
                 rng: random.Random, pause: Callable[[], None] | None,
                 random_opponent: bool) -> None:
        self.view = view
        self.knowledge = knowledge
        self.opponents = opponents
        self.rng = rng
        self.pause = pause
        self.random_opponent = random_opponent
        self.seeds: list[int] = []
        self.deals: list[Deal] = []

    def grow(self, count: int) -> None:
        """At least ``count`` deals."""
        while len(self.deals) < count:
            seed = self.rng.getrandbits(32)
            self.seeds.append(seed)
            opponent = self.opponents[len(self.deals) % len(self.opponents)]
            self.deals.append(sampled_deal(self.view, self.knowledge, opponent,
                                           random.Random(seed)))

    def play(self, move: Move, number: int) -> Outcome:
        """``move`` played on a copy of deal ``number``, then the deal played out (with the
        ``random`` model, the opponent's stream is the deal's own); then ``pause``."""
        trial = self.deals[number].copy()
        trial.apply(move)
        opponent_rng = (random.Random(self.seeds[number] ^ 0x5EED) if self.random_opponent
                        else None)
        outcome = play_out(trial, self.view.player, opponent_rng)
        if self.pause is not None:
            self.pause()
        return outcome


def _summarise(item: Scored, outcomes: list[Outcome]) -> None:
    """An option's playouts, raw mean points and share of wins."""
    item.samples = len(outcomes)
    if outcomes:
        item.points = round(sum(o.points for o in outcomes) / len(outcomes), 2)
        item.win = round(sum(o.won for o in outcomes) / len(outcomes), 3)


def _race(view: DealView, knowledge: Knowledge, scored: list[Scored], count: int,
          opponents: Sequence[int], rng: random.Random,
          pause: Callable[[], None] | None, random_opponent: bool) -> list[list[Outcome]]:
    """:func:`look_ahead` as a race (RACE): every option is played on the first deals (at
    least MIN_SAMPLES, so each shows numbers, when the playouts allow), then on twice as many,
    and so on, only the options still in the race (estimates.still_in_the_race: not shown worse
    than the leader on the deals played so far), until the playouts are spent or one option is
    left.  The deals and their order are the same for every option, so any two options share
    their first deals, and the schedule depends only on the outcomes: the same view, seed and
    budget give the same playouts."""
    deals = _Deals(view, knowledge, opponents, rng, pause, random_opponent)
    results: list[list[Outcome]] = [[] for _ in scored]
    points: list[list[float]] = [[] for _ in scored]
    alive = list(range(len(scored)))
    target = max(MIN_SAMPLES, count // (2 * len(scored)))
    left = count
    while len(alive) > 1 and left >= len(alive):
        # Every option in the race has played the same deals: play them all to the target.
        target = min(target, len(results[alive[0]]) + left // len(alive))
        deals.grow(target)
        for index in alive:
            for number in range(len(results[index]), target):
                outcome = deals.play(scored[index].move, number)
                results[index].append(outcome)
                points[index].append(outcome.points)
                left -= 1
        alive = still_in_the_race(points, alive)
        target *= 2
    for item, outcomes in zip(scored, results):
        _summarise(item, outcomes)
    return results
