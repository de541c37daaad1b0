"""The build's steps that pyproject.toml cannot say: the optional compiled parts.

``service/ginrules/rules/_speedups.c``, the solver's fast path, is built when a C compiler and
Python's headers are at hand.  Where they are not, the build goes on without it (``optional``)
and the package runs on the pure-Python solver, which gives the same answers (it is the
reference the compiled code is tested against).  Set ``GINRULES_PURE_PYTHON=1`` to build
without it on purpose.

``GINRULES_COMPILE=1`` also compiles the rules core's own modules with mypyc (``GINRULES_COMPILE=1
pip install .``; the build asks for mypy, which brings mypyc, and needs a C compiler).  Each
compiled module replaces the ``.py`` module of the same name; the ``.py`` files are
shipped too, and nothing loads the compiled ones but Python's own import.  Without it the
package is pure Python, as the sdist installs everywhere.
"""

import os

from setuptools import Extension, setup

COMPILED = [
    # The rules core's hot layers: cards, melds, solver, knock, layoffs, scoring, the table
    # engine, the matches' bookkeeping, the players that play through it (playouts, policy,
    # bots, hints, self-play), the game in progress they play and the replay of a log.  Left
    # as Python: errors.py (its exception classes set ``code`` per class), table/moves.py (the
    # moves' constructors and comparisons are patched onto named tuples, which compiled
    # functions cannot be) and what runs once per command (arena, calibration, sequential
    # tests, the edge).
    "service/ginrules/rules/speedups.py",
    "service/ginrules/rules/base/",
    "service/ginrules/rules/hands/",
    "service/ginrules/rules/match/",
    "service/ginrules/rules/table/dealing.py",
    "service/ginrules/rules/table/engine.py",
    "service/ginrules/rules/table/shuffle.py",
    "service/ginrules/rules/table/views.py",
    "service/ginrules/rules/players/bots.py",
    "service/ginrules/rules/players/estimates.py",
    "service/ginrules/rules/players/heuristic.py",
    "service/ginrules/rules/players/hints.py",
    "service/ginrules/rules/players/knowledge.py",
    "service/ginrules/rules/players/playouts.py",
    "service/ginrules/rules/players/selfplay.py",
    "service/ginrules/rules/documents/gamelog.py",
    "service/ginrules/rules/documents/made.py",
    "service/ginrules/rules/usecases/progress.py",
    "service/ginrules/rules/usecases/replay.py",
]


def flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


extensions = []
build_requires = []
if not flag("GINRULES_PURE_PYTHON"):
    extensions.append(Extension(
        "ginrules.rules._speedups", ["service/ginrules/rules/_speedups.c"], optional=True))
if flag("GINRULES_COMPILE"):
    build_requires.append("mypy>=1.10")
    try:
        from mypyc.build import mypycify
    except ImportError:
        # The build's first pass, which only asks what to install (setup_requires); .ci/
        # compiled-check holds a compiled wheel to hold compiled modules.
        pass
    else:
        # The modules the core imports are read for their types, their own faults not
        # reported (the test suite runs mypy --strict on the whole package; the build's
        # environment has no type stubs for the edge's libraries).
        extensions += mypycify(["--follow-imports=silent", *COMPILED], opt_level="3",
                               group_name="ginrules_core")

setup(ext_modules=extensions, setup_requires=build_requires)
