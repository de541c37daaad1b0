"""What one player knows of a deal, and the hidden cards sampled consistently with it.

Everything here is read from the player's view (:class:`~..table.moves.DealView`): their hand,
the pile, the public history (what the opponent took, passed over and discarded).  Nothing here
decides a rule; the engine does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import cast

from ..base.cards import CARD_BITS, FULL_DECK, Card, cards_mask, mask_cards
from ..base.melds import meld_pairs
from ..base.options import Rules
from ..hands.knock import count_may_knock, spread_may_knock
from ..hands.solver import solver_for
from ..table.moves import DealView, Discard, Draw, Knock

DECLINE_KEEP = 0.3
"""The chance that a sampled opponent hand melding a card they declined or discarded is kept:
players keep what melds, so such hands are much less likely (but not impossible)."""
IMPROVEMENTS = 8
"""At most this many draws of the opponent are replayed when a hand is sampled: measured in
self-play against the simple bot, hands replayed over every draw were far better than real
ones late in a deal (deadwood 10 against 19 after nine to eleven draws), since a real hand
that lasts that long is one that improved slowly; at 8 the mean deadwood of sampled hands is
within a few points of the real ones at every stage."""
HOLD_KEEP = 0.1
"""The weight of a sampled hand for each of the opponent's turns at which it could have
knocked (R-5.1) but the opponent discarded instead: most players knock as soon as they may,
so such hands are unlikely (but possible: a player may play on for gin)."""
TAKEN_KEEP = 0.1
"""The weight of a sampled hand for each card the opponent took from the pile and holds that
makes no meld with its other cards: players take a pile card to meld it.  Measured in paired
deals against the simple bot under the EAAI rules (docs/strength.md), 0.1 gained +0.91 +/-
0.29 points a deal on a seed it was not chosen on; 1.0 turns the weight off."""
ATTEMPTS = 24
"""Hands drawn at most for one sample; when none is kept, the likeliest of them is."""


@dataclass(frozen=True)
class Knowledge:
    """What one player knows of a deal, in masks: the facts the advice reasons from."""

    rules: Rules
    player: str
    opponent: str
    hand: int
    hidden: int
    """Cards the player has not seen where they are: in the opponent's hand or the stock."""
    opponent_known: int
    """Cards the opponent took from the pile and still holds."""
    opponent_unknown: int
    """How many of the opponent's cards the player cannot see."""
    stock_count: int
    pile: tuple[Card, ...]
    declined: tuple[Card, ...]
    """Pile cards the opponent could have taken and did not (a pass, or a stock draw)."""
    discarded: tuple[Card, ...]
    """The opponent's discards."""
    upcard: Card
    limit: int
    first: bool
    """Whether the player is the non-dealer (offered the first upcard first)."""
    opponent_draws: int = 0
    """The opponent's draws so far, from the stock or the pile: how many times they could
    improve their hand, and then chose to discard rather than knock."""

    @property
    def drawable(self) -> tuple[Card, ...]:
        """The cards the next stock draw could bring, as far as the player knows."""
        return mask_cards(self.hidden)


def knowledge_of(view: DealView) -> Knowledge:
    """The facts of a view, with the opponent's picks, passes and discards read from its
    public history (docs/gamelog.md ``view``)."""
    hand = cards_mask(view.hand)
    known = cards_mask(view.opponent_known)
    hidden = FULL_DECK & ~hand & ~known & ~cards_mask(view.pile)
    declined: list[Card] = []
    discarded: list[Card] = []
    opponent_draws = 0
    for move, _, passed_over in view.history:
        if move.player != view.opponent:
            continue
        if passed_over is not None:
            declined.append(passed_over)
        # The moves as played: no card of a history is HIDDEN (only options hide them).
        if type(move) is Draw:
            opponent_draws += 1
        elif type(move) is Discard:
            discarded.append(cast(Card, move.card))
        elif type(move) is Knock and move.discard is not None:
            discarded.append(cast(Card, move.discard))
    unknown = max(0, view.opponent_hand_size - len(view.opponent_known))
    return Knowledge(
        rules=view.rules, player=view.player, opponent=view.opponent, hand=hand, hidden=hidden,
        opponent_known=known, opponent_unknown=unknown, stock_count=view.stock_count,
        pile=tuple(view.pile), declined=tuple(declined), discarded=tuple(discarded),
        upcard=view.upcard, limit=view.limit, first=view.dealer != view.player,
        opponent_draws=opponent_draws)


def melds_with(card: Card, hand: int, pairs: tuple[tuple[int, ...], ...]) -> int:
    """How many ways ``card`` would form a meld of three with two cards of ``hand``."""
    return sum(1 for pair in pairs[card] if hand & pair == pair)


def sample_opponent_hands(knowledge: Knowledge, rng: random.Random, count: int, *,
                          informed: bool = True) -> list[int]:
    """Opponent hands consistent with the view: the known cards plus unseen cards.

    A player's hand gets better with each draw, so a sampled hand is not a random one: it
    starts as random unseen cards and then, for each draw the opponent has made (at most
    IMPROVEMENTS), takes one more unseen card and lets go of the card that leaves it the least
    deadwood (the known cards always stay).  Each hand is kept with a weight: lower for each
    step after which it could have knocked (R-5.1), since the opponent discarded instead and
    most players knock when they may (HOLD_KEEP), and lower for each meld it would make with a
    card the opponent passed or discarded, since players keep what melds (DECLINE_KEEP), and
    for each card they took from the pile that melds nothing with it, since players take a
    card to meld it (TAKEN_KEEP).
    Not ``informed``: the known cards plus unseen cards drawn uniformly, as a random player's
    hand is."""
    hidden = list(mask_cards(knowledge.hidden))
    need = min(knowledge.opponent_unknown, len(hidden))
    spare = len(hidden) - need
    if not informed:
        return [known_hand(knowledge, rng.sample(hidden, need)) for _ in range(count)]
    steps = min(knowledge.opponent_draws, IMPROVEMENTS, spare)
    signals = knowledge.declined + knowledge.discarded
    rules = knowledge.rules
    pairs = meld_pairs(round_the_corner=rules.round_the_corner)
    solver = solver_for(rules)
    values = knowledge.rules.card_values
    known = knowledge.opponent_known
    limit = knowledge.limit
    hands = []
    for _ in range(count):
        fallback, fallback_keep = 0, -1.0
        for _attempt in range(ATTEMPTS):
            drawn = rng.sample(hidden, need + steps)
            extra = 0
            for card in drawn[:need]:
                extra |= CARD_BITS[card]
            keep = 1.0
            for card in drawn[need:]:
                extra |= CARD_BITS[card]
                hand = extra | known
                # The card whose discard leaves the least deadwood, the highest among ties.
                worst, least, highest = -1, 0, 0
                for held, value in zip(mask_cards(hand), solver.discard_counts(hand)):
                    if known >> held & 1:
                        continue
                    if worst < 0 or value < least or (value == least
                                                      and values[held] > highest):
                        worst, least, highest = held, value, values[held]
                assert worst >= 0
                extra &= ~CARD_BITS[worst]
                # The knock rule: its precheck on the count, then the spread kept.
                if count_may_knock(least, limit) and spread_may_knock(
                        extra | known, rules, limit, count=least):
                    keep *= HOLD_KEEP
            hand = extra | known
            ways = sum(melds_with(card, hand, pairs) for card in signals
                       if not hand >> card & 1)
            if ways:
                keep *= DECLINE_KEEP ** ways
            if known and TAKEN_KEEP < 1.0:
                for card in mask_cards(known):
                    if not melds_with(card, hand, pairs):
                        keep *= TAKEN_KEEP
            if keep >= 1.0 or rng.random() < keep:
                break
            if keep > fallback_keep:
                fallback, fallback_keep = hand, keep
        else:
            hand = fallback
        hands.append(hand)
    return hands


def known_hand(knowledge: Knowledge, cards: list[Card]) -> int:
    """The opponent's known cards with these unseen ones."""
    hand = knowledge.opponent_known
    for card in cards:
        hand |= CARD_BITS[card]
    return hand
