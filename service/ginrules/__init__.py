"""ginrules: the rules of Gin Rummy and its family, as a Python library and an HTTP API.

    >>> from ginrules import analyze
    >>> analyze("7S 8S 9S 7H 7D KC KD 2H 3C 4C").deadwood_count
    43

The rules core is :mod:`ginrules.rules` (standard library only): hands, knocks, layoffs,
scores, game logs, the table engine, hints and bots.  :class:`Client` calls a running server
and raises :class:`ProblemError` for an error reply (:mod:`ginrules.client`).  The command is
``ginrules`` (or ``python -m ginrules``): ``serve``, ``analyze``, ``conformance``, ``import``,
``selfplay``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:
    from .client import Client, ProblemError
    from .rules import analyze

__all__ = ["Client", "ProblemError", "__version__", "analyze"]

_LAZY = {"Client": "client", "ProblemError": "client", "analyze": "rules"}
"""Names read on first use, so that ``import ginrules`` stays light (the client brings requests,
the core its solver tables)."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ginrules' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
