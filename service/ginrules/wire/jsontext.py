"""JSON text, read and written: a document read as strictly as a request body, and replies
encoded in their documented field order.  Transport-free: the HTTP layer and the command line
read and write through it alike."""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

from .problems import ApiProblem, FieldError

MAX_BODY_BYTES = 1 << 20
"""Largest request body accepted (1 MiB), and largest log ``ginrules replay`` reads as one."""
MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a request body may have."""
MAX_CONTAINERS = 50_000
"""Arrays and objects in one request body (``[`` and ``{`` anywhere in it): more than any
valid request of 1 MiB holds, few enough that parsing the body stays cheap in time and memory."""
MAX_MEMBERS = 100_000
"""Object members in one request body (``:`` anywhere in it), for the same reason."""
MAX_OBJECT_MEMBERS = 1000
"""Members of one object: no request object has more than a few dozen."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_INNERMOST = re.compile(rb"\[\]|\{\}")

class _DuplicateKey(ValueError):
    pass


class _TooManyMembers(ValueError):
    pass


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > MAX_OBJECT_MEMBERS:
        raise _TooManyMembers(f"an object of the body has more than {MAX_OBJECT_MEMBERS} members")
    # Built at C speed; a repeated key shows as a dict shorter than the pairs, and only then
    # are the keys gone through to name it.
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return result


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _too_deep(skeleton: bytes) -> bool:
    """Whether balanced brackets nest deeper than MAX_DEPTH: each pass removes the innermost
    pairs (C speed, no parsing); unbalanced ones are left for the parser to name."""
    for _ in range(MAX_DEPTH):
        skeleton = _INNERMOST.sub(b"", skeleton)
        if not skeleton:
            return False
    return _INNERMOST.search(skeleton) is not None


def _structure_fault(data: bytes) -> str | None:
    """What makes ``data`` too costly to parse, if anything, found without parsing: too many
    arrays and objects or members (counted anywhere, strings too), or too deep a nesting
    (brackets in strings do not count)."""
    opened = data.count(b"[") + data.count(b"{")
    if opened > MAX_CONTAINERS:
        return f"the body holds more than {MAX_CONTAINERS} arrays and objects"
    if data.count(b":") > MAX_MEMBERS:
        return f"the body holds more than {MAX_MEMBERS} object members"
    if opened > MAX_DEPTH and _too_deep(data.translate(None, _NOT_BRACKETS)):
        if _too_deep(_STRING.sub(b"", data).translate(None, _NOT_BRACKETS)):
            return f"the body nests arrays and objects deeper than {MAX_DEPTH} levels"
    return None


_DECODER = json.JSONDecoder(object_pairs_hook=_object_without_duplicates,
                            parse_constant=_reject_constant)
"""What ``json.loads`` with these hooks builds on every call, built once (it keeps no state)."""


def parse_json(data: bytes) -> Any:
    """A JSON document read as strictly as a request body (UTF-8 with no byte order mark, no
    repeated key, within the bounds of nesting and size above), or the 400 problem saying
    exactly what is wrong with it."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _malformed(f"the body is not valid UTF-8 (byte {error.start})") from None
    if text.startswith("\ufeff"):
        raise _malformed("the body starts with a byte order mark; send plain UTF-8 JSON")
    fault = _structure_fault(data)
    if fault:
        raise _malformed(fault)
    try:
        return _DECODER.decode(text)
    except _DuplicateKey as error:
        raise ApiProblem(
            400, "duplicate_key",
            f"the body has the key {str(error)[:40]!r} twice in one object; send it once",
            [FieldError("", "duplicate_key", f"duplicate key {str(error)[:40]!r}")],
        ) from None
    except _TooManyMembers as error:
        raise _malformed(str(error)) from None
    except json.JSONDecodeError as error:
        raise _malformed(f"the body is not JSON: {error.msg} at line {error.lineno} column "
                         f"{error.colno}") from None
    except (ValueError, RecursionError) as error:
        raise _malformed(f"the body is not acceptable JSON: {str(error)[:120]}") from None


def _malformed(detail: str) -> ApiProblem:
    return ApiProblem(400, "malformed_json", detail, [FieldError("", "malformed_json", detail)])


def json_bytes(body: Any) -> bytes:
    """A reply body as compact JSON, in the documented field order.

    Encoded by orjson, several times faster than the standard library on the analysis replies
    and with the same bytes for every reply of this API (strings, integers, booleans, null,
    arrays, objects with string keys; no reply holds a float).  What orjson refuses (an integer
    beyond 64 bits, a key that is not a string) the standard library encodes as before.
    """
    try:
        return orjson.dumps(body)
    except TypeError:
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def encoded(body: Any) -> orjson.Fragment:
    """Part of a reply, encoded now (see :func:`json_bytes`): orjson puts these bytes as they
    are in the reply that holds them.  A large reply built of encoded parts is encoded while
    each part is fresh in the processor's caches, and its parts' dicts and lists are freed at
    once instead of all staying alive until the whole reply is encoded."""
    return orjson.Fragment(json_bytes(body))
