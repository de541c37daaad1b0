"""``POST /v1/games/replay`` over HTTP (every reply checked against openapi.yaml)."""

from __future__ import annotations

from ginrules.rules.documents.gamelog import MAX_ACTIONS
from testkit import ROOT
from testkit.generator import random_game

REPLAY = "/v1/games/replay"


def test_a_whole_generated_game(client):
    log = random_game(9, "modern")
    body = client.post(REPLAY, json=log).get_json()
    assert body["valid"] and body["complete"] and body["winner"] in log["players"]
    assert len(body["rounds"]) == len(log["rounds"])
    assert "next" not in body and body["margin"] > 0


def test_a_violation_is_a_200_with_its_pointer(client):
    log = random_game(9, "standard")
    log["rounds"][0]["actions"][0]["player"] = "bob" if log["rounds"][0]["actions"][0][
        "player"] == "ann" else "ann"
    reply = client.post(REPLAY, json=log)
    body = reply.get_json()
    assert reply.status_code == 200 and body["valid"] is False
    assert body["violations"][0]["pointer"] == "/rounds/0/actions/0"
    assert body["violations"][0]["code"] == "not_your_turn"


def test_in_progress_with_a_view(client):
    log = random_game(9, "standard")
    log["rounds"] = log["rounds"][:1]
    log["rounds"][0]["actions"] = log["rounds"][0]["actions"][:6]
    body = client.post(REPLAY, json={**log, "view": "ann"}).get_json()
    assert body["next"]["phase"] in ("draw", "discard", "first_turn")
    assert list(body["next"]["hands"]) == ["ann"]


def test_unknown_view_player_is_422(client):
    log = random_game(9, "standard")
    reply = client.post(REPLAY, json={**log, "view": "zed"})
    assert reply.status_code == 422 and reply.get_json()["code"] == "unknown_player"


def test_malformed_logs(client):
    log = random_game(9, "standard")
    bad_card = {**log, "rounds": [{**log["rounds"][0], "upcard": "ZZ"}]}
    reply = client.post(REPLAY, json=bad_card)
    assert reply.status_code == 422
    assert reply.get_json()["errors"][0]["pointer"] == "/rounds/0/upcard"
    wrong_type = {**log, "rounds": [{**log["rounds"][0], "actions": "none"}]}
    assert client.post(REPLAY, json=wrong_type).status_code == 400
    assert client.post(REPLAY, json={"rules": "standard", "players": ["a", "b"]}).status_code == 400
    assert client.post(REPLAY, json={**log, "rules": "box"}).status_code == 422  # 2 players


def test_too_many_actions_is_413(client):
    log = random_game(9, "standard")
    actions = log["rounds"][0]["actions"]
    log["rounds"][0]["actions"] = (actions * (MAX_ACTIONS // len(actions) + 1))[:MAX_ACTIONS + 1]
    reply = client.post(REPLAY, json=log)
    assert reply.status_code == 413 and reply.get_json()["code"] == "log_too_large"


def test_the_readme_example_logs_replay_as_described(client):
    """examples/: a whole game, a game in progress, a knock awaiting the lay_down, and an
    OpenSpiel hand to import."""
    import json

    folder = ROOT / "examples"

    def replayed(name):
        log = json.loads((folder / name).read_text(encoding="utf-8"))
        return client.post("/v1/games/replay", json=log).get_json()

    whole = replayed("game.json")
    assert whole["valid"] and whole["complete"] and "next" not in whole
    going = replayed("game-in-progress.json")
    assert going["valid"] and not going["complete"] and going["next"]["phase"] == "draw"
    waiting = replayed("game-awaiting-lay-down.json")
    assert waiting["next"]["phase"] == "lay_down" and waiting["rounds"][-1]["provisional"]
    body = json.loads((folder / "openspiel-game.json").read_text(encoding="utf-8"))
    log = client.post("/v1/games/import", json=body).get_json()
    imported = client.post("/v1/games/replay", json=log).get_json()
    assert imported["valid"] and imported["rounds"][0]["result"]["points"] == 45
