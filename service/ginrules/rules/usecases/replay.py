"""Replaying a game log (docs/gamelog.md): every action checked against the rules, every round
scored, the game totalled, and for a game in progress whose move it is and what they may do.

The replay stops at the first violation in document order (R-3 to R-9); what was scored
before it is kept.  Every preset is replayed: the variants' seating, dealing and scoring come
from their bookkeeping (match/variants.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast

from ..base.cards import Card
from ..base.melds import Meld
from ..base.options import Rules
from ..documents.gamelog import Action, GameLog, LoggedDeal, declared_melds, read_log
from ..errors import (GameStateError, IllegalDeal, IllegalMove, InvalidMeldError, Problem,
                      RuleBroken, viewed_detail)
from ..hands.scoring import DealScore
from ..match.standings import Bonus
from ..match.variants import HollywoodTotals, DealResult, Tally, Totals, Variant, variant_for
from ..table.engine import Deal
from ..table.moves import Discard, Draw, Knock, LayDown, LayDownOption, Move, Phase
from ..table.views import Position, position_of

# The kinds asked of every action: a final name is read at once by the compiled code, which
# looks a name imported from a module left as Python up by its string at every read.
_Draw: Final = Draw
_Discard: Final = Discard
_new: Final = tuple.__new__
"""``_new(Knock, (player, discard, melds))`` is ``Knock(player, discard, melds)`` for fields
already read (a card, melds), without the constructor's reading of codes, which runs as Python."""


@dataclass(frozen=True, init=False)
class DealRecord:
    """A finished deal: who dealt, its result (R-7), and for a round of one deal what the
    round did to the match (the running totals after it, the variant's notes)."""

    dealer: str
    outcome: str
    knocker: str | None
    winner: str | None
    points: int
    score: DealScore | None
    defender: str | None
    tally: Tally | None = None
    """None for a table of a round of several tables (partnership), whose round has it."""
    provisional: bool = False
    """The log ends at this knock before the defender's lay_down: the result is the one with
    the defender's best reply (R-6.4) until the defender lays down."""
    final: Position | None = None
    """The table as the round left it, as the replay's viewer may see it."""

    # Its own __init__: compiled, it sets the fields natively (docs/performance.md,
    # 'Records built natively'); frozen, eq and repr are the dataclass's.
    def __init__(self, dealer: str, outcome: str, knocker: str | None, winner: str | None,
                 points: int, score: DealScore | None, defender: str | None,
                 tally: Tally | None = None, provisional: bool = False,
                 final: Position | None = None) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "knocker", knocker)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "defender", defender)
        object.__setattr__(self, "tally", tally)
        object.__setattr__(self, "provisional", provisional)
        object.__setattr__(self, "final", final)

    @property
    def totals(self) -> Totals | HollywoodTotals | None:
        return None if self.tally is None else self.tally.totals


@dataclass(frozen=True)
class PartnershipRound:
    """A partnership round: its two tables and the teams' netted result (R-9.4)."""

    tables: tuple[DealRecord, DealRecord]
    tally: Tally
    provisional: bool = False

    @property
    def winner(self) -> str | None:
        team_result = self.tally.team_result
        assert team_result is not None  # a partnership round's tally nets the teams
        return team_result.winner

    @property
    def points(self) -> int:
        team_result = self.tally.team_result
        assert team_result is not None  # a partnership round's tally nets the teams
        return team_result.points

    @property
    def totals(self) -> Totals | HollywoodTotals:
        return self.tally.totals


@dataclass(frozen=True)
class NextMove:
    """Whose move it is in a game in progress, and every legal action (docs/gamelog.md ``next``)."""

    round: int
    player: str | None
    phase: str
    moves: tuple[Move | LayDownOption, ...]
    """Every legal move; in a view, another player's options only as anyone may know them."""
    stock_remaining: int | None
    discard_top: Card | None
    hands: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    table: int | None = None
    """For partnership: which of the round's two tables."""
    pile: tuple[Card, ...] = ()
    """The discard pile, bottom first (none before a deal)."""
    hand_sizes: dict[str, int] = field(default_factory=dict)
    """Each player's number of cards, shown or not (none before a deal)."""



@dataclass(frozen=True)
class Replay:
    """The verdict on a log: valid or not, the rounds scored, the game's totals and winner."""

    valid: bool
    violations: tuple[Problem, ...]
    rounds: tuple[DealRecord | PartnershipRound, ...]
    totals: Totals | HollywoodTotals
    complete: bool
    winner: str | None
    next: NextMove | tuple[NextMove, ...] | None
    next_dealer: str | None = None
    """While the game goes on, who deals the next round (R-3.2, R-3.3, R-9); None while a round
    is unfinished (its result decides it) or where the rules leave the choice to the players."""
    bonuses: tuple[Bonus, ...] = ()
    margin: int | None = None
    deals: tuple[Deal, ...] = ()
    """The engine's live deal of each unfinished table of the current round (not in a reply):
    a state to view, copy and play on, e.g. for advice or a computer opponent."""
    match: Variant | None = None
    """The variant's bookkeeping as the log leaves it (not in a reply): seats, totals, the
    standing of each player (see progress.py)."""
    tables_over: tuple[tuple[int, Position], ...] = ()
    """For partnership, while a round is played: its tables already over, each with the table
    as it ended (its result waits for the round's other table)."""
    log: GameLog | None = None
    """The log as read: every card by its number, whatever notation it came in (R-1.4)."""


class _RefusedMove(RuleBroken):
    """A move of the log the rules refuse, with the player who made it: a player's view shows
    the full reason of that player's own refused moves (docs/gamelog.md ``view``)."""

    def __init__(self, broken: RuleBroken, mover: str) -> None:
        super().__init__(broken.code, broken.rule, broken.detail, broken.problem.path)
        self.mover = mover


class _ReplayedDeal:
    """A deal being replayed: the engine's deal, and where its table sits in the log."""

    def __init__(self, rules: Rules, index: int, table: LoggedDeal, first: str,
                 path: tuple[str | int, ...] = ()) -> None:
        self.rules = rules
        self.index = index
        self.path = path or ("rounds", index)
        self.table = table
        try:
            self.deal = Deal(rules, table.hands, table.upcard, first, table.stock)
        except IllegalDeal as error:
            raise error.prefixed(*self.path) from None
        self.dealer = self.deal.dealer
        self.knock_path: tuple[str | int, ...] | None = None
        self.pending = False
        """The log ends at a knock that is not gin: the defender's lay_down may follow."""
        self.score: DealScore | None = None

    def play(self, actions: tuple[Move | Action, ...]) -> None:
        """Apply the table's actions in order, each checked by the engine; a violation names
        its path, code and rule."""
        deal = self.deal
        position = 0
        # Each kind test below narrows the action, which mypy cannot follow through ``kind``.
        action: Any
        try:
            # The engine's own moves, called at once by kind (methods of the deal, called
            # natively once compiled): a log is mostly draws and discards.
            for position, action in enumerate(actions):
                kind = type(action)
                if kind is _Draw:
                    deal.draw(action)
                elif kind is _Discard:
                    deal.discard(action)
                elif kind is Action:
                    move = self._move(action)
                    deal.apply(move)
                    if type(move) is Knock:
                        self.knock_path = self.path + ("actions", position)
                    else:
                        self.score = deal.score
                else:
                    deal.apply(action)
        except IllegalMove as error:
            refused = error.prefixed(*self.path, "actions", position)
            raise _RefusedMove(refused, actions[position].player) from None

    def _move(self, action: Action) -> Move:
        """The engine's move for a knock or a lay_down; declared melds are read only where
        such a move may come now, so a move out of turn says so first."""
        player, kind = action.player, action.action
        if kind == "knock":
            melds = self._melds(Knock, player, action.melds)
            return _new(Knock, (player, action.discard, melds))
        if action.melds is None and action.layoffs is None:
            # Laid down without saying how: settled with the defender's best reply.
            return _new(LayDown, (player, None, None))
        if action.layoffs:
            self.deal.verify_layoffs_named(LayDown(player, (), action.layoffs))
        melds = self._melds(LayDown, player, action.melds)
        return LayDown(player, melds or (), action.layoffs or ())

    def _melds(self, kind: type, player: str, raw: Sequence[Any] | None
               ) -> tuple[Meld, ...] | None:
        if raw is None:
            return None
        try:
            return declared_melds(raw, round_the_corner=self.rules.round_the_corner)
        except InvalidMeldError as error:
            self.deal.verify_moment(kind, player)
            first = error.problems[0]
            raise IllegalMove(first.code, first.rule or "R-2", first.detail) from None

    def close(self, last: bool) -> None:
        """At the end of the log's actions: a knock with no lay_down gets the defender's best
        reply (R-6.4); where the log ends at it, the defender may still lay down their own."""
        deal = self.deal
        if deal.phase is not Phase.LAY_DOWN:
            return
        try:
            score = deal.provisional_score()
        except IllegalMove as error:
            assert self.knock_path is not None
            raise error.prefixed(*self.knock_path) from None
        self.score = score
        self.pending = last and score.outcome not in ("gin", "big_gin")
        if not self.pending:
            deal.settle()

    @property
    def over(self) -> bool:
        return self.deal.phase is Phase.OVER or self.pending

    @property
    def knocker(self) -> str | None:
        return None if self.deal.knock is None else self.deal.knock.knocker

    @property
    def defender(self) -> str | None:
        return self.deal.defender

    def moves(self, public: bool = False) -> tuple[Move | LayDownOption, ...]:
        """Every legal next move; ``public``: only their shape, as another player may know it
        (what depends on the hidden hand left out, docs/gamelog.md ``view``)."""
        if self.pending:
            if not public:
                return (self.deal.lay_down_option(),)
            defender = self.deal.defender
            assert defender is not None  # the knock awaits the defender's lay_down
            return (LayDown(defender),)
        return self.deal.public_moves() if public else self.deal.legal_moves()


def _violation(path: tuple[str | int, ...], fault: Problem) -> RuleBroken:
    """A seating fault of the bookkeeping, placed under the round or table it is about."""
    return RuleBroken(fault.code, fault.rule, fault.detail, path + fault.path)


def replay(document: Any, view: str | None = None) -> Replay:
    """Replay a game log (docs/gamelog.md).  ``view`` (else the log's own ``view``) hides what that
    player may not see; a view naming no player of the log is a :class:`GameStateError`."""
    log = read_log(document)
    if view is not None and view not in log.players:
        detail = f"view names a player, one of {', '.join(log.players)}"
        raise GameStateError("unknown_player", None, detail, ("view",))
    return _Replayer(log, view if view is not None else log.view).run()


class _Replayer:
    def __init__(self, log: GameLog, view: str | None) -> None:
        self.log = log
        self.rules = log.rules
        self.view = view
        self.players = list(log.players)
        self.match = variant_for(log.rules, self.players, roles=log.roles, teams=log.teams)
        self.records: list[DealRecord | PartnershipRound] = []
        self.current: list[_ReplayedDeal] = []

    def run(self) -> Replay:
        violations: tuple[Problem, ...] = ()
        try:
            for index, tables in enumerate(self.log.rounds):
                if self.match.complete:
                    raise RuleBroken("game_over", "R-8.1",
                                     f"the game is over: {self.match.winner} has won",
                                     ("rounds", index))
                self.play_round(index, tables)
        except _RefusedMove as refused:
            violations = (self._private(refused.problem, refused.mover),)
        except RuleBroken as violation:
            violations = (self._private(violation.problem, None),)
        match = self.match
        # A knock awaiting the defender's lay_down is provisional, so the game is not over
        # yet even when its provisional result would end it.
        pending = any(state.pending for state in self.current)
        complete = match.complete and not pending
        return Replay(
            valid=not violations, violations=violations, rounds=tuple(self.records),
            totals=match.running_totals() if pending and match.complete else match.totals(),
            complete=complete, winner=match.winner if complete else None,
            next=None if complete or violations else self.next_move(),
            next_dealer=None if complete or violations or any(
                not state.over or state.pending for state in self.current)
            else match.deals_next(),
            bonuses=tuple(match.bonuses()) if complete else (),
            margin=match.margin() if complete else None,
            deals=() if complete or violations else tuple(
                state.deal for state in self.current if not state.deal.over),
            match=match,
            tables_over=() if complete or violations else self.tables_over(),
            log=self.log,
        )

    def _private(self, problem: Problem, mover: str | None) -> Problem:
        """In a player's view, a violation keeps its pointer, code and rule; its detail is the
        full reason for the viewer's own refused move (their cards are theirs), and names no
        card and no count otherwise: another player's move, a deal, a seating."""
        if self.view is None:
            return problem
        return Problem(problem.path, problem.code,
                       viewed_detail(problem, own_move=mover == self.view), problem.rule)

    def _shows(self, state: _ReplayedDeal) -> bool:
        """Whether the reply may show a table's provisional result: it rests on the defender's
        hidden hand, so only the full log and the defender's own view show it."""
        return not state.pending or self.view is None or self.view == state.defender

    def play_round(self, index: int, tables: tuple[LoggedDeal, ...]) -> None:
        """Seat, play and record one round: its tables, checked against the variant's seating
        (R-3.2, R-9), each played in turn, and the round recorded once every table is over."""
        path = ("rounds", index)
        seated = [frozenset(table.hands) for table in tables]
        fault = self.match.check_round(seated)
        if fault is not None:
            raise _violation(path, fault)
        self.current = []
        states, seatings = [], []
        for position, table in enumerate(tables):
            where = self.match.table_path(path, position)
            seating = self.match.check_table(position, table.dealer, seated[position])
            if isinstance(seating, Problem):
                raise _violation(where, seating)
            states.append(self.play_table(where, index, table, seating.first))
            seatings.append(seating)
        for state in states:
            if not (state.over and self._shows(state)):
                return
        results = [self.result(state, table.dealer) for state, table in zip(states, tables)]
        tally = self.match.record([
            DealResult(seating.players, seating.dealer, result[3], result[4])
            for seating, result in zip(seatings, results)])
        provisional = any(state.pending for state in states)
        finals = [position_of(state.deal, self.view) for state in states]
        if len(results) == 1:
            self.records.append(DealRecord(*results[0], tally, provisional, finals[0]))
        else:
            both = cast("tuple[DealRecord, DealRecord]", tuple(
                DealRecord(*result, final=final) for result, final in zip(results, finals)))
            self.records.append(PartnershipRound(both, tally, provisional))

    def play_table(self, path: tuple[str | int, ...], index: int, table: LoggedDeal, first: str
                   ) -> _ReplayedDeal:
        state = _ReplayedDeal(self.rules, index, table, first, path)
        self.current.append(state)
        state.play(table.actions)
        state.close(last=index == len(self.log.rounds) - 1)
        return state

    @staticmethod
    def result(state: _ReplayedDeal, dealer: str
               ) -> tuple[str, str, str | None, str | None, int, DealScore | None, str | None]:
        """The result of a finished table (R-4.6, R-7), before the match takes it: the fields
        of its :class:`DealRecord` (dealer, outcome, knocker, winner, points, score,
        defender)."""
        score = state.score
        if score is None:  # the wall
            return (dealer, "draw", None, None, 0, None, None)
        knocker, defender = state.knocker, state.defender
        side = score.winner
        winner = knocker if side == "knocker" else defender if side == "defender" else None
        return (dealer, score.outcome, knocker, winner, score.points, score, defender)

    def tables_over(self) -> tuple[tuple[int, Position], ...]:
        """For partnership, the tables of a round still being played that are over (a knock
        awaiting its lay_down is not), each as it ended; their result waits for the round."""
        if self.match.tables_per_round == 1 or len(self.records) == len(self.log.rounds):
            return ()
        # A table's path is ("rounds", index, "tables", position).
        return tuple((cast(int, state.path[3]), position_of(state.deal, self.view))
                     for state in self.current if state.over and not state.pending)

    def next_move(self) -> NextMove | tuple[NextMove, ...]:
        unfinished = [state for state in self.current if not state.over or state.pending]
        round_index = len(self.log.rounds)
        if not unfinished:
            seat = self.match.seat()
            return NextMove(round_index, seat.dealer, "deal", (), None, None)
        moves = []
        for state in unfinished:
            deal = state.deal
            player = deal.turn
            seen = position_of(deal, self.view)
            public = self.view is not None and player != self.view
            # A table's path is ("rounds", index, "tables", position).
            table = cast(int, state.path[3]) if len(state.path) > 2 else None
            moves.append(NextMove(state.index, player, deal.phase.value, state.moves(public),
                                  deal.stock_count, deal.pile[-1] if deal.pile else None,
                                  seen.hands, table, seen.pile, seen.hand_sizes))
        if self.match.tables_per_round > 1:
            return tuple(moves)
        return moves[0]
