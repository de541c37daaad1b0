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
    parser.add_argument("--bots", default="simple-port,simple")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="eaai")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the results are the "
                                                           "same)")
    parser.add_argument("--receipt", default=None, metavar="FILE")
    kept.add_options(parser)
    args = parser.parse_args(argv)

    from ginrules.cli import arena_receipt, parse_rules, source_commit, write_receipt
    from ginrules.rules import resolve_rules
    from ginrules.rules.players.arena import Entrant, arena, arena_table
    from ginrules.rules.usecases.batches import Processes

    simple_port.register()
    texts = args.bots.split(",")
    if len(texts) != 2:
        parser.error("--bots names two players")
    try:
        first, second = (Entrant.parse(text) for text in texts)
    except ValueError as error:
        parser.error(str(error))
    rules = resolve_rules(parse_rules(args.rules))
    recorder, runner = kept.kept(parser, args, "bench/strength/arena_port.py", rules,
                                 (first.label, second.label), Processes(args.jobs))
    source = source_commit()
    try:
        result = arena((first, second), args.pairs, args.seed, rules, runner=runner)
    except KeyboardInterrupt:
        raise kept.interrupted("arena_port.py", recorder) from None
    finally:
        if recorder is not None:
            recorder.close()
    print(arena_table(result))
    if args.receipt is not None:
        receipt = arena_receipt(result, ["python", "bench/strength/arena_port.py",
                                         *(sys.argv[1:] if argv is None else argv)], source)
        receipt["resumed_pairs"] = result.resumed
        write_receipt(receipt, args.receipt)
        print(f"receipt written to {args.receipt}")


if __name__ == "__main__":
    main()
