"""The advisor's levels as ``GET /v1/bots`` lists them: each level's play and its measured
strength, read from the arena's receipts shipped with the documents
(``docs/receipts/levels/``, docs/strength.md "Levels").

A level's strength is two measurements under the EAAI rules, in mirrored pairs: its win share
against ``simple``, and against the level below (``random`` below level 1).  A receipt counts
only when the players it names are the level as it plays now (its label, stray share and
budget); otherwise that figure is left out (``null``) rather than shown for other play.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ..package_data import text
from ..rules.players.bots import LEVELS, Level

RECEIPTS = "receipts/levels"
"""Where in docs/ the levels' receipts are: ``level3-simple.json``, ``level3-level2.json``,
``level1-random.json``."""


def below(level: Level) -> str:
    """The name of the player a level is measured against below it: ``level2``, ``random``."""
    return f"level{level.number - 1}" if level.number > min(LEVELS) else "random"


def receipt_name(level: Level, opponent: str) -> str:
    """The file name of a level's receipt against ``opponent`` (``simple``, ``level2``)."""
    return f"level{level.number}-{opponent}.json"


def _label(opponent: str) -> str:
    return f"advisor:{opponent}" if opponent.startswith("level") else opponent


def _measured(level: Level, opponent: str) -> dict[str, Any] | None:
    """A level's win share against ``opponent`` from its receipt, when the receipt is there
    and names this level's play."""
    try:
        receipt = json.loads(text(f"{RECEIPTS}/{receipt_name(level, opponent)}"))
    except (OSError, ValueError):
        return None
    first, second = receipt["players"]
    if (first.get("label"), first.get("stray"), first.get("budget_ms"), second.get("label")) != (
            f"advisor:level{level.number}", level.stray, level.budget_ms, _label(opponent)):
        return None
    if opponent.startswith("level"):
        lower = LEVELS[int(opponent.removeprefix("level"))]
        if (second.get("stray"), second.get("budget_ms")) != (lower.stray, lower.budget_ms):
            return None
    share = receipt["results"]["win_share"]
    return {"opponent": _label(opponent), "win_share": share["estimate"],
            "low": share["low"], "high": share["high"], "pairs": receipt["pairs"],
            "rules": receipt["rules"]["preset"], "commit": receipt["commit"],
            "command": receipt["command"]}


@lru_cache(maxsize=1)
def dump_levels() -> list[dict[str, Any]]:
    """Every level: its number, its play in words, its stray share and budget, and its
    measured win shares (``against_simple``, ``against_level_below``; ``null`` when not
    measured for this play)."""
    return [{"level": level.number, "description": level.description, "stray": level.stray,
             "budget_ms": level.budget_ms, "against_simple": _measured(level, "simple"),
             "against_level_below": _measured(level, below(level))}
            for level in sorted(LEVELS.values(), key=lambda level: level.number)]
