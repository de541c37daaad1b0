"""A sequential probability ratio test (SPRT) over the arena's mirrored pairs: play pairs until
the results say, at chosen error rates, which of two hypotheses about the first player's score
holds, so that a clear difference is decided in a few dozen pairs and only a close call takes
thousands.

The unit is the pair, not the game: the two games of a pair share their decks, so they are not
independent.  A pair's *score* is the first player's share of its two games, a game won 1, lost
0, unfinished (after selfplay.MAX_DEALS deals) 1/2: 0, 1/4, 1/2, 3/4 or 1 (kept in quarter
points, whole numbers, so that the sums are exact).  Its mean is the first player's expected
score a game.  The hypotheses are two such scores, ``score0 < score1``, stated as win rates or
as Elo differences (logistic: score = 1 / (1 + 10^(-elo / 400))).

The test is the generalized SPRT with the normal approximation, as chess engine testing runs it
on pairs of games: after n pairs of mean score m and variance v, the log-likelihood ratio of
H1 (mean score1) against H0 (mean score0) is

    LLR = n (score1 - score0) (2 m - score0 - score1) / (2 v),

H1 is accepted once LLR >= log((1 - beta) / alpha), H0 once LLR <= log(beta / (1 - alpha)):
were the true score score0, H1 is accepted about alpha of the time; were it score1, H0 about
beta of the time (Wald's bounds, approximate).

The variance at the start.  The sample variance of a few pairs is often 0 (a bot that sweeps
every pair, a bot against itself that splits every one), and the LLR would then be infinite, or
at best decided by two or three pairs.  So ``v`` is the sample variance with PRIOR_PAIRS
pseudo-pairs of PRIOR_VARIANCE, the largest variance a score between 0 and 1 can have, (sum of
squared deviations + PRIOR_PAIRS * PRIOR_VARIANCE) / (n + PRIOR_PAIRS): cautious at first, it
weighs less with every pair (4% of the whole after 100 pairs); and no decision is taken before
MIN_PAIRS pairs, where the normal approximation of a bounded score is poor and a wide pair of
hypotheses (Elo 0 against 200) would otherwise stop at ten pairs or so with twice the error
rate asked for.  Both were chosen by simulating trinomial pair scores (none to half of the
pairs split) at score0 and at score1 for hypotheses 20 to 400 Elo apart: the error rates
stay within about 2 points of alpha and beta, most often a little under them
(tests/core/players/test_sprt.py checks a few).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MIN_PAIRS = 20
"""Pairs played before the test may decide."""
PRIOR_PAIRS = 4
"""Pseudo-pairs of :data:`PRIOR_VARIANCE` in the variance of the pair scores."""
PRIOR_VARIANCE = 0.25
"""The largest variance of a score between 0 and 1 (every pair swept, half each way)."""
QUARTERS = 4
"""A pair's score is counted in quarter points: 2 for a game won, 1 for a game unfinished."""

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def elo_score(elo: float) -> float:
    """The expected score a game of a player ``elo`` points stronger (logistic)."""
    return 1 / (1 + 10 ** (-elo / 400))


def pair_quarters(wins: int, decided: int) -> int:
    """The first player's score of a pair in quarter points (0 to 4): 2 a game won, 1 a game
    unfinished; ``wins`` its games won, ``decided`` the pair's games that reached the target."""
    return 2 * wins + (2 - decided)


@dataclass(frozen=True)
class Scores:
    """The pair scores so far, as sums of quarter points (exact, whatever their order)."""

    pairs: int = 0
    quarters: int = 0
    squares: int = 0

    def add(self, quarters: int) -> "Scores":
        """These scores and one more pair's, ``quarters`` 0 to 4."""
        return Scores(self.pairs + 1, self.quarters + quarters, self.squares + quarters ** 2)

    @property
    def mean(self) -> float:
        """The mean pair score (0 with no pair)."""
        return self.quarters / (QUARTERS * self.pairs) if self.pairs else 0.0

    @property
    def variance(self) -> float:
        """The variance of the pair scores with the prior's pseudo-pairs (module docstring)."""
        deviations = (self.squares - self.quarters ** 2 / max(1, self.pairs)) / QUARTERS ** 2
        return (deviations + PRIOR_PAIRS * PRIOR_VARIANCE) / (self.pairs + PRIOR_PAIRS)


@dataclass(frozen=True)
class Sprt:
    """The test's settings: the first player's score a game under H0 and under H1
    (``score0 < score1``), the error rates ``alpha`` (accepting H1 when H0 holds) and ``beta``
    (accepting H0 when H1 holds), and the hypotheses in Elo as stated (None: stated as win
    rates)."""

    score0: float
    score1: float
    alpha: float = 0.05
    beta: float = 0.05
    elo: tuple[float, float] | None = None

    @classmethod
    def parse(cls, text: str, alpha: float = 0.05, beta: float = 0.05) -> "Sprt":
        """The test of ``--sprt``: two Elo differences (``0,50``, ``-10,10``) or two win rates
        (``50%,55%``, or ``0.50,0.55``: decimals between 0 and 1), the first below the second;
        ``alpha`` and ``beta`` between 0 and 0.5.  ValueError, in one line, otherwise."""
        shown = text[:40]
        parts = [part.strip() for part in text.split(",")]
        if len(parts) != 2:
            raise ValueError(f"--sprt takes two hypotheses, ELO0,ELO1 (0,50) or two win rates "
                             f"(50%,55%); got {shown!r}")
        percent = [part.endswith("%") for part in parts]
        numbers = [part.rstrip("%").strip() for part in parts]
        if not all(_NUMBER.fullmatch(number) for number in numbers):
            raise ValueError(f"--sprt {shown!r}: the hypotheses are numbers, ELO0,ELO1 (0,50) "
                             f"or win rates (50%,55% or 0.50,0.55)")
        values = [float(number) for number in numbers]
        rates = [not p and "." in n and 0 < v < 1 for p, n, v in zip(percent, numbers, values)]
        if any(percent) and not all(percent) or any(rates) and not all(rates):
            raise ValueError(f"--sprt {shown!r} mixes win rates and Elo: write both as Elo "
                             f"(0,50), both in percent (50%,55%) or both as decimals (0.50,0.55)")
        for name, value in (("--alpha", alpha), ("--beta", beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"{name} is an error rate above 0 and below 0.5; got {value}")
        if all(percent) or all(rates):
            scores = [v / 100 for v in values] if all(percent) else values
            if not all(0 < score < 1 for score in scores):
                raise ValueError(f"--sprt {shown!r}: a win rate is above 0% and below 100%")
            elo = None
        else:
            if not all(abs(v) <= 2000 for v in values):
                raise ValueError(f"--sprt {shown!r}: an Elo difference is -2000 to 2000")
            scores = [elo_score(v) for v in values]
            elo = (values[0], values[1])
        if not values[0] < values[1]:
            raise ValueError(f"--sprt {shown!r}: the first hypothesis (H0) is below the second "
                             f"(H1), e.g. 0,50")
        return cls(scores[0], scores[1], alpha, beta, elo)

    @property
    def lower(self) -> float:
        """The LLR at or below which H0 is accepted: log(beta / (1 - alpha))."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at or above which H1 is accepted: log((1 - beta) / alpha)."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, scores: Scores) -> float:
        """The log-likelihood ratio of H1 against H0 after ``scores`` (module docstring)."""
        gap = self.score1 - self.score0
        middle = self.score0 + self.score1
        return scores.pairs * gap * (2 * scores.mean - middle) / (2 * scores.variance)

    def decision(self, scores: Scores) -> str | None:
        """``H1`` or ``H0`` once the LLR crosses a bound (never before MIN_PAIRS pairs);
        None while the test goes on."""
        if scores.pairs < MIN_PAIRS:
            return None
        llr = self.llr(scores)
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def hypothesis(self, which: int) -> str:
        """H0's (0) or H1's (1) score as stated: ``Elo +50 (score 57.1%)``, ``score 55.0%``."""
        score = (self.score0, self.score1)[which]
        if self.elo is None:
            return f"score {score:.1%}"
        return f"Elo {self.elo[which] + 0:+g} (score {score:.1%})"

    def settings(self) -> str:
        """The test in a line: its hypotheses, error rates and bounds."""
        return (f"SPRT: H0 {self.hypothesis(0)} against H1 {self.hypothesis(1)}, alpha "
                f"{self.alpha:g}, beta {self.beta:g}; LLR bounds {self.lower:.2f} and "
                f"{self.upper:.2f}")


@dataclass(frozen=True)
class SprtOutcome:
    """Where a test stopped: its settings, the pairs played, the LLR and the decision
    (``H1``, ``H0``, or ``inconclusive`` at the cap of pairs)."""

    test: Sprt
    scores: Scores
    cap: int

    @property
    def llr(self) -> float:
        return self.test.llr(self.scores)

    @property
    def decision(self) -> str:
        return self.test.decision(self.scores) or "inconclusive"

    def text(self, first: str, second: str) -> str:
        """What was decided, in a line, for the first player against the second."""
        decision = self.decision
        done = f"LLR {self.llr:.2f} after {self.scores.pairs} pairs"
        h0, h1 = (self.test.hypothesis(i) for i in (0, 1))
        if decision == "H1":
            return (f"{done}: H1 accepted: {first} against {second} is at {h1} or better, "
                    f"not at {h0} or worse")
        if decision == "H0":
            return (f"{done}: H0 accepted: {first} against {second} is at {h0} or worse, "
                    f"not at {h1} or better")
        return (f"{done}: inconclusive at the cap of {self.cap} pairs (the LLR between its "
                f"bounds; mean score {self.scores.mean:.1%} a game)")
