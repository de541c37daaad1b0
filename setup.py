"""The build's one step that pyproject.toml cannot say: the solver's optional compiled fast path.

``service/ginrules/rules/_speedups.c`` is built when a C compiler and Python's headers are at
hand.
Where they are not, the build goes on without it (``optional``) and the package runs on the
pure-Python solver, which gives the same answers (it is the reference the compiled code is
tested against).  Set ``GINRULES_PURE_PYTHON=1`` to build without it on purpose.
"""

import os

from setuptools import Extension, setup

extensions = []
if os.environ.get("GINRULES_PURE_PYTHON", "") in ("", "0"):
    extensions.append(Extension(
        "ginrules.rules._speedups", ["service/ginrules/rules/_speedups.c"], optional=True))

setup(ext_modules=extensions)
