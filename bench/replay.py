"""Replay speed: complete generated games (to the target) replayed per second, in process.

    python bench/replay.py [--games 1000] [--seed 2026] [--preset standard]

Games come from the seeded generator (service.rules.simulate) and are made before timing; the
solver cache is emptied first.  Reports games per second on one core and the p50/p99 time per
game.  Target: at least 200 complete games per second.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.rules.replay import replay  # noqa: E402
from service.rules.simulate import random_game  # noqa: E402
from service.rules.solver import cache_clear  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--preset", default="standard")
    args = parser.parse_args()
    logs = [random_game(args.seed + i, args.preset) for i in range(args.games)]
    rounds = sum(len(log["rounds"]) for log in logs)
    actions = sum(len(t["actions"]) for log in logs for t in log["rounds"])
    cache_clear()
    # The prepared logs are input, not work: frozen out of the garbage collector, a collection
    # does not walk the benchmark's own thousand documents; the replay's garbage still counts.
    gc.collect()
    gc.freeze()
    times = []
    start = time.perf_counter()
    for log in logs:
        t0 = time.perf_counter()
        result = replay(log)
        times.append(time.perf_counter() - t0)
        assert result.valid and result.complete
    total = time.perf_counter() - start
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] * 1000
    print(f"{args.games} complete {args.preset} games ({rounds} rounds, {actions} actions), "
          f"seed {args.seed}")
    print(f"{args.games / total:,.0f} games/s on one core; per game: mean "
          f"{statistics.mean(times) * 1000:.2f} ms, p50 {times[len(times) // 2] * 1000:.2f} ms, "
          f"p99 {p99:.2f} ms (target >= 200 games/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
