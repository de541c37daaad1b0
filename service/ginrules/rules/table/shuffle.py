"""The service's shuffle, ``ginrules-deal/1`` (R-3.1): a deck from a seed, the same everywhere.

The shuffle is specified byte for byte (docs/rules.md, "The service's shuffle") so that anyone can
check a deal
from its seed in any language: a byte stream from SHA-256 in counter mode over the seed, the
round and the table; unbiased numbers from it by rejection; a Fisher-Yates shuffle of the 52
cards in canonical order (R-1.4).  It depends on nothing but SHA-256, never on a language's
random number generator, so no Python version or platform can change a deal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from ..base.cards import CARDS, Card

SHUFFLE = "ginrules-deal/1"
"""The shuffle's name and version; the first bytes of every message it hashes."""
MAX_SEED = 2**53 - 1
"""The largest seed: every JSON reader, JavaScript's too, reads integers up to 2**53 - 1
exactly, so a seed survives every client's round trip."""
MAX_ROUND = 2**32 - 1
"""The largest round index (four bytes of the message)."""
MAX_TABLE = 2**32 - 1
"""The largest table index (four bytes of the message)."""


def shuffle_message(seed: int, round: int = 0, table: int = 0) -> bytes:
    """What the stream hashes (R-3.1, ginrules-deal/1): ``ginrules-deal/1`` in ASCII, then the seed
    (8 bytes),
    the round (4 bytes) and the table (4 bytes), each unsigned and big-endian."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is an integer from 0 to {MAX_SEED}, got {seed}")
    if not 0 <= round <= MAX_ROUND:
        raise ValueError(f"a round is an integer from 0 to {MAX_ROUND}, got {round}")
    if not 0 <= table <= MAX_TABLE:
        raise ValueError(f"a table is an integer from 0 to {MAX_TABLE}, got {table}")
    return (SHUFFLE.encode("ascii") + seed.to_bytes(8, "big") + round.to_bytes(4, "big")
            + table.to_bytes(4, "big"))


def shuffle_stream(seed: int, round: int = 0, table: int = 0) -> Iterator[int]:
    """The shuffle's bytes (R-3.1, ginrules-deal/1): SHA-256 of the message and a block counter (4
    bytes,
    big-endian, from 0), one 32-byte block after another."""
    message = shuffle_message(seed, round, table)
    counter = 0
    while True:
        yield from hashlib.sha256(message + counter.to_bytes(4, "big")).digest()
        counter += 1


def uniform_below(bound: int, stream: Iterator[int]) -> int:
    """A number from 0 to ``bound - 1``, each equally likely (R-3.1, ginrules-deal/1): the next
    byte below the
    largest multiple of ``bound`` that fits in a byte, modulo ``bound``; a byte at or above it
    is skipped, so that no number is favoured."""
    if not 1 <= bound <= 256:
        raise ValueError(f"a bound is from 1 to 256, got {bound}")
    limit = 256 - 256 % bound
    for byte in stream:
        if byte < limit:
            return byte % bound
    raise AssertionError("the stream never ends")  # pragma: no cover


def seeded_deck(seed: int, round: int = 0, table: int = 0) -> tuple[Card, ...]:
    """The deck of table ``table`` of round ``round`` shuffled from ``seed`` (R-3.1,
    ginrules-deal/1): the 52
    cards in canonical order (R-1.4), then for each position from the last (51) down to 1 a
    swap with a position drawn from 0 to itself (Fisher-Yates)."""
    stream = shuffle_stream(seed, round, table)
    deck = list(CARDS)
    for position in range(len(deck) - 1, 0, -1):
        other = uniform_below(position + 1, stream)
        deck[position], deck[other] = deck[other], deck[position]
    return tuple(deck)
