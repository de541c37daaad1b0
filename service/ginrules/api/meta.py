"""Service endpoints outside ``/v1``: health, the OpenAPI contract and its interactive docs."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from flask import Blueprint, Response, jsonify

from .._version import __version__
from ..rules import speedups
from ..rules.hands.solver import cache_info

meta = Blueprint("meta", __name__)


def service_version() -> str:
    """The package's version (written once, in the contract: see _version.py)."""
    return __version__


@lru_cache(maxsize=1)
def openapi_text() -> str:
    """The OpenAPI contract (openapi.yaml), as shipped with the package."""
    return resources.files(__package__).joinpath("openapi.yaml").read_text(encoding="utf-8")


@meta.get("/healthz")
def healthz() -> Response:
    """Liveness: the process answers; also the version, the solver cache's counters and
    whether the solver's compiled fast path is in use."""
    return jsonify({"status": "ok", "version": service_version(), "solver_cache": cache_info(),
                    "solver_compiled": speedups.ACTIVE})


@meta.get("/openapi.yaml")
def openapi_yaml() -> Response:
    """The contract itself."""
    return Response(openapi_text(), mimetype="application/yaml")
