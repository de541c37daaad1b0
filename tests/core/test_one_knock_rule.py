"""One knock rule: a test of the knocker's spread lives in one place, and everything follows.

The architecture's promise (docs/architecture.md, "Where a change goes"): a rule about the
knocker's spread is one test in ``hands/knock.py`` (of its count in ``spread_faults``, of its
shape in ``SHAPE_TESTS``, which ``spread_faults`` asks), and the knock check (``/v1/knock``,
the engine, the replay), the analysis (``can_knock``), the knocker's best arrangement (R-7.6),
the legal moves (``next``), the hints and every bot follow from it with no other edit.  Here
"a knock needs at least one meld" (not a rule of this service: one someone might add) is put
into ``SHAPE_TESTS`` alone, under a knock limit of 100, which every spread is within (R-5.1),
and each consumer is asked.  Every test runs twice, as served and with the new test, and must
see opposite answers on the same position, so none can pass for nothing.
"""

from __future__ import annotations

import random

import pytest

from ginrules.rules.base.cards import CARD_NAMES, parse_card, parse_hand_mask
from ginrules.rules.base.options import resolve_rules
from ginrules.rules.hands import knock
from ginrules.rules.hands.analysis import analyze
from ginrules.rules.hands.knock import SpreadFault, check_knock
from ginrules.rules.hands.scoring import score_deal
from ginrules.rules.players.bots import BOTS
from ginrules.rules.players.hints import advise
from ginrules.rules.players.selfplay import Tally, play_game
from ginrules.rules.table.moves import Discard, Knock
from ginrules.rules.usecases.progress import GameInProgress
from ginrules.rules.usecases.replay import replay

RULES = {"preset": "standard", "knock_limit": 100}
"""A knock limit above the most deadwood ten cards can hold (92): only the new test bites."""
NO_MELD = "AS 3S 5S 7S 9S JS KS 2H 4H 6H 8H".split()
"""Eleven cards of which no three make a meld (R-2.1, R-2.2)."""
NEW_FAULT = SpreadFault("knock_without_meld", "R-5.3")


def needs_a_meld(arrangement, rules, knock_limit, big_gin):
    """The new test of the spread's shape: a knock needs at least one meld."""
    return None if arrangement.melds else NEW_FAULT


@pytest.fixture(params=[False, True], ids=["as_served", "meld_needed"])
def meld_needed(request, monkeypatch) -> bool:
    """The knock rule as served, or with one more test of the spread's shape in its one place
    (``knock.SHAPE_TESTS``, which ``knock.spread_faults`` asks)."""
    if request.param:
        monkeypatch.setattr(knock, "SHAPE_TESTS", (*knock.SHAPE_TESTS, needs_a_meld))
    return request.param


def position_log() -> dict:
    """A log whose first action leaves ann, after taking the upcard, holding NO_MELD."""
    ann, upcard = NO_MELD[:10], NO_MELD[10]
    rest = [name for name in CARD_NAMES if name not in NO_MELD]
    return {"rules": RULES, "players": ["ann", "bob"], "rounds": [{
        "dealer": "bob", "hands": {"ann": ann, "bob": rest[:10]}, "upcard": upcard,
        "stock": rest[10:],
        "actions": [{"player": "ann", "action": "draw", "source": "discard"}]}]}


def knocking(log: dict) -> dict:
    """The log with ann knocking next, discarding the king of spades."""
    knocked = dict(log, rounds=[dict(log["rounds"][0])])
    knocked["rounds"][0]["actions"] = [*log["rounds"][0]["actions"],
                                       {"player": "ann", "action": "knock", "discard": "KS"}]
    return knocked


def test_r5_1_the_knock_check_follows_the_one_test(meld_needed, client):
    rules = resolve_rules(RULES)
    judged = check_knock(parse_hand_mask(NO_MELD), parse_card("KS"), rules, 100)
    assert judged.legal is not meld_needed
    reply = client.post("/v1/knock", json={"hand": NO_MELD, "discard": "KS",
                                           "rules": RULES}).get_json()
    assert reply["legal"] is not meld_needed
    if meld_needed:
        assert [(v.code, v.rule) for v in judged.violations] == [NEW_FAULT]
        assert [(v["code"], v["rule"]) for v in reply["violations"]] == [NEW_FAULT]


def test_r5_1_the_analysis_follows_the_one_test(meld_needed, client):
    for hand in (NO_MELD, NO_MELD[:10]):
        assert analyze(hand, RULES).can_knock is not meld_needed
        reply = client.post("/v1/hands/analyze", json={"hand": hand, "rules": RULES}).get_json()
        assert reply["can_knock"] is not meld_needed


def test_r7_6_the_knockers_best_arrangement_follows_the_one_test(meld_needed, client):
    # Leaving 5S 6S 7S unmelded denies the defender four layoffs (3S 4S 8S 9S): the best
    # arrangement for the knocker as served, one the new test refuses.
    knocker = "5S 6S 7S 2H 4H 6H 8H TD QD AC".split()
    defender = "3S 4S 8S 9S KH JD 9C 7C 5C 3D".split()
    score = score_deal(parse_hand_mask(knocker), parse_hand_mask(defender),
                        resolve_rules(RULES), 100)
    assert (len(score.knocker.melds), score.points) == ((1, 3) if meld_needed else (0, 9))
    reply = client.post("/v1/rounds/score", json={
        "knocker": {"hand": knocker}, "defender": {"hand": defender}, "rules": RULES})
    body = reply.get_json()
    assert body["points"] == score.points
    assert [meld["cards"] for meld in body["knocker"]["melds"]] == (
        [["5S", "6S", "7S"]] if meld_needed else [])
    # Ten cards with no meld at all: scored as served, refused with the new test.
    refused = client.post("/v1/rounds/score", json={
        "knocker": {"hand": NO_MELD[:10]},
        "defender": {"hand": "KH QH JD 9C 7C 5C 3D AD 2C 4C".split()}, "rules": RULES})
    assert refused.status_code == (422 if meld_needed else 200)
    if meld_needed:
        assert [(e["pointer"], e["code"]) for e in refused.get_json()["errors"]] == [
            ("/knocker/hand", NEW_FAULT.code)]


def test_r5_1_replay_and_next_follow_the_one_test(meld_needed, client):
    log = position_log()
    result = replay(knocking(log))
    assert result.valid is not meld_needed
    if meld_needed:
        assert (result.violations[0].code, result.violations[0].rule) == NEW_FAULT
    checked = client.post("/v1/games/replay", json=knocking(log)).get_json()
    assert checked["valid"] is not meld_needed
    moves = replay(log).next.moves
    knocks = [move for move in moves if type(move) is Knock]
    assert bool(knocks) is not meld_needed
    assert any(type(move) is Discard for move in moves)


def test_r5_1_hints_and_bots_follow_the_one_test(meld_needed, client):
    log = position_log()
    game = GameInProgress.from_log(log)
    view = game.view("ann")
    legal = set(replay(log).next.moves)
    hint = advise(view, seed=1, budget_ms=10, standing=game.standing("ann"))
    offered = [option.move for option in hint.options]
    assert any(type(move) is Knock for move in offered) is not meld_needed
    for bot in BOTS.values():
        move = bot.choose(view, 7, **({"budget_ms": 10} if bot.name == "advisor" else {}))
        if type(move) is Knock:
            assert not meld_needed and Knock(move.player, move.discard) in legal
        else:
            assert move in legal
    # The simple bot knocks as soon as it may.
    assert (type(BOTS["simple"].choose(view, 7)) is Knock) is not meld_needed
    over_http = client.post("/v1/hints", json={"log": log, "player": "ann", "seed": 1,
                                               "budget_ms": 10}).get_json()
    actions = {option["action"]["action"] for option in over_http["options"]}
    assert ("knock" in actions) is not meld_needed
    # Over HTTP too (the advisor's move is the hint's first choice, asked above).
    for name in ("random", "simple"):
        action = client.post(f"/v1/bots/{name}/move",
                             json={"log": log, "player": "ann", "seed": 5}).get_json()["action"]
        assert action["action"] != "knock" or not meld_needed
        if name == "simple":
            assert (action["action"] == "knock") is not meld_needed


def test_r5_1_self_play_follows_the_one_test(meld_needed):
    seen: list[int] = []

    def watch(seat, hint, option, deal):
        if not seat and deal.score is not None and deal.knock is not None:
            seen.append(len(deal.score.knocker.melds))

    seats = {"a": "simple", "b": "random"}
    tallies = {name: Tally(bot) for name, bot in seats.items()}
    play_game(resolve_rules(RULES), seats, "a", random.Random(3), None, tallies, [0], watch)
    assert seen
    # As served the simple bot knocks at once, whatever it holds; with the new test never
    # without a meld.
    assert (min(seen) > 0) is meld_needed


@pytest.mark.parametrize("limit", [30, 100])
def test_r5_1_the_position_predicates_agree_with_the_knock_check(meld_needed, limit):
    # The fast paths (a test of the count first) give the knock check's answer, whatever the
    # rule holds: for eleven cards, some discard's knock is legal; for ten, the spread's.
    rules = resolve_rules({"preset": "standard", "knock_limit": limit})
    rng = random.Random(limit)
    answers = set()
    for _ in range(200):
        hand = sum(1 << card for card in rng.sample(range(52), 11))
        legal = {card: check_knock(hand, card, rules, limit).legal
                 for card in range(52) if hand >> card & 1}
        may = knock.hand_may_knock(hand, rules, limit)
        assert may == any(legal.values())
        assert analyze([CARD_NAMES[c] for c in legal], rules).can_knock == may
        for card, judged in legal.items():
            assert knock.spread_may_knock(hand & ~(1 << card), rules, limit) == judged
        answers.add(may)
    # Both answers come up, but that every spread is within a limit of 100 as served.
    assert True in answers
    assert (False in answers) is not (limit == 100 and not meld_needed)
