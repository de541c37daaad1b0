"""Bots: computer players that see only their own view of a deal (docs/gamelog.md ``view``).

Each bot is a function of a :class:`~.engine.DealView` and a seed, so it cannot cheat: what it
cannot see cannot change its move.  Every move it returns is one of the view's legal moves
(a knock may carry the melds it declares).

- ``random``: uniform over the legal moves.
- ``simple``: the published baseline player of the EAAI Gin Rummy competition: take the upcard
  (or the pile card) only if it would join a meld; discard at random among the cards that
  leave the least deadwood, never the card just taken from the pile; knock as soon as allowed.
- ``advisor``: plays the hint engine's first choice (hints.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..base.cards import Card, cards_mask, mask_cards
from ..base.melds import meld_pairs
from ..errors import UnknownBotError
from ..hands.solver import solver_for
from ..match.standings import Standing
from ..table.moves import DealView, Discard, Draw, Hidden, Knock, LayDown, Move, Phase
from .hints import DEFAULT_BUDGET_MS, advise


@dataclass(frozen=True)
class Bot:
    """A bot: its name, what it does, and its move for a view."""

    name: str
    description: str
    choose: Callable[..., Move]


def random_move(view: DealView, seed: int = 0, **_: object) -> Move:
    """A legal move chosen uniformly at random; the defender's spread is the best one."""
    moves = list(view.legal_moves)
    if view.phase is Phase.LAY_DOWN or not moves:
        return _lay_down(view)
    return random.Random(seed).choice(moves)


def joins_meld(view: DealView, card: int) -> bool:
    """Whether a pile card would be part of a meld with cards of the hand (R-2.1, R-2.2): the
    published simple player's test, any meld, not only those of the best arrangement."""
    pairs = meld_pairs(round_the_corner=view.rules.round_the_corner)[card]
    hand = cards_mask(view.hand)
    return any(hand & pair == pair for pair in pairs)


def simple_move(view: DealView, seed: int = 0, **_: object) -> Move:
    """The EAAI competition's simple player (see the module docstring)."""
    rng = random.Random(seed)
    moves = view.legal_moves
    phase = view.phase
    if phase is Phase.LAY_DOWN:
        return _lay_down(view)
    if phase in (Phase.FIRST_TURN, Phase.DRAW, Phase.LAST_DISCARD):
        take = next((m for m in moves if isinstance(m, Draw) and m.source == "discard"), None)
        if take is not None and view.pile and joins_meld(view, view.pile[-1]):
            return take
        return next(m for m in moves if not (isinstance(m, Draw) and m.source == "discard"))
    # Never the card just taken from the pile, even where the rules would allow it.
    knocks = [m for m in moves if isinstance(m, Knock) and (m.discard is None
                                                            or m.discard != view.taken)]
    solver = solver_for(view.rules)
    hand = cards_mask(view.hand)
    # Looked up with the moves' cards: the player's own legal moves, so never HIDDEN, and no
    # big gin (None) is left when the knocks are.
    values: dict[Card | Hidden | None, int] = dict(zip(mask_cards(hand),
                                                       solver.discard_counts(hand)))
    if knocks:
        big_gin = [m for m in knocks if m.discard is None]
        if big_gin:
            return big_gin[0]
        least = min(values[m.discard] for m in knocks)
        return rng.choice([m for m in knocks if values[m.discard] == least])
    discards = ([m for m in moves if isinstance(m, Discard) and m.card != view.taken]
                or [m for m in moves if isinstance(m, Discard)])
    if not discards:
        return rng.choice(list(moves))
    least = min(values[m.card] for m in discards)
    return rng.choice([m for m in discards if values[m.card] == least])


def _lay_down(view: DealView) -> Move:
    """The defender's best spread (R-6.4), which the service lays down when asked to."""
    return LayDown(view.player)


def advisor_move(view: DealView, seed: int = 0, *, budget_ms: int = DEFAULT_BUDGET_MS,
                 standing: Standing | None = None, playouts: int | None = None,
                 pause: Callable[[], None] | None = None) -> Move:
    """The hint engine's first choice."""
    if view.phase is Phase.LAY_DOWN:
        return _lay_down(view)
    hint = advise(view, seed=seed, budget_ms=budget_ms, standing=standing, playouts=playouts,
                  pause=pause)
    return hint.best.move


BOTS: dict[str, Bot] = {
    "random": Bot("random", "plays a legal move chosen uniformly at random", random_move),
    "simple": Bot(
        "simple",
        "the EAAI Gin Rummy competition's baseline: takes the upcard or the pile card only if it "
        "joins a meld, discards at random among the cards that leave the least deadwood (never "
        "the card just taken), knocks as soon as allowed", simple_move),
    "advisor": Bot(
        "advisor",
        "plays the hint engine's first choice: expected deadwood and the chance to knock over "
        "the next two draws, discard safety from the opponent's picks and passes, knock timing "
        "against the undercut risk and the score, refined by playouts of sampled deals",
        advisor_move),
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


__all__ = ["BOTS", "Bot", "bot_move", "bot_named", "random_move", "simple_move", "advisor_move"]
