"""Errors of the rules core: every one a ``ValueError`` with a stable machine ``code``.

Like python-chess, errors are split by kind (bad notation, impossible hand, bad rules) and
their messages show the offending input.  A single error may carry several ``problems`` so a
caller learns every fault of its input at once, not only the first.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One fault in an input: where it is (a path of keys/indexes), a stable code, a message."""

    path: tuple[str | int, ...]
    code: str
    detail: str
    rule: str | None = None


MAX_PROBLEMS = 100
"""Faults a parser reports for one value; past that it stops looking (the reply shows 100)."""


class RulesError(ValueError):
    """Base of every error the rules core raises; ``code`` is stable, ``problems`` lists faults."""

    code = "rules_error"

    def __init__(self, detail: str, problems: list[Problem] | tuple[Problem, ...] = ()):
        super().__init__(detail)
        self.detail = detail
        self.problems: tuple[Problem, ...] = tuple(problems) or (Problem((), self.code, detail),)

    def prefixed(self, *prefix: str | int) -> "RulesError":
        """The same error with every problem path placed under ``prefix``."""
        error = type(self)(
            self.detail,
            [Problem(tuple(prefix) + p.path, p.code, p.detail, p.rule) for p in self.problems],
        )
        error.code = self.code
        return error


class InvalidCardError(RulesError):
    """A token that is not a card in any accepted notation (R-1.4)."""

    code = "invalid_card"


class InvalidHandError(RulesError):
    """A hand that cannot exist: duplicate cards, bad size (R-1.5)."""

    code = "invalid_hand"


class InvalidMeldError(RulesError):
    """Cards that do not form a set or a run (R-2.1, R-2.2)."""

    code = "invalid_meld"


class InvalidRulesError(RulesError):
    """An unknown preset or option, or an option value out of range (R-10)."""

    code = "invalid_rules"


class InvalidLogError(RulesError):
    """A game log that is not a well-formed ginrules-log/1 document (GAMELOG.md)."""

    code = "invalid_log"


class LogTooLargeError(RulesError):
    """A game log over the documented size limits."""

    code = "log_too_large"
