"""The solver's optional compiled fast path, and whether it is in use.

``_speedups`` (``_speedups.c``, built with the package when a C compiler is at hand) reads a
hand's card codes and solves the common hands by the same table look-ups as the pure-Python
solver, whose tables it is given: the same answers, in less time.  It answers only what the
tables settle alone and hands everything else back (an unusual token, a hand that needs the
search between sets), so every error and every search stays in Python.  The Python code is
the reference: tests hold the compiled answers to it, and it is what runs when the extension
was not built, or when ``GINRULES_PURE_PYTHON`` is set (to anything but ``0``) in the
environment before the rules are imported.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import TypeVar

_T = TypeVar("_T")


def pure_python_requested() -> bool:
    """Whether the environment asks for the pure-Python solver (``GINRULES_PURE_PYTHON`` set to
    anything but ``0``)."""
    return os.environ.get("GINRULES_PURE_PYTHON", "") not in ("", "0")


def _load() -> ModuleType | None:
    if pure_python_requested():
        return None
    try:
        # Imported by name: the compiled module has no stub for the type checker to read.
        return import_module("._speedups", __package__)
    except ImportError:
        return None


SPEEDUPS: ModuleType | None = _load()
"""The compiled module, or None when the pure-Python code runs alone."""

ACTIVE: bool = SPEEDUPS is not None
"""Whether the compiled fast path is in use."""


# The compiled core (GINRULES_COMPILE=1 at install; setup.py, and docs/performance.md "The
# rules core, compiled"): mypyc compiles the core's typed modules in place of the .py files of
# the same names.  A class
# that subclasses a builtin (``Card(int)``, the solver's ``Solution``) must stay an ordinary
# Python class under mypyc; ``mypyc_attr(native_class=False)`` says so to the compiler and does
# nothing at run time, so the pure-Python package needs no mypy_extensions.
try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pragma: no cover - mypy_extensions is installed wherever mypy is
    def mypyc_attr(*flags: str, **attrs: object) -> Callable[[_T], _T]:
        """The compiler's class attributes, ignored when running as plain Python."""
        return lambda cls: cls


def core_compiled() -> bool:
    """Whether the rules core runs compiled (its modules are extension modules)."""
    return not __file__.endswith(".py")


COMPILED: bool = core_compiled()
"""Whether this build of the rules core is compiled (mypyc) rather than plain Python."""
