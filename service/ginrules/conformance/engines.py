"""The engine protocol: the facts asked of another engine over JSON Lines (docs/conformance.md).

``ginrules conformance --engine "COMMAND"`` starts the command and speaks to it over its
standard input and output, one JSON object per line, one question and one answer at a time,
the way chess engines speak UCI:

- the runner says ``{"hello": "ginrules-conformance/1", "topics": [...]}``; the engine
  answers ``{"hello": "ginrules-conformance/1", "engine": name, "topics": [the topics it
  implements]}``;
- for each fact of those topics the runner asks ``{"id", "topic", "options", "question"}``
  (``options``: every option, defaults included) and the engine answers ``{"id", "answer"}``,
  or ``{"id", "not_implemented": reason}`` for a question it cannot answer;
- at the end the runner says ``{"bye": true}`` and closes the engine's input.

The runner bounds everything: each answer must come within a timeout and a size limit, and a
line that is not an answer to the question asked fails that question.  An engine that hangs
or dies is stopped (its process group killed) and started again for the next question, up to
a few times; after that the questions left fail without being asked.  So a broken engine
never hangs the run.  This module loads nothing of the web app.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from .compare import differences, show
from .facts import Fact

PROTOCOL = "ginrules-conformance/1"
TIMEOUT = 10.0
"""Seconds an engine has for each answer, and for its hello."""
MAX_LINE = 1 << 20
"""The longest line an engine may send, in bytes."""
MAX_RESTARTS = 3
"""How many times a hanging or dead engine is started again before the run gives up on it."""


class EngineError(Exception):
    """The engine did not answer as the protocol says: why, in a few words."""


@dataclass(frozen=True)
class Verdict:
    """One fact asked of an engine: passed, failed (with why) or not implemented."""

    fact: Fact
    status: str
    """``passed``, ``failed`` or ``not implemented``."""
    lines: tuple[str, ...]
    seconds: float
    answer: Any = None


Answerer = Callable[[Fact, dict[str, Any]], dict[str, Any]]
"""Asks one question: a fact and its full options to the engine's reply (its JSON object)."""


class _Lines:
    """The engine's output read on a thread, line by line, each at most ``MAX_LINE`` bytes."""

    def __init__(self, stream: IO[bytes], limit: int) -> None:
        self.queue: queue.Queue[bytes | None | str] = queue.Queue()
        self.limit = limit
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream: IO[bytes]) -> None:
        try:
            while True:
                line = stream.readline(self.limit + 1)
                if not line:
                    break
                if len(line) > self.limit and not line.endswith(b"\n"):
                    self.queue.put("oversized")
                    while line and not line.endswith(b"\n"):  # drop the rest of that line
                        line = stream.readline(self.limit + 1)
                    continue
                self.queue.put(line)
        except (OSError, ValueError):
            pass
        self.queue.put(None)

    def next(self, deadline: float) -> bytes | None | str:
        """The next line, ``None`` at the end of the output; ``queue.Empty`` past the
        deadline."""
        return self.queue.get(timeout=max(0.0, deadline - time.monotonic()))


class _Stderr:
    """The engine's standard error, drained on a thread; its last lines kept for reports."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.tail: deque[str] = deque(maxlen=5)
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream: IO[bytes]) -> None:
        try:
            for line in iter(lambda: stream.readline(4096), b""):
                self.tail.append(line.decode("utf-8", "replace").rstrip()[:200])
        except (OSError, ValueError):
            pass


class Engine:
    """An engine process spoken to over the protocol."""

    def __init__(self, command: str, timeout: float = TIMEOUT, max_line: int = MAX_LINE) -> None:
        self.command, self.timeout, self.max_line = command, timeout, max_line
        self.process: subprocess.Popen[bytes] | None = None
        self.name = command
        self.topics: set[str] = set()
        self.restarts = 0
        self.answered: set[str] = set()
        """The questions asked so far: a late answer to one of them is skipped."""
        self.stderr: _Stderr | None = None

    def start(self, topics: Iterable[str]) -> None:
        """Start the engine and greet it; ``EngineError`` if it does not greet back."""
        try:
            self.process = subprocess.Popen(
                shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True)
        except OSError as error:
            raise EngineError(f"cannot start {self.command!r}: {error.strerror or error}") \
                from None
        assert self.process.stdout is not None and self.process.stderr is not None
        self.lines = _Lines(self.process.stdout, self.max_line)
        self.stderr = _Stderr(self.process.stderr)
        self._send({"hello": PROTOCOL, "topics": list(topics)})
        reply = self._receive(lambda message: "hello" in message, "its hello")
        if reply.get("hello") != PROTOCOL:
            raise EngineError(f"it speaks {show(reply.get('hello'))}, not {PROTOCOL}")
        topics_said = reply.get("topics")
        if not isinstance(topics_said, list):
            raise EngineError("its hello names no topics")
        self.topics = {str(t) for t in topics_said}
        self.name = str(reply.get("engine") or self.command)

    def _send(self, message: dict[str, Any]) -> None:
        """Write one line to the engine, on a thread: an engine that stops reading must not
        block the runner (its answer then times out)."""
        assert self.process is not None and self.process.stdin is not None
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        stdin = self.process.stdin

        def write() -> None:
            try:
                stdin.write(data)
                stdin.flush()
            except (OSError, ValueError):
                pass

        threading.Thread(target=write, daemon=True).start()

    def _receive(self, wanted: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The next message ``wanted`` accepts; others already answered are skipped, anything
        else is an ``EngineError``."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self.lines.next(deadline)
            except queue.Empty:
                raise EngineError(f"no answer within {self.timeout:g} s for {what}") from None
            if line is None:
                raise EngineError(f"the engine stopped before {what}" + self._last_words())
            if line == "oversized":
                raise EngineError(f"an answer longer than {self.max_line} bytes for {what}")
            assert isinstance(line, bytes)
            text = line.decode("utf-8", "replace").strip()
            if not text:
                continue
            try:
                message = json.loads(text)
            except ValueError:
                raise EngineError(f"not a JSON line: {show(text[:120])}") from None
            if not isinstance(message, dict):
                raise EngineError(f"not a JSON object: {show(message)}")
            if wanted(message):
                return message
            if "id" in message and message.get("id") in self.answered:
                continue  # a late answer to a question that timed out
            raise EngineError(f"an answer to something else: {show(message)}")

    def _last_words(self) -> str:
        if self.stderr is None:
            return ""
        self.stderr.thread.join(0.5)  # the engine has stopped: its last lines are on their way
        tail = list(self.stderr.tail)
        return f" (its last words: {' | '.join(tail)})" if tail else ""

    def ask(self, fact: Fact, options: dict[str, Any]) -> dict[str, Any]:
        """One question and the engine's reply; ``EngineError`` if none comes as it should."""
        self.answered.add(fact.id)
        self._send({"id": fact.id, "topic": fact.topic, "options": options,
                    "question": fact.question})
        return self._receive(lambda message: message.get("id") == fact.id,
                             f"question {fact.id}")

    def stop(self) -> None:
        """Say goodbye, then end the engine's process group if it lingers."""
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            self._send({"bye": True})
            try:
                process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self.process = None


def judge(fact: Fact, reply: dict[str, Any], seconds: float) -> Verdict:
    """A reply held to its fact."""
    if "not_implemented" in reply:
        reason = reply["not_implemented"]
        return Verdict(fact, "not implemented",
                       (str(reason) if reason not in (True, None) else "",), seconds)
    if "answer" not in reply:
        return Verdict(fact, "failed", (f"a reply with neither answer nor not_implemented: "
                                        f"{show(reply)}",), seconds)
    lines = differences(fact, reply["answer"])
    return Verdict(fact, "failed" if lines else "passed", tuple(lines), seconds, reply["answer"])


def run_engine(command: str, facts: list[Fact], options_of: Callable[[Fact], dict[str, Any]],
               topics: Iterable[str], timeout: float = TIMEOUT,
               max_line: int = MAX_LINE) -> tuple[str, list[Verdict]]:
    """Every fact asked of the engine the command starts: its name and the verdicts.
    ``EngineError`` when it cannot be started and greeted at all."""
    engine = Engine(command, timeout, max_line)
    topics = list(topics)
    engine.start(topics)
    verdicts: list[Verdict] = []
    try:
        for fact in facts:
            if fact.topic not in engine.topics:
                verdicts.append(Verdict(fact, "not implemented", ("topic",), 0.0))
                continue
            if engine.process is None:
                verdicts.append(Verdict(fact, "failed", (
                    f"not asked: the engine failed {MAX_RESTARTS + 1} times",), 0.0))
                continue
            start = time.monotonic()
            try:
                reply = engine.ask(fact, options_of(fact))
            except EngineError as error:
                verdicts.append(Verdict(fact, "failed", (f"engine: {error}",),
                                        time.monotonic() - start))
                hung = engine.process is not None and (
                    engine.process.poll() is not None or "no answer" in str(error)
                    or "longer than" in str(error))
                if hung:
                    engine.stop()
                    if engine.restarts < MAX_RESTARTS:
                        engine.restarts += 1
                        try:
                            engine.start(topics)
                        except EngineError:
                            engine.stop()
                continue
            verdicts.append(judge(fact, reply, time.monotonic() - start))
    finally:
        engine.stop()
    return engine.name, verdicts


def run_answerer(answer: Answerer, facts: list[Fact],
                 options_of: Callable[[Fact], dict[str, Any]],
                 topics: Iterable[str] | None = None) -> list[Verdict]:
    """Every fact asked of an engine in this process (a function from a fact and its options
    to the reply an engine would send): the same judging without a process."""
    wanted = None if topics is None else set(topics)
    verdicts = []
    for fact in facts:
        if wanted is not None and fact.topic not in wanted:
            verdicts.append(Verdict(fact, "not implemented", ("topic",), 0.0))
            continue
        start = time.monotonic()
        verdicts.append(judge(fact, answer(fact, options_of(fact)), time.monotonic() - start))
    return verdicts
