"""The arena (players/arena.py): mirrored pairs, their guarantee, and its statistics checked
against computations written here another way."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import pytest

from ginrules.rules import resolve_rules
from ginrules.rules.errors import UnknownBotError
from ginrules.rules.players import arena as arena_module
from ginrules.rules.players.arena import (Entrant, arena, cluster_ratio, p_value_text,
                                          pair_seed, sign_test)
from ginrules.rules.players.hints import DEFAULT_BUDGET_MS

EAAI = resolve_rules("eaai")
SHORT = resolve_rules({"preset": "eaai", "game_target": 15})
"""Short games, for a quick match whose pairs do not all go one way."""


def _binomial_p_two_sided(k: int, n: int) -> float:
    """The two-sided binomial test at one half, as the sum of the chances of every outcome no
    likelier than the one seen (for a fair coin, the doubled tail), in floating point."""
    pmf = [1.0]
    for _ in range(n):  # Pascal's rule on probabilities, halving at each step
        pmf = [0.5 * (a + b) for a, b in zip([0.0, *pmf], [*pmf, 0.0])]
    seen = pmf[k]
    return min(1.0, sum(p for p in pmf if p <= seen * (1 + 1e-9)))


def test_entrants_are_read_from_their_labels():
    assert Entrant.parse("simple") == Entrant("simple")
    assert Entrant.parse("advisor") == Entrant("advisor", DEFAULT_BUDGET_MS)
    assert Entrant.parse("advisor:0").label == "advisor:0"
    assert Entrant.parse(" advisor:250 ").playouts == 1500  # 6 a millisecond
    with pytest.raises(UnknownBotError):
        Entrant.parse("nobody")
    for text in ("simple:5", "advisor:x", "advisor:-1", "advisor:99999"):
        with pytest.raises(ValueError):
            Entrant.parse(text)


@pytest.mark.parametrize("bot, pairs", [("simple", 6), ("random", 2)])
def test_a_bot_against_itself_is_exactly_even_pair_by_pair(bot, pairs):
    # The two games of a pair differ only in who sits where: the same game, names swapped.
    result = arena((Entrant(bot), Entrant(bot)), pairs, 4, EAAI if bot == "simple" else SHORT)
    assert all(pair.wins == (1, 1) for pair in result.pairs)
    assert all(pair.points[0] == pair.points[1] for pair in result.pairs)
    share = result.win_share
    assert share is not None and (share.estimate, share.low, share.high) == (0.5, 0.5, 0.5)
    assert result.swept == (0, 0) and result.split == pairs and result.sign_test is None


def test_the_two_games_of_a_pair_share_the_decks_and_the_first_dealer_and_swap_seats(
        monkeypatch):
    calls = []
    play = arena_module._play_game

    def spy(rules, seated, first_dealer, seed):
        calls.append(({seat: e.label for seat, e in seated.items()}, first_dealer, seed))
        return play(rules, seated, first_dealer, seed)

    monkeypatch.setattr(arena_module, "_play_game", spy)
    arena((Entrant("simple"), Entrant("random")), 3, 9, EAAI)
    assert len(calls) == 6
    for index in range(3):
        (one, dealer_one, seed_one), (two, dealer_two, seed_two) = calls[2 * index:2 * index + 2]
        assert seed_one == seed_two == pair_seed(9, index)
        assert dealer_one == dealer_two == arena_module.SEATS[index % 2]
        assert one == {"north": "simple", "south": "random"}
        assert two == {"north": "random", "south": "simple"}
    assert len({seed for _, _, seed in calls}) == 3


def independent_measures(wins: list[int], decided: list[int]) -> tuple[float, float, float,
                                                                        tuple[int, int], float]:
    """The first player's win share with its 95% pair-cluster interval, the pairs each player
    swept and the sign test's p-value, from each pair's wins of the first player and games
    decided, written without the arena's code: the cluster variance of a ratio by
    linearisation (the residuals' sample variance over m clusters, divided by m times the mean
    cluster size squared), the normal quantile from the standard library, the binomial test by
    Pascal's rule."""
    m = len(wins)
    share = sum(wins) / sum(decided)
    residuals = [y - share * n for y, n in zip(wins, decided)]
    error = math.sqrt(statistics.variance(residuals, 0.0) / (m * statistics.mean(decided) ** 2))
    z = statistics.NormalDist().inv_cdf(0.975)
    swept = (sum(y == 2 for y in wins), sum(y == 0 and n == 2 for y, n in zip(wins, decided)))
    p = _binomial_p_two_sided(swept[0], sum(swept))
    return share, max(0.0, share - z * error), min(1.0, share + z * error), swept, p


def test_the_measures_match_a_computation_written_another_way():
    result = arena((Entrant("advisor", 0), Entrant("simple")), 16, 2, SHORT)
    wins = [pair.wins[0] for pair in result.pairs]
    decided = [pair.decided for pair in result.pairs]
    share, low, high, swept, p = independent_measures(wins, decided)
    interval = result.win_share
    assert interval is not None
    assert (interval.estimate, interval.low, interval.high) == pytest.approx((share, low, high))
    assert 0.0 < interval.low < interval.estimate < interval.high < 1.0
    assert result.swept == swept and sum(swept) > 0
    assert result.sign_test is not None and float(result.sign_test) == pytest.approx(p)
    margins = [pair.points[0] - pair.points[1] for pair in result.pairs]
    margin = result.margin
    assert margin is not None and margin.estimate == pytest.approx(sum(margins) / (2 * len(wins)))


def test_the_sign_test_is_exact_and_never_a_false_zero():
    assert sign_test(0, 0) is None
    assert sign_test(1, 1) == 1
    assert sign_test(3, 0) == Fraction(1, 4)
    assert sign_test(8, 2) == Fraction(7, 64)  # 2 * (1 + 10 + 45) / 1024
    assert float(sign_test(8, 2)) == pytest.approx(_binomial_p_two_sided(8, 10))
    tiny = sign_test(4000, 0)
    assert tiny is not None and tiny > 0 and float(tiny) == 0.0
    assert p_value_text(tiny).endswith("e-1204")
    assert p_value_text(Fraction(7, 64)) == "0.1094"


def test_a_cluster_ratio_of_one_cluster_or_none():
    assert cluster_ratio([], []) is None
    one = cluster_ratio([1], [2])
    assert one is not None and (one.estimate, one.low, one.high) == (0.5, 0.5, 0.5)
    same = cluster_ratio([2, 2, 2], [2, 2, 2], bounds=(0.0, 1.0))
    assert same is not None and (same.low, same.high) == (1.0, 1.0)


def test_the_arena_seats_two_players_of_one_game():
    with pytest.raises(ValueError):
        arena((Entrant("simple"), Entrant("simple")), 1, 1, resolve_rules("box"))
    with pytest.raises(ValueError):
        arena((Entrant("simple"), Entrant("simple")), 1, 1, resolve_rules("hollywood"))


# The constants of the modules the advisor's moves are made in that are not settings of its
# play, each with why; every other constant of theirs must be in arena.ADVISOR_SETTINGS.
NOT_PLAY_SETTINGS = {
    "hints.DEFAULT_BUDGET_MS": "an entrant names its own budget",
    "hints.PLAYOUTS_PER_SECOND": "an entrant names the playouts its budget buys",
    "hints.MAX_BUDGET_MS": "a bound on what a request may ask",
    "hints.OPPONENT_MODELS": "the models' names and descriptions",
    "hints.CALIBRATION": "the maps change no order: an affine map of points, one stock a decision",
    "hints.CHANCE_LEAST": "the rounding of a shown chance",
}


def test_every_constant_of_the_advisors_modules_is_a_setting_a_receipt_records_or_says_why_not():
    import ast
    from pathlib import Path

    # Read from the source tree: a compiled build's modules carry no source.
    folder = Path(__file__).resolve().parents[3] / "service" / "ginrules" / "rules" / "players"
    defined = set()
    for module in ("estimates", "heuristic", "hints", "knowledge", "playouts"):
        source = (folder / f"{module}.py").read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.AnnAssign) and "Final" in ast.unparse(node.annotation):
                continue  # a named value (TAKES_MELDING), not a setting
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            defined |= {f"{module}.{target.id}" for target in targets
                        if isinstance(target, ast.Name) and target.id.isupper()
                        and not target.id.startswith("_")}
    assert defined - set(NOT_PLAY_SETTINGS) == set(arena_module.ADVISOR_SETTINGS)
    assert len(set(arena_module.ADVISOR_SETTINGS)) == len(arena_module.ADVISOR_SETTINGS)


def test_the_advisors_settings_are_read_as_they_are_in_this_process(monkeypatch):
    from ginrules.rules.players import knowledge, playouts

    before = arena_module.advisor_settings()
    assert list(before) == list(arena_module.ADVISOR_SETTINGS)
    assert before["knowledge.TAKEN_KEEP"] == knowledge.TAKEN_KEEP
    monkeypatch.setattr(knowledge, "TAKEN_KEEP", 0.37)
    monkeypatch.setattr(playouts, "RACE", not playouts.RACE)
    after = arena_module.advisor_settings()
    assert {name for name in before if before[name] != after[name]} == {
        "knowledge.TAKEN_KEEP", "playouts.RACE"}
    assert after["knowledge.TAKEN_KEEP"] == 0.37
