"""Calibration: whether a hint's numbers come true (``ginrules calibrate``).

A hint gives each option a ``win_chance`` (of winning the round) and ``expected_points`` (of
the round, for the player).  Shown to people, these are claims.  This plays whole games
between two bots as self-play does (selfplay.py), asks the hint at every decision of each
advisor seat (at the given budget, the move it plays being the hint's first choice), and
keeps, for each decision, the first option's two numbers beside what then happened in that
round: won or not, and the points the player scored (negative: the opponent's; 0 for a draw).

The first option's numbers are what the advisor plays on; every other option shown with numbers
is a claim too: of what would happen were it played *and the advisor played on from there*
(the playouts play the player's later moves as the advisor does).  With ``options="shown"``
a round departs from the advisor's first choices at most once: at each decision of an advisor
seat, until one has, with chance :data:`DEPART` it plays an option drawn at random (from the
game's seeded stream) among those the hint shows numbers for, and that option's prediction is
the one kept; every other decision plays the first choice and keeps nothing (the predictions
made before the departure assumed first choices that the departure broke).  So each prediction
kept is measured against what happened when its option was played and the advisor played on,
as it claims, against an opponent who plays as the opponent model says.  Where both seats are
advisors (the ``advisor`` model's pairing), only one departs in a round: were the opponent to
depart too, it would play below the advisor the numbers assume, and the seat measured would
gain by it (before this, both seats departed, and the options measured in that pairing read
their rounds' outcomes plus the opponent's departures).  A round gives at most one prediction
(none when no seat departed), and the earlier decisions of a round are measured more often than
the later ones.  An earlier version played a
random option at *every* decision: its rounds were lost far more often than any option
claimed, since each claim assumes the advisor's play afterwards, and it measured nothing the
hint says.

The measures, as a statistician would take them:

- a reliability table: the predictions in ten bins of ``win_chance``, each with its count, the
  mean predicted chance and the share of those rounds actually won;
- the expected calibration error (ECE): the bins' gaps between predicted and realised,
  weighted by their counts;
- the Brier score of ``win_chance``;
- the mean ``expected_points`` against the mean realised points.

Decisions of one round share its outcome, so they are not independent: a table rests on the
rounds as much as on the predictions, and the report gives both counts.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace

from ..base.options import Rules
from ..errors import InvalidRulesError
from ..match.variants import VARIANTS
from ..table.engine import Deal
from ..usecases.batches import Processes, Runner, resumed_count, time_taken
from .hints import (DEFAULT_BUDGET_MS, OPPONENT_MODEL, OPPONENT_MODELS, Hint, HintOption,
                    calibrated, rules_family)
from .selfplay import Tally, game_seed, play_game

BINS = 10
OPTION_CHOICES = ("first", "shown")
"""What ``calibrate`` measures: the first option of each hint (played, as the advisor plays),
or every option shown with numbers (one drawn at random, and played, at one decision a round;
the advisor's first choices elsewhere)."""
DEPART = 1 / 6
"""With ``options="shown"``: the chance, at each advisor decision of a round that has not yet
departed from the first choices, that it departs there (about 84% of rounds of ten such
decisions depart)."""


@dataclass(frozen=True)
class Prediction:
    """One decision's option (its first, or with ``options="shown"`` the one played), and what
    happened in its round."""

    win_chance: float
    expected_points: float
    won: bool
    points: int
    samples: int = 0
    """The sampled deals the option's numbers rest on."""
    phase: str = ""
    """The decision (the deal's phase: first_turn, draw, discard, last_discard)."""
    stock: int = 0
    """Cards left in the stock at the decision."""
    playout_win: float | None = None
    playout_points: float | None = None
    """The playouts' own numbers before hints.CALIBRATION maps them (what it is fitted to)."""
    rank: int = 0
    """The option's rank in its hint (1: the first option; 0: not recorded)."""
    tier: int | None = None
    """The option's tier: its group of options about equal in value (estimates.py)."""
    shown_raw: tuple[tuple[int, int, float, float], ...] = ()
    """Every option of the hint that showed numbers, best first: its tier, its playouts and
    the playouts' own share of wins and mean points.  The first option is chosen as the
    best-reading, so its raw numbers carry that choice's bias; beside the others, a map can be
    judged on the first options and the rest apart, or fitted on how far an option read below
    the first."""


@dataclass(frozen=True)
class Bin:
    """Predictions whose ``win_chance`` falls in [low, high)."""

    low: float
    high: float
    count: int
    predicted: float
    """The mean predicted chance of the bin (0 when empty)."""
    realised: float
    """The share of the bin's predictions whose round was won (0 when empty)."""


@dataclass
class Calibration:
    """Predictions of one pairing of bots, and the measures of them."""

    bots: tuple[str, str]
    rules: str
    budget_ms: int
    games: int
    seed: int
    predictions: list[Prediction] = field(default_factory=list)
    rounds: int = 0
    """Rounds in which at least one prediction was made."""
    seconds: float = 0.0
    opponent_model: str = OPPONENT_MODEL
    """What the hints assumed of the opponent (hints.OPPONENT_MODELS)."""
    options: str = "first"
    """Which options are measured (OPTION_CHOICES): the first, or every option shown with
    numbers, played at random."""
    resumed: int = 0
    """Games an earlier run played, whose predictions were given back (usecases/batches.py's
    Resumed): counted in the measures, not in the time."""
    ran_on: str = ""
    """What played the games, as the report says it (``2 processes``, ``Ray (local, 2
    CPUs)``); empty: not said."""
    rescored: bool = False
    """The predictions are an earlier run's, scored again under today's maps
    (bench/calibration/remap_calibration.py): no game was played and nothing was timed."""

    def table(self, bins: int = BINS) -> list[Bin]:
        return reliability_table([(p.win_chance, p.won) for p in self.predictions], bins)

    @property
    def ece(self) -> float:
        """The expected calibration error of ``win_chance`` (0 is perfect)."""
        return calibration_error([(p.win_chance, p.won) for p in self.predictions])

    @property
    def brier(self) -> float:
        total = len(self.predictions)
        return sum((p.win_chance - p.won) ** 2 for p in self.predictions) / total if total else 0.0

    @property
    def mean_expected_points(self) -> float:
        total = len(self.predictions)
        return sum(p.expected_points for p in self.predictions) / total if total else 0.0

    @property
    def mean_points(self) -> float:
        total = len(self.predictions)
        return sum(p.points for p in self.predictions) / total if total else 0.0


def reliability_table(pairs: Sequence[tuple[float, bool]], bins: int = BINS) -> list[Bin]:
    """Predicted chances and outcomes in ``bins`` equal bins of the chance."""
    grouped: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for chance, won in pairs:
        grouped[min(bins - 1, int(chance * bins))].append((chance, won))
    return [Bin(i / bins, (i + 1) / bins, len(g),
                sum(c for c, _ in g) / len(g) if g else 0.0,
                sum(w for _, w in g) / len(g) if g else 0.0)
            for i, g in enumerate(grouped)]


def calibration_error(pairs: Sequence[tuple[float, bool]], bins: int = BINS) -> float:
    """The expected calibration error of predicted chances against outcomes: the bins' gaps
    between mean chance and share won, weighted by their counts (0 is perfect)."""
    total = len(pairs)
    if not total:
        return 0.0
    return sum(b.count / total * abs(b.realised - b.predicted)
               for b in reliability_table(pairs, bins))


@dataclass(frozen=True)
class GamePredictions:
    """One game's predictions, in the order made, and its rounds with at least one."""

    predictions: tuple[Prediction, ...]
    rounds: int


def scored_today(game: GamePredictions, opponent_model: str, rules: Rules) -> GamePredictions:
    """A game's predictions as today's maps read them (hints.CALIBRATION): each option's two
    numbers mapped again from the playouts' own, which every prediction keeps.  A map never
    changes a move (it is increasing, and applied after the options are ordered), so a game
    played under an earlier map predicts, read so, what the same game played now does: a run
    resumed across a change of the maps (``--resume``), or scored again
    (bench/calibration/remap_calibration.py), reports what one run of today's would.  A
    prediction without the playouts' numbers is kept as it is."""
    family = rules_family(rules)
    predictions = []
    for p in game.predictions:
        if p.playout_win is not None and p.playout_points is not None:
            win, points = calibrated(opponent_model, p.playout_win, p.playout_points,
                                     p.samples, family, stock=p.stock)
            p = replace(p, win_chance=win, expected_points=points)
        predictions.append(p)
    return GamePredictions(tuple(predictions), game.rounds)


def calibrate_game(bots: tuple[str, str], game: int, seed: int, rules: Rules, budget_ms: int,
                   opponent_model: str, options: str) -> GamePredictions:
    """Game number ``game`` of a calibration: its own seed (selfplay.game_seed), the first
    dealer alternating (R-3.1), so that any game can be played apart from the others, in any
    process, with the same predictions."""
    names = (f"1:{bots[0]}", f"2:{bots[1]}")
    tallies = {name: Tally(bot) for name, bot in zip(names, bots)}
    predictions: list[Prediction] = []
    rounds = 0
    pending: list[tuple[str, Hint, HintOption, int]] = []
    departure = Departure() if options == "shown" else None

    def watch(player: str, hint: Hint | None, played: HintOption | None, deal: Deal) -> None:
        nonlocal rounds
        if hint is not None and played is not None:
            if departure is None or departure.departed_now:
                pending.append((player, hint, played, deal.stock_count))
            return
        if departure is not None:
            departure.new_round()
        if pending:
            rounds += 1
        for seat, made, option, stock in pending:
            if option.win_chance is None or option.expected_points is None:
                continue
            raw = option.playouts_raw or (None, None)
            predictions.append(Prediction(
                option.win_chance, option.expected_points, deal.winner == seat,
                _points_for(deal, seat), option.samples, made.phase.value, stock,
                raw[0], raw[1], option.rank, option.tier, _shown_raw(made)))
        pending.clear()

    play_game(rules, dict(zip(names, bots)), names[game % 2],
              random.Random(game_seed(seed, game)), budget_ms, tallies, [0], watch,
              opponent_model, departure)
    return GamePredictions(tuple(predictions), rounds)


def _shown_raw(hint: Hint) -> tuple[tuple[int, int, float, float], ...]:
    """Prediction.shown_raw of a hint."""
    return tuple((o.tier or 0, o.samples, *o.playouts_raw) for o in hint.options
                 if o.win_chance is not None and o.playouts_raw is not None)


def calibrate(bots: tuple[str, str], games: int, seed: int, rules: Rules, *,
              budget_ms: int = DEFAULT_BUDGET_MS, opponent_model: str = OPPONENT_MODEL,
              progress: Callable[[int, int, int], None] | None = None,
              options: str = "first", jobs: int = 1,
              runner: Runner | None = None) -> Calibration:
    """Play ``games`` games between ``bots`` (at least one the advisor), the first dealer
    alternating, and keep every advisor decision's prediction with its round's outcome.
    ``progress(games done, games, predictions)`` after each game.  The same seed plays the
    same games and makes the same predictions.  The hints assume ``opponent_model`` of the
    opponent (hints.OPPONENT_MODELS).  ``options`` is one of OPTION_CHOICES.  ``jobs`` worker
    processes share the games (1: in this process), or ``runner`` runs them
    (usecases/batches.py: a process pool, a Ray cluster); each game has its own seed, so the
    predictions, in game order, are the same whatever ran them."""
    if options not in OPTION_CHOICES:
        raise InvalidRulesError(f"options is one of {', '.join(OPTION_CHOICES)}; got "
                                f"{options[:40]!r}")
    if opponent_model not in OPPONENT_MODELS:
        raise InvalidRulesError(f"no opponent model {opponent_model[:40]!r}; the models are "
                                f"{', '.join(OPPONENT_MODELS)}")
    if "advisor" not in bots:
        raise InvalidRulesError("calibration measures the advisor's hints: one of the bots is "
                                "the advisor")
    if budget_ms < 1:
        raise InvalidRulesError("calibration needs playouts: a budget of at least 1 ms")
    variant = VARIANTS[rules.variant]
    if variant.player_count != 2 or variant.games_at_once != 1:
        raise InvalidRulesError(f"calibration plays two-player games of one score; "
                                f"{rules.preset} is not one")
    result = Calibration(bots, rules.preset, budget_ms, games, seed,
                         opponent_model=opponent_model, options=options)
    start = time.perf_counter()
    runner = runner if runner is not None else Processes(jobs)
    each = ((bots, game, seed, rules, budget_ms, opponent_model, options)
            for game in range(games))
    with closing(runner.map(calibrate_game, each, total=games)) as played:
        for done, game in enumerate(played, start=1):
            result.predictions.extend(game.predictions)
            result.rounds += game.rounds
            if progress is not None:
                progress(done, games, len(result.predictions))
    result.seconds = time.perf_counter() - start
    result.resumed = resumed_count(runner, games)
    result.ran_on = runner.label(games)
    return result


@dataclass
class Departure:
    """The picker of ``options="shown"``: the advisor seats' first choices, but at one
    decision a round (chance :data:`DEPART` at each, until one seat has) an option drawn among
    those shown with numbers; ``departed_now`` says whether the last pick was that departure.
    One departure a round, of whichever advisor seat draws it first, so that the seat measured
    plays against the advisor's own first choices where its opponent is an advisor too."""

    departed: bool = False
    departed_now: bool = False

    def __call__(self, hint: Hint, rng: random.Random) -> HintOption:
        """The option this seat plays at this decision."""
        self.departed_now = False
        if self.departed or rng.random() >= DEPART:
            return hint.best
        self.departed = True
        self.departed_now = True
        return pick_shown(hint, rng)

    def new_round(self) -> None:
        """A round has ended: a seat may depart once in the next."""
        self.departed = False
        self.departed_now = False


def pick_shown(hint: Hint, rng: random.Random) -> HintOption:
    """An option drawn at random among those the hint shows numbers for (the first when none
    does)."""
    shown = [option for option in hint.options if option.win_chance is not None]
    return rng.choice(shown) if shown else hint.best


def _points_for(deal: Deal, seat: str) -> int:
    """The points ``seat`` scored in the deal: positive won, negative lost, 0 for a draw."""
    score, winner = deal.score, deal.winner
    if score is None or winner is None:
        return 0
    return score.points if winner == seat else -score.points


def calibration_report(result: Calibration) -> str:
    """The reliability table and the measures, as text."""
    lines = [f"{'predicted win chance':<22}{'positions':>10}{'mean predicted':>16}"
             f"{'share won':>11}"]
    for b in result.table():
        if b.count:
            lines.append(f"{f'{b.low:.1f}-{b.high:.1f}':<22}{b.count:>10}{b.predicted:>16.3f}"
                         f"{b.realised:>11.3f}")
        else:
            lines.append(f"{f'{b.low:.1f}-{b.high:.1f}':<22}{0:>10}{'-':>16}{'-':>11}")
    n = len(result.predictions)
    # rounds 0 with predictions: not known (a rescoring not told them)
    rounds = f" in {result.rounds} rounds" if result.rounds or not n else ""
    lines.append(f"{n} predictions{rounds} of {result.games} games "
                 f"({result.bots[0]} against {result.bots[1]}, rules {result.rules}, budget "
                 f"{result.budget_ms} ms, opponent model {result.opponent_model}, seed "
                 f"{result.seed}"
                 + (f"; {result.resumed} games resumed, {result.games - result.resumed} played"
                    if result.resumed else "")
                 + ")" + ("; scored again under today's maps" if result.rescored else
                          time_taken(result.seconds, result.ran_on,
                                     result.games - result.resumed))
                 + ("; every option shown with numbers, one played at random at one "
                    "decision a round" if result.options == "shown" else ""))
    lines.append(f"expected calibration error {result.ece:.3f}, Brier score {result.brier:.3f}; "
                 f"expected points {result.mean_expected_points:+.2f} a decision against "
                 f"{result.mean_points:+.2f} realised")
    return "\n".join(lines)


def reliability_svg(result: Calibration) -> str:
    """The reliability diagram as a standalone SVG: each bin's share won against its mean
    predicted chance (a dot sized by its count), and the diagonal of perfect calibration."""
    size, margin = 360, 48
    plot = size - 2 * margin

    def x(value: float) -> float:
        return margin + value * plot

    def y(value: float) -> float:
        return size - margin - value * plot

    total = max(1, len(result.predictions))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="11">',
        f'<title>Reliability of win_chance: {result.bots[0]} against {result.bots[1]}, '
        f'{len(result.predictions)} predictions, ECE {result.ece:.3f}</title>',
        f'<rect x="{margin}" y="{margin}" width="{plot}" height="{plot}" fill="#fff" '
        f'stroke="#888"/>',
        f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#999" '
        f'stroke-dasharray="4 3"/>',
    ]
    for tick in range(0, 11, 2):
        value = tick / 10
        parts.append(f'<text x="{x(value)}" y="{size - margin + 16}" '
                     f'text-anchor="middle">{value:.1f}</text>')
        parts.append(f'<text x="{margin - 8}" y="{y(value) + 4}" '
                     f'text-anchor="end">{value:.1f}</text>')
    points = [b for b in result.table() if b.count]
    if points:
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(b.predicted):.1f},{y(b.realised):.1f}"
                        for i, b in enumerate(points))
        parts.append(f'<path d="{path}" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>')
    for b in points:
        radius = 3 + 9 * (b.count / total) ** 0.5
        parts.append(f'<circle cx="{x(b.predicted):.1f}" cy="{y(b.realised):.1f}" '
                     f'r="{radius:.1f}" fill="#1f5fa8" fill-opacity="0.6">'
                     f'<title>{b.low:.1f}-{b.high:.1f}: {b.count} predictions, predicted '
                     f'{b.predicted:.3f}, won {b.realised:.3f}</title></circle>')
    parts += [
        f'<text x="{size / 2}" y="{size - 12}" text-anchor="middle">predicted win chance</text>',
        f'<text x="14" y="{size / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {size / 2})">share of rounds won</text>',
        f'<text x="{size / 2}" y="22" text-anchor="middle" font-size="12">'
        f'{result.bots[0]} vs {result.bots[1]} ({result.rules}): ECE {result.ece:.3f}, '
        f'n = {len(result.predictions)}</text>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"

