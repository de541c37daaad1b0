"""Batch work fanned out: many independent tasks (games, mirrored pairs, logs) shipped in
batches to workers, their results given back in input order.

A *runner* runs the tasks.  :class:`Processes` is this machine's: the standard library's process
pool (or this process alone, for one job).  A Ray cluster's runner (``ginrules.cluster``, outside
the core: Ray is an optional extra) keeps the same promise.  A task is a module-level function
of picklable arguments whose result depends on those arguments alone (each game, each pair has
its own seed), so the results, and the tables made of them, are the same whatever ran them.

Tasks travel in batches of up to :data:`DEFAULT_BATCH` (the first ones smaller): the cost of
shipping a task (a pickle and a round trip to a worker: a fraction of a millisecond to a local
process, a few milliseconds to a Ray worker) is paid once a batch.  A short run gets smaller
batches, so that every worker still has :data:`SPREAD` of them to share.

A run can be resumed: :class:`Resumed` gives the results an earlier run already had (read back
from its output by the command line) without running them again, runs the rest, and tells each
new result, as it comes and in input order, to whatever records it.
"""

from __future__ import annotations

import math
import signal
from collections import deque
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from itertools import islice
from typing import Any, Protocol, TypeVar

R = TypeVar("R")
H = TypeVar("H")

DEFAULT_BATCH = 200
"""Tasks per batch unless told otherwise: a few hundred games or logs."""
SLOW_BATCH = 2
"""Tasks per batch where each is seconds of work (a game or a pair with the advisor): shipping
them still costs under a thousandth of it, and a run stopped early loses only the batches its
workers are playing, a few games each, where a batch of DEFAULT_BATCH would hold minutes to
hours of finished games not yet given back (an output keeps only what is given back)."""
SPREAD = 4
"""Batches per worker at the least, when the number of tasks is known: a short run of slow
games is spread over every worker rather than packed into one batch."""
AHEAD = 4
"""Batches per worker shipped ahead of the results: every worker stays busy while the batch at
the head is awaited, and no more than this is held in memory."""

Arguments = tuple[Any, ...]


class Runner(Protocol):
    """Runs a task over many arguments, in batches, giving the results in input order."""

    def map(self, task: Callable[..., R], arguments: Iterable[Arguments],
            total: int | None = None) -> Generator[R, None, None]:
        """``task(*a)`` for each ``a`` of ``arguments`` (``total`` of them, when known), in
        input order."""
        ...

    def workers(self, total: int | None = None) -> int:
        """How many workers share ``total`` tasks."""
        ...

    def label(self, total: int | None = None) -> str:
        """What ran them, as a table's footer says it: ``2 processes``, ``Ray (local, 8 CPUs)``."""
        ...


def batch_size(total: int | None, workers: int, batch: int | None = None) -> int:
    """Tasks per batch: ``batch`` when given, else :data:`DEFAULT_BATCH` lowered so that each of
    ``workers`` gets :data:`SPREAD` batches of ``total`` tasks (when known)."""
    if batch is not None:
        return max(1, batch)
    if total is None:
        return DEFAULT_BATCH
    return max(1, min(DEFAULT_BATCH, math.ceil(total / (max(1, workers) * SPREAD))))


def run_batch(task: Callable[..., R], batch: list[Arguments]) -> list[R]:
    """A worker's task: one batch, in order."""
    return [task(*arguments) for arguments in batch]


def batches(arguments: Iterable[Arguments], size: int) -> Generator[list[Arguments], None, None]:
    """The arguments in lists of 1, 2, 4, ... then ``size`` (the last one shorter): the first
    results come at once, and a few tasks still spread over every worker."""
    iterator = iter(arguments)
    step = 1
    while batch := list(islice(iterator, min(step, size))):
        yield batch
        step *= 2


def in_order(submit: Callable[[list[Arguments]], H], collect: Callable[[H], list[R]],
             cancel: Callable[[list[H]], None], arguments: Iterable[Arguments], size: int,
             ahead: int) -> Generator[R, None, None]:
    """The results of batches of ``size`` submitted to some workers (``submit`` ships one and
    gives its handle, ``collect`` awaits its results), in input order, with at most ``ahead``
    batches in flight; on an early stop (an error, Ctrl-C, the reader gone) the batches still
    in flight are ``cancel``\\ ed."""
    pending: deque[H] = deque()
    try:
        for batch in batches(arguments, size):
            pending.append(submit(batch))
            if len(pending) >= ahead:
                yield from collect(pending.popleft())
        while pending:
            yield from collect(pending.popleft())
    finally:
        if pending:
            cancel(list(pending))


def ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _result(future: Future[list[R]]) -> list[R]:
    return future.result()


@dataclass(frozen=True)
class Processes:
    """This machine's runner: ``jobs`` worker processes (1: this process alone; never more
    processes than batches), ``batch`` tasks a batch (None: :func:`batch_size`'s choice)."""

    jobs: int = 1
    batch: int | None = None

    def workers(self, total: int | None = None) -> int:
        """Processes that share ``total`` tasks: no more than their batches."""
        if total is None:
            return max(1, self.jobs)
        size = batch_size(total, self.jobs, self.batch)
        return max(1, min(self.jobs, math.ceil(total / size)))

    def label(self, total: int | None = None) -> str:
        """``1 process``, ``2 processes``."""
        count = self.workers(total)
        return f"{count} process{'es' if count > 1 else ''}"

    def map(self, task: Callable[..., R], arguments: Iterable[Arguments],
            total: int | None = None) -> Generator[R, None, None]:
        """Each task's result, in input order."""
        workers = self.workers(total)
        if workers == 1:
            for each in arguments:
                yield task(*each)
            return
        pool = ProcessPoolExecutor(workers, initializer=ignore_interrupts)
        try:
            yield from in_order(lambda batch: pool.submit(run_batch, task, batch),
                                _result, lambda futures: _stop(pool), arguments,
                                batch_size(total, self.jobs, self.batch), workers * AHEAD)
        finally:
            pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Ends a pool stopped early with batches in flight (Ctrl-C, an error, the reader gone)
    without waiting for them.

    The batches still running would be thrown away and their workers ignore Ctrl-C, so the
    workers are ended rather than waited for (a batch of the advisor's games runs for minutes).
    The batches not yet started are cancelled by the pool's own thread, which then sees its
    workers gone: it alone changes the futures' states, so none it reports as broken is one
    cancelled here (Python 3.11 prints an error for that)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


@dataclass(frozen=True)
class Resumed:
    """A runner that already has the first results of a run, ``done`` (the results of the
    first ``len(done)`` tasks, as an earlier run recorded them): it gives them without running
    those tasks, then the results of the others run on ``runner``, each told to ``record``
    (its index and result) as it comes, before it is given.  The results, and the tables made
    of them, are those of one uninterrupted run."""

    runner: Runner
    done: Sequence[Any] = ()
    record: Callable[[int, Any], None] | None = None

    def _left(self, total: int | None) -> int | None:
        return None if total is None else max(0, total - len(self.done))

    def workers(self, total: int | None = None) -> int:
        """The workers of the tasks left to run."""
        return self.runner.workers(self._left(total))

    def label(self, total: int | None = None) -> str:
        """What runs the tasks left."""
        return self.runner.label(self._left(total))

    def map(self, task: Callable[..., R], arguments: Iterable[Arguments],
            total: int | None = None) -> Generator[R, None, None]:
        """The results already had, then each of the other tasks' in input order."""
        iterator = iter(arguments)
        for result, _ in zip(self.done, iterator):
            yield result
        with closing(self.runner.map(task, iterator, self._left(total))) as results:
            for index, result in enumerate(results, start=len(self.done)):
                if self.record is not None:
                    self.record(index, result)
                yield result


def resumed_count(runner: Runner, total: int) -> int:
    """How many of ``total`` tasks ``runner`` gives back from an earlier run (0 unless it is a
    :class:`Resumed` one)."""
    return min(total, len(runner.done)) if isinstance(runner, Resumed) else 0


def time_taken(seconds: float, ran_on: str | None, played: int) -> str:
    """How long a run's work took and what ran it, for the last line of its table: `` in
    12.3 s on 2 processes``; nothing when every task was read back from an earlier run's output
    (``played`` is 0), which took no time and ran on nothing."""
    if not played:
        return ""
    return f" in {seconds:.1f} s" + (f" on {ran_on}" if ran_on else "")
