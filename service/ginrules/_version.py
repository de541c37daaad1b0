"""The version of ginrules, written in one place: the API contract's ``info.version``
(``openapi.yaml``, shipped in the package).  The package, ``ginrules --version``, ``/healthz``,
the served contract, the TypeScript client and the container image all read it from there."""

from __future__ import annotations

import re
from pathlib import Path

CONTRACT = Path(__file__).resolve().parent / "api" / "openapi.yaml"


def contract_version(text: str) -> str:
    """The ``info.version`` of an OpenAPI document's text (the first ``version`` under
    ``info``)."""
    match = re.search(r"^info:\n(?:[ \t].*\n)*?[ \t]+version:[ \t]*['\"]?([^'\"\s]+)", text,
                      re.MULTILINE)
    if match is None:
        raise RuntimeError("the contract (openapi.yaml) has no info.version")
    return match.group(1)


__version__: str = contract_version(CONTRACT.read_text(encoding="utf-8"))
