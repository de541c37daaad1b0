"""A hint's numbers and their errors, and an order that agrees with them (estimates.py).

The statistics are checked against the standard library's; the order on made-up playouts whose
answer is plain; and the hint engine over positions of seeded deals, played on the engine by a
mix of bots and stopped at a decision: no option is valued clearly above one ranked higher, an
option with too few playouts shows no numbers and comes last, and a reply depends only on the
view, the seed and the budget.
"""

from __future__ import annotations

import math
import random
import statistics

import pytest

from ginrules.rules.base.options import resolve_rules
from ginrules.rules.players.bots import bot_move
from ginrules.rules.players import playouts
from ginrules.rules.players.estimates import (MIN_SAMPLES, SIGNIFICANCE, covariance_of_means,
                                              difference_error, logistic_error, order_by_value,
                                              standard_error, still_in_the_race)
from ginrules.rules.players.hints import advise, playouts_for
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Phase
from ginrules.rules.table.views import view_of

PRESETS = ["standard", "oklahoma", "straight", "eaai"]


def positions(count: int, seed: int) -> list[Deal]:
    """Live deals at a decision (not the defender's lay_down) of seeded games between the
    simple and the random bot, under several presets."""
    rng = random.Random(seed)
    found: list[Deal] = []
    game = 0
    while len(found) < count:
        rules = resolve_rules(PRESETS[game % len(PRESETS)])
        game += 1
        deck = list(range(52))
        rng.shuffle(deck)
        deal = Deal(rules, {"ann": deck[:10], "bob": deck[10:20]}, deck[20], "ann", deck[21:])
        bots = {"ann": rng.choice(["simple", "random"]), "bob": rng.choice(["simple", "random"])}
        while deal.phase not in (Phase.OVER, Phase.LAY_DOWN) and len(found) < count:
            if rng.random() < 0.3:
                found.append(deal.copy())
            player = deal.turn
            assert player is not None
            deal.play(bot_move(bots[player], view_of(deal, player), rng.getrandbits(32)))
    return found


POSITIONS = positions(40, seed=41)


# The statistics --------------------------------------------------------------------------------

def test_a_standard_error_is_the_sample_deviation_over_the_root_of_the_count():
    rng = random.Random(1)
    points = [rng.choice([-25, -12, 0, 8, 14, 31]) for _ in range(50)]
    assert standard_error(points) == pytest.approx(statistics.stdev(points) / math.sqrt(50))
    assert standard_error([7]) == 0.0


def test_a_paired_error_is_small_for_options_that_move_together_and_never_above_the_combined():
    rng = random.Random(2)
    base = [rng.gauss(0, 15) for _ in range(60)]
    close = [x + rng.gauss(1, 2) for x in base]
    other = [rng.gauss(0, 15) for _ in range(60)]
    combined = math.hypot(standard_error(base), standard_error(close))
    assert difference_error(base, close) < 0.3 * combined
    # The paired error of the same deals is the error of the mean of the differences.
    diffs = [b - a for a, b in zip(base, close)]
    assert difference_error(base, close) == pytest.approx(standard_error(diffs), rel=1e-9)
    for a, b in ((base, other), (base, [-x for x in base]), (base, close[:35])):
        assert difference_error(a, b) <= math.hypot(standard_error(a), standard_error(b)) + 1e-12
    # Only the shared first deals count towards the covariance of two means.
    assert covariance_of_means(base, base[:30]) == pytest.approx(
        statistics.covariance(base[:30], base[:30]) * 30 / (60 * 30))


def test_a_win_chances_error_follows_the_calibrations_slope_and_is_never_zero():
    # The identity map (slope 1, chance = the kept-off share): the share's binomial error.
    n, won = 60, 21
    share = (won + 0.5) / (n + 1)
    plain = logistic_error(share, 1.0, won, n)
    assert plain == pytest.approx(math.sqrt(share * (1 - share) / n) * n / (n + 1))
    assert logistic_error(share, 0.5, won, n) == pytest.approx(plain / 2)
    assert logistic_error((n + 0.5) / (n + 1), 1.0, n, n) > 0


def test_options_are_ordered_by_value_where_it_differs_clearly_and_by_the_heuristic_within_a_tier():
    rng = random.Random(3)
    deals = [rng.gauss(0, 10) for _ in range(80)]
    # In the heuristic's order: a middling option, one clearly better on every deal, one about
    # equal to the first, one with too few playouts, and one clearly worse.
    spreads = [deals, [x + 6 for x in deals], [x + 0.1 + rng.gauss(0, 3) for x in deals], None,
               [x - 6 for x in deals]]
    order, tiers = order_by_value(spreads)
    assert order == [1, 0, 2, 4, 3]
    assert tiers == [2, 1, 2, None, 3]


def test_the_race_keeps_the_leader_and_the_options_about_equal_to_it_and_drops_the_others():
    rng = random.Random(3)
    base = [rng.gauss(0, 12) for _ in range(80)]
    mean_base = statistics.mean(base)
    points = [
        [x + 1.95 + rng.gauss(0, 1) for x in base],           # 0: about the leader
        [x + 2 + rng.gauss(0, 1) for x in base],              # 1: the leader
        [x - 6 + rng.gauss(0, 1) for x in base],              # 2: clearly worse, same deals
        [mean_base + rng.gauss(0, 12) for _ in range(80)],    # 3: other deals: within its error
        [x + 9 for x in base],                                # 4: out of the race already
    ]
    assert still_in_the_race(points, [0, 1, 2, 3]) == [0, 1, 3]
    leader = max([0, 1, 2, 3], key=lambda i: statistics.mean(points[i]))
    assert leader in (0, 1)
    for index, kept in ((0, True), (1, True), (2, False), (3, True)):
        gap = statistics.mean(points[leader]) - statistics.mean(points[index])
        assert (gap <= SIGNIFICANCE * difference_error(points[leader], points[index])) == kept
    # Equal means: the first in the heuristic's order leads; one clearly best ends the race.
    assert still_in_the_race([[1.0, 2.0], [1.0, 2.0]], [1, 0]) == [1, 0]
    assert still_in_the_race([[5.0] * 40, [1.0] * 40], [0, 1]) == [0]


# The hint engine -------------------------------------------------------------------------------

def _numbers_agree(hint) -> int:
    """Check that no option with numbers is valued above one ranked higher by more than twice
    their combined standard error (the reply's rounding allowed), that a tier is never below a
    worse one, and that the options without numbers come last; the pairs checked."""
    shown = [o for o in hint.options if o.expected_points is not None]
    assert hint.options[:len(shown)] == tuple(shown)
    pairs = 0
    for high_index, high in enumerate(shown):
        for low in shown[high_index + 1:]:
            allowed = 2 * math.hypot(high.expected_points_error, low.expected_points_error)
            assert low.expected_points - high.expected_points <= allowed + 0.02, (high, low)
            assert low.tier >= high.tier
            pairs += 1
    return pairs


@pytest.mark.parametrize("budget_ms", [100, 400])
def test_no_hint_values_an_option_clearly_above_one_ranked_higher(budget_ms):
    pairs = reordered = 0
    for index, deal in enumerate(POSITIONS[:30] if budget_ms == 100 else POSITIONS[:10]):
        hint = advise(view_of(deal, deal.turn), seed=index, budget_ms=budget_ms)
        pairs += _numbers_agree(hint)
        reordered += any(o.tier != hint.options[0].tier for o in hint.options
                         if o.tier is not None)
    assert pairs >= 20 and reordered >= 1


def test_options_with_too_few_playouts_show_no_numbers_say_why_and_keep_the_heuristics_order():
    withheld = shown = 0
    for index, deal in enumerate(POSITIONS):
        view = view_of(deal, deal.turn)
        hint = advise(view, seed=index, budget_ms=40 + 30 * (index % 3))
        for option in hint.options:
            numbers = (option.expected_points, option.win_chance, option.expected_points_error,
                       option.win_chance_error, option.tier)
            if option.samples < MIN_SAMPLES:
                assert numbers == (None,) * 5
                assert f"{option.samples} playout" in option.numbers_withheld
                withheld += 1
            else:
                assert None not in numbers and option.numbers_withheld is None
                assert option.expected_points_error >= 0 and option.win_chance_error > 0
                shown += 1
        if deal.phase is Phase.DISCARD:
            # The heuristic's order alone (no playouts) on the same sampled opponent hands.
            plain = [o.move for o in advise(view, seed=index, playouts=0).options]
            without = [o.move for o in hint.options if o.expected_points is None]
            assert without == [move for move in plain if move in without]
    assert withheld >= 20 and shown >= 20


@pytest.mark.parametrize("race", [False, True])
def test_a_hint_with_its_errors_depends_only_on_the_view_the_seed_and_the_budget(monkeypatch,
                                                                                 race):
    monkeypatch.setattr(playouts, "RACE", race)
    for index, deal in enumerate(POSITIONS[:6]):
        player = deal.turn
        view = view_of(deal, player)
        # The same view from another deal: the hidden cards dealt otherwise.
        known = set(view.opponent_known)
        hidden = [c for c in range(52)
                  if c not in view.hand and c not in view.pile and c not in known]
        random.Random(index).shuffle(hidden)
        count = view.opponent_hand_size - len(known)
        other = Deal.from_view(view, [*known, *hidden[:count]], hidden[count:])
        assert deal.hands != other.hands or deal.stock != other.stock
        first = advise(view, seed=index, budget_ms=100)
        assert advise(view_of(other, player), seed=index, budget_ms=100) == first
        assert any(o.expected_points_error is not None for o in first.options)


@pytest.mark.parametrize("budget_ms", [20, 100])
def test_a_race_plays_every_option_on_the_first_deals_and_spends_at_most_its_playouts(
        monkeypatch, budget_ms):
    monkeypatch.setattr(playouts, "RACE", True)
    raced = ended_early = 0
    for index, deal in enumerate(POSITIONS[:24]):
        view = view_of(deal, deal.turn)
        hint = advise(view, seed=index, budget_ms=budget_ms)
        count = playouts_for(budget_ms)
        samples = [o.samples for o in hint.options]
        if len(samples) < 2:
            continue
        raced += 1
        first = min(max(MIN_SAMPLES, count // (2 * len(samples))), count // len(samples))
        assert min(samples) >= first and sum(samples) <= count, samples
        ended_early += sum(samples) < count - len(samples)
        _numbers_agree(hint)
        assert advise(view, seed=index, budget_ms=budget_ms) == hint
    assert raced >= 15 and ended_early >= 1
