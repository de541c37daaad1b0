"""Hostile input against the real server: each gets a 4xx problem quickly, and the worker lives.

Every request goes to the loopback server of the ``server`` fixture only.
"""

from __future__ import annotations

import json
import time

import pytest
import requests

from service.rules.simulate import random_game

ANALYZE = "/v1/hands/analyze"
LIMIT = 1 << 20


def _post(server: str, path: str, data: bytes, content_type: str = "application/json"):
    start = time.monotonic()
    reply = requests.post(server + path, data=data, headers={"Content-Type": content_type},
                          timeout=20)
    return reply, time.monotonic() - start


def _alive(server: str) -> None:
    assert requests.get(server + "/healthz", timeout=5).status_code == 200


def _padded(body: dict, size: int) -> bytes:
    raw = json.dumps(body).encode()
    return raw + b" " * (size - len(raw))


@pytest.mark.server
@pytest.mark.parametrize(
    "name, path, data, content_type, status",
    [
        ("body at the limit", ANALYZE, _padded({"hand": ["AS", "2S", "3S"]}, LIMIT),
         "application/json", 200),
        ("body over the limit", ANALYZE, _padded({"hand": ["AS"]}, LIMIT + 1),
         "application/json", 413),
        ("nesting 100,000 deep", ANALYZE, b"[" * 100_000 + b"]" * 100_000, "application/json",
         400),
        ("a 10,000-card hand", ANALYZE, json.dumps({"hand": ["AS"] * 10_000}).encode(),
         "application/json", 422),
        ("10,000 hands in a batch", ANALYZE + "/batch",
         json.dumps({"hands": [["AS"]] * 10_000}).encode(), "application/json", 400),
        ("a 600,000-character card", ANALYZE, json.dumps({"hand": ["A" * 600_000]}).encode(),
         "application/json", 422),
        ("50,000 unknown fields", ANALYZE,
         json.dumps({"hand": [], **{f"k{i}": 0 for i in range(50_000)}}).encode(),
         "application/json", 400),
        ("a form instead of JSON", ANALYZE, b"hand=AS", "application/x-www-form-urlencoded", 415),
        ("XML", ANALYZE, b"<hand>AS</hand>", "application/xml", 415),
        ("invalid UTF-8", ANALYZE, b'{"hand": ["A\xc3\x28"]}', "application/json", 400),
        ("a 5,000-digit number", ANALYZE, b'{"hand": [], "n": ' + b"9" * 5000 + b"}",
         "application/json", 400),
    ],
)
def test_hostile_bodies_get_a_problem_in_bounded_time(server, name, path, data, content_type,
                                                      status):
    reply, seconds = _post(server, path, data, content_type)
    assert reply.status_code == status, (name, reply.text[:200])
    if status >= 400:
        assert reply.headers["Content-Type"] == "application/problem+json"
        assert len(reply.json()["errors"]) <= 101
        assert len(reply.content) < 100_000
    assert seconds < 10, f"{name} took {seconds:.1f} s"
    _alive(server)


@pytest.mark.server
def test_a_long_game_log_at_the_limit_is_replayed_and_one_over_is_refused(server):
    log = random_game(1, "standard")
    table = log["rounds"][0]
    # Pad the first round to exactly 200 actions: the extra ones come after the round ended.
    extra = [{"player": "ann", "action": "pass"}] * (200 - len(table["actions"]))
    table["actions"] = table["actions"] + extra
    reply, seconds = _post(server, "/v1/games/replay", json.dumps(log).encode())
    assert reply.status_code == 200 and reply.json()["valid"] is False and seconds < 10
    table["actions"].append({"player": "ann", "action": "pass"})
    reply, _ = _post(server, "/v1/games/replay", json.dumps(log).encode())
    assert reply.status_code == 413
    _alive(server)
