"""Solver speed: hands per second, in process, beside OpenSpiel's C++ gin_rummy utilities.

    pip install -e '.[bench]'
    python bench/solver.py [--hands 20000] [--repeat 5] [--seed 2026]

Four cases, each on the same seeded hands for both solvers: random and meld-dense hands (cards
from three to five adjacent ranks), of ten cards and of eleven.

- ours: card strings in (``solve_hand``), the least deadwood and one optimal arrangement out
  (melds and deadwood cards); for eleven cards, the exact least deadwood after every discard
  and the arrangement after the best one.  The hands of a case are distinct and the solver cache is
  emptied before every timed pass, so no answer comes from the cache.
- OpenSpiel: ``min_deadwood`` for ten cards; one ``min_deadwood`` call per discard for eleven.
  It is given its own card numbers, converted before timing (also shown: converting its card
  strings inside the timing, ``from strings``).

Every hand's least deadwood is compared between the two solvers before timing.  The figure of a
case is its best pass of ``--repeat``.  Two more columns: ``service.rules.analyze`` (the full
library call: rules, knock limit, gin), and a warm pass, each hand seen before, which shows
what the cache gives repeated hands.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.rules import analyze, solve_hand  # noqa: E402
from service.rules.solver import cache_clear  # noqa: E402


def random_hand(rng: random.Random, size: int) -> list[int]:
    return rng.sample(range(52), size)


def dense_hand(rng: random.Random, size: int) -> list[int]:
    width = rng.randint(3, 5)
    low = rng.randint(0, 13 - width)
    pool = [suit * 13 + rank for suit in range(4) for rank in range(low, low + width)]
    if len(pool) < size:
        pool += rng.sample([c for c in range(52) if c not in pool], size - len(pool))
    return rng.sample(pool, size)


def best_pass(run: Callable[[], None], repeat: int, before: Callable[[], None] = lambda: None) -> float:
    best = float("inf")
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per case")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes per case")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    try:
        from pyspiel import gin_rummy
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    utils = gin_rummy.GinRummyUtils(13, 4, 10)

    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{args.hands} hands per case, best of {args.repeat} passes, seed {args.seed}")
    header = (f"{'case':<18}{'ours h/s':>12}{'OpenSpiel h/s':>15}{'ours/OS':>9}"
              f"{'OS from strings':>17}{'analyze() h/s':>15}{'ours warm':>12}")
    print(header)
    print("-" * len(header))
    worst = float("inf")
    for kind, make in (("random", random_hand), ("meld-dense", dense_hand)):
        for size in (10, 11):
            rng = random.Random(f"{args.seed}-{kind}-{size}")
            numbers, seen = [], set()
            while len(numbers) < args.hands:  # distinct hands: no answer may come from a cache
                hand = make(rng, size)
                if frozenset(hand) not in seen:
                    seen.add(frozenset(hand))
                    numbers.append(hand)
            strings = [utils.card_ints_to_card_strings(hand) for hand in numbers]

            if size == 10:
                def theirs() -> None:
                    for hand in numbers:
                        utils.min_deadwood(hand)

                def theirs_from_strings() -> None:
                    for hand in strings:
                        utils.min_deadwood(utils.card_strings_to_card_ints(hand))

                their_counts = [utils.min_deadwood(hand) for hand in numbers]
            else:
                def theirs() -> None:
                    for hand in numbers:
                        min(utils.min_deadwood(hand[:i] + hand[i + 1:]) for i in range(11))

                def theirs_from_strings() -> None:
                    for hand in strings:
                        ints = utils.card_strings_to_card_ints(hand)
                        min(utils.min_deadwood(ints[:i] + ints[i + 1:]) for i in range(11))

                their_counts = [min(utils.min_deadwood(h[:i] + h[i + 1:]) for i in range(11))
                                for h in numbers]

            def ours() -> None:
                for hand in strings:
                    solution = solve_hand(hand)
                    solution.deadwood_count
                    solution.arrangement.melds
                    solution.arrangement.deadwood

            def ours_analyze() -> None:
                for hand in strings:
                    analyze(hand).arrangement

            cache_clear()
            our_counts = [solve_hand(hand).deadwood_count for hand in strings]
            mismatches = sum(a != b for a, b in zip(our_counts, their_counts))
            if mismatches:
                print(f"{kind} {size}: {mismatches} hands where the solvers disagree!")
                return 1

            ours_time = best_pass(ours, args.repeat, cache_clear)
            theirs_time = best_pass(theirs, args.repeat)
            strings_time = best_pass(theirs_from_strings, args.repeat)
            analyze_time = best_pass(ours_analyze, args.repeat, cache_clear)
            warm_time = best_pass(ours, args.repeat)
            rate = args.hands / ours_time
            their_rate = args.hands / theirs_time
            worst = min(worst, rate / their_rate)
            print(f"{kind + ' ' + str(size) + ' cards':<18}{rate:>12,.0f}{their_rate:>15,.0f}"
                  f"{rate / their_rate:>8.2f}x{args.hands / strings_time:>17,.0f}"
                  f"{args.hands / analyze_time:>15,.0f}{args.hands / warm_time:>12,.0f}")
    print(f"\nslowest case relative to OpenSpiel: {worst:.2f}x; every hand's deadwood agreed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
