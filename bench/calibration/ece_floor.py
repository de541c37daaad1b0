"""What the expected calibration error (ECE) reads for a perfectly calibrated predictor.

The decisions of one round share its outcome, so the ECE of a calibration table is noisy in
the number of rounds more than in the number of predictions.  This simulates rounds whose
outcome is the sign of a sum of 13 steps of a Gaussian random walk, predicted at each step by
the exact probability of that outcome (a perfectly calibrated predictor, 13 predictions a
round, as the advisor makes about), and prints the ECE's mean and 95th percentile over 40
simulations for several numbers of rounds::

    python bench/calibration/ece_floor.py
"""

from __future__ import annotations

import math
import random
import statistics

from ginrules.rules.players.calibration import calibration_error

STEPS = 13
SIMULATIONS = 40


def normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def ece_of_rounds(rounds: int, rng: random.Random) -> float:
    predictions: list[tuple[float, bool]] = []
    for _ in range(rounds):
        total = 0.0
        chances = []
        for step in range(STEPS):
            chances.append(normal_cdf(total / math.sqrt(STEPS - step)))
            total += rng.gauss(0, 1)
        predictions += [(chance, total > 0) for chance in chances]
    return calibration_error(predictions)


def main() -> None:
    rng = random.Random(1)
    for rounds in (300, 550, 1000):
        values = [ece_of_rounds(rounds, rng) for _ in range(SIMULATIONS)]
        print(f"{rounds:5d} rounds: ECE mean {statistics.mean(values):.3f}, "
              f"95th percentile {statistics.quantiles(values, n=20)[-1]:.3f}")


if __name__ == "__main__":
    main()
