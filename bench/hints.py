"""Hint latency: ``POST /v1/hints`` answered in process, on one core, over many positions.

    python bench/hints.py [--positions 300] [--budget-ms 100] [--seed 2026] [--bot advisor]
                          [--opponent-model random]

Positions come from seeded random games of every two-player preset, cut at a random action of
their last round; each is asked for the hint of the player to move (the request goes through
the whole Flask app: parsing, the replay of the log, the view, the hint, the reply).  The
figures are the latency percentiles p50, p90, p99 and the maximum, in milliseconds, by the
clock and in the process's CPU time.  The hint's budget is a fixed number of playouts, so the
replies are the same on any machine and only the time changes.  ``--opponent-model`` asks the
hints under that model (the playouts' opponent; the default is the API's).  ``--bot`` times
``POST /v1/bots/{bot}/move`` instead.

``--playout-rate`` measures what a millisecond of CPU buys in playouts instead: every position's
hint at the budget given and at 1 ms (a handful of playouts: the heuristic core and the
request's own work), the playouts added over the CPU time added, all positions together.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the repository's root, which holds bench and testkit

from ginrules.api import create_app  # noqa: E402
from testkit.generator import random_game  # noqa: E402

PRESETS = ["standard", "oklahoma", "modern", "straight", "openspiel", "classic"]


def positions(count: int, seed: int, client) -> list[tuple[dict, str]]:
    """Logs in progress and the player to move in each."""
    rng = random.Random(seed)
    found: list[tuple[dict, str]] = []
    game = 0
    while len(found) < count:
        game += 1
        log = random_game(seed * 10_000 + game, PRESETS[game % len(PRESETS)],
                          max_rounds=rng.randint(1, 3))
        table = log["rounds"][-1]
        table["actions"] = table["actions"][: rng.randrange(len(table["actions"]) + 1)]
        reply = client.post("/v1/games/replay", json=log).get_json()
        move = reply.get("next")
        if not reply["valid"] or move is None or move["phase"] in ("deal", "lay_down"):
            continue
        found.append((log, move["player"]))
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def playout_rate(client, cases: list[tuple[dict, str]], budget_ms: int, model: dict) -> int:
    """Print the playouts a CPU millisecond buys: the hints at ``budget_ms`` against those at
    1 ms, over the same positions and seeds."""
    played = {1: 0, budget_ms: 0}
    cpu = {1: 0.0, budget_ms: 0.0}
    for index, (log, player) in enumerate(cases):
        for budget in (1, budget_ms):
            body = {"log": log, "player": player, "seed": index, "budget_ms": budget, **model}
            start = time.process_time()
            reply = client.post("/v1/hints", json=body)
            cpu[budget] += time.process_time() - start
            if reply.status_code != 200:
                print(f"position {index}: {reply.status_code} {reply.get_json()}",
                      file=sys.stderr)
                return 1
            played[budget] += reply.get_json()["playouts"]
    added = played[budget_ms] - played[1]
    seconds = cpu[budget_ms] - cpu[1]
    print(f"{len(cases)} positions, one core: {added} playouts added by {budget_ms} ms of budget "
          f"over 1 ms in {seconds:.2f} s of CPU: {added / (seconds * 1000):.1f} playouts per CPU "
          f"ms ({seconds * 1000 / added:.3f} ms a playout)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--budget-ms", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bot", default=None, help="time a bot's move instead of the hint")
    parser.add_argument("--opponent-model", default=None,
                        help="the hints' opponent_model (greedy, random or advisor)")
    parser.add_argument("--playout-rate", action="store_true",
                        help="the playouts a millisecond of CPU buys, at the budget over 1 ms")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    if args.opponent_model is not None and args.bot is not None:
        parser.error("--opponent-model is a hint's; a bot's move takes none")
    model = {} if args.opponent_model is None else {"opponent_model": args.opponent_model}
    client = create_app({"RATE_LIMIT": None}).test_client()
    cases = positions(args.positions, args.seed, client)
    path = "/v1/hints" if args.bot is None else f"/v1/bots/{args.bot}/move"
    # One warm-up request: the solver's tables and the app's first-request work.
    log, player = cases[0]
    client.post(path, json={"log": log, "player": player, "seed": 0})
    if args.playout_rate:
        return playout_rate(client, cases, args.budget_ms, model)
    times = []
    cpu_times = []
    for index, (log, player) in enumerate(cases):
        body = {"log": log, "player": player, "seed": index}
        if args.bot is None:
            body.update(budget_ms=args.budget_ms, **model)
        start, cpu_start = time.perf_counter(), time.process_time()
        reply = client.post(path, json=body)
        times.append((time.perf_counter() - start) * 1000)
        cpu_times.append((time.process_time() - cpu_start) * 1000)
        if reply.status_code != 200:
            print(f"position {index}: {reply.status_code} {reply.get_json()}", file=sys.stderr)
            return 1
        if model and reply.get_json()["opponent_model"] != args.opponent_model:
            print(f"position {index}: the reply names {reply.get_json()['opponent_model']}",
                  file=sys.stderr)
            return 1
    what = f"hint at budget {args.budget_ms} ms" if args.bot is None else f"{args.bot} bot move"
    if model:
        what += f", opponent_model {args.opponent_model}"
    print(f"{what}, {len(times)} positions, one core: p50 {percentile(times, 0.5):.1f} ms, "
          f"p90 {percentile(times, 0.9):.1f} ms, p99 {percentile(times, 0.99):.1f} ms, "
          f"max {max(times):.1f} ms")
    # On a machine shared with other work the clock also counts their time; the CPU time is
    # the process's own.
    print(f"CPU time: p50 {percentile(cpu_times, 0.5):.1f} ms, "
          f"p90 {percentile(cpu_times, 0.9):.1f} ms, p99 {percentile(cpu_times, 0.99):.1f} ms, "
          f"max {max(cpu_times):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
