"""The advisor's levels as ``GET /v1/bots`` lists them: each level's play and its measured
strength, read from the arena's receipts shipped with the documents
(``docs/receipts/levels/``, docs/strength.md "Levels").

A level's strength is two measurements under the EAAI rules, in mirrored pairs: its win share
against ``simple``, and against the level below (``random`` below level 1).  A receipt counts
only when the players it names are the level as it plays now (its label, stray share,
budget and, where the receipt records them, the advisor's settings); otherwise that figure is
left out (``null``) rather than shown for other play.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ..package_data import text
from ..rules.players.arena import Entrant, advisor_settings
from ..rules.players.bots import LEVELS, Level

RECEIPTS = "receipts/levels"
"""Where in docs/ the levels' receipts are: ``level3-simple.json``, ``level3-level2.json``,
``level1-random.json``."""


def _entrant(level: Level) -> Entrant:
    """The level as the arena seats it (``advisor:level3``)."""
    return Entrant.parse(f"advisor:level{level.number}")


def below(level: Level) -> Entrant:
    """The player a level is measured against below it: the level below, or ``random``."""
    lower = LEVELS.get(level.number - 1)
    return Entrant("random") if lower is None else _entrant(lower)


def receipt_name(level: Level, opponent: Entrant) -> str:
    """The file name of a level's receipt against ``opponent``: ``level3-simple.json``,
    ``level3-level2.json``."""
    return f"level{level.number}-{opponent.label.removeprefix('advisor:')}.json"


def _plays_as(player: dict[str, Any], entrant: Entrant) -> bool:
    """Whether a receipt's player is ``entrant`` as it plays now: its label, and for a level
    its share of random moves, its budget, the playouts that budget buys (a budget buys
    another number of playouts when hints.PLAYOUTS_PER_SECOND changes, and so other play) and
    the advisor's settings (arena.ADVISOR_SETTINGS).  A receipt that records no settings was
    written before the arena recorded them, and so names no play for certain: it is left out."""
    if player.get("label") != entrant.label:
        return False
    if entrant.level is None:
        return True
    level = LEVELS[entrant.level]
    settings = player.get("settings")
    return ((player.get("stray"), player.get("budget_ms"), player.get("playouts"))
            == (level.stray, level.budget_ms, entrant.playouts)
            and settings == advisor_settings())


def _measured(level: Level, opponent: Entrant) -> dict[str, Any] | None:
    """A level's win share against ``opponent`` from its receipt, when the receipt is there
    and names this level's play and the opponent's."""
    try:
        receipt = json.loads(text(f"{RECEIPTS}/{receipt_name(level, opponent)}"))
    except (OSError, ValueError):
        return None
    first, second = receipt["players"]
    if not (_plays_as(first, _entrant(level)) and _plays_as(second, opponent)):
        return None
    share = receipt["results"]["win_share"]
    return {"opponent": opponent.label, "win_share": share["estimate"],
            "low": share["low"], "high": share["high"], "pairs": receipt["pairs"],
            "rules": receipt["rules"]["preset"], "commit": receipt["commit"],
            "command": receipt["command"]}


@lru_cache(maxsize=1)
def dump_levels() -> list[dict[str, Any]]:
    """Every level: its number, its play in words, its stray share and budget, and its
    measured win shares (``against_simple``, ``against_level_below``; ``null`` when not
    measured for this play)."""
    return [{"level": level.number, "description": level.description, "stray": level.stray,
             "budget_ms": level.budget_ms,
             "against_simple": _measured(level, Entrant("simple")),
             "against_level_below": _measured(level, below(level))}
            for level in sorted(LEVELS.values(), key=lambda level: level.number)]
