"""What the Python client returns goes back into a request as it is: each reply that holds part
of a request (a dealt round, a bot's or a hint's action, a legal action, an imported or echoed
log, melds, a defence, rules) is sent again, unconverted, and the server takes it."""

from __future__ import annotations

import copy
import json

import pytest

from ginrules.client import Client, Reply

from tests.conftest import ROOT

pytestmark = pytest.mark.server

TEN = "5S 6S 7S 7H 7D 7C 2H 3C 9D KD".split()


def _example(name: str) -> dict:
    return json.loads((ROOT / "examples" / f"{name}.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def api(server) -> Client:
    return Client(server)


def test_a_reply_is_a_dict_that_writes_as_the_json_it_came_as(api):
    analysis = api.analyze(TEN)
    assert isinstance(analysis, dict) and isinstance(analysis.melds[0], Reply)
    assert json.loads(json.dumps(analysis)) == analysis.to_json() == analysis
    assert copy.deepcopy(analysis) == analysis and copy.deepcopy(analysis).melds[0].kind == "run"
    with pytest.raises(TypeError):
        analysis["deadwood_count"] = 0
    with pytest.raises(AttributeError):
        analysis.deadwood_count = 0


def test_a_bots_action_is_appended_to_the_log_and_replayed(api):
    log = _example("game-in-progress")
    for bot in ("random", "simple", "advisor"):
        move = api.bot_move(bot, log, "bob", seed=7)
        if move.action.get("source") == "stock":
            continue  # this log has no stock: the app names the card drawn
        longer = copy.deepcopy(log)
        longer["rounds"][0]["actions"].append(move.action)
        reply = api.replay(longer)
        assert reply.valid is True, (bot, reply.violations)
        assert reply.next.player == "bob" and reply.next.phase == "discard"


def test_a_hints_actions_are_appended_to_the_log_and_replayed(api):
    log = _example("game-in-progress")
    log["rounds"][0]["actions"].append({"player": "bob", "action": "draw", "source": "discard"})
    hint = api.hint(log, "bob", seed=3, budget_ms=10)
    assert hint.decision == "discard" and len(hint.options) >= 2
    for option in hint.options:
        longer = copy.deepcopy(log)
        longer["rounds"][0]["actions"].append(option.action)
        assert api.replay(longer).valid is True, option.action


def test_a_dealt_round_is_the_logs_next_round_and_legal_actions_extend_it(api):
    dealt = api.deal(["ann", "bob"], dealer="ann", seed=42)
    log = {"rules": "standard", "players": ["ann", "bob"], "rounds": [dealt.deal]}
    for _ in range(6):
        reply = api.replay(log)
        assert reply.valid is True
        next_move = reply.next
        # A legal action, with the player to move, is the log's next action.
        action = {"player": next_move.player, **next_move.legal_actions[-1]}
        log["rounds"][0]["actions"].append(action)
    assert api.replay(log).valid is True
    # The round is the reply's own dict: its actions are a list, the log's to extend.
    assert log["rounds"][0] is dealt.deal and len(dealt.deal.actions) == 6


def test_an_imported_log_and_an_echoed_log_replay_as_they_are(api):
    from tests.core.documents.test_import import KNOCK_GAME

    log = api.import_game(KNOCK_GAME, {"knock_card": 10})
    assert api.replay(log).rounds[0].result.points == 45
    echoed = api.replay({**_example("game"), "echo_log": True}).log
    again = api.replay(echoed)
    assert again.valid is True and again.winner == "ann"


def test_a_knockers_melds_and_a_defence_settle_the_round_they_came_from(api):
    knocker = "5S 6S 7S 9H 9D 9C KH KD KC AS".split()
    defender = "4S 3S 8S 9S QD JC 2H TH 2D 4D".split()
    analysis = api.analyze(knocker)
    knock = api.knock([*knocker, "QC"], "QC", melds=analysis.melds)
    assert knock.legal is True
    defence = api.layoffs(analysis.melds, defender)
    score = api.score_round({"hand": knocker, "discard": "QC", "melds": analysis.melds},
                            {"hand": defender, "melds": defence.melds,
                             "layoffs": defence.layoffs})
    assert score.warnings == [] and score.defender.deadwood_count == defence.deadwood_count


def test_a_defence_is_the_lay_down_a_log_awaits(api):
    log = _example("game-awaiting-lay-down")
    offer = api.replay(log).next
    (legal,) = offer.legal_actions
    defence = api.layoffs(legal.knocker_melds, offer.hands[offer.player])
    log["rounds"][0]["actions"].append({"player": offer.player, "action": "lay_down",
                                        "melds": defence.melds, "layoffs": defence.layoffs})
    reply = api.replay(log)
    assert reply.valid is True and "provisional" not in reply.rounds[0].result
    assert reply.rounds[0].result.layoffs == defence.layoffs


def test_the_rules_of_a_reply_are_the_rules_of_the_next_request(api):
    for rules in (api.preset("oklahoma"), api.analyze(TEN, {"knock_limit": 5}).rules):
        again = api.analyze(TEN, rules, upcard="9C")
        assert again.rules == rules
    presets = api.presets().presets
    assert all(api.analyze(TEN, rules, upcard="9C").rules == rules for rules in presets)
