"""The option ``dealer_rotation`` (R-3.2, R-3.3) and the ``eaai`` preset over HTTP; every reply is
checked against openapi.yaml by the test client."""

from __future__ import annotations

import copy

from testkit.generator import random_game


def _first_won_own_deal(rounds):
    """The index of the first round after one its dealer won (where R-3.2 and R-3.3 differ)."""
    return next(k for k in range(1, len(rounds))
                if rounds[k - 1]["result"]["winner"] is not None
                and rounds[k - 1]["result"]["winner"] == rounds[k - 1]["dealer"])


def test_r3_3_the_rules_list_the_eaai_preset_and_the_option(client):
    body = client.get("/v1/rules").get_json()
    eaai = next(p for p in body["presets"] if p["preset"] == "eaai")
    assert (eaai["dealer_rotation"], eaai["undercut_bonus"], eaai["wall"],
            eaai["big_gin_bonus"]) == ("alternate", 25, "draw", None)
    assert {p["dealer_rotation"] for p in body["presets"] if p["preset"] != "eaai"} == {"winner"}
    assert body["options"]["dealer_rotation"] == '"winner" or "alternate"'
    assert client.get("/v1/rules/eaai").get_json() == eaai


def test_r3_3_the_option_overrides_any_preset_and_a_bad_value_is_refused(client):
    reply = client.post("/v1/matches/score", json={
        "rules": {"preset": "standard", "dealer_rotation": "alternate"},
        "players": ["ann", "bob"], "dealer": "ann",
        "rounds": [{"winner": "ann", "points": 14}]})
    assert reply.status_code == 200
    assert reply.get_json()["next_dealer"] == "bob"
    reply = client.post("/v1/matches/score", json={
        "rules": {"preset": "eaai", "dealer_rotation": "loser"}, "players": ["ann", "bob"],
        "rounds": []})
    assert reply.status_code == 422
    (error,) = reply.get_json()["errors"]
    assert (error["pointer"], error["code"]) == ("/rules/dealer_rotation", "invalid_option_value")
    analysis = client.get("/v1/hands/AS,2S,3S,4H,5H,6H,7D,8D,9D,TC/analysis"
                          "?preset=eaai&dealer_rotation=winner")
    assert analysis.status_code == 200
    assert analysis.get_json()["rules"]["dealer_rotation"] == "winner"


def test_r3_3_match_scores_alternate_after_wins_and_keep_the_dealer_after_draws(client):
    def next_dealer(rounds):
        return client.post("/v1/matches/score", json={
            "rules": "eaai", "players": ["ann", "bob"], "dealer": "ann",
            "rounds": rounds}).get_json()["next_dealer"]

    assert next_dealer([]) == "ann"
    assert next_dealer([{"winner": "ann", "points": 14}]) == "bob"
    assert next_dealer([{"winner": "bob", "points": 14}]) == "bob"
    assert next_dealer([{"winner": "bob", "points": 14}, {"winner": None}]) == "bob"
    assert next_dealer([{"winner": "bob", "points": 14}, {"winner": "bob", "points": 3}]) == "ann"


def test_r3_3_a_replay_names_the_dealer_and_a_wrong_one_cites_r3_3(client):
    for seed in range(20):
        log = random_game(seed, "eaai")
        reply = client.post("/v1/games/replay", json=log).get_json()
        assert reply["valid"], reply["violations"][:1]
        rounds = reply["rounds"]
        try:
            k = _first_won_own_deal(rounds)
        except StopIteration:
            continue
        cut = copy.deepcopy(log)
        cut["rounds"] = cut["rounds"][:k]
        last = cut["rounds"][-1]["actions"]
        if last[-1]["action"] == "knock":  # settled by a bare lay_down
            defender = next(p for p in log["players"] if p != last[-1]["player"])
            last.append({"player": defender, "action": "lay_down"})
        replayed = client.post("/v1/games/replay", json=cut).get_json()
        dealer = rounds[k - 1]["dealer"]
        other = next(p for p in log["players"] if p != dealer)
        assert replayed["next_dealer"] == other
        wrong = copy.deepcopy(log)
        wrong["rounds"][k]["dealer"] = dealer
        violation = client.post("/v1/games/replay", json=wrong).get_json()["violations"][0]
        assert (violation["pointer"], violation["code"], violation["rule"]) == (
            f"/rounds/{k}/dealer", "wrong_dealer", "R-3.3")
        assert violation["rule_url"].endswith("/rules#R-3.3")
        return
    raise AssertionError("no generated game has a dealer who won their own deal")


def test_r3_3_a_deal_request_needs_its_dealer_under_eaai(client):
    reply = client.post("/v1/deals", json={"rules": "eaai", "players": ["ann", "bob"], "seed": 5})
    assert reply.status_code == 422
    (error,) = reply.get_json()["errors"]
    assert (error["pointer"], error["code"], error["rule"]) == (
        "/dealer", "required_by_variant", "R-3.3")
    dealt = client.post("/v1/deals", json={"rules": "eaai", "players": ["ann", "bob"],
                                           "dealer": "bob", "seed": 5}).get_json()
    assert dealt["deal"]["dealer"] == "bob"
