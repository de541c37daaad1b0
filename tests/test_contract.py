"""The contract itself: a valid OpenAPI 3.1 document, with an example for every operation."""

from __future__ import annotations

from openapi_spec_validator import validate

from .conftest import ROOT, SPEC


def test_openapi_yaml_is_a_valid_openapi_3_1_document():
    assert SPEC["openapi"].startswith("3.1")
    validate(SPEC)


def test_every_operation_documents_its_success_and_error_replies_with_examples():
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation["responses"]
            assert "200" in responses, f"{method} {path}"
            assert "405" in responses, f"{method} {path}"
            if method == "post":
                body = operation["requestBody"]["content"]["application/json"]
                assert body.get("examples"), f"{method} {path} has no request example"
                assert responses["200"]["content"]["application/json"].get("examples")
                for status in ("400", "413", "415", "422"):
                    assert status in responses, f"{method} {path} lacks {status}"


def test_the_package_serves_the_same_contract():
    shipped = ROOT / "service" / "api" / "openapi.yaml"
    assert shipped.read_bytes() == (ROOT / "openapi.yaml").read_bytes()
