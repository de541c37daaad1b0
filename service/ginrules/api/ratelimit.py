"""Optional rate limiting: a token bucket per client address, off unless configured.

Set ``GINRULES_RATE_LIMIT`` (or the app setting ``RATE_LIMIT``) to ``N/s`` or ``N/m`` (for
example ``50/s``): each client may make N requests per second (minute), with bursts of N.
Past that it gets a 429 problem with ``Retry-After``.  A clause ``Nms/s`` or ``Nms/m`` counts
heavy work instead (hints and the advisor's moves, by their budget in milliseconds, see
heavy.py): ``"50/s, 20000ms/m"`` allows 50 requests a second and 20 s of hint budget a minute.
Buckets live in each worker process, so with W workers a client may get up to W times the
rate; health, readiness and metrics are never limited.

Behind proxies, set ``GINRULES_TRUST_PROXY`` (or the app setting ``TRUST_PROXY``) to the number
of proxies in front of the service that append to ``X-Forwarded-For`` (``1`` for one load
balancer).  Werkzeug's ``ProxyFix`` then takes the client's address from that many entries from
the right: the entries a client writes itself, to the left of them, are never believed.  The
address is also the one in the access log.  A client key is at most ``MAX_KEY`` characters.
"""

from __future__ import annotations

import math
import os
import re
import threading
import time

from flask import Flask, request
from werkzeug.middleware.proxy_fix import ProxyFix

from ..wire.problems import ApiProblem, FieldError

EXEMPT = {"/healthz", "/readyz", "/metrics"}
MAX_CLIENTS = 100_000
"""Buckets kept; the oldest are dropped first, so memory stays bounded."""
MAX_KEY = 64
"""Characters of a client key kept (an IPv6 address with a zone fits)."""


def trusted_hops(app: Flask) -> int:
    """Proxies trusted to append to X-Forwarded-For (``TRUST_PROXY``), 0 if none."""
    value = app.config.get("TRUST_PROXY", os.environ.get("GINRULES_TRUST_PROXY", "0"))
    if value is True:
        return 1
    try:
        hops = int(value or 0)
    except (TypeError, ValueError):
        raise ValueError(f"GINRULES_TRUST_PROXY is a number of proxies, got {value!r}") from None
    if hops < 0:
        raise ValueError(f"GINRULES_TRUST_PROXY is a number of proxies, got {value!r}")
    return hops


def trust_proxies(app: Flask) -> None:
    """Read the client's address from X-Forwarded-For, as set by the trusted proxies."""
    hops = trusted_hops(app)
    if hops:
        # Wrapping the WSGI callable in middleware is Flask's documented way; mypy sees a method.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=0, x_host=0, x_port=0, x_prefix=0)


def parse_rate(text: str) -> tuple[float, float]:
    """``"50/s"`` -> (capacity 50, refill 50 per second); ``"600/m"`` -> (600, 10)."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*([sm])\s*", text or "")
    if not match or int(match.group(1)) < 1:
        raise ValueError(f"rate limit must look like 50/s or 600/m, got {text!r}")
    count = int(match.group(1))
    return float(count), count / (1.0 if match.group(2) == "s" else 60.0)


def parse_limits(text: str) -> tuple[tuple[float, float] | None, tuple[float, float] | None]:
    """The request rate and the heavy-work rate of a ``GINRULES_RATE_LIMIT`` value: clauses
    ``N/s``, ``N/m`` (requests) and ``Nms/s``, ``Nms/m`` (milliseconds of heavy work), comma
    separated, each at most once."""
    requests_rate = cost_rate = None
    for clause in (text or "").split(","):
        cost = re.fullmatch(r"\s*(\d+)\s*ms\s*/\s*([sm])\s*", clause)
        if cost and cost_rate is None:
            cost_rate = parse_rate(f"{cost.group(1)}/{cost.group(2)}")
        elif not cost and requests_rate is None and clause.strip():
            requests_rate = parse_rate(clause)
        else:
            raise ValueError("rate limit must look like 50/s, 20000ms/m or both "
                             f"(\"50/s, 20000ms/m\"), got {text!r}")
    return requests_rate, cost_rate


class TokenBuckets:
    """One token bucket per client key."""

    def __init__(self, capacity: float, refill_per_second: float) -> None:
        self.capacity, self.refill = capacity, refill_per_second
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, key: str, now: float | None = None, amount: float = 1.0) -> float:
        """Take ``amount`` tokens (at most a full bucket's): 0 if allowed, else the seconds
        until they are available."""
        now = time.monotonic() if now is None else now
        amount = min(amount, self.capacity)
        with self.lock:
            tokens, last = self.buckets.pop(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.refill)
            if len(self.buckets) >= MAX_CLIENTS:
                self.buckets.pop(next(iter(self.buckets)))
            if tokens >= amount:
                self.buckets[key] = (tokens - amount, now)
                return 0.0
            self.buckets[key] = (tokens, now)
            return (amount - tokens) / self.refill


def install(app: Flask) -> None:
    """Limit the app's requests if a rate is configured."""
    rate = app.config.get("RATE_LIMIT") or os.environ.get("GINRULES_RATE_LIMIT")
    if not rate:
        return
    requests_rate, cost_rate = parse_limits(rate)
    if cost_rate is not None:  # taken by heavy.py, by each heavy request's cost
        app.config["COST_BUCKETS"] = TokenBuckets(*cost_rate)
    if requests_rate is None:
        return
    buckets = TokenBuckets(*requests_rate)

    @app.before_request
    def _limit() -> None:
        if request.path in EXEMPT:
            return
        client = (request.remote_addr or "unknown")[:MAX_KEY]
        wait = buckets.take(client)
        if wait:
            seconds = max(1, math.ceil(wait))
            detail = f"too many requests; try again in {seconds} s (limit {rate})"
            raise ApiProblem(429, "rate_limited", detail,
                             [FieldError("", "rate_limited", detail)],
                             {"Retry-After": str(seconds)})
