"""The project's scripts (bench/, conformance/) loaded as modules, for the tests of them; and
the tests' own child processes made interruptible as a terminal's are."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str, name: str, *, register: bool = False) -> types.ModuleType:
    """The script at ``relative`` (to the repository) as the module ``name``; ``register``
    puts it in ``sys.modules`` (unless a module of that name is there), as a script needs
    whose functions are pickled by name for worker processes."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        module = sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


def interruptible() -> None:
    """A child process's SIGINT as a terminal's Ctrl-C finds it (``preexec_fn``): a runner
    started in the background (``.ci/run &`` in a script) hands its children SIGINT ignored,
    and Python then keeps it ignored, so a test that interrupts its child would wait on it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
