"""The playouts' policy (players/playouts.py): the moves it plays are the engine's, and the
player's own seat may be held to knock with less deadwood (``OWN_KNOCK``) than the rules allow,
so that an option is valued as the plan it starts."""

from __future__ import annotations

import itertools
import random

from ginrules.rules.base.options import resolve_rules
from ginrules.rules.hands.knock import may_discard_taken_card
from ginrules.rules.hands.solver import solver_for
from ginrules.rules.players import playouts
from ginrules.rules.players.playouts import policy_move
from ginrules.rules.table.dealing import shuffle_as_random
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Draw, Knock, Phase

from tests.core.players.test_bots import melds_of_three, new_deal


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


TAKE_PRESETS = ["eaai", "standard",
                {"preset": "standard", "taken_card_discard": "allow"},
                {"preset": "standard", "round_the_corner": True, "ace_deadwood_value": 15}]


def draw_positions(count: int) -> list[Deal]:
    """Deals at a draw with a pile card to take, under the presets with and without round the
    corner."""
    rng = random.Random(11)
    found: list[Deal] = []
    while len(found) < count:
        deal = new_deal(resolve_rules(rng.choice(TAKE_PRESETS)), rng)
        while not deal.over and len(found) < count:
            if deal.phase in (Phase.DRAW, Phase.FIRST_TURN) and deal.pile:
                found.append(deal.copy())
            deal.play(policy_move(deal))
    return found


def test_r2_the_playouts_melding_take_rule_takes_a_pile_card_exactly_when_it_makes_a_meld():
    # TAKES_MELDING (playouts.OPPONENT_TAKES or OWN_TAKES): the published simple player's
    # draw, the pile card taken exactly when two cards of the hand make a meld of three with it.
    taken = declined = 0
    for deal in draw_positions(300):
        player, card = deal.turn, deal.pile[-1]
        hand = [c for c in range(52) if deal.hands[player] >> c & 1]
        expected = deal.can(Draw(player, "discard", None)) and any(
            melds_of_three((card, a, b), deal.rules.round_the_corner)
            for a, b in itertools.combinations(hand, 2))
        move = policy_move(deal, None, playouts.TAKES_MELDING)
        takes = isinstance(move, Draw) and move.source == "discard"
        assert takes == expected, (deal.rules, player, card)
        taken += takes
        declined += not takes
    assert taken > 20 and declined > 20


def test_the_playouts_take_rules_take_as_they_say_they_do():
    # Any saving: taken exactly when some discard after it leaves less deadwood than the hand
    # has now (not the card itself where keeps it); the default asks more than half the
    # card's value, so it takes no more often; neither where the engine refuses
    # the take (R-4.2: the upcard passed by both).
    more = 0
    for deal in draw_positions(300):
        player, card = deal.turn, deal.pile[-1]
        solver = solver_for(deal.rules)
        hand = deal.hands[player]
        now = solver.min_deadwood(hand)
        after = min(solver.min_deadwood((hand | 1 << card) & ~(1 << other))
                    for other in range(52) if (hand >> other & 1)
                    or (other == card and may_discard_taken_card(deal.rules)))
        saving = policy_move(deal, None, playouts.TAKES_ANY_SAVING)
        default = policy_move(deal, None)
        takes_any = isinstance(saving, Draw) and saving.source == "discard"
        takes = isinstance(default, Draw) and default.source == "discard"
        allowed = deal.can(Draw(player, "discard", None))
        assert takes_any == (allowed and after < now), (deal.rules, player, card)
        assert takes == (allowed and now - after > deal.rules.card_values[card] // 2)
        more += takes_any and not takes
    assert more > 0
