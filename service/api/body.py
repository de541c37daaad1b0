"""Reading a JSON request body strictly: nothing malformed, ambiguous or lost gets through."""

from __future__ import annotations

import json
from typing import Any

from flask import Request

from .problems import ApiProblem, FieldError

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a request body may have."""


class _DuplicateKey(ValueError):
    pass


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _depth_exceeds(data: bytes, limit: int) -> bool:
    """Whether brackets nest deeper than ``limit`` (strings are skipped), without parsing."""
    depth = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def json_body(request: Request) -> Any:
    """The request's JSON body, or a 415/400 problem saying exactly what is wrong with it."""
    mimetype = request.mimetype
    if mimetype != "application/json" and not (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    ):
        shown = request.content_type or "none"
        raise ApiProblem(
            415,
            "unsupported_media_type",
            f"the request body must be JSON sent as Content-Type: application/json, got {shown}",
            [FieldError("", "unsupported_media_type", f"Content-Type {shown} is not JSON")],
        )
    data = request.get_data(cache=True)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _malformed(f"the body is not valid UTF-8 (byte {error.start})") from None
    if text.startswith("\ufeff"):
        raise _malformed("the body starts with a byte order mark; send plain UTF-8 JSON")
    # Counting brackets is cheap; the nesting scan runs only when the count could exceed the limit.
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH and _depth_exceeds(data, MAX_DEPTH):
        raise _malformed(f"the body nests arrays and objects deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(
            text, object_pairs_hook=_object_without_duplicates, parse_constant=_reject_constant
        )
    except _DuplicateKey as error:
        raise ApiProblem(
            400, "duplicate_key",
            f"the body has the key {str(error)[:40]!r} twice in one object; send it once",
            [FieldError("", "duplicate_key", f"duplicate key {str(error)[:40]!r}")],
        ) from None
    except json.JSONDecodeError as error:
        raise _malformed(f"the body is not JSON: {error.msg} at line {error.lineno} column "
                         f"{error.colno}") from None
    except (ValueError, RecursionError) as error:
        raise _malformed(f"the body is not acceptable JSON: {str(error)[:120]}") from None


def _malformed(detail: str) -> ApiProblem:
    return ApiProblem(400, "malformed_json", detail, [FieldError("", "malformed_json", detail)])
