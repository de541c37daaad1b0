"""The advisor's levels (bots.LEVELS): each plays a legal move, the level's stray share of its
decisions at random and the rest as the advisor at the level's budget, the same move for the
same view and seed; the arena and self-play seat them by name.  Their measured strengths are
held to the receipts in tests/core/players/test_level_receipts.py."""

from __future__ import annotations

import math

import pytest

from ginrules.rules.base.options import resolve_rules
from ginrules.rules.errors import UnknownBotError
from ginrules.rules.players.arena import Entrant, arena
from ginrules.rules.players.bots import LEVELS, advisor_move, level_named, random_move
from ginrules.rules.players.hints import DEFAULT_BUDGET_MS
from ginrules.rules.table.moves import Phase
from ginrules.rules.table.views import view_of

from tests.core.players.test_bots import POSITIONS

EAAI = resolve_rules("eaai")
SHORT = resolve_rules({"preset": "eaai", "game_target": 25})


def decisions(count: int) -> list:
    """Views of the player to move at decisions that are not the defender's spread."""
    return [view_of(deal, deal.turn) for deal in POSITIONS
            if deal.phase is not Phase.LAY_DOWN][:count]


def test_the_levels_run_from_the_most_random_to_the_served_advisor():
    numbers = sorted(LEVELS)
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 5
    strays = [LEVELS[n].stray for n in numbers]
    assert strays == sorted(strays, reverse=True) and len(set(strays)) == len(strays)
    top = LEVELS[numbers[-1]]
    assert (top.stray, top.budget_ms) == (0.0, DEFAULT_BUDGET_MS)
    assert all(0 <= level.stray < 1 for level in LEVELS.values())


def test_the_top_level_plays_the_served_advisors_move():
    top = max(LEVELS)
    for seed, view in enumerate(decisions(12)):
        assert advisor_move(view, seed, level=top) == advisor_move(view, seed)


@pytest.mark.parametrize("number", sorted(LEVELS))
def test_a_level_plays_at_random_its_stray_share_of_decisions(number):
    level = LEVELS[number]
    trials = 20_000
    strays = sum(level.stray_seed(seed) is not None for seed in range(trials))
    slack = 5 * math.sqrt(level.stray * (1 - level.stray) / trials)
    assert abs(strays / trials - level.stray) <= slack


def test_a_level_plays_the_random_bots_move_when_it_strays_and_else_the_heuristic_core():
    seen = set()
    for index, view in enumerate(decisions(60)):
        number = sorted(LEVELS)[index % (len(LEVELS) - 1)]  # those on the heuristic core
        level = LEVELS[number]
        assert level.budget_ms == 0
        seed = index * 7919
        move = advisor_move(view, seed, level=number)
        stray_seed = level.stray_seed(seed)
        if stray_seed is None:
            assert move == advisor_move(view, seed, playouts=0)
        else:
            assert move == random_move(view, stray_seed)
        seen.add(stray_seed is None)
        assert move == advisor_move(view, seed, level=number)  # the same seed, the same move
    assert seen == {True, False}


def test_levels_are_named_by_number_and_an_unknown_one_names_the_levels():
    assert level_named(3) is LEVELS[3]
    with pytest.raises(UnknownBotError, match="the levels are 1 to 5"):
        level_named(9)


def test_arena_entrants_name_a_level_and_its_budget():
    third = Entrant.parse("advisor:level3")
    assert third == Entrant("advisor", LEVELS[3].budget_ms, 3)
    assert third.label == "advisor:level3" and Entrant.parse(third.label) == third
    assert Entrant.parse("advisor:level5").playouts == Entrant.parse("advisor").playouts
    for text in ("advisor:level0", "advisor:level6", "advisor:levelx", "simple:level1",
                 "advisor:level"):
        with pytest.raises(ValueError):
            Entrant.parse(text)


def test_a_level_in_the_arena_against_itself_splits_every_pair():
    # The mirrored pairs give each seat the same moves' seeds: the stray moves too.
    result = arena((Entrant.parse("advisor:level2"), Entrant.parse("advisor:level2")), 3, 5,
                   SHORT)
    assert result.split == 3


def test_the_lowest_level_beats_random_and_loses_to_the_highest_cheap_level():
    lowest = arena((Entrant.parse("advisor:level1"), Entrant("random")), 12, 3, SHORT)
    assert lowest.win_share is not None and lowest.win_share.low > 0.5
    cheap = max(n for n, level in LEVELS.items() if level.budget_ms == 0)
    beaten = arena((Entrant.parse("advisor:level1"), Entrant.parse(f"advisor:level{cheap}")),
                   12, 3, SHORT)
    assert beaten.win_share is not None and beaten.win_share.high < 0.5
