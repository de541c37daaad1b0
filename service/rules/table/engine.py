"""The table engine: one two-player deal as a state you apply moves to (R-3 to R-7).

Every move comes as a triad, so a rule is written once:

- ``verify_<move>(move)`` raises :class:`IllegalMove` with its code, rule and a reason;
- ``can_<move>(move)`` is the same check as a boolean;
- the move itself (``pass_turn``, ``draw``, ``discard``, ``knock_out``, ``lay_down``) verifies,
  applies and returns a frozen :class:`Record` of what happened.

:meth:`Deal.legal_moves` lists what passes the checks; :meth:`Deal.view` is what one player may
know of the deal (GAMELOG.md ``view``); :meth:`Deal.copy` is cheap, for look-ahead.  Which
player deals, who is offered the upcard first and how a result is totalled belong to the
variants (the match bookkeeping), not to a deal.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Union

from ..base.cards import CARD_BITS, CARD_NAMES, Card, mask_cards
from ..errors import InvalidHandError, Problem, RulesError
from ..hands.knock import check_knock
from ..hands.layoffs import Layoff, layable_by_meld
from ..base.melds import Arrangement, Meld
from ..hands.scoring import RoundScore, score_round
from ..hands.solver import solver_for
from ..base.options import Rules

STOCK_SIZE = 31
"""Cards in the stock after the deal and the upcard (R-3.1)."""
WALL = 2
"""Cards left in the stock when the round ends as a draw (R-4.6)."""


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


class Hidden:
    """A part of a move another player cannot see (a discard's card, a knock's discard)."""

    _instance: "Hidden | None" = None

    def __new__(cls) -> "Hidden":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HIDDEN"


HIDDEN = Hidden()

# The phases by module name: the moves read them several times per action, and a module name
# is read faster than an enum's member.
_FIRST_TURN, _DRAW, _DISCARD = Phase.FIRST_TURN, Phase.DRAW, Phase.DISCARD
_LAST_DISCARD, _LAY_DOWN, _OVER = Phase.LAST_DISCARD, Phase.LAY_DOWN, Phase.OVER
_DRAW_PHASES = (_FIRST_TURN, _DRAW, _LAST_DISCARD)


class Pass(NamedTuple):
    """Decline the first upcard (R-4.2), or the last discard at the wall (R-4.7)."""

    player: str


class Draw(NamedTuple):
    """Draw from ``"stock"`` or ``"discard"``; ``card`` names the card where known (R-4.1)."""

    player: str
    source: str
    card: Card | None = None


class Discard(NamedTuple):
    """Discard a card of the hand (R-4.1); ``HIDDEN`` in another player's view of options."""

    player: str
    card: Card | Hidden


class Knock(NamedTuple):
    """End the round (R-5.1); ``discard`` None is big gin (R-5.5), ``melds`` None lets the
    service arrange the spread best for the knocker (R-5.3)."""

    player: str
    discard: Card | None | Hidden
    melds: tuple[Meld, ...] | None = None


class LayDown(NamedTuple):
    """The defender's spread after a knock (R-6.1); ``melds`` and ``layoffs`` None: the
    defender's best reply (R-6.4)."""

    player: str
    melds: tuple[Meld, ...] | None = None
    layoffs: tuple[Layoff, ...] | None = None


Move = Union[Pass, Draw, Discard, Knock, LayDown]


# Moves are named tuples because they are made once per action of every log read, and a tuple
# is made several times faster than a frozen dataclass.  They keep a value's manners: a move
# equals only a move of its own kind with the same fields, and moves have no order.
def _same_move(move: tuple, other: object) -> bool:
    return type(other) is type(move) and tuple.__eq__(move, other)


def _other_move(move: tuple, other: object) -> bool:
    return type(other) is not type(move) or tuple.__ne__(move, other)


def _no_order(move: tuple, other: object) -> bool:
    return NotImplemented


for _kind in (Pass, Draw, Discard, Knock, LayDown):
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _same_move, _other_move, tuple.__hash__
    _kind.__lt__ = _kind.__le__ = _kind.__gt__ = _kind.__ge__ = _no_order
del _kind


@dataclass(frozen=True, slots=True)
class KnockRecord:
    """A knock as made: who, the discard (None for big gin), the declared melds (or None)."""

    knocker: str
    discard: Card | None
    melds: tuple[Meld, ...] | None


class Record(NamedTuple):
    """What a move did; ``card`` is the card drawn (None in a view of another's stock draw)."""

    move: Move
    card: Card | None = None


_new_record = tuple.__new__
"""``_new_record(Record, (move, card))`` is ``Record(move, card)`` without the call through
the named tuple's own ``__new__``: the draws and discards make one per action."""


@dataclass(frozen=True, slots=True)
class LayDownOption:
    """The defender's choice after a knock that is not gin (R-6.1): the knocker's melds as
    scored, and every card some play could lay off, with the meld it goes on."""

    knocker_melds: tuple[Meld, ...]
    layable: tuple[Layoff, ...]


class IllegalMove(RulesError):
    """A move the rules do not allow here; ``code`` and ``rule`` say which and why."""

    code = "illegal_move"

    def __init__(self, code: str, rule: str, detail: str) -> None:
        super().__init__(detail, [Problem((), code, detail, rule)])
        self.code = code
        self.rule = rule

    def prefixed(self, *prefix: str | int) -> RulesError:
        error = IllegalMove(self.code, self.rule, self.detail)
        error.problems = tuple(Problem(tuple(prefix) + p.path, p.code, p.detail, p.rule)
                               for p in self.problems)
        return error


@dataclass(frozen=True)
class DealView:
    """What ``player`` may know of a deal (GAMELOG.md ``view``): their own hand, everything
    public, and of the opponent only what was shown."""

    rules: Rules
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
    score: RoundScore | None


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= CARD_BITS[card]
    return mask


class Deal:
    """One two-player deal, from the deal to its result (R-3 to R-7)."""

    __slots__ = ("rules", "players", "first", "dealer", "upcard", "limit", "phase", "turn",
                 "hands", "pile", "_stock", "_next", "stock_count", "seen", "taken",
                 "pile_draws", "first_turn_passes", "stock_only", "must_knock", "end_rule",
                 "knock", "score", "history", "_draw_limit", "_wall_take", "_best", "_spread")

    def __init__(self, rules: Rules, hands: Mapping[str, Iterable[Card]], upcard: Card,
                 first: str, stock: Sequence[Card] | None = None) -> None:
        names = list(hands)
        if len(names) != 2 or first not in hands:
            raise ValueError("a deal seats two players, the first of them offered the upcard")
        self.rules = rules
        self.first = first
        self.dealer = names[1] if names[0] == first else names[0]
        self.players = (first, self.dealer)
        self.upcard = upcard
        self.limit = rules.knock_limit_for(upcard)
        self.hands = {player: _mask(cards) for player, cards in hands.items()}
        self.pile = [upcard]
        self._stock = tuple(stock) if stock is not None else None
        self._next = 0
        self.stock_count = STOCK_SIZE if stock is None else len(self._stock)
        self.seen = self.hands[first] | self.hands[self.dealer] | CARD_BITS[upcard]
        self.phase = _FIRST_TURN
        self.turn: str | None = first
        self.taken: Card | None = None
        self.pile_draws = 0
        """Draws from the discard pile this deal, the first upcard's included (R-4.8)."""
        self.first_turn_passes = 0
        self.stock_only = False
        """Both players passed the upcard: the non-dealer draws from the stock (R-4.2)."""
        self.must_knock = False
        """The last discard was taken at the wall: only a knock may follow (R-4.7)."""
        self.end_rule = "R-4.6"
        """The rule that ended the deal without a knock: the wall, R-4.7 or R-4.8."""
        self.knock: KnockRecord | None = None
        self.score: RoundScore | None = None
        self.history: list[Record] = []
        self._draw_limit = rules.upcard_draw_limit
        self._wall_take = rules.wall == "last_discard"
        self._best: RoundScore | None = None
        self._spread: Arrangement | None = None
        """The knocker's spread as the knock was judged on it, for scoring it (R-5.3)."""

    # Reading the state ------------------------------------------------------------------

    @property
    def stock(self) -> list[Card] | None:
        """The cards still in the stock, next first; None when the deal's stock is unknown."""
        return None if self._stock is None else list(self._stock[self._next:])

    @property
    def over(self) -> bool:
        return self.phase is _OVER

    @property
    def defender(self) -> str | None:
        return None if self.knock is None else self.other(self.knock.knocker)

    def other(self, player: str) -> str:
        """The other player at the table."""
        return self.dealer if player == self.first else self.first

    def hand(self, player: str) -> tuple[Card, ...]:
        return tuple(mask_cards(self.hands[player]))

    # Checks -----------------------------------------------------------------------------

    def _verify_turn(self, player: str) -> None:
        """The checks every move shares: the deal is on, the player sits here, it is theirs."""
        if self.phase is _OVER:
            raise IllegalMove("round_over", self.end_rule if self.knock is None else "R-5.3",
                              "the round is over; no action may follow")
        if player not in self.hands:
            raise IllegalMove("not_at_table", "R-4.4", f"{player[:40]!r} is not playing this round")
        if self.phase is _LAY_DOWN:
            raise IllegalMove("round_over", "R-6.1",
                              "after a knock only the defender's lay_down may follow")
        if player != self.turn:
            raise IllegalMove("not_your_turn", "R-4.4",
                              f"it is {self.turn}'s turn, not {player}'s")

    def verify_pass(self, move: Pass) -> None:
        """Passing declines the first upcard (R-4.2) or the last discard at the wall (R-4.7)."""
        self.verify_moment(Pass, move.player)

    def verify_draw(self, move: Draw) -> None:
        """A draw from a non-empty source, at the right moment (R-4.1, R-4.2, R-4.4, R-4.5)."""
        phase = self.phase
        player, source, named = move
        if player != self.turn or phase not in _DRAW_PHASES:
            self.verify_moment(Draw, player)
        if source == "stock":
            if phase is not _DRAW:
                if phase is _FIRST_TURN:
                    raise IllegalMove("must_pass_or_take_upcard", "R-4.2",
                                      "on the first turn a player takes the upcard or passes; "
                                      "the stock is drawn only after both have passed")
                self._wrong_kind()
            if self.stock_count == 0:
                raise IllegalMove("empty_stock", "R-4.4", "the stock is empty")
            if self._stock is not None:
                card = self._stock[self._next]
                if named is not None and named != card:
                    raise IllegalMove("wrong_stock_card", "R-4.5",
                                      f"the next stock card is {CARD_NAMES[card]}, not "
                                      f"{CARD_NAMES[named]}")
            elif named is None:
                raise IllegalMove("missing_card", "R-4.5",
                                  "without a stock in the log, a stock draw names its card")
            elif self.seen >> named & 1:
                raise IllegalMove("card_already_seen", "R-4.5",
                                  f"{CARD_NAMES[named]} was already dealt or drawn: it "
                                  "cannot come from the stock")
            return
        if self.stock_only:
            raise IllegalMove("must_draw_from_stock", "R-4.2",
                              "both players passed the upcard: the non-dealer draws from the "
                              "stock")
        if not self.pile:
            raise IllegalMove("empty_discard_pile", "R-4.4", "the discard pile is empty")
        top = self.pile[-1]
        if move.card is not None and move.card != top:
            raise IllegalMove("wrong_discard_card", "R-4.1",
                              f"the top of the discard pile is {CARD_NAMES[top]}, not "
                              f"{CARD_NAMES[move.card]}")

    def verify_discard(self, move: Discard) -> None:
        """A discard of a card in the hand, not the card just taken where forbidden (R-4.1,
        R-4.3, R-4.4); after the last discard was taken at the wall only a knock (R-4.7)."""
        player, card = move
        if player != self.turn or self.phase is not _DISCARD:
            self.verify_moment(Discard, player)
        if self.must_knock:
            self._wrong_kind()  # after the wall's take only a knock fits
        if not self.hands[player] >> card & 1:
            raise IllegalMove("card_not_in_hand", "R-4.4",
                              f"{CARD_NAMES[card]} is not in {player}'s hand")
        if card == self.taken and self.rules.taken_card_discard == "forbid":
            raise IllegalMove("taken_card_discarded", "R-4.3",
                              f"{CARD_NAMES[card]} was taken from the discard pile this turn "
                              "and may not be discarded in the same turn")

    def verify_moment(self, kind: type, player: str) -> None:
        """Whether it is ``player``'s moment for a move of this kind, whatever its content."""
        if player == self.turn and self.phase in _PHASES_OF[kind]:
            return  # in LAY_DOWN the turn is the defender's, and only a lay_down fits
        self._verify_turn(player)
        self._wrong_kind()

    def verify_knock(self, move: Knock) -> Arrangement | None:
        """A knock the knock limit and the declared melds allow (R-4.3, R-5.1 to R-5.6); the
        spread it was judged on (see :func:`check_knock`)."""
        self.verify_moment(Knock, move.player)
        judged = check_knock(self.hands[move.player], move.discard, self.rules, self.limit,
                             melds=move.melds, taken_card=self.taken)
        if judged.violations:
            first = judged.violations[0]
            raise IllegalMove(first.code, first.rule, first.detail)
        return judged.arrangement

    def verify_lay_down(self, move: LayDown) -> None:
        """Only the defender lays down, only after a knock; layoffs need declared knocker melds
        (R-6.1).  Whether the spread itself is valid is checked when it is scored (R-6)."""
        self.verify_moment(LayDown, move.player)
        if self.knock.melds is None and move.layoffs:
            raise IllegalMove("layoffs_need_knocker_melds", "R-6.1",
                              "the knock declared no melds, so layoffs name no meld")

    def _wrong_kind(self) -> None:
        """The move is not of the kind this phase asks for: say what is expected."""
        phase = self.phase
        if phase is _FIRST_TURN:
            raise IllegalMove("must_pass_or_take_upcard", "R-4.2",
                              f"on the first turn {self.turn} takes the upcard "
                              f"{CARD_NAMES[self.pile[-1]]} or passes")
        if phase is _DRAW:
            raise IllegalMove("must_draw", "R-4.1",
                              f"{self.turn} must draw (from the stock or the discard pile) first")
        if phase is _DISCARD:
            if self.must_knock:
                raise IllegalMove("must_knock", "R-4.7",
                                  f"{self.turn} took the last discard at the wall, which is "
                                  "allowed only to knock or go gin in the same turn")
            raise IllegalMove("must_discard", "R-4.1",
                              f"{self.turn} has drawn and must discard (or knock)")
        if phase is _LAST_DISCARD:
            raise IllegalMove("must_pass_or_take_last_discard", "R-4.7",
                              f"at the wall {self.turn} takes the last discard "
                              f"{CARD_NAMES[self.pile[-1]]} to knock, or passes")
        if phase is _LAY_DOWN:
            raise IllegalMove("round_over", "R-6.1",
                              "after a knock only the defender's lay_down may follow")
        raise IllegalMove("round_over", self.end_rule if self.knock is None else "R-5.3",
                          "the round is over; no action may follow")

    def verify(self, move: Move) -> None:
        """Raise :class:`IllegalMove` unless ``move`` is legal now."""
        _VERIFY[type(move)](self, move)

    def can(self, move: Move) -> bool:
        """Whether ``move`` is legal now (the same check as :meth:`verify`)."""
        try:
            _VERIFY[type(move)](self, move)
        except IllegalMove:
            return False
        return True

    def can_pass(self, move: Pass) -> bool:
        return self.can(move)

    def can_draw(self, move: Draw) -> bool:
        return self.can(move)

    def can_discard(self, move: Discard) -> bool:
        return self.can(move)

    def can_knock(self, move: Knock) -> bool:
        return self.can(move)

    def can_lay_down(self, move: LayDown) -> bool:
        return self.can(move)

    # Moves ------------------------------------------------------------------------------

    def play(self, move: Move) -> Record:
        """Verify and apply ``move``; the record of what happened."""
        return _PLAY[type(move)](self, move)

    def pass_turn(self, move: Pass) -> Record:
        self.verify_pass(move)
        if self.phase is _LAST_DISCARD:
            self.phase, self.turn, self.end_rule = _OVER, None, "R-4.7"
        else:
            self.first_turn_passes += 1
            if self.first_turn_passes == 1:
                self.turn = self.dealer
            else:  # both declined: the non-dealer draws from the stock
                self.turn, self.phase, self.stock_only = self.first, _DRAW, True
        return self._record(move, None)

    def draw(self, move: Draw) -> Record:
        self.verify_draw(move)
        player, source, named = move
        wall = self.phase is _LAST_DISCARD
        if source == "stock":
            stock = self._stock
            if stock is not None:
                card = stock[self._next]
                self._next += 1
            else:
                card = named
            self.stock_count -= 1
            self.taken = None
        else:
            card = self.pile.pop()
            self.taken = card
            self.pile_draws += 1
        bit = CARD_BITS[card]
        self.seen |= bit
        self.hands[player] |= bit
        self.stock_only = False
        self.must_knock = wall
        self.phase = _DISCARD
        record = _new_record(Record, (move, card))
        self.history.append(record)
        return record

    def discard(self, move: Discard) -> Record:
        self.verify_discard(move)
        player, card = move
        self.hands[player] &= ~CARD_BITS[card]
        self.pile.append(card)
        self.taken = None
        record = _new_record(Record, (move, None))
        self.history.append(record)
        limit = self._draw_limit
        if limit is not None and self.pile_draws >= limit:
            # The pile draws reached the limit: the round is a draw.
            self.phase, self.turn, self.end_rule = _OVER, None, "R-4.8"
        elif self.stock_count <= WALL:
            if self._wall_take:
                # The next player may take this discard only to knock, or passes.
                self.phase, self.turn = _LAST_DISCARD, self.other(player)
            else:  # the wall: a draw, the same dealer deals again
                self.phase, self.turn = _OVER, None
        else:
            self.phase = _DRAW
            self.turn = self.dealer if player == self.first else self.first
        return record

    def play_plain(self, moves: Sequence[Move | object], start: int = 0) -> int:
        """Play ``moves`` from ``start`` on, as :meth:`play` would one by one, while each is a
        draw or a discard that is plainly legal; the index of the first move it left unplayed
        (``len(moves)`` when none is left).

        A log is mostly such moves, and here they run with the deal's state in local
        variables.  Every other move (a pass, a knock, anything illegal or unusual) is left
        to :meth:`play`, whose checks explain a fault: this loop only decides that a move
        passes them, it never rejects one (R-4.1 to R-4.6)."""
        hands, pile, stock = self.hands, self.pile, self._stock
        first, dealer = self.first, self.dealer
        record = self.history.append
        forbid = self.rules.taken_card_discard == "forbid"
        limit, wall_take = self._draw_limit, self._wall_take
        phase, turn, taken, seen = self.phase, self.turn, self.taken, self.seen
        position, count, pile_draws = self._next, self.stock_count, self.pile_draws
        stock_only, must_knock, end_rule = self.stock_only, self.must_knock, self.end_rule
        # The names the loop reads, as local variables: read faster than module names.
        discard_kind, draw_kind, new_record, record_kind = Discard, Draw, _new_record, Record
        drawing, discarding, first_turn, bits = _DRAW, _DISCARD, _FIRST_TURN, CARD_BITS
        index = end = len(moves)
        try:
            for index in range(start, end):
                move = moves[index]
                kind = type(move)
                if kind is discard_kind:
                    player, card = move
                    if player != turn or phase is not discarding or must_knock:
                        break
                    hand = hands[player]
                    if not hand >> card & 1 or card == taken and forbid:
                        break
                    hands[player] = hand ^ bits[card]
                    pile.append(card)
                    taken = None
                    record(new_record(record_kind, (move, None)))
                    if limit is not None and pile_draws >= limit:
                        phase, turn, end_rule = _OVER, None, "R-4.8"
                    elif count <= WALL:
                        if wall_take:
                            phase, turn = _LAST_DISCARD, dealer if player == first else first
                        else:
                            phase, turn = _OVER, None
                    else:
                        phase, turn = drawing, dealer if player == first else first
                elif kind is draw_kind:
                    player, source, named = move
                    if player != turn:
                        break
                    if source == "stock":
                        if phase is not drawing or not count:
                            break
                        if stock is not None:
                            card = stock[position]
                            if named is not None and named != card:
                                break
                            position += 1
                        elif named is None or seen >> named & 1:
                            break
                        else:
                            card = named
                        count -= 1
                        taken = None
                    else:
                        # The last discard at the wall is left to draw().
                        if phase is not first_turn and (phase is not drawing or stock_only):
                            break
                        if not pile:
                            break
                        card = pile[-1]
                        if named is not None and named != card:
                            break
                        pile.pop()
                        taken = card
                        pile_draws += 1
                    bit = bits[card]
                    seen |= bit
                    hands[player] |= bit
                    stock_only = must_knock = False
                    phase = discarding
                    record(new_record(record_kind, (move, card)))
                else:
                    break
            else:
                index = end
        finally:
            self.phase, self.turn, self.taken, self.seen = phase, turn, taken, seen
            self._next, self.stock_count, self.pile_draws = position, count, pile_draws
            self.stock_only, self.must_knock, self.end_rule = stock_only, must_knock, end_rule
        return index

    def knock_out(self, move: Knock) -> Record:
        """Knock (or go gin): the spread is shown and the defender lays down next (R-5, R-6)."""
        self._spread = self.verify_knock(move)
        player, discard = move.player, move.discard
        if discard is not None:
            self.hands[player] &= ~CARD_BITS[discard]
            self.pile.append(discard)
        self.taken = None
        self.knock = KnockRecord(player, discard, move.melds)
        self.phase, self.turn = _LAY_DOWN, self.other(player)
        return self._record(move, None)

    def lay_down(self, move: LayDown) -> Record:
        """The defender's spread; the knock is scored and the deal is over (R-6, R-7)."""
        self.verify_lay_down(move)
        if move.melds is None and move.layoffs is None:
            self.score = self.provisional_score()
        else:
            self.score = self._score(move.melds or (), move.layoffs or ())
        self.phase, self.turn = _OVER, None
        return self._record(move, None)

    def settle(self) -> RoundScore:
        """After a knock with no lay_down: the defender's best reply is laid down (R-6.4)."""
        self.lay_down(LayDown(self.defender))
        return self.score

    def provisional_score(self) -> RoundScore:
        """The knock scored with the defender's best reply, leaving the deal awaiting the
        defender's own lay_down (R-6.4)."""
        if self._best is None:
            self._best = self._score(None, None)
        return self._best

    def _score(self, melds: tuple[Meld, ...] | None,
               layoffs: tuple[Layoff, ...] | None) -> RoundScore:
        knock = self.knock
        try:
            return score_round(
                self.hands[knock.knocker], self.hands[self.other(knock.knocker)], self.rules,
                self.limit, discard=knock.discard, knocker_melds=knock.melds,
                defender_melds=melds, layoffs=layoffs, upcard=self.upcard,
                knocker_arrangement=self._spread)
        except InvalidHandError as error:
            first = error.problems[0]
            raise IllegalMove(first.code, first.rule or "R-6", first.detail) from None

    def _record(self, move: Move, card: Card | None) -> Record:
        record = _new_record(Record, (move, card))
        self.history.append(record)
        return record

    # What may come next -----------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the player whose turn it is.  Stock draws carry no card; knocks
        carry no melds (the service arranges them, R-5.3): one per discard the knock limit
        allows, and big gin where played (R-5.5).  After a knock: the defender's best lay-down."""
        player, phase = self.turn, self.phase
        if phase is _OVER:
            return ()
        if phase is _LAY_DOWN:
            return (LayDown(player),)
        take = Draw(player, "discard", self.pile[-1]) if self.pile else None
        if phase is _FIRST_TURN:
            return (Pass(player), take)
        if phase is _DRAW:
            if take is not None and not self.stock_only:
                return (Draw(player, "stock"), take)
            return (Draw(player, "stock"),)
        if phase is _LAST_DISCARD:
            # Taking the last discard is legal only where a knock can follow.
            top = self.pile[-1]
            if self._knocks(player, self.hands[player] | CARD_BITS[top], top):
                return (Pass(player), take)
            return (Pass(player),)
        hand = self.hands[player]
        knocks = self._knocks(player, hand, self.taken)
        if self.must_knock:
            return knocks
        forbidden = self.taken if self.rules.taken_card_discard == "forbid" else None
        return tuple(Discard(player, card) for card in mask_cards(hand)
                     if card != forbidden) + knocks

    def public_moves(self) -> tuple[Move, ...]:
        """The options of the player to move as anyone may know them: what depends on their
        hidden hand is ``HIDDEN`` (GAMELOG.md ``view``)."""
        player, phase = self.turn, self.phase
        if phase is _DISCARD:
            knock = Knock(player, HIDDEN)
            return (knock,) if self.must_knock else (Discard(player, HIDDEN), knock)
        if phase is _LAST_DISCARD:
            return (Pass(player), Draw(player, "discard", self.pile[-1]))
        return self.legal_moves()

    def _knocks(self, player: str, hand: int, taken: Card | None) -> tuple[Knock, ...]:
        """The knocks an eleven-card hand allows, one per discard (R-4.3, R-5.1, R-5.5)."""
        forbidden = taken if self.rules.taken_card_discard == "forbid" else None
        solution = solver_for(self.rules).solve(hand)
        cards = mask_cards(hand)
        limit = self.limit
        knocks = [Knock(player, card) for card, count in zip(cards, solution.discard_counts)
                  if card != forbidden and count <= limit]
        if self.rules.big_gin_bonus is not None and solution.all_melded():
            knocks.append(Knock(player, None))
        return tuple(knocks)

    def lay_down_option(self) -> LayDownOption:
        """The defender's choice after a knock that is not gin (R-6.1): the knocker's melds as
        scored, and every card some play could lay off, with the meld it goes on.

        Layoffs name the knock's declared melds, so after a knock without declared melds only
        the defender's own melds may be laid down (GAMELOG.md)."""
        score = self.score if self.score is not None else self.provisional_score()
        knocker_melds = score.knocker.melds
        layable: tuple[Layoff, ...] = ()
        if self.knock.melds is not None:
            defender = self.hands[self.other(self.knock.knocker)]
            layable = layable_by_meld(knocker_melds, defender, self.rules.round_the_corner)
        return LayDownOption(knocker_melds, layable)

    # Copies and views -------------------------------------------------------------------

    def copy(self) -> "Deal":
        """An independent copy, for looking ahead."""
        twin = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.hands = dict(self.hands)
        twin.pile = list(self.pile)
        twin.history = list(self.history)
        return twin

    def view(self, player: str) -> DealView:
        """What ``player`` may know of this deal (views.py)."""
        from .views import view_of

        return view_of(self, player)

    @classmethod
    def from_view(cls, view: DealView, opponent_hand: Iterable[Card],
                  stock: Sequence[Card]) -> "Deal":
        """A full deal consistent with ``view``, its hidden cards supplied by the caller (the
        opponent's hand and the stock, next first): for sampling what a player cannot see."""
        opponent_cards = tuple(opponent_hand)
        stock = tuple(stock)
        if len(opponent_cards) != view.opponent_hand_size:
            raise ValueError(f"the opponent holds {view.opponent_hand_size} cards, "
                             f"got {len(opponent_cards)}")
        if len(stock) != view.stock_count:
            raise ValueError(f"the stock holds {view.stock_count} cards, got {len(stock)}")
        missing = set(view.opponent_known) - set(opponent_cards)
        if missing:
            raise ValueError("the opponent's hand must hold the cards they are known to hold")
        cards = (*view.hand, *opponent_cards, *view.pile, *stock)
        if len(set(cards)) != len(cards):
            raise ValueError("a card is in two places")
        deal = cls.__new__(cls)
        deal.rules = view.rules
        deal.dealer = view.dealer
        deal.first = view.player if view.dealer == view.opponent else view.opponent
        deal.players = (deal.first, deal.dealer)
        deal.upcard = view.upcard
        deal.limit = view.limit
        deal.hands = {view.player: _mask(view.hand), view.opponent: _mask(opponent_cards)}
        deal.pile = list(view.pile)
        deal._stock = stock
        deal._next = 0
        deal.stock_count = len(stock)
        deal.seen = _mask(cards) & ~_mask(stock)
        deal.phase = view.phase
        deal.turn = view.turn
        deal.taken = view.taken
        deal.pile_draws = view.pile_draws
        deal.first_turn_passes = view.first_turn_passes
        deal.stock_only = view.stock_only
        deal.must_knock = view.must_knock
        deal.end_rule = "R-4.6"
        deal.knock = view.knock
        deal.score = view.score
        deal.history = list(view.history)
        deal._draw_limit = view.rules.upcard_draw_limit
        deal._wall_take = view.rules.wall == "last_discard"
        deal._best = None
        deal._spread = None
        return deal

    def __repr__(self) -> str:
        hands = ", ".join(f"{p}: {' '.join(CARD_NAMES[c] for c in mask_cards(m))}"
                          for p, m in self.hands.items())
        return f"<Deal {self.phase.value} turn={self.turn} {hands}>"


_PHASES_OF = {Pass: (_FIRST_TURN, _LAST_DISCARD),
              Draw: _DRAW_PHASES,
              Discard: (_DISCARD,), Knock: (_DISCARD,), LayDown: (_LAY_DOWN,)}
"""The phases in which a move of each kind may come (R-4.1, R-4.2, R-4.7, R-6.1)."""
_VERIFY = {Pass: Deal.verify_pass, Draw: Deal.verify_draw, Discard: Deal.verify_discard,
           Knock: Deal.verify_knock, LayDown: Deal.verify_lay_down}
_PLAY = {Pass: Deal.pass_turn, Draw: Deal.draw, Discard: Deal.discard, Knock: Deal.knock_out,
         LayDown: Deal.lay_down}
