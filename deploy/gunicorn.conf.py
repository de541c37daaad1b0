"""gunicorn settings for ginrules: a CPU-bound service, one worker process per core.

Every setting can be changed from the environment, so one image serves every deployment.
``ginrules serve --host/--port/--workers`` override bind and workers on the command line.
"""

import os

wsgi_app = "service.api:create_app()"
bind = [os.environ.get("GINRULES_BIND", "127.0.0.1:8000")]

# The solver is pure Python and CPU-bound: one process per core, one thread each.
workers = int(os.environ.get("GINRULES_WORKERS", os.cpu_count() or 1))
worker_class = "sync"
# Build the solver's tables once, before forking, so every worker shares them.
preload_app = True

timeout = int(os.environ.get("GINRULES_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GINRULES_GRACEFUL_TIMEOUT", "20"))
keepalive = 2
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
logger_class = "service.serving.JsonAccessLogger"

# /metrics adds up every worker's numbers from files in this folder (set before the app loads).
from service.serving import (  # noqa: E402
    drain_on_sigterm,
    forget_worker,
    prepare_metrics_dir,
    remove_metrics_dir,
)

prepare_metrics_dir()


def post_worker_init(worker):
    """After SIGTERM a worker answers /readyz with 503 while it finishes its request."""
    drain_on_sigterm()


def child_exit(server, worker):
    forget_worker(worker.pid)


def on_exit(server):
    remove_metrics_dir()

# gunicorn's control socket (a file in the home folder) is not used: several servers of this
# project may run side by side (tests, benchmarks), and it would be shared between them.
control_socket_disable = True
