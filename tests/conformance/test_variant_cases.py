"""The variants' whole game logs in ``conformance/http/variants.json`` held to the kit's reference.

Those six cases stay HTTP requests (no fact topic states a game of three or four players), and
the logs were made by playing games. Their expected winners are checked here by the reference,
which shares no code with the service: each table's deal is refereed as a two-player deal
(R-4 to R-7), and the rounds' results are kept by the reference's bookkeeping of the variant
(R-9.1 to R-9.4). The two seating faults are read from the logs themselves.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from conformance.reference import matches, play, presets
from conformance.reference.cards import CODES, parse_token
from tests.conftest import ROOT

CASES = json.loads((ROOT / "conformance" / "http" / "variants.json").read_text())["cases"]
VALID = [case for case in CASES if {"pointer": "/valid", "equals": True}
         in case["expected"]["checks"]]


def canonical(value: Any) -> Any:
    """The log with every card token in the canonical notation of R-1.4 (the logs mix them)."""
    if isinstance(value, list):
        return [canonical(item) for item in value]
    if isinstance(value, dict):
        return {key: canonical(item) for key, item in value.items()}
    if isinstance(value, str):
        card = parse_token(value)
        return value if card is None else CODES[card]
    return value


def expected(case: dict, pointer: str) -> Any:
    return next(check["equals"] for check in case["expected"]["checks"]
                if check["pointer"] == pointer)


def table_result(table: dict, options: dict, players: list[str]) -> dict:
    """One table's deal, refereed by the reference as a two-player deal: its winner, points."""
    if table["dealer"] not in table["hands"]:
        # cutthroat's dealer sits out: the offer goes first to the player after the
        # dealer in the log's order, who is the two-player deal's non-dealer
        after = players[(players.index(table["dealer"]) + 1) % len(players)]
        (second,) = [player for player in table["hands"] if player != after]
        table = {**table, "dealer": second}
    seated = sorted(table["hands"], key=lambda player: player != table["dealer"])
    question = {"players": seated, "rounds": [table]}
    answer = play.referee(question, {**options, "game_target": 10**9})
    assert answer["valid"], answer
    (result,) = answer["rounds"]
    return {"winner": result["winner"], "points": result["points"]}


@pytest.mark.parametrize("case", VALID, ids=[case["description"] for case in VALID])
def test_r9_a_variant_game_wins_as_the_reference_keeps_it(case):
    body = canonical(case["request"]["body"])
    rules = body["rules"]
    options, faults = presets.resolve(rules)
    assert not faults and options is not None
    variant = presets.VARIANTS[rules["preset"]]
    question: dict[str, Any] = {"variant": variant, "players": body["players"]}
    if variant == "partnership":
        question["rounds"] = [{"tables": [table_result(table, options, body["players"])
                                          for table in round_["tables"]]}
                              for round_ in body["rounds"]]
        question["teams"] = body["teams"]
    else:
        question["rounds"] = [table_result(round_, options, body["players"])
                              for round_ in body["rounds"]]
        question["dealer"] = body["rounds"][0]["dealer"]
        if variant == "box":
            question["roles"] = body["roles"]
    answer = matches.answer(options, question)
    assert answer["complete"] == expected(case, "/complete")
    assert answer["winner"] == expected(case, "/winner")


def test_r9_2_the_box_deals_and_the_faulty_case_is_dealt_by_another():
    (case,) = [case for case in CASES if case["description"] == "box: the box deals every round"]
    body = case["request"]["body"]
    first = body["rounds"][0]
    assert first["dealer"] != body["roles"]["box"]  # the box deals every round
    assert expected(case, "/violations/0/pointer") == "/rounds/0/dealer"
    assert expected(case, "/violations/0/code") == "wrong_dealer"


def pairing(round_: dict) -> set[frozenset[str]]:
    return {frozenset(table["hands"]) for table in round_["tables"]}


def test_r9_4_opponents_alternate_and_the_faulty_case_pairs_the_same_twice():
    (case,) = [case for case in CASES
               if case["description"] == "partnership: opponents alternate every round"]
    rounds = case["request"]["body"]["rounds"]
    assert pairing(rounds[1]) == pairing(rounds[0])  # nobody meets the other opponent
    assert expected(case, "/violations/0/pointer") == "/rounds/1/tables"
    assert expected(case, "/violations/0/code") == "wrong_pairing"
    (valid,) = [case for case in VALID if case["description"].startswith("partnership")]
    played = valid["request"]["body"]["rounds"]
    assert all(pairing(a) != pairing(b) for a, b in zip(played, played[1:]))


def test_r3_3_hollywood_passes_the_deal_as_the_rules_say_in_the_reference_and_the_service(client):
    """Hollywood is a two-player game: the option dealer_rotation passes its deal (R-3.3)."""
    rounds = [{"winner": "ann", "points": 20}, {"winner": None}, {"winner": "bob", "points": 5}]
    for rotation, expected_next in (("winner", "bob"), ("alternate", "ann")):
        options, faults = presets.resolve({"preset": "hollywood", "dealer_rotation": rotation})
        assert not faults and options is not None
        question = {"variant": "hollywood", "players": ["ann", "bob"], "dealer": "ann",
                    "rounds": rounds}
        assert matches.answer(options, question)["next_dealer"] == expected_next
        reply = client.post("/v1/matches/score", json={
            "rules": {"preset": "hollywood", "dealer_rotation": rotation},
            "players": ["ann", "bob"], "dealer": "ann", "rounds": rounds})
        assert reply.status_code == 200, reply.get_json()
        assert reply.get_json()["next_dealer"] == expected_next
