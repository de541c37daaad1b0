"""``POST /v1/games/import``: OpenSpiel gin_rummy games imported over HTTP (the reading
itself is tested in tests/core/documents/test_import.py)."""

from __future__ import annotations

import pytest

from ginrules.rules.documents.openspiel import import_openspiel

from tests.core.documents.test_import import DRAW_STOCK, KNOCK_DEAL, KNOCK_GAME


def test_post_games_import_returns_the_log(client):
    reply = client.post("/v1/games/import", json={"format": "openspiel", "actions": KNOCK_GAME})
    assert reply.status_code == 200
    log = reply.get_json()
    assert log == import_openspiel(KNOCK_GAME)
    replayed = client.post("/v1/games/replay", json=log).get_json()
    assert replayed["rounds"][0]["result"]["points"] == 45


def test_post_games_import_refuses_an_illegal_action_with_a_422_naming_its_index(client):
    reply = client.post("/v1/games/import",
                        json={"format": "openspiel", "actions": KNOCK_DEAL + [DRAW_STOCK]})
    assert reply.status_code == 422
    problem = reply.get_json()
    assert problem["code"] == "illegal_action"
    assert problem["errors"][0]["pointer"] == "/actions/21"


@pytest.mark.parametrize("body, pointer", [
    ({"actions": []}, "/format"),
    ({"format": "pgn", "actions": []}, "/format"),
    ({"format": "openspiel"}, "/actions"),
    ({"format": "openspiel", "actions": [1, "2"]}, "/actions/1"),
    ({"format": "openspiel", "actions": [True]}, "/actions/0"),
    ({"format": "openspiel", "actions": [], "params": [1]}, "/params"),
    ({"format": "openspiel", "actions": [], "params": {"oklahoma": "yes"}}, "/params/oklahoma"),
    ({"format": "openspiel", "actions": [], "extra": 1}, "/extra"),
])
def test_post_games_import_refuses_a_body_of_the_wrong_shape_with_a_400(client, body, pointer):
    reply = client.post("/v1/games/import", json=body)
    assert reply.status_code == 400
    assert pointer in [e["pointer"] for e in reply.get_json()["errors"]]


def test_post_games_import_bounds_the_actions_before_reading_them(client):
    reply = client.post("/v1/games/import", json={"format": "openspiel", "actions": [0] * 2001})
    assert reply.status_code == 400 and reply.get_json()["code"] == "too_many_actions"


def test_post_games_import_refuses_an_unknown_parameter_with_a_422(client):
    reply = client.post("/v1/games/import", json={
        "format": "openspiel", "actions": [], "params": {"num_players": 2}})
    assert reply.status_code == 422
    assert reply.get_json()["errors"][0]["pointer"] == "/params/num_players"
