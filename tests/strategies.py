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


@st.composite
def corner_dense_hands(draw, size: int) -> list[int]:
    """Like :func:`dense_hands`, but the adjacent ranks are taken on the circle A 2 ... K A, so
    about half the hands hold cards around K-A-2 (round the corner, R-2.7)."""
    width = draw(st.integers(3, 5))
    # Half the windows hold the king and the ace: they start at 9, 10, 11 or 12.
    low = draw(st.one_of(st.sampled_from([9, 10, 11, 12]), st.integers(0, 12)))
    pool = [suit * 13 + (low + step) % 13 for suit in range(4) for step in range(width)]
    strays = draw(st.integers(0, min(2, size)))
    core = draw(st.permutations(pool))[: size - strays]
    others = [c for c in range(52) if c not in core]
    extra = draw(st.lists(st.sampled_from(others), min_size=strays, max_size=strays, unique=True))
    hand = list(core) + list(extra)
    if len(hand) < size:
        rest = [c for c in range(52) if c not in hand]
        hand += draw(st.permutations(rest))[: size - len(hand)]
    return hand


@st.composite
def corner_knock_positions(draw) -> tuple[list[int], list[int]]:
    """A knocker's ten cards made of melds that may wrap past the king (runs of three to five
    on the circle, sets), and a defender's ten, many of them next to the knocker's cards."""
    spread: list[int] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            # Half the runs start at J, Q or K, so they wrap or end next to the ace.
            start = draw(st.one_of(st.sampled_from([10, 11, 12]), st.integers(0, 12)))
            suit, length = draw(st.integers(0, 3)), draw(st.integers(3, 5))
            meld = [suit * 13 + (start + i) % 13 for i in range(length)]
        else:
            rank, size = draw(st.integers(0, 12)), draw(st.integers(3, 4))
            meld = [s * 13 + rank for s in draw(st.permutations(range(4)))[:size]]
        if len(spread) + len(meld) <= 10 and not set(meld) & set(spread):
            spread += meld
    rng = draw(st.randoms(use_true_random=False))  # the fillers: long lists to pick from
    low_cards = [c for c in range(52) if c % 13 < 4 and c not in spread]
    spread += rng.sample(low_cards, 10 - len(spread))
    beside = {c // 13 * 13 + (c % 13 + step) % 13 for c in spread for step in (-2, -1, 1, 2)}
    same_rank = {(c + 13 * k) % 52 for c in spread for k in (1, 2, 3)}
    near = sorted((beside | same_rank) - set(spread))
    picked = rng.sample(near, min(len(near), draw(st.integers(0, 7))))
    rest = [c for c in range(52) if c not in spread and c not in picked]
    return spread, picked + rng.sample(rest, 10 - len(picked))
