"""Reading the documents clients send, before any rule is checked: a game log (ginrules-log/1,
docs/gamelog.md) into typed values, and a match given as the bare facts of its rounds
(``/v1/matches/score``).

Faults of form (a missing field, a wrong type, an unknown card code, an unknown action) raise
:class:`InvalidLogError` listing each with its path; rule violations are the business of the
use cases on top (replay.py, matches.py).  Sizes are bounded so that no document can make a
replay run long.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, cast

from ..match.variants import VARIANTS
from ..base.cards import (Card, bad_card_detail, card_or_none, cards_or_none,
                    describe_token, quick_mask, SPELLING_CARDS)
from ..table.moves import Discard, Draw, Move, Pass
from .made import MADE, made_for
from ..errors import (MAX_PROBLEMS, GameStateError, InvalidLogError, InvalidMatchError,
                      InvalidMeldError, LogTooLargeError, Problem, RulesError, did_you_mean)
from ..hands.layoffs import Layoff, parse_layoffs
from ..base.melds import Meld, every_meld, parse_melds
from ..base.options import Rules, resolve_rules
from .openspiel.importer import FORMAT as OPENSPIEL

FORMAT = "ginrules-log/1"
MAX_ROUNDS = 500
"""Rounds (deals) in one log; a two-player game to 100 needs far fewer."""
MAX_ACTIONS = 1000
"""Actions in one round.  A round that draws from the stock ends by the wall after about 70,
but with no upcard draw limit (R-4.8) players may pass cards through the discard pile for
as long as they like; no game of real players comes near a thousand."""
MAX_FACT_ROUNDS = 2000
"""Rounds in one ``/v1/matches/score`` request."""
MAX_NAME = 64
"""Characters in a player name."""
MAX_ITEMS = 10_000
"""Items in any list of a request, checked before any item is: past it, a fault of form
(``too_many_items``) costs nothing.  Every narrower limit (rounds in a log, players of a
variant) is reported by the check that owns it."""
ACTIONS = ("pass", "draw", "discard", "knock", "lay_down")

_MISSING = object()


class Action(NamedTuple):
    """A knock or a lay_down as the log gives it (docs/gamelog.md): its melds as sent, read into
    the engine's move when it is played; a knock's ``discard`` is None for big gin.  A named
    tuple, like the engine's moves, since one is made per knock and lay_down of a log."""

    player: str
    action: str
    source: str | None = None
    card: Card | None = None
    discard: Card | None = None
    melds: Sequence[Any] | None = None
    """Declared melds as sent (card codes checked; a lay_down without any: ``()``); whether
    they are melds is a rule (R-2)."""
    layoffs: tuple[Layoff, ...] | None = None


class LoggedDeal(NamedTuple):
    """One deal as a log records it (a ``table`` of docs/gamelog.md): dealer, the two hands, the
    upcard, the stock (if given), actions (a named tuple: one is made per deal of a log)."""

    dealer: str
    hands: dict[str, tuple[Card, ...]]
    upcard: Card
    stock: tuple[Card, ...] | None
    actions: tuple[Move | Action, ...]
    """The engine's moves, and knocks and lay_downs with their melds as sent."""


@dataclass(frozen=True)
class GameLog:
    """A log read into typed values; each round is a tuple of its tables (partnership: two)."""

    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[tuple[LoggedDeal, ...], ...]
    roles: dict[str, str] | None = None
    teams: list[list[str]] | None = None
    view: str | None = None
    """The player whose view the reply shows (docs/gamelog.md ``view``); None for the whole log."""
    echo_log: bool = False
    """Whether the reply gives the log back as read, its cards canonical (``echo_log``)."""


class _Reader:
    """Collects every fault of form, each with its path into the log."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fault(self, path: tuple[str | int, ...], code: str, detail: str) -> None:
        self.problems.append(Problem(path, code, detail))

    def field(self, obj: Mapping[str, Any], name: str, path: tuple[str | int, ...],
              kind: type | tuple[type, ...], *, required: bool = True, what: str = "") -> Any:
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

    def card(self, value: Any, path: tuple[str | int, ...]) -> Card | None:
        card = card_or_none(value)
        if card is None:
            self.fault(path, "invalid_card", bad_card_detail(value))
        return card

    def cards(self, values: Any, path: tuple[str | int, ...]) -> tuple[Card, ...] | None:
        if type(values) is list:
            cards = cards_or_none(values)
            if cards is not None:
                return cards
        if not isinstance(values, list):
            self.fault(path, "wrong_type", f"expected a list of card codes, got "
                                           f"{describe_token(values)}")
            return None
        checked = [self.card(v, path + (i,)) for i, v in enumerate(values)]
        return None if None in checked else cast("tuple[Card, ...]", tuple(checked))

    def unknown_fields(self, obj: Mapping[str, Any], allowed: set[str], path: tuple[str | int, ...]
                       ) -> None:
        self.problems += unknown_fields(obj, allowed, path)


def unknown_fields(obj: Mapping[str, Any], allowed: Iterable[str],
                   path: tuple[str | int, ...] = ()) -> list[Problem]:
    """A fault for each field of ``obj`` not among ``allowed``, naming the fields there are
    (at most MAX_PROBLEMS of them: a body of a thousand made-up keys gets a bounded reply)."""
    known = sorted(allowed)
    return [Problem(path + (name,), "unknown_field",
                    f"unknown field {str(name)[:40]!r}{did_you_mean(name, known)}; the fields "
                    f"here are {', '.join(known)}")
            for name in obj if name not in known][:MAX_PROBLEMS]


def _kind_name(kind: type | tuple[type, ...]) -> str:
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
                                     "view", "echo_log"}, ())
    fmt = reader.field(document, "format", (), str, required=False)
    if fmt is not None and fmt != FORMAT:
        # An OpenSpiel game (the body of an import) replays once imported as a log.
        imported = " (an OpenSpiel game: import it as a log first)" if fmt == OPENSPIEL else ""
        reader.fault(("format",), "unknown_format",
                     f"format must be {FORMAT!r}, got {fmt[:40]!r}{imported}")
    rules, players = read_header(document, reader.problems)
    view = reader.field(document, "view", (), str, required=False)
    echo_log = reader.field(document, "echo_log", (), bool, required=False)
    if echo_log and view is not None:
        # The echo is the whole log, other players' cards included: never part of a view.
        reader.fault(("echo_log",), "not_with_view",
                     "echo_log gives the whole log back, which a player's view may not show")
    rounds_value = reader.field(document, "rounds", (), list)
    rounds: list[tuple[LoggedDeal, ...]] = []
    if rounds_value is not None:
        if len(rounds_value) > MAX_ROUNDS:
            raise LogTooLargeError(f"a log holds at most {MAX_ROUNDS} rounds, got "
                                   f"{len(rounds_value)}",
                                   [Problem(("rounds",), "log_too_large",
                                            f"at most {MAX_ROUNDS} rounds")])
        for index, value in enumerate(rounds_value):
            tables = _round_tables(reader, rules, value, ("rounds", index), "table")
            if tables is None:
                continue
            read = [_read_table(reader, t, where) for where, t in tables]
            if None not in read:
                rounds.append(cast("tuple[LoggedDeal, ...]", tuple(read)))
    if reader.problems:
        raise InvalidLogError("; ".join(p.detail for p in reader.problems[:20]), reader.problems)
    assert rules is not None and players is not None  # else read_header recorded a problem
    if view is not None and view not in players:
        detail = f"view names a player, one of {', '.join(players)}"
        raise GameStateError("unknown_player", None, detail, ("view",))
    return GameLog(rules, tuple(players), tuple(rounds), document.get("roles"),
                   document.get("teams"), view, echo_log is True)


def _round_tables(reader: _Reader, rules: Rules | None, value: Any, path: tuple[str | int, ...],
                  what: str) -> list[tuple[tuple[str | int, ...], Any]] | None:
    """A round's tables with their paths: the round itself where a round is one table, else
    ``{"tables": [...]}`` with one entry per table (docs/gamelog.md); None for a wrong shape."""
    variant = VARIANTS[rules.variant] if rules is not None else VARIANTS["two_player"]
    count = variant.tables_per_round
    if count == 1:
        return [(path, value)]
    tables = value.get("tables") if isinstance(value, Mapping) else None
    if not isinstance(tables, list) or len(tables) != count or set(value) != {"tables"}:
        shape = ", ".join([what] * count)
        reader.fault(path, "wrong_type", f'a {variant.name} round is {{"tables": [{shape}]}}')
        return None
    return [(path + ("tables", i), t) for i, t in enumerate(tables)]


def round_document(rules: Rules, tables: list[Any]) -> Any:
    """A round for a log, from its tables as documents: the inverse of the reading above."""
    return tables[0] if VARIANTS[rules.variant].tables_per_round == 1 else {"tables": tables}


def _read_table(reader: _Reader, value: Any, path: tuple[str | int, ...]) -> LoggedDeal | None:
    plain = _plain_table(value) if type(value) is dict else None
    if plain is None:
        return _read_table_fully(reader, value, path)
    dealer, hands, upcard, stock, items = plain
    before = len(reader.problems)
    actions = _read_actions(reader, items, path + ("actions",))
    if len(reader.problems) > before:
        return None
    return LoggedDeal(dealer, hands, upcard, stock, tuple(actions))


def _plain_table(value: dict[str, Any]) -> tuple[str, dict[str, tuple[Card, ...]], Card,
                                                tuple[Card, ...] | None, list[Any]] | None:
    """A deal's fields but its actions, where they are of plain form and within bounds:
    exactly the fields a table has, the dealer a string, the hands lists of card codes;
    None for anything else, which :func:`_read_table_fully` reads or explains."""
    dealer, hands_value, items = value.get("dealer"), value.get("hands"), value.get("actions")
    if (type(dealer) is not str or type(hands_value) is not dict or type(items) is not list
            or len(items) > MAX_ACTIONS or len(value) != 4 + ("stock" in value)):
        return None
    upcard = value.get("upcard")
    upcard = card_or_none(upcard)
    if upcard is None:
        return None
    hands = {}
    for player, cards in hands_value.items():
        if type(cards) is not list:
            return None
        hand = cards_or_none(cards)
        if hand is None:
            return None
        hands[player] = hand
    stock = value.get("stock")
    if stock is not None:
        if type(stock) is not list:
            return None
        stock = cards_or_none(stock)
        if stock is None:
            return None
    return dealer, hands, upcard, stock, items


def _read_table_fully(reader: _Reader, value: Any, path: tuple[str | int, ...]
                      ) -> LoggedDeal | None:
    if type(value) is not dict and not isinstance(value, Mapping):
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
        actions = _read_actions(reader, actions_value, path + ("actions",))
    if len(reader.problems) > before:
        return None
    assert upcard is not None  # else a problem was recorded
    return LoggedDeal(dealer, hands, upcard, stock, tuple(actions))


_ACTION_FIELDS = {
    "pass": set(),
    "draw": {"source", "card"},
    "discard": {"card"},
    "knock": {"discard", "melds"},
    "lay_down": {"melds", "layoffs"},
}


def _read_actions(reader: _Reader, items: list[Any], path: tuple[str | int, ...]
                  ) -> list[Move | Action]:
    """A round's actions.  The usual shapes of a pass, a draw or a discard are read here at
    once, in the loop, since a log is mostly these; anything else is read in full, which reads
    it or explains its faults."""
    actions: list[Move | Action] = []
    action: Move | Action | None
    for index, item in enumerate(items):
        if type(item) is dict:
            # A missing field is a KeyError, a card that is no string may be a TypeError:
            # the full reading names either.
            try:
                player = item["player"]
                kind = item["action"]
                if type(player) is str and type(kind) is str:
                    size = len(item)
                    if kind == "discard" or kind == "draw":
                        made = MADE.get(player)
                        if made is None:
                            made = made_for(player)
                        if kind == "discard":
                            if size == 3:
                                value = item["card"]
                                move = made.discards.get(value)
                                if move is None:
                                    card = _CARD_OF.get(value)
                                    if card is not None:
                                        move = made.discards[value] = _new_move(
                                            Discard, (player, card))
                                if move is not None:
                                    actions.append(move)
                                    continue
                        else:
                            source = item["source"]
                            if type(source) is str and (source == "stock"
                                                        or source == "discard"):
                                value = item["card"] if size == 4 else None
                                if size == 3 or size == 4:
                                    known = made.stock if source == "stock" else made.pile
                                    move = known.get(value)
                                    if move is None:
                                        card = None if value is None else _CARD_OF.get(value)
                                        if value is None or card is not None:
                                            move = known[value] = _new_move(
                                                Draw, (player, source, card))
                                    if move is not None:
                                        actions.append(move)
                                        continue
                    elif kind == "pass" and size == 2:
                        actions.append(_new_move(Pass, (player,)))
                        continue
                    elif kind == "knock" or kind == "lay_down":
                        action = _plain_spread(item, player, kind, size)
                        if action is not None:
                            actions.append(action)
                            continue
            except (KeyError, TypeError):
                pass
        action = _read_action_fully(reader, item, path + (index,))
        if action is not None:
            actions.append(action)
    return actions


_CARD_OF: Final[dict[str, Card]] = SPELLING_CARDS

_MELDS_BY_MASK: dict[int, Meld] = {meld.mask: meld for meld in every_meld()}
"""Every set and every run that does not wrap past the king, by the mask of its cards."""


def declared_melds(values: Sequence[Any], *, round_the_corner: bool = False) -> tuple[Meld, ...]:
    """Declared melds of a knock or a lay_down, as read by :func:`parse_melds` (which raises
    :class:`InvalidMeldError` naming every fault, R-2).  Melds of distinct cards that are a
    set or a run not wrapping past the king, each card in one meld, are looked up at once;
    anything else is left to :func:`parse_melds`."""
    melds: list[Meld] = []
    used = 0
    for value in values:
        declared = None
        if type(value) is dict:
            declared, value = value.get("kind"), value.get("cards")
        if type(value) is not list:
            break
        mask = quick_mask(value)
        if mask is None:
            break
        meld = _MELDS_BY_MASK.get(mask)
        if meld is None or mask & used or (declared is not None and declared != meld.kind):
            break
        used |= mask
        melds.append(meld)
    else:
        return tuple(melds)
    return parse_melds(values, round_the_corner=round_the_corner)


def _plain_melds(value: Any) -> bool:
    """Whether declared melds are of plain form: each a list of card codes, or exactly
    ``{"kind": "set" | "run", "cards": [card codes]}`` (what :func:`_read_melds` accepts)."""
    if type(value) is not list:
        return False
    card_of = _CARD_OF
    for meld in value:
        if type(meld) is dict:
            if len(meld) != 2 or meld.get("kind") not in ("set", "run"):
                return False
            meld = meld.get("cards")
        if type(meld) is not list:
            return False
        for token in meld:
            if token not in card_of:
                return False
    return True


def _plain_spread(item: dict[str, Any], player: str, kind: str, size: int) -> Action | None:
    """A knock or a lay_down of plain form read at once, as :func:`_read_action_fully` reads
    it; None for anything else, which that reading then reads or explains."""
    melds = item.get("melds", _MISSING)
    given = melds is not _MISSING
    if given and not _plain_melds(melds):
        return None
    if kind == "knock":
        if "discard" not in item or size != 3 + given:
            return None
        discard = item["discard"]
        card = None if discard is None else card_or_none(discard)
        if discard is not None and card is None:
            return None
        return Action(player, kind, discard=card, **({"melds": melds} if given else {}))
    layoffs = item.get("layoffs", _MISSING)
    if size != 2 + given + (layoffs is not _MISSING):
        return None
    try:
        laid = () if layoffs is _MISSING else parse_layoffs(layoffs)
    except InvalidMeldError:
        return None
    if not given and layoffs is _MISSING:
        return Action(player, kind)  # laid down without saying how: the best reply
    return Action(player, kind, melds=melds if given else (), layoffs=laid)


_new_move: Final = tuple.__new__
"""``_new_move(Discard, (player, card))`` is ``Discard(player, card)`` (every field given)
without the call through the move's own ``__new__``: one per action of a log."""


def _read_action_fully(reader: _Reader, item: Any, path: tuple[str | int, ...]
                       ) -> Move | Action | None:
    """One action read in full, naming every fault of form: the engine's move for a pass, a
    draw or a discard; a knock or a lay_down keeps its melds as sent, since whether they are
    melds is a rule checked in play (R-2)."""
    if type(item) is not dict and not isinstance(item, Mapping):
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
    elif kind == "lay_down" and ("melds" in item or "layoffs" in item):
        # A spread stated (either field): what is left out is empty.  With neither field the
        # defender laid down without saying how: the best reply (R-6.4, docs/gamelog.md).
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


def _read_melds(reader: _Reader, value: Any, path: tuple[str | int, ...]) -> list[Any] | None:
    """Melds as sent, once their form and card codes are checked (meld rules come later)."""
    if not isinstance(value, list):
        reader.fault(path, "wrong_type", f"melds are a list, got {describe_token(value)}")
        return None
    for index, meld in enumerate(value):
        where = path + (index,)
        cards = meld
        if type(meld) is dict or isinstance(meld, Mapping):
            reader.unknown_fields(meld, {"kind", "cards"}, where)
            if meld.get("kind") not in ("set", "run"):
                reader.fault(where + ("kind",), "invalid_value", 'kind is "set" or "run"')
            cards, where = meld.get("cards"), where + ("cards",)
        reader.cards(cards, where)
    return value


# The header of a log or a match -----------------------------------------------------------------


def read_header(document: Mapping[str, Any], problems: list[Problem]
                ) -> tuple[Rules | None, list[str] | None]:
    """The rules, players, roles and teams of a log or a match score, every fault recorded."""
    rules = None
    if "rules" not in document:
        problems.append(Problem(("rules",), "required",
                                "rules is required (a preset name or an object)"))
    else:
        try:
            rules = resolve_rules(document["rules"])
        except RulesError as error:
            problems += [Problem(("rules",) + p.path, p.code, p.detail, p.rule)
                         for p in error.problems]
    players = document.get("players")
    if "players" not in document:
        problems.append(Problem(("players",), "required", "players is required"))
        players = None
    elif isinstance(players, list) and len(players) > MAX_ITEMS:
        problems.append(Problem(("players",), "too_many_items",
                                f"at most {MAX_ITEMS} items, got {len(players)}"))
        players = None
    elif not (isinstance(players, list)
              and all(isinstance(p, str) and 0 < len(p) <= MAX_NAME for p in players)):
        problems.append(Problem(("players",), "wrong_type",
                                f"players are names: strings of 1 to {MAX_NAME} characters"))
        players = None
    elif len(set(players)) != len(players):
        problems.append(Problem(("players",), "duplicate_player", "player names must be unique"))
        players = None
    elif rules is not None and len(players) != VARIANTS[rules.variant].player_count:
        problems.append(Problem(("players",), "wrong_player_count",
                                f"the {rules.preset} preset is played by "
                                f"{VARIANTS[rules.variant].player_count} players, "
                                f"got {len(players)}"))
        players = None
    if rules is not None and players is not None:
        VARIANTS[rules.variant].check_header(players, document.get("roles"),
                                             document.get("teams"), problems)
    return rules, players


# A match as the facts of its rounds (``/v1/matches/score``) --------------------------------------


@dataclass(frozen=True)
class RoundFact:
    """The facts of one table's round: the winner (None: nobody scored) and the points, with
    the ``outcome`` and ``knocker`` when they were given; ``given`` names the optional fields
    the document gave (``points``, ``outcome``, ``knocker``)."""

    winner: str | None
    points: int = 0
    outcome: str | None = None
    knocker: str | None = None
    given: frozenset[str] = frozenset()


def round_facts(rules: Rules, fact: Mapping[str, Any]) -> tuple[RoundFact, ...]:
    """A round's facts, one per table, from a fact whose form is checked (:func:`read_match`):
    the fact itself, or for several tables ``{"tables": [...]}``."""
    tables = _round_tables(_Reader(), rules, fact, (), "facts") or ()
    return tuple(RoundFact(t.get("winner"), t.get("points", 0), t.get("outcome"),
                           t.get("knocker"), frozenset(_OPTIONAL_FACTS) & set(t))
                 for _, t in tables)


_OPTIONAL_FACTS = ("points", "outcome", "knocker")


@dataclass(frozen=True)
class MatchFacts:
    """A ``/v1/matches/score`` body whose form is checked: rounds are fact objects (``winner``,
    ``points``, optional ``outcome`` and ``knocker``; partnership: ``{"tables": [...]}``)."""

    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[dict[str, Any], ...]
    roles: dict[str, str] | None = None
    teams: list[list[str]] | None = None
    dealer: str | None = None


MATCH_FIELDS = ("rules", "players", "teams", "roles", "dealer", "rounds")
"""The fields of a ``/v1/matches/score`` body."""


def read_match(document: Any) -> MatchFacts:
    """A match score body, every fault of form at once (:class:`InvalidMatchError`)."""
    if not isinstance(document, Mapping):
        raise InvalidMatchError("a match score is a JSON object",
                                [Problem((), "wrong_type", "a match score is a JSON object")])
    problems = unknown_fields(document, MATCH_FIELDS)
    rules, players = read_header(document, problems)
    dealer = document.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        problems.append(Problem(("dealer",), "wrong_type", "dealer is a player's name"))
        dealer = None
    if rules is not None and players is not None:
        if dealer is not None and dealer not in players:
            problems.append(Problem(("dealer",), "not_a_player", "dealer names a player"))
        if dealer is None and VARIANTS[rules.variant].needs_first_dealer:
            problems.append(Problem(("dealer",), "required",
                                    f"{rules.variant} scores need the first round's dealer",
                                    VARIANTS[rules.variant].own_dealer_rule))
    rounds = document.get("rounds")
    if "rounds" not in document:
        problems.append(Problem(("rounds",), "required", "rounds is required (a list of facts)"))
        rounds = []
    elif not isinstance(rounds, list):
        problems.append(Problem(("rounds",), "wrong_type", "rounds are a list"))
        rounds = []
    if len(rounds) > MAX_FACT_ROUNDS:
        raise LogTooLargeError(f"at most {MAX_FACT_ROUNDS} rounds",
                               [Problem(("rounds",), "log_too_large",
                                        f"at most {MAX_FACT_ROUNDS} rounds")])
    reader = _Reader()
    for index, fact in enumerate(rounds):
        for where, item in _round_tables(reader, rules, fact, ("rounds", index), "facts") or ():
            _check_fact(where, item, reader.problems)
    problems += reader.problems
    if problems:
        raise InvalidMatchError("; ".join(p.detail for p in problems[:20]), problems)
    assert rules is not None and players is not None  # else read_header recorded a problem
    return MatchFacts(rules, tuple(players), tuple(rounds), document.get("roles"),
                      document.get("teams"), dealer)


_OUTCOMES = ("knock", "undercut", "gin", "big_gin", "draw")


def _check_fact(path: tuple[str | int, ...], fact: Any, problems: list[Problem]) -> None:
    """The form of one round fact: ``winner`` (a name or null), ``points`` (>= 0), options."""
    if not isinstance(fact, dict):
        problems.append(Problem(path, "wrong_type", 'a round is {"winner", "points"}'))
        return
    problems += unknown_fields(fact, {"winner", "points", "outcome", "knocker"}, path)
    if "winner" not in fact:
        problems.append(Problem(path + ("winner",), "required",
                                "winner is required (null for a draw)"))
    elif fact["winner"] is not None and not isinstance(fact["winner"], str):
        problems.append(Problem(path + ("winner",), "wrong_type", "winner is a name or null"))
    points = fact.get("points", 0)
    if not isinstance(points, int) or isinstance(points, bool) or points < 0:
        problems.append(Problem(path + ("points",), "wrong_type",
                                "points is an integer >= 0"))
    elif fact.get("winner") is None and points:
        problems.append(Problem(path + ("points",), "points_without_winner",
                                "a round with no winner scores 0 points", "R-7.2"))
    if "outcome" in fact and fact["outcome"] not in _OUTCOMES:
        problems.append(Problem(path + ("outcome",), "invalid_value",
                                f"outcome is one of {', '.join(_OUTCOMES)}"))
    if "knocker" in fact and fact["knocker"] is not None and not isinstance(fact["knocker"], str):
        problems.append(Problem(path + ("knocker",), "wrong_type", "knocker is a name or null"))
