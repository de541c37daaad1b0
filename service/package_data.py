"""Files shipped inside the package: the conformance corpus and the rules texts.

In a source tree ``service/corpus`` and ``service/texts`` are links to the top-level
``conformance/`` and ``docs/`` folders; a wheel holds copies of their files.  Either way the
package reads them from here, so an installed wheel needs no checkout.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path


def _package_path(name: str) -> Path:
    return Path(str(resources.files(__package__).joinpath(name)))


def corpus_dir() -> Path:
    """The folder of the conformance case files (``*.json``) and their JSON Schema."""
    return _package_path("corpus")


@lru_cache(maxsize=None)
def text(name: str) -> str:
    """A document of ``docs/`` by file name, e.g. ``rules.md``."""
    return (_package_path("texts") / name).read_text(encoding="utf-8")
