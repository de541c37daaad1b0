"""Self-play: whole games between two bots on the game engine, to measure their strength.

Each game is played to the target (R-8.1) with the match bookkeeping of the two-player game
(the deal passes as the rules' ``dealer_rotation`` says: to the winner of a round, R-3.2, or to
the other player, R-3.3); the bots take turns at being the first dealer.
Every move goes through the engine, which checks it; a bot sees only its own view.  A knock
that is not gin is settled with the defender's best reply (R-6.4), the same for every bot.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from typing import Any, cast

from ..base.options import Rules
from ..errors import InvalidRulesError
from ..match.variants import VARIANTS, HollywoodTotals, Totals
from ..usecases.batches import Processes, Runner, resumed_count, time_taken
from ..usecases.progress import GameInProgress
from ..table.engine import Deal
from ..table.moves import Move, Phase
from .bots import BOTS
from .hints import Hint, HintOption, advise

MAX_DEALS = 200
"""Deals in one game before it is abandoned (a game to 100 needs far fewer)."""
MAX_MOVES = 300
"""Moves in one deal before it is abandoned as a draw: without an upcard draw limit (R-4.8)
two bots can pass cards back and forth through the discard pile for ever."""


@dataclass
class Tally:
    """One bot's results over a match of games."""

    name: str
    wins: int = 0
    points: int = 0
    """Final totals summed over the games (R-8)."""
    rounds_won: int = 0
    gins: int = 0
    undercuts: int = 0


@dataclass
class MatchResult:
    """Two bots' results over some games, and how long they took."""

    tallies: tuple[Tally, Tally]
    games: int
    deals: int
    seconds: float
    unfinished: int = 0
    budget_ms: int | None = None
    rules: str = "standard"
    abandoned: int = 0
    """Deals abandoned as draws after MAX_MOVES moves."""
    resumed: int = 0
    """Games an earlier run played, whose results were given back (usecases/batches.py's
    Resumed): counted in the table, not in the time."""
    ran_on: str = ""
    """What played the games, as the footer says it (``2 processes``, ``Ray (local, 2
    CPUs)``); empty: not said."""

    @property
    def games_per_second(self) -> float:
        """Games played in ``seconds``, those resumed left out."""
        played = self.games - self.resumed
        return played / self.seconds if self.seconds > 0 else float("inf")


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


Watcher = Callable[[str, "Hint | None", "HintOption | None", Deal], None]
"""Told of each advisor decision (its seat, the hint, the option it played and the deal before
the move) and of each deal's end (seat "", no hint, no option, the deal): what calibration.py
measures."""

Picker = Callable[["Hint", random.Random], "HintOption"]
"""Which option of a hint the watched advisor plays (calibration.py): the first, or another."""


def bot_options(game: GameInProgress, player: str, bot: str, budget_ms: int | None,
                level: int | None = None) -> dict[str, Any]:
    """What a bot is told besides its view and seed: the advisor (or an earlier one's) the
    score of the game as its seat sees it and its budget (None: the heuristic core alone, no
    playouts) or its level (bots.LEVELS, which sets the budget), as the bots endpoint tells
    it."""
    options: dict[str, Any] = {}
    if bot.startswith("advisor"):
        options["standing"] = game.standing(player)
        if level is not None:
            options["level"] = level
        elif budget_ms is not None:
            options["budget_ms"] = budget_ms
        else:
            options["playouts"] = 0
    return options


def play_deal(deal: Deal, move_for: Callable[[str], Move]) -> bool:
    """Play a deal to its end, each move ``move_for`` the player to move; False when it was
    abandoned as a draw after MAX_MOVES moves."""
    moves = 0
    while not deal.over:
        moves += 1
        if moves > MAX_MOVES:
            return False
        player = deal.turn
        assert player is not None
        deal.apply(move_for(player))
    return True


def tally_deal(deal: Deal, tallies: dict[str, Tally]) -> None:
    """Count a deal's result in its winner's tally: a round won, a gin, an undercut (R-7)."""
    winner = deal.winner
    score = deal.score
    if winner is not None and score is not None:
        tally = tallies[winner]
        tally.rounds_won += 1
        tally.gins += score.outcome in ("gin", "big_gin")
        tally.undercuts += score.outcome == "undercut"


def check_two_seats(rules: Rules, what: str) -> None:
    """:class:`InvalidRulesError` unless the rules are a game of two players keeping one score,
    the games ``what`` plays (self-play, the arena)."""
    variant = VARIANTS[rules.variant]
    if variant.player_count != 2:
        raise InvalidRulesError(f"{what} seats two bots; {rules.preset} is a game of "
                                f"{variant.player_count} players")
    if variant.games_at_once != 1:
        raise InvalidRulesError(f"{what} keeps one game's score; {rules.preset} keeps "
                                f"{variant.games_at_once} at once")


def play_game(rules: Rules, seats: dict[str, str], first_dealer: str, rng: random.Random,
              budget_ms: int | None, tallies: dict[str, Tally],
              abandoned: list[int], watch: Watcher | None = None,
              opponent_model: str | None = None, pick: Picker | None = None
              ) -> tuple[str | None, Totals | HollywoodTotals, int]:
    """One game to the target between two bots (seat name -> bot name); the winner's seat,
    the final totals and the deals played.  The game is a :class:`GameInProgress`, as the
    bots endpoint sees one: the same standing for the advisor, the same turns.  With
    ``watch``, the advisor's decisions are its hints' first choices (the same moves it
    plays), each shown to ``watch`` with the hint, and so is each deal's end; those hints
    assume ``opponent_model`` of the opponent (the default when None).  With ``pick`` the
    watched advisor plays the option ``pick`` chooses of each hint instead of the first."""
    game = GameInProgress.start(rules, list(seats), dealer=first_dealer)
    deals = 0
    while not game.match.complete and deals < MAX_DEALS:
        (deal,) = game.deal_round(rng)
        deals += 1

        def move_for(player: str) -> Move:
            options = bot_options(game, player, seats[player], budget_ms)
            view = game.view(player)
            if (watch is not None and seats[player] == "advisor"
                    and view.phase is not Phase.LAY_DOWN):
                if opponent_model is not None:
                    options["opponent_model"] = opponent_model
                hint = advise(view, seed=rng.getrandbits(32), **options)
                option = hint.best if pick is None else pick(hint, rng)
                watch(player, hint, option, deal)
                return option.move
            return BOTS[seats[player]].choose(view, rng.getrandbits(32), **options)

        if not play_deal(deal, move_for):
            abandoned[0] += 1
        if watch is not None:
            watch("", None, None, deal)
        tally_deal(deal, tallies)
        game.finish_round()
    return game.match.winner, game.match.totals(), deals


GameResult = tuple[str | None, dict[str, int], int, dict[str, Tally], int]
"""One game of a match: the winner's seat (None: unfinished), the final totals, the deals
played, each seat's tally of that game, and the deals abandoned."""


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` of a match (self-play's, calibration's) played from
    ``seed``: its random stream's, deals and moves alike."""
    return seed * 1_000_003 + game


def _one_game(bots: tuple[str, str], game: int, seed: int, rules: Rules,
              budget_ms: int | None) -> GameResult:
    """Game number ``game`` of a match: its own seed, the first dealer alternating (R-3.1), so
    that any game can be played apart from the others, in any process, with the same result."""
    names = (f"1:{bots[0]}", f"2:{bots[1]}")
    tallies = {name: Tally(bot) for name, bot in zip(names, bots)}
    abandoned = [0]
    rng = random.Random(game_seed(seed, game))
    winner, final, played = play_game(rules, dict(zip(names, bots)), names[game % 2], rng,
                                      budget_ms, tallies, abandoned)
    totals = cast(Totals, final)  # one game at a time (checked by self_play): not Hollywood's
    return winner, {name: totals[name] for name in names}, played, tallies, abandoned[0]


def self_play(bots: tuple[str, str], games: int, seed: int, rules: Rules, *,
              budget_ms: int | None = None,
              progress: Callable[[int, int], None] | None = None,
              jobs: int = 1, runner: Runner | None = None) -> MatchResult:
    """Play ``games`` whole games between two bots, the first dealer alternating (R-3.1).

    ``budget_ms`` is the advisor's budget per decision (the API's advisor plays at
    hints.DEFAULT_BUDGET_MS); ``None`` or 0 plays the advisor on its heuristic core alone (no
    playouts), the fast way.  The same seed plays the same games.
    ``jobs`` worker processes share the games (1: in this process; never more processes than
    games), or ``runner`` runs them (usecases/batches.py: a process pool, a Ray cluster); each
    game has its own seed, so the result is the same whatever the number and whatever ran them.
    """
    check_two_seats(rules, "self-play")
    names = (f"1:{bots[0]}", f"2:{bots[1]}")
    tallies = {name: Tally(bot) for name, bot in zip(names, bots)}
    start = time.perf_counter()
    deals = unfinished = abandoned = 0
    runner = runner if runner is not None else Processes(jobs)
    each = ((bots, game, seed, rules, budget_ms) for game in range(games))
    with closing(runner.map(_one_game, each, total=games)) as results:
        for done, (winner, totals, played, game_tallies, game_abandoned) in enumerate(
                results, start=1):
            deals += played
            abandoned += game_abandoned
            for name in names:
                tally, game_tally = tallies[name], game_tallies[name]
                tally.points += totals[name]
                tally.rounds_won += game_tally.rounds_won
                tally.gins += game_tally.gins
                tally.undercuts += game_tally.undercuts
            if winner is None:
                unfinished += 1
            else:
                tallies[winner].wins += 1
            if progress is not None:
                progress(done, games)
    seconds = time.perf_counter() - start
    return MatchResult((tallies[names[0]], tallies[names[1]]), games, deals, seconds,
                       unfinished, budget_ms, rules.preset, abandoned=abandoned,
                       resumed=resumed_count(runner, games), ran_on=runner.label(games))


def match_table(result: MatchResult) -> str:
    """The match as a table: wins, win rate with its 95% interval, points per game."""
    lines = [f"{'bot':<10} {'wins':>6} {'win rate':>9} {'95% interval':>16} "
             f"{'pts/game':>9} {'rounds':>7} {'gins':>5} {'undercuts':>9}"]
    decided = result.games - result.unfinished
    for tally in result.tallies:
        low, high = wilson_interval(tally.wins, decided)
        rate = tally.wins / decided if decided else 0.0
        lines.append(f"{tally.name:<10} {tally.wins:>6} {rate:>8.1%} "
                     f"{f'{low:.1%} - {high:.1%}':>16} "
                     f"{tally.points / max(1, result.games):>9.1f} {tally.rounds_won:>7} "
                     f"{tally.gins:>5} {tally.undercuts:>9}")
    budget = ""
    if any(t.name == "advisor" for t in result.tallies):
        budget = ", advisor budget " + ("none: heuristic only" if result.budget_ms is None
                                        else "0 ms: heuristic only" if result.budget_ms == 0
                                        else f"{result.budget_ms} ms")
    resumed = (f"; {result.resumed} resumed, {result.games - result.resumed} played"
               if result.resumed else "")
    played = result.games - result.resumed
    lines.append(f"{result.games} games ({result.deals} deals, rules {result.rules}{budget}"
                 f"{resumed}){time_taken(result.seconds, result.ran_on, played)}"
                 + (f": {result.games_per_second:.1f} games/s" if played else ""))
    if result.unfinished:
        lines.append(f"{_count(result.unfinished, 'game')} unfinished after {MAX_DEALS} deals")
    if result.abandoned:
        lines.append(f"{_count(result.abandoned, 'deal')} abandoned as a draw after {MAX_MOVES} "
                     "moves (cards passed back and forth through the discard pile)")
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
