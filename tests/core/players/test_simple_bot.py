"""The ``simple`` bot as SimpleGinRummyPlayer plays (the EAAI-2021 challenge's baseline): the
knock's spread, the memory of (drawn, discarded) pairs, the lay-down after a knock."""

from __future__ import annotations

import random
from dataclasses import replace

from ginrules.rules.base.cards import CARD_BITS, Card, cards_mask
from ginrules.rules.base.options import resolve_rules
from ginrules.rules.hands.layoffs import extends_meld
from ginrules.rules.hands.solver import solver_for
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Discard, Draw, Knock, LayDown, Phase, Record
from ginrules.rules.table.views import view_of
from ginrules.rules.players.bots import Chooser, simple_move

from tests.core.players.test_bots import POSITIONS, new_deal

EAAI = resolve_rules("eaai")


def _melded(melds) -> int:
    return sum(CARD_BITS[c] for meld in melds for c in meld.cards)


def _simple_deals(count: int, seed: int, stop):
    """Deals of two simple bots under eaai, each copied where ``stop(deal)`` says."""
    rng = random.Random(seed)
    found: list[Deal] = []
    while len(found) < count:
        deal = new_deal(EAAI, rng)
        while deal.phase is not Phase.OVER and len(found) < count:
            if stop(deal):
                found.append(deal.copy())
            deal.play(simple_move(view_of(deal, deal.turn), rng.getrandbits(32)))
    return found


def test_the_simple_bot_knocks_with_an_optimal_spread_chosen_at_random():
    knocks = _simple_deals(30, 5, lambda deal: deal.phase is Phase.DISCARD and any(
        isinstance(m, Knock) for m in deal.legal_moves()))
    solver = solver_for(EAAI)
    spreads_seen = 0
    for deal in knocks:
        view = view_of(deal, deal.turn)
        move = simple_move(view, 1)
        assert isinstance(move, Knock) and move.melds is not None and deal.can(move)
        rest = cards_mask(view.hand) & ~CARD_BITS[move.discard]
        melded = _melded(move.melds)
        assert melded & rest == melded
        dead = sum(EAAI.card_values[c] for c in range(52) if rest >> c & 1 and not melded >> c & 1)
        assert dead == solver.min_deadwood(rest) <= view.limit
        if len(solver.optimal_arrangements(rest)) > 1:
            spreads = {simple_move(view, seed).melds for seed in range(40)}
            spreads_seen += len(spreads) > 1
    assert spreads_seen  # several optimal spreads: not always the same one


def test_the_simple_bot_never_repeats_a_drawn_and_discarded_pair():
    checked = 0
    for index, deal in enumerate(POSITIONS):
        if deal.phase is not Phase.DISCARD or deal.must_knock:
            continue
        view = view_of(deal, deal.turn)
        last = view.history[-1]
        drawn = last.card if last.card is not None else last.move.card
        first = simple_move(view, index)
        card = first.discard if isinstance(first, Knock) else first.card
        if card == drawn or card is None:
            continue
        # The same turn, had the player drawn ``card`` and discarded ``drawn`` before: that
        # pair is barred either way round.
        earlier = (Record(Draw(view.player, "stock"), card), Record(Discard(view.player, drawn)))
        barred = replace(view, history=earlier + view.history)
        move = simple_move(barred, index)
        again = move.discard if isinstance(move, Knock) else move.card
        assert again != card and deal.can(move)
        counts = dict(zip(view.hand, solver_for(view.rules).discard_counts(cards_mask(view.hand))))
        allowed = [c for c in view.hand if c not in (card, view.taken)]
        assert counts[again] == min(counts[c] for c in allowed)
        checked += 1
    assert checked >= 10


def test_the_simple_bot_forgets_the_pairs_when_every_card_is_barred():
    deal = next(d for d in POSITIONS if d.phase is Phase.DISCARD and not d.must_knock
                and d.taken is None)
    view = view_of(deal, deal.turn)
    last = view.history[-1]
    drawn = last.card if last.card is not None else last.move.card
    earlier = tuple(record for card in view.hand
                    for record in (Record(Draw(view.player, "stock"), card),
                                   Record(Discard(view.player, drawn))))
    barred = replace(view, history=earlier + view.history)
    assert simple_move(barred, 3) == simple_move(view, 3)


def test_the_simple_bot_lays_off_as_the_referee_does_after_a_declared_knock():
    lay_downs = _simple_deals(30, 8, lambda deal: deal.phase is Phase.LAY_DOWN)
    solver = solver_for(EAAI)
    laid = 0
    for deal in lay_downs:
        view = view_of(deal, deal.turn)
        move = simple_move(view, 2)
        assert isinstance(move, LayDown) and move.melds is not None and deal.can(move)
        own = cards_mask(view.hand)
        melded = _melded(move.melds)
        dead = sum(EAAI.card_values[c] for c in range(52) if own >> c & 1 and not melded >> c & 1)
        assert dead == solver.min_deadwood(own)  # its own melds are optimal
        knocker = view.knock.melds
        grown = [set(meld.cards) for meld in knocker]
        for layoff in move.layoffs:
            grown[layoff.meld].add(layoff.card)
        used = melded | sum(CARD_BITS[layoff.card] for layoff in move.layoffs)
        loose = [Card(c) for c in range(52) if own >> c & 1 and not used >> c & 1]
        gin = _melded(knocker).bit_count() == 10
        if gin:
            assert move.layoffs == ()
        else:  # nothing more could be laid off
            assert not any(extends_meld(meld.kind, grown[i], c) for c in loose
                           for i, meld in enumerate(knocker))
        laid += len(move.layoffs)
    assert laid


def test_against_a_knock_the_service_arranged_the_simple_bot_lays_down_the_best_reply():
    deal = _simple_deals(1, 8, lambda deal: deal.phase is Phase.DISCARD and any(
        isinstance(m, Knock) for m in deal.legal_moves()))[0]
    knock = next(m for m in deal.legal_moves() if isinstance(m, Knock))
    deal.play(knock)  # no melds declared: the service arranges the spread
    move = simple_move(view_of(deal, deal.turn), 4)
    assert move == LayDown(deal.turn)


def test_the_simple_bots_choices_are_those_of_a_generator_seeded_for_the_decision():
    # Chooser makes its generator only at the first choice of several options: every choice
    # must still be the one random.Random(seed).choice makes, however many choices of one
    # option come first, between or after.
    shapes = random.Random(3)
    for seed in range(400):
        sizes = [shapes.choice((1, 1, 1, 2, 3, 7)) for _ in range(shapes.randint(1, 5))]
        ours, theirs = Chooser(seed), random.Random(seed)
        for size in sizes:
            options = [f"{seed}-{size}-{i}" for i in range(size)]
            assert ours.choice(options) == theirs.choice(options), (seed, sizes)

