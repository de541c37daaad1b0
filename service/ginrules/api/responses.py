"""Replies as HTTP responses: a 200 JSON body, or a problem (RFC 9457) with its status."""

from __future__ import annotations

from typing import Any

from flask import Response

from ..wire.jsontext import json_bytes
from ..wire.problems import PROBLEM_MEDIA_TYPE, ApiProblem


def json_response(body: Any) -> Response:
    """A 200 JSON reply in the documented field order (see :func:`~..wire.jsontext.json_bytes`)."""
    return Response(json_bytes(body), mimetype="application/json")


def problem_response(problem: ApiProblem) -> Response:
    """The problem+json response of a problem, with its status and headers."""
    response = Response(problem.body(), status=problem.status, mimetype=PROBLEM_MEDIA_TYPE)
    for name, value in problem.headers.items():
        response.headers[name] = value
    return response
