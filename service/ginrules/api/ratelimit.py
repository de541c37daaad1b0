"""Optional rate limiting: a token bucket per client address, off unless configured.

Set ``GINRULES_RATE_LIMIT`` (or the app setting ``RATE_LIMIT``) to ``N/s`` or ``N/m`` (for
example ``50/s``): each client may make N requests per second (minute), with bursts of N.
Past that it gets a 429 problem with ``Retry-After``.  Buckets live in each worker process, so
with W workers a client may get up to W times the rate; health, readiness and metrics are never
limited.

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

from .problems import ApiProblem, FieldError

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


class TokenBuckets:
    """One token bucket per client key."""

    def __init__(self, capacity: float, refill_per_second: float) -> None:
        self.capacity, self.refill = capacity, refill_per_second
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, key: str, now: float | None = None) -> float:
        """Take a token: 0 if allowed, else the seconds until one is available."""
        now = time.monotonic() if now is None else now
        with self.lock:
            tokens, last = self.buckets.pop(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.refill)
            if len(self.buckets) >= MAX_CLIENTS:
                self.buckets.pop(next(iter(self.buckets)))
            if tokens >= 1:
                self.buckets[key] = (tokens - 1, now)
                return 0.0
            self.buckets[key] = (tokens, now)
            return (1 - tokens) / self.refill


def install(app: Flask) -> None:
    """Limit the app's requests if a rate is configured."""
    rate = app.config.get("RATE_LIMIT") or os.environ.get("GINRULES_RATE_LIMIT")
    if not rate:
        return
    buckets = TokenBuckets(*parse_rate(rate))

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
