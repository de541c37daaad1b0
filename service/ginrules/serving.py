"""gunicorn integration: JSON access logs, per-process metrics files, graceful draining.

gunicorn_settings.py wires these in; nothing here is needed outside gunicorn.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from types import FrameType
from typing import Any

from gunicorn.glogging import Logger


class JsonAccessLogger(Logger):
    """gunicorn's logger, writing one JSON object per request to the access log."""

    def access(self, resp: Any, req: Any, environ: dict[str, Any],
               request_time: timedelta) -> None:
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
    """A worker died: drop its live gauges, fold its counters and histograms into one file.

    prometheus_client keeps each dead worker's files so totals never go down; with workers
    recycled now and then they would pile up.  Their values are added into ``*_merged.db``
    (one file per type) and the worker's own file is removed.  Any failure (a full folder) keeps
    the dead worker's file as it is: metrics may grow, but nothing is lost or broken.
    """
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(pid)
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not folder:
        return
    for kind in ("counter", "histogram", "summary"):
        dead = os.path.join(folder, f"{kind}_{pid}.db")
        if os.path.exists(dead):
            try:
                merge_metric_files(dead, os.path.join(folder, f"{kind}_merged.db"))
            except (OSError, RuntimeError):
                pass


def merge_metric_files(dead: str, merged: str) -> None:
    """Add the values of ``dead`` into ``merged`` (replaced atomically), then remove ``dead``."""
    from prometheus_client.mmap_dict import MmapedDict

    from .api.observe import PreallocatedMmapedDict

    totals: dict[str, float] = {}
    for source in (merged, dead):
        if os.path.exists(source):
            for key, value, _, _ in MmapedDict.read_all_values_from_file(source):
                totals[key] = totals.get(key, 0.0) + value
    scratch = merged[: -len(".db")] + ".tmp"
    try:
        out = PreallocatedMmapedDict(scratch)
        try:
            for key, value in totals.items():
                out.write_value(key, value, 0.0)
        finally:
            out.close()
    except BaseException:
        if os.path.exists(scratch):
            os.remove(scratch)
        raise
    os.replace(scratch, merged)
    os.remove(dead)


def close_when_due(req: Any, limit: int) -> None:
    """Answer ``req`` with ``Connection: close`` when its connection has carried ``limit``
    requests, or when the worker is draining (clients reconnect to a worker that is not)."""
    from .api.observe import is_draining

    if req.req_number >= limit or is_draining():
        req.force_close()


def drain_on_sigterm(worker: Any) -> None:
    """On SIGTERM, drain: /readyz answers 503 at once, every other request is still served for
    ``GINRULES_DRAIN_SECONDS`` (default 2), so a load balancer sees the 503 and stops sending
    traffic; then the worker stops accepting and finishes its in-flight requests as gunicorn
    does (within ``graceful_timeout``)."""
    from .api.observe import start_draining

    seconds = float(os.environ.get("GINRULES_DRAIN_SECONDS", "2"))

    def stop() -> None:
        worker.alive = False

    def handler(signum: int, frame: FrameType | None) -> None:
        start_draining()
        if seconds <= 0:
            stop()
            return
        _later(seconds, stop)

    signal.signal(signal.SIGTERM, handler)


def _later(seconds: float, function: Callable[[], None]) -> None:
    """Call ``function`` in ``seconds``, from a signal handler: a greenlet under gevent (its
    signal handlers run in the event loop, which must not block), a thread otherwise."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        monkey = None
    if monkey is not None and monkey.is_module_patched("threading"):
        import gevent

        gevent.spawn_later(seconds, function)
        return
    timer = threading.Timer(seconds, function)
    timer.daemon = True
    timer.start()
