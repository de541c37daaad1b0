"""Round scoring speed: ``score_round`` without declared melds, the hardest case.

    python bench/rounds.py [--rounds 5000] [--seed 2026]

The knocker's choice of arrangement (every legal one, R-7.6) times the defender's best reply
(R-6.4), on seeded random knock positions: a knocker's ten cards built from random melds with
deadwood at most 10, a defender's ten cards of which up to six lie next to the knocker's cards
(so that layoffs happen).  Reports rounds per second and the p50/p99/max time per round, with
the solver cache emptied first.  Target: p99 under 2 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.rules import resolve_rules  # noqa: E402
from service.rules.cards import cards_mask  # noqa: E402
from service.rules.scoring import score_round  # noqa: E402
from service.rules.solver import cache_clear, min_deadwood  # noqa: E402


def all_melds() -> list[frozenset[int]]:
    melds = []
    for rank in range(13):
        suits = [s * 13 + rank for s in range(4)]
        melds += [frozenset(suits[:i] + suits[i + 1:]) for i in range(4)] + [frozenset(suits)]
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, min(low + 5, 13)):
                melds.append(frozenset(range(suit * 13 + low, suit * 13 + high + 1)))
    return melds


def knock_position(rng: random.Random, melds: list[frozenset[int]]) -> tuple[int, int]:
    while True:
        spread: set[int] = set()
        while len(spread) < 10:
            meld = rng.choice(melds)
            if len(spread) + len(meld) <= 10 and not spread & meld:
                spread |= meld
            elif len(spread) >= 6:
                spread.add(rng.choice([c for c in range(52) if c % 13 < 4 and c not in spread]))
        if min_deadwood(cards_mask(spread)) <= 10:
            break
    near = sorted({c + step for c in spread for step in (-2, -1, 1, 2, 13, 26, 39)
                   if 0 <= c + step < 52 and (step > 2 or (c + step) // 13 == c // 13)} - spread)
    picked = rng.sample(near, min(len(near), rng.randint(0, 6)))
    rest = [c for c in range(52) if c not in spread and c not in picked]
    return cards_mask(spread), cards_mask(picked + rng.sample(rest, 10 - len(picked)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    melds = all_melds()
    positions = [knock_position(rng, melds) for _ in range(args.rounds)]
    rules = resolve_rules("standard")
    cache_clear()
    times = []
    start = time.perf_counter()
    for knocker, defender in positions:
        t0 = time.perf_counter()
        score_round(knocker, defender, rules, 10)
        times.append(time.perf_counter() - t0)
    total = time.perf_counter() - start
    times.sort()
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    print(f"{args.rounds} rounds scored without declared melds (standard rules), seed {args.seed}")
    print(f"{args.rounds / total:,.0f} rounds/s; per round: mean {statistics.mean(times) * 1000:.3f} ms,"
          f" p50 {p(0.50):.3f} ms, p99 {p(0.99):.3f} ms, max {times[-1] * 1000:.3f} ms"
          " (target p99 < 2 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
