"""Expensive requests cannot starve cheap ones: heavy work admitted by its cost, run one at a
time per worker, in slices between which the worker serves everything else.

A request is *heavy* when a client chooses its cost: a hint (``/v1/hints``, its ``budget_ms``)
or the advisor bot's move (``/v1/bots/advisor/move``, the hint engine at its default budget).
Its cost is counted in milliseconds of budget, the unit the hint engine's playouts are
calibrated in (about a millisecond of one core each).

- **Admission by cost.** Each worker process admits at most ``GINRULES_HEAVY_MS`` of heavy work
  at once (default 8000: four hints at the largest budget), which it finishes well within the
  request timeout (``GINRULES_TIMEOUT``, 30 s; a setting above it is refused at start).  A
  heavy request beyond that is refused at once with a 503 problem (``heavy_work_full``) and
  ``Retry-After``; one client (its address, as the rate limit reads it) may hold at most
  ``GINRULES_HEAVY_CLIENT_SHARE`` of it (default 0.5), beyond which it gets a 429
  (``heavy_work_share``).  Nothing waits in an unbounded queue.
- **One at a time, in slices.** Admitted heavy requests run one after another in admission
  order (``GINRULES_HEAVY_CONCURRENCY``, default 1), and the one running lets the worker's
  event loop serve other requests every ``GINRULES_HEAVY_SLICE_MS`` (default 5): a cheap
  request waits at most about one slice for a heavy one.  The reply does not depend on the
  slicing: the hint engine's playouts are a fixed number, not a clock.
- **Observable.** ``/metrics`` has ``ginrules_heavy_in_flight_ms`` and
  ``ginrules_heavy_in_flight`` (admitted and not finished), ``ginrules_heavy_admitted_total``,
  ``ginrules_heavy_refused_total{reason}`` and ``ginrules_heavy_queue_seconds`` (the wait
  between admission and start).

Without gevent's event loop (the Flask test client, a ``sync`` worker) the work runs the same
way, without slices: there is no loop to yield to.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from flask import Flask, current_app, request
from prometheus_client import Counter, Gauge, Histogram

from ..wire.problems import ApiProblem, FieldError
from .ratelimit import MAX_KEY

log = logging.getLogger(__name__)

IN_FLIGHT_MS = Gauge("ginrules_heavy_in_flight_ms",
                     "Heavy work admitted and not finished, in milliseconds of budget",
                     multiprocess_mode="livesum")
IN_FLIGHT = Gauge("ginrules_heavy_in_flight", "Heavy requests admitted and not finished",
                  multiprocess_mode="livesum")
ADMITTED = Counter("ginrules_heavy_admitted_total", "Heavy requests admitted")
REFUSED = Counter("ginrules_heavy_refused_total", "Heavy requests refused", ["reason"])
QUEUE_WAIT = Histogram("ginrules_heavy_queue_seconds",
                       "Time a heavy request waited between admission and its start",
                       buckets=(0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0))


@dataclass(frozen=True)
class Limits:
    """The heavy-work settings of the app (module docstring)."""

    work_ms: int = 8000
    client_share: float = 0.5
    concurrency: int = 1
    slice_ms: float = 5.0

    @classmethod
    def from_settings(cls, app: Flask) -> "Limits":
        def setting(name: str, default: str) -> str:
            value = app.config.get(name, os.environ.get(f"GINRULES_{name}", default))
            return str(value)

        try:
            limits = cls(int(setting("HEAVY_MS", "8000")),
                         float(setting("HEAVY_CLIENT_SHARE", "0.5")),
                         int(setting("HEAVY_CONCURRENCY", "1")),
                         float(setting("HEAVY_SLICE_MS", "5")))
        except ValueError as error:
            raise ValueError(f"a GINRULES_HEAVY_* setting is not a number: {error}") from None
        timeout_ms = 1000 * int(setting("TIMEOUT", "30"))
        if not 1 <= limits.work_ms <= timeout_ms:
            raise ValueError(f"GINRULES_HEAVY_MS must be from 1 to the request timeout "
                             f"({timeout_ms} ms), got {limits.work_ms}")
        if not 0 < limits.client_share <= 1:
            raise ValueError("GINRULES_HEAVY_CLIENT_SHARE must be above 0 and at most 1, got "
                             f"{limits.client_share}")
        if limits.concurrency < 1 or limits.slice_ms <= 0:
            raise ValueError("GINRULES_HEAVY_CONCURRENCY must be at least 1 and "
                             "GINRULES_HEAVY_SLICE_MS above 0")
        return limits


class Gate:
    """The heavy work of one worker process: what is admitted, by whom, and one runner at a
    time.  Made lazily in each process (after the fork), so its lock belongs to the worker's
    event loop."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.lock = threading.Lock()
        self.runners = threading.BoundedSemaphore(limits.concurrency)
        self.in_flight_ms = 0
        self.by_client: dict[str, int] = {}

    def admit(self, cost_ms: int, client: str) -> None:
        """Take ``cost_ms`` of this worker's heavy work for ``client``, or refuse at once."""
        limits = self.limits
        share_ms = max(1, int(limits.work_ms * limits.client_share))
        with self.lock:
            held = self.by_client.get(client, 0)
            if self.in_flight_ms + cost_ms > limits.work_ms:
                refused, excess = "full", self.in_flight_ms + cost_ms - limits.work_ms
            elif held + cost_ms > share_ms and held:
                refused, excess = "share", held + cost_ms - share_ms
            else:
                self.in_flight_ms += cost_ms
                self.by_client[client] = held + cost_ms
                refused, excess = "", 0
        if not refused:
            _metric(ADMITTED.inc)
            _metric(IN_FLIGHT_MS.inc, cost_ms)
            _metric(IN_FLIGHT.inc)
            return
        _metric(REFUSED.labels(refused).inc)
        # The heavy work ahead runs one at a time at about its budget: the room this request
        # needs is free again after roughly that much of it.
        seconds = max(1, math.ceil(excess / 1000 / limits.concurrency))
        if refused == "full":
            raise ApiProblem(
                503, "heavy_work_full",
                f"this worker has {self.in_flight_ms} ms of heavy work in hand (hints and bot "
                f"moves, counted by budget); with this request's {cost_ms} ms it would pass its "
                f"limit of {limits.work_ms} ms (GINRULES_HEAVY_MS); try again in {seconds} s",
                [FieldError("", "heavy_work_full", "heavy work over GINRULES_HEAVY_MS")],
                {"Retry-After": str(seconds)})
        raise ApiProblem(
            429, "heavy_work_share",
            f"this client has {held} ms of heavy work in hand on this worker; with this "
            f"request's {cost_ms} ms it would pass its share of {share_ms} ms "
            f"(GINRULES_HEAVY_CLIENT_SHARE {limits.client_share:g} of GINRULES_HEAVY_MS "
            f"{limits.work_ms}); try again in {seconds} s",
            [FieldError("", "heavy_work_share",
                        "a client's heavy work over GINRULES_HEAVY_CLIENT_SHARE")],
            {"Retry-After": str(seconds)})

    def release(self, cost_ms: int, client: str) -> None:
        with self.lock:
            self.in_flight_ms -= cost_ms
            held = self.by_client.get(client, 0) - cost_ms
            if held > 0:
                self.by_client[client] = held
            else:
                self.by_client.pop(client, None)
        _metric(IN_FLIGHT_MS.dec, cost_ms)
        _metric(IN_FLIGHT.dec)

    @contextmanager
    def work(self, cost_ms: int) -> Iterator[Callable[[], None] | None]:
        """Admit this request's heavy work, wait for a runner, and give the pause to call
        between steps of the work (None where there is no event loop to yield to)."""
        client = (request.remote_addr or "unknown")[:MAX_KEY]
        costs = current_app.config.get("COST_BUCKETS")
        if costs is not None:  # GINRULES_RATE_LIMIT's clause in ms of heavy work (ratelimit.py)
            wait = costs.take(client, amount=cost_ms)
            if wait:
                _metric(REFUSED.labels("rate").inc)
                seconds = max(1, math.ceil(wait))
                limit = (current_app.config.get("RATE_LIMIT")
                         or os.environ.get("GINRULES_RATE_LIMIT"))
                detail = (f"too much heavy work from this client; try again in {seconds} s "
                          f"(limit {limit}, GINRULES_RATE_LIMIT)")
                raise ApiProblem(429, "rate_limited", detail,
                                 [FieldError("", "rate_limited", detail)],
                                 {"Retry-After": str(seconds)})
        self.admit(cost_ms, client)
        admitted = time.perf_counter()
        try:
            with self.runners:
                _metric(QUEUE_WAIT.observe, time.perf_counter() - admitted)
                yield slices()
        finally:
            self.release(cost_ms, client)


def slices() -> Callable[[], None] | None:
    """A pause to call often during long work: it lets gevent's event loop run once the
    app's slice (``GINRULES_HEAVY_SLICE_MS``) is used up; None without gevent's monkey patching
    (then nothing else could run meanwhile)."""
    slice_ms = current_app.config["HEAVY_LIMITS"].slice_ms
    gevent_monkey = sys.modules.get("gevent.monkey")
    if gevent_monkey is None or not gevent_monkey.is_module_patched("socket"):
        return None
    import gevent

    # gevent.sleep(0) may run this greenlet again before the loop polls for I/O; a positive
    # sleep waits for the next turn of the loop, so waiting connections are read first.
    slice_s = slice_ms / 1000
    ends = time.perf_counter() + slice_s

    def pause() -> None:
        nonlocal ends
        if time.perf_counter() >= ends:
            gevent.sleep(0.0001)
            ends = time.perf_counter() + slice_s

    return pause


def _metric(update: Callable[..., None], *args: float) -> None:
    try:
        update(*args)
    except Exception:  # noqa: BLE001 - metrics must never cost a request (observe.py)
        pass


_gates: dict[tuple[int, Limits], Gate] = {}


def gate() -> Gate:
    """This worker process's gate for the app's limits, made on first use in the process."""
    key = (os.getpid(), current_app.config["HEAVY_LIMITS"])
    found = _gates.get(key)
    if found is None:
        found = _gates[key] = Gate(key[1])
    return found


def install(app: Flask) -> None:
    """Read the heavy-work settings (refusing bad ones at start)."""
    app.config["HEAVY_LIMITS"] = Limits.from_settings(app)
