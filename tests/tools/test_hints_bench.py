"""bench/hints.py: the hints' latency over many positions, under the opponent model asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bench(*args: str) -> subprocess.CompletedProcess:
    # A process of its own: the bench pins itself to one core.
    return subprocess.run([sys.executable, "bench/hints.py", "--positions", "3", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_hints_are_asked_and_answered_under_the_opponent_model_named():
    done = bench("--opponent-model", "random")
    assert done.returncode == 0, done.stderr
    assert "hint at budget 100 ms, opponent_model random, 3 positions" in done.stdout


def test_a_model_the_api_does_not_know_stops_the_bench_with_its_problem():
    done = bench("--opponent-model", "advisorx")
    assert done.returncode == 1
    assert "400" in done.stderr and "opponent_model" in done.stderr


def test_a_bot_move_takes_no_opponent_model():
    done = bench("--bot", "advisor", "--opponent-model", "random")
    assert done.returncode == 2
    assert "--opponent-model" in done.stderr
