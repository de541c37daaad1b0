"""The showdown endpoints over HTTP: rules presets, knocks, layoffs, round scores."""

from __future__ import annotations

import pytest

from ginrules.rules import PRESETS

KNOCK = "/v1/knock"
LAYOFFS = "/v1/layoffs"
SCORE = "/v1/rounds/score"
ELEVEN = "AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC".split()


def codes(reply) -> list[tuple[str, str]]:
    body = reply.get_json()
    entries = body["violations"] if "violations" in body else body["errors"]
    return [(e["pointer"], e["code"]) for e in entries]


def test_r10_rules_lists_every_preset(client):
    body = client.get("/v1/rules").get_json()
    assert [p["preset"] for p in body["presets"]] == list(PRESETS)
    assert body["default"] == "standard"
    assert body["options"]["knock_limit"] == "an integer from 0 to 100"
    oklahoma = client.get("/v1/rules/oklahoma").get_json()
    assert (oklahoma["oklahoma"], oklahoma["game_target"]) == (True, 150)


def test_r10_unknown_preset_is_404(client):
    reply = client.get("/v1/rules/Standard")
    assert reply.status_code == 404 and reply.get_json()["code"] == "unknown_preset"


def test_knock_legal_with_the_best_arrangement(client):
    body = client.post(KNOCK, json={"hand": ELEVEN, "discard": "KC"}).get_json()
    assert (body["legal"], body["deadwood_count"], body["gin"]) == (True, 10, False)
    assert len(body["arrangement"]["melds"]) == 3


def test_knock_reports_every_reason_with_pointers(client):
    reply = client.post(KNOCK, json={
        "hand": ELEVEN, "discard": "KC", "taken_card": "KC",
        "melds": [["AS", "2S", "3S"], ["JC", "QC", "KC"]]})
    assert reply.status_code == 200
    assert codes(reply) == [("/discard", "taken_card_discarded"),
                            ("/melds/1", "meld_card_not_in_hand"),  # JC
                            ("/melds/1", "meld_card_not_in_hand"),  # QC
                            ("/melds/1", "meld_card_discarded")]  # KC
    assert reply.get_json()["arrangement"] is None


def test_knock_with_a_discard_not_in_hand(client):
    reply = client.post(KNOCK, json={"hand": ELEVEN, "discard": "QC"})
    assert codes(reply) == [("/discard", "discard_not_in_hand")]


def test_r5_6_oklahoma_knock_limit_and_ace(client):
    hand = "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C KC".split()
    five = client.post(KNOCK, json={"hand": hand, "discard": "KC", "rules": "oklahoma",
                                    "upcard": "5H"}).get_json()
    assert (five["legal"], five["knock_limit"]) == (True, 5)
    ace = client.post(KNOCK, json={"hand": hand, "discard": "KC", "rules": "oklahoma",
                                   "upcard": "AH"}).get_json()
    assert (ace["legal"], ace["knock_limit"]) == (False, 0)
    one = client.post(KNOCK, json={"hand": "AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC".split(),
                                   "discard": "KC", "upcard": "AH",
                                   "rules": {"preset": "oklahoma", "oklahoma_ace": "one"}})
    assert one.get_json()["legal"] is True
    face = client.post(KNOCK, json={"hand": ELEVEN, "discard": "KC", "rules": "oklahoma",
                                    "upcard": "QD"}).get_json()
    assert face["knock_limit"] == 10


def test_big_gin_knock(client):
    hand = "AS 2S 3S 4H 5H 6H 7D 8D 9D TD JD".split()
    body = client.post(KNOCK, json={"hand": hand, "discard": None,
                                    "rules": {"big_gin_bonus": 31}}).get_json()
    assert (body["legal"], body["big_gin"], body["discard"]) == (True, True, None)


@pytest.mark.parametrize(
    "body, status, expected",
    [
        ({"hand": ELEVEN[:10], "discard": "KC"}, 422, [("/hand", "invalid_hand_size")]),
        ({"hand": ELEVEN}, 400, [("/discard", "required")]),
        ({"hand": ELEVEN, "discard": "KC", "melds": [["AS", "2S", "4S"]]}, 422,
         [("/melds/0", "invalid_meld")]),
        ({"hand": ELEVEN, "discard": "KC", "melds": [{"kind": "set", "cards": ["AS", "2S", "3S"]}]},
         422, [("/melds/0/kind", "meld_kind_mismatch")]),
        ({"hand": ELEVEN, "discard": "KC", "melds": [["AS", "2S", "3S"], ["3S", "4S", "5S"]]},
         422, [("/melds/1/0", "overlapping_melds")]),
        ({"hand": ELEVEN, "discard": "KC", "melds": [5]}, 400, [("/melds/0", "invalid_value")]),
        ({"hand": ELEVEN, "discard": "ZZ"}, 422, [("/discard", "invalid_card")]),
    ],
)
def test_knock_request_faults(client, body, status, expected):
    reply = client.post(KNOCK, json=body)
    assert reply.status_code == status
    assert codes(reply) == expected


def test_layoffs_chain_and_layable(client):
    body = client.post(LAYOFFS, json={
        "knocker_melds": [["5S", "6S", "7S"]],
        "defender_hand": "4S 3S 8S 9S KH KD QC JC 6C 2D".split()}).get_json()
    assert body["layoffs"] == [{"card": "4S", "meld": 0}, {"card": "3S", "meld": 0},
                               {"card": "8S", "meld": 0}, {"card": "9S", "meld": 0}]
    assert body["layable"] == ["3S", "4S", "8S", "9S"] and body["deadwood_count"] == 48


def test_layoffs_against_gin_are_none(client):
    body = client.post(LAYOFFS, json={"knocker_melds": [["5S", "6S", "7S"]], "gin": True,
                                      "defender_hand": "4S 3S 8S 9S KH KD QC JC 6C 2D".split()})
    assert body.get_json()["layoffs"] == [] and body.get_json()["layable"] == []


def test_layoffs_refuse_cards_in_both_places(client):
    reply = client.post(LAYOFFS, json={"knocker_melds": [["5S", "6S", "7S"]],
                                       "defender_hand": "5S 3S 8S 9S KH KD QC JC 6C 2D".split()})
    assert reply.status_code == 422 and codes(reply) == [("/defender_hand", "duplicate_card")]


def test_round_score_knock_undercut_gin(client):
    knock = client.post(SCORE, json={
        "knocker": {"hand": "AS 2S 3S 4S 7H 8H 9H AC AD 2D".split()},
        "defender": {"hand": "5S 6S KH QH KD QD JC 9C 7C 5C".split()}}).get_json()
    assert (knock["outcome"], knock["winner"], knock["points"]) == ("knock", "knocker", 74)
    undercut = client.post(SCORE, json={
        "knocker": {"hand": "AS 2S 3S 4H 5H 6H 7D 8D 9D TC".split()},
        "defender": {"hand": "7S 8S 9S TH JH QH 2C 3C 4C AC".split()},
        "rules": "modern"}).get_json()
    assert (undercut["outcome"], undercut["winner"], undercut["points"]) == (
        "undercut", "defender", 10 + 25)  # AC 2C 3C 4C is a run: the defender has 0
    assert [t["rule"] for t in undercut["breakdown"]] == ["R-7.2", "R-7.2"]


def test_round_score_tie_without_undercut_on_tie(client):
    body = client.post(SCORE, json={
        "knocker": {"hand": "AS 2S 3S 4H 5H 6H 7D 8D 9D 5C".split()},
        "defender": {"hand": "7S 8S 9S TH JH QH 2C 3C 4C 5D".split()},
        "rules": {"undercut_on_tie": False}}).get_json()
    assert (body["outcome"], body["winner"], body["points"]) == ("knock", None, 0)


def test_round_score_oklahoma_spade_doubles(client):
    body = client.post(SCORE, json={
        "knocker": {"hand": "AS 2S 3S 4S 7H 8H 9H AC AD 2D".split()},
        "defender": {"hand": "5S 6S KH QH KD QD JC 9C 7C 5C".split()},
        "rules": "oklahoma", "upcard": "9S"}).get_json()
    assert body["points"] == 148 and body["breakdown"][-1]["rule"] == "R-7.4"


def test_round_score_declared_spreads_and_warnings(client):
    body = client.post(SCORE, json={
        "knocker": {"hand": "5S 6S 7S 9H 9D 9C AC AD 2D 3C".split(),
                    "melds": [["5S", "6S", "7S"], ["9H", "9D", "9C"]], "discard": "KS"},
        "defender": {"hand": "4S 3S KH KD QC JC 9S 8D 6C 2H".split(),
                     "layoffs": [{"card": "4S", "meld": 0}]}}).get_json()
    assert body["defender"]["layoffs"] == [{"card": "4S", "meld": 0}]
    assert [w["code"] for w in body["warnings"]] == ["suboptimal_defense"]


@pytest.mark.parametrize(
    "body, expected",
    [
        ({"knocker": {"hand": "AS 2S 3S 4S 7H 8H 9H AC KD 2D".split()},
          "defender": {"hand": "5S 6S KH QH AD QD JC 9C 7C 5C".split()}},
         [("/knocker/hand", "deadwood_over_limit")]),
        ({"knocker": {"hand": "AS 2S 3S 4S 7H 8H 9H AC AD 2D".split()},
          "defender": {"hand": "5S 6S KH QH KD QD JC 9C 7C 5C".split(),
                       "layoffs": [{"card": "5S", "meld": 0}]}},
         [("/defender/layoffs", "layoffs_need_knocker_melds")]),
        ({"knocker": {"hand": "AS 2S 3S 4S 7H 8H 9H AC AD 2D".split()},
          "defender": {"hand": "AS 6S KH QH KD QD JC 9C 7C 5C".split()}},
         [("/defender/hand", "duplicate_card")]),
        ({"knocker": {"hand": "AS 2S 3S 4S 7H 8H 9H AC AD 2D".split(), "melds": [["AS", "2S"]]},
          "defender": {"hand": "5S 6S KH QH KD QD JC 9C 7C 5C".split()}},
         [("/knocker/melds/0", "invalid_meld")]),
        ({"knocker": {"hand": "AS 2S 3S 4S 7H 8H 9H AC AD 2D".split()},
          "defender": {"hand": "5S 6S KH QH KD QD JC 9C 7C 5C".split()}, "rules": "oklahoma"},
         [("/upcard", "upcard_required")]),
    ],
)
def test_round_score_faults_are_422(client, body, expected):
    reply = client.post(SCORE, json=body)
    assert reply.status_code == 422
    assert codes(reply) == expected


def test_r5_5_round_score_takes_a_null_discard_for_big_gin_as_knock_does(client):
    eleven = "AS 2S 3S 4S 5H 6H 7H 8D 8C 8S 8H".split()
    rules = {"preset": "standard", "big_gin_bonus": 31}
    defender = "KD QD JC 9C 7C 5C 3D 2D TH 4C".split()
    left_out = client.post(SCORE, json={"knocker": {"hand": eleven}, "defender": {"hand": defender},
                                        "rules": rules}).get_json()
    null = client.post(SCORE, json={"knocker": {"hand": eleven, "discard": None},
                                    "defender": {"hand": defender}, "rules": rules}).get_json()
    assert null == left_out and null["outcome"] == "big_gin"


def test_r5_3_round_score_of_eleven_cards_and_their_discard_names_the_hand_not_big_gin(client):
    # The knock check's shape (the eleven held after the draw, and the discard) sent to the
    # round score, whose knocker spreads the ten left after the discard.
    body = {"knocker": {"hand": "AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC".split(), "discard": "KC"},
            "defender": {"hand": "5S 6S KH QH KD QD JC 9C 7C 5C".split()}}
    reply = client.post(SCORE, json=body)
    assert reply.status_code == 422
    assert codes(reply) == [("/knocker/hand", "invalid_hand_size")]
    assert "big gin" not in reply.get_json()["detail"]
    assert reply.get_json()["errors"][0]["rule"] == "R-5.3"
    body["knocker"]["hand"].remove("KC")
    assert client.post(SCORE, json=body).get_json()["outcome"] == "knock"
