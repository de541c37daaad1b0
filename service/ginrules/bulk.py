"""Bulk validation (``ginrules replay``): many game logs read from files, folders or standard
input, each checked and scored by the replay the API runs, in parallel, in input order.

Each input is one log (or one OpenSpiel document, imported first) and gets one result: where it
came from, whether it is valid and complete, its totals and winner, and for an invalid one its
violations with the API's codes.  A log the API would refuse (not JSON, not a log, too large)
is a result too, with the problem the API would answer.  Nothing here decides a rule: parsing,
reading and dumping are the codec's (wire/), the very functions the endpoints call, replaying
is the rules core's; neither Flask nor marshmallow is loaded.

Here too, the output files of the batch commands as the edge writes and reads them back:
results appended one JSON line at a time, each flushed as it comes, and read back to resume a
run (``--output``, ``--resume``); what each line holds is the codec's (``wire/records.py``,
and :func:`check` here for ``replay``'s).
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NamedTuple, TextIO

from . import meter
from .rules.documents.gamelog import FORMAT as LOG_FORMAT
from .rules.documents.openspiel import FORMAT as OPENSPIEL
from .rules.errors import RulesError
from .rules.usecases.batches import Runner
from .wire.documents import import_document, replay_reply
from .wire.faults import problem_of
from .wire.jsontext import MAX_BODY_BYTES, json_bytes, parse_json
from .wire.problems import ApiProblem, FieldError

MAX_DOCUMENT_BYTES = MAX_BODY_BYTES
"""Largest log (one line of JSON Lines, or one JSON file) read: the API's body limit, 1 MiB."""
LINES_SUFFIXES = (".jsonl", ".ndjson")
"""Files always read as JSON Lines (one input per line)."""
FOLDER_SUFFIXES = (".json", *LINES_SUFFIXES)
"""The files of a folder that are read (in name order, subfolders included)."""

_OUTCOMES = ("complete", "in_progress", "invalid")


class Input(NamedTuple):
    """One input: its file and line (None for a whole file), its bytes, or why it has none."""

    file: str
    line: int | None
    data: bytes
    fault: tuple[int, str, str] | None = None
    """(status, code, detail) of an input that cannot be read (too large, unreadable)."""
    size: int = 0
    """Bytes read for it (with the blank lines before it): the progress line's measure."""


class Checked(NamedTuple):
    """One result: its JSON line, its outcome (complete, in_progress, invalid) and the
    distinct codes of its violations."""

    line: bytes
    outcome: str
    codes: tuple[str, ...]
    size: int = 0
    """The input's :attr:`Input.size`."""
    other_format: bool = False
    """A refused input that looks like a document of the other ``--format``."""


@dataclass
class Reader:
    """Reads the inputs of the command's arguments, one at a time; counts the bytes read."""

    paths: list[str]
    stdin: IO[bytes] | None = None
    limit: int = MAX_DOCUMENT_BYTES
    bytes_read: int = 0

    def __iter__(self) -> Iterator[Input]:
        counted = 0
        for item in self._inputs():
            yield item._replace(size=self.bytes_read - counted)
            counted = self.bytes_read

    def _inputs(self) -> Iterator[Input]:
        for path in self.paths:
            if path == "-":
                assert self.stdin is not None
                yield from self._stream("-", self.stdin, lines=None, named=False)
            elif Path(path).is_dir():
                for file in files_of(Path(path)):
                    yield from self._file(str(file))
            else:
                yield from self._file(path)

    def _file(self, name: str) -> Iterator[Input]:
        try:
            stream = open(name, "rb")
        except OSError as error:
            detail = f"cannot read {name}: {error.strerror or error}"
            yield Input(name, None, b"", (400, "unreadable_file", detail))
            return
        with stream:
            lines = True if name.endswith(LINES_SUFFIXES) else None
            try:
                yield from self._stream(name, stream, lines, named=True)
            except OSError as error:  # a folder named like a file, a read error
                detail = f"cannot read {name}: {error.strerror or error}"
                yield Input(name, None, b"", (400, "unreadable_file", detail))

    def _line(self, stream: IO[bytes]) -> tuple[bytes, bool]:
        """The next line (b"" at the end) and whether it is longer than the limit, in which
        case only its start is kept and the rest is read past."""
        line = stream.readline(self.limit + 2)
        self.bytes_read += len(line)
        if len(line.rstrip(b"\r\n")) <= self.limit:
            return line, False
        rest = line
        while rest and not rest.endswith(b"\n"):
            rest = stream.readline(1 << 16)
            self.bytes_read += len(rest)
        return line[:self.limit + 1], True

    def _stream(self, name: str, stream: IO[bytes], lines: bool | None, named: bool
                ) -> Iterator[Input]:
        """The inputs of one file or of standard input: JSON Lines when ``lines`` says so, or
        (None) when the first line that is not blank is a whole JSON value by itself; else one
        JSON document."""
        number = 0
        while True:
            first, too_long = self._line(stream)
            number += 1
            if not first or first.strip():
                break
        if not first:  # nothing but blank lines
            if named and not lines:
                yield Input(name, None, b"")
            return
        if lines is None:
            lines = not too_long and _is_json(first)
        if not lines:
            rest = stream.read(self.limit + 1 - len(first)) if not too_long else b""
            self.bytes_read += len(rest)
            if too_long or len(first) + len(rest) > self.limit:
                if named:  # the rest of the file is not read, but counts as done
                    self.bytes_read += _unread(stream)
                yield _too_large(name, None, self.limit)
                return
            yield Input(name, None, first + rest)
            return
        line = first
        while line:
            if too_long:
                yield _too_large(name, number, self.limit)
            elif line.strip():
                yield Input(name, number, line)
            line, too_long = self._line(stream)
            number += 1


def _unread(stream: IO[bytes]) -> int:
    """The bytes of a file after the position read to (0 for what is not a regular file)."""
    try:
        return max(0, os.fstat(stream.fileno()).st_size - stream.tell())
    except (OSError, ValueError):
        return 0


def _is_json(line: bytes) -> bool:
    """Whether a line is a whole JSON value by itself (read leniently: a repeated key or a
    NaN makes it one value still, which its check will refuse)."""
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


def _too_large(name: str, line: int | None, limit: int) -> Input:
    what = "the line" if line is not None else "the document"
    detail = f"{what} is larger than the limit of {limit} bytes"
    return Input(name, line, b"", (413, "payload_too_large", detail))


def files_of(folder: Path) -> Iterator[Path]:
    """The ``*.json``, ``*.jsonl`` and ``*.ndjson`` files of a folder and its subfolders, in
    name order (hidden ones left out), listed as they are read."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = folder / entry.name
        try:
            mode = entry.stat().st_mode
        except OSError:
            continue
        if stat.S_ISDIR(mode):
            yield from files_of(path)
        elif entry.name.endswith(FOLDER_SUFFIXES):
            yield path


@dataclass(frozen=True)
class Options:
    """What each input is and what its result holds."""

    format: str = "log"
    """``log`` (ginrules-log/1) or ``openspiel`` (an import request: actions and params)."""
    full: bool = False
    """Each result holds the replay's whole reply (rounds and next too)."""


def check(item: Input, options: Options) -> Checked:
    """One input checked: parsed as the API parses a body, imported under ``--format
    openspiel``, replayed, and its result written as one JSON line."""
    result: dict[str, Any] = {"file": item.file, "line": item.line}
    document: Any = None
    try:
        if item.fault is not None:
            status, code, detail = item.fault
            raise ApiProblem(status, code, detail, [FieldError("", code, detail)])
        document = parse_json(item.data)
        if options.format == "openspiel":
            if isinstance(document, dict):
                document.setdefault("format", "openspiel")
            document = import_document(document)
        reply = replay_reply(document)
    except ApiProblem as problem:
        return _refused(result, problem, item.size, _other_format(document, options.format))
    except RulesError as error:
        return _refused(result, problem_of(error), item.size,
                        _other_format(document, options.format))
    except Exception as error:  # a fault of this program, reported as the API would: a 500
        detail = f"the log could not be checked: {type(error).__name__} (a bug; please report it)"
        return _refused(result, ApiProblem(500, "internal_error", detail,
                                           [FieldError("", "internal_error", detail)]),
                        item.size)
    valid, complete = reply["valid"], reply["complete"]
    result.update(valid=valid, complete=complete, winner=reply["winner"],
                  totals=reply["totals"])
    if options.full:
        result.update((key, value) for key, value in reply.items() if key not in result)
    else:
        result["round_count"] = len(reply["rounds"])
        result.update((key, reply[key]) for key in ("bonuses", "margin", "violations")
                      if key in reply)
    violations = reply["violations"]
    outcome = "invalid" if not valid else "complete" if complete else "in_progress"
    codes = tuple(dict.fromkeys(v["code"] for v in violations))
    return Checked(json_bytes(result) + b"\n", outcome, codes, item.size)


def _refused(result: dict[str, Any], problem: ApiProblem, size: int,
             other_format: bool = False) -> Checked:
    """The result of an input the API would refuse: its problem and every fault listed."""
    body = problem.as_json()
    result.update(valid=False, complete=False, winner=None,
                  problem={"status": body["status"], "code": body["code"],
                           "detail": body["detail"]},
                  violations=body["errors"])
    codes = tuple(dict.fromkeys(error["code"] for error in body["errors"]))
    return Checked(json_bytes(result) + b"\n", "invalid", codes, size, other_format)


def _other_format(document: Any, fmt: str) -> bool:
    """Whether a refused document looks like one of the other format: an OpenSpiel game
    (``{"actions": [numbers...]}``, or its ``format``) read as a log, or a log (its
    ``rounds``, or its ``format``) read as an OpenSpiel game."""
    if not isinstance(document, dict):
        return False
    if fmt == "openspiel":
        return document.get("format") == LOG_FORMAT or "rounds" in document
    actions = document.get("actions")
    return document.get("format") == OPENSPIEL or (
        "rounds" not in document and isinstance(actions, list)
        and all(isinstance(action, int) for action in actions[:10]))


def check_all(items: Iterable[Input], options: Options, runner: Runner) -> Iterator[Checked]:
    """Every input's result, in input order, checked by ``runner`` (this machine's processes
    or a Ray cluster, usecases/batches.py), a batch of inputs a task; a few batches per worker
    are read ahead of the results, no more."""
    with closing(runner.map(check, ((item, options) for item in items))) as results:
        yield from results


@dataclass
class Summary:
    """Counts of the results by outcome and by violation code."""

    outcomes: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    bytes_checked: int = 0
    other_format: int = 0
    """Refused inputs that look like documents of the other ``--format``."""
    format: str = "log"
    resumed: int = 0
    """Results read back from the output of an earlier run (counted, not checked again)."""

    def add(self, checked: Checked) -> None:
        self.outcomes[checked.outcome] += 1
        self.codes.update(checked.codes)
        self.bytes_checked += checked.size
        self.other_format += checked.other_format

    @property
    def total(self) -> int:
        return sum(self.outcomes.values())

    @property
    def invalid(self) -> int:
        return self.outcomes["invalid"]

    def text(self, seconds: float, jobs: int | str, stopped: bool = False) -> str:
        """The summary printed at the end of a run (``jobs``: the processes, or what else
        checked the logs, ``Ray (local, 2 CPUs)``)."""
        rate = (self.total - self.resumed) / seconds if seconds > 0 else 0.0
        games = "log" if self.total == 1 else "logs"
        resumed = f" ({self.resumed:,} read back from the output)" if self.resumed else ""
        lines = [f"{self.total:,} {games}{resumed} checked in {seconds:.1f} s ({rate:,.0f} "
                 "games/s, "
                 + (jobs if isinstance(jobs, str) else f"{jobs} {'job' if jobs == 1 else 'jobs'}")
                 + ")"
                 + ("; stopped before the end" if stopped else "")]
        labels = {"complete": "valid, complete", "in_progress": "valid, in progress",
                  "invalid": "invalid"}
        width = max(len(f"{n:,}") for n in (*self.outcomes.values(), *self.codes.values(), 0))
        for outcome in _OUTCOMES:
            lines.append(f"  {labels[outcome]:<20} {self.outcomes[outcome]:>{width},}")
        if self.codes:
            lines.append("violations (logs with each code):")
            named = max(len(code) for code in self.codes)
            for code, count in sorted(self.codes.items(), key=lambda item: (-item[1], item[0])):
                lines.append(f"  {code:<{max(named, 20)}} {count:>{width},}")
        if self.other_format:
            one = self.other_format == 1
            some = "1 invalid input looks" if one else \
                f"{self.other_format:,} invalid inputs look"
            what = ("an OpenSpiel game" if one else "OpenSpiel games") if self.format == "log" \
                else ("a game log (ginrules-log/1)" if one else "game logs (ginrules-log/1)")
            how = "with" if self.format == "log" else "without"
            lines.append(f"{some} like {what}: check {'it' if one else 'them'} {how} "
                         f"--format openspiel")
        return "\n".join(lines)


class Progress:
    """The progress report of ``replay`` (meter.py): logs checked, the share of the inputs'
    bytes read (when their size is known), the rate and the time left, the invalid logs."""

    def __init__(self, stream: TextIO, total_bytes: int | None, *, terminal: bool,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total_bytes = total_bytes
        self.meter = meter.Progress(stream, "logs", None, terminal=terminal,
                                    label="ginrules replay", clock=clock)

    def resume(self, summary: Summary) -> None:
        """The logs of ``summary`` were checked before this run began (``--resume``)."""
        self.meter.resume(summary.total, self._share(summary) or 0.0)

    def _share(self, summary: Summary) -> float | None:
        return (min(1.0, summary.bytes_checked / self.total_bytes) if self.total_bytes
                else None)

    def update(self, summary: Summary, force: bool = False) -> None:
        share = self._share(summary)
        self.meter.update(summary.total, share=share, note=f"{summary.invalid:,} invalid",
                          force=force)

    def close(self) -> None:
        self.meter.close()


def input_bytes(paths: list[str]) -> int | None:
    """The size of all inputs when every one is a named regular file (for the progress bar's
    share), else None."""
    total = 0
    for path in paths:
        if path == "-" or not Path(path).is_file():
            return None
        total += Path(path).stat().st_size
    return total


# The output files of the batch commands (--output, --resume) --------------------------------

class Unresumable(Exception):
    """An output file a run cannot be resumed from: a one-line reason."""


def read_back(path: str) -> tuple[list[bytes], int]:
    """The complete lines of a file an earlier run wrote (none when there is no file yet) and
    the bytes they take: a last line without its newline, as a run killed while writing
    leaves it, is not one, and is written again."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except FileNotFoundError:
        return [], 0
    except OSError as error:
        raise Unresumable(f"cannot read {path}: {error.strerror or error}") from None
    kept = data[:data.rfind(b"\n") + 1]
    return kept.splitlines(keepends=True), len(kept)


def append_to(path: str, keep: int) -> IO[bytes]:
    """``path`` opened to append after its first ``keep`` bytes (the rest cut: a torn line);
    created when there is none."""
    try:
        stream = open(path, "r+b") if keep else open(path, "wb")
        stream.truncate(keep)
        stream.seek(keep)
    except OSError as error:
        raise Unresumable(f"cannot write {path}: {error.strerror or error}") from None
    return stream


def _shown(value: Any) -> str:
    """A setting as its option takes it: ``simple,random``, ``100``."""
    if isinstance(value, list):
        return ",".join(map(str, value))
    return json.dumps(value, separators=(",", ":"))


def settings_differ(theirs: dict[str, Any], ours: dict[str, Any]) -> str | None:
    """The first setting written in an output file's header (``theirs``) that this run would
    not write (``ours``), as its option and both values; None when they agree."""
    for name in dict.fromkeys([*ours, *theirs]):
        mine, other = ours.get(name), theirs.get(name)
        if mine == other:
            continue
        option = f"--{name.replace('_', '-')}"
        if isinstance(mine, dict) and isinstance(other, dict):
            key = next(k for k in dict.fromkeys([*mine, *other]) if mine.get(k) != other.get(k))
            return f"{option} ({key} {_shown(other.get(key))} there, {_shown(mine.get(key))} here)"
        return f"{option} {_shown(other)} there, {_shown(mine)} here"
    return None


class Recorder:
    """The ``--output`` file of ``selfplay``, ``arena`` or ``calibrate``: first the run's
    settings (``header``), then one line per result in input order, each numbered by ``key``
    from 0 and flushed as it is written.  With ``resume``, the lines an earlier run wrote are
    read back first (:attr:`lines`), refused unless its settings and the version that wrote
    them were the same, and the new ones follow them."""

    def __init__(self, path: str, header: dict[str, Any], key: str, resume: bool) -> None:
        self.path = path
        self.lines: list[dict[str, Any]] = []
        lines, self._keep = read_back(path) if resume else ([], 0)
        if lines:
            self.lines = self._check(lines, header, key)
        self._header = None if lines else header
        self.stream: IO[bytes] | None = None
        self.written = len(self.lines)

    def open(self) -> None:
        """Open the file to append to (cutting a last line a kill left short) and, for a run
        that starts it, write the header: apart from reading it back, so that a run refused
        after the check (its cluster out of reach) leaves the file as it found it."""
        self.stream = append_to(self.path, self._keep)
        if self._header is not None:
            self._write(self._header)

    def _check(self, lines: list[bytes], header: dict[str, Any], key: str
               ) -> list[dict[str, Any]]:
        """The result lines of an earlier run's file, once its header is found to say the
        same command and settings as this run's ``header``."""
        try:
            read = [json.loads(line) for line in lines]
        except ValueError:
            number = next(i for i, line in enumerate(lines, 1) if not _is_json(line))
            raise Unresumable(f"{self.path} line {number} is not JSON: not an output of "
                              f"{header['output']}") from None
        first = read[0]
        if not isinstance(first, dict) or first.get("output") != header["output"]:
            written = first.get("output") if isinstance(first, dict) else None
            raise Unresumable(f"{self.path} is not an output of {header['output']}"
                              + (f" (it is one of {written})" if isinstance(written, str)
                                 else ""))
        if first.get("version") != header.get("version"):
            # Another version may play the same settings otherwise: its results and these
            # would not make one run's table.
            raise Unresumable(f"{self.path} was written by ginrules "
                              f"{_shown(first.get('version'))}, and this is "
                              f"{_shown(header.get('version'))}: resume with that version, "
                              "or write another file")
        differs = settings_differ(first.get("settings") or {}, header["settings"])
        if differs is not None:
            raise Unresumable(f"{self.path} was written with other settings: {differs}; "
                              "resume with the same ones, or write another file")
        for index, line in enumerate(read[1:]):
            if not isinstance(line, dict) or line.get(key) != index:
                raise Unresumable(f"{self.path} line {index + 2} is not {key} {index} of "
                                  f"{header['output']}")
        return read[1:]

    def _write(self, line: dict[str, Any]) -> None:
        assert self.stream is not None, "open() before writing"
        self.stream.write(json_bytes(line) + b"\n")
        self.stream.flush()

    def add(self, line: dict[str, Any]) -> None:
        """Append one result's line, at once."""
        self._write(line)
        self.written += 1

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()


def checked_of(line: bytes, size: int = 0) -> Checked:
    """A result line of ``replay`` read back (:func:`check` wrote it): its outcome and codes,
    for the summary."""
    result = json.loads(line)
    outcome = ("invalid" if not result["valid"] else "complete" if result["complete"]
               else "in_progress")
    codes = tuple(dict.fromkeys(v["code"] for v in result.get("violations", ())))
    return Checked(line, outcome, codes, size)


def skip_checked(items: Iterable[Input], lines: list[bytes], path: str
                 ) -> tuple[list[Checked], Iterator[Input]]:
    """The results an earlier run wrote to ``path`` (``lines``, one per input, in input
    order), read back, and the inputs after theirs; refused unless each of those results
    names the file and line of its input."""
    iterator = iter(items)
    done = []
    for number, line in enumerate(lines, start=1):
        try:
            result = json.loads(line)
            where = (result["file"], result["line"])
            item = next(iterator, None)
            if item is not None:
                done.append(checked_of(line, item.size))
        except (ValueError, TypeError, KeyError):
            raise Unresumable(f"{path} line {number} is not a result of ginrules replay"
                              ) from None
        if item is None:
            raise Unresumable(f"{path} holds {len(lines):,} results, more than the "
                              f"{number - 1:,} inputs given")
        if where != (item.file, item.line):
            raise Unresumable(f"{path} line {number} is the result of {_place(*where)}, not "
                              f"of {_place(item.file, item.line)}: resume with the same "
                              "inputs, in the same order")
    return done, iterator


def _place(file: Any, line: Any) -> str:
    return f"{file}" + (f" line {line}" if line is not None else "")
