"""Bulk validation speed: ``ginrules replay --jobs 2`` on N standard logs and on N OpenSpiel games.

    python bench/bulk.py [--games 4000] [--seed 2026] [--jobs 2]

Writes N complete standard games (testkit/generator.py, seeded, to the target) to one JSON Lines
file and N hands played by OpenSpiel's own ``gin_rummy`` with uniformly random legal actions
(``pyspiel``, from the ``open_spiel`` package: ``pip install -e '.[bench]'``) to another, both
in a temporary folder, made before timing.  Then it runs the command on each, as a user would
(a fresh process, results written to a file), and prints games per second of wall-clock time,
start-up included, and games per second of CPU time (the command's processes, its workers
included, summed: the figure to compare on a machine shared with other work), with the
command's own summary.  The inputs are made in parallel too, with the same number of processes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.generator import openspiel_game, random_game  # noqa: E402


def standard_line(seed: int) -> str:
    return json.dumps(random_game(seed, "standard"), separators=(",", ":"))


def openspiel_line(seed: int) -> str:
    return json.dumps(openspiel_game(seed), separators=(",", ":"))


def write_inputs(path: Path, make, seeds: range, jobs: int) -> None:
    """One JSON line per seed, made by ``jobs`` processes."""
    with ProcessPoolExecutor(jobs) as pool, path.open("w") as file:
        for line in pool.map(make, seeds, chunksize=32):
            file.write(line + "\n")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(path: Path, jobs: int, extra: list[str]) -> tuple[float, float, str]:
    """Seconds of wall-clock time and of CPU time of one ``ginrules replay`` run (its workers
    included), and its summary."""
    output = path.with_suffix(".results.jsonl")
    command = [sys.executable, "-m", "ginrules", "replay", "--jobs", str(jobs), "--output",
               str(output), *extra, str(path)]
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    cpu = _children_cpu() - cpu
    if done.returncode not in (0, 1):
        raise SystemExit(f"ginrules replay failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds, cpu, done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games of each kind")
    parser.add_argument("--seed", type=int, default=2026, help="the first seed")
    parser.add_argument("--jobs", type=int, default=2, help="ginrules replay --jobs")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    print(f"{os.cpu_count()} cores; ginrules replay --jobs {args.jobs}; {args.games} games "
          f"of each kind")
    with tempfile.TemporaryDirectory(prefix="ginrules-bulk-") as folder:
        standard = Path(folder) / "standard.jsonl"
        openspiel = Path(folder) / "openspiel.jsonl"
        write_inputs(standard, standard_line, seeds, args.jobs)
        write_inputs(openspiel, openspiel_line, seeds, args.jobs)
        for name, path, extra in (("standard logs", standard, []),
                                  ("OpenSpiel games", openspiel, ["--format", "openspiel"])):
            megabytes = path.stat().st_size / 1e6
            seconds, cpu, summary = timed_run(path, args.jobs, extra)
            print(f"\n{name}: {args.games / seconds:,.0f} games/s wall clock ({args.games} in "
                  f"{seconds:.1f} s, start-up included; {megabytes:.1f} MB); "
                  f"{args.games / cpu:,.0f} games per CPU second")
            print("  " + summary.replace("\n", "\n  "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
