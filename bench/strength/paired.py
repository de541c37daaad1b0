"""Versions of the advisor on the same deals: is a change to its play worth anything?

Whole games are a blunt measure of a change to the advisor: a game swings with the cards, so
2,000 games give a win rate within about two points either way, and most changes move it less.
Here every version plays the same deals against the same opponent: the same deck, the same
seat, the same dealer (alternating), the same seed for every move.  Each deal's points (the
advisor's, negative when the opponent scores, R-7) are compared deal by deal with the base
version's.  Where two versions play alike the difference is zero, so the difference of their
means is measured many times more precisely than either mean.

    python bench/strength/paired.py --deals 2000 --seed 2 --version heuristic.DANGER_WEIGHT=0.15
    python bench/strength/paired.py --deals 1200 --seed 4 --version budget_ms=100   # the look-ahead
    python bench/strength/paired.py --deals 2000 --seed 2 --ref 7b44646 --version ...  # advisor-1

The base is today's advisor on its heuristic core alone (as ``ginrules selfplay --budget-ms 0``
plays it), or a version given by ``--base`` (``--base budget_ms=100``: the advisor the API
serves, to measure changes to its look-ahead). A version is a list of settings,
comma-separated: ``MODULE.NAME=VALUE`` sets a constant of ``ginrules.rules.players.MODULE``
(one that exists: a name is checked) to a Python literal, in that module and in each module
of the layer that imported it by value, and ``budget_ms=N`` gives the
advisor playouts. Each deal is played with its version's settings set and then put back, so
they touch nothing else, in whatever process plays it. The score of a game is not kept: every
deal is played as at the start of a game (R-8.1), so what is measured is points per deal, not
games.

The deals are shared as the batch commands share their work (ginrules' fan-out): ``--jobs N``
processes of this machine, or a Ray cluster with ``--ray ADDRESS`` (every node then needs this
checkout, and its git history for ``--ref``); the numbers are the same whatever ran them.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import math
import random
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

MAX_MOVES = 300
"""Moves after which a deal is scored as a draw (as self-play abandons one)."""


def parse_version(text: str) -> dict[str, Any]:
    """The settings of a version, checked: each name must be a constant of the players' layer
    (or ``budget_ms``) and each value a Python literal."""
    settings: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"{part!r}: a setting is NAME=VALUE")
        try:
            settings[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            raise ValueError(f"{part!r}: the value is not a Python literal") from None
        if name == "budget_ms":
            continue
        module, _, attribute = name.rpartition(".")
        try:
            target = importlib.import_module(f"ginrules.rules.players.{module}")
        except ImportError:
            raise ValueError(f"{part!r}: no module ginrules.rules.players.{module}") from None
        if not module or not attribute.isupper() or not hasattr(target, attribute):
            raise ValueError(f"{part!r}: {module}.{attribute} is not a constant there")
    return settings


def _advisor_1(ref: str) -> None:
    """advisor-1, the advisor of ``ref``, among this process's bots (loaded once)."""
    from ginrules.rules.players import bots

    description = f"the advisor of {ref}"
    known = bots.BOTS.get("advisor-1")
    if known is None or known.description != description:
        import versus

        old = versus.load_ref(ref, Path(tempfile.mkdtemp()))
        bots.BOTS["advisor-1"] = bots.Bot("advisor-1", description, old.advisor_move)


def _bindings(module: str, attribute: str) -> list[Any]:
    """The modules of the players' layer that bind ``module.attribute``: the module that
    defines it and each that imported it by value (``from .estimates import MIN_SAMPLES``), whose
    name holds the same object; setting the first alone would not reach the others' code."""
    import pkgutil

    from ginrules.rules import players

    defining = importlib.import_module(f"ginrules.rules.players.{module}")
    value = getattr(defining, attribute)
    others = [importlib.import_module(f"ginrules.rules.players.{info.name}")
              for info in pkgutil.iter_modules(players.__path__) if info.name != module]
    return [defining] + [other for other in others
                         if attribute in vars(other) and vars(other)[attribute] is value]


@contextmanager
def _version(settings: dict[str, Any]) -> Iterator[None]:
    """The version's settings set for a while, in every module that binds them, then put back
    as they were."""
    before = []
    try:
        for name, value in settings.items():
            if name != "budget_ms":
                module, _, attribute = name.rpartition(".")
                for target in _bindings(module, attribute):
                    before.append((target, attribute, getattr(target, attribute)))
                    setattr(target, attribute, value)
        yield
    finally:
        for target, attribute, value in reversed(before):
            setattr(target, attribute, value)


def play_deal(settings: dict[str, Any], ref: str | None, rules_name: str, opponent: str,
              seed: int, index: int) -> int:
    """One deal between the advisor (seat ``ann``), at the version's ``settings``, and the
    opponent: the advisor's points."""
    if ref is not None:
        _advisor_1(ref)
    with _version(settings):
        return _play_deal(rules_name, opponent, seed, index, settings.get("budget_ms"))


def _play_deal(rules_name: str, opponent: str, seed: int, index: int, budget: int | None
               ) -> int:
    from ginrules.rules import resolve_rules
    from ginrules.rules.match.standings import Standing
    from ginrules.rules.players.bots import bot_move
    from ginrules.rules.table.dealing import deal_deck, shuffled_deck
    from ginrules.rules.table.engine import Deal
    from ginrules.rules.table.moves import Phase
    from ginrules.rules.table.views import view_of

    rules = resolve_rules(rules_name)
    hands, upcard, stock = deal_deck(shuffled_deck(random.Random(seed * 1_000_003 + index)),
                                     "ann", "bob")
    first = "ann" if index % 2 else "bob"  # offered the upcard first: the dealer alternates
    deal = Deal(rules, hands, upcard, first, stock)
    for move_number in range(MAX_MOVES):
        if deal.phase is Phase.OVER:
            break
        player = deal.turn
        assert player is not None
        view = view_of(deal, player)
        move_seed = random.Random(f"{seed}/{index}/{move_number}").getrandbits(32)
        name = "advisor" if player == "ann" else opponent
        options: dict[str, Any] = {}
        if name.startswith("advisor"):
            options["standing"] = Standing(target=rules.game_target)
            if name == "advisor" and budget is not None:
                options["budget_ms"] = budget
            else:
                options["playouts"] = 0
        deal.play(bot_move(name, view, move_seed, **options))
    if deal.phase is not Phase.OVER or deal.winner is None or deal.score is None:
        return 0
    return deal.score.points if deal.winner == "ann" else -deal.score.points


def run(settings: dict[str, Any], deals: int, seed: int, rules: str, opponent: str,
        ref: str | None, jobs: int = 1, runner: Any = None) -> list[int]:
    """The advisor's points in each deal, for one version: on ``jobs`` processes of this
    machine, or on ``runner`` (ginrules' fan-out: processes, a Ray cluster)."""
    from ginrules.rules.usecases.batches import Processes

    runner = runner if runner is not None else Processes(jobs)
    return list(runner.map(play_deal, ((settings, ref, rules, opponent, seed, index)
                                       for index in range(deals)), total=deals))


def mean_and_error(values: list[int] | list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, math.sqrt(variance / n)


def main(argv: list[str] | None = None) -> None:
    from ginrules.cli import Refusal, _close, _fan_out_options, _runner

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="append", default=[],
                        help="settings of a version to compare with the base (repeatable)")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--opponent", default="simple", choices=["simple", "random"])
    parser.add_argument("--ref", help="play against the advisor of this commit (advisor-1)")
    parser.add_argument("--base", default="",
                        help="settings of the base version (default: none, the heuristic core)")
    _fan_out_options(parser, "deals")
    args = parser.parse_args(argv)
    try:
        versions = [(f"base {args.base}".strip(), parse_version(args.base))]
    except ValueError as error:
        parser.error(str(error))
    for text in args.version:
        try:
            versions.append((text, parse_version(text)))
        except ValueError as error:
            parser.error(str(error))
    opponent = "advisor-1" if args.ref else args.opponent
    try:
        runner = _runner(args)
    except Refusal as refusal:
        parser.error(str(refusal))
    print(f"{args.deals} deals against {opponent}, rules {args.rules}, seed {args.seed}: the "
          "advisor's points per deal, and the difference with the base on the same deals")
    try:
        _compare(versions, args, opponent, runner)
    finally:
        _close(runner)


def _compare(versions: list[tuple[str, dict[str, Any]]], args: argparse.Namespace,
             opponent: str, runner: Any) -> None:
    """Each version's line: its points per deal and its difference with the base's."""
    base: list[int] = []
    for label, settings in versions:
        points = run(settings, args.deals, args.seed, args.rules, opponent, args.ref,
                     runner=runner)
        base = base or points
        mean, error = mean_and_error(points)
        diff, diff_error = mean_and_error([a - b for a, b in zip(points, base)])
        won = sum(p > 0 for p in points) / len(points)
        print(f"{label:<48} {mean:+7.3f} ± {error:.3f}   difference {diff:+.3f} ± "
              f"{diff_error:.3f}   deals won {won:.1%}", flush=True)


if __name__ == "__main__":
    main()
