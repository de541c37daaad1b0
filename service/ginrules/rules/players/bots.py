"""Bots: computer players that see only their own view of a deal (docs/gamelog.md ``view``).

Each bot is a function of a :class:`~.engine.DealView` and a seed, so it cannot cheat: what it
cannot see cannot change its move.  Every move it returns is one of the view's legal moves
(a knock may carry the melds it declares).

- ``random``: uniform over the legal moves.
- ``simple``: SimpleGinRummyPlayer, the published baseline of the EAAI-2021 Gin Rummy AI
  challenge (Todd Neller's Java player), rule by rule: take the upcard, or the top of the
  pile, only if it would join a meld with cards of the hand (any meld, first turn included);
  discard at random among the cards that leave the least deadwood, never the card just taken
  from the pile and never a card whose discard would repeat a (drawn, discarded) pair of this
  deal; knock when that discard leaves a deadwood the knock limit allows (gin when it leaves
  none), spreading an optimal arrangement chosen at random; after the opponent's knock, lay
  down an optimal arrangement of its own chosen at random and lay off what it can onto the
  knocker's melds, card by card, as the challenge's referee does.
- ``advisor``: plays the hint engine's first choice (hints.py).

Where ``simple`` differed from the published player until it was checked against it rule by
rule (CHANGELOG): it left the knock's arrangement to the service, which spreads the one best
for the knocker (R-7.6: it may keep a card out of a meld to deny a layoff); it always laid down
the defender's best reply (R-6.4: it may break its own meld to lay off more); and it had no
memory of its (drawn, discarded) pairs.  Each made it a little stronger than the published
player, in rare positions: in the arena under ``eaai`` the earlier ``simple`` won 18 of 2,000
mirrored pairs outright and today's none, 1,982 split (0.5 points a game).  One departure
stays: against a knock that declares no melds (the service arranges them), no layoff can name
a meld, so ``simple`` lays down the service's best reply there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar, cast

from ..base.cards import CARD_BITS, Card, cards_mask, mask_cards
from ..base.melds import meld_pairs
from ..base.sizes import DRAWN_HAND_SIZE, HAND_SIZE
from ..errors import UnknownBotError
from ..hands.layoffs import Layoff, extends_meld, may_lay_off
from ..hands.solver import solver_for
from ..match.standings import Standing
from ..table.moves import DealView, Discard, Draw, Knock, LayDown, Move, Phase
from .hints import DEFAULT_BUDGET_MS, advise
from .knowledge import melds_with

# The phases by final name: the compiled code reads a final name at once, and looks an enum's
# member up through the enum's class at every read.
_FIRST_TURN: Final = Phase.FIRST_TURN
_DRAW: Final = Phase.DRAW
_LAST_DISCARD: Final = Phase.LAST_DISCARD
_LAY_DOWN: Final = Phase.LAY_DOWN
# And the move kinds, asked of every legal move and record (a name imported from a module left
# as Python is looked up at every read).
_Draw: Final = Draw
_Discard: Final = Discard
_Knock: Final = Knock

T = TypeVar("T")


@dataclass(frozen=True)
class Bot:
    """A bot: its name, what it does, and its move for a view; whether it plays at the
    LEVELS (``level`` in its ``choose``)."""

    name: str
    description: str
    choose: Callable[..., Move]
    levels: bool = False


def random_move(view: DealView, seed: int = 0, **_: object) -> Move:
    """A legal move chosen uniformly at random; the defender's spread is the best one."""
    moves = list(view.legal_moves)
    if view.phase is _LAY_DOWN or not moves:
        return _lay_down(view)
    return random.Random(seed).choice(moves)


def joins_meld(view: DealView, card: Card) -> bool:
    """Whether a pile card would be part of a meld with cards of the hand (R-2.1, R-2.2): the
    published simple player's test, any meld, not only those of the best arrangement."""
    pairs = meld_pairs(round_the_corner=view.rules.round_the_corner)
    return melds_with(card, cards_mask(view.hand), pairs) > 0


class Chooser:
    """The random choices of one decision, as ``random.Random(seed).choice`` makes them, with
    the generator made only when a choice has more than one option: seeding one costs more
    than the rest of a simple move, and most of its choices have one option.  The choices of
    one option skipped before it is made are made then, so every choice is the same."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng: random.Random | None = None
        self.skipped = 0

    def choice(self, options: Sequence[T]) -> T:
        rng = self.rng
        if rng is None:
            if len(options) == 1:
                self.skipped += 1
                return options[0]
            rng = self.rng = random.Random(self.seed)
            for _ in range(self.skipped):
                rng.choice((None,))
        return rng.choice(options)


def simple_move(view: DealView, seed: int = 0, **_: object) -> Move:
    """SimpleGinRummyPlayer's move (see the module docstring); random choices from ``seed``
    (a draw needs none: its generator is made only where a choice is random)."""
    moves = view.legal_moves
    phase = view.phase
    if phase is _LAY_DOWN:
        return _simple_lay_down(view, Chooser(seed))
    if phase is _DRAW or phase is _FIRST_TURN or phase is _LAST_DISCARD:
        take = next((m for m in moves if type(m) is _Draw and m.source == "discard"), None)
        if take is not None and view.pile and joins_meld(view, view.pile[-1]):
            return take
        return next(m for m in moves if not (type(m) is _Draw and m.source == "discard"))
    # The legal discards and knocks by card (a knock without melds: the service arranges it,
    # ), asked by card rather than by making a move to look for among them.
    discards: dict[Card, Discard] = {}
    knocks: dict[Card, Knock] = {}
    for move in moves:
        if type(move) is _Discard:
            discards[cast(Card, move.card)] = move
        elif type(move) is _Knock:
            if move.discard is None:
                # The challenge plays no big gin; where the rules do, it is the knock
                # at once.
                return move
            knocks[cast(Card, move.discard)] = move
    rng = Chooser(seed)
    solver = solver_for(view.rules)
    hand = cards_mask(view.hand)
    counts = {card: count for card, count in zip(mask_cards(hand), solver.discard_counts(hand))}
    card = _simple_discard(view, counts, rng)
    if card not in discards and card not in knocks:
        # Only a knock may follow the last discard taken at the wall: the least one.
        # The player's own legal knocks name their cards, never HIDDEN.
        least = min(counts[c] for c in knocks)
        card = rng.choice([c for c in knocks if counts[c] == least])
    if card in knocks:
        spread = rng.choice(solver.optimal_arrangements(hand & ~CARD_BITS[card]))
        return Knock(view.player, card, spread.melds)
    return discards[card]


def _simple_discard(view: DealView, counts: dict[Card, int], rng: Chooser) -> Card:
    """The published player's discard: at random among the cards leaving the least deadwood,
    never the card just taken from the pile (even where R-4.3 would allow it) and never one
    whose discard would repeat a (drawn, discarded) pair of its earlier turns in this deal, in
    either order; when every card is barred so, the pairs are forgotten (where the published
    player would fail)."""
    held = [card for card in counts if card != view.taken] or list(counts)
    barred = _barred_discards(view)
    fresh = [card for card in held if card not in barred] or held
    least = min([counts[card] for card in fresh])
    return rng.choice([card for card in fresh if counts[card] == least])


def _barred_discards(view: DealView) -> set[Card | None]:
    """The cards whose discard now would repeat a (drawn, discarded) pair of the player's
    earlier turns in this deal, in either order: the other card of each pair that holds the
    card drawn this turn, from the view's history."""
    drawn: Card | None = None
    pairs: list[tuple[Card | None, Card]] = []
    player = view.player
    for move, card, _ in view.history:
        if move.player != player:
            continue
        kind = type(move)
        if kind is _Draw:
            drawn = card if card is not None else cast(Draw, move).card
        elif kind is _Discard:
            pairs.append((drawn, cast(Card, cast(Discard, move).card)))
    barred: set[Card | None] = set()
    for first, second in pairs:
        if first == drawn:
            barred.add(second)
        if second == drawn:
            barred.add(first)
    return barred


def _simple_lay_down(view: DealView, rng: Chooser) -> Move:
    """After the opponent's knock: an optimal arrangement of its own hand, chosen at random,
    and the challenge referee's layoffs onto the knocker's declared melds: the first loose card
    (in card order) that extends a meld goes onto the first meld it extends, and again until
    none does (R-6.1, R-6.2); nothing against gin (R-6.3).  Against a knock that declared no
    melds a layoff can name no meld: the service lays down the defender's best reply (R-6.4)."""
    knock = view.knock
    if knock is None or knock.melds is None:
        return _lay_down(view)
    own = rng.choice(solver_for(view.rules).optimal_arrangements(cards_mask(view.hand)))
    knocker = knock.melds
    spread = HAND_SIZE if knock.discard is not None else DRAWN_HAND_SIZE
    gin = sum(len(meld.cards) for meld in knocker) == spread
    if not may_lay_off(melds_declared=True, gin=gin):
        return LayDown(view.player, own.melds, ())
    loose = list(own.deadwood)
    grown = [set(meld.cards) for meld in knocker]
    layoffs: list[Layoff] = []
    while True:
        fit = next(((card, index) for card in loose for index, meld in enumerate(knocker)
                    if extends_meld(meld.kind, grown[index], card,
                                    view.rules.round_the_corner)), None)
        if fit is None:
            return LayDown(view.player, own.melds, tuple(layoffs))
        card, index = fit
        loose.remove(card)
        grown[index].add(card)
        layoffs.append(Layoff(card, index))


def _lay_down(view: DealView) -> Move:
    """The defender's best spread (R-6.4), which the service lays down when asked to."""
    return LayDown(view.player)


@dataclass(frozen=True)
class Level:
    """One of the advisor's graded strengths: at each decision it plays a legal move chosen at
    random with the chance ``stray``, and otherwise the hint engine's first choice at
    ``budget_ms`` (0: its heuristic core alone, no playouts).  The defender's spread is always
    the best one (R-6.4)."""

    number: int
    stray: float
    budget_ms: int

    def stray_seed(self, seed: int) -> int | None:
        """Whether the decision of this seed is played at random, and if so the random
        move's seed (None: not at random): from a stream of its own, apart from the one the
        hint engine draws from."""
        rng = random.Random(f"ginrules-level/1 {seed}")
        return rng.getrandbits(32) if self.stray and rng.random() < self.stray else None

    @property
    def description(self) -> str:
        looks = (f"the advisor at {self.budget_ms} ms" if self.budget_ms
                 else "the advisor's heuristic core (no playouts)")
        if not self.stray:
            return looks
        return f"a random legal move at {self.stray:.0%} of its decisions, else {looks}"


LEVELS: dict[int, Level] = {level.number: level for level in (
    Level(1, 0.35, 0), Level(2, 0.18, 0), Level(3, 0.08, 0), Level(4, 0.04, 0),
    Level(5, 0.0, DEFAULT_BUDGET_MS))}
"""The advisor's levels, 1 (a little above ``random``) to 5 (the advisor the API serves).
Each one's strength is measured in the arena (docs/strength.md, "Levels")."""


def advisor_move(view: DealView, seed: int = 0, *, budget_ms: int = DEFAULT_BUDGET_MS,
                 standing: Standing | None = None, playouts: int | None = None,
                 pause: Callable[[], None] | None = None, level: int | None = None) -> Move:
    """The hint engine's first choice; at a ``level`` (LEVELS), that level's play, whose
    budget replaces ``budget_ms`` and ``playouts``."""
    if view.phase is _LAY_DOWN:
        return _lay_down(view)
    if level is not None:
        graded = level_named(level)
        stray_seed = graded.stray_seed(seed)
        if stray_seed is not None:
            return random_move(view, stray_seed)
        budget_ms, playouts = graded.budget_ms, (None if graded.budget_ms else 0)
    hint = advise(view, seed=seed, budget_ms=budget_ms, standing=standing, playouts=playouts,
                  pause=pause)
    return hint.best.move


def level_named(number: int) -> Level:
    """The advisor's level of that number; :class:`~..errors.UnknownBotError` naming the
    levels if none."""
    level = LEVELS.get(number)
    if level is None:
        raise UnknownBotError(f"no level {number!r} of the advisor; the levels are "
                              f"{min(LEVELS)} to {max(LEVELS)}")
    return level


BOTS: dict[str, Bot] = {
    "random": Bot("random", "plays a legal move chosen uniformly at random", random_move),
    "simple": Bot(
        "simple",
        "SimpleGinRummyPlayer, the EAAI-2021 Gin Rummy challenge's baseline: takes the upcard "
        "or the pile card only if it joins a meld, discards at random among the cards that "
        "leave the least deadwood (never the card just taken, never repeating a drawn and "
        "discarded pair of the deal), knocks as soon as allowed with an optimal spread chosen "
        "at random, and lays off as the challenge's referee does", simple_move),
    "advisor": Bot(
        "advisor",
        "plays the hint engine's first choice: expected deadwood and the chance to knock over "
        "the next two draws, discard safety from the opponent's picks and passes, knock timing "
        "against the undercut risk and the score, refined by playouts of sampled deals",
        advisor_move, levels=True),
}
"""The bots by name."""


def bot_named(name: str) -> Bot:
    """The bot of that name; :class:`~..errors.UnknownBotError` naming the bots if none."""
    bot = BOTS.get(name)
    if bot is None:
        raise UnknownBotError(f"no bot {name[:40]!r}; the bots are {', '.join(BOTS)}")
    return bot


def bot_move(name: str, view: DealView, seed: int = 0, **options: object) -> Move:
    """The named bot's move for a view (:class:`~..errors.UnknownBotError` for no bot)."""
    return bot_named(name).choose(view, seed, **options)


__all__ = ["BOTS", "LEVELS", "Bot", "Level", "bot_move", "bot_named", "level_named", "random_move",
           "simple_move", "advisor_move"]
