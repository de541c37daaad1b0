"""The arena against ``simple-port``, SimpleGinRummyPlayer ported apart from the service.

The yardstick from outside (bench/strength/simple_port.py): the same mirrored pairs, table and
receipt as ``ginrules arena``, with ``simple-port`` among the players::

    python bench/strength/arena_port.py --bots simple-port,simple --pairs 1000 --rules eaai \\
        --jobs 2 --receipt simple-port-vs-simple.json
    python bench/strength/arena_port.py --bots advisor,simple-port --pairs 1000 --rules eaai \\
        --jobs 2 --output pairs.jsonl  # the same with --resume goes on

Worker processes are forked, so they see the port.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kept  # noqa: E402
import simple_port  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    kept.add_arena_options(parser, "simple-port,simple")
    args = parser.parse_args(argv)

    from ginrules.cli import write_receipt
    from ginrules.rules.players.arena import arena_table
    from ginrules.rules.usecases.batches import Processes

    simple_port.register()
    result, source = kept.play(parser, args, "bench/strength/arena_port.py",
                               Processes(args.jobs))
    print(arena_table(result))
    if args.receipt is not None:
        write_receipt(kept.receipt(result, "bench/strength/arena_port.py", argv, source),
                      args.receipt)
        print(f"receipt written to {args.receipt}")


if __name__ == "__main__":
    main()
