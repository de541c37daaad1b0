"""bench/strength/versus.py: today's advisor against an earlier commit's, each at its own budget."""

from __future__ import annotations


import pytest
from tests.scripts import load_script



@pytest.fixture(scope="module")
def versus():
    return load_script("bench/strength/versus.py", "versus_bench")


@pytest.mark.parametrize("ref_budget, expected", [(0, {"playouts": 0}),
                                                  (40, {"budget_ms": 40})])
def test_advisor_1_plays_at_its_own_budget_whatever_self_play_gives(versus, ref_budget,
                                                                    expected):
    # Self-play gives every advisor seat today's budget (or playouts=0); advisor-1 at a
    # budget of its own must not see it, and must keep the score of the game.
    seen = []

    def move(view, seed=0, **options):
        seen.append((view, seed, options))
        return "move"

    for given in ({"budget_ms": 100}, {"playouts": 0}, {}):
        assert versus._at_budget(move, ref_budget, "view", 7, standing="s", **given) == "move"
        assert seen.pop() == ("view", 7, {"standing": "s", **expected})
