"""The ``ginrules`` command (also ``python -m ginrules``): serve the API, analyse a hand, list
the melds of some cards, deal a round from a seed, run the conformance cases, import a game
recorded by another engine, play bots against each other.  Help texts are plain text; a usage
error is one line on standard error, exit status 2."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
import time
from pathlib import Path
from collections.abc import Iterable
from typing import Any, NoReturn

from ._version import __version__
from .rules import RulesError, analyze, hand_melds, parse_card
from .rules.base.cards import CARD_NAMES

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


GUNICORN_SETTINGS = "python:ginrules.gunicorn_settings"
"""The packaged gunicorn settings (gunicorn_settings.py)."""


def gunicorn_config() -> str:
    """The gunicorn settings: ``$GINRULES_GUNICORN_CONFIG`` (a file) or the packaged ones."""
    configured = os.environ.get("GINRULES_GUNICORN_CONFIG")
    if not configured:
        return GUNICORN_SETTINGS
    if not Path(configured).is_file():
        raise SystemExit(f"ginrules serve: GINRULES_GUNICORN_CONFIG={configured} is not a file")
    return configured


def _host_port(address: str) -> tuple[str, int] | None:
    """The host and port of a gunicorn bind address (``host``, ``host:port``, ``[v6]:port``);
    None for a Unix socket (``unix:PATH``)."""
    if address.startswith("unix:"):
        return None
    host, colon, port = address.rpartition(":")
    if not colon or "]" in port:  # no port: gunicorn's default, 8000
        host, port = address, str(DEFAULT_PORT)
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise Refusal(f"cannot listen on {address[:60]!r}: the port is a number from 1 to 65535 "
                      f"(--port, or GINRULES_BIND=host:port)")
    return host.strip("[]") or DEFAULT_HOST, int(port)


def bind_address(host: str | None, port: int | None) -> str:
    """Where ``serve`` listens: ``--host``/``--port`` where given, the rest from
    ``$GINRULES_BIND`` (as the packaged settings read it), else 127.0.0.1:8000."""
    configured = os.environ.get("GINRULES_BIND", "").strip()
    if host is None and port is None and configured:
        return configured
    default_host, default_port = (_host_port(configured) if configured else None) or (
        DEFAULT_HOST, DEFAULT_PORT)
    host = host or default_host
    return f"{f'[{host}]' if ':' in host else host}:{default_port if port is None else port}"


def check_bind(address: str) -> None:
    """Refuse, in one line, an address the server could not listen on (a port in use, say),
    before saying it serves: gunicorn would retry for seconds and then exit with a traceback."""
    import errno
    import socket

    found = _host_port(address)
    if found is None:
        return
    host, port = found
    try:
        family, kind, proto, _, where = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as error:
        raise Refusal(f"cannot listen on {address}: {error.strerror}; choose the address with "
                      f"--host and --port, or GINRULES_BIND") from None
    with socket.socket(family, kind, proto) as probe:
        # As gunicorn binds: a port held only by closed connections (TIME_WAIT) is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(where)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise Refusal(f"{address} is already in use (another server?): serve on another "
                              f"port with --port, or another address with GINRULES_BIND") from None
            raise Refusal(f"cannot listen on {address} ({error.strerror}): choose another "
                          f"address with --host and --port, or GINRULES_BIND") from None


def serve(args: argparse.Namespace) -> None:
    """Replace this process with gunicorn serving the API (gunicorn_settings.py), once the
    address is known to be free."""
    address = bind_address(args.host, args.port)
    check_bind(address)
    command = [sys.executable, "-m", "gunicorn", "--config", gunicorn_config(),
               "--bind", address]
    if args.workers is not None:
        command += ["--workers", str(args.workers)]
    shown = address if address.startswith("unix:") else f"http://{address}"
    print(f"ginrules: serving on {shown} (docs at /docs)", file=sys.stderr, flush=True)
    os.execv(sys.executable, command)


def _names(cards: Iterable[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in cards) or "-"


def split_cards(arguments: list[str]) -> list[str]:
    """Card codes from the command line: separate words, one quoted string, or comma-separated."""
    return [token for argument in arguments for token in argument.replace(",", " ").split()]


def parse_rules(text: str) -> str | dict[str, Any]:
    """``--rules``: a preset name, or a JSON object of a preset and overrides."""
    if not text.lstrip().startswith("{"):
        return text.strip()
    try:
        rules = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"--rules is not valid JSON ({error.msg} at character {error.pos})") \
            from None
    if not isinstance(rules, dict):
        raise ValueError("--rules must be a preset name or a JSON object")
    return rules


def show_analysis(args: argparse.Namespace) -> int:
    """Print the analysis of a hand given on the command line."""
    cards = split_cards(args.cards)
    if not cards:
        raise Refusal("give the hand's cards, e.g. ginrules analyze AS 2S 3S 7H ... "
                      "(see ginrules analyze --help)")
    try:
        rules = parse_rules(args.rules)
    except ValueError as error:
        raise Refusal(str(error)) from None
    try:
        result = analyze(cards, rules, upcard=args.upcard,
                         all_arrangements=args.all_arrangements)
    except RulesError as error:
        raise Refusal(str(error)) from None
    if args.json:
        from .wire.replies import dump_analysis

        print(json.dumps(dump_analysis(result), indent=2, ensure_ascii=False))
        return 0
    print(f"hand      {_names(result.hand)}  "
          f"({len(result.hand)} cards, rules {result.rules.preset})")
    if result.best_discards is not None:
        print(f"discard   {_names(result.best_discards[:1])}  "
              f"(best: {_names(result.best_discards)})")
    for meld in result.melds:
        print(f"{meld.kind:<9} {_names(meld.cards)}")
    print(f"deadwood  {_names(result.deadwood)}  = {result.deadwood_count}")
    if result.can_knock is not None:
        verdict = "gin" if result.gin else ("can knock" if result.can_knock else "cannot knock")
        print(f"knock     {verdict} (limit {result.knock_limit})")
    if result.big_gin:
        print("big gin   all eleven cards meld")
    discards = result.discards
    if discards is not None:
        print("discards  " + ", ".join(f"{CARD_NAMES[o.card]}={o.deadwood_count}"
                                       for o in discards))
    return 0


def show_melds(args: argparse.Namespace) -> int:
    """Print every meld of the cards given on the command line (R-2.1, R-2.2, R-2.7)."""
    cards = split_cards(args.cards)
    if not cards:
        raise Refusal("give the cards, e.g. ginrules melds 5D 7D 8D 6S 6H 6D --with 6D "
                      "(see ginrules melds --help)")
    try:
        rules = parse_rules(args.rules)
    except ValueError as error:
        raise Refusal(str(error)) from None
    try:
        with_card = None if args.with_card is None else parse_card(args.with_card)
    except RulesError as error:
        raise Refusal(f"--with: {error}") from None
    try:
        melds = hand_melds(cards, rules, with_card=args.with_card)
    except RulesError as error:
        raise Refusal(str(error)) from None
    if args.json:
        from .wire.replies import dump_hand_melds

        print(json.dumps(dump_hand_melds(melds), indent=2, ensure_ascii=False))
        return 0
    for meld in melds:
        print(f"{meld.kind:<4} {_names(meld.cards)}")
    holding = "" if with_card is None else f" holding {CARD_NAMES[with_card]}"
    print(f"{len(melds)} meld{'' if len(melds) == 1 else 's'}{holding}")
    return 0


def _pairs(text: str) -> list[list[str]]:
    """``ann+cy,bob+dee``: groups of names joined by ``+``, separated by commas."""
    return [[name.strip() for name in group.split("+")] for group in text.split(",")]


def show_deal(args: argparse.Namespace) -> int:
    """Print a round shuffled from a seed and dealt (R-3.1, ginrules-deal/1), as POST /v1/deals
    deals it."""
    from .rules.usecases.deals import deal_document

    try:
        rules = parse_rules(args.rules)
    except ValueError as error:
        raise Refusal(str(error)) from None
    request: dict[str, Any] = {"rules": rules, "round": args.round,
                               "players": [p.strip() for p in args.players.split(",")]}
    if args.seed is not None:
        request["seed"] = args.seed
    if args.dealer is not None:
        request["dealer"] = args.dealer
    if args.roles is not None:
        names = [name.strip() for name in args.roles.split(",")]
        if len(names) != 3:
            raise Refusal("--roles names three players: box,captain,sitter")
        request["roles"] = dict(zip(("box", "captain", "sitter"), names))
    if args.teams is not None:
        request["teams"] = _pairs(args.teams)
    if args.tables is not None:
        request["tables"] = _pairs(args.tables)
    try:
        dealt = deal_document(request)
    except RulesError as error:
        problem = error.problems[0]
        option = f"--{problem.path[0]}: " if problem.path else ""
        raise Refusal(f"{option}{problem.detail}") from None
    if args.json:
        from .wire.replies import dump_dealt_round

        print(json.dumps(dump_dealt_round(dealt), indent=2, ensure_ascii=False))
        return 0
    print(f"{dealt.shuffle}  seed {dealt.seed}  round {dealt.round}")
    for index, table in enumerate(dealt.tables):
        prefix = f"table {index}: " if dealt.in_tables else ""
        sits_out = "" if table.dealer in table.hands else " (sits out)"
        print(f"{prefix}dealer {table.dealer}{sits_out}")
        width = max(len(name) for name in (*table.hands, "upcard")) + 2
        for player, cards in table.hands.items():
            print(f"  {player:<{width}}{_names(cards)}")
        print(f"  {'upcard':<{width}}{_names([table.upcard])}")
        print(f"  {'stock':<{width}}{_names(table.stock)}  (top first)")
    return 0


def run_conformance(args: argparse.Namespace) -> int:
    """Run the conformance kit against this service or another engine (see conformance/)."""
    from .conformance import main as conformance_main

    return conformance_main(args.url, args.filter, args.junit, args.cases, engine=args.engine,
                            wait=args.wait, timeout=args.timeout)


def import_game(args: argparse.Namespace) -> int:
    """Print the ginrules-log/1 document of a game recorded by another engine (OpenSpiel)."""
    from .wire.documents import import_document
    from .wire.faults import problem_of
    from .wire.problems import ApiProblem

    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise Refusal(f"cannot read {args.file}: {error}") from None
    try:
        body = json.loads(text)
    except json.JSONDecodeError as error:
        raise Refusal(f"{args.file} is not valid JSON ({error.msg} at line "
                      f"{error.lineno})") from None
    if isinstance(body, dict):
        body.setdefault("format", args.format)
        if body["format"] != args.format:
            raise Refusal(f"the file says format {str(body['format'])[:40]!r}, not "
                          f"{args.format!r}")
    try:
        log = import_document(body)
    except (ApiProblem, RulesError) as error:
        problem = error if isinstance(error, ApiProblem) else problem_of(error)
        first = problem.errors[0] if problem.errors else None
        where = f"{first.pointer}: " if first is not None and first.pointer else ""
        detail = first.detail if first is not None else problem.detail
        raise Refusal(f"{where}{detail}") from None
    print(json.dumps(log, indent=2, ensure_ascii=False))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """Check and score many game logs, in parallel, one JSON line per log (bulk.py)."""
    from concurrent.futures.process import BrokenProcessPool

    from . import bulk
    from .rules.usecases.batches import Processes

    if args.files.count("-") > 1:
        raise Refusal("- (standard input) can be given once")
    missing = next((p for p in args.files if p != "-" and not Path(p).exists()), None)
    if missing is not None:
        raise Refusal(f"no such file or folder: {missing}")
    # A folder with no log in it is most likely the wrong folder: passing quietly would hide it.
    empty = next((p for p in args.files if p != "-" and Path(p).is_dir()
                  and next(bulk.files_of(Path(p)), None) is None), None)
    if empty is not None:
        raise Refusal(f"the folder {empty} holds no *.json, *.jsonl or *.ndjson file")
    to_file = args.output != "-"
    if args.resume and (not to_file or args.invalid_only):
        raise Refusal("--resume reads back one result per log from --output FILE: give the "
                      "file, and not --invalid-only")
    _check_fan_out(args)
    reader = bulk.Reader(args.files, stdin=sys.stdin.buffer)
    summary = bulk.Summary(format=args.format)
    inputs: Iterable[bulk.Input] = reader
    keep = 0
    # The file read back and checked before anything is started (a Ray cluster among them),
    # and written only once it has been.
    try:
        if args.resume:
            lines, keep = bulk.read_back(args.output)
            done, inputs = bulk.skip_checked(reader, lines, args.output)
            for checked in done:
                summary.add(checked)
            summary.resumed = len(done)
    except OSError as error:
        raise Refusal(f"cannot read {args.output}: {error.strerror or error}") from None
    except bulk.Unresumable as error:
        raise Refusal(str(error)) from None
    runner = _runner(args, default_jobs=os.cpu_count() or 1)
    try:
        if args.resume:
            output = bulk.append_to(args.output, keep)
        else:
            output = open(args.output, "wb") if to_file else sys.stdout.buffer
    except OSError as error:
        _close(runner)
        raise Refusal(f"cannot write {args.output}: {error.strerror or error}") from None
    except bulk.Unresumable as error:  # append_to's: the file cannot be written
        _close(runner)
        raise Refusal(str(error)) from None
    report = sys.stdout if to_file else sys.stderr
    progress = bulk.Progress(sys.stderr, bulk.input_bytes(args.files),
                             terminal=sys.stderr.isatty())
    progress.resume(summary)
    options = bulk.Options(format=args.format, full=args.full)
    started = time.perf_counter()
    stopped = False
    broken = False
    try:
        for checked in bulk.check_all(inputs, options, runner):
            summary.add(checked)
            if not args.invalid_only or checked.outcome == "invalid":
                output.write(checked.line)
            progress.update(summary)
    except KeyboardInterrupt:
        stopped = True
    except BrokenProcessPool:
        stopped = broken = True
    finally:
        if to_file:
            output.close()
        else:
            output.flush()
    progress.update(summary, force=True)
    progress.close()
    ran_on = runner.jobs if isinstance(runner, Processes) else runner.label()
    _close(runner)
    print(summary.text(time.perf_counter() - started, ran_on, stopped), file=report, flush=True)
    if broken:
        print("ginrules replay: a worker process was killed (out of memory, or a signal); the "
              "results before it are written", file=sys.stderr)
        return 3
    if stopped:
        return 130
    return 1 if summary.invalid else 0


def _two_bots(text: str) -> tuple[str, str] | None:
    """``--bots``: two bot names, comma-separated; None unless both are bots."""
    from .rules.players.bots import BOTS

    bots = [name.strip() for name in text.split(",")]
    if len(bots) != 2 or any(name not in BOTS for name in bots):
        return None
    return bots[0], bots[1]


def run_selfplay(args: argparse.Namespace) -> int:
    """Play whole games between two bots and print the match table (players/selfplay.py)."""
    from .rules import resolve_rules
    from .rules.players.bots import BOTS
    from .rules.players.hints import MAX_BUDGET_MS
    from .rules.players.selfplay import match_table, self_play

    bots = _two_bots(args.bots)
    if bots is None:
        raise Refusal(f"--bots names two bots, of {', '.join(BOTS)}; got "
                      f"{args.bots[:60]!r}")
    if args.games < 1:
        raise Refusal("--games is at least 1")
    if not 0 <= args.budget_ms <= MAX_BUDGET_MS:
        raise Refusal(f"--budget-ms is 0 (the heuristic core alone) to "
                      f"{MAX_BUDGET_MS}")
    try:
        rules = resolve_rules(parse_rules(args.rules))
    except (ValueError, RulesError) as error:
        raise Refusal(str(error)) from None
    progress = _progress(args, "games", args.games)
    from .wire.records import dump_game, read_game

    _slow_tasks(args, bots)
    fan_out, runner, recorder = _recorded(
        args, args.games, progress, rules, lambda index, game: dump_game(index, args.seed, game),
        read_game, bots=list(bots), seed=args.seed, budget_ms=args.budget_ms)
    try:
        result = self_play(bots, args.games, args.seed, rules, budget_ms=args.budget_ms,
                           progress=progress.update, runner=runner)
    except ValueError as error:  # a variant self-play cannot seat
        raise Refusal(str(error)) from None
    except KeyboardInterrupt:
        return _interrupted(args, recorder, "games")
    finally:
        _close(fan_out, recorder)
        progress.close()
    print(match_table(result))
    return 0


def _check_fan_out(args: argparse.Namespace) -> None:
    """Refuse ``--jobs``, ``--batch`` and ``--ray`` that do not go together, before anything
    is started or written."""
    if args.jobs is not None and args.jobs < 1:
        raise Refusal("--jobs is at least 1")
    if args.batch is not None and args.batch < 1:
        raise Refusal("--batch is at least 1")
    if args.ray is not None and args.jobs is not None and args.ray != "local":
        raise Refusal("--jobs counts this machine's processes; a Ray cluster's CPUs are its "
                      "own (--jobs goes with --ray local only)")


def _slow_tasks(args: argparse.Namespace, bots: Iterable[str]) -> None:
    """Where a bot is the advisor (its games take seconds), ship few tasks a batch
    (``batches.SLOW_BATCH``) unless ``--batch`` says otherwise."""
    from .rules.usecases.batches import SLOW_BATCH

    if args.batch is None and any(bot.startswith("advisor") for bot in bots):
        args.batch = SLOW_BATCH


def _runner(args: argparse.Namespace, default_jobs: int = 1) -> Any:
    """What runs the batch work: ``--jobs`` processes of this machine (``default_jobs`` when
    not given), or the Ray cluster of ``--ray`` (cluster.py; Ray is the optional extra
    ``cluster``), ``--batch`` tasks a batch."""
    from .rules.usecases.batches import Processes

    _check_fan_out(args)
    if args.ray is None:
        return Processes(args.jobs or default_jobs, args.batch)
    from .cluster import ClusterError, RayRunner

    try:
        return RayRunner(args.ray, cpus=args.jobs, batch=args.batch)
    except ClusterError as error:
        raise Refusal(str(error)) from None


def _close(runner: Any, recorder: Any = None) -> None:
    """Let go of a runner's cluster, if it has one, and close the output file, if any."""
    for each in (runner, recorder):
        close = getattr(each, "close", None)
        if close is not None:
            close()


def _recorded(args: argparse.Namespace, total: int, meter: Any, rules: Any, dump: Any,
              read: Any, **settings: Any) -> tuple[Any, Any, Any]:
    """What runs the batch work (:func:`_runner`) and, with ``--output FILE``, that made to
    append each result to FILE as it comes (``dump(index, result)``: wire/records.py) and,
    with ``--resume``, to give back the results FILE holds (``read``) rather than play them
    again, which ``meter`` (the progress report, meter.py) counts as done but not in its rate;
    and FILE's recorder (bulk.py): ``(fan_out, runner, recorder)``.  Without
    ``--output``, the runner as it is and no recorder.  FILE is read and checked before
    anything is started (a Ray cluster among them), so a refused file costs nothing."""
    from .bulk import Recorder, Unresumable
    from .rules.usecases.batches import Resumed
    from .wire.records import INDEX, dump_header

    _check_fan_out(args)
    key, recorder = INDEX[args.command], None
    if args.output is None:
        if args.resume:
            raise Refusal("--resume reads back what --output FILE holds: give the file")
        fan_out = _runner(args)
        return fan_out, fan_out, None
    try:
        try:
            recorder = Recorder(args.output, dump_header(args.command, rules, **settings),
                                key, args.resume)
        except Unresumable as error:
            raise Refusal(str(error)) from None
        if len(recorder.lines) > total:
            raise Refusal(f"{args.output} holds {len(recorder.lines)} {key}s, more than the "
                          f"{total} asked for")
        try:
            done = [read(line) for line in recorder.lines]
        except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError):
            # ArithmeticError: numbers no run writes (a calibration's, mapped again on reading).
            raise Refusal(f"{args.output} holds a line that is not a {key} of ginrules "
                          f"{args.command}") from None
        fan_out = _runner(args)
    except Refusal:
        _close(None, recorder)
        raise
    try:
        recorder.open()
    except Unresumable as error:  # the file cannot be written
        _close(fan_out, recorder)
        raise Refusal(str(error)) from None
    meter.resume(len(done))
    return fan_out, Resumed(fan_out, done, lambda index, result: recorder.add(
        dump(index, result))), recorder


def _finished(count: int, what: str) -> str:
    """``the 4 games finished are``, ``the 1 game finished is`` (``what`` a plural)."""
    return (f"the 1 {what[:-1]} finished is" if count == 1 else
            f"the {count} {what} finished are")


def _interrupted(args: argparse.Namespace, recorder: Any, what: str) -> int:
    """Ctrl-C: say where what finished is kept (exit status 130)."""
    if sys.stderr.isatty():
        print(file=sys.stderr)
    kept = (f"{_finished(recorder.written, what)} in {recorder.path}; the same command "
            f"with --resume plays the rest" if recorder is not None else
            f"--output FILE keeps the {what} that finish, and --resume plays the rest")
    print(f"ginrules {args.command}: interrupted: {kept}", file=sys.stderr)
    return 130


def _output_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--output FILE`` and ``--resume``: each finished result kept (bulk.Recorder)."""
    parser.add_argument(
        "--output", "-o", default=None, metavar="FILE",
        help=f"also append each finished {what[:-1]} to FILE as one JSON line, in order, "
             "after a first line of the settings; FILE is written afresh unless --resume")
    parser.add_argument(
        "--resume", action="store_true",
        help=f"read back the {what} FILE holds (a last line cut short is dropped), refuse "
             f"if its settings differ, and play only the rest: the table is that of all of "
             f"them, as one run would print it (no FILE yet: a fresh start)")


def _fan_out_options(parser: argparse.ArgumentParser, what: str,
                     jobs_help: str | None = None) -> None:
    """``--jobs``, ``--ray`` and ``--batch``: what shares the work (usecases/batches.py)."""
    from .cluster import EXTRA as CLUSTER_EXTRA
    from .rules.usecases.batches import DEFAULT_BATCH, SLOW_BATCH

    parser.add_argument(
        "--jobs", "-j", type=int, default=None, metavar="N",
        help=(jobs_help or f"worker processes sharing the {what}; each has its own seed, so "
              "the results are the same whatever N (default: 1)")
        + "; with --ray local, the cores the local Ray uses")
    parser.add_argument(
        "--ray", default=None, metavar="ADDRESS",
        help="run on a Ray cluster instead: local (start one on this machine), auto (the "
             "cluster this machine belongs to) or ray://HOST:PORT; the results are the same. "
             f"Needs the optional extra: {CLUSTER_EXTRA}")
    parser.add_argument(
        "--batch", type=int, default=None, metavar="N",
        help=f"{what} shipped to a worker at once (default: {DEFAULT_BATCH}, {SLOW_BATCH} where a "
             "bot is the advisor; the first batches are smaller, and so are a short run's, so "
             "that every worker has some)")


def run_calibrate(args: argparse.Namespace) -> int:
    """Play games, ask the hint at every advisor decision, print the reliability table and
    write it as an SVG picture (players/calibration.py)."""
    from .rules import resolve_rules
    from .rules.players.bots import BOTS
    from .rules.players.calibration import (calibrate, calibration_report, reliability_svg,
                                            scored_today)
    from .rules.players.hints import MAX_BUDGET_MS

    bots = _two_bots(args.bots)
    if bots is None or "advisor" not in bots:
        raise Refusal(f"--bots names two bots of {', '.join(BOTS)}, one of them the "
                      f"advisor; got {args.bots[:60]!r}")
    if args.games < 1:
        raise Refusal("--games is at least 1")
    if not 1 <= args.budget_ms <= MAX_BUDGET_MS:
        # The numbers measured are the playouts': a hint without them has none (and a budget
        # the API would refuse measures no hint it serves).
        raise Refusal(f"--budget-ms is 1 to {MAX_BUDGET_MS}")
    from .wire.records import dump_calibration_game, dump_prediction, read_calibration_game

    try:
        rules = resolve_rules(parse_rules(args.rules))
    except (ValueError, RulesError) as error:
        raise Refusal(str(error)) from None
    meter = _progress(args, "games", args.games)

    def progress(done: int, total: int, predictions: int) -> None:
        meter.update(done, total, note=f"{predictions:,} predictions")

    _slow_tasks(args, bots)
    rescored = [0]

    def read(line: dict[str, Any]) -> Any:
        """A game resumed, its predictions as today's maps read them: a fresh run's."""
        game = read_calibration_game(line)
        today = scored_today(game, args.opponent_model, rules)
        rescored[0] += sum(a != b for a, b in zip(game.predictions, today.predictions))
        return today

    fan_out, runner, recorder = _recorded(
        args, args.games, meter, rules,
        lambda index, game: dump_calibration_game(index, args.seed, bots, game),
        read, bots=list(bots), seed=args.seed, budget_ms=args.budget_ms,
        opponent_model=args.opponent_model, options=args.options)
    if rescored[0]:
        print(f"ginrules calibrate: {rescored[0]:,} predictions of the games resumed were made "
              f"under other maps (hints.CALIBRATION): they are scored again under today's, "
              f"as one run of today's makes them", file=sys.stderr)
    try:
        result = calibrate(bots, args.games, args.seed, rules, budget_ms=args.budget_ms,
                           opponent_model=args.opponent_model, progress=progress,
                           options=args.options, runner=runner)
    except (ValueError, RulesError) as error:
        raise Refusal(str(error)) from None
    except KeyboardInterrupt:
        return _interrupted(args, recorder, "games")
    finally:
        _close(fan_out, recorder)
        meter.close()
    print(calibration_report(result))
    if result.rounds < MEANINGFUL_ROUNDS:
        print(f"ginrules calibrate: warning: {result.rounds} rounds are too few for the ECE to "
              f"mean much (a perfectly calibrated predictor reads 0.024 over 300 rounds by "
              f"chance alone, 0.015 over 1,000): play {MEANINGFUL_ROUNDS} rounds or more, about "
              f"{MEANINGFUL_ROUNDS // 10} games", file=sys.stderr)
    if args.predictions is not None:
        with open(args.predictions, "w", encoding="utf-8") as handle:
            for p in result.predictions:
                handle.write(json.dumps(dump_prediction(p)) + "\n")
        print(f"predictions written to {args.predictions}")
    if args.svg not in (None, "-"):  # "-": none, as before it was the default
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(reliability_svg(result))
        print(f"reliability diagram written to {args.svg}")
    return 0


def run_arena(args: argparse.Namespace) -> int:
    """Play mirrored pairs of games between two players, print the measures and write the
    receipt (players/arena.py)."""
    from .rules import resolve_rules
    from .rules.players.arena import SPRT_BATCH, Entrant, arena, arena_table

    try:
        texts = args.bots.split(",")
        if len(texts) != 2:
            raise ValueError(f"--bots names two players, comma-separated; got {args.bots[:60]!r}")
        first, second = (Entrant.parse(text) for text in texts)
        rules = resolve_rules(parse_rules(args.rules))
    except (ValueError, RulesError) as error:
        raise Refusal(str(error)) from None
    if args.pairs < 1:
        raise Refusal("--pairs is at least 1")
    sprt = _sprt(args)
    if sprt is not None and args.batch is None:
        args.batch = SPRT_BATCH
    _slow_tasks(args, (first.bot, second.bot))
    meter = _progress(args, "pairs", args.pairs, capped=sprt is not None)

    def progress(done: int, total: int, llr: float | None) -> None:
        meter.update(done, total, note="" if sprt is None else
                     f"LLR {llr:.2f} ({sprt.lower:.2f}, {sprt.upper:.2f})")

    from .wire.records import dump_pair, read_pair

    labels = (first.label, second.label)
    fan_out, runner, recorder = _recorded(
        args, args.pairs, meter, rules,
        lambda index, pair: dump_pair(index, args.seed, labels, pair), read_pair,
        bots=list(labels), seed=args.seed)
    source = source_commit()  # the code as it is when the games begin
    try:
        result = arena((first, second), args.pairs, args.seed, rules, runner=runner,
                       progress=progress, sprt=sprt)
    except ValueError as error:  # a variant the arena cannot seat
        raise Refusal(str(error)) from None
    except KeyboardInterrupt:
        return _interrupted(args, recorder, "pairs")
    finally:
        _close(fan_out, recorder)
        meter.close()
    print(arena_table(result))
    if args.receipt is not None:
        write_receipt(arena_receipt(result, ["ginrules", *args.argv], source), args.receipt)
        print(f"receipt written to {args.receipt}")
    return 0


def _sprt(args: argparse.Namespace) -> Any:
    """The sequential test of ``--sprt``, ``--alpha`` and ``--beta`` (players/sprt.py), or
    None without ``--sprt``."""
    from .rules.players.sprt import MIN_PAIRS, Sprt

    if args.sprt is None:
        if args.alpha is not None or args.beta is not None:
            raise Refusal("--alpha and --beta are the error rates of --sprt, which is not given")
        return None
    if args.pairs < MIN_PAIRS:
        raise Refusal(f"--pairs is the cap of --sprt's pairs: at least {MIN_PAIRS}, the pairs "
                      "played before it may decide")
    try:
        return Sprt.parse(args.sprt, *(0.05 if rate is None else rate
                                       for rate in (args.alpha, args.beta)))
    except ValueError as error:
        raise Refusal(str(error)) from None


def arena_receipt(result: Any, command: list[str], source: tuple[str | None, bool | None]
                  ) -> dict[str, Any]:
    """The arena's JSON receipt: what was played (the command, the version, the commit and
    whether the checkout had uncommitted changes, as :func:`source_commit` found them when
    the games began; the rules, the seeds, the players, their budgets and the advisor's
    settings, arena.ADVISOR_SETTINGS), what came of it
    (``results``, the same whatever the number of processes) and how long it took."""
    import platform
    import shlex

    from .rules.players.arena import ArenaResult, advisor_settings, p_value_text, pair_seed
    from .rules.players.bots import BOTS, LEVELS
    from .wire.replies import dump_rules

    assert isinstance(result, ArenaResult)

    def interval(value: Any) -> dict[str, float] | None:
        return None if value is None else dataclasses.asdict(value)

    p = result.sign_test
    totals = {field: result.total(field)
              for field in ("wins", "points", "rounds_won", "gins", "undercuts")}
    players = [{"label": e.label, "bot": e.bot, "budget_ms": e.budget_ms,
                "playouts": e.playouts, "description": BOTS[e.bot].description,
                **({} if e.level is None else {"level": e.level,
                                                "stray": LEVELS[e.level].stray,
                                                "level_description":
                                                    LEVELS[e.level].description}),
                **({"settings": advisor_settings()} if e.bot == "advisor" else {})}
               for e in result.entrants]
    commit, dirty = source
    return {
        "receipt": "ginrules-arena/1",
        "command": shlex.join(command),
        "version": __version__,
        "commit": commit,
        "uncommitted_changes": dirty,
        "python": platform.python_version(),
        "rules": dump_rules(result.rules),
        "seed": result.seed,
        "pairs": len(result.pairs),
        "pair_seeds": "pair i's seed is the first 6 bytes of SHA-256('ginrules-arena/1 SEED i'), "
                      "big-endian: its decks are ginrules-deal/1 of that seed, round after "
                      "round, and each seat's move seeds come from it",
        "first_pair_seed": pair_seed(result.seed, 0),
        "players": players,
        "results": {
            "games": result.games,
            "decided": result.decided,
            "deals": result.deals,
            "abandoned_deals": result.abandoned,
            "per_player": [{"label": e.label, **{f: totals[f][i] for f in totals},
                            "points_per_game": totals["points"][i] / max(1, result.games)}
                           for i, e in enumerate(result.entrants)],
            "win_share": interval(result.win_share),
            "pairs_swept": list(result.swept),
            "pairs_split": result.split,
            "sign_test_p": None if p is None else float(p),
            "sign_test_p_text": p_value_text(p),
            "margin_per_game": interval(result.margin),
            "per_pair": [[*pair.wins, *pair.points] for pair in result.pairs],
        },
        "sprt": None if result.sprt is None else sprt_receipt(result.sprt),
        "seconds": round(result.seconds, 1),
        "jobs": result.jobs,
    }


def sprt_receipt(outcome: Any) -> dict[str, Any]:
    """The sequential test of an arena's receipt: its settings and where it stopped."""
    from .rules.players.sprt import MIN_PAIRS, PRIOR_PAIRS, PRIOR_VARIANCE, SprtOutcome

    assert isinstance(outcome, SprtOutcome)
    test = outcome.test
    return {
        "test": "GSPRT on the pair scores (normal approximation)",
        "elo0": None if test.elo is None else test.elo[0],
        "elo1": None if test.elo is None else test.elo[1],
        "score0": test.score0,
        "score1": test.score1,
        "alpha": test.alpha,
        "beta": test.beta,
        "lower_bound": test.lower,
        "upper_bound": test.upper,
        "llr": outcome.llr,
        "decision": outcome.decision,
        "pairs_played": outcome.scores.pairs,
        "pair_cap": outcome.cap,
        "mean_pair_score": outcome.scores.mean,
        "pair_score": "the first player's share of the pair's two games, an unfinished game "
                      "counting half",
        "variance": f"of the pair scores, with {PRIOR_PAIRS} pseudo-pairs of variance "
                    f"{PRIOR_VARIANCE}",
        "min_pairs": MIN_PAIRS,
    }


def write_receipt(receipt: dict[str, Any], path: str) -> None:
    """Write an arena's receipt as indented JSON, each pair's numbers on one line."""
    text = re.sub(r"\[\s+(-?\d+),\s+(-?\d+),\s+(-?\d+),\s+(-?\d+)\s+\]",
                  r"[\1, \2, \3, \4]", json.dumps(receipt, indent=1))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text + "\n")


def source_commit() -> tuple[str | None, bool | None]:
    """The git commit of the checkout this package runs from, and whether it has uncommitted
    changes to tracked files; None, None where that is not known (an installed package)."""
    import subprocess

    here = Path(__file__).resolve().parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True,
                                text=True, timeout=10, check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                cwd=here, capture_output=True, text=True, timeout=10,
                                check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None, None
    return commit or None, bool(status.strip())


MEANINGFUL_ROUNDS = 500
"""Rounds below which ``calibrate`` warns that its ECE means little.  The decisions of a round
share its outcome, so the ECE's noise falls with the rounds (``python
bench/calibration/ece_floor.py``: a perfectly calibrated predictor reads 0.024 on average over
300 rounds, 0.015 over 1,000); a game to 100 has about ten rounds."""


def _progress(args: argparse.Namespace, unit: str, total: int, capped: bool = False) -> Any:
    """A command's progress report on standard error (meter.py): a line redrawn on a
    terminal, plain lines now and then elsewhere."""
    from .meter import Progress

    return Progress(sys.stderr, unit, total, terminal=sys.stderr.isatty(),
                    label=f"ginrules {args.command}", capped=capped)


DESCRIPTION = """\
Gin Rummy rules as a service: serve the HTTP API, analyse a hand, list the melds of some cards,
shuffle and deal a round from a seed, run the conformance cases, import a game recorded by
another engine, check and score many game logs at once, play bots against each other, measure
the hints' calibration, or measure strength in mirrored pairs."""

EPILOG = """\
examples:
  ginrules serve
  ginrules analyze 5S 6S 7S 8S 7H 7D 7C 2H 3C 9D KD
  ginrules melds 5D 7D 8D 6S 6H 2C KC 6D --with 6D
  ginrules deal --players ann,bob --dealer ann --seed 42
  ginrules conformance --url http://127.0.0.1:8000
  ginrules import --format openspiel game.json
  ginrules replay --output results.jsonl games/
  ginrules selfplay --bots advisor,simple --games 50 --budget-ms 0 --jobs 2
  ginrules calibrate --bots advisor,simple --games 4 --svg calibration.svg
  ginrules arena --bots advisor:0,simple --pairs 10 --rules eaai --receipt arena.json

'ginrules COMMAND --help' shows a command's options and an example."""


REPLAY_DETAILS = """\
Inputs: a file named *.jsonl or *.ndjson is JSON Lines, one input per line (blank lines
skipped); any other file, and standard input, is JSON Lines when its first line that is not
blank is a whole JSON value by itself, else one JSON document. One input (a line, or a
document) is at most 1 MiB, the API's body limit: a longer one is a result with the code
payload_too_large, read past without being kept.

Results: one JSON line per input, in input order however many jobs run: its file and line
(null for a whole document), valid, complete, winner, totals, round_count, bonuses and margin
of a finished game, and violations, each with its pointer, code, rule and detail, as POST
/v1/games/replay answers. An input the API would refuse (not JSON, not a log, an OpenSpiel
action OpenSpiel would not allow) is a result with valid false, its problem (status, code,
detail) and its faults as violations. With --format openspiel, the pointers of an import
fault point into the OpenSpiel document (/actions/17), those of a replay violation into the
imported log, as 'ginrules import' prints it.

At the end, a summary: logs valid and complete, valid and in progress, invalid, the number
of logs with each violation code, and games per second. On a terminal, a progress line on
standard error while it runs.

Exit status: 0 when every log is valid, 1 when any is invalid, 2 for a usage error (a file
or folder that does not exist, a folder with no log file, a bad option), 3 when a worker
process was killed, 130 when interrupted (the summary so far is printed in both cases)."""


SERVE_DETAILS = """\
The server runs with the settings the package ships (ginrules/gunicorn_settings.py), each of
which the environment may change (GINRULES_WORKERS, GINRULES_TIMEOUT, ...); the address is
--host and --port where given, else GINRULES_BIND (host:port), else 127.0.0.1:8000.
GINRULES_GUNICORN_CONFIG names a settings file of your own instead.

Exit status: 2, in one line, when the address cannot be listened on (a port already in use);
otherwise the server's own, when it stops."""


CALIBRATE_DETAILS = """\
Every decision of the advisor gets a hint (whose first option it plays); each prediction, the
first option's win_chance and expected_points, is kept beside the outcome of its round. The
table puts the predictions in ten bins of win_chance, beside the share of their rounds won;
then the expected calibration error (ECE), the Brier score, and the mean expected points
against the mean points scored. Nothing is written unless asked: --svg writes the
reliability diagram, --predictions every prediction.

The decisions of one round share its outcome, so the ECE rests on rounds more than on
predictions: under 500 rounds (about 50 games) a warning says it means little. A game at the
default budget takes a few seconds; the measurements of the strength and calibration guide
(/guide/strength) play 50 to 300 games each."""


DEAL_DETAILS = """\
The shuffle is ginrules-deal/1 (the rules, after R-3.2): the same seed and round give the same deal
on every machine, and anyone can check a deal from its seed. The deal is printed as dealt:
first the player offered the upcard first, then the other player at the table, the upcard
and the stock, top first; with --json, as POST /v1/deals answers, its "deal" ready to be
appended to a game log's rounds.

Who plays follows the variant: two players, the dealer's opponent is dealt first; cutthroat,
the dealer sits out; box, the player in --roles' box deals to the captain; partnership names
--teams and both --tables.

Exit status: 0 when dealt, 2 for a usage error (a missing or wrong player, dealer, seed...)."""


ARENA_DETAILS = """\
A pair is two games to the target with the players' seats swapped: both games are dealt from
the pair's own stream of decks (ginrules-deal/1, round after round) and each seat draws its
move seeds from a stream of its own, so the two games differ only in who sits where. A player
against itself is therefore exactly even.

The table gives each player's games won and win share with a 95% interval from the pairs
(pair-cluster: the two games of a pair are not independent), points per game, rounds won,
gins and undercuts; the pairs each player swept (won both games) and the exact two-sided sign
test over them (split pairs are ties); and the margin per game with its interval. Under the
eaai preset this is the protocol of the EAAI-2021 challenge: games to 100, undercut bonus 25,
the deal alternating after every round with a winner (R-3.3).

With --sprt ELO0,ELO1 (or two win rates), a sequential probability ratio test weighs the pairs
one by one, in order, and stops at the first that decides it: H1 accepted (the first player
scores at least as ELO1 says), H0 accepted (at most as ELO0 says), or inconclusive at the cap
of --pairs. A clear difference is decided in a few dozen pairs, a close call takes thousands.
The table then adds the hypotheses, the log-likelihood ratio (LLR) and its bounds, and the
decision; the receipt records them. Pairs played beyond the deciding one (by other processes)
are not counted, so the table is the same whatever ran them; a batch then holds 2 pairs unless
--batch says otherwise, so that little is played in vain. Nothing is decided before 20 pairs.
While it runs, the time left shown is to the cap: at most that.

Exit status: 0 when played (whatever the test decided), 2 for a usage error, 130 when
interrupted (the pairs finished are in --output's FILE, if given: --resume plays the rest)."""


class Refusal(Exception):
    """A command refuses what it was given: one line on standard error, naming the command,
    and exit status 2 (see :func:`main`)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _command(commands: Any, name: str, summary: str, example: str, details: str = ""
             ) -> argparse.ArgumentParser:
    """A subcommand with its one-line summary (and ``details``, paragraphs of plain text) and
    an example in its help's epilog."""
    description = summary[:1].upper() + summary[1:] + "."
    if details:
        description += "\n\n" + details
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=description,
        epilog=f"example:\n  {example}", formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


def main(argv: list[str] | None = None) -> int:
    from .rules.players.hints import DEFAULT_BUDGET_MS, MAX_BUDGET_MS

    parser = _Parser(prog="ginrules", description=DESCRIPTION, epilog=EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"ginrules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=_Parser)

    serve_parser = _command(commands, "serve", "serve the HTTP API with gunicorn",
                            "ginrules serve --host 127.0.0.1 --port 8000 --workers 2",
                            SERVE_DETAILS)
    serve_parser.add_argument("--host", default=None,
                              help="address to listen on (default: $GINRULES_BIND's, else "
                                   f"{DEFAULT_HOST})")
    serve_parser.add_argument("--port", type=int, default=None,
                              help="port to listen on (default: $GINRULES_BIND's, else "
                                   f"{DEFAULT_PORT})")
    serve_parser.add_argument("--workers", type=int, default=None,
                              help="worker processes (default: $GINRULES_WORKERS or one per core)")
    serve_parser.set_defaults(run=serve)

    analyze_parser = _command(commands, "analyze", "analyse a hand of up to eleven cards",
                              "ginrules analyze 5S 6S 7S 8S 7H 7D 7C 2H 3C 9D KD --rules modern")
    analyze_parser.add_argument(
        "cards", nargs="*",
        help="the hand's card codes (1 to 11), e.g. AS TD 7h 10c; also one quoted string "
             "('AS 2S 3S') or comma-separated (AS,2S,3S)")
    analyze_parser.add_argument(
        "--rules", default="standard",
        help='a preset name (standard, modern, ...) or a JSON object of a preset and overrides, '
             'e.g. \'{"preset": "modern", "knock_limit": 5}\' (default: standard)')
    analyze_parser.add_argument("--upcard", default=None,
                                help="the round's first upcard (needed under Oklahoma rules)")
    analyze_parser.add_argument("--all-arrangements", action="store_true",
                                help="list every optimal arrangement, not only the canonical one")
    analyze_parser.add_argument("--json", action="store_true", help="print the API's JSON reply")
    analyze_parser.set_defaults(run=show_analysis)

    melds_parser = _command(commands, "melds", "list every meld of up to 52 cards",
                            "ginrules melds 5D 7D 8D 6S 6H 2C KC 6D --with 6D")
    melds_parser.add_argument(
        "cards", nargs="*",
        help="the card codes (up to 52: a hand, or a hand and the discard pile), e.g. AS TD 7h "
             "10c; also one quoted string or comma-separated")
    melds_parser.add_argument(
        "--rules", default="standard",
        help='a preset name or a JSON object of a preset and overrides, e.g. '
             '\'{"preset": "standard", "round_the_corner": true}\' (default: standard)')
    melds_parser.add_argument("--with", dest="with_card", default=None, metavar="CARD",
                              help="only the melds holding this card, one of the cards given")
    melds_parser.add_argument("--json", action="store_true", help="print the API's JSON reply")
    melds_parser.set_defaults(run=show_melds)

    deal_parser = _command(
        commands, "deal", "shuffle and deal a round from a seed, as POST /v1/deals does",
        "ginrules deal --rules standard --players ann,bob --dealer ann --seed 42",
        DEAL_DETAILS)
    deal_parser.add_argument(
        "--rules", default="standard",
        help="a preset name or a JSON object of a preset and overrides; the preset's variant "
             "says who plays (default: standard)")
    deal_parser.add_argument("--players", required=True, metavar="NAMES",
                             help="the game's players, comma-separated, as in the log: ann,bob")
    deal_parser.add_argument(
        "--dealer", default=None, metavar="NAME",
        help="the round's dealer (every variant but partnership; for box, the player in the "
             "box, who may be left out)")
    deal_parser.add_argument("--seed", type=int, default=None,
                             help="the seed, 0 to 2^53 - 1 (default: a new one from the "
                                  "system's secure generator, printed)")
    deal_parser.add_argument("--round", type=int, default=0, metavar="N",
                             help="the round's index in the game, 0 for the first (default: 0)")
    deal_parser.add_argument("--roles", default=None, metavar="BOX,CAPTAIN,SITTER",
                             help="box only: the round's roles, three names in that order")
    deal_parser.add_argument("--teams", default=None, metavar="A+B,C+D",
                             help="partnership only: the two teams, e.g. ann+cy,bob+dee")
    deal_parser.add_argument(
        "--tables", default=None, metavar="D+O,D+O",
        help="partnership only: the two tables, each dealer first, e.g. ann+bob,dee+cy")
    deal_parser.add_argument("--json", action="store_true", help="print the API's JSON reply")
    deal_parser.set_defaults(run=show_deal)

    conformance_parser = _command(
        commands, "conformance",
        "run the conformance kit: in process, against --url, or against --engine",
        "ginrules conformance --url http://127.0.0.1:8000 --filter knock --junit report.xml\n"
        "  ginrules conformance --engine \"node my-engine.js\" --junit report.xml")
    target = conformance_parser.add_mutually_exclusive_group()
    target.add_argument("--url", default=None,
                        help="a running server, e.g. http://127.0.0.1:8000")
    target.add_argument("--engine", default=None, metavar="COMMAND",
                        help="another engine: a command that speaks the JSON Lines protocol "
                             "of docs/conformance.md on its standard input and output")
    conformance_parser.add_argument("--filter", action="append", default=[], metavar="TOPIC",
                                    help="only this topic (repeatable): deadwood, knock, ...")
    conformance_parser.add_argument("--junit", default=None, metavar="FILE",
                                    help="also write a JUnit XML report")
    conformance_parser.add_argument("--cases", default=None, metavar="DIR",
                                    help="a conformance folder (default: the kit shipped in the "
                                         "package)")
    conformance_parser.add_argument("--wait", type=float, default=10.0, metavar="SECONDS",
                                    help="with --url: how long to wait for the server to "
                                         "answer (default 10)")
    conformance_parser.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                                    help="with --engine: how long each answer may take "
                                         "(default 10)")
    conformance_parser.set_defaults(run=run_conformance)

    import_parser = _command(
        commands, "import", "print the game log of a game recorded by another engine",
        "ginrules import --format openspiel game.json > log.json")
    import_parser.add_argument("--format", required=True, choices=["openspiel"],
                               help="the recording's format: openspiel (OpenSpiel's gin_rummy "
                                    "action numbers)")
    import_parser.add_argument(
        "file", metavar="FILE",
        help='a JSON file {"actions": [...], "params": {...}} (the body of POST '
             '/v1/games/import), or - for standard input')
    import_parser.set_defaults(run=import_game)

    replay_parser = _command(
        commands, "replay", "check and score many game logs, in parallel, one result per log",
        "ginrules replay --jobs 2 --output results.jsonl games/ more-games.jsonl",
        REPLAY_DETAILS)
    replay_parser.add_argument(
        "files", nargs="+", metavar="FILE",
        help="a JSON file (one log), a JSON Lines file (one log per line), a folder (its "
             "*.json, *.jsonl and *.ndjson files, subfolders too, in name order), or - for "
             "standard input")
    replay_parser.add_argument(
        "--format", default="log", choices=["log", "openspiel"],
        help='what each input is: log, a ginrules-log/1 game log (the body of POST '
             '/v1/games/replay), or openspiel, an OpenSpiel gin_rummy game {"actions": [...], '
             '"params": {...}} (the body of POST /v1/games/import), imported then replayed '
             '(default: log)')
    _fan_out_options(replay_parser, "logs", "worker processes (default: one per core); 1 "
                     "checks in this process")
    replay_parser.add_argument(
        "--output", "-o", default="-", metavar="FILE",
        help="where the results go, one JSON line per input log in input order (default: -, "
             "standard output); with a file, the summary goes to standard output")
    replay_parser.add_argument(
        "--resume", action="store_true",
        help="with --output FILE: skip as many input logs as FILE holds results (each must "
             "name its log's file and line; a last line cut short is dropped) and append the "
             "rest's; the summary counts them all, those read back from their lines")
    replay_parser.add_argument(
        "--invalid-only", action="store_true",
        help="write the results of invalid logs only (the summary still counts every log)")
    replay_parser.add_argument(
        "--full", action="store_true",
        help="each result holds the replay's whole reply, its rounds and next too, as POST "
             "/v1/games/replay answers")
    replay_parser.set_defaults(run=run_replay)

    selfplay_parser = _command(
        commands, "selfplay", "play whole games between two bots and print the match table",
        "ginrules selfplay --bots advisor,simple --games 50 --budget-ms 0 --jobs 2\n"
        "  ginrules selfplay --bots simple,random --games 40 --output games.jsonl --resume")
    selfplay_parser.add_argument("--bots", default="advisor,simple",
                                 help="two bots, comma-separated: random, simple, advisor "
                                      "(default: advisor,simple)")
    selfplay_parser.add_argument("--games", type=int, default=100,
                                 help="games to play, each to the target (default: 100)")
    selfplay_parser.add_argument("--seed", type=int, default=1,
                                 help="the seed: the same seed plays the same games (default: 1)")
    selfplay_parser.add_argument(
        "--rules", default="standard",
        help="a two-player preset (standard, modern, classic, oklahoma, straight, openspiel) or "
             "a JSON object of a preset and overrides (default: standard)")
    selfplay_parser.add_argument(
        "--budget-ms", type=int, default=DEFAULT_BUDGET_MS, metavar="MS",
        help="the advisor's hint budget per decision, as a fixed number of playouts: the "
             f"advisor the API serves plays at {DEFAULT_BUDGET_MS}; 0 plays its heuristic core "
             f"alone, many times faster (default: {DEFAULT_BUDGET_MS})")
    _fan_out_options(selfplay_parser, "games")
    _output_options(selfplay_parser, "games")
    selfplay_parser.set_defaults(run=run_selfplay)

    calibrate_parser = _command(
        commands, "calibrate",
        "measure whether the hints' win chances come true: a reliability table and picture",
        "ginrules calibrate --bots advisor,simple --games 4 --svg calibration.svg",
        CALIBRATE_DETAILS)
    calibrate_parser.add_argument("--bots", default="advisor,simple",
                                  help="two bots, comma-separated, one of them the advisor, "
                                       "whose decisions are predicted (default: advisor,simple)")
    calibrate_parser.add_argument("--games", type=int, default=20,
                                  help="games to play, each to the target (default: 20)")
    calibrate_parser.add_argument("--seed", type=int, default=1,
                                  help="the seed: the same seed makes the same predictions "
                                       "(default: 1)")
    calibrate_parser.add_argument(
        "--rules", default="standard",
        help="a two-player preset or a JSON object of a preset and overrides (default: "
             "standard)")
    calibrate_parser.add_argument(
        "--budget-ms", type=int, default=DEFAULT_BUDGET_MS, metavar="MS",
        help=f"the hint's budget at each decision, 1 to {MAX_BUDGET_MS}, as the API allows "
             f"(default: {DEFAULT_BUDGET_MS})")
    calibrate_parser.add_argument(
        "--opponent-model", default="greedy", choices=("greedy", "random", "advisor"),
        help="what the hints assume of the opponent, as a hint's opponent_model (default: "
             "greedy, for simple players; random for the random bot; advisor for the advisor)")
    calibrate_parser.add_argument(
        "--options", default="first", choices=("first", "shown"),
        help="the options measured: the first of each hint, as the advisor plays it, or every "
             "option shown with numbers (at one decision a round, drawn at random, the advisor "
             "plays one of those instead of its first choice, and that prediction is measured; "
             "default: first)")
    calibrate_parser.add_argument("--svg", default=None, metavar="FILE",
                                  help="also write the reliability diagram, an SVG picture "
                                       "(default: none)")
    calibrate_parser.add_argument("--predictions", default=None, metavar="FILE",
                                  help="also write every prediction and its outcome as JSON "
                                       "Lines, for analysis elsewhere")
    _fan_out_options(calibrate_parser, "games")
    _output_options(calibrate_parser, "games")
    calibrate_parser.set_defaults(run=run_calibrate)

    arena_parser = _command(
        commands, "arena",
        "measure which of two players is stronger in mirrored pairs of games, with a receipt",
        "ginrules arena --bots advisor:0,simple --pairs 12 --rules eaai --jobs 2 "
        "--receipt arena.json\n  ginrules arena --bots simple,random --sprt 0,50 --pairs 1000",
        ARENA_DETAILS)
    arena_parser.add_argument(
        "--bots", default="advisor,simple",
        help="two players, comma-separated: random, simple, advisor (at the API's default "
             f"budget, {DEFAULT_BUDGET_MS} ms) or advisor:MS (a budget of its own, 0 to "
             f"{MAX_BUDGET_MS}; 0 is its heuristic core alone) or advisor:levelN (one of its "
             "levels, 1 to 5) (default: advisor,simple)")
    arena_parser.add_argument("--pairs", type=int, default=100,
                              help="mirrored pairs to play, two games each; with --sprt, the "
                                   "most to play (default: 100)")
    arena_parser.add_argument("--seed", type=int, default=1,
                              help="the seed: the same seed plays the same pairs (default: 1)")
    arena_parser.add_argument(
        "--rules", default="standard",
        help="a two-player preset (standard, modern, classic, oklahoma, straight, openspiel, "
             "eaai) or a JSON object of a preset and overrides (default: standard)")
    arena_parser.add_argument(
        "--sprt", default=None, metavar="ELO0,ELO1",
        help="stop as soon as a sequential test decides between two hypotheses of the first "
             "player's score: Elo differences (0,50; a negative one as --sprt=-10,10) or win "
             "rates (50%%,55%% or 0.50,0.55); --pairs is then the cap (default: no test)")
    arena_parser.add_argument("--alpha", type=float, default=None,
                              help="with --sprt: how often H1 may be accepted when H0 holds, "
                                   "above 0 and below 0.5 (default: 0.05)")
    arena_parser.add_argument("--beta", type=float, default=None,
                              help="with --sprt: how often H0 may be accepted when H1 holds, "
                                   "above 0 and below 0.5 (default: 0.05)")
    _fan_out_options(arena_parser, "pairs")
    _output_options(arena_parser, "pairs")
    arena_parser.add_argument("--receipt", default=None, metavar="FILE",
                              help="also write the JSON receipt: the command, version, commit, "
                                   "rules, seeds, players and their budgets, and the results")
    arena_parser.set_defaults(run=run_arena)

    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return args.run(args) or 0
    except Refusal as refusal:
        print(f"ginrules {args.command}: {refusal}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`ginrules analyze ... | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
