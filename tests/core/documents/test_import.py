"""Importing OpenSpiel gin_rummy games (rules/documents/openspiel/, POST /v1/games/import).

Hand-written sequences first: each deal is chosen card by card (OpenSpiel's chance outcomes),
then the players' action numbers; the imported log is replayed and its result checked.  Then
hands played by OpenSpiel itself (the ``open_spiel`` package, a test-only dependency): each
is imported, replayed, and its outcome, winner and points compared with OpenSpiel's returns.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from ginrules.rules.documents.openspiel import (
    InvalidImportError,
    import_openspiel,
    meld_id,
    min_deadwood,
    possible_layoffs,
)
from ginrules.rules.table.moves import Draw
from ginrules.rules.usecases.replay import replay

from .openspiel_actions import card, cards, deal, meld

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55


def result(log: dict):
    verdict = replay(log)
    assert verdict.valid, verdict.violations
    return verdict.rounds[0]


def refusal(actions, params=None):
    with pytest.raises(InvalidImportError) as caught:
        import_openspiel(actions, params)
    problem = caught.value.problems[0]
    return "/" + "/".join(str(p) for p in problem.path), problem.code


# A knock with layoffs: p0 takes the upcard, knocks with the ace; p1 lays off 5S 6S on the
# run, 7S and 8D.
KNOCK_DEAL = deal("2S 3S 4S 7C 7D 7H 9D TD JD KS", "5S 6S 7S 8D QC KC KH 3H 4C 9C", "AH")
KNOCK_GAME = KNOCK_DEAL + [
    DRAW_UPCARD, KNOCK, card("KS"), meld("2S 3S 4S"), meld("7C 7D 7H"), meld("9D TD JD"), PASS,
    card("5S"), card("6S"), card("7S"), card("8D"), PASS, PASS]


def test_a_knock_with_layoffs_imports_as_knock_and_lay_down_scored_as_openspiel_scores_it():
    log = import_openspiel(KNOCK_GAME)
    assert log["format"] == "ginrules-log/1" and log["players"] == ["p0", "p1"]
    table = log["rounds"][0]
    assert table["dealer"] == "p1" and table["upcard"] == "AH" and "stock" not in table
    assert table["hands"]["p0"][0] == "2S" and table["hands"]["p1"][-1] == "9C"
    assert log["rules"] == {"preset": "openspiel"}
    draw, knock, lay_down = table["actions"]
    assert draw == {"player": "p0", "action": "draw", "source": "discard", "card": "AH"}
    assert knock["action"] == "knock" and knock["discard"] == "KS"
    assert [m["cards"] for m in knock["melds"]] == [["2S", "3S", "4S"], ["7C", "7D", "7H"],
                                                      ["9D", "TD", "JD"]]
    # 7S fits the run (as extended by 5S 6S) and the set: the first fit, the run, is named.
    assert lay_down == {"player": "p1", "action": "lay_down", "melds": [], "layoffs": [
        {"card": "5S", "meld": 0}, {"card": "6S", "meld": 0}, {"card": "7S", "meld": 0},
        {"card": "8D", "meld": 2}]}
    record = result(log)
    # OpenSpiel: p1's deadwood QC KC KH 3H 4C 9C = 46, p0's AH = 1.
    assert (record.outcome, record.winner, record.points) == ("knock", "p0", 45)


def test_a_gin_imports_without_layoffs_and_scores_the_gin_bonus():
    actions = deal("2S 3S 4S 7C 7D 7H 9D TD JD KS", "QS QC QH 5S AC 2C 3H 8H 9H KC", "QD") + [
        DRAW_UPCARD, KNOCK, card("KS"), meld("2S 3S 4S"), meld("7C 7D 7H"),
        meld("9D TD JD QD"), PASS, meld("QS QC QH"), PASS]
    log = import_openspiel(actions)
    lay_down = log["rounds"][0]["actions"][-1]
    assert lay_down["layoffs"] == [] and lay_down["melds"] == [
        {"kind": "set", "cards": ["QS", "QC", "QH"]}]
    record = result(log)
    assert (record.outcome, record.winner, record.points) == ("gin", "p0", 38 + 25)


def test_a_layoff_on_gin_is_refused_at_its_index_as_openspiel_refuses_it():
    actions = deal("2S 3S 4S 7C 7D 7H 9D TD JD KS", "QS QC QH 5S AC 2C 3H 8H 9H KC", "QD") + [
        DRAW_UPCARD, KNOCK, card("KS"), meld("2S 3S 4S"), meld("7C 7D 7H"),
        meld("9D TD JD QD"), PASS, card("5S")]
    assert refusal(actions) == ("/actions/28", "illegal_action")


def test_an_undercut_scores_the_openspiel_undercut_bonus_of_25():
    actions = deal("2S 3S 4S 7C 7D 7H 9D TD JD KS", "AS AC AD 4H 5H 6H QS QC QH 2D", "TC") + [
        DRAW_UPCARD, KNOCK, card("KS"), meld("2S 3S 4S"), meld("7C 7D 7H"), meld("9D TD JD"),
        PASS, PASS, meld("AS AC AD"), meld("4H 5H 6H"), meld("QS QC QH"), PASS]
    record = result(import_openspiel(actions))
    assert (record.outcome, record.winner, record.points) == ("undercut", "p1", 10 - 2 + 25)


def _to_the_wall(p0: str, p1: str, upcard: str, last: str) -> list[int]:
    """Both pass the upcard, then 29 stock draws each discarded at once, the 29th (p0's)
    being ``last``: the next player, p1, is at the wall (R-4.7)."""
    actions = deal(p0, p1, upcard) + [PASS, PASS]
    dealt = set(actions)
    stock = [c for c in range(52) if c not in dealt and c != card(last)][:28] + [card(last)]
    for drawn in stock:
        actions += [DRAW_STOCK, drawn, drawn]
    return actions


WALL_HANDS = ("AS 3S 5S 7S 9S JS KS 2C 4C 6C", "2H 3H 4H 8S 8C 8D JC QC KC 5C", "9H")


def test_a_knock_at_the_wall_takes_the_last_discard_then_knocks():
    actions = _to_the_wall(*WALL_HANDS, last="4D") + [
        KNOCK, card("5C"), meld("8S 8C 8D"), meld("2H 3H 4H"), meld("JC QC KC"), PASS, PASS,
        PASS]
    log = import_openspiel(actions)
    steps = log["rounds"][0]["actions"]
    assert steps[-3] == {"player": "p1", "action": "draw", "source": "discard", "card": "4D"}
    assert steps[-2]["action"] == "knock" and steps[-2]["discard"] == "5C"
    record = result(log)
    p0_deadwood = sum(min(10, "A23456789TJQK".index(c[0]) + 1) for c in WALL_HANDS[0].split())
    assert (record.outcome, record.winner, record.points) == ("knock", "p1", p0_deadwood - 4)
    assert log["rules"] == {"preset": "openspiel"}  # the first upcard was not taken


def test_a_pass_at_the_wall_imports_as_pass_and_the_round_is_a_draw():
    actions = _to_the_wall(*WALL_HANDS, last="4D") + [PASS]
    log = import_openspiel(actions)
    assert log["rounds"][0]["actions"][-1] == {"player": "p1", "action": "pass"}
    verdict = replay(log)
    assert verdict.valid and verdict.rounds[0].outcome == "draw"


def test_a_knock_at_the_wall_that_openspiel_would_not_allow_is_refused():
    # 2H-4H and 8S 8C 8D leave JC QC 9C 6C: with the last discard KD, 35 after the discard.
    hands = ("AS 3S 5S 7S 9S JS KS 2C 4C 6D", "2H 3H 4H 8S 8C 8D JC QC 9C 6C", "9H")
    assert refusal(_to_the_wall(*hands, last="KD") + [KNOCK])[1] == "illegal_action"


def test_a_game_in_progress_imports_as_far_as_it_goes_and_next_says_what_follows():
    log = import_openspiel(KNOCK_DEAL + [DRAW_UPCARD])
    verdict = replay(log)
    assert verdict.valid and verdict.next.player == "p0" and verdict.next.phase == "discard"
    # A knock still being laid out is left out until the knocker's pass ...
    mid_knock = import_openspiel(KNOCK_GAME[:25])
    assert [a["action"] for a in mid_knock["rounds"][0]["actions"]] == ["draw"]
    # ... and the defender's reply until its last pass: the log ends at the knock.
    mid_layoff = import_openspiel(KNOCK_GAME[:30])
    assert [a["action"] for a in mid_layoff["rounds"][0]["actions"]] == ["draw", "knock"]
    verdict = replay(mid_layoff)
    assert verdict.next.phase == "lay_down" and verdict.next.player == "p1"
    # A stock draw whose card is not yet dealt is left out too.
    waiting = import_openspiel(KNOCK_DEAL + [PASS, PASS, DRAW_STOCK])
    assert [a["action"] for a in waiting["rounds"][0]["actions"]] == ["pass", "pass"]
    assert replay(waiting).next.moves == (Draw("p0", "stock"),)


def test_a_deal_not_yet_complete_imports_as_a_game_with_no_round():
    log = import_openspiel(KNOCK_DEAL[:15])
    assert log["rounds"] == []
    assert replay(log).next.phase == "deal"


def test_an_action_number_out_of_range_is_refused_at_its_index():
    assert refusal(KNOCK_DEAL + [241]) == ("/actions/21", "invalid_action")
    assert refusal(KNOCK_DEAL + [-1]) == ("/actions/21", "invalid_action")
    assert refusal(KNOCK_DEAL + ["52"]) == ("/actions/21", "invalid_action")


def test_a_chance_outcome_naming_a_card_already_dealt_is_refused_at_its_index():
    assert refusal(KNOCK_DEAL[:12] + [KNOCK_DEAL[3]]) == ("/actions/12", "invalid_chance_outcome")
    assert refusal(KNOCK_DEAL[:5] + [52]) == ("/actions/5", "invalid_chance_outcome")
    stock_draw = KNOCK_DEAL + [PASS, PASS, DRAW_STOCK, card("AH")]
    assert refusal(stock_draw) == ("/actions/24", "invalid_chance_outcome")


def test_an_action_openspiel_does_not_allow_in_its_phase_is_refused_at_its_index():
    assert refusal(KNOCK_DEAL + [DRAW_STOCK]) == ("/actions/21", "illegal_action")
    assert refusal(KNOCK_DEAL + [PASS, PASS, DRAW_UPCARD]) == ("/actions/23", "illegal_action")
    # A knock over the limit: p1's hand with the upcard leaves far more than 10.
    assert refusal(KNOCK_DEAL + [PASS, DRAW_UPCARD, KNOCK]) == ("/actions/23", "illegal_action")
    # A discard that is not in the hand, a knock discard that leaves too much deadwood.
    assert refusal(KNOCK_DEAL + [DRAW_UPCARD, card("5S")]) == ("/actions/22", "illegal_action")
    assert refusal(KNOCK_GAME[:23] + [card("2S")]) == ("/actions/23", "illegal_action")
    # Passing before the melds bring the deadwood within the limit.
    assert refusal(KNOCK_GAME[:24] + [PASS]) == ("/actions/24", "illegal_action")


def test_an_action_after_the_end_of_the_hand_is_refused_at_its_index():
    assert refusal(KNOCK_GAME + [PASS]) == (f"/actions/{len(KNOCK_GAME)}", "game_over")


def test_r4_9_openspiels_repeated_move_imports_as_the_second_return_that_ends_the_round():
    # p0 takes the upcard and throws it back, p1 does the same: OpenSpiel's hand is over.
    actions = KNOCK_DEAL + [DRAW_UPCARD, card("AH"), DRAW_UPCARD, card("AH")]
    log = import_openspiel(actions)
    assert log["rules"] == {"preset": "openspiel"}
    assert log["rounds"][0]["actions"][-1] == {"player": "p1", "action": "discard", "card": "AH"}
    verdict = replay(log)
    assert verdict.valid and verdict.rounds[0].outcome == "draw"
    assert verdict.next.phase == "deal"
    assert refusal(actions + [DRAW_STOCK]) == (f"/actions/{len(actions)}", "game_over")
    # Once is allowed, and ends nothing.
    once = replay(import_openspiel(actions[:-1]))
    assert once.valid and once.next.phase == "discard"


def _upcard_draws(count: int) -> tuple[list[int], list[int]]:
    """Both pass, p0 draws from the stock, then each player takes the upcard and discards
    another card, ``count`` times; the indexes of those draws."""
    actions = KNOCK_DEAL + [PASS, PASS, DRAW_STOCK, card("AD")]
    hands = [cards("2S 3S 4S 7C 7D 7H 9D TD JD KS AD"), cards("5S 6S 7S 8D QC KC KH 3H 4C 9C")]
    upcard = hands[0].pop()  # p0 discards the AD it drew
    actions.append(upcard)
    indexes, player = [], 1
    for _ in range(count):
        indexes.append(len(actions))
        thrown = hands[player].pop(0)
        hands[player].append(upcard)
        actions += [DRAW_UPCARD, thrown]
        upcard, player = thrown, 1 - player
    return actions, indexes


def test_r4_8_openspiels_fiftieth_upcard_draw_is_the_last_action_of_a_drawn_round():
    actions, indexes = _upcard_draws(50)
    fiftieth = actions[:indexes[49] + 1]
    log = import_openspiel(fiftieth)
    assert log["rules"] == {"preset": "openspiel"}
    last = log["rounds"][0]["actions"][-1]
    assert last["action"] == "draw" and last["source"] == "discard"
    verdict = replay(log)
    assert verdict.valid and verdict.rounds[0].outcome == "draw"
    assert verdict.next.phase == "deal"
    # Its discard would be an action after the end of the hand.
    assert refusal(actions[:indexes[49] + 2]) == (f"/actions/{indexes[49] + 1}", "game_over")
    # The 49th draw is a hand still going on, the same under R-4.8's limit of 50.
    verdict = replay(import_openspiel(actions[:indexes[49]]))
    assert verdict.valid and verdict.next.phase == "draw"


def test_r4_8_the_first_turns_upcard_is_not_counted_as_openspiel_does_not_count_it():
    # p0 takes the upcard on the first turn, then 49 draws of the upcard: the hand goes on.
    actions = KNOCK_DEAL + [DRAW_UPCARD, card("KS")]
    hands = [cards("2S 3S 4S 7C 7D 7H 9D TD JD AH"), cards("5S 6S 7S 8D QC KC KH 3H 4C 9C")]
    upcard, player = card("KS"), 1
    for draw in range(50):
        thrown = hands[player].pop(0)
        hands[player].append(upcard)
        actions += [DRAW_UPCARD, thrown]
        upcard, player = thrown, 1 - player
        verdict = replay(import_openspiel(actions[:-1]))
        assert verdict.valid
        assert (verdict.rounds[0].outcome if draw == 49 else verdict.next.phase) == \
            ("draw" if draw == 49 else "discard"), draw


def test_the_game_parameters_map_onto_the_openspiel_presets_options():
    log = import_openspiel(KNOCK_DEAL, {"knock_card": 7, "gin_bonus": 20, "undercut_bonus": 10})
    assert log["rules"] == {"preset": "openspiel", "knock_limit": 7, "gin_bonus": 20,
                            "undercut_bonus": 10}
    # Under Oklahoma OpenSpiel sets the knock card from the upcard, ignoring
    # knock_card, and doubles nothing for spades.
    log = import_openspiel(KNOCK_DEAL, {"oklahoma": True, "knock_card": 300})
    assert log["rules"] == {"preset": "openspiel", "oklahoma": True,
                            "oklahoma_spade_double": False}
    assert import_openspiel(KNOCK_DEAL, PARAMS_DEFAULTS)["rules"] == {"preset": "openspiel"}


PARAMS_DEFAULTS = {"oklahoma": False, "knock_card": 10, "gin_bonus": 25, "undercut_bonus": 25,
                   "num_ranks": 13, "num_suits": 4, "hand_size": 10}


def test_an_oklahoma_ace_upcard_allows_only_gin_as_in_openspiel():
    ace = deal("2S 3S 4S 7C 7D 7H 9D TD JD KS", "5S 6S 7S 8D QC KC KH 3H 4C 9C", "AH")
    assert refusal(ace + [DRAW_UPCARD, KNOCK], {"oklahoma": True}) == (
        "/actions/22", "illegal_action")


@pytest.mark.parametrize("params, pointer, code", [
    ({"num_ranks": 10}, "/params/num_ranks", "unsupported_parameter"),
    ({"num_suits": 2}, "/params/num_suits", "unsupported_parameter"),
    ({"hand_size": 7}, "/params/hand_size", "unsupported_parameter"),
    ({"knock_card": 101}, "/params/knock_card", "unsupported_parameter"),
    ({"gin_bonus": -5}, "/params/gin_bonus", "unsupported_parameter"),
    ({"players": 2}, "/params/players", "unknown_parameter"),
    ({"oklahoma": 1}, "/params/oklahoma", "wrong_type"),
    ({"knock_card": "10"}, "/params/knock_card", "wrong_type"),
])
def test_a_parameter_this_service_cannot_express_is_refused_naming_it(params, pointer, code):
    assert refusal(KNOCK_DEAL, params) == (pointer, code)


def test_a_knock_refused_by_openspiels_eleven_card_count_is_refused_though_exact_play_allows_it():
    # OpenSpiel settles on one best meld group of the eleven cards and drops its highest
    # leftover: 11 here, over the limit, where discarding well leaves 9.
    p0 = "3C 3D 4C 4H 5C 5D 5H 6C 6D 6H"
    assert min_deadwood(cards(p0 + " AD")) == 11
    from ginrules.rules import analyze

    assert analyze((p0 + " AD").split(), "openspiel").can_knock
    actions = deal(p0, "5S 6S 7S 8D QC KC KH 3H 4D 9C", "AD") + [DRAW_UPCARD, KNOCK]
    assert refusal(actions) == ("/actions/22", "illegal_action")


def test_openspiel_offers_a_run_only_two_layoffs_deep_at_each_end():
    # 5S 6S 7S with 8S and 9S laid off: 8S touched the run's end and counts, 9S does not,
    # so TS is never offered (R-6.2 would allow it).
    assert possible_layoffs([meld_id(cards("5S 6S 7S"))], cards("8S 9S")) == {
        card("4S"), card("9S")}


# Hands played by OpenSpiel ------------------------------------------------------------------

def _policy_action(state, rng, style, utils, taken=None):
    """A player's choice: uniformly random, ``greedy`` (lower deadwood, knock at once, lay off
    everything), ``gin`` (greedy, but knocking for gin only), ``wall`` (greedy but never
    knocking before the wall, so hands reach it), or ``loop`` (take the upcard whenever it may
    and mostly throw it straight back, never knock: OpenSpiel's upcard draw limit and its
    repeated move end such hands, R-4.8, R-4.9)."""
    import pyspiel

    legal = state.legal_actions()
    phases = pyspiel.gin_rummy.Phase
    phase = state.current_phase()
    if style == "random" or rng.random() < 0.03:
        return rng.choice(legal)
    hand = list(state.hands()[state.current_player()])
    if style == "loop" and phase in (phases.FIRST_UPCARD, phases.DRAW, phases.DISCARD):
        if DRAW_UPCARD in legal:
            return DRAW_UPCARD
        if phase != phases.DISCARD:
            return DRAW_STOCK if DRAW_STOCK in legal else PASS
        cards = [a for a in legal if a < 52]
        if taken in cards and rng.random() < 0.4:
            return taken
        return rng.choice([c for c in cards if c != taken] or cards)
    if phase in (phases.FIRST_UPCARD, phases.DRAW):
        if DRAW_UPCARD in legal and utils.min_deadwood(hand + [state.upcard()]) < \
                utils.min_deadwood(hand):
            return DRAW_UPCARD
        return DRAW_STOCK if DRAW_STOCK in legal else PASS
    if phase == phases.DISCARD:
        if KNOCK in legal and (style == "greedy" or style == "gin"
                               and utils.min_deadwood(hand) == 0):
            return KNOCK
        discards = [a for a in legal if a < 52]
        return min(discards, key=lambda c: (utils.min_deadwood([x for x in hand if x != c]),
                                            rng.random()))
    if phase == phases.WALL:
        return KNOCK if KNOCK in legal else PASS
    plays = [a for a in legal if a != PASS]
    if phase == phases.KNOCK and style == "gin" and plays and plays[0] >= 56:
        return 56 + rng.choice(utils.legal_melds(hand, 0) or [p - 56 for p in plays])
    if phase == phases.KNOCK and PASS in legal and rng.random() < 0.2:
        return PASS  # now and then a knocker that stops laying melds once within the limit
    return rng.choice(plays) if plays else PASS


PLAYED_PARAMS = [{}, {}, {}, {"oklahoma": True}, {"knock_card": 5, "gin_bonus": 20,
                                                  "undercut_bonus": 10}] + [
    {"knock_card": k} for k in (0, 1, 2, 3, 4, 6, 7, 8, 9, 10)]
STYLES = [("random", "random"), ("greedy", "greedy"), ("random", "greedy"),
          ("greedy", "random"), ("wall", "wall"), ("wall", "greedy"), ("gin", "greedy"),
          ("gin", "wall"), ("loop", "loop"), ("loop", "greedy"), ("random", "loop")]
"""Uniformly random, knock-happy (``greedy``), patient and upcard-looping players, by seed."""


def _play(seed: int):
    import pyspiel

    params = PLAYED_PARAMS[seed % len(PLAYED_PARAMS)]
    styles = STYLES[seed % len(STYLES)]
    game = pyspiel.load_game("gin_rummy", params)
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(seed)
    state = game.new_initial_state()
    wall_knock = False
    taken = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            continue
        action = _policy_action(state, rng, styles[state.current_player()], utils, taken)
        if action in (DRAW_UPCARD, DRAW_STOCK):
            taken = state.upcard() if action == DRAW_UPCARD else None
        wall_knock |= state.current_phase() == pyspiel.gin_rummy.Phase.WALL and action == KNOCK
        state.apply_action(action)
    return params, state.history(), [int(r) for r in state.returns()], wall_knock


HANDS = int(os.environ.get("GINRULES_OPENSPIEL_HANDS", "600"))
"""Hands played per run; ``GINRULES_OPENSPIEL_HANDS=5000`` for the long run."""


def test_hundreds_of_hands_played_by_openspiel_replay_with_openspiels_scores():
    pytest.importorskip("pyspiel", reason="open_spiel is a test dependency")
    seen = Counter()
    for seed in range(HANDS):
        params, actions, returns, wall_knock = _play(seed)
        log = import_openspiel(actions, params)
        verdict = replay(log)
        assert verdict.valid, (seed, verdict.violations)
        record = verdict.rounds[0]
        if record.outcome == "draw":
            assert returns == [0, 0]
            last = log["rounds"][0]["actions"][-1]["action"]
            seen[{"pass": "wall pass", "draw": "upcard draw limit",
                  "discard": "repeated move"}[last]] += 1
            continue
        if record.winner is None:
            assert returns == [0, 0], seed
        else:
            winner = ["p0", "p1"].index(record.winner)
            assert (returns[winner], returns[1 - winner]) == (record.points, -record.points), \
                (seed, returns, record)
        seen["agree"] += 1
        seen[record.outcome] += 1
        seen["wall knock"] += wall_knock
    print(dict(seen))
    assert seen["agree"] + seen["wall pass"] + seen["upcard draw limit"] + \
        seen["repeated move"] == HANDS
    assert seen["agree"] >= HANDS // 2 and seen["wall knock"] >= 20 and seen["gin"] >= 30
    assert seen["undercut"] >= 3 and seen["wall pass"] >= 20, seen
    assert seen["upcard draw limit"] >= 10 and seen["repeated move"] >= 10, seen


def test_openspiels_own_counts_and_layoffs_are_reproduced():
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test dependency")
    from ginrules.rules.documents.openspiel import legal_knock_discards, legal_melds, meld_table

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    assert [tuple(sorted(utils.int_to_meld[i])) for i in range(185)] == list(meld_table())
    rng = random.Random(7)
    for trial in range(1500):
        size = 11 if trial % 2 else 10
        if trial % 3:  # meld-dense: a few ranks in three suits
            low = rng.randrange(8)
            pool = [s * 13 + r for s in rng.sample(range(4), 3) for r in range(low, low + 6)]
        else:
            pool = list(range(52))
        hand = rng.sample(pool, size)
        assert min_deadwood(hand) == utils.min_deadwood(hand), hand
        assert legal_melds(hand, 10) == set(utils.legal_melds(hand, 10)), hand
        if size == 11:
            assert sorted(legal_knock_discards(hand, 10)) == sorted(
                utils.legal_discards(hand, 10)), hand
        melds = rng.sample(range(185), 2)
        layoffs = rng.sample(range(52), 4)
        assert possible_layoffs(melds, layoffs) == set(utils.all_layoffs(melds, layoffs))


def test_a_hand_cut_anywhere_imports_as_a_game_in_progress_whose_next_player_is_openspiels():
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test dependency")
    rng = random.Random(3)
    checked = Counter()
    for seed in range(120):
        params, actions, _, _ = _play(seed)
        game = pyspiel.load_game("gin_rummy", params)
        for cut in sorted(rng.sample(range(len(actions)), 4)):
            log = import_openspiel(actions[:cut], params)
            verdict = replay(log)
            assert verdict.valid and verdict.next is not None, (seed, cut, verdict.violations)
            state = game.new_initial_state()
            for action in actions[:cut]:
                state.apply_action(action)
            if verdict.next.phase != "deal" and not state.is_chance_node():
                assert verdict.next.player == ["p0", "p1"][state.current_player()], (seed, cut)
                checked[verdict.next.phase] += 1
    assert checked["draw"] >= 50 and checked["discard"] >= 50, checked
