"""The contract itself: a valid OpenAPI 3.1 document, with an example for every operation."""

from __future__ import annotations

from openapi_spec_validator import validate

from tests.conftest import ROOT, SPEC


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
                replies = responses["200"]["content"].values()  # JSON, or a picture
                assert any(reply.get("examples") for reply in replies), f"{method} {path}"
                for status in ("400", "413", "415", "422"):
                    assert status in responses, f"{method} {path} lacks {status}"


def test_the_package_serves_the_same_contract():
    shipped = ROOT / "service" / "ginrules" / "api" / "openapi.yaml"
    assert shipped.read_bytes() == (ROOT / "openapi.yaml").read_bytes()


# What code generators need (openapi-typescript, and the like for mobile clients) ---------------

def _schemas(node, pointer=""):
    """Every schema object of the contract with its JSON Pointer (examples left out)."""
    if isinstance(node, dict):
        if "type" in node or "$ref" in node or "oneOf" in node or "allOf" in node:
            yield pointer, node
        for key, value in node.items():
            if key not in ("example", "examples"):
                yield from _schemas(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _schemas(value, f"{pointer}/{index}")


def test_every_array_of_the_contract_says_what_its_items_are():
    untyped = [pointer for pointer, schema in _schemas(SPEC)
               if "array" in _types(schema) and not _is_schema(schema.get("items"))]
    assert untyped == []


def test_every_object_of_the_contract_lists_its_properties_or_their_type():
    bare = [pointer for pointer, schema in _schemas(SPEC)
            if _types(schema) == ["object"] and not schema.get("properties")
            and not _is_schema(schema.get("additionalProperties"))]
    assert bare == []


def test_no_property_carries_a_default_beside_it():
    # openapi-typescript (by default) and others read a property's `default` as "always
    # present", which makes it required in a request: the default lives in the referenced schema.
    beside = [f"{pointer}/properties/{name}" for pointer, schema in _schemas(SPEC)
              for name, prop in (schema.get("properties") or {}).items()
              if isinstance(prop, dict) and "default" in prop]
    assert beside == []
    defaulted = SPEC["components"]["schemas"]["AllArrangements"]
    assert defaulted["default"] is False


def _types(schema) -> list:
    kind = schema.get("type", [])
    return [kind] if isinstance(kind, str) else list(kind)


def _is_schema(value) -> bool:
    """A schema that says what its values are (a description alone says nothing to a generator)."""
    return isinstance(value, dict) and any(
        key in value for key in ("type", "$ref", "oneOf", "anyOf", "allOf", "const", "enum"))
