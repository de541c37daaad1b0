"""The arena benches' ``--output FILE`` and ``--resume``, as ``ginrules arena`` has them.

``arena_http.py`` and ``arena_ref.py`` play the arena's mirrored pairs with players the command
cannot name (another server's bots, an earlier commit's).  Their runs are long, so each keeps
its finished pairs in the file ``ginrules arena --output`` writes (bulk.Recorder: a first line
of the settings, then a pair a line, wire/records.py) and, with ``--resume``, plays only the
pairs the file does not hold; the settings that make the pairs must be the same, or the file is
refused.
"""

from __future__ import annotations

import argparse
from typing import Any


def add_arena_options(parser: argparse.ArgumentParser, bots: str) -> None:
    """The in-process arena's options (``--bots``, default ``bots``; ``--pairs``, ``--seed``,
    ``--rules``, ``--jobs``, ``--receipt``) and :func:`add_options`'."""
    parser.add_argument("--bots", default=bots)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="eaai")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the results are the "
                                                           "same)")
    parser.add_argument("--receipt", default=None, metavar="FILE")
    add_options(parser)


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--output FILE`` and ``--resume``."""
    parser.add_argument("--output", "-o", default=None, metavar="FILE",
                        help="also append each finished pair to FILE as one JSON line, as "
                             "ginrules arena --output does; FILE is written afresh unless "
                             "--resume")
    parser.add_argument("--resume", action="store_true",
                        help="read back the pairs FILE holds, refuse if its settings differ, "
                             "and play only the rest: the table and receipt are those of all "
                             "of them")


def kept(parser: argparse.ArgumentParser, args: argparse.Namespace, script: str, rules: Any,
         labels: tuple[str, str], runner: Any, **settings: Any) -> tuple[Any, Any]:
    """``(recorder, runner)``: with ``--output FILE``, FILE's recorder and a runner that gives
    back the pairs FILE holds (with ``--resume``) and appends each pair it plays; without it,
    no recorder and ``runner`` itself.  ``settings`` (with the rules, the players' labels and
    the seed) are what the pairs depend on; a file written with others is refused, through
    ``parser``, before anything is played."""
    if args.output is None:
        if args.resume:
            parser.error("--resume reads back what --output FILE holds: give the file")
        return None, runner
    from ginrules.bulk import Recorder, Unresumable
    from ginrules.rules.usecases.batches import Resumed
    from ginrules.wire.records import dump_header, dump_pair, read_pair

    header = {**dump_header("arena", rules, bots=list(labels), seed=args.seed, **settings),
              "output": script}
    try:
        recorder = Recorder(args.output, header, "pair", args.resume)
        done = [read_pair(line) for line in recorder.lines]
    except Unresumable as error:
        parser.error(str(error))
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        parser.error(f"{args.output} holds a line that is not a pair of {script}")
    if len(done) > args.pairs:
        parser.error(f"{args.output} holds {len(done)} pairs, more than the {args.pairs} "
                     "asked for")
    recorder.open()
    return recorder, Resumed(runner, done, lambda index, pair: recorder.add(
        dump_pair(index, args.seed, labels, pair)))


def interrupted(script: str, recorder: Any) -> SystemExit:
    """Ctrl-C: say where the finished pairs are kept (exit status 130)."""
    import sys

    kept_where = ("" if recorder is None else
                  f": the {recorder.written} pairs finished are in {recorder.path}; the same "
                  "command with --resume plays the rest")
    print(f"{script}: interrupted{kept_where}", file=sys.stderr)
    return SystemExit(130)


def play(parser: argparse.ArgumentParser, args: argparse.Namespace, script: str, runner: Any,
         **settings: Any) -> tuple[Any, Any]:
    """``(result, source)``: the arena's mirrored pairs between the two players of ``--bots``
    (refused through ``parser`` unless two known players) under ``--rules`` (``--pairs``,
    ``--seed``), kept and resumed as :func:`kept` says and stopped by Ctrl-C as
    :func:`interrupted` says, and the checkout they ran from (``ginrules.cli.source_commit``,
    read before the first pair)."""
    from ginrules.cli import parse_rules, source_commit
    from ginrules.rules import resolve_rules
    from ginrules.rules.players.arena import Entrant, arena

    texts = args.bots.split(",")
    if len(texts) != 2:
        parser.error("--bots names two players")
    try:
        entrants = tuple(Entrant.parse(text) for text in texts)
    except ValueError as error:
        parser.error(str(error))
    rules = resolve_rules(parse_rules(args.rules))
    labels = (entrants[0].label, entrants[1].label)
    recorder, runner = kept(parser, args, script, rules, labels, runner, **settings)
    source = source_commit()
    try:
        return arena(entrants, args.pairs, args.seed, rules, runner=runner), source
    except KeyboardInterrupt:
        raise interrupted(script.rpartition("/")[2], recorder) from None
    finally:
        if recorder is not None:
            recorder.close()


def receipt(result: Any, script: str, argv: list[str] | None, source: Any) -> dict[str, Any]:
    """The arena's receipt of ``result`` for the command ``python script ARGS`` (``argv``, or
    this process's own), with the pairs read back from ``--output`` (``resumed_pairs``)."""
    import sys

    from ginrules.cli import arena_receipt

    written = arena_receipt(result, ["python", script, *(sys.argv[1:] if argv is None
                                                          else argv)], source)
    written["resumed_pairs"] = result.resumed
    return written
