"""Bulk validation speed: ``ginrules replay --jobs 2`` on N standard logs and on N OpenSpiel games.

    python bench/bulk.py [--games 4000] [--seed 2026] [--jobs 2] [--ray local] [--kinds standard]

Writes N complete standard games (testkit/generator.py, seeded, to the target) to one JSON Lines
file and N hands played by OpenSpiel's own ``gin_rummy`` with uniformly random legal actions
(``pyspiel``, from the ``open_spiel`` package: ``pip install -e '.[bench]'``) to another, both
in a temporary folder, made before timing.  Then it runs the command on each, as a user would
(a fresh process, results written to a file), and prints games per second of wall-clock time,
start-up included, and games per second of CPU time (the command's processes, its workers
included, summed: the figure to compare on a machine shared with other work), with the
command's own summary.  The inputs are made in parallel too, with the same number of processes.

With ``--ray ADDRESS`` (the ``cluster`` extra) each input is checked a second time, on Ray
(``ginrules replay --ray ADDRESS``), and the two runs are compared: the same result lines, byte
for byte, and the same summary but for its line of time; the bench fails otherwise.  ``--kinds
standard`` leaves the OpenSpiel games out (for a large run of game logs alone).
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


def timed_run(path: Path, runner: list[str], extra: list[str], output: Path
              ) -> tuple[float, float, str]:
    """Seconds of wall-clock time and of CPU time of one ``ginrules replay`` run (its workers
    included; a Ray cluster's are not this process's children, and are not counted), and its
    summary; the results go to ``output``."""
    command = [sys.executable, "-m", "ginrules", "replay", *runner, "--output",
               str(output), *extra, str(path)]
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    cpu = _children_cpu() - cpu
    if done.returncode not in (0, 1) or not output.exists():
        raise SystemExit(f"ginrules replay failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds, cpu, done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games of each kind")
    parser.add_argument("--seed", type=int, default=2026, help="the first seed")
    parser.add_argument("--jobs", type=int, default=2, help="ginrules replay --jobs")
    parser.add_argument("--ray", default=None, metavar="ADDRESS",
                        help="also check each input on Ray (ginrules replay --ray ADDRESS) and "
                             "compare the two runs")
    parser.add_argument("--kinds", default="standard,openspiel",
                        help="the inputs: standard, openspiel or both (default: both)")
    args = parser.parse_args()
    kinds = set(args.kinds.split(","))
    seeds = range(args.seed, args.seed + args.games)
    print(f"{os.cpu_count()} cores; ginrules replay --jobs {args.jobs}; {args.games} games "
          f"of each kind")
    with tempfile.TemporaryDirectory(prefix="ginrules-bulk-") as folder:
        standard = Path(folder) / "standard.jsonl"
        openspiel = Path(folder) / "openspiel.jsonl"
        inputs = []
        if "standard" in kinds:
            write_inputs(standard, standard_line, seeds, args.jobs)
            inputs.append(("standard logs", standard, []))
        if "openspiel" in kinds:
            write_inputs(openspiel, openspiel_line, seeds, args.jobs)
            inputs.append(("OpenSpiel games", openspiel, ["--format", "openspiel"]))
        runners = [(f"--jobs {args.jobs}", ["--jobs", str(args.jobs)])]
        if args.ray is not None:
            runners.append((f"--ray {args.ray}", ["--ray", args.ray]))
        for name, path, extra in inputs:
            megabytes = path.stat().st_size / 1e6
            outputs = []
            for label, runner in runners:
                output = path.with_suffix(f".results-{len(outputs)}.jsonl")
                seconds, cpu, summary = timed_run(path, runner, extra, output)
                cpu_text = (f"; {args.games / cpu:,.0f} games per CPU second"
                            if runner[0] == "--jobs" else "")
                print(f"\n{name}, {label}: {args.games / seconds:,.0f} games/s wall clock "
                      f"({args.games} in {seconds:.1f} s, start-up included; "
                      f"{megabytes:.1f} MB){cpu_text}")
                print("  " + summary.replace("\n", "\n  "))
                outputs.append((output, summary.splitlines()[1:]))
            if len(outputs) == 2:
                (first, first_summary), (second, second_summary) = outputs
                same_lines = first.read_bytes() == second.read_bytes()
                same_summary = first_summary == second_summary
                print(f"  the same {args.games} result lines, byte for byte: "
                      f"{'yes' if same_lines else 'NO'}; the same summary: "
                      f"{'yes' if same_summary else 'NO'}")
                if not (same_lines and same_summary):
                    return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
