"""What the tests, the benchmarks and the conformance scripts share: the seeded game generator
(``testkit.generator``) and the exhaustive reference for melds and deadwood
(``testkit.reference``).

Not part of the package (a wheel holds ``ginrules`` alone): it is imported from a checkout,
whose root pytest puts on ``sys.path`` (``pythonpath`` in pyproject.toml) and each script of
bench/ and conformance/ puts first on it.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root, the checkout the tests and the scripts run in."""
