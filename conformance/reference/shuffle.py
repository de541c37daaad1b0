"""The documented shuffle ``ginrules-deal/1`` (docs/rules.md, R-3), from its text: SHA-256 only."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

NAME = "ginrules-deal/1"


def _stream(seed: int, round_: int, table: int) -> Iterator[int]:
    """The byte stream: SHA-256(message || counter) for counters 0, 1, 2, ..."""
    message = (NAME.encode("ascii") + seed.to_bytes(8, "big") + round_.to_bytes(4, "big")
               + table.to_bytes(4, "big"))
    block = 0
    while True:
        yield from hashlib.sha256(message + block.to_bytes(4, "big")).digest()
        block += 1


def deck(seed: int, round_: int = 0, table: int = 0) -> list[int]:
    """The shuffled deck: Fisher-Yates from position 51 down to 1, each number taken from the
    stream by rejecting the bytes at or above 256 - 256 mod n."""
    cards = list(range(52))
    stream = _stream(seed, round_, table)
    for i in range(51, 0, -1):
        n = i + 1
        byte = next(stream)
        while byte >= 256 - 256 % n:
            byte = next(stream)
        j = byte % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal(seed: int, round_: int = 0, table: int = 0) -> tuple[list[int], list[int], int, list[int]]:
    """The deal (R-3.1): the first hand (to the player offered the upcard first), the second,
    the upcard and the stock (top first)."""
    cards = deck(seed, round_, table)
    return cards[:10], cards[10:20], cards[20], cards[21:]
