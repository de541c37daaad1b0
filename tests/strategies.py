"""Hypothesis strategies for hands: uniformly random, and meld-dense (few adjacent ranks)."""

from __future__ import annotations

import random

from hypothesis import strategies as st


def random_hands(min_size: int, max_size: int | None = None) -> st.SearchStrategy[list[int]]:
    """Distinct cards drawn from the whole deck."""
    return st.lists(
        st.integers(0, 51), min_size=min_size, max_size=max_size or min_size, unique=True
    )


@st.composite
def dense_hands(draw, size: int) -> list[int]:
    """Cards from three to five adjacent ranks (all suits), plus at most two strays."""
    width = draw(st.integers(3, 5))
    low = draw(st.integers(0, 13 - width))
    pool = [suit * 13 + rank for suit in range(4) for rank in range(low, low + width)]
    strays = draw(st.integers(0, min(2, size)))
    core = draw(st.permutations(pool))[: size - strays]
    others = [c for c in range(52) if c not in core]
    extra = draw(st.lists(st.sampled_from(others), min_size=strays, max_size=strays, unique=True))
    hand = list(core) + list(extra)
    if len(hand) < size:  # small pools: fill from the rest of the deck
        rest = [c for c in range(52) if c not in hand]
        hand += draw(st.permutations(rest))[: size - len(hand)]
    return hand


def seeded_hands(seed: int, count: int, size: int, dense: bool) -> list[list[int]]:
    """A reproducible list of hands, for sweeps that check thousands of hands quickly."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        if dense:
            width = rng.randint(3, 5)
            low = rng.randint(0, 13 - width)
            pool = [s * 13 + r for s in range(4) for r in range(low, low + width)]
            if len(pool) < size:
                pool += rng.sample([c for c in range(52) if c not in pool], size - len(pool))
            hands.append(rng.sample(pool, size))
        else:
            hands.append(rng.sample(range(52), size))
    return hands
