"""Use case: a game in progress, as a player at the table sees it (R-3.2, R-3.3, R-4.4, R-8.1).

:class:`GameInProgress` is the variant's bookkeeping (who deals and sits where, the totals, the
end of the game) and the engine's live deal of each table of the current round.  It answers
the questions a computer opponent or a hint needs before it may move: is the game over, where
does this player sit, is it their turn, what is the score of the game for them.  The bots and
hints endpoints read one from a log (:meth:`GameInProgress.from_log`); self-play plays one
from its first deal (:meth:`GameInProgress.start`).  Both therefore see the game the same way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..base.cards import Card
from ..base.options import Rules
from ..errors import GameStateError, RuleBroken
from ..match.standings import Standing
from ..match.variants import DealResult, Variant, variant_for
from ..table.dealing import shuffled_deck
from ..table.engine import Deal
from ..table.moves import DealView
from ..table.views import view_of
from .replay import replay


class GameInProgress:
    """A game being played: its bookkeeping and the live deals of the current round."""

    def __init__(self, rules: Rules, players: Sequence[str], match: Variant,
                 deals: Sequence[Deal] = ()) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.match = match
        self.deals = list(deals)
        """The current round's deals, one per table (two in partnership)."""
        self.dealers: list[str] = [deal.dealer for deal in deals]
        """Each table's dealer (in cutthroat the third player, who sits out, R-9.3)."""

    @classmethod
    def start(cls, rules: Rules, players: Sequence[str], **header: Any) -> "GameInProgress":
        """A game about to begin; ``header`` as a log's (the first ``dealer``, ``roles``,
        ``teams``)."""
        return cls(rules, players, variant_for(rules, players, **header))

    @classmethod
    def from_log(cls, document: Any) -> "GameInProgress":
        """The game a log records, replayed (docs/gamelog.md).  A log that breaks a rule raises its
        first violation (:class:`~..errors.RuleBroken`, its path into the log); a log of bad
        form raises as :func:`~.replay.replay` does."""
        result = replay(document)
        if not result.valid:
            problem = result.violations[0]
            raise RuleBroken(problem.code, problem.rule, problem.detail, problem.path)
        assert result.match is not None
        return cls(result.match.rules, result.match.players, result.match, result.deals)

    # Questions before a move --------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has been won (R-8.1, R-9)."""
        return self.match.complete and not self.deals

    @property
    def winner(self) -> str | None:
        return self.match.winner if self.over else None

    def deal_of(self, player: str) -> Deal:
        """The live deal at which ``player`` sits; :class:`~..errors.GameStateError` when the
        player is not in the game, the game is over, the player sits out this round or no
        deal is in progress."""
        if player not in self.players:
            raise GameStateError("unknown_player", None,
                                 f"player names a player of the log, one of "
                                 f"{', '.join(map(str, self.players))}"[:200], ("player",))
        for deal in self.deals:
            if player in deal.hands:
                return deal
        if self.over:
            raise GameStateError("game_over", "R-8.1",
                                 f"the game is over: {self.match.winner} has won", ("log",))
        if self.deals:
            raise GameStateError("not_at_table", None,
                                 f"{player} has no move in this round: their table is over, "
                                 "or they sit out", ("log",))
        raise GameStateError("no_deal_in_progress", "R-3.1",
                             "no deal is in progress: the next round is not dealt yet", ("log",))

    def to_move(self, player: str) -> Deal:
        """The live deal where it is ``player``'s turn (R-4.4), or why there is none."""
        deal = self.deal_of(player)
        if deal.turn != player:
            detail = (f"it is {deal.turn}'s turn, not {player}'s" if deal.turn is not None
                      else "the deal is over: nobody is to move")
            raise GameStateError("not_your_turn", "R-4.4", detail, ("player",))
        return deal

    def view(self, player: str) -> DealView:
        """What ``player`` may know of their deal, on their turn."""
        return view_of(self.to_move(player), player)

    def standing(self, player: str) -> Standing:
        """The score of the game for ``player`` against their opponent at the table (R-8.1),
        as the bookkeeping keeps it."""
        deal = self.deal_of(player)
        return self.match.standing(player, deal.other(player))

    # Playing it --------------------------------------------------------------------------------

    def deal_round(self, rng: random.Random, decks: Sequence[Sequence[Card]] | None = None
                   ) -> tuple[Deal, ...]:
        """Deal the next round: each table seated as the variant says (R-3.2, R-3.3, R-9), the
        free choices made with ``rng``, from ``decks`` (one per table, as shuffled elsewhere)
        or from decks shuffled by ``rng``."""
        self.deals, self.dealers = [], []
        for position in range(self.match.tables_per_round):
            seating = self.match.choose_seat(position, rng)
            first = seating.first
            second = next(p for p in seating.players if p != first)
            deck = decks[position] if decks is not None else shuffled_deck(rng)
            self.deals.append(Deal.from_deck(self.rules, deck, first, second))
            self.dealers.append(seating.dealer)
        return tuple(self.deals)

    def finish_round(self) -> None:
        """Record the round's deals in the bookkeeping (a deal not over counts as a draw,
        R-4.6) and clear them."""
        results = []
        for deal, dealer in zip(self.deals, self.dealers):
            winner = deal.winner
            points = deal.score.points if winner is not None and deal.score is not None else 0
            results.append(DealResult(deal.players, dealer, winner, points))
        self.match.record(results)
        self.deals, self.dealers = [], []
