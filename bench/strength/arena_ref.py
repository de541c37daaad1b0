"""The arena with the bots of an earlier commit: is today's player stronger than that one?

Loads the players' layer (``service/ginrules/rules/players/``) as it was at ``--ref`` beside
today's, as versus.py does (the rules engine under it is today's, so the ref must share it),
names its bots with ``-1`` (``simple-1``, ``advisor-1``), and plays ``ginrules arena``'s
mirrored pairs between any two players, today's or the ref's::

    python bench/strength/arena_ref.py --ref 9d3c7b2 --bots simple,simple-1 --pairs 2000 \\
        --rules eaai --jobs 2 --receipt simple-vs-9d3c7b2.json
    python bench/strength/arena_ref.py --ref 8b0e1fc --bots advisor,advisor-1 --pairs 1000 \\
        --rules eaai --jobs 2 --output pairs.jsonl  # the same with --resume goes on

A player is named as in ``ginrules arena`` (``advisor:MS`` at a budget; ``advisor-1:MS`` for
the ref's advisor).  The receipt is the command's, with the ref.  Worker processes are forked,
so they see the ref's bots; needs git and the repository's history.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kept  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", required=True, help="the commit whose bots are NAME-1")
    kept.add_arena_options(parser, "simple,simple-1")
    args = parser.parse_args(argv)

    import versus
    from ginrules.cli import write_receipt
    from ginrules.rules.players import bots
    from ginrules.rules.players.arena import arena_table

    with tempfile.TemporaryDirectory() as folder:
        ref = versus.load_ref(args.ref, Path(folder))
        try:  # read while the ref's sources exist; a ref older than hints.py has none
            ref_playouts = importlib.import_module(f"{ref.__package__}.hints").playouts_for
        except (ImportError, AttributeError):
            ref_playouts = None
        for name, bot in ref.BOTS.items():
            bots.BOTS[f"{name}-1"] = bots.Bot(f"{name}-1", f"{bot.description} (at {args.ref})",
                                              bot.choose)
        from ginrules.rules.usecases.batches import Processes

        ref_commit = versus.commit_of(args.ref)
        result, source = kept.play(parser, args, "bench/strength/arena_ref.py",
                                   Processes(args.jobs), ref=ref_commit)
    print(arena_table(result))
    if args.receipt is not None:
        receipt = kept.receipt(result, "bench/strength/arena_ref.py", argv, source)
        receipt["ref"] = args.ref
        receipt["ref_commit"] = ref_commit
        # The ref's players buy their playouts at the ref's own rate (its hints.playouts_for),
        # not today's, which arena_receipt assumes of every player.
        for player in receipt["players"]:
            if player["bot"].endswith("-1") and player["budget_ms"] is not None:
                player["playouts"] = (None if ref_playouts is None
                                      else ref_playouts(player["budget_ms"]))
        write_receipt(receipt, args.receipt)
        print(f"receipt written to {args.receipt}")


if __name__ == "__main__":
    main()
