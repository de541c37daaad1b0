"""The advisor against the advisor of an earlier commit: is it stronger?

Takes the players' layer (``service/ginrules/rules/players/``) as it was at ``--ref`` from git,
loads it beside the current one (the rules engine under it is today's, so the ref must share
it), and plays whole games of self-play between today's advisor and that one, which plays as
``advisor-1``, with the first dealer alternating::

    python bench/versus.py --ref 7b44646 --games 2000 --seed 1
    python bench/versus.py --ref 7b44646 --games 200 --seed 1 --budget-ms 100

Without ``--budget-ms`` both play on the heuristic core alone, as ``ginrules selfplay
--budget-ms 0`` does.  Needs git and the repository's history.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tempfile
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = "service/ginrules/rules/players"


def load_ref(ref: str, folder: Path) -> types.ModuleType:
    """The players' layer at ``ref`` as the package ``ginrules.rules.players_ref``."""
    import ginrules.rules

    names = subprocess.run(["git", "ls-tree", "--name-only", f"{ref}:{PLAYERS}"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        if name.endswith(".py"):
            source = subprocess.run(["git", "show", f"{ref}:{PLAYERS}/{name}"], cwd=ROOT,
                                    check=True, capture_output=True, text=True).stdout
            (folder / name).write_text(source)
    package = types.ModuleType("ginrules.rules.players_ref")
    package.__path__ = [str(folder)]
    package.__package__ = "ginrules.rules.players_ref"
    sys.modules[package.__name__] = package
    ginrules.rules.players_ref = package  # type: ignore[attr-defined]
    return importlib.import_module("ginrules.rules.players_ref.bots")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", required=True, help="the commit whose advisor is advisor-1")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--budget-ms", type=int, default=None)
    args = parser.parse_args()

    from ginrules.rules import resolve_rules
    from ginrules.rules.players import bots
    from ginrules.rules.players.selfplay import match_table, self_play

    with tempfile.TemporaryDirectory() as folder:
        ref = load_ref(args.ref, Path(folder))
        bots.BOTS["advisor-1"] = bots.Bot("advisor-1", f"the advisor of {args.ref}",
                                          ref.advisor_move)
        result = self_play(("advisor", "advisor-1"), args.games, args.seed,
                           resolve_rules(args.rules), budget_ms=args.budget_ms)
    print(match_table(result))


if __name__ == "__main__":
    main()
