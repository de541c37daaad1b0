"""Whole ``ginrules selfplay`` commands on this machine, timed three ways: its process pool,
a local Ray that the command starts and stops (``--ray local``), and a Ray started once that
each command joins (``--ray ADDRESS``, as ``ray start --head`` leaves one running).

    python bench/rayruns.py [--games 2000] [--runs 3] [--jobs 2] [--bots simple,simple]

Each command is a fresh process, timed from its start to its exit; the three ways take turns,
``--runs`` times.  The tables must be the same (every line but the line of time), or the bench
fails.  Prints each run's seconds, the medians, and each Ray way's median against the pool's.
Needs the cluster extra: pip install -e '.[cluster]'.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.rayhead import ray_head  # noqa: E402


def timed(command: list[str], env: dict[str, str] | None) -> tuple[float, list[str]]:
    """The command's wall time and its table (its output but the line of time)."""
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    return seconds, [line for line in done.stdout.splitlines()
                     if " s: " not in line and " s on " not in line]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bots", default="simple,simple")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    ginrules = str(Path(sys.executable).with_name("ginrules"))
    command = [ginrules, "selfplay", "--bots", args.bots, "--games", str(args.games),
               "--seed", str(args.seed)]
    times: dict[str, list[float]] = {}
    tables: set[tuple[str, ...]] = set()
    with ray_head(args.jobs) as head:
        ways = {"process pool (--jobs %d)" % args.jobs: (["--jobs", str(args.jobs)], None),
                "Ray started by the command (--ray local --jobs %d)" % args.jobs:
                    (["--ray", "local", "--jobs", str(args.jobs)], None),
                "Ray started once, joined (--ray %s)" % head.address:
                    (["--ray", head.address], head.env)}
        for run in range(1, args.runs + 1):
            for way, (options, env) in ways.items():
                seconds, table = timed(command + options, env)
                times.setdefault(way, []).append(seconds)
                tables.add(tuple(table))
                print(f"run {run}, {way}: {seconds:.1f} s", flush=True)
    if len(tables) != 1:
        raise SystemExit(f"the tables differ: {len(tables)} different tables")
    print("\n".join(next(iter(tables))))
    pool = statistics.median(next(iter(times.values())))
    for way, runs in times.items():
        print(f"{way}: median {statistics.median(runs):.1f} s"
              f" ({statistics.median(runs) / pool - 1:+.0%} against the pool)")


if __name__ == "__main__":
    main()
