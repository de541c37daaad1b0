"""Random play of whole hands: ours beside OpenSpiel's C++ ``gin_rummy``, in one process.

    python bench/randomplay.py [--hands 2000] [--rounds 3] [--seed 2026] [--preset openspiel]

Both engines play whole two-player hands (deals) with uniformly random legal moves, driven by
the same kind of Python loop: ask the state for its legal moves, choose one with
``random.Random.choice``, apply it, until the hand is over.  Ours: ``Deal.from_deck`` on a
shuffled deck, then ``legal_moves`` / ``apply`` (which, as ``apply_action`` does, returns no
record of the move; after a knock, the defender's one legal move is the best lay-down,
R-6.4).  OpenSpiel's (``pyspiel``, from the ``open_spiel`` package: ``pip install -e
'.[bench]'``): ``new_initial_state``, chance outcomes chosen uniformly too, ``legal_actions``
/ ``apply_action``.  The figure that compares is hands (and actions) per
second of CPU time, each engine's best round; the rounds alternate the engines so that load
on the machine falls on both alike.  Target (issue 40): at least 8 times OpenSpiel's hands/s.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ginrules.rules.base.options import get_preset  # noqa: E402
from ginrules.rules.table.dealing import shuffled_deck  # noqa: E402
from ginrules.rules.table.engine import Deal  # noqa: E402
from ginrules.rules.hands.solver import cache_clear  # noqa: E402

TARGET = 8.0
"""Our hands per CPU second over OpenSpiel's, in the same process (issue 40)."""


def ours(hands: int, seed: int, preset: str) -> tuple[float, int]:
    """Play ``hands`` random hands: CPU seconds and actions played."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    cache_clear()
    gc.collect()
    actions = 0
    c0 = time.process_time()
    for _ in range(hands):
        deal = Deal.from_deck(rules, shuffled_deck(rng), "north", "south")
        apply, legal = deal.apply, deal.legal_moves
        while not deal.over:
            apply(choice(legal()))
            actions += 1
    return time.process_time() - c0, actions


def theirs(game: object, hands: int, seed: int) -> tuple[float, int]:
    """Play ``hands`` random hands of OpenSpiel's gin_rummy: CPU seconds and actions (chance
    outcomes, the deal's cards, included)."""
    rng = random.Random(seed)
    choice = rng.choice
    gc.collect()
    actions = 0
    c0 = time.process_time()
    for _ in range(hands):
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            actions += 1
    return time.process_time() - c0, actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--preset", default="openspiel")
    parser.add_argument("--ours-only", action="store_true", help="no OpenSpiel comparison")
    args = parser.parse_args()
    game = None
    if not args.ours_only:
        try:
            import pyspiel
        except ImportError:
            print("OpenSpiel is not installed: pip install -e '.[bench]' (or --ours-only)",
                  file=sys.stderr)
            return 2
        game = pyspiel.load_game("gin_rummy")
    from ginrules.rules import speedups
    print(f"python {platform.python_version()} on {platform.machine()}, {args.hands} hands per "
          f"round, preset {args.preset}, best of {args.rounds} rounds, C solver "
          f"{'on' if speedups.ACTIVE else 'off'}, core {_build()}")
    best_ours = best_theirs = 0.0
    for round_ in range(args.rounds):
        seed = args.seed + round_
        cpu, actions = ours(args.hands, seed, args.preset)
        line = (f"round {round_ + 1}: ours {args.hands / cpu:,.0f} hands/s "
                f"({actions / cpu:,.0f} actions/s)")
        best_ours = max(best_ours, args.hands / cpu)
        if game is not None:
            cpu, actions = theirs(game, args.hands, seed)
            line += (f"; OpenSpiel {args.hands / cpu:,.0f} hands/s "
                     f"({actions / cpu:,.0f} actions/s)")
            best_theirs = max(best_theirs, args.hands / cpu)
        print(line)
    line = f"best: ours {best_ours:,.0f} hands/s of CPU time"
    if best_theirs:
        line += (f", OpenSpiel {best_theirs:,.0f}: {best_ours / best_theirs:.2f}x "
                 f"(target >= {TARGET:g}x)")
    print(line)
    return 0


def _build() -> str:
    """Whether the rules core runs compiled (its modules are extension modules) or as Python."""
    from ginrules.rules.table import engine
    return "compiled" if not engine.__file__.endswith(".py") else "pure Python"


if __name__ == "__main__":
    raise SystemExit(main())
