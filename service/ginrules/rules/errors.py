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


class RuleBroken(RulesError):
    """A rule broken by one action or one deal: one problem with its code, rule and reason.

    ``path`` is where the fault is, relative to what was checked (a deal's ``hands``, a
    knock's ``discard``); :meth:`prefixed` places it in a larger document."""

    code = "rule_broken"

    def __init__(self, code: str, rule: str | None, detail: str,
                 path: tuple[str | int, ...] = ()) -> None:
        super().__init__(detail, [Problem(tuple(path), code, detail, rule)])
        self.code = code
        self.rule = rule

    @property
    def problem(self) -> Problem:
        return self.problems[0]

    def prefixed(self, *prefix: str | int) -> "RuleBroken":
        problem = self.problems[0]
        return type(self)(self.code, self.rule, self.detail, tuple(prefix) + problem.path)


class IllegalMove(RuleBroken):
    """A move the rules do not allow where the deal stands (R-4 to R-6)."""

    code = "illegal_move"


class IllegalDeal(RuleBroken):
    """Cards that are not a deal: a card twice (R-1.5), hands or a stock of the wrong size
    (R-3.1), hidden cards that do not fit a player's view."""

    code = "illegal_deal"


class GameStateError(RulesError):
    """A request the state of a game in progress does not allow: no deal in progress, a
    player who is not at the table or not to move, a game that is over (R-4.4, R-8.1)."""

    code = "game_state"

    def __init__(self, code: str, rule: str | None, detail: str,
                 path: tuple[str | int, ...] = ()) -> None:
        super().__init__(detail, [Problem(tuple(path), code, detail, rule)])
        self.code = code
        self.rule = rule


class InvalidImportError(RulesError):
    """An OpenSpiel action sequence this service cannot import: a number OpenSpiel would not
    accept where it stands, or parameters out of range."""

    code = "invalid_import"


class UnknownBotError(RulesError):
    """A bot name that names no bot."""

    code = "unknown_bot"
