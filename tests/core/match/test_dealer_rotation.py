"""Who deals next, by the option ``dealer_rotation`` (R-3.2, R-3.3), and the ``eaai`` preset.

The expectations here are written from the rules' text: after a round with a winner the other
player deals (R-3.3) or the winner (R-3.2); after a round with no winner the same dealer.
"""

from __future__ import annotations

import copy
import random

import pytest

from ginrules.rules import resolve_rules
from ginrules.rules.errors import Problem
from ginrules.rules.match.variants import DealResult, variant_for
from ginrules.rules.players.bots import BOTS
from ginrules.rules.usecases.matches import score_match
from ginrules.rules.usecases.progress import GameInProgress
from ginrules.rules.usecases.replay import replay
from testkit.generator import random_game

PAIR = ("ann", "bob")


def _other(player: str) -> str:
    return "bob" if player == "ann" else "ann"


def _expected_dealer(rotation: str, dealer: str, winner: str | None) -> str:
    """The next dealer as R-3.2 and R-3.3 say it, for the tests."""
    if winner is None:
        return dealer
    return winner if rotation == "winner" else _other(dealer)


def test_r3_3_the_eaai_preset_alternates_and_is_otherwise_standard():
    eaai, standard = resolve_rules("eaai"), resolve_rules("standard")
    assert eaai.dealer_rotation == "alternate" and standard.dealer_rotation == "winner"
    different = {name for name, value in eaai.options().items()
                 if value != standard.options()[name]}
    assert different == {"undercut_bonus", "dealer_rotation"}
    assert (eaai.undercut_bonus, eaai.big_gin_bonus, eaai.box_bonus, eaai.game_bonus,
            eaai.shutout, eaai.wall, eaai.game_target) == (25, None, 0, 0, "none", "draw", 100)


@pytest.mark.parametrize("rotation", ["winner", "alternate"])
def test_r3_3_the_deal_passes_after_a_win_and_stays_after_a_draw(rotation):
    match = variant_for(resolve_rules({"dealer_rotation": rotation}), PAIR, dealer="ann")
    rounds = [("ann", "ann"), ("bob", None), ("ann", "bob"), ("bob", "bob"), (None, None)]
    dealer = "ann"
    for winner, _ in rounds:
        assert match.deals_next() == dealer
        match.record([DealResult(PAIR, dealer, winner, 5 if winner else 0)])
        dealer = _expected_dealer(rotation, dealer, winner)
    assert match.deals_next() == dealer


def test_r3_3_a_wrong_dealer_cites_r3_3_and_says_why():
    match = variant_for(resolve_rules("eaai"), PAIR, dealer="ann")
    match.record([DealResult(PAIR, "ann", "ann", 12)])  # ann won her own deal: bob deals
    fault = match.check_table(0, "ann", frozenset(PAIR))
    assert isinstance(fault, Problem)
    assert (fault.code, fault.rule) == ("wrong_dealer", "R-3.3")
    assert "bob deals this round" in fault.detail and "alternates" in fault.detail
    assert not isinstance(match.check_table(0, "bob", frozenset(PAIR)), Problem)


def test_r3_3_a_tie_with_no_winner_keeps_the_dealer_and_one_won_by_the_knocker_passes_it():
    # with undercut_on_tie false: no winner, like a draw.
    match = variant_for(resolve_rules({"preset": "eaai", "undercut_on_tie": False}), PAIR,
                        dealer="bob")
    match.record([DealResult(PAIR, "bob", None, 0)])
    assert match.deals_next() == "bob"
    # the knocker wins the tie with 0 points, and the deal passes.
    match.record([DealResult(PAIR, "bob", "bob", 0)])
    assert match.deals_next() == "ann"


def test_r3_3_hollywood_alternates_too_and_the_box_keeps_its_own_rule():
    hollywood = variant_for(resolve_rules({"preset": "hollywood", "dealer_rotation": "alternate"}),
                            PAIR, dealer="ann")
    hollywood.record([DealResult(PAIR, "ann", "ann", 20)])
    assert hollywood.deals_next() == "bob"
    roles = {"box": "ann", "captain": "bob", "sitter": "cy"}
    box = variant_for(resolve_rules({"preset": "box", "dealer_rotation": "alternate"}),
                      ["ann", "bob", "cy"], roles=roles)
    box.record([DealResult(("ann", "bob"), "ann", "ann", 20)])
    assert box.deals_next() == "ann"  # the box player deals every round
    fault = box.check_table(0, "bob", frozenset({"ann", "cy"}))
    assert isinstance(fault, Problem) and fault.rule == "R-9.2"


def _played_rounds(log):
    """Each round's dealer and winner, as the replay found them."""
    return [(r.dealer, r.winner) for r in replay(log).rounds]


def test_r3_3_generated_eaai_games_follow_the_rule_and_a_wrong_dealer_is_a_violation():
    checked_wins = checked_draws = 0
    for seed in range(12):
        log = random_game(seed, "eaai")
        result = replay(log)
        assert result.valid, result.violations[:1]
        rounds = _played_rounds(log)
        for k in range(1, len(rounds)):
            dealer, winner = rounds[k - 1]
            assert rounds[k][0] == _expected_dealer("alternate", dealer, winner), (seed, k)
            checked_wins += winner is not None
            checked_draws += winner is None
        # The same rounds dealt as would have them: the first round where the two
        # rules differ is a violation of at its dealer.
        for k in range(1, len(rounds)):
            dealer, winner = rounds[k - 1]
            if winner is not None and winner == dealer:
                wrong = copy.deepcopy(log)
                wrong["rounds"][k]["dealer"] = winner
                problem = replay(wrong).violations[0]
                assert (problem.code, problem.rule, problem.path) == (
                    "wrong_dealer", "R-3.3", ("rounds", k, "dealer"))
                break
    assert checked_wins >= 10 and checked_draws >= 3


def test_r3_3_next_dealer_of_a_replay_and_of_the_facts_follows_the_rule():
    for seed in range(6):
        log = random_game(seed, "eaai")
        rounds = _played_rounds(log)
        for k in range(1, len(rounds)):
            cut = copy.deepcopy(log)
            cut["rounds"] = cut["rounds"][:k]
            last = cut["rounds"][-1]["actions"]
            if last[-1]["action"] == "knock":  # settled by a bare lay_down
                defender = next(p for p in log["players"] if p != last[-1]["player"])
                last.append({"player": defender, "action": "lay_down"})
            expected = _expected_dealer("alternate", *rounds[k - 1])
            assert replay(cut).next_dealer == expected
            facts = [{"winner": r.winner, "points": r.points} for r in replay(cut).rounds]
            score = score_match(resolve_rules("eaai"), log["players"], facts,
                                dealer=rounds[0][0])
            assert score.next_dealer == expected


def test_r3_3_the_facts_without_the_first_dealer_leave_the_next_dealer_unknown():
    rules = resolve_rules("eaai")
    won = [{"winner": "ann", "points": 20}]
    assert score_match(rules, list(PAIR), won).next_dealer is None
    assert score_match(rules, list(PAIR), won, dealer="ann").next_dealer == "bob"
    assert score_match(rules, list(PAIR), won, dealer="bob").next_dealer == "ann"
    drawn = [{"winner": None}]
    assert score_match(rules, list(PAIR), drawn, dealer="bob").next_dealer == "bob"


def test_r3_3_self_play_deals_as_the_rule_says():
    """A game in progress, as self-play and the bots play one, alternates the deal."""
    rng = random.Random(7)
    game = GameInProgress.start(resolve_rules("eaai"), list(PAIR), dealer="ann")
    seen = []
    while not game.match.complete:
        (deal,) = game.deal_round(rng)
        while not deal.over:
            player = deal.turn
            assert player is not None
            deal.play(BOTS["simple"].choose(game.view(player), rng.getrandbits(32)))
        seen.append((deal.dealer, deal.winner))
        game.finish_round()
    assert len(seen) >= 3
    for (dealer, winner), (next_dealer, _) in zip(seen, seen[1:]):
        assert next_dealer == _expected_dealer("alternate", dealer, winner)
