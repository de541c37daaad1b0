"""Shared fixtures and test settings.

Hypothesis runs a CI-sized number of examples by default; set GINRULES_HYPOTHESIS=long for a
longer search (``GINRULES_HYPOTHESIS=long pytest tests/core/hands/test_solver.py``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=20_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("GINRULES_HYPOTHESIS", "ci"))


# The HTTP app, and a test client that checks every response against openapi.yaml -----------

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
import yaml  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from jsonschema import Draft202012Validator  # noqa: E402
import json  # noqa: E402

from openapi_core import Config, OpenAPI  # noqa: E402
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse  # noqa: E402

from ginrules.api import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPEC_PATH = ROOT / "openapi.yaml"


def load_spec() -> dict:
    return yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


SPEC = load_spec()
# The test client's host and any loopback port the live-server tests use.
_TEST_SPEC = {**SPEC, "servers": [{"url": "http://localhost"}, {"url": "http://127.0.0.1:{port}",
                                   "variables": {"port": {"default": "8000"}}}]}
OPENAPI = OpenAPI.from_dict(
    _TEST_SPEC,
    config=Config(extra_media_type_deserializers={
        "application/problem+json": json.loads,
        "application/yaml": lambda data: data.decode("utf-8") if isinstance(data, bytes) else data,
        "text/html": lambda data: data.decode("utf-8") if isinstance(data, bytes) else data,
        "text/markdown": lambda data: data.decode("utf-8") if isinstance(data, bytes) else data,
        "image/svg+xml": lambda data: data.decode("utf-8") if isinstance(data, bytes) else data,
        "text/javascript": lambda data: data.decode("utf-8") if isinstance(data, bytes) else data,
    }),
)


def problem_schema_validator() -> Draft202012Validator:
    """A validator of the Problem schema, for replies to paths the contract does not list."""
    schema = {"$ref": "#/components/schemas/Problem", "components": SPEC["components"]}
    return Draft202012Validator(schema)


PROBLEM_VALIDATOR = problem_schema_validator()


class _RequestOfResponse(WerkzeugOpenAPIRequest):
    """The request a response answers; its body was read by the app, and is not needed here."""

    @property
    def body(self) -> bytes | None:
        return None
VALIDATED: list[str] = []
# The contract's paths as patterns: {name} is one path segment; /docs/ also covers its assets.
PATH_PATTERNS = [
    re.compile(re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path))
               + (".*" if path.endswith("/") else ""))
    for path in SPEC["paths"]
]


def check_against_contract(response) -> None:
    """Fail unless the response is what openapi.yaml documents for its request."""
    request = response.request
    documented = any(pattern.fullmatch(request.path) for pattern in PATH_PATTERNS)
    if response.status_code in (404, 405) or not documented:
        assert response.mimetype == "application/problem+json", response.data[:200]
        PROBLEM_VALIDATOR.validate(response.get_json())
        VALIDATED.append(f"{request.method} {request.path} {response.status_code}")
        return
    if request.path.startswith("/docs/") and request.path != "/docs/":
        return  # the bundled Swagger UI assets (scripts, styles) are not API replies
    OPENAPI.validate_response(_RequestOfResponse(request), WerkzeugOpenAPIResponse(response))
    VALIDATED.append(f"{request.method} {request.path} {response.status_code}")


class ContractClient(FlaskClient):
    """The Flask test client, checking each response against the contract."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        if not kwargs.get("follow_redirects") and 300 <= response.status_code < 400:
            return response
        check_against_contract(response)
        return response


@pytest.fixture(scope="session")
def app():
    application = create_app({"TESTING": True})
    application.test_client_class = ContractClient
    return application


@pytest.fixture
def client(app):
    return app.test_client()


# The real server (gunicorn via `ginrules serve`) on a free loopback port -------------------------

import os  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import requests  # noqa: E402

from testkit import free_port  # noqa: E402

SERVER_LOG: list = []


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """``ginrules serve`` on a free loopback port, stopped with SIGTERM afterwards."""
    port = free_port()
    # The server's logs go to a file: a pipe nobody reads would fill up and stall the server.
    log = tmp_path_factory.mktemp("server") / "server.log"
    SERVER_LOG.append(log)
    output = open(log, "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrules.cli", "serve", "--port", str(port), "--workers", "2"],
        stdout=output, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "GINRULES_ACCESS_LOG": "-"},
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            requests.get(base + "/healthz", timeout=1)
            break
        except requests.ConnectionError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"the server did not start: {log.read_text()[-2000:]}")
            time.sleep(0.1)
    yield base
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    finally:
        output.close()


