"""The advisor against the advisor of an earlier commit: is it stronger?

Takes the players' layer (``service/ginrules/rules/players/``) as it was at ``--ref`` from git,
loads it beside the current one (the rules engine under it is today's, so the ref must share
it), and plays whole games of self-play between today's advisor and that one, which plays as
``advisor-1``, with the first dealer alternating::

    python bench/strength/versus.py --ref 7b44646 --games 2000 --seed 1
    python bench/strength/versus.py --ref 7b44646 --games 200 --seed 1 --budget-ms 100
    python bench/strength/versus.py --ref 7b44646 --games 2000 --seed 1 --budget-ms 100 \
        --ref-budget-ms 0 --jobs 2

Without ``--budget-ms`` both play on the heuristic core alone, as ``ginrules selfplay
--budget-ms 0`` does; ``--ref-budget-ms`` gives advisor-1 a budget of its own (0: its
heuristic core alone, as self-play played it at 7b44646, where the heuristic core was the
default).  The games are shared as ``ginrules selfplay`` shares them: ``--jobs N`` processes of
this machine, or a Ray cluster with ``--ray ADDRESS`` (each worker loads advisor-1 itself, so
every node needs this checkout and its history); the table is the same.  Needs git and the
repository's history.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import subprocess
import sys
import tempfile
import types
from collections.abc import Callable, Generator, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = "service/ginrules/rules/players"

RENAMED = {"ginrules.rules.hands.knock": {"knock_allowed": "count_may_knock"}}
"""Names of the rules core an earlier players' layer imports that the core has since renamed,
by module: the earlier name and today's of the same function (``knock_allowed(deadwood,
knock_limit)``, R-5.1's count test, became ``count_may_knock`` in 1bd2214, its body
unchanged).  :func:`load_ref` gives each module its earlier names beside today's, so the
earlier players call today's one copy of the rule; a name renamed with a new meaning does not
belong here."""


def commit_of(ref: str) -> str:
    """The commit ``ref`` names now (``HEAD`` moves; a run resumed later must not)."""
    return subprocess.run(["git", "rev-parse", "--verify", f"{ref}^{{commit}}"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout.strip()


def load_ref(ref: str, folder: Path) -> types.ModuleType:
    """The players' layer at ``ref`` as the package ``ginrules.rules.players_ref``."""
    import ginrules.rules

    for module, renamed in RENAMED.items():
        core = importlib.import_module(module)
        for earlier, today in renamed.items():
            if not hasattr(core, earlier):
                setattr(core, earlier, getattr(core, today))
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{ref}:{PLAYERS}"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        if name.endswith(".py"):
            source = subprocess.run(["git", "show", f"{ref}:{PLAYERS}/{name}"], cwd=ROOT,
                                    check=True, capture_output=True, text=True).stdout
            (folder / name).write_text(source)
    for loaded in [name for name in sys.modules if name == "ginrules.rules.players_ref"
                   or name.startswith("ginrules.rules.players_ref.")]:
        del sys.modules[loaded]  # a ref loaded before in this process: not this one's modules
    package = types.ModuleType("ginrules.rules.players_ref")
    package.__path__ = [str(folder)]
    package.__package__ = "ginrules.rules.players_ref"
    sys.modules[package.__name__] = package
    ginrules.rules.players_ref = package  # type: ignore[attr-defined]
    return importlib.import_module("ginrules.rules.players_ref.bots")


def advisor_1(ref: str, budget_ms: int | None, folder: Path | None = None) -> None:
    """advisor-1, the advisor of ``ref`` (at ``budget_ms`` of its own, when given), among this
    process's bots; loaded into ``folder`` (None: a new temporary one) unless it is there."""
    from ginrules.rules.players import bots

    description = f"the advisor of {ref}" + ("" if budget_ms is None else f" at {budget_ms} ms")
    known = bots.BOTS.get("advisor-1")
    if known is not None and known.description == description:
        return
    old = load_ref(ref, folder or Path(tempfile.mkdtemp()))
    choose = old.advisor_move
    if budget_ms is not None:
        choose = functools.partial(_at_budget, old.advisor_move, budget_ms)
    bots.BOTS["advisor-1"] = bots.Bot("advisor-1", description, choose)


def _with_advisor_1(ref: str, budget_ms: int | None, task: Callable[..., Any],
                    arguments: tuple[Any, ...]) -> Any:
    """A task of self-play in a worker that has advisor-1 among its bots."""
    advisor_1(ref, budget_ms)
    return task(*arguments)


class WithAdvisor1:
    """A runner (ginrules' fan-out) whose workers load advisor-1 before their first game."""

    def __init__(self, runner: Any, ref: str, budget_ms: int | None) -> None:
        self.runner = runner
        self.ref = ref
        self.budget_ms = budget_ms

    def workers(self, total: int | None = None) -> int:
        return int(self.runner.workers(total))

    def label(self, total: int | None = None) -> str:
        return str(self.runner.label(total))

    def map(self, task: Callable[..., Any], arguments: Iterable[tuple[Any, ...]],
            total: int | None = None) -> Generator[Any, None, None]:
        return self.runner.map(
            _with_advisor_1, ((self.ref, self.budget_ms, task, each) for each in arguments),
            total)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", required=True, help="the commit whose advisor is advisor-1")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--budget-ms", type=int, default=None,
                        help="today's advisor's budget per decision (default: none, the "
                             "heuristic core alone)")
    parser.add_argument("--ref-budget-ms", type=int, default=None,
                        help="advisor-1's budget per decision (default: the same as today's)")
    from ginrules.cli import Refusal, _close, _fan_out_options, _runner

    _fan_out_options(parser, "games")
    args = parser.parse_args(argv)
    try:
        runner = _runner(args)
    except Refusal as refusal:
        parser.error(str(refusal))

    from ginrules.rules import resolve_rules
    from ginrules.rules.players.selfplay import match_table, self_play

    try:
        with tempfile.TemporaryDirectory() as folder:
            # Here, for this process and the processes it forks; a Ray worker loads its own.
            advisor_1(args.ref, args.ref_budget_ms, Path(folder))
            result = self_play(("advisor", "advisor-1"), args.games, args.seed,
                               resolve_rules(args.rules), budget_ms=args.budget_ms,
                               runner=WithAdvisor1(runner, args.ref, args.ref_budget_ms))
    finally:
        _close(runner)
    print(match_table(result))
    if args.ref_budget_ms is not None:
        print(f"advisor-1 budget {args.ref_budget_ms} ms"
              + (": heuristic only" if args.ref_budget_ms == 0 else ""))


def _at_budget(move: Callable[..., object], own_budget_ms: int, view: object, seed: int = 0,
               /, **options: object) -> object:
    """advisor-1's move at its own budget, whatever self-play gives today's advisor."""
    options.pop("budget_ms", None)
    options.pop("playouts", None)
    if own_budget_ms:
        return move(view, seed, budget_ms=own_budget_ms, **options)
    return move(view, seed, playouts=0, **options)


if __name__ == "__main__":
    main()
