"""Round scoring speed: ``score_deal`` without declared melds, the hardest case.

    python bench/rounds.py [--rounds 5000] [--seed 2026]

The knocker's choice of arrangement (every legal one, R-7.6) times the defender's best reply
(R-6.4), on seeded random knock positions: a knocker's ten cards built from random melds with
deadwood at most 10, a defender's ten cards of which up to six lie next to the knocker's cards
(so that layoffs happen).  Reports rounds per second and the p50/p99/max time per round, with
the solver cache emptied first, in wall-clock and in CPU time.  Target: p99 under 1 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ginrules.rules import resolve_rules  # noqa: E402
from ginrules.rules.base.cards import cards_mask  # noqa: E402
from ginrules.rules.hands.scoring import score_deal  # noqa: E402
from testkit.generator import knock_position  # noqa: E402
from ginrules.rules.hands.solver import cache_clear  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    positions = [tuple(map(cards_mask, knock_position(rng))) for _ in range(args.rounds)]
    rules = resolve_rules("standard")
    cache_clear()
    times, cpu_times = [], []
    start = time.perf_counter()
    for knocker, defender in positions:
        t0, c0 = time.perf_counter(), time.process_time()
        score_deal(knocker, defender, rules, 10)
        cpu_times.append(time.process_time() - c0)
        times.append(time.perf_counter() - t0)
    total = time.perf_counter() - start
    times.sort()
    cpu_times.sort()
    p = lambda q, ts=times: ts[min(len(ts) - 1, int(q * len(ts)))] * 1000  # noqa: E731
    print(f"{args.rounds} rounds scored without declared melds (standard rules), seed {args.seed}")
    mean = statistics.mean(times) * 1000
    print(f"{args.rounds / total:,.0f} rounds/s; per round: mean {mean:.3f} ms, "
          f"p50 {p(0.50):.3f} ms, p99 {p(0.99):.3f} ms, max {times[-1] * 1000:.3f} ms "
          "(target p99 < 1 ms)")
    # On a shared machine the wall clock also counts the time other processes held the core.
    print(f"CPU time per round: p50 {p(0.50, cpu_times):.3f} ms, p99 {p(0.99, cpu_times):.3f} ms, "
          f"max {cpu_times[-1] * 1000:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
