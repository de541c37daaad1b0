"""The HTTP layer's quick paths give exactly what the full paths give.

Request bodies that plainly pass their schema skip marshmallow (``schemas.load``); replies are
encoded by orjson (``checks.json_response``).  Each quick path must agree with the path it
stands in for: the same loaded values for a body marshmallow accepts, and never accepting a
body marshmallow refuses (that body then gets the full path's faults); the same reply bytes as
the standard library's compact encoding.
"""

from __future__ import annotations

import json

import pytest
from marshmallow import ValidationError

from ginrules.wire import schemas
from ginrules.api.responses import json_response
from ginrules.conformance import load_cases

SCHEMAS = {
    "/v1/hands/analyze": schemas.ANALYZE_REQUEST,
    "/v1/hands/analyze/batch": schemas.BATCH_REQUEST,
    "/v1/hands/melds": schemas.MELDS_REQUEST,
    "/v1/knock": schemas.KNOCK_REQUEST,
    "/v1/layoffs": schemas.LAYOFFS_REQUEST,
    "/v1/rounds/score": schemas.ROUND_SCORE_REQUEST,
}

CORPUS_BODIES = [
    (case.request["path"], case.request["body"])
    for case in load_cases()
    if case.request.get("path") in SCHEMAS and isinstance(case.request.get("body"), dict)
]

TEN = ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "KC"]
TRICKY_BODIES = [
    ("/v1/hands/analyze", {"hand": TEN}),
    ("/v1/hands/analyze", {"hand": TEN, "rules": None}),
    ("/v1/hands/analyze", {"hand": TEN, "upcard": None}),
    ("/v1/hands/analyze", {"hand": TEN, "all_arrangements": 1}),
    ("/v1/hands/analyze", {"hand": TEN, "all_arrangements": "true"}),
    ("/v1/hands/analyze", {"hand": TEN, "rules": 7}),
    ("/v1/hands/analyze", {"hand": TEN, "rules": {"preset": "oklahoma"}, "upcard": "7S"}),
    ("/v1/hands/analyze", {"hand": TEN + [3]}),
    ("/v1/hands/analyze", {"hand": "AS 2S 3S"}),
    ("/v1/hands/analyze", {"hand": TEN, "extra": 1}),
    ("/v1/hands/analyze", {"hand": ["AS"] * (schemas.MAX_ITEMS + 1)}),
    ("/v1/hands/analyze", {"rules": "standard"}),
    ("/v1/hands/analyze/batch", {"hands": [TEN, ["XX"], 5]}),
    ("/v1/hands/analyze/batch", {"hands": {"0": TEN}}),
    ("/v1/hands/melds", {"hand": TEN, "with": "AS"}),
    ("/v1/hands/melds", {"hand": TEN, "with": None}),
    ("/v1/hands/melds", {"hand": TEN, "with": ["AS"]}),
    ("/v1/hands/melds", {"hand": TEN, "with_card": "AS"}),
    ("/v1/hands/melds", {"with": "AS"}),
    ("/v1/knock", {"hand": TEN + ["QC"], "discard": None}),
    ("/v1/knock", {"hand": TEN + ["QC"], "discard": "QC", "melds": [["AS", "2S", "3S"]]}),
    ("/v1/knock", {"hand": TEN + ["QC"], "discard": "QC", "melds": [{"kind": "run"}]}),
    ("/v1/knock", {"hand": TEN + ["QC"]}),
    ("/v1/layoffs", {"knocker_melds": [["AS", "2S", "3S"]], "defender_hand": TEN, "gin": True}),
    ("/v1/rounds/score", {"knocker": {"hand": TEN}, "defender": {"hand": TEN}}),
    ("/v1/rounds/score", {"knocker": {"hand": TEN, "discard": None},
                          "defender": {"hand": TEN, "layoffs": [{"card": "4S", "meld": 0}]}}),
    ("/v1/rounds/score", {"knocker": {"hand": TEN}, "defender": {"hand": TEN,
                                                                 "layoffs": [{"card": "4S",
                                                                              "meld": -1}]}}),
    ("/v1/rounds/score", {"knocker": TEN, "defender": {"hand": TEN}}),
    ("/v1/rounds/score", {"knocker": {"hand": TEN, "extra": 1}, "defender": {"hand": TEN}}),
    ("/v1/rounds/score", {"knocker": {"hand": TEN}, "defender": None}),
]


def full_load(schema, body):
    """What marshmallow makes of a body, or None where it refuses it."""
    try:
        return schema.load(body)
    except ValidationError:
        return None


def test_the_corpus_has_request_bodies_for_every_schema():
    assert {path for path, _ in CORPUS_BODIES} == set(SCHEMAS)


@pytest.mark.parametrize("path, body", CORPUS_BODIES + TRICKY_BODIES)
def test_quick_load_agrees_with_marshmallow(path, body):
    schema = SCHEMAS[path]
    expected = full_load(schema, body)
    too_long = any(isinstance(v, list) and len(v) > schemas.MAX_ITEMS for v in body.values())
    if expected is None or too_long:
        with pytest.raises(schemas.ApiProblem) as refused:
            schemas.load(schema, body)
        assert refused.value.status == 400
    else:
        assert schemas.load(schema, body) == expected
    quick = schemas._quick_load(schemas._quick_fields(type(schema)), body)
    assert quick is None or quick == expected


def test_every_request_schema_has_a_quick_path():
    assert all(schemas._quick_fields(type(schema)) is not None for schema in SCHEMAS.values())


@pytest.mark.parametrize("path, body", [(p, b) for p, b in CORPUS_BODIES
                                        if p != "/v1/hands/analyze/batch"][::4])
def test_replies_are_the_standard_librarys_compact_json(client, path, body):
    reply = client.post(path, json=body)
    if reply.status_code == 200:
        data = reply.get_data()
        assert data == json.dumps(json.loads(data), ensure_ascii=False,
                                  separators=(",", ":")).encode()


def test_a_reply_orjson_refuses_is_encoded_by_the_standard_library(app):
    body = {"points": 10**30, "by_round": {1: "a"}, "name": "\u2660\u00e9"}
    with app.test_request_context():
        data = json_response(body).get_data()
    assert data == json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


# Reading a request body: the quick reads agree with werkzeug's --------------------------------

CONTENT_LENGTHS = ["0", "12", "007", " 12", "12 ", "+12", "-1", "1_000", "1e3", "\u0661\u0662",
                   "", "abc", None]


@pytest.mark.parametrize("chunked", [False, True])
@pytest.mark.parametrize("declared", CONTENT_LENGTHS)
def test_the_declared_body_length_is_the_one_werkzeug_reads(declared, chunked):
    from werkzeug.wrappers import Request

    from ginrules.api.body import _content_length

    environ = {"REQUEST_METHOD": "POST", "wsgi.input": None}
    if declared is not None:
        environ["CONTENT_LENGTH"] = declared
    if chunked:
        environ["HTTP_TRANSFER_ENCODING"] = "chunked"
    assert _content_length(Request(environ)) == Request(environ).content_length


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8",
                                          "Application/JSON", "application/problem+json"])
def test_a_json_body_reads_the_same_whatever_json_content_type_names_it(client, content_type):
    body = json.dumps({"hand": TEN}).encode()
    plain = client.post("/v1/hands/analyze", data=body, content_type="application/json")
    named = client.post("/v1/hands/analyze", data=body, content_type=content_type)
    assert named.status_code == plain.status_code == 200
    assert named.get_json() == plain.get_json()


def test_a_content_type_that_only_starts_like_json_is_refused(client):
    reply = client.post("/v1/hands/analyze", data=json.dumps({"hand": TEN}),
                        content_type="application/jsonx")
    assert reply.status_code == 415 and reply.get_json()["code"] == "unsupported_media_type"


# A batch reply is built of parts encoded as each hand is answered --------------------------------

ELEVEN = TEN + ["QC"]


@pytest.mark.parametrize("options", [{}, {"all_arrangements": True},
                                     {"rules": {"preset": "oklahoma"}, "upcard": "7S"},
                                     {"rules": {"preset": "standard", "round_the_corner": True}}])
def test_a_batch_reply_is_the_standard_librarys_compact_json_of_its_single_replies(client,
                                                                                   options):
    hands = [TEN, ELEVEN, ["XX", "AS"], ["QS", "KS", "AS", "2S", "3H", "3D", "3C", "9H", "9D",
                                         "9C", "5S"]]
    reply = client.post("/v1/hands/analyze/batch", json={"hands": hands, **options})
    assert reply.status_code == 200
    data = reply.get_data()
    body = json.loads(data)
    assert data == json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    for index, hand in enumerate(hands):
        single = client.post("/v1/hands/analyze", json={"hand": hand, **options})
        result = body["results"][index]
        if single.status_code == 200:
            alone = single.get_json()
            assert result["ok"] and alone.pop("rules") == body["rules"]
            assert result["analysis"] == alone
        else:
            assert not result["ok"] and result["problem"]["code"] == single.get_json()["code"]


def test_an_encoded_part_that_orjson_refuses_is_encoded_by_the_standard_library(app):
    from ginrules.wire.jsontext import encoded

    part = {"points": 10**30, "name": "\u2660"}
    with app.test_request_context():
        data = json_response({"parts": [encoded(part), encoded([1, None])]}).get_data()
    assert json.loads(data) == {"parts": [part, [1, None]]}
