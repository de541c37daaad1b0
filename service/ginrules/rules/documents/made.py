"""The draws and discards logs name, each made once.

A log is mostly draws and discards, and a player's recur from round to round and from log to
log; a move is an immutable tuple, so every log that names one may share it.  Reading a log
(:mod:`.gamelog`) looks each up here by the player and the card's code as the log spells it
and makes it only the first time, which spares most of the reading's work."""

from __future__ import annotations

from typing import Any, Final

from ..table.moves import Move


class Made:
    """One player's moves made so far, each keyed by the card's code as a log spells it."""

    def __init__(self) -> None:
        self.discards: dict[Any, Move] = {}
        """Discards."""
        self.stock: dict[Any, Move] = {}
        """Draws from the stock (None: a draw that does not name its card)."""
        self.pile: dict[Any, Move] = {}
        """Draws from the discard pile, likewise."""


MADE: Final[dict[str, Made]] = {}
"""The moves made so far, by player: at most :data:`MADE_PLAYERS` players, then forgotten
and begun again, so that a client naming new players in every log cannot make it grow."""
MADE_PLAYERS: Final = 64


def made_for(player: str) -> Made:
    """A new, empty record of ``player``'s moves (forgetting every player's when full)."""
    if len(MADE) >= MADE_PLAYERS:
        MADE.clear()
    made = MADE[player] = Made()
    return made
