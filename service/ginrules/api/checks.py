"""Turning request values into core values, collecting every fault of a request at once."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import orjson
from flask import Response

from ..rules import RulesError, effective_knock_limit, parse_card, resolve_rules
from ..rules.base.cards import Card
from ..rules.base.options import Rules
from .problems import FieldError, field_errors, unprocessable

T = TypeVar("T")


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


def json_response(body: Any) -> Response:
    """A 200 JSON reply (see :func:`json_bytes`)."""
    return Response(json_bytes(body), mimetype="application/json")


def encoded(body: Any) -> orjson.Fragment:
    """Part of a reply, encoded now (see :func:`json_bytes`): orjson puts these bytes as they
    are in the reply that holds them.  A large reply built of encoded parts is encoded while
    each part is fresh in the processor's caches, and its parts' dicts and lists are freed at
    once instead of all staying alive until the whole reply is encoded."""
    return orjson.Fragment(json_bytes(body))


class Faults:
    """Runs core parsers on parts of a request and keeps every fault, placed at its pointer."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def take(self, at: tuple[str | int, ...], parse: Callable[..., T], *args: Any) -> T | None:
        """``parse(*args)``, or None with its problems recorded under ``at``."""
        try:
            return parse(*args)
        except RulesError as error:
            self.errors += field_errors(error.problems, *at)
            return None

    def card(self, data: dict[str, Any], name: str) -> Card | None:
        """The optional card field ``name``, parsed (R-1.4)."""
        return None if data.get(name) is None else self.take((name,), parse_card, data[name])

    def rules_and_limit(
            self, data: dict[str, Any]) -> tuple[Rules | None, Card | None, int | None]:
        """The request's rules (R-10), upcard and the knock limit they give (R-5.1, R-5.6)."""
        rules = self.take(("rules",), resolve_rules, data.get("rules"))
        upcard = self.card(data, "upcard")
        limit = None
        if rules is not None and (data.get("upcard") is None or upcard is not None):
            limit = self.take((), effective_knock_limit, rules, upcard)
        return rules, upcard, limit

    def check(self) -> None:
        """Raise the 422 problem listing every fault, if there is any."""
        if self.errors:
            raise unprocessable(self.errors)
