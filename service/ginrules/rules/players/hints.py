"""Hints: the current decision of one player, every option ranked with its value and a reason.

The hint engine sees only the player's view (:class:`~..table.moves.DealView`), so it cannot
cheat, and its options are the view's legal moves, which the game engine gives.  It works in
four steps:

1. **A fast heuristic core** (heuristic.py) ranks the options: expected deadwood and the
   chance to knock after the next draw (after the next two for the best discards and the
   stock draw), discard safety from the opponent's picks and
   passes, knock timing against the undercut risk and the score of the game.
2. **Sampling and look-ahead** (playouts.py) estimate each option's value: the expected points
   of the round for the player (negative when the opponent scores) and the chance of winning
   it.  Hidden cards are sampled consistently with what the player has seen (knowledge.py);
   each sampled deal is played out to its end on the game engine by a fast policy, with the
   same samples for every option.
3. **Calibration**: the playouts' raw share of wins and mean points are mapped to what happens
   in real rounds against the opponent the request assumes (:data:`OPPONENT_MODELS`,
   :data:`CALIBRATION`), a map measured in self-play; it never changes an order.
4. **Numbers that agree with the order** (estimates.py): each option's numbers carry their
   standard errors; the options are ordered by expected points wherever the difference is
   significant on the same sampled deals, and by the heuristic within a *tier* of options
   about equal; an option with too few playouts (estimates.MIN_SAMPLES) shows no numbers.

Determinism: the reply depends only on the view, the seed and the budget.  The budget in
milliseconds becomes a fixed number of playouts (:data:`PLAYOUTS_PER_SECOND`, calibrated once on
one core), never a clock, so the same request gets the same reply on any machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..base.cards import cards_mask, mask_cards
from ..base.melds import Meld
from ..base.options import Rules
from ..base.sizes import DRAWN_HAND_SIZE, HAND_SIZE
from ..hands.layoffs import best_defense
from ..hands.solver import solver_for
from ..match.standings import Standing
from ..table.moves import DealView, LayDown, Move, Phase
from .estimates import (MIN_SAMPLES, logistic_error, order_by_value, standard_error,
                        withheld_reason)
from .heuristic import HEURISTIC_SAMPLES, Evaluator, Scored, names, rank_discards, rank_draws
from .knowledge import knowledge_of, sample_opponent_hands
from .playouts import Outcome, look_ahead

DEFAULT_BUDGET_MS = 100
PLAYOUTS_PER_SECOND = 6000
"""Playouts a second of budget buys (6 a millisecond): calibrated once on one core with
bench/hints.py on the compiled core (docs/performance.md: the image serves it), so that a
bot's move at the default budget answers within its budget and a hint within twice its budget
at the 99th percentile; the plain-Python build takes about twice as long.  A fixed rate, not a
clock.  (It was 2.5 a millisecond before the core was compiled.)"""
MAX_BUDGET_MS = 2000
OPPONENT_MODEL = "greedy"
"""The default of what a hint's numbers assume of the opponent (see OPPONENT_MODELS)."""
OPPONENT_MODELS = {
    "greedy": "a hand consistent with what they showed (their picks, passes and discards, and "
              "that they did not knock when they could have), improved by their draws, and "
              "play as the playouts play: take the pile card when it lowers the deadwood, else "
              "the stock; discard the card leaving the least deadwood; knock as soon as allowed",
    "random": "a hand of unseen cards drawn uniformly (a random player's picks and passes "
              "tell nothing), and play uniformly at random among the legal moves, as the "
              "random bot does",
    "advisor": "a player as strong as the advisor: the greedy model's hands and playouts, "
               "their numbers mapped to the outcomes of rounds against the advisor itself "
               "(CALIBRATION), since the advisor plays on and defends better than the playouts",
}
"""What a hint's numbers may assume of the opponent, by name.  The win chances and expected
points are true against an opponent who plays like the model (docs/strength.md: "Are the hints'
numbers true?"); the ranking of the options is the heuristic's and the look-ahead's either way."""


class CalibrationMap(NamedTuple):
    """One map from the playouts' raw numbers to the reply's (CALIBRATION says how)."""

    a: float
    b: float
    c: float
    d: float
    e: float = 0.0
    """The chance's log-odds per card left in the stock."""
    f: float = 0.0
    """The expected points per card left in the stock."""
    g: float = 0.0
    """The chance's slope on the playouts' log-odds per card left in the stock: early in a
    round the playouts' share of wins says more of the round than late, when the advisor's own
    play, not the playouts', decides what is left (docs/strength.md)."""


_RANDOM_STANDARD = CalibrationMap(7.1872, 0.8860, 36.4006, 0.4929, -0.0895, 0.1399, -0.0202)
_ADVISOR_STANDARD = CalibrationMap(-0.8005, 0.0892, -6.5350, 0.9073, 0.0360, 0.2166, 0.0230)
# The standard family's maps of the models with no straight-gin or eaai run of their own, named
# once so that the families reusing them cannot drift from them when they are fitted again.

CALIBRATION: dict[str, dict[str, CalibrationMap]] = {
    # bench/calibration/fit_calibration.py on the predictions of ginrules calibrate at 100 ms,
    # advisor,simple: standard and eaai refitted for the sampler's weight on a card taken from
    # the pile (knowledge.TAKEN_KEEP) on --options shown, seeds 62 (640 games) and 61 (--rules
    # eaai, 820 games): the weight makes the playouts' points lower and the advisor's higher;
    # oklahoma on seed 102 (80 games), straight on seeds 113 and 114 (--rules straight, 50
    # games each), first options, both fitted for the raced look-ahead before the weight.
    "greedy": {"standard": CalibrationMap(0.4505, 0.7964, 3.1647, 1.0228),
               "oklahoma": CalibrationMap(0.4107, 0.8950, 1.1713, 0.9790),
               "straight": CalibrationMap(0.4167, 0.6544, 2.6797, 0.7752),
               "eaai": CalibrationMap(0.2369, 0.8582, 1.6014, 0.9052)},
    # advisor,random --opponent-model random: oklahoma on seed 105 (300 games), its points'
    # line on seed 124 (200 games), for the two-draw advisor.  Standard refitted for the raced
    # look-ahead with the terms in the stock on --options shown, seed 51 (1,965 games, 3,810
    # predictions): today's advisor wins some 99.5% of its rounds against random, and its
    # points rise half as fast as the playouts' (d = 0.49 +/- 0.06: it recovers from what the
    # playouts' plain play would not), the more so early in a round.  Judged on first options
    # at every decision, seeds 151 and 153 (standard) and 152 and 154 (eaai), held out.
    "random": {"standard": _RANDOM_STANDARD,
               "oklahoma": CalibrationMap(1.4056, 0.6511, -4.2312, 1.2114),
               "straight": _RANDOM_STANDARD,
               "eaai": _RANDOM_STANDARD},
    # advisor,advisor --opponent-model greedy: standard seeds 21 (8 games) and 23 (10 games),
    # oklahoma seed 24 (10 games), fitted together.  Standard and eaai refitted for the raced
    # look-ahead with the terms in the stock, each on advisor,advisor --opponent-model advisor
    # runs of first options at every decision and of --options shown together: standard on
    # seeds 121 (50 games) and 41 (700 games), eaai on seeds 47 (60 games) and 43 (480 games).
    # A slope that grows with the stock (g) lets one map serve both: early in a round the
    # playouts' share of wins says more of the round than late (a slope of about 0.7 with 28
    # cards or more left, 0.2 with fewer than 10).  Under eaai the playouts' points read 7 to
    # 17 points above what the advisor lets happen, the more so the later (docs/strength.md).
    # The points' offset c of both moved for the sampler's weight on a card taken from the pile
    # (knowledge.TAKEN_KEEP), the rest kept (fit_calibration.py --keep): by +0.91 on seed 63
    # (660 games) and +0.99 on seed 64 (--rules eaai, 880 games), --options shown.
    "advisor": {"standard": _ADVISOR_STANDARD,
                "oklahoma": CalibrationMap(-0.0907, 0.6147, -1.2897, 0.7897),
                "straight": _ADVISOR_STANDARD,
                "eaai": CalibrationMap(-0.9772, 0.0272, -14.9638, 0.7102, 0.0378, 0.3858,
                                       0.0195)},
}
"""Per opponent model and family of rules (:func:`rules_family`: Oklahoma's knock limit set by
the upcard, R-5.6; straight gin's limit of 0, R-5.1; another fixed one with an undercut bonus of
20 or more, R-7.2, as under eaai; or with a smaller one), the map from the
playouts' raw numbers to the reply's (a, b, c, d, e, f, g): ``win_chance = 1 / (1 + exp(-(a +
(b + g * s) * logit(w) + e * s)))`` where ``w`` is the share of playouts won (kept off 0 and 1
by half a playout) and ``s`` the cards left in the stock, and ``expected_points = c + d * p + f
* s`` where ``p`` is the playouts' mean points (e, f and g are 0 in the maps fitted without the
stock).  Fitted by logistic and least-squares regression to the outcomes of self-play rounds
(``ginrules calibrate``), on seeds other than those of the figures of docs/strength.md ("Are
the hints' numbers true?"); where a family had no run of its own, a model reuses the standard
family's map.  The playouts play both seats more plainly than the advisor does and their estimates
carry sampling noise, so their raw chances are too sure of themselves; the map is increasing
and never changes an order (the stock is the same for every option of a decision, and the
slope ``b + g * s`` is positive at every stock)."""


EAAI_UNDERCUT = 20
"""The undercut bonus (R-7.2) from which a fixed knock limit's rules take the ``eaai`` family's
map (eaai, modern and openspiel give 25): the bonus weighs on a plan that waits for gin against
an opponent who knocks at once, so the playouts' numbers map differently (docs/strength.md)."""


def rules_family(rules: Rules) -> str:
    """The family of rules a calibration map is fitted for (CALIBRATION)."""
    if rules.oklahoma:
        return "oklahoma"
    if rules.knock_limit == 0:
        return "straight"
    return "eaai" if rules.undercut_bonus >= EAAI_UNDERCUT else "standard"


def playouts_logit(win: float, samples: int) -> float:
    """The log-odds of the playouts' share of wins, kept off 0 and 1 by half a playout: what
    CALIBRATION's maps take."""
    n = max(1, samples)
    share = (win * n + 0.5) / (n + 1)
    return math.log(share / (1 - share))


def chance_slope(line: CalibrationMap, stock: int) -> float:
    """A map's slope on the playouts' log-odds with ``stock`` cards left in the stock: what a
    chance's error scales by, and positive at every stock, so that the map keeps every order."""
    return line.b + line.g * stock


CHANCE_LEAST = 0.001
"""The least win chance a hint shows (its rounding's step); the most is 1 - CHANCE_LEAST."""


def mapped_chance(line: CalibrationMap, win: float, samples: int, stock: int) -> float:
    """A map's win chance for the playouts' raw share of wins over ``samples`` playouts, with
    ``stock`` cards left in the stock (unrounded)."""
    z = line.a + chance_slope(line, stock) * playouts_logit(win, samples) + line.e * stock
    return 1 / (1 + math.exp(-z))


def mapped_points(line: CalibrationMap, points: float, stock: int) -> float:
    """A map's expected points for the playouts' raw points, with ``stock`` cards left in the
    stock (unrounded): for their mean, the option's; for one playout's, that deal's."""
    return line.c + line.d * points + line.f * stock


def calibrated(model: str, win: float, points: float, samples: int, family: str = "standard",
               *, stock: int) -> tuple[float, float]:
    """The reply's win chance and expected points for the playouts' raw share of wins and
    mean points over ``samples`` playouts, with ``stock`` cards left in the stock, under an
    opponent model and a family of rules (CALIBRATION).  The chance is never 0 or 1, however
    many playouts agree: they are a sample, and a sample shows no certainty (against the
    random bot nearly every round is won, and 600 playouts all won map to 0.9997, shown as
    0.999)."""
    line = CALIBRATION[model][family]
    chance = min(max(round(mapped_chance(line, win, samples, stock), 3), CHANCE_LEAST),
                 1 - CHANCE_LEAST)
    return chance, round(mapped_points(line, points, stock), 2)


@dataclass(frozen=True)
class HintOption:
    """One option of a decision: the move, its rank (1 is best), its estimated value, why."""

    move: Move
    rank: int
    expected_points: float | None
    """The player's expected points of the round with this option (negative: the opponent's);
    None when the numbers are withheld."""
    win_chance: float | None
    """The estimated chance that the player wins the round; None when withheld."""
    reason: str
    samples: int
    """The sampled deals (playouts) this option's value rests on."""
    melds: tuple[Meld, ...] | None = None
    """For a knock: the arrangement the hint would knock with."""
    deadwood: int | None = None
    """For a knock: the deadwood of that arrangement."""
    playouts_raw: tuple[float, float] | None = None
    """The playouts' own share of wins and mean points, before CALIBRATION maps them (for
    fitting that map; not in the HTTP reply); kept even when the numbers are withheld."""
    expected_points_error: float | None = None
    """One standard error of ``expected_points`` (estimates.py says how it is computed)."""
    win_chance_error: float | None = None
    """One standard error of ``win_chance``."""
    tier: int | None = None
    """The group of options about equal in value (1 is the best; estimates.order_by_value);
    None when the numbers are withheld."""
    numbers_withheld: str | None = None
    """Why the option shows no numbers (too few playouts, or an exact answer), when it shows
    none."""


@dataclass(frozen=True)
class Hint:
    """The current decision of one player and every option, best first."""

    player: str
    phase: Phase
    """The deal's phase: the decision is the move this phase asks for."""
    options: tuple[HintOption, ...]
    playouts: int
    budget_ms: int
    seed: int
    opponent_model: str = OPPONENT_MODEL
    """What the numbers assume of the opponent (a name of OPPONENT_MODELS)."""

    @property
    def best(self) -> HintOption:
        return self.options[0]


def playouts_for(budget_ms: int) -> int:
    """The playouts a budget buys: a fixed rate, so a reply does not depend on machine speed."""
    return max(0, int(budget_ms)) * PLAYOUTS_PER_SECOND // 1000


def advise(view: DealView, *, seed: int = 0, budget_ms: int = DEFAULT_BUDGET_MS,
           standing: Standing | None = None, playouts: int | None = None,
           pause: Callable[[], None] | None = None,
           opponent_model: str = OPPONENT_MODEL) -> Hint:
    """Rank every legal option of the player whose turn it is in ``view``.

    ``standing`` is the score of the game (R-8.1), which moves the knock decisions; without
    it the game is taken as just begun.  ``playouts`` overrides the number the budget buys
    (0: the heuristic core alone, with no values; for fast self-play).  ``pause`` is called
    between playouts, to let a server serve other requests meanwhile; the hint is the same.
    ``opponent_model`` names what the numbers assume of the opponent (OPPONENT_MODELS)."""
    if opponent_model not in OPPONENT_MODELS:
        raise ValueError(f"no opponent model {opponent_model!r}")
    rng = random.Random(seed)
    standing = standing or Standing(target=view.rules.game_target)
    count = playouts_for(budget_ms) if playouts is None else playouts
    phase = view.phase
    if phase is Phase.LAY_DOWN:
        return _lay_down_hint(view, seed, budget_ms, opponent_model)
    random_opponent = opponent_model == "random"
    knowledge = knowledge_of(view)
    moves = tuple(view.legal_moves)
    # The draw's heuristic needs no opponent hands; the discard's safety and the knock's
    # undercut risk do, and so does the look-ahead.
    needs_opponents = phase is Phase.DISCARD or count > 0
    opponents = (sample_opponent_hands(knowledge, rng, HEURISTIC_SAMPLES,
                                       informed=not random_opponent)
                 if needs_opponents else [])
    ev = Evaluator(view.rules, knowledge.drawable, knowledge.limit)
    if phase is Phase.DISCARD:
        scored = rank_discards(view, knowledge, ev, moves, opponents, standing)
    else:
        scored = rank_draws(view, knowledge, ev, moves, opponents, standing)
    scored.sort(key=lambda s: s.cost)
    played: list[list[Outcome]] = [[] for _ in scored]
    if count > 0:
        played = look_ahead(view, knowledge, scored, count, opponents, rng, pause,
                            random_opponent=random_opponent)
    options = ranked_options(scored, played, opponent_model, rules_family(view.rules),
                             view.stock_count)
    return Hint(view.player, phase, options, count, budget_ms, seed, opponent_model)


def ranked_options(scored: list[Scored], played: list[list[Outcome]], model: str,
                   family: str, stock: int) -> tuple[HintOption, ...]:
    """The options, given in the heuristic's order with their playouts, ranked by value where
    it differs clearly and by the heuristic within a tier (estimates.order_by_value), each
    with its calibrated numbers and their errors, or none below estimates.MIN_SAMPLES.
    ``stock`` is the cards left in the stock, the same for every option."""
    line = CALIBRATION[model][family]
    # Each deal's points on the reply's scale (the calibration's line): their mean is the
    # option's expected points, their spread its error.
    spreads = [[mapped_points(line, o.points, stock) for o in outcomes]
               if len(outcomes) >= MIN_SAMPLES else None for outcomes in played]
    order, tiers = order_by_value(spreads)
    options = []
    for rank, index in enumerate(order, start=1):
        item, spread, outcomes = scored[index], spreads[index], played[index]
        notes = list(item.notes)
        raw = (item.win, item.points) if item.win is not None and item.points is not None else None
        if spread is None or raw is None:
            options.append(HintOption(item.move, rank, None, None, "; ".join(notes),
                                      item.samples, item.melds, item.deadwood, raw,
                                      numbers_withheld=withheld_reason(item.samples)))
            continue
        win, points = calibrated(model, raw[0], raw[1], item.samples, family, stock=stock)
        won = sum(o.won for o in outcomes)
        if rank == 1 and index != 0:
            notes.append("the look-ahead prefers it on the same sampled deals: clearly more "
                         "expected points than the heuristic's first choice")
        elif rank > 1 and tiers[order[rank - 2]] == tiers[index]:
            notes.append(f"about equal to #{rank - 1}: the difference is within the error of "
                         f"the sampled deals, so the heuristic's order stands")
        options.append(HintOption(
            item.move, rank, points, win, "; ".join(notes), item.samples, item.melds,
            item.deadwood, raw, expected_points_error=round(standard_error(spread), 2),
            win_chance_error=round(logistic_error(win, chance_slope(line, stock), won,
                                                  len(outcomes)), 3),
            tier=tiers[index]))
    return tuple(options)


def _lay_down_hint(view: DealView, seed: int, budget_ms: int, opponent_model: str) -> Hint:
    """The defender's reply to a knock (R-6.4): the spread with the least deadwood, exact."""
    move = best_lay_down(view)
    hand = cards_mask(view.hand)
    if move.melds is None:
        arrangement = solver_for(view.rules).best_arrangement(hand)
        melds, count = arrangement.melds, arrangement.deadwood_count
        reason = (f"lay down your best melds ({len(melds)}) and let the service lay off what "
                  f"fits the knocker's melds (R-6.4): {count} deadwood before layoffs")
    else:
        melds, laid = move.melds, move.layoffs or ()
        used = cards_mask(card for meld in melds for card in meld.cards)
        used |= cards_mask(layoff.card for layoff in laid)
        values = view.rules.card_values
        count = sum(values[c] for c in mask_cards(hand & ~used))
        reason = (f"your best spread (R-6.4): {len(melds)} meld{'s' * (len(melds) != 1)}, "
                  f"{len(laid)} layoff{'s' * (len(laid) != 1)}"
                  + (f" ({names([x.card for x in laid])})" if laid else "")
                  + f", {count} deadwood")
    option = HintOption(move, 1, None, None, reason, 0,
                        numbers_withheld="the defender's best spread is exact (R-6.4): there "
                                         "is nothing to estimate")
    return Hint(view.player, Phase.LAY_DOWN, (option,), 0, budget_ms, seed, opponent_model)


def best_lay_down(view: DealView) -> LayDown:
    """The defender's best spread against the knock (R-6.4), declared when the knock declared
    its melds (layoffs name them, docs/gamelog.md); otherwise left to the service, which lays down
    the same best reply."""
    knock = view.knock
    if knock is None or knock.melds is None:
        return LayDown(view.player)
    # The knock's spread is shown: gin when its melds hold every spread card.
    spread_size = DRAWN_HAND_SIZE if knock.discard is None else HAND_SIZE
    gin = sum(len(meld.cards) for meld in knock.melds) == spread_size
    defense = best_defense(knock.melds, cards_mask(view.hand), gin=gin, rules=view.rules)
    return LayDown(view.player, defense.melds, defense.layoffs)
