"""Observability: request ids, Prometheus metrics, readiness.

- Every response carries ``X-Request-ID``: the client's, when it is well formed (1 to 128 of
  ``A-Z a-z 0-9 . _ -``), otherwise a new random one.
- ``GET /metrics`` is Prometheus text: requests and latency per endpoint, the solver cache's
  hits and misses.  Under gunicorn, with ``PROMETHEUS_MULTIPROC_DIR`` set (the packaged
  gunicorn settings do), the numbers add up across all worker processes.  Labels come from
  fixed sets: an endpoint is a route of the app (``unmatched`` for any other path), a method
  one of the standard ones (``other`` for anything else), so no request can add series.
  Updating metrics never fails a request: with the metrics folder full, the numbers are lost
  and the reply is not.
- ``GET /readyz`` answers 200 while the process can serve and 503 from SIGTERM on (while the
  worker drains, see serving.py), so a load balancer stops sending it new requests.
"""

from __future__ import annotations

import errno
import glob
import logging
import os
import re
import time
import uuid
from collections.abc import Iterable

from flask import Blueprint, Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import mmap_dict, multiprocess, values
from prometheus_client.metrics_core import Metric
from prometheus_client.mmap_dict import MmapedDict

from ..rules.hands.solver import cache_info
from .responses import json_response

REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,128}$")

observe = Blueprint("observe", __name__)
log = logging.getLogger(__name__)

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""Method label values; any other method is counted as ``other``."""
STATUSES = frozenset({200, 304, 400, 404, 405, 413, 414, 415, 422, 429, 431, 500, 503})
"""Status label values; any other status is counted under its class (``2xx``, ``4xx``, ...)."""


class PreallocatedMmapedDict(MmapedDict):
    """prometheus_client's metrics file, with its disk space reserved before it is written.

    The library grows a file by truncating it and writes through a memory map: on a full
    filesystem the write faults and the process dies of SIGBUS.  Reserving the space first
    (posix_fallocate) turns a full folder into an OSError, which the caller can survive.
    """

    def __init__(self, filename: str, read_mode: bool = False) -> None:
        if not read_mode:
            _reserve(filename, getattr(mmap_dict, "_INITIAL_MMAP_SIZE", 1 << 16))
        super().__init__(filename, read_mode)

    def _init_value(self, key: str) -> None:
        encoded = key.encode("utf-8")
        size = 4 + len(encoded) + (8 - (len(encoded) + 4) % 8) + 16
        capacity = self._capacity
        while self._used + size > capacity:
            capacity *= 2
        if capacity != self._capacity:
            _reserve(self._fname, capacity)
        super()._init_value(key)


def _reserve(filename: str, size: int) -> None:
    with open(filename, "a+b") as handle:
        if os.fstat(handle.fileno()).st_size >= size:
            return
        try:
            os.posix_fallocate(handle.fileno(), 0, size)
        except OSError as error:
            if error.errno in (errno.EOPNOTSUPP, errno.EINVAL):
                return  # no way to reserve space here: written as the library does
            if os.fstat(handle.fileno()).st_size == 0:
                os.remove(filename)  # leave no empty file for /metrics to read
            raise


# Metric files are made by prometheus_client.values when a labelled value is first used.
# (The ignore: values imports MmapedDict without exporting it; replacing it is the point.)
values.MmapedDict = PreallocatedMmapedDict  # type: ignore[attr-defined]

REQUESTS = Counter("ginrules_requests_total", "HTTP requests answered",
                   ["endpoint", "method", "status"])
LATENCY = Histogram("ginrules_request_seconds", "Time to answer a request", ["endpoint"],
                    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0))
CACHE = Gauge("ginrules_solver_cache", "Solver cache counters of each worker process",
              ["counter"], multiprocess_mode="livesum")

_draining = False
_metrics_failed = False


def method_label(method: str) -> str:
    return method if method in METHODS else "other"


def status_label(status: int) -> str:
    return str(status) if status in STATUSES else f"{status // 100}xx"


def record(endpoint: str, method: str, status: int, seconds: float | None) -> None:
    """Count a request; a failure (a full metrics folder) is logged once and ignored."""
    global _metrics_failed
    try:
        REQUESTS.labels(endpoint, method_label(method), status_label(status)).inc()
        if seconds is not None:
            LATENCY.labels(endpoint).observe(seconds)
    except Exception:  # noqa: BLE001 - metrics must never cost a request
        if not _metrics_failed:
            _metrics_failed = True
            log.exception("metrics could not be recorded; requests are still served")


def is_draining() -> bool:
    return _draining


def start_draining() -> None:
    """Mark this process as shutting down: /readyz answers 503 from now on."""
    global _draining
    _draining = True


def install(app: Flask) -> None:
    """Add request ids, metrics and readiness to an app."""
    app.register_blueprint(observe)

    @app.before_request
    def _start() -> None:
        given = request.headers.get("X-Request-ID", "")
        g.request_id = given if REQUEST_ID.match(given) else uuid.uuid4().hex
        g.started = time.perf_counter()

    @app.after_request
    def _finish(response: Response) -> Response:
        response.headers["X-Request-ID"] = g.get("request_id") or uuid.uuid4().hex
        endpoint = request.url_rule.rule if request.url_rule is not None else "unmatched"
        if endpoint != "/metrics":
            started = g.get("started")
            record(endpoint, request.method, response.status_code,
                   None if started is None else time.perf_counter() - started)
        return response


@observe.get("/readyz")
def readyz() -> Response:
    """Ready: the solver answers and the process is not shutting down."""
    if _draining:
        response = json_response({"status": "shutting down"})
        response.status_code = 503
        return response
    return json_response({"status": "ready"})


@observe.get("/metrics")
def metrics() -> Response:
    """Prometheus metrics of all worker processes (or of this process alone)."""
    info = cache_info()
    try:
        for name in ("hits", "misses", "size"):
            CACHE.labels(name).set(info[name])
    except Exception:  # noqa: BLE001 - a full metrics folder: report what is there
        pass
    body = _collect()
    return Response(body, content_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})


def _collect() -> bytes:
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not folder:
        return generate_latest()
    # A dead worker's file may be merged away between listing the folder and reading it.
    for attempt in range(3):
        try:
            registry = CollectorRegistry()
            registry.register(_Files(folder))
            return generate_latest(registry)
        except FileNotFoundError:
            if attempt == 2:
                raise
            time.sleep(0.01)
    raise AssertionError("unreachable")


class _Files:
    """prometheus_client's multiprocess collector over the folder's complete files only (a
    file a full folder left shorter than its header is skipped)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def collect(self) -> Iterable[Metric]:
        files = []
        for path in glob.glob(os.path.join(self.folder, "*.db")):
            try:
                if os.path.getsize(path) >= 8:
                    files.append(path)
            except OSError:
                pass
        # merge is not annotated in prometheus_client: it returns the merged metrics.
        merged: Iterable[Metric] = multiprocess.MultiProcessCollector.merge(files, accumulate=True)
        return merged
