"""Files shipped inside the package: the conformance cases, the documents, the example logs.

In a source tree the package's ``data/conformance``, ``data/docs`` and ``data/examples`` are
links to the top-level ``conformance/``, ``docs/`` and ``examples/`` folders (one name for each,
in the repository and in the package); a wheel holds copies of their files.  Either way the
package reads them from here, so an installed wheel needs no checkout.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path


def _package_path(name: str) -> Path:
    return Path(str(resources.files(__package__).joinpath("data", name)))


def conformance_dir() -> Path:
    """The folder of the conformance case files (``*.json``) and their JSON Schema."""
    return _package_path("conformance")


@lru_cache(maxsize=None)
def text(name: str) -> str:
    """A document of ``docs/`` by file name, e.g. ``rules.md``."""
    return (_package_path("docs") / name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def picture(name: str) -> bytes | None:
    """A picture shipped beside the documents, by its path inside ``docs/``
    (``calibration/advisor-simple.svg``); None when no such file is shipped."""
    folder = _package_path("docs")
    path = (folder / name).resolve()
    if not path.is_relative_to(folder.resolve()) or not path.is_file():
        return None
    return path.read_bytes()


@lru_cache(maxsize=None)
def example_logs() -> dict[str, object]:
    """The example game logs of ``examples/`` by name (``game`` for ``game.json``)."""
    import json

    folder = _package_path("examples")
    return {path.stem: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(folder.glob("*.json"))}
