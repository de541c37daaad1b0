"""gunicorn integration: JSON access logs, per-process metrics files, graceful draining.

deploy/gunicorn.conf.py wires these in; nothing here is needed outside gunicorn.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
from datetime import datetime, timezone

from gunicorn.glogging import Logger


class JsonAccessLogger(Logger):
    """gunicorn's logger, writing one JSON object per request to the access log."""

    def access(self, resp, req, environ, request_time) -> None:
        if not self.cfg.accesslog:
            return
        headers = {name.lower(): value for name, value in getattr(resp, "headers", ())}
        duration = request_time.seconds * 1000 + request_time.microseconds / 1000
        record = {
            "time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            "request_id": headers.get("x-request-id"),
            "remote_addr": environ.get("REMOTE_ADDR"),
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "query": environ.get("QUERY_STRING") or None,
            "status": int(str(resp.status).split()[0]) if resp.status else None,
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(duration, 3),
            "user_agent": environ.get("HTTP_USER_AGENT"),
        }
        self.access_log.info(json.dumps(record, ensure_ascii=False))


_CREATED: list[str] = []


def prepare_metrics_dir() -> str:
    """A fresh folder for the worker processes' metric files (PROMETHEUS_MULTIPROC_DIR)."""
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
    else:
        folder = tempfile.mkdtemp(prefix="ginrules-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
        _CREATED.append(folder)
    return folder


def remove_metrics_dir() -> None:
    """Remove the metrics folder this server made for itself, when it stops."""
    for folder in _CREATED:
        shutil.rmtree(folder, ignore_errors=True)


def forget_worker(pid: int) -> None:
    """Drop a dead worker's live gauges from the metrics."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(pid)


def drain_on_sigterm() -> None:
    """On SIGTERM, first mark the process as draining (/readyz: 503), then stop as gunicorn does."""
    from .api.observe import start_draining

    previous = signal.getsignal(signal.SIGTERM)

    def handler(signum, frame):
        start_draining()
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGTERM, handler)
