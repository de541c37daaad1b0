"""bench/strength/simple_port.py: SimpleGinRummyPlayer ported apart from the service, the
yardstick from outside; and what it says of the service's ``simple`` (R-2, R-5.1, R-6)."""

from __future__ import annotations

import json
import random

import pytest

from ginrules.rules import resolve_rules
from ginrules.rules.base.cards import CARD_NAMES, cards_mask
from ginrules.rules.base.melds import deadwood_count
from ginrules.rules.hands.solver import solver_for
from ginrules.rules.players import bots
from ginrules.rules.players.arena import Entrant, arena

from tests.scripts import load_script

EAAI = resolve_rules("eaai")


@pytest.fixture(scope="module")
def port():
    return load_script("bench/strength/simple_port.py", "simple_port_bench")


@pytest.fixture
def bots_restored():
    saved = dict(bots.BOTS)
    yield
    bots.BOTS.clear()
    bots.BOTS.update(saved)


def test_the_ports_least_deadwood_is_the_solvers_on_random_hands(port):
    """The port's own melds and arrangement search (R-2.1 to R-2.3) find the least deadwood the
    service's solver finds, on 400 random hands of 10 and 11 cards; and every arrangement it
    offers leaves exactly that deadwood with disjoint melds."""
    rng = random.Random(41)
    solver = solver_for(EAAI)
    for _ in range(400):
        hand = rng.sample(range(52), rng.choice((10, 11)))
        names = [CARD_NAMES[c] for c in hand]
        least, arrangements = port.best_arrangements(names)
        assert least == solver.min_deadwood(cards_mask(hand)), names
        assert arrangements
        for melds in arrangements:
            used = [c for m in melds for c in m]
            assert len(used) == len(set(used))
            assert sum(port.value(c) for c in names if c not in used) == least


def test_simple_makes_the_ports_choice_at_every_decision(port, bots_restored):
    """Over whole games under eaai the service's ``simple`` (same seeds) draws, discards and
    knocks exactly as the port does; where they differ it is only in which of the optimal
    arrangements is spread, or in what order the melds are listed (R-5.3: either is legal),
    and the layoffs then follow the arrangement (R-6.1, R-6.2)."""
    compared = {"same": 0, "spread": 0}

    def judged(view, seed=0, **_):
        theirs = port.port_move(view, seed)
        ours = bots.simple_move(view, seed)
        if theirs == ours:
            compared["same"] += 1
            return theirs
        assert type(theirs) is type(ours), (view, theirs, ours)
        assert hasattr(ours, "melds"), f"a draw or discard differs: {view} {theirs} {ours}"
        assert getattr(theirs, "discard", None) == getattr(ours, "discard", None), view
        # Both spreads are optimal: each leaves the hand's least deadwood.
        kept = [c for c in view.hand if c != getattr(ours, "discard", None)]
        least = solver_for(view.rules).min_deadwood(cards_mask(kept))
        for move in (theirs, ours):
            melded = {c for meld in move.melds for c in meld.cards}
            assert deadwood_count([c for c in kept if c not in melded]) == least, (view, move)
        compared["spread"] += 1
        return theirs

    bots.BOTS["simple-port"] = bots.Bot("simple-port", "the port, judged", judged)
    result = arena((Entrant.parse("simple-port"), Entrant.parse("advisor:level1")), 6, 5,
                   EAAI)
    assert len(result.pairs) == 6
    assert compared["same"] > 500 and compared["spread"] <= compared["same"] // 20, compared


def test_the_arena_plays_the_port_with_a_receipt(tmp_path, capsys, bots_restored):
    script = load_script("bench/strength/arena_port.py", "arena_port_bench")
    receipt = tmp_path / "receipt.json"
    script.main(["--bots", "simple-port,simple", "--pairs", "2", "--rules",
                 '{"preset": "eaai", "game_target": 15}', "--receipt", str(receipt)])
    assert "simple-port" in capsys.readouterr().out
    written = json.loads(receipt.read_text(encoding="utf-8"))
    assert written["players"][0]["bot"] == "simple-port" and written["results"]["games"] == 4
