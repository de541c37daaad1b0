"""The hint's numbers and their errors, and an order that agrees with them.

Each option's value rests on playouts of sampled deals (playouts.py): on each deal the player
scores some points (negative when the opponent scores, 0 for a drawn deal) and wins or not.
An option's estimates are the means over its playouts, mapped by hints.CALIBRATION; their
*standard errors* come from the playouts' spread:

* expected points: the sample standard deviation of the points over ``n`` playouts, over
  ``sqrt(n)``, times the slope ``d`` of the calibration's line;
* win chance: ``sqrt(s * (1 - s) / n)`` for the share of wins ``s`` kept off 0 and 1 by half a
  playout (as the calibration's map takes it, so that an option won on every playout still
  shows an error), times the slope of the calibration's logistic map at that share (the delta
  method).

Every option is played on the *same* sampled deals (the first ``n`` of one list; an option
with fewer playouts uses a prefix of another's), so two options' estimates move together: a
deal that is good for one is mostly good for the other.  What decides an order is the error of
their *difference*, paired over the shared deals: ``sqrt(se_a**2 + se_b**2 - 2 * cov)``, where
``cov`` is the covariance of the two means (the covariance of the points on the shared deals,
times their number over ``n_a * n_b``), taken as 0 when the sample finds it negative.  It is
never more than the naive combined error ``sqrt(se_a**2 + se_b**2)``, and usually much less.

The order (:func:`order_by_value`): options are sorted by expected points, the value the hint
maximises; then, walking down that list, an option joins the current *tier* when its
difference from every option of the tier is within twice their paired error, and opens the
next tier otherwise.  Tiers keep the order of their values; within a tier the options are
about equal, and the heuristic's order stands.  So no option shown below another is valued
above it by more than twice the error of their difference.  Options with fewer than
:data:`MIN_SAMPLES` playouts show no numbers and come last, in the heuristic's order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

MIN_SAMPLES = 30
"""Playouts an option needs before its numbers are shown: the usual size from which the mean
of a sample is close enough to normal for ``value +- 2 errors`` to mean what it says, and for
the sample's own spread to be a fair estimate of its error.  Below it, a mean of a handful of
deals (one gin more or less moves it by several points) would be noise."""
SIGNIFICANCE = 2.0
"""Errors of their difference two options' values must be apart to be ordered by value."""


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean of a non-empty sequence."""
    return sum(values) / len(values)


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values``: the sample standard deviation over the
    square root of their number (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    centre = mean(values)
    return math.sqrt(sum((v - centre) ** 2 for v in values) / (n - 1) / n)


def share_error(won: int, n: int) -> float:
    """The standard error of a share of ``won`` wins in ``n`` playouts, the share kept off 0 and 1
    by half a playout."""
    share = (won + 0.5) / (n + 1)
    return math.sqrt(share * (1 - share) / n)


def logistic_error(chance: float, slope: float, won: int, n: int) -> float:
    """The standard error of a calibrated chance ``1 / (1 + exp(-(a + slope * logit(s))))`` of
    the share ``s`` of ``won`` wins in ``n`` playouts (kept off 0 and 1 by half a playout), by the
    delta method: the map's derivative at ``s`` times the share's own error."""
    share = (won + 0.5) / (n + 1)
    derivative = chance * (1 - chance) * slope * n / ((n + 1) * share * (1 - share))
    return abs(derivative) * share_error(won, n)


def withheld_reason(samples: int) -> str:
    """Why an option with too few playouts shows no numbers."""
    return (f"{samples} playout{'s' * (samples != 1)}, fewer than the {MIN_SAMPLES} an estimate "
            f"needs: its numbers would be noise")


def covariance_of_means(a: Sequence[float], b: Sequence[float]) -> float:
    """The covariance of the means of ``a`` and ``b``, which share their first deals: the
    covariance on those deals times their number over ``len(a) * len(b)``; at least 0."""
    shared = min(len(a), len(b))
    if shared < 2:
        return 0.0
    mean_a, mean_b = mean(a[:shared]), mean(b[:shared])
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b)) / (shared - 1)
    return max(0.0, cov * shared / (len(a) * len(b)))


def difference_error(a: Sequence[float], b: Sequence[float]) -> float:
    """The standard error of the difference of two options' mean points, paired over their
    shared deals; never more than the combined error of the two."""
    se_a, se_b = standard_error(a), standard_error(b)
    return math.sqrt(max(0.0, se_a * se_a + se_b * se_b - 2 * covariance_of_means(a, b)))


def about_equal(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether two options' mean points are within :data:`SIGNIFICANCE` errors of their
    difference."""
    return abs(mean(a) - mean(b)) <= SIGNIFICANCE * difference_error(a, b)


def still_in_the_race(points: Sequence[Sequence[float]], alive: Sequence[int]) -> list[int]:
    """The options of ``alive`` (indices into ``points``, each option's points on the same
    deals) that the look-ahead's race keeps playing (playouts.RACE): the leader, the best mean
    (the first in the heuristic's order among equal means), and every option about equal to it
    (:func:`about_equal`); the others are shown worse than the leader."""
    leader = max(alive, key=lambda i: (mean(points[i]), -i))
    return [i for i in alive if i == leader or about_equal(points[leader], points[i])]


def order_by_value(spreads: Sequence[Sequence[float] | None]
                   ) -> tuple[list[int], list[int | None]]:
    """The options' order and tiers from the points of their playouts on the reply's scale (the
    calibration's line applied to each deal's points), given in the heuristic's order (None:
    too few playouts to show numbers): the indices best first, and each index's tier (1 is the
    best; None for the options without numbers, which come last in the heuristic's order)."""
    valued = {i: spread for i, spread in enumerate(spreads) if spread is not None}
    means = {i: mean(spread) for i, spread in valued.items()}
    tiers: list[list[int]] = []
    for index in sorted(valued, key=lambda i: (-means[i], i)):
        if tiers and all(about_equal(valued[index], valued[other]) for other in tiers[-1]):
            tiers[-1].append(index)
        else:
            tiers.append([index])
    order = [index for tier in tiers for index in sorted(tier)]
    order += [i for i, spread in enumerate(spreads) if spread is None]
    tier_of: list[int | None] = [None] * len(spreads)
    for number, tier in enumerate(tiers, start=1):
        for index in tier:
            tier_of[index] = number
    return order, tier_of
