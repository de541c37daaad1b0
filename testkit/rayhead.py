"""A Ray cluster of this machine alone, started the way a workstation keeps Ray up between runs
(``ray start --head``), for the tests and benchmarks of commands that join a running cluster
(``--ray ADDRESS``).  It is reached on the loopback address only and stopped at the end.

Two settings of Ray's own, passed in the environment of the head and of every command that
joins it (:attr:`RayHead.env`):

- ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``: Ray on Linux replaces a node address of 127.0.0.1
  by the machine's own address, for the other nodes of a cluster to reach it; a cluster of one
  machine has none, and this keeps every address on the loopback.
- ``RAY_AUTH_MODE=token``: Ray's token authentication (the token in ``~/.ray``, made when
  missing), which a command joining by address uses only when told to.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from testkit import free_port

STARTED = "Ray runtime started"
"""What ``ray start`` prints once the head is up."""


@dataclass(frozen=True)
class RayHead:
    address: str
    """``127.0.0.1:PORT``, the head's address, to pass as ``--ray``."""
    env: dict[str, str]
    """The environment of a command that joins it."""


@contextmanager
def ray_head(cpus: int, *, timeout: float = 90.0) -> Iterator[RayHead]:
    """A Ray head of ``cpus`` CPUs while the block runs: ``ray start --head --block``, in a
    folder of its own, stopped by a SIGTERM to that command (which stops everything it
    started) and the folder removed.  RuntimeError with the head's output if it does not
    start within ``timeout`` seconds."""
    ray_command = Path(sys.executable).with_name("ray")
    env = dict(os.environ, RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", RAY_AUTH_MODE="token",
               RAY_USAGE_STATS_ENABLED="0")
    env.pop("RAY_ADDRESS", None)
    folder = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: Ray's socket paths
    port = free_port()
    log = Path(folder) / "head.log"
    with open(log, "wb") as out:
        head = subprocess.Popen(
            [str(ray_command), "start", "--head", "--block", "--node-ip-address=127.0.0.1",
             f"--port={port}", f"--ray-client-server-port={free_port()}",
             f"--dashboard-agent-listen-port={free_port()}", f"--num-cpus={cpus}",
             "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={folder}"],
            env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while STARTED not in log.read_text(errors="replace"):
            if head.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("ray start --head did not start:\n"
                                   + log.read_text(errors="replace")[-2000:])
            time.sleep(0.2)
        yield RayHead(f"127.0.0.1:{port}", env)
    finally:
        if head.poll() is None:
            head.send_signal(signal.SIGTERM)
            try:
                head.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(head.pid, signal.SIGKILL)
                head.wait()
        shutil.rmtree(folder, ignore_errors=True)
