"""Round the corner and the ace's deadwood value (R-2.7) over HTTP: every endpoint the options
touch (the rules core's own tests are tests/core/hands/test_corner.py)."""

from __future__ import annotations

CORNER = {"round_the_corner": True}


def test_r2_7_analyze_over_http_lists_a_wrapping_run_in_run_order(client):
    body = client.post("/v1/hands/analyze", json={"hand": "2H AH KH 7C".split(),
                                                  "rules": CORNER}).get_json()
    assert body["melds"] == [{"kind": "run", "cards": ["KH", "AH", "2H"]}]
    assert body["rules"]["round_the_corner"] is True
    plain = client.post("/v1/hands/analyze", json={"hand": "2H AH KH 7C".split()}).get_json()
    assert (plain["melds"], plain["deadwood_count"]) == ([], 20)


def test_r2_7_batch_analysis_values_aces_as_the_rules_say(client):
    reply = client.post("/v1/hands/analyze/batch", json={
        "hands": [["AS", "AH", "5D"], ["AS", "2S", "3S"]], "rules": {"ace_deadwood_value": 15}})
    counts = [r["analysis"]["deadwood_count"] for r in reply.get_json()["results"]]
    assert counts == [35, 0]


def test_r2_7_a_declared_wrapping_run_without_round_the_corner_is_a_422_naming_the_rule(client):
    hand = "QS KS AS 5H 6H 7H 9D 9C 9H 2C TD".split()
    melds = [["QS", "KS", "AS"], ["5H", "6H", "7H"]]
    reply = client.post("/v1/knock", json={"hand": hand, "discard": "TD", "melds": melds})
    assert reply.status_code == 422
    error = reply.get_json()["errors"][0]
    assert (error["pointer"], error["code"], error["rule"]) == ("/melds/0", "invalid_meld", "R-2.7")
    assert "round_the_corner" in error["detail"]
    ok = client.post("/v1/knock", json={"hand": hand, "discard": "TD", "melds": melds,
                                        "rules": CORNER})
    assert ok.status_code == 200
    # Q-K-A and 5-6-7 as declared: the nines and 2C are left, 29, over the limit.
    assert (ok.get_json()["legal"], ok.get_json()["deadwood_count"]) == (False, 29)
    # Bad rules are reported as such, the melds read meanwhile as under the defaults.
    bad = client.post("/v1/knock", json={"hand": hand, "discard": "TD", "melds": melds,
                                         "rules": {"round_the_corner": "yes"}})
    assert {e["pointer"] for e in bad.get_json()["errors"]} == {
        "/rules/round_the_corner", "/melds/0"}


def test_r2_7_layoffs_over_http_chain_past_the_king(client):
    body = client.post("/v1/layoffs", json={
        "knocker_melds": [["JS", "QS", "KS"]], "rules": CORNER,
        "defender_hand": "AS 2S 9H 9D 8C 7C 6D 5H 4C 3H".split()}).get_json()
    assert body["layoffs"] == [{"card": "AS", "meld": 0}, {"card": "2S", "meld": 0}]
    assert body["layable"] == ["AS", "2S"]


def test_r2_7_round_score_over_http_with_declared_wrapping_melds_and_layoffs(client):
    body = client.post("/v1/rounds/score", json={
        "rules": {"round_the_corner": True, "ace_deadwood_value": 15},
        "knocker": {"hand": "KS AS 2S 5H 6H 7H 9D 9C 9H 3C".split(),
                    "melds": [["2S", "KS", "AS"], ["5H", "6H", "7H"], ["9D", "9C", "9H"]]},
        "defender": {"hand": "QS 3S AH 8D 8C 7C 6D 5C 4C TC".split(),
                     "layoffs": [{"card": "QS", "meld": 0}, {"card": "3S", "meld": 0}]}})
    assert body.status_code == 200, body.get_json()
    reply = body.get_json()
    assert reply["knocker"]["melds"][0]["cards"] == ["KS", "AS", "2S"]
    # The defender's AH counts 15: 15 + 8 + 8 + 7 + 6 + 5 + 4 + 10 = 63; the knocker's 3C, 3.
    assert reply["defender"]["deadwood_count"] == 63
    assert (reply["outcome"], reply["points"]) == ("knock", 60)
