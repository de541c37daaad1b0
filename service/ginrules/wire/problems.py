"""Problem details (RFC 9457): the one shape of every error the API returns, and of every
refusal ``ginrules replay`` reports.

Every problem has a stable ``code`` (also the last part of its ``type`` URI) and ``errors``:
``{pointer, code, detail}`` entries, where ``pointer`` is a JSON Pointer (RFC 6901) into the
request body (``""`` for the body itself).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from ..rules.errors import Problem

PROBLEM_TYPE = "urn:ginrules:problem:"
MAX_ERRORS = 100
"""Faults listed in one problem; a request with more gets a last entry counting the rest."""
PROBLEM_MEDIA_TYPE = "application/problem+json"
RULES_PAGE = "/rules"
"""The rules page (docs/rules.md, served by ginrules.api.texts): one anchor per rule id."""


def rule_url(rule: str) -> str:
    """The relative link to a rule on the rules page, e.g. ``/rules#R-4.3``."""
    return f"{RULES_PAGE}#{rule}"


MAX_TEXT = 200
"""Characters of a pointer shown: a client's long key is named, not repeated in full."""
MAX_DETAIL = 400
"""Characters of a fault's detail: room for the list of every option or field there is (the
client's own values in it are cut shorter where they are quoted)."""
MAX_SUMMARY = 1000
"""Characters of a problem's own ``detail`` (a summary of its first faults)."""


def clipped(text: str, limit: int = MAX_TEXT) -> str:
    """``text``, cut to ``limit`` characters (ending in ``...`` when cut)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def json_pointer(path: Sequence[str | int]) -> str:
    """The JSON Pointer (RFC 6901) of a path of object keys and array indexes."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


@dataclass(frozen=True)
class FieldError:
    """One fault in a request: where (a JSON Pointer), a stable code, a human detail."""

    pointer: str
    code: str
    detail: str
    rule: str | None = None

    def as_json(self) -> dict[str, str]:
        body = {"pointer": clipped(self.pointer), "code": self.code,
                "detail": clipped(self.detail, MAX_DETAIL)}
        if self.rule:
            body["rule"] = self.rule
            body["rule_url"] = rule_url(self.rule)
        return body


def field_errors(problems: Iterable[Problem], *prefix: str | int) -> list[FieldError]:
    """Core problems as field errors, their paths placed under ``prefix``."""
    return [
        FieldError(json_pointer(prefix + tuple(p.path)), p.code, p.detail, p.rule)
        for p in problems
    ]


@dataclass
class ApiProblem(Exception):
    """An error reply: HTTP status, stable code, summary and the individual faults."""

    status: int
    code: str
    detail: str
    errors: list[FieldError] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)

    def as_json(self, max_errors: int = MAX_ERRORS) -> dict[str, Any]:
        """The problem as JSON, listing at most ``max_errors`` faults (and a count of the rest)."""
        errors = self.errors
        if len(errors) > max_errors:
            hidden = len(errors) - max_errors
            errors = errors[:max_errors] + [FieldError(
                "", "too_many_errors", f"{hidden} more faults are not listed")]
        return {
            "type": PROBLEM_TYPE + self.code,
            "title": HTTPStatus(self.status).phrase,
            "status": self.status,
            "code": self.code,
            "detail": clipped(self.detail, MAX_SUMMARY),
            "errors": [e.as_json() for e in errors],
        }

    def body(self) -> bytes:
        """The problem+json body (RFC 9457), compact UTF-8."""
        return json.dumps(self.as_json(), ensure_ascii=False, separators=(",", ":")).encode()


def unprocessable(errors: list[FieldError]) -> ApiProblem:
    """A 422 for a request that is well-formed but names an impossible hand, rules, ..."""
    codes = {e.code for e in errors}
    code = codes.pop() if len(codes) == 1 else "unprocessable_request"
    detail = "; ".join(f"{clipped(e.pointer) or '/'}: {clipped(e.detail)}" for e in errors[:5])
    if len(errors) > 5:
        detail += f"; and {len(errors) - 5} more"
    return ApiProblem(422, code, detail, errors)
