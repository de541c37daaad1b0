"""Re-score recorded predictions under today's calibration map (hints.CALIBRATION).

``ginrules calibrate --predictions FILE`` records, for every decision, the playouts' own share
of wins and mean points beside the round's outcome.  The map turns those into the reply's
``win_chance`` and ``expected_points`` and never changes a move (it is increasing, applied
after the options are ordered), so a run's predictions under a newly fitted map are exactly
what the same ``ginrules calibrate`` command would print again: this tool gives them without
replaying the games, with the reliability table, the measures and, with ``--svg``, the
picture::

    python bench/calibration/fit_calibration.py fit.jsonl --test held-out.jsonl  # other seeds
    python bench/calibration/remap_calibration.py held-out.jsonl --bots advisor,advisor \\
        --opponent-model advisor --rules standard --games 50 --seed 104 --svg advisor-advisor.svg
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ginrules.rules import resolve_rules
from ginrules.rules.players.calibration import (Calibration, calibration_report,
                                                reliability_svg, scored_today)
from ginrules.wire.records import read_calibration_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="predictions of one run (JSON Lines)")
    parser.add_argument("--bots", default="advisor,simple")
    parser.add_argument("--opponent-model", default="greedy")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--games", type=int, default=0, help="the run's games, for the report")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed, for the report")
    parser.add_argument("--rounds", type=int, default=0,
                        help="the run's rounds, for the report (not said when not given)")
    parser.add_argument("--budget-ms", type=int, default=100)
    parser.add_argument("--options", choices=("first", "shown"), default="first",
                        help="the options the run measured, for the report")
    parser.add_argument("--svg", help="where to write the reliability diagram")
    args = parser.parse_args()
    recorded = []
    for line in Path(args.file).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("playout_win") is None or row.get("stock") is None:
            raise SystemExit(f"{args.file}: a prediction without the playouts' own numbers "
                             f"or the stock")
        recorded.append(row)
    # Read as a calibration game's lines are, and mapped as a resumed run maps them.
    game = read_calibration_game({"predictions": recorded, "rounds": 0})
    predictions = list(scored_today(game, args.opponent_model,
                                    resolve_rules(args.rules)).predictions)
    bots = tuple(args.bots.split(","))
    result = Calibration((bots[0], bots[1]), args.rules, args.budget_ms, args.games, args.seed,
                         predictions, rounds=args.rounds, opponent_model=args.opponent_model,
                         options=args.options, rescored=True)
    print(calibration_report(result))
    if args.svg:
        Path(args.svg).write_text(reliability_svg(result), encoding="utf-8")
        print(f"reliability diagram written to {args.svg}")


if __name__ == "__main__":
    main()
