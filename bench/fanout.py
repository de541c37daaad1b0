"""The cost of fanning batch work out (rules/usecases/batches.py): seconds per task on this
machine's process pool and on a local Ray, and how long one game and one batch of games take.

    python bench/fanout.py [--tasks 400] [--jobs 2] [--games 200]

The per-task overhead is timed with tasks that do next to nothing (one batch of one pair seed
each, ``--batch 1``), so what is measured is shipping a task and reading its result back; the
runner is started first (the pool's processes, Ray and its workers) and not counted.  Then
``--games`` games of simple against simple are played in this process, to put a figure on a
game and on a batch of DEFAULT_BATCH of them: the overhead's share of a batch is the
per-task overhead divided by that.  Ray needs the cluster extra: pip install -e '.[cluster]'.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "service"))

from ginrules.rules import resolve_rules  # noqa: E402
from ginrules.rules.players.arena import pair_seed  # noqa: E402
from ginrules.rules.players.selfplay import self_play  # noqa: E402
from ginrules.rules.usecases.batches import DEFAULT_BATCH, Processes, Runner  # noqa: E402


def per_task(runner: Runner, tasks: int) -> float:
    """Seconds per task of ``tasks`` one-item batches, after a warm-up round."""
    list(runner.map(pair_seed, ((1, i) for i in range(8))))  # workers up, code imported
    start = time.perf_counter()
    results = list(runner.map(pair_seed, ((1, i) for i in range(tasks))))
    seconds = time.perf_counter() - start
    assert results == [pair_seed(1, i) for i in range(tasks)]
    return seconds / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    pool = per_task(Processes(args.jobs, batch=1), args.tasks)
    print(f"process pool ({args.jobs} processes): {pool * 1000:.2f} ms per task")
    try:
        from ginrules.cluster import RayRunner
        runner = RayRunner("local", cpus=args.jobs, batch=1)
    except Exception as error:  # no Ray: the pool's figure alone
        print(f"Ray: not measured ({error})")
        runner = None
    if runner is not None:
        ray = per_task(runner, args.tasks)
        runner.close()
        print(f"Ray (local, {args.jobs} CPUs): {ray * 1000:.2f} ms per task")

    result = self_play(("simple", "simple"), args.games, 1, resolve_rules("standard"))
    game = result.seconds / args.games
    print(f"one game of simple against simple: {game * 1000:.1f} ms in this process; a batch "
          f"of {DEFAULT_BATCH}: {game * DEFAULT_BATCH:.2f} s")
    print(f"overhead per batch of {DEFAULT_BATCH} games: process pool "
          f"{pool / (game * DEFAULT_BATCH):.3%}"
          + ("" if runner is None else f", Ray {ray / (game * DEFAULT_BATCH):.3%}"))


if __name__ == "__main__":
    main()
