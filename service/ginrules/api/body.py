"""Reading a request body: bounded in size and time whatever its framing, then read as strict
JSON by the codec (:func:`ginrules.wire.jsontext.parse_json`)."""

from __future__ import annotations

import contextlib
import functools
import os
from typing import Any, cast

from flask import Request
from werkzeug.exceptions import RequestEntityTooLarge

from ..wire.jsontext import parse_json
from ..wire.problems import ApiProblem, FieldError

try:  # gunicorn's faults in a request's framing (a bad chunk size, ...), when served by it
    from gunicorn.http.errors import ParseException as _FramingError
except ImportError:  # pragma: no cover - gunicorn is a dependency
    _FramingError = ValueError


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
    return cast("contextlib.AbstractContextManager[object]", timeout(_body_seconds(), _SlowBody))


@functools.cache
def _body_seconds() -> float:
    """``GINRULES_BODY_TIMEOUT``, read once a process (the environment is read as a whole
    Python object at each look-up: a microsecond of every request)."""
    return float(os.environ.get("GINRULES_BODY_TIMEOUT", "10"))


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


