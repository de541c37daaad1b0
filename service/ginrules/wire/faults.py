"""From core faults to problems: the one mapping of a fault to its problem and status, and a
collector that keeps every fault of a request at once, each placed at its pointer.

A fault of form (a missing field, a value of the wrong type, an unknown field) is a 400; a
well-formed input whose meaning the rules refuse (an impossible hand, a rule broken) is a 422;
a log over the documented size limits is a 413 (docs/gamelog.md).  Every part of the edge (the HTTP
routes, ``ginrules replay``, ``ginrules import``) asks :func:`problem_of`, never decides a
status itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..rules import RulesError, effective_knock_limit, parse_card, resolve_rules
from ..rules.base.cards import Card
from ..rules.base.options import Rules
from ..rules.errors import (GameStateError, InvalidLogError, LogTooLargeError, RuleBroken,
                            UnknownBotError)
from .problems import ApiProblem, FieldError, field_errors, unprocessable

T = TypeVar("T")

SHAPE_CODES = frozenset({"wrong_type", "required", "unknown_field", "unknown_action",
                         "invalid_value", "null_not_allowed", "too_many_items", "not_with_view"})
"""The codes of faults of form: a request with any of them is a 400 (``invalid_request``)."""


def problem_of(error: RulesError, *prefix: str | int) -> ApiProblem:
    """The problem a core fault answers, its paths placed under ``prefix`` (the part of the
    request that was read: ``log`` for the log of a bot's request).

    - a log over the size limits: 413, its own code;
    - a bot's name that names no bot: 404;
    - any fault of form (:data:`SHAPE_CODES`): 400 ``invalid_request``;
    - a log that is not a game log, or one that breaks a rule where a valid log is needed
      (a bot's or a hint's): 422 ``invalid_log``;
    - a request the state of the game does not allow: 422, its own code;
    - anything else: 422 naming the code its faults share (``unprocessable_request`` if
      several).
    """
    errors = field_errors(error.problems, *prefix)
    if isinstance(error, LogTooLargeError):
        return ApiProblem(413, error.code, error.detail, errors)
    if isinstance(error, UnknownBotError):
        return ApiProblem(404, error.code, error.detail, errors)
    if any(e.code in SHAPE_CODES for e in errors):
        return ApiProblem(400, "invalid_request", error.detail, errors)
    if isinstance(error, InvalidLogError):
        return ApiProblem(422, "invalid_log", error.detail, errors)
    if isinstance(error, RuleBroken) and prefix:
        detail = f"the log breaks a rule at {errors[0].pointer}: {error.detail}"
        return ApiProblem(422, "invalid_log", detail, errors)
    if isinstance(error, GameStateError):
        return ApiProblem(422, error.code, error.detail, errors)
    return unprocessable(errors)


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
