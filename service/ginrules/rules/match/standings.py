"""One game's standings (R-8): each side's running total, the target that closes the game, and
what a finished game adds (box and game bonuses, shutouts, the margin).

A side is a player, or a team in partnership; a variant's bookkeeping (variants.py) keeps
one game, or Hollywood's three.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base.options import Rules


@dataclass(frozen=True)
class Standing:
    """The score of the game as one player sees it (R-8.1): their side's total, the other
    side's, and the target that ends the game."""

    mine: int = 0
    theirs: int = 0
    target: int = 100


@dataclass(frozen=True)
class Bonus:
    """An end-of-game addition to a total (R-8.2, R-8.3); ``game`` for Hollywood."""

    player: str
    term: str
    points: int
    rule: str
    game: int | None = None


class Standings:
    """One game (R-8) between some sides (players or teams): totals, rounds won, the target."""

    def __init__(self, rules: Rules, sides: list[str]) -> None:
        self.rules = rules
        self.points = {side: 0 for side in sides}
        """Round points won (R-8.1)."""
        self.totals = {side: 0 for side in sides}
        """The running totals that count towards the target: the round points, and the box
        bonuses too when they are added as each round is won (R-8.2)."""
        self.wins = {side: 0 for side in sides}
        self.winner: str | None = None

    @property
    def closed(self) -> bool:
        return self.winner is not None

    @property
    def _box_at_end(self) -> bool:
        return self.rules.box_bonus_timing == "end"

    def add(self, side: str, points: int) -> None:
        """Credit a won round (R-8.1, R-8.2); the game closes when a side reaches the target."""
        self.points[side] += points
        self.totals[side] += points
        self.wins[side] += 1
        if not self._box_at_end:
            self.totals[side] += self.rules.box_bonus
        if self.totals[side] >= self.rules.game_target and self.winner is None:
            self.winner = side

    def bonuses(self, game: int | None = None) -> list[Bonus]:
        """What a finished game adds (R-8.2, R-8.3): shutout doubling of the round points, box
        bonuses (when added at the end), the game bonus, and last a doubled total."""
        rules, winner = self.rules, self.winner
        if winner is None:
            return []
        bonuses: list[Bonus] = []
        shutout = all(t == 0 for side, t in self.points.items() if side != winner)
        if shutout and rules.shutout == "double":
            bonuses.append(Bonus(winner, "shutout doubles the winner's round points",
                                 self.points[winner], "R-8.3", game))
        if rules.box_bonus and self._box_at_end:
            for side, wins in self.wins.items():
                if wins:
                    bonuses.append(Bonus(side, f"box bonus: {wins} rounds won",
                                         wins * rules.box_bonus, "R-8.2", game))
        game_bonus = rules.game_bonus
        doubled = shutout and rules.shutout == "game_bonus_200"
        if doubled:
            game_bonus = 200
        if game_bonus:
            bonuses.append(Bonus(winner, "game bonus (shutout)" if doubled else "game bonus",
                                 game_bonus, "R-8.3", game))
        if shutout and rules.shutout == "double_total":
            total = self.totals[winner] + sum(b.points for b in bonuses if b.player == winner)
            bonuses.append(Bonus(winner, "shutout doubles the winner's total", total, "R-8.3",
                                 game))
        return bonuses

    def final_totals(self) -> dict[str, int]:
        totals = dict(self.totals)
        for bonus in self.bonuses():
            totals[bonus.player] += bonus.points
        return totals

    def margin(self) -> int | None:
        """The winner's final total minus the best other (R-8.3)."""
        if self.winner is None:
            return None
        totals = self.final_totals()
        return totals[self.winner] - max(t for s, t in totals.items() if s != self.winner)
