"""``ginrules serve`` on a free loopback port with settings of a test's own, for tests that need
a server configured differently from the session's ``server`` fixture (or one to stop)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

from testkit import free_port

ROOT = Path(__file__).resolve().parent.parent


class LiveServer:
    def __init__(self, port: int, process: subprocess.Popen, log: Path) -> None:
        self.port, self.process, self.log = port, process, log
        self.base = f"http://127.0.0.1:{port}"

    def worker_pids(self) -> set[int]:
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True,
                             text=True).stdout
        return {int(pid) for pid in out.split()}

    def wait_for_workers(self, count: int, timeout: float = 30) -> set[int]:
        """The worker pids, once there are ``count`` of them."""
        deadline = time.monotonic() + timeout
        while len(pids := self.worker_pids()) != count:
            assert time.monotonic() < deadline, f"workers {pids}, expected {count}"
            time.sleep(0.1)
        return pids

    def wait_for_http(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                requests.get(self.base + "/healthz", timeout=2)
                return
            except requests.ConnectionError as error:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("the server did not start: "
                                         + self.log.read_text()) from error
                time.sleep(0.1)

    def wait_for_port(self, timeout: float = 30) -> None:
        """Until the port accepts connections (gunicorn's master has bound it), sending
        nothing to the workers."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError as error:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("the server did not start: "
                                         + self.log.read_text()) from error
                time.sleep(0.05)


@contextlib.contextmanager
def live_server(folder: Path, workers: int = 1, wait: str = "http", **env: str):
    """A server with ``env`` added to its environment; stopped with SIGTERM at the end."""
    port = free_port()
    log = folder / f"server-{port}.log"
    with open(log, "w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "ginrules.cli", "serve", "--port", str(port),
             "--workers", str(workers)],
            cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
            env={**os.environ, "GINRULES_ACCESS_LOG": "-", "GINRULES_DRAIN_SECONDS": "0",
                 **env})
        server = LiveServer(port, process, log)
        try:
            server.wait_for_http() if wait == "http" else server.wait_for_port()
            yield server
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
