"""The HTTP API: every endpoint, every documented error (all replies checked against
openapi.yaml)."""

from __future__ import annotations

import json
import re

import pytest

from ginrules.rules import analyze, hand_names

from tests.conftest import SPEC, VALIDATED

ANALYZE = "/v1/hands/analyze"
BATCH = "/v1/hands/analyze/batch"
TEN = ["5S", "6S", "7S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"]
ELEVEN = ["5S", "6S", "7S", "8S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"]


def error_codes(response) -> list[tuple[str, str]]:
    return [(e["pointer"], e["code"]) for e in response.get_json()["errors"]]


# Success replies ----------------------------------------------------------------------------


def test_analyze_ten_cards(client):
    reply = client.post(ANALYZE, json={"hand": TEN}).get_json()
    assert reply["deadwood_count"] == 24
    assert reply["melds"] == [
        {"kind": "run", "cards": ["5S", "6S", "7S"]},
        {"kind": "set", "cards": ["7H", "7D", "7C"]},
    ]
    assert reply["deadwood"] == ["2H", "9D", "KD", "3C"]
    assert (reply["can_knock"], reply["gin"], reply["knock_limit"]) == (False, False, 10)
    assert "discards" not in reply and "big_gin" not in reply and "arrangements" not in reply
    assert reply["rules"]["preset"] == "standard"


def test_analyze_eleven_cards_values_every_discard(client):
    reply = client.post(ANALYZE, json={"hand": ELEVEN}).get_json()
    assert reply["card_count"] == 11
    assert reply["best_discards"] == ["KD"] and reply["discard"] == "KD"
    assert reply["deadwood_count"] == 14
    assert [d["card"] for d in reply["discards"]] == reply["hand"]
    values = {d["card"]: d["deadwood_count"] for d in reply["discards"]}
    assert values == {"5S": 24, "6S": 37, "7S": 43, "8S": 24, "2H": 22, "7H": 38, "7D": 38,
                      "9D": 15, "KD": 14, "3C": 21, "7C": 38}
    assert reply["can_knock"] is False and reply["big_gin"] is False


def test_analyze_knock_limit_override_changes_can_knock(client):
    hand = ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "4C"]
    assert client.post(ANALYZE, json={"hand": hand}).get_json()["can_knock"] is True
    strict = client.post(ANALYZE, json={"hand": hand, "rules": {"knock_limit": 3}}).get_json()
    assert (strict["can_knock"], strict["knock_limit"], strict["rules"]["knock_limit"]) == (
        False, 3, 3)


def test_analyze_gin_only_with_knock_limit_zero(client):
    gin = ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "TD"]
    reply = client.post(ANALYZE, json={"hand": gin, "rules": {"knock_limit": 0}}).get_json()
    assert (reply["gin"], reply["can_knock"]) == (True, True)


def test_analyze_big_gin_needs_the_option(client):
    hand = ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "TD", "JD"]
    plain = client.post(ANALYZE, json={"hand": hand}).get_json()
    assert (plain["gin"], plain["big_gin"]) == (True, False)
    big = client.post(ANALYZE, json={"hand": hand, "rules": {"big_gin_bonus": 31}}).get_json()
    assert big["big_gin"] is True


def test_analyze_partial_hand_has_no_knock_facts(client):
    reply = client.post(ANALYZE, json={"hand": ["7S", "7H", "7D", "KC"]}).get_json()
    assert reply["deadwood_count"] == 10 and reply["card_count"] == 4
    assert "can_knock" not in reply and "gin" not in reply


def test_analyze_all_arrangements_lists_ties(client):
    reply = client.post(
        ANALYZE, json={"hand": ["JS", "QS", "KS", "KH", "KD"], "all_arrangements": True}
    ).get_json()
    assert [a["melds"] for a in reply["arrangements"]] == [
        [{"kind": "run", "cards": ["JS", "QS", "KS"]}],
        [{"kind": "set", "cards": ["KS", "KH", "KD"]}],
    ]


def test_analyze_all_arrangements_of_eleven_cards_name_their_discard(client):
    hand = ["AS", "2S", "3S", "4S", "5H", "6H", "7H", "8D", "9D", "TD", "KC"]
    reply = client.post(ANALYZE, json={"hand": hand, "all_arrangements": True}).get_json()
    assert {a["discard"] for a in reply["arrangements"]} == {"KC"}
    assert all(a["deadwood_count"] == 0 for a in reply["arrangements"])


def test_analyze_accepts_every_notation_and_answers_canonically(client):
    # lowercase, 10 for T, suit symbols (also in emoji form, with U+FE0F).
    hand = ["as", "2\u2660", "3\u2660\ufe0f", "10h", "jH", "QH", "kh", "9d", "9\u2665", "9\u2663"]
    reply = client.post(ANALYZE, json={"hand": hand}).get_json()
    assert reply["hand"] == ["AS", "2S", "3S", "9H", "TH", "JH", "QH", "KH", "9D", "9C"]
    assert reply["deadwood_count"] == 0
    assert reply["melds"] == [
        {"kind": "run", "cards": ["AS", "2S", "3S"]},
        {"kind": "set", "cards": ["9H", "9D", "9C"]},
        {"kind": "run", "cards": ["TH", "JH", "QH", "KH"]},
    ]


def test_analyze_matches_the_library(client):
    for rules in ("standard", "modern", {"knock_limit": 0}):
        reply = client.post(ANALYZE, json={"hand": ELEVEN, "rules": rules}).get_json()
        result = analyze(ELEVEN, rules)
        assert reply["deadwood_count"] == result.deadwood_count
        assert reply["best_discards"] == hand_names(result.best_discards)
        assert reply["can_knock"] == result.can_knock
        assert reply["melds"] == [{"kind": m.kind, "cards": m.names()} for m in result.melds]


def test_oklahoma_takes_the_knock_limit_from_the_upcard(client):
    hand = TEN
    reply = client.post(ANALYZE, json={"hand": hand, "rules": "oklahoma", "upcard": "5H"})
    assert reply.get_json()["knock_limit"] == 5
    ace = client.post(ANALYZE, json={"hand": hand, "rules": "oklahoma", "upcard": "AH"})
    assert ace.get_json()["knock_limit"] == 0
    one = client.post(ANALYZE, json={"hand": hand, "upcard": "AH",
                                     "rules": {"preset": "oklahoma", "oklahoma_ace": "one"}})
    assert one.get_json()["knock_limit"] == 1
    missing = client.post(ANALYZE, json={"hand": hand, "rules": "oklahoma"})
    assert missing.status_code == 422
    assert error_codes(missing) == [("/upcard", "upcard_required")]


def test_batch_keeps_good_results_beside_bad_hands(client):
    reply = client.post(BATCH, json={"hands": [TEN, ["AS", "AS"], "AS 2S", ELEVEN, [5]]})
    body = reply.get_json()
    assert reply.status_code == 200
    assert (body["ok_count"], body["error_count"]) == (2, 3)
    assert [r["ok"] for r in body["results"]] == [True, False, False, True, False]
    assert body["results"][0]["analysis"]["deadwood_count"] == 24
    assert body["results"][3]["analysis"]["deadwood_count"] == 14
    assert body["results"][1]["problem"]["errors"][0]["pointer"] == "/hands/1/1"
    assert body["results"][1]["problem"]["code"] == "duplicate_card"
    assert body["results"][2]["problem"]["errors"][0]["pointer"] == "/hands/2"
    assert body["results"][4]["problem"]["errors"][0] == {
        "pointer": "/hands/4/0", "code": "invalid_card", "rule": "R-1.4",
        "rule_url": "/rules#R-1.4", "detail": "expected a card code string, got a number"}
    assert "rules" not in body["results"][0]["analysis"] and body["rules"]["preset"] == "standard"


def test_batch_of_a_thousand_hands_is_answered_in_order(client):
    hands = [[f"{r}S" for r in "A23456789TJ"][: 1 + i % 11] for i in range(1000)]
    body = client.post(BATCH, json={"hands": hands}).get_json()
    assert [r["index"] for r in body["results"]] == list(range(1000))
    counts = [r["analysis"]["card_count"] for r in body["results"]]
    assert counts == [1 + i % 11 for i in range(1000)]


def test_batch_over_the_limit_is_refused(client):
    reply = client.post(BATCH, json={"hands": [["AS"]] * 1001})
    assert reply.status_code == 400 and reply.get_json()["code"] == "too_many_hands"


def test_batch_bad_rules_fail_the_whole_request(client):
    reply = client.post(BATCH, json={"hands": [TEN], "rules": "nope"})
    assert reply.status_code == 422
    assert error_codes(reply) == [("/rules", "unknown_preset")]


# Errors --------------------------------------------------------------------------------------


def test_r1_4_bad_tokens_and_r1_5_duplicates_are_named_with_their_position(client):
    reply = client.post(ANALYZE, json={"hand": ["AS", "1S", "as", "KX", "10h"]})
    assert reply.status_code == 422
    assert error_codes(reply) == [("/hand/1", "invalid_card"), ("/hand/2", "duplicate_card"),
                                  ("/hand/3", "invalid_card")]
    details = [e["detail"] for e in reply.get_json()["errors"]]
    assert "'1S'" in details[0] and "position 0" in details[1] and "'KX'" in details[2]


def test_wrong_hand_size_is_422(client):
    reply = client.post(ANALYZE, json={"hand": [f"{r}S" for r in "A23456789TJQ"]})
    assert reply.status_code == 422
    assert error_codes(reply) == [("/hand", "invalid_hand_size")]


@pytest.mark.parametrize(
    "rules, expected",
    [
        ("nope", [("/rules", "unknown_preset")]),
        ({"preset": "nope"}, [("/rules/preset", "unknown_preset")]),
        ({"knock_limit": 101}, [("/rules/knock_limit", "invalid_option_value")]),
        ({"knock_limit": -1}, [("/rules/knock_limit", "invalid_option_value")]),
        ({"knock_limit": True}, [("/rules/knock_limit", "invalid_option_value")]),
        ({"knock_limit": 5.5}, [("/rules/knock_limit", "invalid_option_value")]),
        ({"big_gin_bonus": -3}, [("/rules/big_gin_bonus", "invalid_option_value")]),
        ({"game_target": 0}, [("/rules/game_target", "invalid_option_value")]),
        ({"shutout": "triple"}, [("/rules/shutout", "invalid_option_value")]),
        ({"gin": 20}, [("/rules/gin", "unknown_option")]),
        ({"preset": "nope", "foo": 1},
         [("/rules/preset", "unknown_preset"), ("/rules/foo", "unknown_option")]),
    ],
)
def test_r10_bad_rules_are_422_naming_the_option(client, rules, expected):
    reply = client.post(ANALYZE, json={"hand": TEN, "rules": rules})
    assert reply.status_code == 422
    assert error_codes(reply) == expected


@pytest.mark.parametrize(
    "body, expected",
    [
        ({}, [("/hand", "required")]),
        ({"hand": "AS 2S"}, [("/hand", "wrong_type")]),
        ({"hand": [1]}, [("/hand/0", "wrong_type")]),
        ({"hand": None}, [("/hand", "null_not_allowed")]),
        ({"hand": [], "rules": 7}, [("/rules", "invalid_value")]),
        ({"hand": [], "rules": ["standard"]}, [("/rules", "invalid_value")]),
        ({"hand": [], "all_arrangements": "yes"}, [("/all_arrangements", "wrong_type")]),
        ({"hand": [], "all_arrangements": 1}, [("/all_arrangements", "wrong_type")]),
        ({"hand": [], "colour": "red"}, [("/colour", "unknown_field")]),
        ([], [("", "wrong_type")]),
    ],
)
def test_wrong_shapes_are_400_naming_the_field(client, body, expected):
    reply = client.post(ANALYZE, json=body)
    assert reply.status_code == 400
    assert reply.get_json()["code"] == "invalid_request"
    assert error_codes(reply) == expected


@pytest.mark.parametrize("path, body, pointer", [
    (ANALYZE, {"hand": ["AS", 7]}, "/hand/1"),
    (ANALYZE, {"hand": [None]}, "/hand/0"),
    (ANALYZE, {"hand": "AS 2S"}, "/hand"),
    ("/v1/knock", {"hand": ["AS", {}], "melds": [], "discard": "AS"}, "/hand/1"),
])
def test_r1_4_a_card_that_is_no_string_names_the_notation_rule(client, path, body, pointer):
    reply = client.post(path, json=body)
    assert reply.status_code == 400
    error = next(e for e in reply.get_json()["errors"] if e["pointer"] == pointer)
    assert error["code"] == "wrong_type" and error["rule"] == "R-1.4"
    assert error["rule_url"].endswith("#R-1.4")
    assert '"TS"' in error["detail"] or '"AS"' in error["detail"]  # shows what a card looks like


@pytest.mark.parametrize(
    "data, code",
    [
        (b'{"hand": [', "malformed_json"),
        (b"", "malformed_json"),
        (b'{"hand": ["A\xff"]}', "malformed_json"),
        (b'{"hand": [NaN]}', "malformed_json"),
        (b"[" * 5000 + b"]" * 5000, "malformed_json"),
        (b'{"hand": [], "hand": ["AS"]}', "duplicate_key"),
        (b'{"hand": [], "n": ' + b"9" * 5000 + b"}", "malformed_json"),
        (b"\xef\xbb\xbf{}", "malformed_json"),
    ],
)
def test_malformed_bodies_are_400(client, data, code):
    reply = client.post(ANALYZE, data=data, content_type="application/json")
    assert reply.status_code == 400
    assert reply.get_json()["code"] == code


def test_other_content_types_are_415(client):
    reply = client.post(ANALYZE, data="hand=AS", content_type="application/x-www-form-urlencoded")
    assert reply.status_code == 415 and reply.get_json()["code"] == "unsupported_media_type"
    assert client.post(ANALYZE, data=json.dumps({"hand": TEN})).status_code == 415


def test_json_with_charset_and_problem_json_media_types_are_accepted(client):
    reply = client.post(ANALYZE, data=json.dumps({"hand": TEN}),
                        content_type="application/json; charset=utf-8")
    assert reply.status_code == 200


def test_bodies_over_the_limit_are_413(client):
    reply = client.post(ANALYZE, data=b" " * (1 << 20 + 1), content_type="application/json")
    assert reply.status_code == 413 and reply.get_json()["code"] == "payload_too_large"


def test_unknown_path_is_404_problem(client):
    reply = client.get("/v1/nothing")
    assert reply.status_code == 404 and reply.get_json()["code"] == "not_found"


def test_wrong_method_is_405_with_allow(client):
    reply = client.get(ANALYZE)
    assert reply.status_code == 405 and "POST" in reply.headers["Allow"]
    assert reply.get_json()["code"] == "method_not_allowed"
    assert client.delete("/healthz").status_code == 405


# Service endpoints ---------------------------------------------------------------------------


def test_healthz_reports_the_solver_cache(client):
    client.post(ANALYZE, json={"hand": ELEVEN})
    client.post(ANALYZE, json={"hand": list(reversed(ELEVEN))})
    body = client.get("/healthz").get_json()
    assert body["status"] == "ok"
    assert body["solver_cache"]["hits"] >= 1 and body["solver_cache"]["size"] >= 1


def test_healthz_says_whether_the_solver_runs_compiled(client):
    from ginrules.rules import speedups

    assert client.get("/healthz").get_json()["solver_compiled"] is speedups.ACTIVE


def test_openapi_yaml_is_served(client):
    reply = client.get("/openapi.yaml")
    assert reply.status_code == 200 and reply.mimetype == "application/yaml"
    assert b"openapi: 3.1.0" in reply.data


def test_docs_are_served_with_bundled_assets(client):
    page = client.get("/docs/")
    assert page.status_code == 200 and b"swagger-ui-bundle.js" in page.data
    assert b"/openapi.yaml" in page.data
    # Scripts and styles come from this server (the package's bundled assets), not a CDN.
    assets = re.findall(rb'(?:src|href)="([^"]+)"', page.data)
    assert assets and all(a.startswith(b"/docs/") for a in assets), assets
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui-standalone-preset.js"):
        assert client.get(f"/docs/{asset}").status_code == 200
    assert client.get("/docs").status_code == 308


# The contract's own examples are true -------------------------------------------------------


def _examples():
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            request_examples = (
                operation.get("requestBody", {}).get("content", {}).get("application/json", {})
                .get("examples", {})
            )
            reply_examples = (
                operation["responses"].get("200", {}).get("content", {})
                .get("application/json", {}).get("examples", {})
            )
            # A path parameter takes the example its parameter documents.
            url = path
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and "example" in parameter:
                    url = url.replace("{" + parameter["name"] + "}", str(parameter["example"]))
            for name, example in request_examples.items():
                yield pytest.param(url, method, example["value"],
                                   reply_examples.get(name, {}).get("value"), id=f"{path}:{name}")


@pytest.mark.parametrize("path, method, body, expected", list(_examples()))
def test_every_request_example_gets_its_documented_reply(client, path, method, body, expected):
    reply = client.open(path, method=method.upper(), json=body)
    assert reply.status_code == 200
    if expected is not None:
        assert reply.get_json() == expected


def test_every_reply_so_far_was_checked_against_the_contract():
    assert len(VALIDATED) > 20
