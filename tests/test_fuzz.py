"""A property-based fuzzer driven by the contract (schemathesis): valid and invalid requests
alike must get a documented reply, never a server error.

Examples per operation: GINRULES_FUZZ_EXAMPLES (default 150); more for a longer hunt.
"""

from __future__ import annotations

import os

import schemathesis
from schemathesis.config import SchemathesisConfig
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.api import create_app

EXAMPLES = int(os.environ.get("GINRULES_FUZZ_EXAMPLES", "150"))

# A request over a documented size limit is refused with 413, which is a rejection too.
# The nested game-log schemas get valid data only: schemathesis cannot build invalid items for
# some of their arrays ("Cannot generate an array with 1 demanded elements"); invalid logs are
# covered by tests/test_replay.py and tests/test_api_games.py.
CONFIG = SchemathesisConfig.from_dict({
    "checks": {"negative_data_rejection": {"expected-statuses": [400, 404, 405, 413, 415, 422]}},
    "operations": [
        {"include-path-regex": "^/v1/(games/replay|matches/score)$",
         "generation": {"mode": "positive"}},
    ],
})
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", create_app(), config=CONFIG)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


@schema.exclude(path="/docs/").parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_breaks_the_contract(case):
    case.call_and_validate(checks=CHECKS)
