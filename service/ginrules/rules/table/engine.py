"""The table engine: one two-player deal as a state you apply moves to (R-3 to R-7).

This is the only executable copy of the rules of play.  Every move comes as a triad, so that
a rule is written once:

- ``verify_<move>(move)`` raises :class:`~..errors.IllegalMove` with its code, rule and reason;
- ``can(move)`` is the same check as a boolean, for a move of any kind;
- the move itself (``pass_turn``, ``draw``, ``discard``, ``knock_out``, ``lay_down``) calls
  the check and applies the move; ``play(move)`` does it for a move of any kind and returns
  the frozen :class:`~.moves.Record` of what happened, and ``history`` lists them all.

:meth:`Deal.legal_moves` is every candidate move that passes the checks (as python-chess
filters its pseudo-legal moves through one legality predicate), so what is offered and what is
accepted cannot disagree.  A deal is made from hands (:class:`Deal`), a shuffled deck
(:meth:`Deal.from_deck`) or a view and sampled hidden cards (:meth:`Deal.from_view`), each
checked by :func:`~.dealing.check_deal`; :meth:`Deal.copy` is cheap, for look-ahead.  Who
deals, who is offered the upcard first and how results add up: ``match/variants.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, Union, cast

from ..base.cards import (CARD_BITS, CARD_NAMES, CARDS, Card, card_number, cards_mask,
                          mask_cards)
from ..base.melds import Arrangement, Meld
from ..base.options import Rules
from ..base.sizes import DECK_SIZE, STOCK_SIZE, WALL
from ..errors import IllegalDeal, IllegalMove, InvalidHandError
from ..hands.knock import (big_gin_allowed, check_knock, count_may_knock,
                           may_discard_taken_card, plays_big_gin, taken_card_fault)
from ..hands.solver import solver_for
from ..hands.layoffs import Layoff, layable_by_meld, layoffs_fault, may_lay_off
from ..hands.scoring import DealScore, score_deal
from .dealing import check_deal, check_distinct, deal_deck
from .moves import (HIDDEN, DealView, Discard, Draw, Knock, KnockRecord, LayDown, LayDownOption,
                    Move, Pass, Phase, Record)

# The phases by module name, read several times per action: a final name is read at once by
# the compiled code, which looks any other module name up by its string.
_FIRST_TURN: Final = Phase.FIRST_TURN
_DRAW: Final = Phase.DRAW
_DISCARD: Final = Phase.DISCARD
_LAST_DISCARD: Final = Phase.LAST_DISCARD
_LAY_DOWN: Final = Phase.LAY_DOWN
_OVER: Final = Phase.OVER
_DRAW_PHASES: Final = (_FIRST_TURN, _DRAW, _LAST_DISCARD)
# The move kinds likewise, asked of every move checked, applied or offered (a name imported
# from a module left as Python is looked up at every read too).
_Pass: Final = Pass
_Draw: Final = Draw
_Discard: Final = Discard
_Knock: Final = Knock
_LayDown: Final = LayDown
_Record: Final = Record

_new: Final = tuple.__new__
"""``_new(Record, (move, card, declined))`` is ``Record(move, card, declined)`` without the call
through the constructor: the draws and discards make one per action."""

Played = Union[Move, Record, tuple[Move, Card | None, Card | None]]
"""An entry of a deal's compact move log (see ``Deal._played``)."""

_UNDEALT: Final[Mapping[str, Sequence[int]]] = MappingProxyType({})
"""The hands ``copy`` and ``from_view`` give ``Deal``: deal nothing, every attribute is set by
the caller.  (A class compiled by mypyc always runs ``__init__``, ``Deal.__new__`` included.)"""


class Deal:
    """One two-player deal, from the deal to its result (R-3 to R-7)."""

    __slots__ = ("rules", "players", "first", "dealer", "upcard", "limit", "phase", "turn",
                 "hands", "pile", "_stock", "_next", "stock_count", "seen", "taken",
                 "pile_draws", "returns", "first_turn_passes", "stock_only", "must_knock",
                 "end_rule", "knock", "score", "_played", "_records", "_discards", "_draw_limit",
                 "_returns_end", "_wall_take", "_best", "_spread")

    def __init__(self, rules: Rules, hands: Mapping[str, Sequence[int]], upcard: int,
                 first: str, stock: Sequence[int] | None = None) -> None:
        """Deal ``hands`` (two players, ``first`` offered the upcard first, R-4.2), the upcard
        and the stock, next card first (None when it is not known: each stock draw then names
        its card, R-4.5).  :class:`~..errors.IllegalDeal` unless the cards are a deal."""
        if hands is _UNDEALT:  # a copy, or a deal made from a view: its caller sets the rest
            return
        if len(hands) != 2 or first not in hands:
            raise IllegalDeal("wrong_players", "R-3.1",
                              "a deal seats two players, the first of them offered the upcard")
        self.hands = check_deal(hands, upcard, stock)
        # Cards may come as plain numbers (a Card is an int); the deal keeps the cards
        # themselves, which the compiled core's type checks hold it to.
        card = CARDS[upcard]
        names = list(hands)
        self._begin(rules, first, names[1] if names[0] == first else names[0], card)
        self.pile = [card]
        self._stock = tuple([CARDS[c] for c in stock]) if stock is not None else None
        self._next = 0
        self.stock_count = len(self._stock) if self._stock is not None else STOCK_SIZE
        self.seen = self.hands[first] | self.hands[self.dealer] | CARD_BITS[upcard]
        self.phase = _FIRST_TURN
        self.turn: str | None = first
        self.taken: Card | None = None
        self.pile_draws = 0
        """Draws from the discard pile in this deal's normal turns (R-4.8): neither the take
        of the upcard on the first turn nor the take of the last discard at the wall."""
        self.returns = 0
        """Returns in a row, up to the last discard: discards of the card the same player took
        from the discard pile that turn (R-4.9)."""
        self.first_turn_passes = 0
        self.stock_only = False
        """Both players passed the upcard: the non-dealer draws from the stock (R-4.2)."""
        self.must_knock = False
        """The last discard was taken at the wall: only a knock may follow (R-4.7)."""
        self._played: list[Played] = []
        """The moves played, compactly: a move that drew no card and left no pile card declined
        as itself, any other as the plain tuple of its record (see :attr:`history`)."""
        self._records: list[Record] = []

    def _begin(self, rules: Rules, first: str, dealer: str, upcard: Card) -> None:
        """What every way of making a deal sets alike: the rules and the seats."""
        self.rules = rules
        self.first, self.dealer = first, dealer
        self.players = (first, dealer)
        self.upcard = upcard
        limit = rules.knock_limit_for(upcard)
        assert limit is not None, "the upcard fixes every knock limit"
        self.limit: int = limit
        self.end_rule = "R-4.6"
        """The rule that ended the deal without a knock: the wall, R-4.7, R-4.8 or R-4.9."""
        self.knock: KnockRecord | None = None
        self.score: DealScore | None = None
        self._draw_limit = rules.upcard_draw_limit
        self._returns_end = rules.repeated_return_draw
        self._wall_take = rules.wall == "last_discard"
        self._best: DealScore | None = None
        self._spread: Arrangement | None = None
        """The knocker's spread as the knock was judged on it, for scoring it (R-5.3)."""
        self._discards: dict[str, list[Discard | None]] = {first: [None] * DECK_SIZE,
                                                            dealer: [None] * DECK_SIZE}
        """Each player's discard of each card, made once (moves are values: copies share them)."""

    @classmethod
    def from_deck(cls, rules: Rules, deck: Sequence[Card], first: str, dealer: str) -> "Deal":
        """Deal a shuffled deck (R-3.1, :func:`~.dealing.deal_deck`): its first ten cards to
        ``first`` (the non-dealer), the next ten to ``dealer`` (the other player at the table:
        in cutthroat the dealer sits out, R-9.3), the next card face up as the upcard, the
        rest the stock."""
        hands, upcard, stock = deal_deck(deck, first, dealer)
        return cls(rules, hands, upcard, first, stock)

    @classmethod
    def from_view(cls, view: DealView, opponent_hand: Iterable[int],
                  stock: Sequence[int]) -> "Deal":
        """A full deal consistent with ``view``, its hidden cards supplied by the caller (the
        opponent's hand and the stock, next first): for sampling what a player cannot see.
        :class:`~..errors.IllegalDeal` when the cards do not fit the view."""
        opponent_cards = tuple([CARDS[c] for c in opponent_hand])
        cards = tuple([CARDS[c] for c in stock])
        if len(opponent_cards) != view.opponent_hand_size:
            raise IllegalDeal("wrong_hand_size", "R-3.1",
                              f"the opponent holds {view.opponent_hand_size} cards, "
                              f"got {len(opponent_cards)}", ("opponent_hand",))
        if len(cards) != view.stock_count:
            raise IllegalDeal("wrong_stock_size", "R-3.1",
                              f"the stock holds {view.stock_count} cards, got {len(cards)}",
                              ("stock",))
        if not set(view.opponent_known) <= set(opponent_cards):
            raise IllegalDeal("known_card_missing", "R-4.1",
                              "the opponent's hand must hold the cards they are known to hold",
                              ("opponent_hand",))
        check_distinct((*view.hand, *opponent_cards, *view.pile, *cards), "the deal")
        # Nothing dealt (``_UNDEALT``): all its state is set below.
        deal = Deal(view.rules, _UNDEALT, 0, "")
        first = view.player if view.dealer == view.opponent else view.opponent
        deal._begin(view.rules, first, view.dealer, view.upcard)
        deal.hands = {view.player: cards_mask(view.hand), view.opponent: cards_mask(opponent_cards)}
        deal.pile = list(view.pile)
        deal._stock = cards
        deal._next = 0
        deal.stock_count = len(cards)
        deal.seen = deal.hands[view.player] | deal.hands[view.opponent] | cards_mask(view.pile)
        deal.phase, deal.turn, deal.taken = view.phase, view.turn, view.taken
        deal.pile_draws, deal.returns = view.pile_draws, view.returns
        deal.first_turn_passes = view.first_turn_passes
        deal.stock_only, deal.must_knock = view.stock_only, view.must_knock
        deal.knock, deal.score = view.knock, view.score
        deal._played, deal._records = list(view.history), list(view.history)
        return deal

    # Reading the state ------------------------------------------------------------------

    @property
    def stock(self) -> list[Card] | None:
        """The cards still in the stock, next first; None when the deal's stock is unknown."""
        return None if self._stock is None else list(self._stock[self._next:])

    @property
    def history(self) -> tuple[Record, ...]:
        """Every move played, in order, each with what it did (a :class:`~.moves.Record`)."""
        records, played = self._records, self._played
        if len(records) < len(played):
            records += map(_record_of, played[len(records):])
        return tuple(records)

    @property
    def over(self) -> bool:
        return self.phase is _OVER

    @property
    def defender(self) -> str | None:
        return None if self.knock is None else self.other(self.knock.knocker)

    @property
    def winner(self) -> str | None:
        """The player who won the deal (R-7); None until it is scored, and for a drawn deal
        or a tie without a winner (R-4.6, R-7.2)."""
        score, knock = self.score, self.knock
        if score is None or score.winner is None or knock is None:
            return None
        return knock.knocker if score.winner == "knocker" else self.other(knock.knocker)

    def other(self, player: str) -> str:
        """The other player at the table."""
        return self.dealer if player == self.first else self.first

    def hand(self, player: str) -> tuple[Card, ...]:
        return mask_cards(self.hands[player])

    # Checks -----------------------------------------------------------------------------

    def verify_moment(self, kind: type, player: str) -> None:
        """Whether it is ``player``'s moment for a move of this kind, whatever its content:
        the deal is on, the player sits here, it is their turn, the phase takes such a move
        (R-4.1, R-4.2, R-4.4, R-4.7, R-6.1)."""
        if player == self.turn and self.phase in _PHASES_OF[kind]:
            return
        if self.phase is _OVER:
            raise IllegalMove("round_over", self.end_rule if self.knock is None else "R-5.3",
                              "the round is over; no action may follow")
        if player not in self.hands:
            raise IllegalMove("not_at_table", "R-4.4",
                              f"{player[:40]!r} is not playing this round")
        if self.phase is not _LAY_DOWN and player != self.turn:
            raise IllegalMove("not_your_turn", "R-4.4",
                              f"it is {self.turn}'s turn, not {player}'s")
        self._wrong_kind()

    def verify_pass(self, move: Pass) -> None:
        """Passing declines the first upcard (R-4.2) or the last discard at the wall (R-4.7)."""
        self.verify_moment(_Pass, move.player)

    def verify_draw(self, move: Draw) -> None:
        """A draw from a non-empty source, at the right moment (R-4.1, R-4.2, R-4.4, R-4.5);
        at the wall, the last discard only where a knock can follow (R-4.7)."""
        phase = self.phase
        player, source, named = move
        if player != self.turn or (phase is not _DRAW and phase not in _DRAW_PHASES):
            self.verify_moment(_Draw, player)
        if source == "stock":
            if phase is not _DRAW:
                if phase is _FIRST_TURN:
                    raise IllegalMove("must_pass_or_take_upcard", "R-4.2",
                                      "on the first turn a player takes the upcard or passes; "
                                      "the stock is drawn only after both have passed")
                self._wrong_kind()
            if not self.stock_count:
                raise IllegalMove("empty_stock", "R-4.4", "the stock is empty")
            if named is not None:
                if self._stock is not None:
                    if named != self._stock[self._next]:
                        raise IllegalMove("wrong_stock_card", "R-4.5",
                                          f"the next stock card is "
                                          f"{CARD_NAMES[self._stock[self._next]]}, not "
                                          f"{CARD_NAMES[named]}")
                elif self.seen >> card_number(named) & 1:
                    raise IllegalMove("card_already_seen", "R-4.5",
                                      f"{CARD_NAMES[named]} was already dealt or drawn: it "
                                      "cannot come from the stock")
            return
        if source != "discard":
            raise IllegalMove("unknown_source", "R-4.1",
                              f"a draw is from the stock or the discard pile, not {source!r}")
        if self.stock_only:
            raise IllegalMove("must_draw_from_stock", "R-4.2",
                              "both players passed the upcard: the non-dealer draws from the "
                              "stock")
        if not self.pile:
            raise IllegalMove("empty_discard_pile", "R-4.4", "the discard pile is empty")
        top = self.pile[-1]
        if named is not None and named != top:
            raise IllegalMove("wrong_discard_card", "R-4.1",
                              f"the top of the discard pile is {CARD_NAMES[top]}, not "
                              f"{CARD_NAMES[named]}")
        if phase is _LAST_DISCARD and not self._knock_follows(player, top):
            raise IllegalMove("take_without_knock", "R-4.7",
                              f"at the wall {CARD_NAMES[top]} may be taken only to knock or go "
                              f"gin in the same turn, and no knock would then be legal")

    def verify_discard(self, move: Discard) -> None:
        """A discard of a card in the hand, not the card just taken where forbidden (R-4.1,
        R-4.3, R-4.4); after the last discard was taken at the wall only a knock (R-4.7)."""
        card: Card
        # A move played names its card: HIDDEN is only in views of another player's options.
        player, card = move  # type: ignore[assignment]
        if player != self.turn or self.phase is not _DISCARD:
            self.verify_moment(_Discard, player)
        if self.must_knock:
            self._wrong_kind()
        if not self.hands[player] >> card_number(card) & 1:
            raise IllegalMove("card_not_in_hand", "R-4.4",
                              f"{CARD_NAMES[card]} is not in {player}'s hand")
        if card == self.taken:
            fault = taken_card_fault(card, self.taken, self.rules)
            if fault is not None:
                raise IllegalMove(fault.code, fault.rule, fault.detail)

    def verify_knock(self, move: Knock) -> Arrangement:
        """A knock the knock limit and the declared melds allow (R-4.3, R-5.1 to R-5.6); the
        spread it was judged on (see :func:`~..hands.knock.check_knock`)."""
        self.verify_moment(_Knock, move.player)
        # A move played names its discard: HIDDEN is only in views of another player's options.
        judged = check_knock(self.hands[move.player], cast("Card | None", move.discard),
                             self.rules, self.limit, melds=move.melds, taken_card=self.taken)
        if judged.violations:
            first = judged.violations[0]
            raise IllegalMove(first.code, first.rule, first.detail)
        assert judged.arrangement is not None
        return judged.arrangement

    def _knock_follows(self, player: str, taken: int) -> bool:
        """Whether, once ``taken`` is in the hand, some knock passes :func:`check_knock` (R-4.7):
        asked of every knock worth the whole check (:meth:`_knock_discards`)."""
        hand = self.hands[player] | CARD_BITS[taken]
        return any(check_knock(hand, discard, self.rules, self.limit, taken_card=taken).legal
                   for discard in self._knock_discards(hand))

    def _knock_discards(self, hand: int) -> list[Card | None]:
        """The discards of an eleven-card hand (None: big gin) whose count passes the knock
        rule's precheck (``count_may_knock``, R-5.1; ``big_gin_allowed``, R-5.5)."""
        rules, limit = self.rules, self.limit
        solver = solver_for(rules)
        discards: list[Card | None] = [
            card for card, count in zip(mask_cards(hand), solver.discard_counts(hand))
            if count_may_knock(count, limit)]
        # Most rules play no big gin: asked first, it spares solving the eleven cards.
        if plays_big_gin(rules) and big_gin_allowed(solver.min_deadwood(hand), rules):
            discards.append(None)
        return discards

    def verify_lay_down(self, move: LayDown) -> DealScore | None:
        """Only the defender lays down, only after a knock; layoffs need declared knocker melds,
        and the spread must be the defender's own valid one (R-6.1 to R-6.4).  The round's
        score with a declared spread; None for the defender's best reply (R-6.4), the service's
        own spread, scored as it is laid down."""
        self.verify_layoffs_named(move)
        if move.melds is None and move.layoffs is None:
            return None
        return self._score(move.melds or (), move.layoffs or ())

    def verify_layoffs_named(self, move: LayDown) -> None:
        """The part of the lay-down check that needs no spread: the defender's moment, and
        whether this knock takes layoffs at all (R-6.1, R-6.3, :func:`~..hands.layoffs.
        layoffs_fault`).  A reader asks it before it reads the declared melds."""
        self.verify_moment(_LayDown, move.player)
        knock = self.knock
        assert knock is not None
        if move.layoffs:
            fault = layoffs_fault(move.layoffs, melds_declared=knock.melds is not None)
            if fault is not None:
                raise IllegalMove(fault.code, fault.rule, fault.detail)

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
        """Raise :class:`~..errors.IllegalMove` unless ``move`` is legal now: the check of its
        kind, called by name (a direct call once compiled), the commonest kinds first."""
        kind = type(move)
        if kind is _Discard:
            self.verify_discard(cast(Discard, move))
        elif kind is _Draw:
            self.verify_draw(cast(Draw, move))
        elif kind is _Knock:
            self.verify_knock(cast(Knock, move))
        elif kind is _Pass:
            self.verify_pass(cast(Pass, move))
        elif kind is _LayDown:
            self.verify_lay_down(cast(LayDown, move))
        else:
            raise TypeError(f"not a move: {move!r}")

    def can(self, move: Move) -> bool:
        """Whether ``move`` is legal now (the same check as :meth:`verify`)."""
        try:
            self.verify(move)
        except IllegalMove:
            return False
        return True

    # Moves ------------------------------------------------------------------------------

    def play(self, move: Move) -> Record:
        """Verify and apply ``move``; the record of what happened."""
        self.apply(move)
        return _record_of(self._played[-1])

    def apply(self, move: Move) -> None:
        """:meth:`play` without the record, for callers who read none (a replay, a playout;
        :attr:`history` makes them when asked); ``draw`` and the others do it for their kind."""
        kind = type(move)
        if kind is _Discard:
            self.discard(cast(Discard, move))
        elif kind is _Draw:
            self.draw(cast(Draw, move))
        elif kind is _Knock:
            self.knock_out(cast(Knock, move))
        elif kind is _Pass:
            self.pass_turn(cast(Pass, move))
        elif kind is _LayDown:
            self.lay_down(cast(LayDown, move))
        else:
            raise TypeError(f"not a move: {move!r}")

    def pass_turn(self, move: Pass) -> None:
        self.verify_pass(move)
        declined = self.pile[-1]
        if self.phase is _LAST_DISCARD:
            self.phase, self.turn, self.end_rule = _OVER, None, "R-4.7"
        else:
            self.first_turn_passes += 1
            if self.first_turn_passes == 1:
                self.turn = self.dealer
            else:  # both declined: the non-dealer draws from the stock
                self.turn, self.phase, self.stock_only = self.first, _DRAW, True
        self._played.append((move, None, declined))

    def draw(self, move: Draw) -> None:
        self.verify_draw(move)
        player, source, named = move
        if source == "stock":
            stock = self._stock
            if stock is not None:
                card = stock[self._next]
                self._next += 1
            elif named is None:
                # The card drawn is a chance outcome only the log can give.
                raise IllegalMove("missing_card", "R-4.5",
                                  "without a stock in the log, a stock draw names its card")
            else:
                card = named
                self.seen |= CARD_BITS[card_number(card)]
            self.stock_count -= 1
            self.taken = None
            self.stock_only = False
            pile = self.pile
            played = (move, card, pile[-1] if pile else None)
        else:
            phase = self.phase
            if phase is _DRAW:
                self.pile_draws += 1
                limit = self._draw_limit
                if limit is not None and self.pile_draws >= limit:
                    # The draw that reaches the limit ends the round at once as a draw, its card
                    # left on the pile: the draw is the round's last move.
                    self.phase, self.turn, self.end_rule = _OVER, None, "R-4.8"
                    self._played.append((move, None, None))
                    return
            card = self.pile.pop()
            self.taken = card
            # Only a knock may follow the last discard taken at the wall.
            self.must_knock = phase is _LAST_DISCARD
            played = (move, card, None)
        hands = self.hands
        hands[player] = hands[player] | CARD_BITS[card_number(card)]
        self.phase = _DISCARD
        self._played.append(played)

    def discard(self, move: Discard) -> None:
        """Discard, and end the turn: the round ends at the second return in a row (R-4.9) or
        the wall (R-4.6), or the next player may take the last discard (R-4.7) or draws (R-4.1)."""
        self.verify_discard(move)
        card: Card
        player, card = move  # type: ignore[assignment]  # a Card: verify_discard read it as one
        hands = self.hands
        hands[player] = hands[player] ^ CARD_BITS[card_number(card)]
        self.pile.append(card)
        self.returns = self.returns + 1 if card == self.taken else 0
        self.taken = None
        self._played.append(move)
        if self.returns >= 2 and self._returns_end:
            self.phase, self.turn, self.end_rule = _OVER, None, "R-4.9"
        elif self.stock_count <= WALL:
            if self._wall_take:
                self.phase = _LAST_DISCARD
                self.turn = self.dealer if player == self.first else self.first
            else:
                self.phase, self.turn = _OVER, None
        else:
            self.phase = _DRAW
            self.turn = self.dealer if player == self.first else self.first

    def knock_out(self, move: Knock) -> None:
        """Knock (or go gin): the spread is shown and the defender lays down next (R-5, R-6)."""
        self._spread = self.verify_knock(move)
        player, discard = move.player, cast("Card | None", move.discard)  # as verify_knock
        if discard is not None:
            hands = self.hands
            hands[player] = hands[player] & ~CARD_BITS[card_number(discard)]
            self.pile.append(discard)
        self.taken = None
        self.must_knock = False
        self.knock = KnockRecord(player, discard, move.melds)
        self.phase, self.turn = _LAY_DOWN, self.other(player)
        self._played.append(move)

    def lay_down(self, move: LayDown) -> None:
        """The defender's spread; the knock is scored and the deal is over (R-6, R-7)."""
        score = self.verify_lay_down(move)
        self.score = score if score is not None else self.provisional_score()
        self.phase, self.turn = _OVER, None
        self._played.append(move)

    def settle(self) -> DealScore:
        """After a knock with no lay_down: the defender's best reply is laid down (R-6.4)."""
        defender = self.defender
        assert defender is not None
        self.lay_down(LayDown(defender))
        assert self.score is not None
        return self.score

    def provisional_score(self) -> DealScore:
        """The knock scored with the defender's best reply, leaving the deal awaiting the
        defender's own lay_down (R-6.4)."""
        if self._best is None:
            self._best = self._score(None, None)
        return self._best

    def _score(self, melds: tuple[Meld, ...] | None,
               layoffs: tuple[Layoff, ...] | None) -> DealScore:
        knock = self.knock
        assert knock is not None
        try:
            return score_deal(
                self.hands[knock.knocker], self.hands[self.other(knock.knocker)], self.rules,
                self.limit, discard=knock.discard, knocker_melds=knock.melds,
                defender_melds=melds, layoffs=layoffs, upcard=self.upcard,
                knocker_arrangement=self._spread)
        except InvalidHandError as error:
            first = error.problems[0]
            raise IllegalMove(first.code, first.rule or "R-6", first.detail) from None

    # What may come next -----------------------------------------------------------------

    def candidates(self) -> tuple[Move, ...]:
        """The moves worth asking the checks about, a superset of the legal moves (as
        python-chess's pseudo-legal moves are): of the kinds the phase takes (``_PHASES_OF``),
        for the player to move, each card of their hand but the card just taken where the
        rules forbid discarding it (``may_discard_taken_card``, R-4.3), a stock draw naming no
        card, the defender's best reply (R-6.4), and the knocks leaving the arrangement to the
        service (R-5.3) whose count passes the knock rule's precheck (``count_may_knock``,
        R-5.1; ``big_gin_allowed``, R-5.5): the checks then ask the whole rule."""
        player = self.turn
        if player is None:
            return ()
        phase = self.phase
        moves: list[Move] = []
        if phase in _PHASES_OF[_Pass]:
            moves.append(_new(_Pass, (player,)))
        if phase in _PHASES_OF[_Draw]:
            moves.append(_new(_Draw, (player, "stock", None)))
            if self.pile:
                moves.append(_new(_Draw, (player, "discard", self.pile[-1])))
        if phase in _PHASES_OF[_Discard]:
            hand = self.hands[player]
            # Not the card just taken where it may not go: a refusal raises (docs/performance.md).
            cards = mask_cards(hand if self.taken is None or may_discard_taken_card(self.rules)
                               else hand & ~CARD_BITS[self.taken])
            made = self._discards[player]
            for card in cards:
                discard = made[card]
                if discard is None:
                    discard = made[card] = _new(_Discard, (player, card))
                moves.append(discard)
        if phase in _PHASES_OF[_Knock]:
            moves += [_new(_Knock, (player, card, None)) for card in self._knock_discards(hand)]
        if phase in _PHASES_OF[_LayDown]:
            moves.append(_new(_LayDown, (player, None, None)))
        return tuple(moves)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the player whose turn it is: the candidates that pass the
        checks.  Stock draws carry no card; knocks carry no melds (the service arranges them,
        R-5.3); after a knock, the defender's best lay-down."""
        legal: list[Move] = []
        for move in self.candidates():
            try:
                self.verify(move)
            except IllegalMove:
                continue
            legal.append(move)
        return tuple(legal)

    def public_moves(self) -> tuple[Move, ...]:
        """The options of the player to move as anyone may know them: a move whose legality
        depends on the hidden hand is shown in its shape, its card ``HIDDEN`` (``view``)."""
        player, phase = self.turn, self.phase
        if phase is _DISCARD:
            assert player is not None, "a player is to discard"
            knock = Knock(player, HIDDEN)
            return (knock,) if self.must_knock else (Discard(player, HIDDEN), knock)
        if phase is _LAST_DISCARD:
            assert player is not None, "a player is to take the last discard or pass"
            return (Pass(player), Draw(player, "discard", self.pile[-1]))
        return self.legal_moves()

    def lay_down_option(self) -> LayDownOption:
        """The defender's choice after a knock that is not gin (R-6.1): the knocker's melds as
        scored, and every card some play could lay off, with the meld it goes on.  Layoffs name
        the knock's declared melds, so after a knock without declared melds only the defender's
        own melds may be laid down (docs/gamelog.md); nothing goes on gin (``may_lay_off``)."""
        knock = self.knock
        assert knock is not None
        score = self.score if self.score is not None else self.provisional_score()
        knocker_melds = score.knocker.melds
        layable: tuple[Layoff, ...] = ()
        if may_lay_off(melds_declared=knock.melds is not None,
                       gin=score.knocker.deadwood_count == 0):
            defender = self.hands[self.other(knock.knocker)]
            layable = layable_by_meld(knocker_melds, defender, self.rules.round_the_corner)
        return LayDownOption(knocker_melds, layable)

    # Copies -----------------------------------------------------------------------------

    def copy(self) -> "Deal":
        """An independent copy, for looking ahead."""
        # Every attribute by name (a loop over ``__slots__`` reads each by its string: slower,
        # and a compiled class has no ``__slots__`` to read).  A slot forgotten here is unset in
        # the copy, and reading it raises at once.
        twin = Deal(self.rules, _UNDEALT, 0, "")
        twin.rules, twin.players, twin.first, twin.dealer = (self.rules, self.players, self.first,
                                                             self.dealer)
        twin.upcard, twin.limit, twin.phase, twin.turn = (self.upcard, self.limit, self.phase,
                                                          self.turn)
        twin.hands = dict(self.hands)
        twin.pile = list(self.pile)
        twin._stock, twin._next, twin.stock_count = self._stock, self._next, self.stock_count
        twin.seen, twin.taken, twin.pile_draws = self.seen, self.taken, self.pile_draws
        twin.returns, twin.first_turn_passes = self.returns, self.first_turn_passes
        twin.stock_only, twin.must_knock = self.stock_only, self.must_knock
        twin.end_rule, twin.knock, twin.score = self.end_rule, self.knock, self.score
        twin._played, twin._records = list(self._played), list(self._records)
        twin._discards = self._discards
        twin._draw_limit, twin._returns_end = self._draw_limit, self._returns_end
        twin._wall_take, twin._best, twin._spread = self._wall_take, self._best, self._spread
        return twin

    def __repr__(self) -> str:
        hands = ", ".join(f"{p}: {' '.join(CARD_NAMES[c] for c in mask_cards(m))}"
                          for p, m in self.hands.items())
        return f"<Deal {self.phase.value} turn={self.turn} {hands}>"


_PHASES_OF: Final = {_Pass: (_FIRST_TURN, _LAST_DISCARD), _Draw: _DRAW_PHASES,
                     _Discard: (_DISCARD,), _Knock: (_DISCARD,), _LayDown: (_LAY_DOWN,)}
"""The phases in which a move of each kind may come (R-4.1, R-4.2, R-4.7, R-6.1)."""


def _record_of(played: Played) -> Record:
    """The record of an entry of a deal's compact move log (see ``Deal._played``)."""
    kind = type(played)
    if kind is _Record:
        return played  # type: ignore[return-value]
    if kind is tuple:
        return _new(_Record, played)
    return _new(_Record, (played, None, None))
