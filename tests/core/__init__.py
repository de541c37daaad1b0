"""The rules core's tests; what several of them share."""

import pytest

from ginrules.rules import speedups

SOURCE_ONLY = pytest.mark.skipif(
    speedups.COMPILED,
    reason="patches a method of the engine: on the compiled build (.ci/compiled-check) the "
           "callers are compiled too and call the method directly, so the patch reaches none")
"""For a test that proves a rule has one home by changing it in place: the promise is the
source's, checked on the pure build."""
