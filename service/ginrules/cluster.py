"""Batch work on a Ray cluster (``--ray ADDRESS`` of ``ginrules selfplay``, ``arena``,
``replay``): the runner of ``rules/usecases/batches.py`` with Ray's workers in place of this
machine's processes.

Ray is an optional extra (``pip install 'ginrules[cluster]'``): it is imported here only, and
only when a Ray runner is asked for, so neither the service nor the other commands load it.
The tasks are the same module-level functions the process pool runs, shipped in the same
batches and read back in input order, so the tables are the same whatever ran them.  Every
node of a cluster needs the same version of ginrules installed (the project's image has it).
"""

from __future__ import annotations

import importlib
import logging
import os
import time
from collections.abc import Callable, Generator, Iterable
from typing import Any

from .rules.usecases.batches import AHEAD, Arguments, R, batch_size, in_order, run_batch

EXTRA = "pip install 'ginrules[cluster]'"
"""How to install Ray, as a refusal says it."""


class ClusterError(Exception):
    """Ray is not installed, or no cluster answers at the address: a one-line reason."""


def _ray() -> Any:
    """The ray module, or :class:`ClusterError` naming the extra that installs it."""
    try:
        # By name: a type checker need not read all of Ray to check this module.
        return importlib.import_module("ray")
    except ImportError:
        raise ClusterError(f"--ray needs Ray, which is not installed: {EXTRA}") from None


class RayRunner:
    """Tasks in batches on the Ray cluster at ``address``: ``local`` starts one on this
    machine (``cpus`` of its cores; None: all), ``auto`` joins the one this machine belongs to,
    ``ray://host:port`` reaches one through its client server.  Ray already started in this
    process (a test's) is used as it is."""

    def __init__(self, address: str, *, cpus: int | None = None, batch: int | None = None):
        if address == "local":
            # A cluster of this machine alone, on the loopback address, that reports nothing
            # anywhere.  Read by Ray when it is imported: Ray on Linux listens on every
            # interface, and swaps 127.0.0.1 for the machine's address, unless told that no
            # other machine joins (the setting it reads for Windows and macOS); its usage
            # statistics are off, as Ray's own default for a cluster ray.init starts.  Its
            # token authentication is asked for by name: it is Ray's default for a cluster
            # ray.init starts, and named, Ray keeps it without a warning (which otherwise
            # tells every run how to turn it off).
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            os.environ.setdefault("RAY_AUTH_MODE", "token")
        ray = _ray()
        self._ray = ray
        self.address = address
        self.batch = batch
        self._started = not ray.is_initialized()
        self.start_seconds: float | None = None
        """How long starting or joining the cluster took, when this runner did (the tables'
        times are of the work alone)."""
        if self._started:
            options: dict[str, Any] = {"logging_level": logging.WARNING,
                                       "include_dashboard": False}
            if address == "local":
                options.update(num_cpus=cpus, _node_ip_address="127.0.0.1")
            begun = time.perf_counter()
            try:
                ray.init(address=address, **options)
            except (ConnectionError, RuntimeError, ValueError) as error:
                first = str(error).strip().splitlines()[0] if str(error).strip() else ""
                raise ClusterError(f"--ray {address}: no Ray cluster answers ({first})"
                                   ) from None
            self.start_seconds = time.perf_counter() - begun
        self._cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1)(run_batch)

    def workers(self, total: int | None = None) -> int:
        """The cluster's CPUs (one task each)."""
        return self._cpus

    def label(self, total: int | None = None) -> str:
        """``Ray (local, 2 CPUs)``; ``Ray (local, 2 CPUs, started in 3.9 s)`` when this runner
        started or joined it (outside the time of the work)."""
        started = ("" if self.start_seconds is None else
                   f", {'started' if self.address == 'local' else 'joined'} in "
                   f"{self.start_seconds:.1f} s")
        return f"Ray ({self.address}, {self._cpus} CPU{'s' if self._cpus > 1 else ''}{started})"

    def map(self, task: Callable[..., R], arguments: Iterable[Arguments],
            total: int | None = None) -> Generator[R, None, None]:
        """Each task's result, in input order."""
        ray = self._ray
        remote = self._remote

        def cancel(refs: list[Any]) -> None:
            for ref in refs:
                try:
                    ray.cancel(ref)
                except Exception:  # already finished or gone: nothing left to stop
                    pass

        yield from in_order(lambda batch: remote.remote(task, batch), ray.get, cancel,
                            arguments, batch_size(total, self._cpus, self.batch),
                            self._cpus * AHEAD)

    def close(self) -> None:
        """Stop the Ray this runner started (a cluster joined is left running)."""
        if self._started:
            self._ray.shutdown()
            self._started = False
