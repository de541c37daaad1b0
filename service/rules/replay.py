"""Replaying a game log (GAMELOG.md): every action checked against the rules, every round
scored, the game totalled, and for a game in progress whose move it is and what they may do.

The replay stops at the first violation in document order (R-3 to R-9); what was scored
before it is kept.  Every preset is replayed: the variants' seating, dealing and scoring come
from their bookkeeping (bookkeeping.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .cards import CARD_BITS, CARD_NAMES, Card, mask_cards
from .errors import InvalidHandError, InvalidMeldError, Problem
from .bookkeeping import Bonus, HollywoodTotals, TableResult, Tally, Totals, variant_for
from .documents import Action, GameLog, Table, read_log
from .knock import check_knock
from .layoffs import Layoff, layable_by_meld
from .melds import Meld, parse_melds
from .scoring import RoundScore, score_round
from .solver import solver_for
from .variants import Rules

STOCK_SIZE = 31
WALL = 2
"""Cards left in the stock when the round ends as a draw (R-4.6)."""


class _Violation(Exception):
    def __init__(self, path: tuple, code: str, rule: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = Problem(path, code, detail, rule)


@dataclass(frozen=True)
class RoundRecord:
    """A finished table: who dealt, its result (R-7), and for a round of one table what the
    round did to the match (the running totals after it, the variant's notes)."""

    dealer: str
    outcome: str
    knocker: str | None
    winner: str | None
    points: int
    score: RoundScore | None
    defender: str | None
    tally: Tally | None = None
    """None for a table of a round of several tables (partnership), whose round has it."""
    provisional: bool = False
    """The log ends at this knock before the defender's lay_down: the result is the one with
    the defender's best reply (R-6.4) until the defender lays down."""

    @property
    def totals(self) -> Totals | HollywoodTotals | None:
        return None if self.tally is None else self.tally.totals


@dataclass(frozen=True)
class PartnershipRound:
    """A partnership round: its two tables and the teams' netted result (R-9.4)."""

    tables: tuple[RoundRecord, RoundRecord]
    tally: Tally
    provisional: bool = False

    @property
    def winner(self) -> str | None:
        return self.tally.team_result.winner

    @property
    def points(self) -> int:
        return self.tally.team_result.points

    @property
    def totals(self) -> Totals | HollywoodTotals:
        return self.tally.totals


@dataclass(frozen=True)
class NextMove:
    """Whose move it is in a game in progress, and every legal action (GAMELOG.md ``next``)."""

    round: int
    player: str | None
    phase: str
    legal_actions: tuple[dict[str, Any], ...]
    stock_remaining: int | None
    discard_top: Card | None
    hands: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    table: int | None = None
    """For partnership: which of the round's two tables."""


@dataclass(frozen=True)
class Replay:
    """The verdict on a log: valid or not, the rounds scored, the game's totals and winner."""

    valid: bool
    violations: tuple[Problem, ...]
    rounds: tuple[RoundRecord | PartnershipRound, ...]
    totals: Totals | HollywoodTotals
    complete: bool
    winner: str | None
    next: NextMove | tuple[NextMove, ...] | None
    bonuses: tuple[Bonus, ...] = ()
    margin: int | None = None


class _Round:
    """The state of one deal being replayed."""

    def __init__(self, rules: Rules, index: int, table: Table, first: str,
                 path: tuple = ()) -> None:
        self.rules = rules
        self.index = index
        self.path = path or ("rounds", index)
        self.table = table
        self.players = list(table.hands)
        self.other = {self.players[0]: self.players[1], self.players[1]: self.players[0]}
        # The first-turn offer goes to ``first`` (the non-dealer; in cutthroat the player after
        # the sitting dealer), then to the other player at the table.
        self.nondealer = first
        self.dealer = self.other[first]
        self.hands = {p: _mask(cards) for p, cards in table.hands.items()}
        self.stock = list(table.stock) if table.stock is not None else None
        self.stock_count = STOCK_SIZE
        dealt = (c for cards in table.hands.values() for c in cards)
        self.seen = _mask(dealt) | CARD_BITS[table.upcard]
        self.pile = [table.upcard]
        self.turn = self.nondealer
        self.phase = "first_turn"
        self.first_turn_passes = 0
        self.stock_only = False
        self.taken: Card | None = None
        self.pile_draws = 0
        """Draws from the discard pile this round, the first upcard's included (R-4.8)."""
        self.must_knock = False
        """The last discard was taken at the wall: only a knock may follow (R-4.7)."""
        self.end_rule = "R-4.6"
        """The rule that ended a round without a knock: the wall, R-4.7 or R-4.8."""
        self.limit = rules.knock_limit_for(table.upcard)
        self.knock: dict[str, Any] | None = None
        self.over = False
        self.pending = False
        """The log ends at a knock that is not gin: the defender's lay_down may follow."""
        self.score: RoundScore | None = None

    # Actions -----------------------------------------------------------------------------

    def play(self, position: int, action: Action) -> None:
        path = self.path + ("actions", position)
        player = action.player
        if self.over:
            raise _Violation(path, "round_over", self.end_rule if self.knock is None else "R-5.3",
                             "the round is over; no action may follow")
        if player not in self.hands:
            raise _Violation(path, "not_at_table", "R-4.4",
                             f"{player[:40]!r} is not playing this round")
        if self.phase == "after_knock":
            if action.action != "lay_down" or player == self.knock["knocker"]:
                raise _Violation(path, "round_over", "R-6.1",
                                 "after a knock only the defender's lay_down may follow")
            self.lay_down(path, action)
            return
        if player != self.turn:
            raise _Violation(path, "not_your_turn", "R-4.4",
                             f"it is {self.turn}'s turn, not {player}'s")
        handler = getattr(self, f"_{self.phase}")
        handler(path, action)

    def _first_turn(self, path: tuple, action: Action) -> None:
        if action.action == "pass":
            self.first_turn_passes += 1
            if self.first_turn_passes == 1:
                self.turn = self.dealer
            else:  # both declined: the non-dealer draws from the stock
                self.turn, self.phase, self.stock_only = self.nondealer, "draw", True
            return
        if action.action == "draw" and action.source == "discard":
            self._draw(path, action)
            return
        if action.action == "draw":
            raise _Violation(path, "must_pass_or_take_upcard", "R-4.2",
                             "on the first turn a player takes the upcard or passes; the stock "
                             "is drawn only after both have passed")
        raise _Violation(path, "must_pass_or_take_upcard", "R-4.2",
                         f"on the first turn {self.turn} takes the upcard "
                         f"{CARD_NAMES[self.pile[-1]]} or passes")

    def _draw(self, path: tuple, action: Action) -> None:
        if action.action != "draw":
            raise _Violation(path, "must_draw", "R-4.1",
                             f"{self.turn} must draw (from the stock or the discard pile) first")
        player = self.turn
        if action.source == "stock":
            if self.stock_count == 0:
                raise _Violation(path, "empty_stock", "R-4.4", "the stock is empty")
            if self.stock is not None:
                card = self.stock[STOCK_SIZE - self.stock_count]
                if action.card is not None and action.card != card:
                    raise _Violation(path, "wrong_stock_card", "R-4.5",
                                     f"the next stock card is {CARD_NAMES[card]}, not "
                                     f"{CARD_NAMES[action.card]}")
            else:
                card = action.card
                if card is None:
                    raise _Violation(path, "missing_card", "R-4.5",
                                     "without a stock in the log, a stock draw names its card")
                if self.seen >> card & 1:
                    raise _Violation(path, "card_already_seen", "R-4.5",
                                     f"{CARD_NAMES[card]} was already dealt or drawn: it cannot "
                                     "come from the stock")
            self.stock_count -= 1
            self.taken = None
        else:
            if self.stock_only:
                raise _Violation(path, "must_draw_from_stock", "R-4.2",
                                 "both players passed the upcard: the non-dealer draws from the "
                                 "stock")
            if not self.pile:
                raise _Violation(path, "empty_discard_pile", "R-4.4", "the discard pile is empty")
            card = self.pile[-1]
            if action.card is not None and action.card != card:
                raise _Violation(path, "wrong_discard_card", "R-4.1",
                                 f"the top of the discard pile is {CARD_NAMES[card]}, not "
                                 f"{CARD_NAMES[action.card]}")
            self.pile.pop()
            self.taken = card
            self.pile_draws += 1
        self.seen |= CARD_BITS[card]
        self.hands[player] |= CARD_BITS[card]
        self.stock_only = False
        self.phase = "discard"

    def _discard(self, path: tuple, action: Action) -> None:
        if action.action == "knock":
            self.knock_now(path, action)
            return
        if self.must_knock:
            raise _Violation(path, "must_knock", "R-4.7",
                             f"{self.turn} took the last discard at the wall, which is allowed "
                             "only to knock or go gin in the same turn")
        if action.action != "discard":
            raise _Violation(path, "must_discard", "R-4.1",
                             f"{self.turn} has drawn and must discard (or knock)")
        player, card = self.turn, action.card
        if not self.hands[player] >> card & 1:
            raise _Violation(path, "card_not_in_hand", "R-4.4",
                             f"{CARD_NAMES[card]} is not in {player}'s hand")
        if card == self.taken and self.rules.taken_card_discard == "forbid":
            raise _Violation(path, "taken_card_discarded", "R-4.3",
                             f"{CARD_NAMES[card]} was taken from the discard pile this turn and "
                             "may not be discarded in the same turn")
        self.hands[player] &= ~CARD_BITS[card]
        self.pile.append(card)
        self.taken = None
        limit = self.rules.upcard_draw_limit
        if limit is not None and self.pile_draws >= limit:
            self.over, self.end_rule = True, "R-4.8"  # the pile draws reached the limit: a draw
            return
        if self.stock_count <= WALL:
            if self.rules.wall == "last_discard":
                # The next player may take this discard only to knock, or passes.
                self.turn, self.phase = self.other[player], "last_discard"
                return
            self.over = True  # the wall: a draw, the same dealer deals again
            return
        self.turn, self.phase = self.other[player], "draw"

    def _last_discard(self, path: tuple, action: Action) -> None:
        if action.action == "pass":
            self.over, self.end_rule = True, "R-4.7"  # declined at the wall: a draw
            return
        if action.action == "draw" and action.source == "discard":
            self._draw(path, action)
            self.must_knock = True
            return
        raise _Violation(path, "must_pass_or_take_last_discard", "R-4.7",
                         f"at the wall {self.turn} takes the last discard "
                         f"{CARD_NAMES[self.pile[-1]]} to knock, or passes")

    def knock_now(self, path: tuple, action: Action) -> None:
        player = self.turn
        melds = self._melds(path, action.melds)
        result = check_knock(self.hands[player], action.discard, self.rules, self.limit,
                             melds=melds, taken_card=self.taken)
        if not result.legal:
            first = result.violations[0]
            raise _Violation(path, first.code, first.rule, first.detail)
        spread = self.hands[player]
        if action.discard is not None:
            spread &= ~CARD_BITS[action.discard]
            self.pile.append(action.discard)
        self.hands[player] = spread
        self.knock = {"knocker": player, "discard": action.discard, "melds": melds,
                      "path": path}
        self.phase, self.turn = "after_knock", self.other[player]

    def lay_down(self, path: tuple, action: Action) -> None:
        if self.knock["melds"] is None and action.layoffs:
            raise _Violation(path, "layoffs_need_knocker_melds", "R-6.1",
                             "the knock declared no melds, so layoffs name no meld")
        melds = self._melds(path, action.melds) or ()
        self.finish(path, melds, action.layoffs or ())

    def finish(self, path: tuple, defender_melds=None, layoffs=None) -> None:
        """Score the knocked round (R-6, R-7), with the defender's spread if laid down."""
        knocker = self.knock["knocker"]
        defender = self.other[knocker]
        try:
            self.score = score_round(
                self.hands[knocker], self.hands[defender], self.rules, self.limit,
                discard=self.knock["discard"], knocker_melds=self.knock["melds"],
                defender_melds=defender_melds, layoffs=layoffs, upcard=self.table.upcard,
            )
        except InvalidHandError as error:
            first = error.problems[0]
            raise _Violation(path, first.code, first.rule or "R-6", first.detail) from None
        self.over = True

    def _melds(self, path: tuple, raw: list | None) -> tuple[Meld, ...] | None:
        if raw is None:
            return None
        try:
            return parse_melds(raw, round_the_corner=self.rules.round_the_corner)
        except InvalidMeldError as error:
            first = error.problems[0]
            raise _Violation(path, first.code, first.rule or "R-2", first.detail) from None

    # What may come next ---------------------------------------------------------------------

    def legal_actions(self, public: bool = False) -> list[dict[str, Any]]:
        """Every legal next action; ``public``: only their shape, as another player may know
        it (what depends on the hidden hand left out, GAMELOG.md ``view``)."""
        if self.pending:
            return [{"action": "lay_down"}] if public else [self._lay_down_option()]
        take = {"action": "draw", "source": "discard", "card": self.pile[-1]} if self.pile else None
        if self.phase == "first_turn":
            return [{"action": "pass"}, take]
        if self.phase == "draw":
            actions = [{"action": "draw", "source": "stock"}]
            if take and not self.stock_only:
                actions.append(take)
            return actions
        if self.phase == "last_discard":
            # Taking the last discard is legal only where a knock can follow.
            if public or self._knocks(self.hands[self.turn] | CARD_BITS[self.pile[-1]],
                                      self.pile[-1]):
                return [{"action": "pass"}, take]
            return [{"action": "pass"}]
        if public:
            return [{"action": "knock"}] if self.must_knock else [
                {"action": "discard"}, {"action": "knock"}]
        hand = self.hands[self.turn]
        knocks = self._knocks(hand, self.taken)
        if self.must_knock:
            return knocks
        forbidden = self.taken if self.rules.taken_card_discard == "forbid" else None
        return [{"action": "discard", "card": c} for c in mask_cards(hand) if c != forbidden] + knocks

    def _knocks(self, hand: int, taken: Card | None) -> list[dict[str, Any]]:
        """The knocks an eleven-card hand allows, one per discard (R-4.3, R-5.1, R-5.5)."""
        forbidden = taken if self.rules.taken_card_discard == "forbid" else None
        solution = solver_for(self.rules).solve(hand)
        values = dict(zip(mask_cards(hand), solution.discard_counts))
        knocks: list[dict[str, Any]] = [{"action": "knock", "discard": c} for c in mask_cards(hand)
                                        if c != forbidden and values[c] <= self.limit]
        if self.rules.big_gin_bonus is not None and solution.all_melded():
            knocks.append({"action": "knock", "discard": None})
        return knocks

    def _lay_down_option(self) -> dict[str, Any]:
        """The defender's lay_down after a knock that is not gin (R-6.1): the knocker's melds
        as scored, and every card that some play could lay off, with the meld it goes on.

        Layoffs name the knock's declared melds, so after a knock without declared melds only
        the defender's own melds may be laid down (GAMELOG.md)."""
        knocker_melds = self.score.knocker.melds
        layable: tuple[Layoff, ...] = ()
        if self.knock["melds"] is not None:
            defender = self.hands[self.other[self.knock["knocker"]]]
            layable = layable_by_meld(knocker_melds, defender, self.rules.round_the_corner)
        return {"action": "lay_down", "knocker_melds": knocker_melds, "layable": layable}

    @property
    def defender(self) -> str | None:
        return None if self.knock is None else self.other[self.knock["knocker"]]


def _violation(path: tuple, fault: Problem) -> _Violation:
    """A seating fault of the bookkeeping, placed under the round or table it is about."""
    return _Violation(path + fault.path, fault.code, fault.rule, fault.detail)


def _mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= CARD_BITS[card]
    return mask


def replay(document: Any, view: str | None = None) -> Replay:
    """Replay a game log (GAMELOG.md).  ``view`` hides what that player may not see."""
    log = read_log(document)
    return _Replayer(log, view).run()


class _Replayer:
    def __init__(self, log: GameLog, view: str | None) -> None:
        self.log = log
        self.rules = log.rules
        self.view = view
        self.players = list(log.players)
        self.match = variant_for(log.rules, self.players, roles=log.roles, teams=log.teams)
        self.records: list[RoundRecord | PartnershipRound] = []
        self.current: list[_Round] = []

    def run(self) -> Replay:
        violations: tuple[Problem, ...] = ()
        try:
            for index, tables in enumerate(self.log.rounds):
                if self.match.complete:
                    raise _Violation(("rounds", index), "game_over", "R-8.1",
                                     f"the game is over: {self.match.winner} has won")
                self.play_round(index, tables)
        except _Violation as violation:
            violations = (self._private(violation.problem),)
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
            bonuses=tuple(match.bonuses()) if complete else (),
            margin=match.margin() if complete else None,
        )

    def _private(self, problem: Problem) -> Problem:
        """In a player's view, a violation keeps its pointer, code and rule, and its detail
        names no card and no count, which could be another player's hidden ones."""
        if self.view is None:
            return problem
        return Problem(problem.path, problem.code, private_detail(problem.code, problem.rule),
                       problem.rule)

    def _shows(self, state: _Round) -> bool:
        """Whether the reply may show a table's provisional result: it rests on the defender's
        hidden hand, so only the full log and the defender's own view show it."""
        return not state.pending or self.view is None or self.view == state.defender

    def play_round(self, index: int, tables: tuple[Table, ...]) -> None:
        """Seat, play and record one round: its tables, checked against the variant's seating
        (R-3.2, R-9), each played in turn, and the round recorded once every table is over."""
        path = ("rounds", index)
        fault = self.match.check_round([frozenset(t.hands) for t in tables])
        if fault is not None:
            raise _violation(path, fault)
        self.current = []
        states, seatings = [], []
        for position, table in enumerate(tables):
            where = self.match.table_path(path, position)
            seating = self.match.check_table(position, table.dealer, frozenset(table.hands))
            if isinstance(seating, Problem):
                raise _violation(where, seating)
            states.append(self.play_table(where, index, table, seating.first))
            seatings.append(seating)
        if not (all(state.over for state in states) and all(map(self._shows, states))):
            return
        records = [self.result(state, table.dealer) for state, table in zip(states, tables)]
        tally = self.match.record([
            TableResult(seating.players, seating.dealer, record.winner, record.points)
            for seating, record in zip(seatings, records)])
        provisional = any(state.pending for state in states)
        if len(records) == 1:
            self.records.append(replace(records[0], tally=tally, provisional=provisional))
        else:
            self.records.append(PartnershipRound(tuple(records), tally, provisional))

    def play_table(self, path: tuple, index: int, table: Table, first: str) -> _Round:
        self.check_deal(path, table)
        state = _Round(self.rules, index, table, first, path)
        self.current.append(state)
        for position, action in enumerate(table.actions):
            state.play(position, action)
        if state.knock is not None and not state.over:
            # A knock with no lay_down: the service lays down the defender's best.
            state.finish(state.knock["path"])
            # Where the log ends at it, the defender may still lay down their own spread.
            last = index == len(self.log.rounds) - 1
            state.pending = last and state.score.outcome not in ("gin", "big_gin")
        return state

    def check_deal(self, path: tuple, table: Table) -> None:
        seen: set[Card] = set()
        for player, cards in table.hands.items():
            if len(cards) != 10:
                raise _Violation(path + ("hands", player), "wrong_hand_size", "R-3.1",
                                 f"{player} is dealt {len(cards)} cards, not 10")
            for position, card in enumerate(cards):
                self._once(seen, card, path + ("hands", player, position))
        self._once(seen, table.upcard, path + ("upcard",))
        if table.stock is not None:
            for position, card in enumerate(table.stock):
                self._once(seen, card, path + ("stock", position))
            if len(table.stock) != STOCK_SIZE:
                raise _Violation(path + ("stock",), "wrong_stock_size", "R-3.1",
                                 f"the stock holds {STOCK_SIZE} cards, got {len(table.stock)}")

    @staticmethod
    def _once(seen: set[Card], card: Card, path: tuple) -> None:
        if card in seen:
            raise _Violation(path, "duplicate_card", "R-1.5",
                             f"{CARD_NAMES[card]} is dealt twice")
        seen.add(card)

    @staticmethod
    def result(state: _Round, dealer: str) -> RoundRecord:
        """The result of a finished table (R-4.6, R-7), before the match takes it."""
        score = state.score
        if score is None:  # the wall
            return RoundRecord(dealer, "draw", None, None, 0, None, None)
        knocker = state.knock["knocker"]
        defender = state.other[knocker]
        winner = {"knocker": knocker, "defender": defender, None: None}[score.winner]
        return RoundRecord(dealer, score.outcome, knocker, winner, score.points, score,
                           defender)

    def next_move(self) -> NextMove | tuple[NextMove, ...]:
        unfinished = [state for state in self.current if not state.over or state.pending]
        round_index = len(self.log.rounds)
        if not unfinished:
            seat = self.match.seat()
            return NextMove(round_index, seat.dealer, "deal", (), None, None)
        moves = []
        for state in unfinished:
            player = state.defender if state.pending else state.turn
            public = self.view is not None and player != self.view
            actions = state.legal_actions(public)
            hands = {p: mask_cards(m) for p, m in state.hands.items()}
            if self.view is not None:
                hands = {p: c for p, c in hands.items() if p == self.view}
            table = state.path[3] if len(state.path) > 2 else None
            moves.append(NextMove(state.index, player,
                                  "lay_down" if state.pending else state.phase, tuple(actions),
                                  state.stock_count, state.pile[-1] if state.pile else None,
                                  hands, table))
        if self.match.tables_per_round > 1:
            return tuple(moves)
        return moves[0]


_PRIVATE_DETAILS = {
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
}


def private_detail(code: str, rule: str | None) -> str:
    """A violation's detail for a player's view: what is wrong, naming no card or count."""
    text = _PRIVATE_DETAILS.get(code, "this breaks the rules here")
    return f"{text} ({rule})" if rule else text
