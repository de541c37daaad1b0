"""The arena: two players (bots, or the advisor at a budget) in mirrored pairs of whole games.

A *pair* is two games to the target (R-8.1) under the same rules with the players' seats
swapped.  Both games are dealt from the pair's own stream of decks, the service's documented
shuffle (ginrules-deal/1) from the pair's seed, round after round, and each seat draws its
moves' seeds from a stream of its own, the same in both games; the first dealer is the same
seat in both.  So the two games of a pair differ only in who sits where, and the luck of the
cards is shared.  Once a round goes one way in one game and the other way in the other, who
deals next (R-3.2, R-3.3) and the scores may part, but the k-th deal of both games still comes
from the same deck.  What mirrored pairs guarantee: a player against itself plays the same
game twice with the names swapped, so every pair is split, one game each, whatever the bot
and whatever its randomness (exactly even, not about even).

The measures, for the first player against the second:

- the *win share* over the games that reached the target, with a 95% interval from the
  pair-cluster (sandwich) standard error: the two games of a pair are not independent, and
  an interval that took them as such would be too narrow or too wide;
- the exact two-sided *sign test* over the pairs one player swept (won both games) against
  those the other swept; a split pair is a tie and says nothing about which is stronger;
- *points per game* (each game's final totals, R-8), and the mean margin per game with its
  pair-cluster interval.

Every pair has its own seed, made from the arena's seed and the pair's index, so a pair can be
played apart from the others in any process: the results are the same whatever the number of
processes.  Under a sequential test (sprt.py) the pairs are weighed one by one in the order of
their indexes and the arena stops at the first that decides it: the pairs beyond it, though
some may have been played, are not counted, so the result is the same again.  Each game is
played as self-play plays one (selfplay.py): the game in progress of
the bots endpoint, the same standing for the advisor, the same cap on deals and moves.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from decimal import Context
from fractions import Fraction
from typing import Any, cast

from ..base.options import Rules
from ..errors import UnknownBotError
from ..match.variants import Totals
from ..table.moves import Move
from ..table.shuffle import seeded_deck
from ..usecases.batches import Processes, Runner, resumed_count, time_taken
from ..usecases.progress import GameInProgress
from .bots import BOTS, LEVELS
from .hints import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, playouts_for
from .selfplay import (MAX_DEALS, Tally, bot_options, check_two_seats, play_deal,
                       tally_deal)
from .sprt import Scores, Sprt, SprtOutcome, pair_quarters

SEATS = ("north", "south")
"""The two seats of every game; the players swap them between the games of a pair."""
Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""
SPRT_BATCH = 2
"""Pairs a batch under a sequential test (unless told otherwise): the test stops at the pair
that decides it, and the batches already handed to the workers are still played to their end
(a pair takes 30 ms to seconds, shipping a batch a millisecond or two)."""
ADVISOR_SETTINGS = (
    "estimates.MIN_SAMPLES", "estimates.SIGNIFICANCE",
    "heuristic.HEURISTIC_SAMPLES", "heuristic.UNDERCUT_RISK", "heuristic.LAST_DRAWS",
    "heuristic.PRUNE_MARGIN", "heuristic.KNOCK_ARRANGEMENTS", "heuristic.KNOCK_CHANCE_WEIGHT",
    "heuristic.DANGER_WEIGHT", "heuristic.TWO_DRAW_DISCARDS", "heuristic.TWO_DRAW_KEEP",
    "heuristic.TWO_DRAW_MARGIN",
    "hints.OPPONENT_MODEL", "hints.EAAI_UNDERCUT",
    "knowledge.DECLINE_KEEP", "knowledge.IMPROVEMENTS", "knowledge.HOLD_KEEP",
    "knowledge.TAKEN_KEEP", "knowledge.ATTEMPTS",
    "playouts.CONTENDERS", "playouts.OWN_KNOCK", "playouts.RACE", "playouts.OWN_TAKES",
    "playouts.OPPONENT_TAKES", "playouts.MAX_PLAYOUT_MOVES",
)
"""The constants of the players' layer whose values change the advisor's moves (beside its
budget, the playouts that buys and a level's share of random moves, which an entrant names):
an arena's receipt records them, so that a figure measured with other values is known to be of
other play (docs/strength.md, "Levels")."""


def advisor_settings() -> dict[str, Any]:
    """ADVISOR_SETTINGS with the values they have in this process, by name."""
    settings = {}
    for name in ADVISOR_SETTINGS:
        module, _, attribute = name.partition(".")
        settings[name] = getattr(importlib.import_module(f"{__package__}.{module}"), attribute)
    return settings


@dataclass(frozen=True)
class Entrant:
    """A player of the arena: a bot, and for the advisor its budget per decision in
    milliseconds (a fixed number of playouts, hints.playouts_for; 0 is its heuristic core
    alone) or one of its levels (bots.LEVELS, each with its own budget)."""

    bot: str
    budget_ms: int | None = None
    level: int | None = None

    @property
    def label(self) -> str:
        """How the arena names it: ``simple``, ``advisor:100``, ``advisor:level3``."""
        if self.level is not None:
            return f"{self.bot}:level{self.level}"
        return self.bot if self.budget_ms is None else f"{self.bot}:{self.budget_ms}"

    @classmethod
    def parse(cls, text: str) -> "Entrant":
        """An entrant from its label: a bot's name, the advisor at the API's default budget,
        ``advisor:MS`` at a budget of its own (0 to MAX_BUDGET_MS), or ``advisor:levelN`` at
        one of its levels."""
        name, colon, budget = text.strip().partition(":")
        if name not in BOTS:
            raise UnknownBotError(f"no bot {name[:40]!r}; the bots are {', '.join(BOTS)}")
        if colon and budget.startswith("level"):
            number = budget.removeprefix("level")
            if not BOTS[name].levels:
                raise ValueError(f"{text[:40]!r}: only the advisor plays at a level "
                                 "(advisor:levelN)")
            if not number.isdigit() or int(number) not in LEVELS:
                raise ValueError(f"{text[:40]!r}: the advisor's levels are advisor:level"
                                 f"{min(LEVELS)} to advisor:level{max(LEVELS)}")
            level = LEVELS[int(number)]
            return cls(name, level.budget_ms, level.number)
        if not name.startswith("advisor"):
            if colon:
                raise ValueError(f"{text[:40]!r}: only the advisor takes a budget "
                                 "(advisor:MS) or a level (advisor:levelN)")
            return cls(name)
        if not colon:
            return cls(name, DEFAULT_BUDGET_MS)
        if not budget.isdigit() or int(budget) > MAX_BUDGET_MS:
            raise ValueError(f"{text[:40]!r}: the advisor's budget is advisor:MS, MS from 0 "
                             f"(its heuristic core alone) to {MAX_BUDGET_MS}, or a level, "
                             f"advisor:level{min(LEVELS)} to advisor:level{max(LEVELS)}")
        return cls(name, int(budget))

    @property
    def playouts(self) -> int | None:
        """The playouts its budget buys at each decision (None: not the advisor)."""
        return None if self.budget_ms is None else playouts_for(self.budget_ms)


@dataclass(frozen=True)
class PairResult:
    """What one pair gave, for each entrant in the arena's order: games won, final points,
    rounds won, gins and undercuts; and the pair's games that reached the target, its deals
    and the deals abandoned as draws."""

    wins: tuple[int, int]
    points: tuple[int, int]
    rounds_won: tuple[int, int]
    gins: tuple[int, int]
    undercuts: tuple[int, int]
    decided: int
    deals: int
    abandoned: int


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95% interval."""

    estimate: float
    low: float
    high: float


@dataclass(frozen=True)
class ArenaResult:
    """A match of mirrored pairs between two entrants, and its measures (first entrant
    against the second)."""

    entrants: tuple[Entrant, Entrant]
    rules: Rules
    seed: int
    pairs: tuple[PairResult, ...]
    seconds: float
    jobs: int
    ran_on: str = ""
    """What played the pairs, as the footer says it (``2 processes``, ``Ray (local, 2 CPUs)``);
    empty: ``jobs`` processes."""
    resumed: int = 0
    """Pairs an earlier run played, whose results were given back (usecases/batches.py's
    Resumed): counted in the measures, not in the time."""
    sprt: SprtOutcome | None = None
    """The sequential test's outcome, when one was run (``pairs`` then stops where it
    decided)."""

    def total(self, field: str) -> tuple[int, int]:
        """A per-entrant count summed over the pairs (``wins``, ``points``, ``gins``...)."""
        values = [cast("tuple[int, int]", getattr(p, field)) for p in self.pairs]
        return sum(v[0] for v in values), sum(v[1] for v in values)

    @property
    def games(self) -> int:
        return 2 * len(self.pairs)

    @property
    def decided(self) -> int:
        """Games that reached the target (R-8.1)."""
        return sum(p.decided for p in self.pairs)

    @property
    def deals(self) -> int:
        return sum(p.deals for p in self.pairs)

    @property
    def abandoned(self) -> int:
        return sum(p.abandoned for p in self.pairs)

    @property
    def win_share(self) -> Interval | None:
        """The first entrant's share of the decided games, with its pair-cluster interval
        (None before a game is decided)."""
        return cluster_ratio([p.wins[0] for p in self.pairs], [p.decided for p in self.pairs],
                             bounds=(0.0, 1.0))

    @property
    def swept(self) -> tuple[int, int]:
        """Pairs each entrant won both games of."""
        return (sum(p.wins[0] == 2 for p in self.pairs),
                sum(p.wins[1] == 2 for p in self.pairs))

    @property
    def split(self) -> int:
        """Pairs won one game each."""
        return sum(p.wins == (1, 1) for p in self.pairs)

    @property
    def sign_test(self) -> Fraction | None:
        """The exact two-sided sign test's p-value over the swept pairs (None: none swept)."""
        return sign_test(*self.swept)

    @property
    def margin(self) -> Interval | None:
        """The first entrant's final points minus the second's, per game, with its
        pair-cluster interval."""
        return cluster_ratio([p.points[0] - p.points[1] for p in self.pairs],
                             [2 for _ in self.pairs])


def cluster_ratio(numerators: Sequence[int], denominators: Sequence[int],
                  bounds: tuple[float, float] | None = None) -> Interval | None:
    """A ratio of sums over clusters (here the pairs), sum(y) / sum(n), with a 95% normal
    interval from the cluster (sandwich) variance n / (n - 1) * sum((y - r n)^2) / sum(n)^2;
    clipped to ``bounds``.  None when the denominators sum to 0; with fewer than two clusters
    the interval is the estimate alone."""
    total = sum(denominators)
    if total == 0:
        return None
    ratio = sum(numerators) / total
    clusters = len(numerators)
    if clusters < 2:
        return Interval(ratio, ratio, ratio)
    residuals = sum((y - ratio * n) ** 2 for y, n in zip(numerators, denominators))
    half = Z95 * math.sqrt(clusters / (clusters - 1) * residuals) / total
    low, high = ratio - half, ratio + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Interval(ratio, low, high)


def sign_test(positive: int, negative: int) -> Fraction | None:
    """The exact two-sided sign test: the chance, were both equally likely, of a split at
    least as lopsided as ``positive`` against ``negative``; exact, so a tiny p-value is never
    rounded to 0.  None with no observation."""
    n = positive + negative
    if n == 0:
        return None
    tail = sum(math.comb(n, k) for k in range(min(positive, negative) + 1))
    return min(Fraction(1), Fraction(2 * tail, 2 ** n))


def p_value_text(p: Fraction | None) -> str:
    """A p-value in four significant digits, in scientific notation below 0.001."""
    if p is None:
        return "none"
    if p >= Fraction(1, 1000):
        return f"{float(p):.4g}"
    context = Context(prec=4)
    return f"{context.divide(p.numerator, p.denominator):.3e}"


def pair_seed(seed: int, index: int) -> int:
    """Pair ``index``'s seed: its decks' ginrules-deal/1 seed and the root of its seats' move
    seeds; from SHA-256 of the arena's seed and the index, below 2**48 (a valid deal seed)."""
    digest = hashlib.sha256(f"ginrules-arena/1 {seed} {index}".encode("ascii")).digest()
    return int.from_bytes(digest[:6], "big")


def _play_game(rules: Rules, seated: dict[str, Entrant], first_dealer: str, seed: int
               ) -> tuple[str | None, Totals, int, int, dict[str, Tally]]:
    """One game of a pair: the winner's seat (None: unfinished after MAX_DEALS deals), the
    final totals, the deals played and abandoned, each seat's tally."""
    game = GameInProgress.start(rules, list(SEATS), dealer=first_dealer)
    seat_seeds = {seat: random.Random(f"{seed}/{seat}") for seat in SEATS}
    chooser = random.Random(seed)  # the variant's free choices: none in a two-player game
    tallies = {seat: Tally(entrant.label) for seat, entrant in seated.items()}
    deals = abandoned = 0
    while not game.match.complete and deals < MAX_DEALS:
        (deal,) = game.deal_round(chooser, decks=[seeded_deck(seed, deals)])
        deals += 1

        def move_for(player: str) -> Move:
            entrant = seated[player]
            options = bot_options(game, player, entrant.bot, entrant.budget_ms, entrant.level)
            return BOTS[entrant.bot].choose(game.view(player), seat_seeds[player].getrandbits(32),
                                            **options)

        abandoned += not play_deal(deal, move_for)
        tally_deal(deal, tallies)
        game.finish_round()
    return (game.match.winner, cast(Totals, game.match.totals()), deals, abandoned, tallies)


GameOutcome = tuple[str | None, Mapping[str, int], int, int, Mapping[str, Tally]]
"""One game's end as a pair counts it: the winner's seat (None: unfinished), the final totals,
the deals played and abandoned, each seat's tally."""


def play_pair(entrants: tuple[Entrant, Entrant], index: int, seed: int, rules: Rules
              ) -> PairResult:
    """Pair ``index`` of an arena: two games from the pair's seed, the entrants' seats
    swapped; the first dealer is the same seat in both, alternating from pair to pair."""
    return mirrored_pair(entrants, index, seed,
                         lambda seated, dealer, own: _play_game(rules, seated, dealer, own))


def mirrored_pair(players: tuple[Any, Any], index: int, seed: int,
                  play_game: Callable[[dict[str, Any], str, int], GameOutcome]) -> PairResult:
    """Pair ``index`` of an arena of any two players: ``play_game(seated, first_dealer,
    pair_seed)`` plays one game, the players seated by seat; it is called twice, the seats
    swapped, with the same first dealer and the pair's own seed."""
    own_seed = pair_seed(seed, index)
    first_dealer = SEATS[index % 2]
    wins, points, rounds, gins, undercuts = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
    decided = deals = abandoned = 0
    for swap in (0, 1):
        order = (1, 0) if swap else (0, 1)  # player index at each seat
        seated = {seat: players[order[i]] for i, seat in enumerate(SEATS)}
        winner, totals, played, dropped, tallies = play_game(seated, first_dealer, own_seed)
        deals += played
        abandoned += dropped
        for i, seat in enumerate(SEATS):
            who = order[i]
            points[who] += totals[seat]
            rounds[who] += tallies[seat].rounds_won
            gins[who] += tallies[seat].gins
            undercuts[who] += tallies[seat].undercuts
            if winner == seat:
                wins[who] += 1
                decided += 1
    return PairResult(_two(wins), _two(points), _two(rounds), _two(gins), _two(undercuts),
                      decided, deals, abandoned)


def _two(values: list[int]) -> tuple[int, int]:
    return values[0], values[1]


def arena(entrants: tuple[Entrant, Entrant], pairs: int, seed: int, rules: Rules, *,
          jobs: int = 1, runner: Runner | None = None,
          progress: Callable[[int, int, float | None], None] | None = None,
          sprt: Sprt | None = None) -> ArenaResult:
    """Play ``pairs`` mirrored pairs between two entrants under ``rules`` (a two-player game of
    one score).  ``jobs`` worker processes share the pairs (1: in this process), or ``runner``
    runs them (usecases/batches.py: a process pool, a Ray cluster); each pair has its own
    seed, so the result is the same whatever the number and whatever ran them.  With
    ``sprt``, ``pairs`` is the cap: the arena stops at the first pair, in index order, at
    which the test decides.  ``progress(done, pairs, llr)`` after each pair (``llr`` None
    without a test)."""
    check_two_seats(rules, "the arena")
    start = time.perf_counter()
    runner = runner if runner is not None else Processes(jobs)
    each = ((entrants, index, seed, rules) for index in range(pairs))
    results: list[PairResult] = []
    scores = Scores()
    # Leaving the loop early closes the runner's generator, which cancels its batches in flight.
    with closing(runner.map(play_pair, each, total=pairs)) as played:
        for result in played:
            results.append(result)
            scores = scores.add(pair_quarters(result.wins[0], result.decided))
            if progress is not None:
                progress(len(results), pairs, None if sprt is None else sprt.llr(scores))
            if sprt is not None and sprt.decision(scores) is not None:
                break
        seconds = time.perf_counter() - start  # not the wait for the batches played in vain
    outcome = None if sprt is None else SprtOutcome(sprt, scores, pairs)
    return ArenaResult(entrants, rules, seed, tuple(results), seconds, runner.workers(pairs),
                       runner.label(pairs), resumed=resumed_count(runner, pairs), sprt=outcome)


def arena_table(result: ArenaResult) -> str:
    """The arena's measures as a table and a few lines of text."""
    first, second = (e.label for e in result.entrants)
    share = result.win_share
    wins = result.total("wins")
    points = result.total("points")
    rounds, gins, undercuts = (result.total(f) for f in ("rounds_won", "gins", "undercuts"))
    games = max(1, result.games)
    width = max(10, len(first), len(second))
    lines = [f"{'player':<{width}} {'wins':>6} {'win share':>10} {'95% interval':>16} "
             f"{'pts/game':>9} {'rounds':>7} {'gins':>5} {'undercuts':>9}"]
    for index, label in enumerate((first, second)):
        if share is None:
            rate = interval = "-"
        else:
            low, high = (share.low, share.high) if index == 0 else (1 - share.high,
                                                                    1 - share.low)
            value = share.estimate if index == 0 else 1 - share.estimate
            rate, interval = f"{value:.1%}", f"{low:.1%} - {high:.1%}"
        lines.append(f"{label:<{width}} {wins[index]:>6} {rate:>10} {interval:>16} "
                     f"{points[index] / games:>9.1f} {rounds[index]:>7} {gins[index]:>5} "
                     f"{undercuts[index]:>9}")
    swept = result.swept
    lines.append(f"pairs swept: {first} {swept[0]}, {second} {swept[1]}, split {result.split}; "
                 f"exact sign test p = {p_value_text(result.sign_test)}")
    margin = result.margin
    if margin is not None:
        lines.append(f"margin per game ({first} minus {second}): {margin.estimate:+.1f} points "
                     f"(95% interval {margin.low:+.1f} to {margin.high:+.1f})")
    unfinished = result.games - result.decided
    ran_on = result.ran_on or f"{result.jobs} process{'es' if result.jobs > 1 else ''}"
    resumed = (f"; {result.resumed} resumed, {len(result.pairs) - result.resumed} played"
               if result.resumed else "")
    lines.append(f"{len(result.pairs)} mirrored pairs ({result.games} games, {result.deals} "
                 f"deals, rules {result.rules.preset}, seed {result.seed}{resumed})"
                 f"{time_taken(result.seconds, ran_on, len(result.pairs) - result.resumed)}; "
                 f"intervals from the pairs (pair-cluster)")
    if result.sprt is not None:
        lines += [result.sprt.test.settings(), result.sprt.text(first, second)]
    if unfinished:
        lines.append(f"{unfinished} games unfinished after {MAX_DEALS} deals (not counted)")
    if result.abandoned:
        lines.append(f"{result.abandoned} deals abandoned as draws (cards passed back and "
                     "forth through the discard pile)")
    return "\n".join(lines)
