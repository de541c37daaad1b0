"""gunicorn settings of ginrules, in the package: ``-c python:ginrules.gunicorn_settings``.

``ginrules serve`` and the container image both use them, so the server behaves the same from a
checkout, an installed wheel or the image.  Every setting can be changed from the environment;
``ginrules serve --host/--port/--workers`` override bind and workers on the command line (and
``ginrules serve`` checks the address is free before it starts gunicorn).

Worker class: gevent.  A sync worker is held for as long as a client takes to send its request
(or to read the reply); gunicorn's own documentation says sync workers belong behind a buffering
proxy.  The service must also be safe without one (``ginrules serve`` on a bare machine), so each
worker is an event loop holding up to ``worker_connections`` connections cheaply while they are
slow or idle.  The work itself stays CPU-bound and short (cheap rejection of bad requests, the
solver's caches), one worker process per core.  Reading a request's line and headers is bounded
by ``keepalive`` seconds (gunicorn's asynchronous workers time out each request read), so a
client trickling headers is cut off instead of holding a connection for ever.
"""

import gc
import os
import signal
from typing import Any

wsgi_app = "ginrules.api:create_app()"
bind = [os.environ.get("GINRULES_BIND", "127.0.0.1:8000")]

# CPU-bound: one process per core; within each, an event loop for the connections.
workers = int(os.environ.get("GINRULES_WORKERS", os.cpu_count() or 1))
worker_class = os.environ.get("GINRULES_WORKER_CLASS", "gevent")
worker_connections = int(os.environ.get("GINRULES_WORKER_CONNECTIONS", "1000"))
# Build the solver's tables once, before forking, so every worker shares them.
preload_app = True

timeout = int(os.environ.get("GINRULES_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GINRULES_GRACEFUL_TIMEOUT", "20"))
# Seconds a connection may take to send a request's line and headers, and may stay idle
# between requests.
keepalive = int(os.environ.get("GINRULES_KEEPALIVE", "5"))
# Requests one connection may carry (then "Connection: close").  One, as gunicorn's sync workers
# did: each request is a new connection, accepted by whichever worker is free, so the load
# spreads over the workers; a kept-alive connection stays with one worker, and a few busy ones
# can pile onto the same worker while the other idles.  Raise it behind a proxy that balances.
keepalive_requests = int(os.environ.get("GINRULES_KEEPALIVE_REQUESTS", "1"))
# Recycle workers now and then so no slow leak can grow without bound.
max_requests = int(os.environ.get("GINRULES_MAX_REQUESTS", "20000"))
max_requests_jitter = max_requests // 10

# Request line and headers: small limits, generous for this API's URLs.
limit_request_line = 4096
limit_request_fields = 64
limit_request_field_size = 8190

# One JSON object per request (with its X-Request-ID) on stdout; errors on stderr.
accesslog = os.environ.get("GINRULES_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("GINRULES_LOG_LEVEL", "info")
logger_class = "ginrules.serving.JsonAccessLogger"

# /metrics adds up every worker's numbers from files in this folder (set before the app loads).
from ginrules.serving import (  # noqa: E402
    close_when_due,
    drain_on_sigterm,
    forget_worker,
    prepare_metrics_dir,
    remove_metrics_dir,
)

prepare_metrics_dir()


def when_ready(server: Any) -> None:
    """The app is loaded (preload_app): move everything it has made so far (the solver's
    tables, the app) out of the garbage collector's sight before the workers fork.  A full
    collection then no longer walks those long-lived objects, which a batch reply, with its
    many new dicts and lists, would otherwise trigger again and again."""
    gc.freeze()


_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT)


def post_fork(server: Any, worker: Any) -> None:
    """A new worker inherits the master's signal handlers, which only queue the signal for the
    master's loop, a loop the worker never runs: a SIGTERM arriving before the worker has set
    up its own handlers would be lost, and the master would wait its graceful timeout to kill
    it.  Until then the stop signals stop the worker at once (it has taken no request yet).

    A stop signal that came between the fork and this hook is in the worker's copy of that
    queue: the worker then stops by it now.  (One the master had queued before the fork is
    there too: the master is stopping, and stops this worker anyway.)"""
    for number in _STOP_SIGNALS:
        signal.signal(number, signal.SIG_DFL)
    for number in _queued_signals(server):
        if number in _STOP_SIGNALS:
            signal.raise_signal(number)


def _queued_signals(server: Any) -> list[Any]:
    """The signals in this process's copy of the master's queue: a ``queue.SimpleQueue`` in
    recent gunicorn, a list in the older versions ``gunicorn>=22`` admits."""
    queued = getattr(server, "SIG_QUEUE", None)
    if isinstance(queued, list):
        return list(queued)
    found = []
    while queued is not None and not queued.empty():
        found.append(queued.get_nowait())
    return found


def post_worker_init(worker: Any) -> None:
    """After SIGTERM a worker answers /readyz with 503 while it drains (GINRULES_DRAIN_SECONDS)."""
    drain_on_sigterm(worker)


def pre_request(worker: Any, req: Any) -> None:
    """Close the connection after this request once it has carried enough, or when draining."""
    close_when_due(req, keepalive_requests)


def worker_exit(server: Any, worker: Any) -> None:
    """Give the frozen objects back to the collector before the worker's interpreter shuts
    down, so they are finalised while the modules they need (gevent's, logging's) still
    exist; left frozen, logging's weak-reference callbacks run after gevent is torn down and
    print a traceback on every worker exit."""
    gc.unfreeze()


def child_exit(server: Any, worker: Any) -> None:
    forget_worker(worker.pid)


def on_exit(server: Any) -> None:
    remove_metrics_dir()


# gunicorn's control socket (a file in the home folder) is not used: several servers of this
# project may run side by side (tests, benchmarks), and it would be shared between them.
control_socket_disable = True
