"""Reading a game log (ginrules-log/1, GAMELOG.md) into typed values, before any rule is checked.

Faults of form (a missing field, a wrong type, an unknown card code, an unknown action) raise
:class:`InvalidLogError` listing each with its path; rule violations are the replay's business
(replay.py).  Sizes are bounded so that no log can make a replay run long.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card, bad_card_detail, card_or_none, describe_token
from .engine import Discard, Draw, Move, Pass
from .errors import InvalidLogError, InvalidMeldError, LogTooLargeError, Problem
from .layoffs import Layoff, parse_layoffs
from .matches import PLAYERS_BY_VARIANT, read_header  # noqa: F401 - re-exported
from .variants import Rules

FORMAT = "ginrules-log/1"
MAX_ROUNDS = 500
"""Rounds (deals) in one log; a two-player game to 100 needs far fewer."""
MAX_ACTIONS = 200
"""Actions in one round; a round ends by the wall after at most about 70."""
ACTIONS = ("pass", "draw", "discard", "knock", "lay_down")

_MISSING = object()


@dataclass(frozen=True)
class Action:
    """A knock or a lay_down as the log gives it (GAMELOG.md): its melds as sent, read into
    the engine's move when it is played; a knock's ``discard`` is None for big gin."""

    player: str
    action: str
    source: str | None = None
    card: Card | None = None
    discard: Card | None = None
    melds: list | None = None
    """Declared melds as sent (card codes checked); whether they are melds is a rule (R-2)."""
    layoffs: tuple[Layoff, ...] | None = None


@dataclass(frozen=True)
class Table:
    """One two-player deal: dealer, the two hands, the upcard, the stock (if given), actions."""

    dealer: str
    hands: dict[str, tuple[Card, ...]]
    upcard: Card
    stock: tuple[Card, ...] | None
    actions: tuple[Move | Action, ...]
    """The engine's moves, and knocks and lay_downs with their melds as sent."""


@dataclass(frozen=True)
class GameLog:
    """A log read into typed values; a partnership round is a tuple of two tables."""

    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[Table | tuple[Table, Table], ...]
    roles: dict[str, str] | None = None
    teams: list[list[str]] | None = None


class _Reader:
    """Collects every fault of form, each with its path into the log."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fault(self, path: tuple[str | int, ...], code: str, detail: str) -> None:
        self.problems.append(Problem(path, code, detail))

    def field(self, obj: Mapping, name: str, path: tuple, kind: type | tuple, *,
              required: bool = True, what: str = "") -> Any:
        value = obj.get(name, _MISSING)
        if value is _MISSING:
            if required:
                self.fault(path + (name,), "required", f"{name} is required")
            return None
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            self.fault(path + (name,), "wrong_type",
                       f"{name} must be {what or _kind_name(kind)}, got {describe_token(value)}")
            return None
        return value

    def card(self, value: Any, path: tuple) -> Card | None:
        card = card_or_none(value)
        if card is None:
            self.fault(path, "invalid_card", bad_card_detail(value))
        return card

    def cards(self, values: Any, path: tuple) -> tuple[Card, ...] | None:
        if not isinstance(values, list):
            self.fault(path, "wrong_type", f"expected a list of card codes, got "
                                           f"{describe_token(values)}")
            return None
        cards = [self.card(v, path + (i,)) for i, v in enumerate(values)]
        return None if None in cards else tuple(cards)

    def unknown_fields(self, obj: Mapping, allowed: set[str], path: tuple) -> None:
        for name in obj:
            if name not in allowed:
                self.fault(path + (name,), "unknown_field", f"unknown field {name!r}")


def _kind_name(kind: type | tuple) -> str:
    names = {str: "a string", list: "a list", dict: "an object", int: "an integer",
             bool: "a boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def read_log(document: Any) -> GameLog:
    """The game log as typed values; every fault of form at once (:class:`InvalidLogError`)."""
    if not isinstance(document, Mapping):
        raise InvalidLogError("a game log is a JSON object",
                              [Problem((), "wrong_type", "a game log is a JSON object")])
    reader = _Reader()
    reader.unknown_fields(document, {"format", "rules", "players", "rounds", "teams", "roles",
                                     "view"}, ())
    fmt = reader.field(document, "format", (), str, required=False)
    if fmt is not None and fmt != FORMAT:
        reader.fault(("format",), "unknown_format", f"format must be {FORMAT!r}, got {fmt[:40]!r}")
    rules, players = read_header(document, reader.problems)
    partnership = rules is not None and rules.variant == "partnership"
    rounds_value = reader.field(document, "rounds", (), list)
    rounds: list[Table] = []
    if rounds_value is not None:
        if len(rounds_value) > MAX_ROUNDS:
            raise LogTooLargeError(f"a log holds at most {MAX_ROUNDS} rounds, got "
                                   f"{len(rounds_value)}",
                                   [Problem(("rounds",), "log_too_large",
                                            f"at most {MAX_ROUNDS} rounds")])
        for index, value in enumerate(rounds_value):
            path = ("rounds", index)
            if partnership:
                tables = value.get("tables") if isinstance(value, Mapping) else None
                if not isinstance(tables, list) or len(tables) != 2 or set(value) != {"tables"}:
                    reader.fault(path, "wrong_type",
                                 'a partnership round is {"tables": [table, table]}')
                    continue
                pair = [_read_table(reader, t, path + ("tables", i)) for i, t in enumerate(tables)]
                if None not in pair:
                    rounds.append(tuple(pair))
                continue
            table = _read_table(reader, value, path)
            if table is not None:
                rounds.append(table)
    if reader.problems:
        raise InvalidLogError("; ".join(p.detail for p in reader.problems[:20]), reader.problems)
    return GameLog(rules, tuple(players), tuple(rounds), document.get("roles"),
                   document.get("teams"))


def _read_table(reader: _Reader, value: Any, path: tuple) -> Table | None:
    if not isinstance(value, Mapping):
        reader.fault(path, "wrong_type", "a round is an object (dealer, hands, upcard, actions)")
        return None
    before = len(reader.problems)
    reader.unknown_fields(value, {"dealer", "hands", "upcard", "stock", "actions"}, path)
    dealer = reader.field(value, "dealer", path, str)
    hands_value = reader.field(value, "hands", path, dict)
    hands: dict[str, tuple[Card, ...]] = {}
    if hands_value is not None:
        for player, cards in hands_value.items():
            parsed = reader.cards(cards, path + ("hands", player))
            if parsed is not None:
                hands[player] = parsed
    upcard = None
    if "upcard" not in value:
        reader.fault(path + ("upcard",), "required", "upcard is required")
    else:
        upcard = reader.card(value["upcard"], path + ("upcard",))
    stock = None
    if value.get("stock") is not None:
        stock = reader.cards(value["stock"], path + ("stock",))
    actions_value = reader.field(value, "actions", path, list)
    actions: list[Move | Action] = []
    if actions_value is not None:
        if len(actions_value) > MAX_ACTIONS:
            raise LogTooLargeError(
                f"a round holds at most {MAX_ACTIONS} actions, got {len(actions_value)}",
                [Problem(path + ("actions",), "log_too_large", f"at most {MAX_ACTIONS} actions")])
        for index, item in enumerate(actions_value):
            action = _read_action(reader, item, path + ("actions", index))
            if action is not None:
                actions.append(action)
    if len(reader.problems) > before:
        return None
    return Table(dealer, hands, upcard, stock, tuple(actions))


_ACTION_FIELDS = {
    "pass": set(),
    "draw": {"source", "card"},
    "discard": {"card"},
    "knock": {"discard", "melds"},
    "lay_down": {"melds", "layoffs"},
}


def _read_action(reader: _Reader, item: Any, path: tuple) -> Move | Action | None:
    """One action: the engine's move for a pass, a draw or a discard; a knock or a lay_down
    keeps its melds as sent, since whether they are melds is a rule checked in play (R-2)."""
    if type(item) is dict:
        move = _plain_move(item)
        if move is not None:
            return move
    return _read_action_fully(reader, item, path)


def _plain_move(item: dict) -> Move | None:
    """The usual shapes of a pass, a draw or a discard, read at once; None for anything else,
    which the full reading reads or explains."""
    player = item.get("player")
    if type(player) is not str:
        return None
    kind = item.get("action")
    size = len(item)
    if kind == "discard":
        if size == 3:
            card = card_or_none(item.get("card"))
            if card is not None:
                return Discard(player, card)
    elif kind == "draw":
        source = item.get("source")
        if source == "stock" or source == "discard":
            if size == 3:
                return Draw(player, source)
            if size == 4 and "card" in item:
                value = item["card"]
                if value is None:
                    return Draw(player, source)
                card = card_or_none(value)
                if card is not None:
                    return Draw(player, source, card)
    elif kind == "pass" and size == 2:
        return Pass(player)
    return None


def _read_action_fully(reader: _Reader, item: Any, path: tuple) -> Move | Action | None:
    if not isinstance(item, Mapping):
        reader.fault(path, "wrong_type", "an action is an object with player and action")
        return None
    before = len(reader.problems)
    player = reader.field(item, "player", path, str)
    kind = reader.field(item, "action", path, str)
    if kind is not None and kind not in _ACTION_FIELDS:
        reader.fault(path + ("action",), "unknown_action",
                     f"action must be one of {', '.join(ACTIONS)}, got {kind[:40]!r}")
        return None
    if kind is None:
        return None
    reader.unknown_fields(item, {"player", "action"} | _ACTION_FIELDS[kind], path)
    fields: dict[str, Any] = {}
    if kind == "draw":
        source = reader.field(item, "source", path, str)
        if source is not None and source not in ("stock", "discard"):
            reader.fault(path + ("source",), "invalid_value",
                         f"source is stock or discard, got {source[:40]!r}")
        fields["source"] = source
        if item.get("card") is not None:
            fields["card"] = reader.card(item["card"], path + ("card",))
    elif kind == "discard":
        if "card" not in item:
            reader.fault(path + ("card",), "required", "a discard names its card")
        else:
            fields["card"] = reader.card(item["card"], path + ("card",))
    elif kind == "knock":
        if "discard" not in item:
            reader.fault(path + ("discard",), "required",
                         "a knock names its discard (null for big gin)")
        elif item["discard"] is not None:
            fields["discard"] = reader.card(item["discard"], path + ("discard",))
        if "melds" in item:
            fields["melds"] = _read_melds(reader, item["melds"], path + ("melds",))
    elif kind == "lay_down":
        fields["melds"] = (_read_melds(reader, item["melds"], path + ("melds",))
                           if "melds" in item else ())
        fields["layoffs"] = ()
        if "layoffs" in item:
            try:
                fields["layoffs"] = parse_layoffs(item["layoffs"])
            except InvalidMeldError as error:
                reader.problems += [Problem(path + ("layoffs",) + p.path, p.code, p.detail,
                                            p.rule) for p in error.problems]
    if len(reader.problems) > before:
        return None
    if kind == "draw":
        return Draw(player, fields["source"], fields.get("card"))
    if kind == "discard":
        return Discard(player, fields["card"])
    if kind == "pass":
        return Pass(player)
    return Action(player, kind, **fields)


def _read_melds(reader: _Reader, value: Any, path: tuple) -> list | None:
    """Melds as sent, once their form and card codes are checked (meld rules come later)."""
    if not isinstance(value, list):
        reader.fault(path, "wrong_type", f"melds are a list, got {describe_token(value)}")
        return None
    for index, meld in enumerate(value):
        where = path + (index,)
        cards = meld
        if isinstance(meld, Mapping):
            reader.unknown_fields(meld, {"kind", "cards"}, where)
            if meld.get("kind") not in ("set", "run"):
                reader.fault(where + ("kind",), "invalid_value", 'kind is "set" or "run"')
            cards, where = meld.get("cards"), where + ("cards",)
        reader.cards(cards, where)
    return value
