"""The compiled build of the rules core gives the pure build's answers, answer for answer.

``GINRULES_COMPILE=1`` builds the core's modules with mypyc (setup.py).  ``.ci/compiled-check``
builds such a wheel, unpacks it and runs this file with ``GINRULES_COMPILED_SITE`` set to the
unpacked folder: the answers below are computed here (the pure build) and in a subprocess that
imports the compiled build, and must be equal.  (It also runs the core's property tests, the
solver against the exhaustive reference among them, on the compiled build.)  Without a compiled
build at hand the comparison is skipped, saying so.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ginrules.rules import speedups
from ginrules.rules.base.cards import mask_cards
from ginrules.rules.base.options import get_preset
from ginrules.rules.hands.solver import (best_arrangement, cache_clear, discard_counts,
                                          min_deadwood)
from ginrules.rules.players.hints import advise
from ginrules.rules.players.selfplay import self_play
from ginrules.rules.table.dealing import shuffled_deck
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.views import view_of
from ginrules.rules.usecases.replay import replay
from testkit.generator import random_game

ROOT = Path(__file__).resolve().parents[2]
PRESETS = ["standard", "oklahoma", "modern", "straight", "openspiel", "classic"]


def solver_answers(count: int = 400, seed: int = 40) -> list[str]:
    """The least deadwood and the canonical arrangement of random hands of 10 and 11 cards."""
    rng = random.Random(seed)
    answers = []
    for i in range(count):
        mask = sum(1 << card for card in rng.sample(range(52), 10 + i % 2))
        counts = discard_counts(mask) if i % 2 else None
        answers.append(f"{min_deadwood(mask)} {best_arrangement(mask)!r} {counts}")
    return answers


def random_play_answers(count: int = 40, seed: int = 40) -> list[str]:
    """Whole hands played with uniformly random legal moves, every preset: each hand's moves
    and score, as text."""
    rng = random.Random(seed)
    answers = []
    for i in range(count):
        deal = Deal.from_deck(get_preset(PRESETS[i % len(PRESETS)]), shuffled_deck(rng),
                              "ann", "bob")
        while not deal.over:
            deal.play(rng.choice(deal.legal_moves()))
        text = f"{deal.history!r} {deal.score!r} {deal.end_rule}"
        answers.append(hashlib.sha256(text.encode()).hexdigest())
    return answers


def replay_answers(count: int = 24, seed: int = 40) -> list[str]:
    """Generated whole games of every preset replayed: validity, completeness and totals."""
    answers = []
    for i in range(count):
        cache_clear()
        result = replay(random_game(seed + i, PRESETS[i % len(PRESETS)]))
        # The whole result, but for the address an object without its own repr prints.
        text = re.sub(r" at 0x[0-9a-f]+", "", f"{result.valid} {result.complete} {result!r}")
        answers.append(hashlib.sha256(text.encode()).hexdigest())
    return answers


def self_play_answers(games: int = 4, seed: int = 40) -> list[str]:
    """Whole games between the bots (the advisor with a few playouts a decision), under three
    presets: each bot's tally."""
    answers = []
    for i, (bots, preset) in enumerate([(("advisor", "simple"), "standard"),
                                        (("simple", "random"), "eaai"),
                                        (("advisor", "random"), "oklahoma")]):
        result = self_play(bots, games, seed + i, get_preset(preset), budget_ms=4)
        answers.append(f"{result.tallies!r} {result.deals} {result.abandoned}")
    return answers


def hint_answers(count: int = 12, seed: int = 40) -> list[str]:
    """The hints for positions of hands played at random: every option, its rank and numbers."""
    rng = random.Random(seed)
    answers = []
    for i in range(count):
        deal = Deal.from_deck(get_preset(PRESETS[i % 3]), shuffled_deck(rng), "ann", "bob")
        for _ in range(rng.randrange(12)):
            if deal.over:
                break
            deal.play(rng.choice(deal.legal_moves()))
        if not deal.over:
            answers.append(repr(advise(view_of(deal, deal.turn), seed=i, budget_ms=100)))
    return answers


def answers() -> dict[str, object]:
    """Everything compared, with whether the core that gave it is compiled."""
    return {"compiled": speedups.COMPILED, "solver": solver_answers(),
            "random_play": random_play_answers(), "replay": replay_answers(),
            "self_play": self_play_answers(), "hints": hint_answers()}


def test_a_copied_deal_plays_on_as_the_original():
    # Deal.copy names every attribute (a compiled class has no __slots__ to walk): a copy
    # missing one would fail on reading it; a copy sharing a list would change the original.
    rng = random.Random(7)
    deal = Deal.from_deck(get_preset("standard"), shuffled_deck(rng), "ann", "bob")
    for _ in range(9):
        deal.play(rng.choice(deal.legal_moves()))
    before = (deal.history, dict(deal.hands), list(deal.pile))
    twin = deal.copy()
    # A compiled (native) class lists its attributes in __mypyc_attrs__ and has no __slots__.
    names = set(getattr(Deal, "__slots__", ()) or Deal.__mypyc_attrs__) - {"_records"}
    assert "hands" in names and "pile" in names
    assert {name: getattr(twin, name) for name in names} == {
        name: getattr(deal, name) for name in names}
    while not twin.over:
        twin.play(rng.choice(twin.legal_moves()))
    assert (deal.history, dict(deal.hands), list(deal.pile)) == before


def test_cards_given_as_numbers_are_kept_as_the_cards():
    # The compiled core holds a deal's cards to be Cards: numbers are read as the cards.
    deck = list(range(52))
    deal = Deal(get_preset("standard"), {"ann": deck[:10], "bob": deck[10:20]}, deck[20], "ann",
                deck[21:])
    assert repr(deal.upcard) == "8H" and repr(deal.stock[0]) == "9H"
    assert mask_cards(deal.hands["ann"]) == tuple(range(10))


def test_the_compiled_build_gives_the_pure_builds_answers():
    site = os.environ.get("GINRULES_COMPILED_SITE")
    if speedups.COMPILED:
        pytest.skip("this run is the compiled build: the comparison runs from the pure build")
    if not site:
        pytest.skip("no compiled build given: .ci/compiled-check builds one "
                    "(GINRULES_COMPILE=1) and runs this with GINRULES_COMPILED_SITE")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([site, str(ROOT)])}
    code = ("import json, tests.core.test_compiled_build as t; "
            "print(json.dumps(t.answers()))")
    run = subprocess.run([sys.executable, "-c", code], cwd=site, env=env, capture_output=True,
                         text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    compiled = json.loads(run.stdout)
    assert compiled.pop("compiled") is True, "the build given is not compiled"
    pure = answers()
    assert pure.pop("compiled") is False
    for name, values in pure.items():
        assert compiled[name] == values, f"the compiled build answers {name} differently"
