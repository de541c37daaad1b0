"""The solver's compiled fast path (service/ginrules/rules/_speedups.c) against the Python code it
speeds up, which is its reference (R-1.4, R-2.5).

The exhaustive reference tests of test_solver.py run through whichever path is in use; here
the compiled answers are held to the Python ones object for object, hostile tokens and masks
get the Python answers and errors, the compiled code keeps no stray references, and a process
with ``GINRULES_PURE_PYTHON=1`` runs without it and answers the same.
"""

from __future__ import annotations

import gc
import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrules.rules import analyze, speedups
from ginrules.rules.base.cards import (
    CARD_SPELLINGS,
    SPELLING_CARDS,
    FULL_DECK,
    cards_mask,
    parse_hand_mask,
    python_parse_hand_mask,
)
from ginrules.rules.errors import RulesError
from ginrules.rules.base.melds import Arrangement
from ginrules.rules.hands.solver import (
    DEFAULT_SOLVER,
    HAND_SIZES,
    Solution,
    solver_for,
)
from ginrules.rules.base.options import resolve_rules

from testkit import ROOT
from tests.strategies import dense_hands, random_hands, seeded_hands


compiled = pytest.mark.skipif(not speedups.ACTIVE, reason="the compiled fast path is not built")

SOLVERS = {
    "ace_1": DEFAULT_SOLVER,
    "ace_11": solver_for(resolve_rules({"preset": "standard", "ace_deadwood_value": 11})),
    "ace_15": solver_for(resolve_rules({"preset": "standard", "ace_deadwood_value": 15})),
}


def compiler_at_hand() -> bool:
    """Whether this Python could build the extension here: its C compiler and its headers."""
    cc = (sysconfig.get_config_var("CC") or "").split()
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return bool(cc) and shutil.which(cc[0]) is not None and include.exists()


def test_the_compiled_fast_path_is_built_wherever_a_compiler_is_at_hand():
    """The extension is optional in the build; it must not go missing where it can be built."""
    if speedups.pure_python_requested():
        pytest.skip("GINRULES_PURE_PYTHON is set")
    if not compiler_at_hand():
        pytest.skip("no C compiler or no Python headers here")
    assert speedups.ACTIVE, "setup.py builds service/ginrules/rules/_speedups.c; it did not load"
    assert DEFAULT_SOLVER.kernel is not None
    assert parse_hand_mask is not python_parse_hand_mask


@compiled
def test_r2_7_a_round_the_corner_solver_has_no_compiled_path():
    # The compiled code only knows linear suits (ace low, R-2.2).
    corner = solver_for(resolve_rules({"preset": "standard", "round_the_corner": True}))
    assert corner.kernel is None
    assert all(solver.kernel is not None for solver in SOLVERS.values())


def _same_solution(solver, mask: int) -> None:
    quick = solver.kernel.solve(mask)
    reference = solver.python_solve(mask)
    assert solver.solve(mask) == reference
    if quick is not None:
        assert type(quick) is type(reference) and type(quick[1]) is Arrangement
        assert quick == reference
        # The very Meld objects of the tables, in the same order.
        assert all(a is b for a, b in zip(quick[1].melds, reference[1].melds))
        assert quick[1].deadwood == reference[1].deadwood
        assert type(quick[1].deadwood_count) is int
    count = solver.kernel.count(mask)
    assert count is None or count == solver.python_min_deadwood(mask)
    assert solver.min_deadwood(mask) == solver.python_min_deadwood(mask)
    if mask:
        # The least deadwood after each discard: every hand of up to eleven cards.
        counts = solver.kernel.counts(mask)
        assert counts is not None and type(counts) is tuple
        assert counts == solver.python_discard_counts(mask)
        assert solver.discard_counts(mask) == counts
    if mask.bit_count() <= 10:
        # The least deadwood after each card the hand could draw, and a hand too big for it.
        others = FULL_DECK & ~mask
        draws = solver.kernel.draws(mask, others)
        assert draws is not None and type(draws) is tuple and len(draws) == others.bit_count()
        assert draws == solver.python_draw_counts(mask, others)
        assert draws == tuple(min(solver.python_discard_counts(mask | 1 << card))
                              for card in range(52) if others >> card & 1)
        assert solver.draw_counts(mask, others) == draws
    else:
        assert solver.kernel.draws(mask, FULL_DECK & ~mask) is None
    if mask:
        # A card the hand holds cannot be drawn: no compiled answer, the reference's alone.
        assert solver.kernel.draws(mask, mask & -mask) is None


@compiled
@pytest.mark.parametrize("name", SOLVERS)
@given(cards=random_hands(0, 11))
def test_r2_5_compiled_answers_are_the_python_answers_on_random_hands(name, cards):
    _same_solution(SOLVERS[name], cards_mask(cards))


@compiled
@pytest.mark.parametrize("name", SOLVERS)
@given(cards=st.integers(3, 11).flatmap(dense_hands))
def test_r2_5_compiled_answers_are_the_python_answers_on_meld_dense_hands(name, cards):
    _same_solution(SOLVERS[name], cards_mask(cards))


@compiled
@pytest.mark.parametrize("name", SOLVERS)
def test_r2_2_every_suit_held_alone_gives_the_python_answer(name):
    """Every entry of the suit tables, in each suit, read through the compiled path."""
    solver = SOLVERS[name]
    for suit in range(4):
        for bits in range(1 << 13):
            if bits.bit_count() <= 10:
                _same_solution(solver, bits << 13 * suit)


@compiled
@pytest.mark.parametrize("name", SOLVERS)
def test_r2_1_every_set_of_three_among_every_run_gives_the_python_answer(name):
    """One rank held three times with the other cards around it: the set taken, left or tied,
    and put among the runs in meld order."""
    solver = SOLVERS[name]
    rng = random.Random(21)
    for rank in range(13):
        for missing in range(4):
            core = [s * 13 + rank for s in range(4) if s != missing]
            near = [s * 13 + r for s in range(4) for r in range(max(0, rank - 3),
                                                               min(13, rank + 4))
                    if r != rank]
            for _ in range(40):
                extra = rng.sample(near, rng.randint(0, 7))
                _same_solution(solver, cards_mask(core + extra))


def _expected_to_answer(mask: int) -> bool:
    """The compiled solve's contract: up to ten cards with no rank held three or four times,
    or one rank held exactly three times whose set does not tie with leaving it."""
    if mask.bit_count() > 10:
        return False
    suits = [mask >> 13 * s & 0x1FFF for s in range(4)]
    held = [sum(suits[s] >> r & 1 for s in range(4)) for r in range(13)]
    triples = [r for r in range(13) if held[r] >= 3]
    if not triples:
        return True
    if len(triples) > 1 or held[triples[0]] == 4:
        return False
    sd = DEFAULT_SOLVER.suit_deadwood
    bit = 1 << triples[0]
    return sum(sd[m] - sd[m & ~bit] for m in suits) != 0


@compiled
@pytest.mark.parametrize("name", SOLVERS)
def test_r5_1_every_four_of_a_kind_and_two_sets_gives_the_python_discard_counts(name):
    """Eleven cards with ranks held three and four times, among runs: every choice of sets
    the compiled discard counts try (none, each set of three, the set of four)."""
    solver = SOLVERS[name]
    rng = random.Random(31)
    for _ in range(3000):
        ranks = rng.sample(range(13), 2)
        core = [s * 13 + r for r in ranks for s in rng.sample(range(4), rng.choice([3, 4]))]
        rest = [c for c in range(52) if c not in core]
        mask = cards_mask(core + rng.sample(rest, 11 - len(core)))
        assert solver.kernel.counts(mask) == solver.python_discard_counts(mask)
    assert solver.kernel.counts(cards_mask(range(12))) is None  # more than eleven cards


@compiled
def test_r2_5_the_compiled_path_answers_exactly_the_hands_the_tables_settle():
    kernel = DEFAULT_SOLVER.kernel
    answered = 0
    hands = seeded_hands(7, 2000, 10, False) + seeded_hands(8, 1000, 10, True)
    for cards in hands:
        mask = cards_mask(cards)
        assert (kernel.solve(mask) is not None) == _expected_to_answer(mask), cards
        answered += kernel.solve(mask) is not None
    # Most ten-card hands never reach the Python search.
    assert answered > len(hands) // 2


@compiled
@pytest.mark.parametrize("value", [-1, -(1 << 70), 1 << 52, (1 << 52) | 1, 1 << 200, True,
                                   False, 3.0, "7", None, b"\x01", [1], (1,)])
def test_compiled_solve_hands_back_what_is_not_a_hand_mask(value):
    kernel = DEFAULT_SOLVER.kernel
    assert kernel.solve(value) is None
    assert kernel.count(value) is None
    assert kernel.counts(value) is None


class Tokens(Sequence):
    """A sequence that is neither a list nor a tuple."""

    def __init__(self, items):
        self.items = list(items)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        return self.items[index]


class Spelling(str):
    """A str subclass, equal to the spelling it wraps."""


HOSTILE = {
    "canonical": ["AS", "2S", "3S", "7H", "7D", "7C", "9C", "TC", "JC", "KD"],
    "tuple": ("AS", "2H", "3D"),
    "every_spelling_form": ["10s", "t\u2665", "10\u2666\ufe0f", "qC", "k\u2663\ufe0f"],
    "empty": [],
    "duplicate": ["AS", "2S", "AS"],
    "duplicate_by_other_spelling": ["TS", "10s", "2H"],
    "unknown": ["AS", "ZZ"],
    "number": ["AS", 7],
    "none": ["AS", None],
    "bytes": ["AS", b"2S"],
    "nested": ["AS", ["2S"]],
    "bool": [True],
    "str_subclass": [Spelling("AS"), "2S"],
    "list_subclass": type("Hand", (list,), {})(["AS", "2S"]),
    "other_sequence": Tokens(["AS", "2S", "3S"]),
    "eleven": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"],
    "twelve": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"],
    "whole_deck": [name for spellings in CARD_SPELLINGS for name in spellings[:1]],
    "too_many": ["AS"] * 60,
    "long_token": ["AS" * 5000],
}


def _outcome(parse, tokens, sizes):
    try:
        return ("mask", parse(tokens, sizes))
    except RulesError as error:
        return (type(error).__name__, error.detail, error.problems)
    except Exception as error:  # noqa: BLE001 - the two readers must fail alike
        return (type(error).__name__, str(error))


@pytest.mark.parametrize("sizes", [HAND_SIZES, (10,), None], ids=["hand", "ten", "any"])
@pytest.mark.parametrize("name", HOSTILE)
def test_r1_4_the_compiled_reader_reads_and_refuses_as_the_python_one(name, sizes):
    tokens = HOSTILE[name]
    assert _outcome(parse_hand_mask, tokens, sizes) == _outcome(
        python_parse_hand_mask, tokens, sizes)


TOKEN = st.one_of(st.sampled_from(sorted(SPELLING_CARDS)), st.text(max_size=4),
                  st.integers(-2, 60), st.none(), st.booleans())


@given(st.lists(TOKEN, max_size=14), st.booleans())
def test_r1_4_any_list_of_tokens_reads_as_the_python_reader_reads_it(tokens, as_tuple):
    value = tuple(tokens) if as_tuple else tokens
    assert _outcome(parse_hand_mask, value, HAND_SIZES) == _outcome(
        python_parse_hand_mask, value, HAND_SIZES)


def test_r1_4_every_token_of_two_ascii_characters_reads_as_the_python_reader_reads_it():
    """The compiled reader reads tokens of two ASCII characters from a table of its own: each
    of the 16,384, alone and after a card, reads (or is refused) as the Python reader does."""
    for first in range(128):
        for second in range(128):
            token = chr(first) + chr(second)
            for tokens in ([token], ["KC", token]):
                assert _outcome(parse_hand_mask, tokens, HAND_SIZES) == _outcome(
                    python_parse_hand_mask, tokens, HAND_SIZES), tokens


@compiled
def test_compiled_path_keeps_no_reference_it_does_not_return():
    """Reference counts of what the compiled code touches are where they were after the
    replies are dropped, and memory does not grow over many calls."""
    kernel = DEFAULT_SOLVER.kernel
    masks = [cards_mask(cards) for cards in seeded_hands(3, 300, 10, True)
             + seeded_hands(4, 300, 10, False)]
    for mask in masks:  # fill any lazy state first
        kernel.solve(mask)
    replies = [kernel.solve(mask) for mask in masks]
    melds = {id(m): m for reply in replies if reply for m in reply[1].melds}
    before = {key: sys.getrefcount(m) for key, m in melds.items()}
    masks_before = [sys.getrefcount(mask) for mask in masks]
    none_before = sys.getrefcount(None)
    for _ in range(20):
        for mask in masks:
            kernel.solve(mask)
            kernel.count(mask)
            kernel.counts(mask)
    assert {key: sys.getrefcount(m) for key, m in melds.items()} == before
    assert [sys.getrefcount(mask) for mask in masks] == masks_before
    assert abs(sys.getrefcount(None) - none_before) < 50  # others may hold None meanwhile
    tokens = [["AS", "2S", "3S", "7H", "7D", "7C", "9C", "TC", "JC", "KD"], ["AS", "ZZ"],
              ["AS", "AS"], ("KH", "QH", "JH")]
    counts = [sys.getrefcount(t) for hand in tokens for t in hand]
    gc.collect()
    tracemalloc.start()
    start, _ = tracemalloc.get_traced_memory()
    for _ in range(5000):
        for hand in tokens:
            try:
                parse_hand_mask(hand, HAND_SIZES)
            except RulesError:
                pass
        for mask in masks[:50]:
            kernel.solve(mask)
            kernel.counts(mask | 1 << 51 if mask.bit_count() < 11 else mask)
    gc.collect()
    end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert end - start < 64 * 1024
    assert [sys.getrefcount(t) for hand in tokens for t in hand] == counts


@compiled
def test_compiled_tables_are_checked_when_a_kernel_is_made():
    kernel_type = type(DEFAULT_SOLVER.kernel)
    reader_type = speedups.SPEEDUPS.Reader
    values, runnable = [0] * 8192, [0] * 8192
    runs = dead = [[()] * 8192 for _ in range(4)]
    sets = [None] * 208
    good = (values, runnable, runs, dead, sets, Arrangement, Solution)
    kernel_type(*good)  # the shapes are right: accepted
    for index, wrong in [(0, [0] * 8191), (1, [1] * 8192), (2, [[()] * 8192] * 3),
                         (3, [[[]] * 8192] * 4), (4, [None] * 207), (5, dict), (6, int)]:
        args = list(good)
        args[index] = wrong
        with pytest.raises((TypeError, ValueError)):
            kernel_type(*args)
    made = kernel_type(*good)
    with pytest.raises(TypeError):
        made.__init__(*good)
    empty = kernel_type.__new__(kernel_type)
    for method in (empty.solve, empty.count):
        with pytest.raises(TypeError):
            method(7)
    with pytest.raises(TypeError):
        reader_type(["AS"])
    with pytest.raises(ValueError):
        reader_type({"AS": 52})
    with pytest.raises(TypeError):
        reader_type({"AS": "0"})
    with pytest.raises(TypeError):
        reader_type.__new__(reader_type).mask(["AS"])
    # A reader keeps its own copy: changing the dict it was made from changes nothing.
    spellings = {"AS": 0}
    reader = reader_type(spellings)
    spellings["AS"] = 5
    assert reader.mask(["AS"]) == 1


DIGEST = """
import hashlib, json, sys
from ginrules.rules import analyze, speedups
from tests.strategies import seeded_hands
from ginrules.rules.base.cards import CARD_NAMES
out = hashlib.sha256()
for size in (10, 11):
    for dense in (False, True):
        for cards in seeded_hands(size * 2 + dense, 1500, size, dense):
            a = analyze([CARD_NAMES[c] for c in cards])
            arrangement = a.arrangement
            out.update(json.dumps([[m.names() for m in arrangement.melds],
                                   list(arrangement.deadwood), a.deadwood_count, a.can_knock,
                                   a.gin, list(a.solution.discard_counts or ())]).encode())
print(json.dumps({"active": speedups.ACTIVE, "digest": out.hexdigest()}))
"""


def _digest(pure: bool) -> dict:
    """The digest of a process with the pure-Python switch on, or as this one is."""
    env = {**os.environ, "GINRULES_PURE_PYTHON": "1"} if pure else dict(os.environ)
    done = subprocess.run([sys.executable, "-c", DIGEST], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=300, check=True)
    return json.loads(done.stdout)


def test_r2_5_a_pure_python_process_answers_as_the_compiled_one():
    pure, default = _digest(True), _digest(False)
    assert pure["active"] is False
    assert default["active"] is speedups.ACTIVE
    assert pure["digest"] == default["digest"]


def test_the_pure_python_switch_turns_every_compiled_part_off():
    code = ("from ginrules.rules import speedups; from ginrules.rules.hands import solver;"
            " from ginrules.rules.base import cards;"
            "print(speedups.ACTIVE, solver.DEFAULT_SOLVER.kernel,"
            " cards.parse_hand_mask is cards.python_parse_hand_mask)")
    env = {**os.environ, "GINRULES_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=60, check=True)
    assert done.stdout.split() == ["False", "None", "True"]


def test_r2_5_analyze_gives_the_same_facts_on_both_paths_in_process():
    for cards in seeded_hands(99, 300, 10, False):
        tokens = [CARD_SPELLINGS[c][0] for c in cards]
        facts = analyze(tokens)
        reference = DEFAULT_SOLVER.python_solve(python_parse_hand_mask(tokens, HAND_SIZES))
        assert facts.solution == reference
        assert facts.deadwood_count == reference.deadwood_count
        assert repr(facts.arrangement) == repr(reference.arrangement)
