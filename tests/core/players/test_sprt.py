"""The arena's sequential test (players/sprt.py): its LLR against the normal log-likelihood
ratio written out here, its error rates by simulation against pair scores drawn from known
distributions, its start, its hypotheses; and the arena stopping at the pair that decides."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from ginrules.rules import resolve_rules
from ginrules.rules.players.arena import Entrant, arena
from ginrules.rules.players.sprt import (MIN_PAIRS, Scores, Sprt, elo_score,
                                         pair_quarters)

SIMULATED = 1000
"""Simulated tests per operating point."""


def _normal_llr(scores: list[float], mean0: float, mean1: float, variance: float) -> float:
    """The log-likelihood ratio of N(mean1, variance) against N(mean0, variance), summed
    over the observations from the densities themselves."""
    def log_density(x: float, mean: float) -> float:
        return -0.5 * math.log(2 * math.pi * variance) - (x - mean) ** 2 / (2 * variance)

    return sum(log_density(x, mean1) - log_density(x, mean0) for x in scores)


def _scores(quarters: list[int]) -> Scores:
    scores = Scores()
    for q in quarters:
        scores = scores.add(q)
    return scores


def test_logistic_elo_scores():
    assert elo_score(0) == 0.5
    assert elo_score(400) == pytest.approx(10 / 11)  # ten times the odds
    assert elo_score(-400) == pytest.approx(1 / 11)
    assert elo_score(50) == pytest.approx(0.5715, abs=1e-4)


def test_a_pairs_score_counts_quarters_of_its_two_games():
    # (wins of the first player, games that reached the target) -> its share of the two games
    for wins, decided, share in ((2, 2, 1), (1, 2, 0.5), (0, 2, 0), (1, 1, 0.75), (0, 1, 0.25),
                                 (0, 0, 0.5)):
        assert pair_quarters(wins, decided) / 4 == share


@pytest.mark.parametrize("seed", range(5))
def test_the_llr_is_the_normal_log_likelihood_ratio_of_the_pair_scores(seed):
    rng = random.Random(seed)
    quarters = [rng.choice([0, 1, 2, 2, 2, 3, 4, 4]) for _ in range(rng.randrange(2, 300))]
    test = Sprt.parse("-10,40")
    pair_scores = [q / 4 for q in quarters]
    n = len(pair_scores)
    # The variance as the module states it: the sample's, with 4 pseudo-pairs of 1/4.
    variance = (statistics.pvariance(pair_scores) * n + 4 * 0.25) / (n + 4)
    expected = _normal_llr(pair_scores, elo_score(-10), elo_score(40), variance)
    assert test.llr(_scores(quarters)) == pytest.approx(expected, rel=1e-9, abs=1e-9)


def test_the_bounds_are_walds():
    symmetric = Sprt.parse("0,50")
    assert (symmetric.lower, symmetric.upper) == pytest.approx((-2.944, 2.944), abs=1e-3)
    uneven = Sprt.parse("0,50", alpha=0.2, beta=0.01)
    assert uneven.lower == pytest.approx(math.log(0.01 / 0.8))
    assert uneven.upper == pytest.approx(math.log(0.99 / 0.2))


def test_no_decision_before_the_minimum_however_lopsided_and_no_division_by_zero():
    test = Sprt.parse("0,50")
    swept = Scores()
    split = Scores()
    for pair in range(1, MIN_PAIRS + 1):
        swept, split = swept.add(4), split.add(2)
        assert math.isfinite(test.llr(swept)) and math.isfinite(test.llr(split))
        assert test.llr(swept) > 0 > test.llr(split)
        decided = (test.decision(swept), test.decision(split))
        assert decided == ((None, None) if pair < MIN_PAIRS else ("H1", None))


def _trinomial(mean: float, split: float) -> tuple[float, float, float]:
    """Chances of a pair score 0, 1/2 and 1 with this mean and this chance of a split."""
    swept_first = mean - split / 2
    return 1 - split - swept_first, split, swept_first


def _run_test(test: Sprt, chances: tuple[float, float, float], rng: random.Random,
              cap: int = 3000) -> str | None:
    scores = Scores()
    lost, split = chances[0], chances[0] + chances[1]
    for _ in range(cap):
        draw = rng.random()
        scores = scores.add(0 if draw < lost else 2 if draw < split else 4)
        if (decided := test.decision(scores)) is not None:
            return decided
    return None


@pytest.mark.parametrize("hypotheses, split", [("0,50", 0.3), ("-20,20", 0.6),
                                               ("50%,55%", 0.1)])
def test_the_error_rates_are_about_alpha_and_beta(hypotheses, split):
    """Pair scores drawn from a trinomial whose mean is H0's score: H1 is accepted about alpha
    of the time; at H1's score, H0 about beta of the time.  alpha and beta differ, so swapped
    bounds would show.  The tolerance, 0.03, is three standard errors of a rate of 0.1 over
    1,000 simulated tests (the approximation itself is within 2 points: 4,000 tests each
    gave 0.085 to 0.108 for alpha, 0.043 to 0.045 for beta)."""
    test = Sprt.parse(hypotheses, alpha=0.10, beta=0.05)
    rng = random.Random(hypotheses)
    at_h0 = [_run_test(test, _trinomial(test.score0, split), rng) for _ in range(SIMULATED)]
    at_h1 = [_run_test(test, _trinomial(test.score1, split), rng) for _ in range(SIMULATED)]
    assert None not in at_h0 + at_h1  # every test decided within the cap
    assert at_h0.count("H1") / SIMULATED == pytest.approx(0.10, abs=0.03)
    assert at_h1.count("H0") / SIMULATED == pytest.approx(0.05, abs=0.03)


@pytest.mark.parametrize("text, scores, elo", [
    ("0,50", (0.5, elo_score(50)), (0, 50)),
    ("-10, 10", (elo_score(-10), elo_score(10)), (-10, 10)),
    ("50%,55%", (0.5, 0.55), None),
    ("0.50,0.55", (0.5, 0.55), None),
    ("45.5%,60%", (0.455, 0.6), None),
])
def test_hypotheses_in_elo_or_as_win_rates(text, scores, elo):
    test = Sprt.parse(text)
    assert (test.score0, test.score1) == pytest.approx(scores)
    assert test.elo == elo and (test.alpha, test.beta) == (0.05, 0.05)


@pytest.mark.parametrize("text, alpha, beta, words", [
    ("50,0", 0.05, 0.05, "below the second"),
    ("10,10", 0.05, 0.05, "below the second"),
    ("55%,50%", 0.05, 0.05, "below the second"),
    ("0,50,100", 0.05, 0.05, "two hypotheses"),
    ("fifty,sixty", 0.05, 0.05, "numbers"),
    ("0,inf", 0.05, 0.05, "numbers"),
    ("50%,0.55", 0.05, 0.05, "mixes"),
    ("0,0.55", 0.05, 0.05, "mixes"),
    ("0%,55%", 0.05, 0.05, "above 0%"),
    ("0,5000", 0.05, 0.05, "-2000 to 2000"),
    ("0,50", 0.5, 0.05, "--alpha"),
    ("0,50", 0.05, 0.0, "--beta"),
    ("0,50", math.nan, 0.05, "--alpha"),
])
def test_bad_hypotheses_and_error_rates_are_refused_in_a_line(text, alpha, beta, words):
    with pytest.raises(ValueError) as refused:
        Sprt.parse(text, alpha, beta)
    assert words in str(refused.value) and "\n" not in str(refused.value)


EAAI = resolve_rules("eaai")


class _CountingRunner:
    """This process, counting the pairs played and whether the arena let go of the rest."""

    def __init__(self) -> None:
        self.played: list[int] = []
        self.closed = False

    def map(self, task, arguments, total=None):
        try:
            for each in arguments:
                self.played.append(each[1])
                yield task(*each)
        finally:
            self.closed = True

    def workers(self, total=None):
        return 1

    def label(self, total=None):
        return "1 process"


def test_a_clearly_stronger_player_is_decided_at_once_and_the_pairs_after_are_not_played():
    runner = _CountingRunner()
    tested = arena((Entrant("simple"), Entrant("random")), 1000, 3, EAAI, runner=runner,
                   sprt=Sprt.parse("0,50"))
    assert tested.sprt is not None and tested.sprt.decision == "H1"
    assert len(tested.pairs) == tested.sprt.scores.pairs < 100
    assert runner.played == list(range(len(tested.pairs))) and runner.closed
    # The same pairs as an arena of that many pairs without a test.
    plain = arena((Entrant("simple"), Entrant("random")), len(tested.pairs), 3, EAAI)
    assert plain.pairs == tested.pairs and plain.sprt is None


def test_a_bot_against_itself_is_found_no_stronger():
    """Every pair is split (test_arena.py), so the variance is the prior's alone, 1 / (n + 4),
    and LLR = -n (n + 4) g^2 / 2 for hypotheses 0 and g above an even score."""
    test = Sprt.parse("0,50")
    g = test.score1 - test.score0
    expected = next(n for n in range(MIN_PAIRS, 10_000)
                    if -n * (n + 4) * g ** 2 / 2 <= math.log(0.05 / 0.95))
    tested = arena((Entrant("simple"), Entrant("simple")), 200, 1, EAAI, sprt=test)
    assert tested.sprt is not None and tested.sprt.decision == "H0"
    assert len(tested.pairs) == expected
