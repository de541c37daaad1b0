"""Batch work fanned out (usecases/batches.py): batches of the documented size, results in input
order whatever the number of processes, batches in flight stopped on an early stop."""

from __future__ import annotations

import threading
import time

import pytest

from ginrules.rules.players.arena import pair_seed
from ginrules.rules.usecases import batches
from ginrules.rules.usecases.batches import DEFAULT_BATCH, SPREAD, Processes, batch_size, in_order


def _slow_first(index: int) -> int:
    """A task whose early inputs finish last: results in completion order would be reversed."""
    time.sleep(0.02 * (5 - index) if index < 5 else 0)
    return pair_seed(7, index)


def test_batches_are_the_default_size_for_long_runs_and_spread_over_every_worker_for_short():
    assert batch_size(1_000_000, 8) == DEFAULT_BATCH
    assert batch_size(None, 8) == DEFAULT_BATCH  # a stream of unknown length
    assert batch_size(80, 2) == 80 // (2 * SPREAD)
    assert batch_size(3, 16) == 1
    assert batch_size(1_000_000, 8, batch=17) == 17  # asked for: kept


@pytest.mark.parametrize("jobs,batch", [(1, None), (2, None), (2, 1), (2, 3), (3, 500)])
def test_results_come_back_in_input_order_whatever_the_processes_and_batches(jobs, batch):
    expected = [pair_seed(7, index) for index in range(23)]
    runner = Processes(jobs, batch)
    got = list(runner.map(_slow_first, ((index,) for index in range(23)), total=23))
    assert got == expected


def test_the_first_batches_are_small_so_that_the_first_results_come_at_once():
    sizes = [len(batch) for batch in batches.batches(((i,) for i in range(50)), 10)]
    assert sizes == [1, 2, 4, 8, 10, 10, 10, 5]


def test_never_more_processes_than_batches(monkeypatch):
    started = []
    real = batches.ProcessPoolExecutor
    monkeypatch.setattr(batches, "ProcessPoolExecutor",
                        lambda workers, **kw: started.append(workers) or real(workers, **kw))
    assert Processes(8, batch=4).workers(10) == 3 and Processes(8).label(1) == "1 process"
    assert list(Processes(8, batch=4).map(pair_seed, ((1, i) for i in range(10)), total=10)) == [
        pair_seed(1, i) for i in range(10)]
    assert started == [3]


def test_an_early_stop_cancels_the_batches_still_in_flight():
    submitted, cancelled = [], []

    def submit(batch):
        submitted.append(batch)
        return len(submitted) - 1

    results = in_order(submit, lambda handle: [a for (a,) in submitted[handle]],
                       cancelled.extend, ((i,) for i in range(100)), size=10, ahead=3)
    assert [next(results) for _ in range(12)] == list(range(12))
    results.close()
    # Batches of 1, 2, 4, 8, then 10: three shipped ahead of the first read, one more as each
    # is read; the twelfth result is in the fourth batch (7 to 14), with two behind it.
    assert [len(batch) for batch in submitted] == [1, 2, 4, 8, 10, 10]
    assert cancelled == [4, 5]


def _slow_after_first(index: int) -> int:
    """A task that answers at once for the first input and takes a minute for every other."""
    if index:
        time.sleep(60)
    return index


def test_an_early_stop_ends_the_workers_rather_than_waiting_for_their_batches(monkeypatch):
    # The workers ignore Ctrl-C (the parent handles it): stopped early, the parent must end the
    # batches still running, whose results would be thrown away, not wait for them; and quietly
    # (the pool's own thread must not fail on a future it finds cancelled: Python 3.11).
    failures = []
    monkeypatch.setattr(threading, "excepthook", failures.append)
    before = set(threading.enumerate())
    results = Processes(jobs=2, batch=1).map(_slow_after_first, ((i,) for i in range(8)), 8)
    assert next(results) == 0
    started = time.monotonic()
    results.close()
    for thread in set(threading.enumerate()) - before:
        thread.join(30)
    assert time.monotonic() - started < 30  # each batch still running takes 60 s
    assert failures == []
