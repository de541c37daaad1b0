"""The playouts' policy (players/playouts.py): the moves it plays are the engine's, and the
player's own seat may be held to knock with less deadwood (``OWN_KNOCK``) than the rules allow,
so that an option is valued as the plan it starts."""

from __future__ import annotations

import random

from ginrules.rules.base.options import resolve_rules
from ginrules.rules.hands.solver import solver_for
from ginrules.rules.players.playouts import policy_move
from ginrules.rules.table.dealing import shuffle_as_random
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Knock, Phase

from tests.core.players.test_bots import new_deal


def knock_positions(count: int) -> list[Deal]:
    """Deals at a discard where the policy, free to, knocks with some deadwood."""
    rng = random.Random(5)
    found = []
    while len(found) < count:
        deal = new_deal(resolve_rules("eaai"), rng)
        while not deal.over and len(found) < count:
            move = policy_move(deal)
            if (deal.phase is Phase.DISCARD and isinstance(move, Knock)
                    and move.discard is not None):
                spread = deal.hands[move.player] & ~(1 << move.discard)
                if solver_for(deal.rules).min_deadwood(spread) > 0:
                    found.append(deal.copy())
            deal.play(move)
    return found


def test_r5_1_a_seat_held_to_a_lower_knock_plays_on_unless_the_wall_forces_the_knock():
    positions = knock_positions(20)
    for deal in positions:
        free = policy_move(deal)
        assert isinstance(free, Knock)
        held = policy_move(deal, 0)
        assert deal.can(held)
        if not deal.must_knock:
            assert not isinstance(held, Knock)
        # A limit the knock is within changes nothing.
        assert policy_move(deal, deal.limit) == free


def test_the_sampled_stock_is_shuffled_as_python_random_shuffles_it():
    # The core's own shuffle (compiled with it: the playouts' stocks, self-play's decks) must
    # leave every list, of every length a stock or a deck can have and others, in the order
    # random.Random.shuffle leaves it, and the generator in the same state after.
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 8, 9, 16, 17, 31, 32, 33, 42, 52, 64, 65):
            ours, theirs = random.Random(seed), random.Random(seed)
            cards, expected = list(range(size)), list(range(size))
            shuffle_as_random(cards, ours)
            theirs.shuffle(expected)
            assert cards == expected, (seed, size)
            assert ours.getstate() == theirs.getstate()
