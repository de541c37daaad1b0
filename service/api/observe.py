"""Observability: request ids, Prometheus metrics, readiness.

- Every response carries ``X-Request-ID``: the client's, when it is well formed (1 to 128 of
  ``A-Z a-z 0-9 . _ -``), otherwise a new random one.
- ``GET /metrics`` is Prometheus text: requests and latency per endpoint, the solver cache's
  hits and misses.  Under gunicorn, with ``PROMETHEUS_MULTIPROC_DIR`` set (deploy/gunicorn.conf.py
  does), the numbers add up across all worker processes.
- ``GET /readyz`` answers 200 while the process can serve and 503 once it is shutting down
  (after SIGTERM), so a load balancer stops sending it new requests.
"""

from __future__ import annotations

import os
import re
import time
import uuid

from flask import Blueprint, Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess

from ..rules.solver import cache_info
from .checks import json_response

REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,128}$")

observe = Blueprint("observe", __name__)

REQUESTS = Counter("ginrules_requests_total", "HTTP requests answered",
                   ["endpoint", "method", "status"])
LATENCY = Histogram("ginrules_request_seconds", "Time to answer a request", ["endpoint"],
                    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0))
CACHE = Gauge("ginrules_solver_cache", "Solver cache counters of each worker process",
              ["counter"], multiprocess_mode="livesum")

_draining = False


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
            REQUESTS.labels(endpoint, request.method, str(response.status_code)).inc()
            if "started" in g:
                LATENCY.labels(endpoint).observe(time.perf_counter() - g.started)
        return response


@observe.get("/readyz")
def readyz():
    """Ready: the solver answers and the process is not shutting down."""
    if _draining:
        response = json_response({"status": "shutting down"})
        response.status_code = 503
        return response
    return json_response({"status": "ready"})


@observe.get("/metrics")
def metrics():
    """Prometheus metrics of all worker processes (or of this process alone)."""
    info = cache_info()
    CACHE.labels("hits").set(info["hits"])
    CACHE.labels("misses").set(info["misses"])
    CACHE.labels("size").set(info["size"])
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        body = generate_latest(registry)
    else:
        body = generate_latest()
    return Response(body, content_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})
