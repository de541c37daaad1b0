"""A JSON Lines file of game logs for the bulk commands' tests: valid generated logs, one of
them made illegal (a pass before the first upcard is offered, R-4.2), then a line that is not
JSON."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from testkit.generator import random_game


def logs_file(folder: Path, count: int, broken: int) -> Path:
    """``count`` logs (seeds 0 to count - 1), log ``broken`` made illegal, then ``{not json``."""
    logs = [random_game(seed) for seed in range(count)]
    illegal = copy.deepcopy(logs[broken])
    first = illegal["rounds"][0]
    first["actions"].insert(0, {"player": first["dealer"], "action": "pass"})
    logs[broken] = illegal
    path = folder / "logs.jsonl"
    path.write_text("".join(json.dumps(log) + "\n" for log in logs) + "{not json\n")
    return path
