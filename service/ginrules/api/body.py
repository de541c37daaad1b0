"""Reading a JSON request body strictly: nothing malformed, ambiguous or lost gets through."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
from typing import Any, cast

from flask import Request
from werkzeug.exceptions import RequestEntityTooLarge

from .problems import ApiProblem, FieldError

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

try:  # gunicorn's faults in a request's framing (a bad chunk size, ...), when served by it
    from gunicorn.http.errors import ParseException as _FramingError
except ImportError:  # pragma: no cover - gunicorn is a dependency
    _FramingError = ValueError


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


class _SlowBody(Exception):
    pass


@functools.cache
def _gevent() -> tuple[Any, Any]:
    """gevent's Timeout and monkey modules, looked up once; (None, None) without gevent."""
    try:
        from gevent import Timeout, monkey
    except ImportError:  # pragma: no cover - gevent comes with the server
        return None, None
    return Timeout, monkey


def _deadline() -> contextlib.AbstractContextManager[object]:
    """A deadline on reading the whole body (``GINRULES_BODY_TIMEOUT`` seconds, default 10),
    where the server's workers are gevent's: a client trickling its body would otherwise hold
    a connection for as long as it likes.  (A sync worker has gunicorn's own timeout.)"""
    timeout, monkey = _gevent()
    if monkey is None or not monkey.is_module_patched("socket"):
        return contextlib.nullcontext()
    # gevent's Timeout (gevent has no type information) is a context manager.
    return cast("contextlib.AbstractContextManager[object]",
                timeout(float(os.environ.get("GINRULES_BODY_TIMEOUT", "10")), _SlowBody))


def _content_length(request: Request) -> int | None:
    """The declared body length, as werkzeug reads it (None for a chunked body); a plain
    number is read straight from the environment, which costs less than werkzeug's parsing."""
    environ = request.environ
    declared = environ.get("CONTENT_LENGTH")
    if (declared and declared.isascii() and declared.isdigit()
            and "HTTP_TRANSFER_ENCODING" not in environ):
        return int(declared)
    return request.content_length


def read_body(request: Request) -> bytes:
    """The request body, at most ``MAX_CONTENT_LENGTH`` bytes whatever its framing.

    With a Content-Length, werkzeug refuses a larger body before reading it.  A chunked body
    is read here up to one byte past the limit: a larger one is a 413, never cut short.  A
    body whose framing is broken (a bad chunk size, a connection closed early) or that does
    not arrive within the deadline is a 400.
    """
    limit = request.max_content_length
    length = _content_length(request)
    environ = request.environ
    try:
        with _deadline():
            if (length is not None and limit is not None and length <= limit
                    and environ.get("wsgi.input_terminated")):
                # The server ends the stream at the Content-Length (gunicorn does): read it
                # at once, without werkzeug's wrappers, which cost more than parsing the body.
                return cast(bytes, environ["wsgi.input"].read(length))
            if length is not None or limit is None:
                return request.get_data(cache=True)
            stream = request.environ["wsgi.input"]
            chunks, size = [], 0
            while size <= limit:
                chunk = stream.read(min(1 << 16, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        if size > limit:
            raise RequestEntityTooLarge()
        return b"".join(chunks)
    except _SlowBody:
        detail = "the request body did not arrive in time; send it at once"
        raise ApiProblem(400, "body_timeout", detail,
                         [FieldError("", "body_timeout", detail)]) from None
    except (_FramingError, OSError, ValueError) as error:
        detail = "the request body could not be read: its framing is broken"
        name = type(error).__name__
        raise ApiProblem(400, "malformed_body", detail,
                         [FieldError("", "malformed_body", f"{detail} ({name})")]) from None


_DECODER = json.JSONDecoder(object_pairs_hook=_object_without_duplicates,
                            parse_constant=_reject_constant)
"""What ``json.loads`` with these hooks builds on every call, built once (it keeps no state)."""


def json_body(request: Request) -> Any:
    """The request's JSON body, or a 415/400 problem saying exactly what is wrong with it."""
    # Flask's ``request`` is a proxy that looks the request up on every attribute read: the
    # request itself is read here, once.
    request = getattr(request, "_get_current_object", lambda: request)()
    # The usual Content-Type, exactly, is known without parsing it.
    exact = request.environ.get("CONTENT_TYPE") == "application/json"
    mimetype = "application/json" if exact else request.mimetype
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
    return parse_json(read_body(request))


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
