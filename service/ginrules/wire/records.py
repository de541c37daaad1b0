"""The result lines of the batch commands' ``--output`` (``ginrules selfplay``, ``arena``,
``calibrate``): one JSON object per finished game or pair, enough to rebuild the table, after a
first line that holds the run's settings.  One dumper and one reader per type of line, so that
a run resumed (``--resume``) reads back exactly what an earlier one wrote; the files themselves
are written and read at the edge (``ginrules.bulk``).

Every number is written as the core holds it (a float in its shortest exact form), so a table
made of lines read back is the table of the run that wrote them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .._version import __version__
from ..rules.base.options import Rules
from ..rules.players.arena import PairResult, pair_seed
from ..rules.players.calibration import GamePredictions, Prediction
from ..rules.players.selfplay import GameResult, Tally, game_seed
from .replies import dump_rules

INDEX = {"selfplay": "game", "arena": "pair", "calibrate": "game"}
"""The key that numbers a command's lines (from 0, in input order)."""


def dump_header(command: str, rules: Rules, **settings: Any) -> dict[str, Any]:
    """The first line: the command and the settings that make its results (named as its
    options: ``bots``, ``seed``, ``budget_ms``...; the rules in full), and the version that
    wrote it."""
    return {"output": f"ginrules {command}", "version": __version__,
            "settings": {**settings, "rules": dump_rules(rules)}}


def dump_game(index: int, seed: int, result: GameResult) -> dict[str, Any]:
    """A self-play game's line: its index and seed, its seats' bots, the winner's seat (null:
    unfinished), the final totals, the deals played and abandoned, each seat's rounds won, gins
    and undercuts."""
    winner, totals, deals, tallies, abandoned = result
    return {"game": index, "seed": game_seed(seed, index),
            "players": {seat: tally.name for seat, tally in tallies.items()},
            "winner": winner, "totals": totals, "deals": deals, "abandoned": abandoned,
            "tallies": {seat: {"rounds_won": tally.rounds_won, "gins": tally.gins,
                               "undercuts": tally.undercuts}
                        for seat, tally in tallies.items()}}


def read_game(line: dict[str, Any]) -> GameResult:
    """A self-play game's result from its line (:func:`dump_game`)."""
    tallies = {seat: Tally(name, **line["tallies"][seat])
               for seat, name in line["players"].items()}
    totals = {seat: int(line["totals"][seat]) for seat in tallies}
    return (line["winner"], totals, int(line["deals"]), tallies, int(line["abandoned"]))


_PAIR_FIELDS = ("wins", "points", "rounds_won", "gins", "undercuts")


def dump_pair(index: int, seed: int, labels: tuple[str, str], result: PairResult
              ) -> dict[str, Any]:
    """An arena pair's line: its index and seed, the players (in the arena's order, as every
    pair of numbers is), each one's games won, final points, rounds won, gins and undercuts,
    and the pair's games decided, deals and deals abandoned."""
    return {"pair": index, "seed": pair_seed(seed, index), "players": list(labels),
            **{name: list(getattr(result, name)) for name in _PAIR_FIELDS},
            "decided": result.decided, "deals": result.deals, "abandoned": result.abandoned}


def read_pair(line: dict[str, Any]) -> PairResult:
    """An arena pair's result from its line (:func:`dump_pair`)."""
    two = {name: (int(line[name][0]), int(line[name][1])) for name in _PAIR_FIELDS}
    return PairResult(**two, decided=int(line["decided"]), deals=int(line["deals"]),
                      abandoned=int(line["abandoned"]))


def dump_prediction(prediction: Prediction) -> dict[str, Any]:
    """One prediction and its outcome, as ``calibrate --predictions`` writes each."""
    return dataclasses.asdict(prediction)


def dump_calibration_game(index: int, seed: int, bots: tuple[str, str],
                          result: GamePredictions) -> dict[str, Any]:
    """A calibration game's line: its index and seed, the bots, its rounds with a prediction
    and every prediction in the order made."""
    return {"game": index, "seed": game_seed(seed, index), "players": list(bots),
            "rounds": result.rounds,
            "predictions": [dump_prediction(p) for p in result.predictions]}


def _prediction(fields: dict[str, Any]) -> Prediction:
    """A prediction from its JSON object: the options shown as tuples, as made."""
    shown = tuple(tuple(option) for option in fields.get("shown_raw", ()))
    return Prediction(**{**fields, "shown_raw": shown})


def read_calibration_game(line: dict[str, Any]) -> GamePredictions:
    """A calibration game's predictions from its line (:func:`dump_calibration_game`)."""
    return GamePredictions(tuple(_prediction(p) for p in line["predictions"]),
                           int(line["rounds"]))
