"""Errors of the rules core: every one a ``ValueError`` with a stable machine ``code``.

Like python-chess, errors are split by kind (bad notation, impossible hand, bad rules) and
their messages show the offending input.  A single error may carry several ``problems`` so a
caller learns every fault of its input at once, not only the first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from difflib import get_close_matches


@dataclass(frozen=True)
class Problem:
    """One fault in an input: where it is (a path of keys/indexes), a stable code, a message."""

    path: tuple[str | int, ...]
    code: str
    detail: str
    rule: str | None = None


MAX_PROBLEMS = 100
"""Faults a parser reports for one value; past that it stops looking (the reply shows 100)."""


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` naming the known name closest to a client's misspelt one, or
    ``""`` when none is close: the same name in other letter case, a close spelling, or the
    one known name that starts with the same word (``knock`` for ``knock_limit``)."""
    if not isinstance(name, str) or not name or len(name) > 64:
        return ""
    names = list(known)
    lower = name.lower()
    found = [known_name for known_name in names if known_name.lower() == lower]
    found = found or get_close_matches(lower, names, n=1, cutoff=0.7)
    if not found and len(lower) >= 4:
        found = [known_name for known_name in names if known_name.startswith(lower[:4])]
        found = found if len(found) == 1 else []
    return f" (did you mean {found[0]!r}?)" if found and found[0] != name else ""


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
    """A game log that is not a well-formed ginrules-log/1 document (docs/gamelog.md)."""

    code = "invalid_log"


class InvalidMatchError(RulesError):
    """A match's round facts (``/v1/matches/score``) that cannot be scored: a fault of form,
    a winner who is not a player or not at the table, a round after the match is over (R-8,
    R-9)."""

    code = "invalid_match"


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


class InvalidDealRequestError(RulesError):
    """A deal request that cannot be dealt: unknown rules, the wrong players, a dealer or
    tables the variant does not allow (R-3.1, R-9)."""

    code = "invalid_deal_request"


# What a player's view says of a rule broken ------------------------------------------------

PRIVATE_DETAILS: dict[str, str] = {
    "round_over": "the round is over here; no such action may follow",
    "not_at_table": "this player is not playing this round",
    "not_your_turn": "it is not this player's turn",
    "must_pass_or_take_upcard": "on the first turn a player takes the upcard or passes",
    "must_draw": "the player must draw first",
    "must_discard": "the player has drawn and must discard or knock",
    "must_draw_from_stock": "both players passed the upcard: the non-dealer draws from the stock",
    "empty_stock": "the stock is empty",
    "empty_discard_pile": "the discard pile is empty",
    "wrong_stock_card": "this is not the next card of the stock",
    "missing_card": "without a stock in the log, a stock draw names its card",
    "card_already_seen": "this card cannot come from the stock",
    "wrong_discard_card": "this is not the top of the discard pile",
    "card_not_in_hand": "the card is not in the player's hand",
    "discard_not_in_hand": "the discard is not in the player's hand",
    "taken_card_discarded": "the card taken from the discard pile may not be discarded this turn",
    "deadwood_over_limit": "this knock leaves more deadwood than the knock limit",
    "not_big_gin": "big gin needs all eleven cards melded",
    "big_gin_not_played": "these rules do not play big gin",
    "meld_card_not_in_hand": "a meld card is not in the player's hand",
    "meld_card_discarded": "the discard cannot be in a meld",
    "duplicate_card": "a card appears twice",
    "wrong_hand_size": "a hand of the deal has the wrong number of cards",
    "layoffs_need_knocker_melds": "the knock declared no melds, so layoffs name no meld",
    "must_knock": "the last discard was taken at the wall: only a knock may follow",
    "must_pass_or_take_last_discard": "at the wall the player takes the last discard to knock, "
                                      "or passes",
    "take_without_knock": "at the wall the last discard may be taken only where a knock can "
                          "follow",
    "unknown_source": "a draw is from the stock or the discard pile",
    "game_over": "the game is over: no round may follow",
    "wrong_players": "these are not the players of this table",
    "wrong_stock_size": "the stock has the wrong number of cards",
    "known_card_missing": "a card the player is known to hold is missing",
    "taken_card_not_in_hand": "the card taken is not in the player's hand",
    "invalid_meld": "a declared meld is not a meld under these rules",
    "invalid_hand_size": "a spread has the wrong number of cards",
    "discard_with_big_gin": "big gin spreads all eleven cards without a discard",
    "declared_knock_could_be_gin": "the declared melds are scored as a knock, not as gin",
    "suboptimal_defense": "the declared spread is scored as declared, not as the best reply",
    "layoff_against_gin": "nothing may be laid off against gin",
    "invalid_card": "a card is not written in any accepted notation",
    "invalid_layoff": "a layoff is not a card and the index of a knocker meld",
    "invalid_layoffs": "layoffs are a list of cards and knocker meld indexes",
    "no_such_meld": "a layoff names no meld of the knocker",
    "layoff_card_not_in_hand": "a card laid off is not in the defender's hand",
    "layoff_card_used": "a card laid off is used twice",
    "layoff_does_not_fit": "a card laid off does not extend its meld",
    "upcard_required": "under Oklahoma the knock limit needs the upcard",
    "not_a_player": "this names no player of the game",
    "unknown_player": "this names no player of the game",
    "not_for_this_variant": "this variant does not take this field",
    "required_by_variant": "this variant needs this field",
    "invalid_roles": "the roles are not the box, the captain and the sitter",
    "invalid_teams": "the teams are not two pairs of the players",
    "wrong_dealer": "this player does not deal this round",
    "wrong_pairing": "the tables do not seat one player of each team",
}
"""Each code a replay's violation may carry, with what a player's view says of it: what is
wrong, naming no card and no count, which could be another player's hidden ones (docs/gamelog.md
``view``).  A test holds it complete: every code the engine, the deal check, the seating and
the showdown raise is here."""


UNSEEN_BY_THE_MOVER = frozenset({"wrong_stock_card", "card_already_seen"})
"""Faults of a player's own move whose full detail still names a card that player has not seen:
the next card of the stock, or a card dealt to another player.  In that player's view they keep
the words of :data:`PRIVATE_DETAILS` too."""


def private_detail(code: str, rule: str | None) -> str:
    """A violation's detail for a player's view: what is wrong, naming no card or count."""
    text = PRIVATE_DETAILS[code]
    return f"{text} ({rule})" if rule else text


def viewed_detail(problem: Problem, own_move: bool) -> str:
    """A violation's detail in a player's view (docs/gamelog.md ``view``): the full reason
    where it is about the viewer's own move (their own cards, melds and layoffs, and public
    ones), else :func:`private_detail`, which names no card and no count."""
    if own_move and problem.code not in UNSEEN_BY_THE_MOVER:
        return problem.detail
    return private_detail(problem.code, problem.rule)
