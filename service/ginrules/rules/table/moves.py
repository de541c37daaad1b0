"""The table's vocabulary: phases, moves, the records of moves, and a player's view (R-4 to R-6).

Moves are values: ``Discard("ann", "KD")`` is ann discarding the king of diamonds.  Every move
prints as the constructor call that makes it, cards by their codes (R-1.4), so a printed move
can be pasted back; the constructors take a card as its code or as its number.

Moves are named tuples because one is made for every action of every log read, and a tuple is
made several times faster than a frozen dataclass.  They keep a value's manners all the same:
a move equals only a move of its own kind with the same fields, and moves have no order.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Union

from ..base.cards import CARD_NAMES, Card, parse_card
from ..base.melds import Meld
from ..hands.layoffs import Layoff

if TYPE_CHECKING:
    from ..base.options import Rules
    from ..hands.scoring import DealScore


class Phase(enum.Enum):
    """Where a deal stands: whose kind of move comes next."""

    FIRST_TURN = "first_turn"
    """The upcard is offered, first to the non-dealer, then to the dealer (R-4.2)."""
    DRAW = "draw"
    DISCARD = "discard"
    """The player has drawn: a discard or a knock follows (R-4.1, R-5.1)."""
    LAST_DISCARD = "last_discard"
    """At the wall, the last discard may be taken only to knock (R-4.7)."""
    LAY_DOWN = "lay_down"
    """After a knock: the defender lays down melds and layoffs (R-6.1)."""
    OVER = "over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class Hidden:
    """A part of a move another player cannot see (a discard's card, a knock's discard)."""

    _instance: ClassVar["Hidden | None"] = None

    def __new__(cls) -> "Hidden":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HIDDEN"


HIDDEN = Hidden()


def _card(value: Any) -> Any:
    """A move's card as given to a constructor: a code (R-1.4) is read, a plain number taken as
    the card it numbers, the rest kept."""
    if type(value) is int:
        return Card(value)
    return parse_card(value) if isinstance(value, str) else value


def _code(card: Any) -> str:
    """A card for a printed move: its code in quotes, or HIDDEN, or None."""
    if card is None or card is HIDDEN:
        return repr(card)
    return repr(CARD_NAMES[card])


class Pass(NamedTuple):
    """Decline the first upcard (R-4.2), or the last discard at the wall (R-4.7)."""

    player: str

    def __repr__(self) -> str:
        return f"Pass({self.player!r})"


class Draw(NamedTuple):
    """Draw from ``"stock"`` or ``"discard"``; ``card`` names the card where known (R-4.1)."""

    player: str
    source: str
    card: Card | None = None

    def __repr__(self) -> str:
        card = "" if self.card is None else f", {_code(self.card)}"
        return f"Draw({self.player!r}, {self.source!r}{card})"


class Discard(NamedTuple):
    """Discard a card of the hand (R-4.1); ``HIDDEN`` in another player's view of options."""

    player: str
    card: Card | Hidden

    def __repr__(self) -> str:
        return f"Discard({self.player!r}, {_code(self.card)})"


class Knock(NamedTuple):
    """End the round (R-5.1); ``discard`` None is big gin (R-5.5), ``melds`` None lets the
    service arrange the spread best for the knocker (R-5.3)."""

    player: str
    discard: Card | None | Hidden
    melds: tuple[Meld, ...] | None = None

    def __repr__(self) -> str:
        melds = "" if self.melds is None else f", {self.melds!r}"
        return f"Knock({self.player!r}, {_code(self.discard)}{melds})"


class LayDown(NamedTuple):
    """The defender's spread after a knock (R-6.1); ``melds`` and ``layoffs`` None: the
    defender's best reply (R-6.4)."""

    player: str
    melds: tuple[Meld, ...] | None = None
    layoffs: tuple[Layoff, ...] | None = None

    def __repr__(self) -> str:
        if self.melds is None and self.layoffs is None:
            return f"LayDown({self.player!r})"
        return f"LayDown({self.player!r}, {self.melds!r}, {self.layoffs!r})"


Move = Union[Pass, Draw, Discard, Knock, LayDown]
MOVE_KINDS: tuple[type, ...] = (Pass, Draw, Discard, Knock, LayDown)


def _same_move(move: tuple[object, ...], other: object) -> bool:
    return type(other) is type(move) and tuple.__eq__(move, other)


def _other_move(move: tuple[object, ...], other: object) -> bool:
    return type(other) is not type(move) or tuple.__ne__(move, other)


def _no_order(move: tuple[object, ...], other: object) -> object:
    return NotImplemented


def _reading_codes(kind: type, *positions: int) -> None:
    """Let ``kind``'s constructor take the cards at these positions as codes (R-1.4)."""
    make = kind.__new__
    names = kind._fields  # type: ignore[attr-defined]

    def __new__(cls: type[tuple[Any, ...]], *args: Any, **fields: Any) -> Any:
        move = make(cls, *args, **fields)
        # Codes, and plain numbers (a Card is an int, but the compiled core holds a move's
        # card to be a Card).
        if any(type(move[i]) in (str, int) for i in positions):
            values = list(move)
            for i in positions:
                values[i] = _card(values[i])
            return tuple.__new__(cls, values)
        return move

    __new__.__doc__ = f"{kind.__name__}({', '.join(names)}); cards as codes or numbers."
    kind.__new__ = staticmethod(__new__)  # type: ignore[method-assign,assignment]


_MANNERS = {"__eq__": _same_move, "__ne__": _other_move, "__hash__": tuple.__hash__,
            "__lt__": _no_order, "__le__": _no_order, "__gt__": _no_order, "__ge__": _no_order}
for _kind in MOVE_KINDS:
    for _name, _method in _MANNERS.items():
        setattr(_kind, _name, _method)
del _kind, _name, _method, _MANNERS
_reading_codes(Draw, 2)
_reading_codes(Discard, 1)
_reading_codes(Knock, 1)


class Record(NamedTuple):
    """What a move did: ``card`` is the card drawn (None in a view of another player's stock
    draw), ``declined`` the top of the discard pile that a pass or a stock draw left there
    (what the others learn the player did not want)."""

    move: Move
    card: Card | None = None
    declined: Card | None = None

    def __repr__(self) -> str:
        fields = [repr(self.move)]
        if self.card is not None or self.declined is not None:
            fields.append(_code(self.card))
        if self.declined is not None:
            fields.append(_code(self.declined))
        return f"Record({', '.join(fields)})"


_reading_codes(Record, 1, 2)


@dataclass(frozen=True, slots=True)
class KnockRecord:
    """A knock as made: who, the discard (None for big gin), the declared melds (or None)."""

    knocker: str
    discard: Card | None
    melds: tuple[Meld, ...] | None

    def __repr__(self) -> str:
        return f"KnockRecord({self.knocker!r}, {_code(self.discard)}, {self.melds!r})"


@dataclass(frozen=True, slots=True)
class LayDownOption:
    """The defender's choice after a knock that is not gin (R-6.1): the knocker's melds as
    scored, and every card some play could lay off, with the meld it goes on."""

    knocker_melds: tuple[Meld, ...]
    layable: tuple[Layoff, ...]


@dataclass(frozen=True)
class DealView:
    """What ``player`` may know of a deal (docs/gamelog.md ``view``): their own hand, everything
    public, and of the opponent only what was shown.  Made by ``view_of`` (views.py)."""

    rules: "Rules"
    player: str
    opponent: str
    dealer: str
    hand: tuple[Card, ...]
    phase: Phase
    turn: str | None
    upcard: Card
    pile: tuple[Card, ...]
    stock_count: int
    taken: Card | None
    limit: int
    pile_draws: int
    """Draws from the discard pile in normal turns so far (R-4.8)."""
    returns: int
    """Returns in a row up to the last discard (R-4.9)."""
    first_turn_passes: int
    stock_only: bool
    must_knock: bool
    opponent_hand_size: int
    opponent_known: tuple[Card, ...]
    """Cards the opponent took from the discard pile and still holds."""
    history: tuple[Record, ...]
    """Every move so far; another player's stock draw shows no card."""
    legal_moves: tuple[Move, ...]
    """The player's own legal moves on their turn; on another's turn that player's options as
    anyone may know them (hidden parts ``HIDDEN``)."""
    knock: KnockRecord | None
    score: "DealScore | None"

    def __repr__(self) -> str:
        hand = " ".join(CARD_NAMES[c] for c in self.hand)
        top = CARD_NAMES[self.pile[-1]] if self.pile else "none"
        return (f"<DealView of {self.player}: {self.phase.value}, turn {self.turn}, hand {hand}, "
                f"pile top {top}, stock {self.stock_count}>")
