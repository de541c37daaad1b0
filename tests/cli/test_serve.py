"""``ginrules serve`` checks its address before it says it serves, and reads GINRULES_BIND."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import requests

from ginrules.cli import bind_address

from testkit import free_port


def _serve(*argv: str, env: dict[str, str] | None = None, timeout: float = 30
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ginrules", "serve", *argv], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **(env or {})})


@pytest.fixture
def busy_port():
    """A loopback port some other program listens on."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield listener.getsockname()[1]


@pytest.mark.parametrize("how", ["--port", "GINRULES_BIND"])
def test_a_busy_port_is_one_line_naming_port_and_bind_with_exit_status_2(busy_port, how):
    started = time.monotonic()
    if how == "--port":
        done = _serve("--port", str(busy_port))
    else:
        done = _serve(env={"GINRULES_BIND": f"127.0.0.1:{busy_port}"})
    assert done.returncode == 2
    # At once, not after gunicorn's retries; and nothing said about serving.
    assert time.monotonic() - started < 10
    assert done.stdout == "" and done.stderr.count("\n") == 1
    line = done.stderr.strip()
    assert line.startswith(f"ginrules serve: 127.0.0.1:{busy_port} is already in use")
    assert "--port" in line and "GINRULES_BIND" in line and "serving" not in line


def test_an_address_that_cannot_be_listened_on_is_one_line_too():
    done = _serve(env={"GINRULES_BIND": "127.0.0.1:http"})
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "the port is a number from 1 to 65535" in done.stderr


def test_the_address_is_the_options_then_ginrules_bind_then_the_default(monkeypatch):
    monkeypatch.delenv("GINRULES_BIND", raising=False)
    assert bind_address(None, None) == "127.0.0.1:8000"
    assert bind_address(None, 9000) == "127.0.0.1:9000"
    monkeypatch.setenv("GINRULES_BIND", "0.0.0.0:8100")
    assert bind_address(None, None) == "0.0.0.0:8100"
    assert bind_address(None, 9000) == "0.0.0.0:9000"
    assert bind_address("127.0.0.1", None) == "127.0.0.1:8100"
    assert bind_address("::1", 9000) == "[::1]:9000"
    monkeypatch.setenv("GINRULES_BIND", "unix:/run/ginrules.sock")
    assert bind_address(None, None) == "unix:/run/ginrules.sock"


def test_serve_listens_where_ginrules_bind_says_and_says_so(tmp_path):
    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "w") as output:
        process = subprocess.Popen([sys.executable, "-m", "ginrules", "serve", "--workers", "1"],
                                   stdout=output, stderr=subprocess.STDOUT, text=True,
                                   env={**os.environ, "GINRULES_BIND": f"127.0.0.1:{port}"})
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    health = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                    break
                except requests.ConnectionError:
                    assert process.poll() is None and time.monotonic() < deadline, \
                        log.read_text()[-2000:]
                    time.sleep(0.1)
            assert health.json()["status"] == "ok"
            first = log.read_text().splitlines()[0]
            assert first == f"ginrules: serving on http://127.0.0.1:{port} (docs at /docs)"
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
