"""Faults in the project's words: each names its field, says what the field takes and what came
instead, lists the known names of an unknown one and suggests the closest where one is close."""

from __future__ import annotations

import re

import pytest

ANALYZE = "/v1/hands/analyze"
BATCH = "/v1/hands/analyze/batch"
TEN = "5S 6S 7S 7H 7D 7C 2H 3C 9D KD".split()

# A malformed body of every endpoint read by a request schema, and a field of each kind.
MALFORMED = [
    (ANALYZE, {"hand": TEN, "all_arrangements": "yes"}),
    (ANALYZE, {"hand": TEN, "upcard": 3}),
    (ANALYZE, {"hand": TEN, "rules": 3}),
    (ANALYZE, {"hand": None}),
    (ANALYZE, {}),
    (ANALYZE, {"hand": "AS 2S"}),
    (ANALYZE, {"hand": [1, True]}),
    (BATCH, {"hands": {"a": 1}}),
    ("/v1/hands/melds", {"hand": TEN, "with": 7}),
    ("/v1/knock", {"hand": TEN, "melds": [3, {"kind": "set"}]}),
    ("/v1/layoffs", {"knocker_melds": [], "defender_hand": [], "gin": 1}),
    ("/v1/rounds/score", {"knocker": 3, "defender": {"hand": TEN, "layoffs": [{"card": "AS"}]}}),
    ("/v1/rounds/score", {"knocker": {"hand": TEN, "discard": False}, "defender": None}),
    ("/v1/bots/simple/move", {"log": [], "player": 5, "seed": -1}),
    ("/v1/hints", {"log": {}, "player": "bob", "budget_ms": True, "opponent_model": 3}),
]


def _errors(client, path, body):
    reply = client.post(path, json=body)
    assert reply.status_code == 400, reply.get_json()
    return reply.get_json()["errors"]


@pytest.mark.parametrize("path, body", MALFORMED)
def test_a_shape_fault_names_its_field_and_says_what_it_takes(client, path, body):
    for error in _errors(client, path, body):
        detail = error["detail"]
        # The field (or the item, hand[0]) the pointer names, in the detail's first words.
        field = [part for part in error["pointer"].split("/") if not part.isdigit()][-1]
        assert detail.startswith(field) or f"'{field}'" in detail, (error, field)
        # Not the validation library's sentences: lower case, no closing full stop, and no
        # client value written as Python writes it.
        assert detail[0].islower() and not detail.endswith("."), detail
        assert not re.search(r"\b(True|False|None)\b", detail), detail
        assert "_schema" not in error["pointer"]
        if error["code"] not in ("required", "null_not_allowed"):
            assert ", got " in detail, detail


def test_a_boolean_field_says_true_or_false_and_what_came(client):
    (error,) = _errors(client, ANALYZE, {"hand": TEN, "all_arrangements": "yes"})
    assert error == {"pointer": "/all_arrangements", "code": "wrong_type",
                     "detail": "all_arrangements must be true or false, got 'yes'"}
    (error,) = _errors(client, "/v1/layoffs",
                       {"knocker_melds": [], "defender_hand": [], "gin": True, "rules": False})
    assert error["detail"].startswith("rules must be a preset name (standard, modern, classic,")
    assert error["detail"].endswith(", got a boolean")


def test_an_unknown_field_lists_the_known_ones_and_suggests_the_closest(client):
    (error,) = _errors(client, ANALYZE, {"hand": TEN, "all_arangements": True})
    assert error["code"] == "unknown_field" and error["pointer"] == "/all_arangements"
    assert error["detail"] == ("unknown field 'all_arangements' (did you mean "
                               "'all_arrangements'?); the fields here are all_arrangements, hand, "
                               "rules, upcard")
    (error,) = _errors(client, ANALYZE, {"hand": TEN, "colour": "red"})
    assert "did you mean" not in error["detail"]
    assert error["detail"].endswith("the fields here are all_arrangements, hand, rules, upcard")
    nested = _errors(client, "/v1/rounds/score",
                     {"knocker": {"hand": TEN, "meld": []}, "defender": {"hand": TEN}})
    assert nested == [{"pointer": "/knocker/meld", "code": "unknown_field",
                       "detail": "unknown field 'meld' (did you mean 'melds'?); the fields "
                                 "here are discard, hand, melds"}]


def test_a_value_out_of_a_list_suggests_the_closest_and_a_number_is_shown(client):
    errors = _errors(client, "/v1/hints", {"log": {}, "player": "bob", "seed": -3,
                                           "opponent_model": "Greedy"})
    assert {e["pointer"]: e["detail"] for e in errors} == {
        "/seed": "seed must be an integer from 0 to 9223372036854775807, got -3",
        "/opponent_model": "opponent_model must be one of advisor, greedy, random, got "
                           "'Greedy' (did you mean 'greedy'?)",
    }


def test_an_object_field_that_is_no_object_is_reported_at_its_own_pointer(client):
    errors = _errors(client, "/v1/rounds/score", {"knocker": [], "defender": {"hand": TEN}})
    assert [(e["pointer"], e["code"]) for e in errors] == [("/knocker", "wrong_type")]
    assert errors[0]["detail"].startswith('knocker must be an object {"hand": [...]')
    assert errors[0]["detail"].endswith("got an array")


def test_both_batch_limits_give_one_fault(client):
    faults = []
    for size in (1001, 10_001):
        reply = client.post(BATCH, json={"hands": [["AS"]] * size})
        assert reply.status_code == 400
        body = reply.get_json()
        faults.append((body["code"], body["errors"]))
    assert faults == [
        ("too_many_hands", [{"pointer": "/hands", "code": "too_many_hands",
                             "detail": f"a batch holds at most 1000 hands, got {size}"}])
        for size in (1001, 10_001)]


def test_r10_an_option_value_is_quoted_as_json_and_a_misspelt_name_gets_a_suggestion(client):
    reply = client.post(ANALYZE, json={"hand": TEN, "rules": {
        "preset": "Standard", "knockz": 5, "undercut_on_tie": None, "gin_bonus": True}})
    assert reply.status_code == 422
    details = {e["pointer"]: e["detail"] for e in reply.get_json()["errors"]}
    assert details["/rules/preset"].startswith(
        "unknown preset 'Standard' (did you mean 'standard'?); presets are standard, modern,")
    assert details["/rules/knockz"].startswith(
        "unknown option 'knockz' (did you mean 'knock_limit'?); options are knock_limit,")
    # Every option is listed, none cut off.
    from ginrules.rules.base.options import OPTION_NAMES

    assert details["/rules/knockz"].endswith(", ".join(OPTION_NAMES))
    assert details["/rules/gin_bonus"].endswith(", got true")
    assert details["/rules/undercut_on_tie"].endswith(", got null")


def test_an_unknown_query_parameter_lists_the_parameters(client):
    reply = client.get("/v1/hands/AS,2S,3S/analysis?knock_limt=5")
    assert reply.status_code == 400
    (error,) = reply.get_json()["errors"]
    assert error["pointer"] == "?knock_limt"
    assert error["detail"].startswith("unknown query parameter 'knock_limt' (did you mean "
                                      "'knock_limit'?); the parameters are preset, upcard,")


def test_an_unknown_field_of_a_game_log_suggests_the_closest(client):
    log = {"format": "ginrules-log/1", "rules": "standard", "players": ["ann", "bob"],
           "round": []}
    reply = client.post("/v1/games/replay", json=log)
    assert reply.status_code == 400
    details = {e["pointer"]: e["detail"] for e in reply.get_json()["errors"]}
    assert details["/round"].startswith("unknown field 'round' (did you mean 'rounds'?); "
                                        "the fields here are ")
    match = client.post("/v1/matches/score", json={
        "rules": "standard", "players": ["ann", "bob"],
        "rounds": [{"winner": "ann", "point": 10}]})
    details = {e["pointer"]: e["detail"] for e in match.get_json()["errors"]}
    assert details["/rounds/0/point"].startswith("unknown field 'point' (did you mean "
                                                 "'points'?); the fields here are ")
