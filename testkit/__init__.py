"""What the tests, the benchmarks and the conformance scripts share: the seeded game generator
(``testkit.generator``) and the exhaustive reference for melds and deadwood
(``testkit.reference``).

Not part of the package (a wheel holds ``ginrules`` alone): it is imported from a checkout,
whose root pytest puts on ``sys.path`` (``pythonpath`` in pyproject.toml) and each script of
bench/ and conformance/ puts first on it.
"""

import socket
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root, the checkout the tests and the scripts run in."""


def free_port() -> int:
    """A loopback port nobody listens on now (for a server, a Ray head, or a refused call)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
