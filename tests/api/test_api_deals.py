"""``POST /v1/deals`` (R-3.1, ginrules-deal/1): rounds the service shuffles from a seed, over HTTP;
every reply is
checked against openapi.yaml by the test client."""

from __future__ import annotations

import pytest

from ginrules.rules.table.shuffle import MAX_SEED

from tests.dealing_play import HEADERS, dealt_game
from tests.core.table.test_deals import (BOX, EXAMPLE_DEALER, EXAMPLE_NON_DEALER, EXAMPLE_STOCK_TOP,
                         EXAMPLE_UPCARD, PARTNERSHIP, REQUEST, dump)

WORKED = {"rules": "standard", "players": ["ann", "bob"], "dealer": "ann", "seed": 42}


def post(client, body):
    return client.post("/v1/deals", json=body)


def test_r3_the_worked_example_over_http(client):
    reply = post(client, WORKED)
    assert reply.status_code == 200
    body = reply.get_json()
    assert (body["shuffle"], body["seed"], body["round"]) == ("ginrules-deal/1", 42, 0)
    deal = body["deal"]
    assert deal["dealer"] == "ann" and list(deal["hands"]) == ["bob", "ann"]
    assert " ".join(deal["hands"]["bob"]) == EXAMPLE_NON_DEALER
    assert " ".join(deal["hands"]["ann"]) == EXAMPLE_DEALER
    assert deal["upcard"] == EXAMPLE_UPCARD
    assert " ".join(deal["stock"][:3]) == EXAMPLE_STOCK_TOP and len(deal["stock"]) == 31
    assert deal["actions"] == []


def test_r3_the_same_seed_gives_the_same_deal_as_the_library(client):
    from ginrules.rules.usecases.deals import deal_document

    for body in (WORKED, {**WORKED, "round": 9}, {**BOX, "seed": 77},
                 {**PARTNERSHIP, "round": 3}, {**REQUEST, "rules": "cutthroat",
                                               "players": ["ann", "bob", "cy"]}):
        first, again = post(client, body).get_json(), post(client, body).get_json()
        assert first == again
        library = dump(deal_document(body))
        assert first["deal"] == library["deal"] and first["seed"] == library["seed"]


def test_r3_other_rounds_and_seeds_give_other_deals(client):
    deals = [post(client, {**WORKED, **change}).get_json()["deal"]
             for change in ({}, {"round": 1}, {"seed": 43}, {"seed": MAX_SEED})]
    hands = {tuple(d["hands"]["bob"]) for d in deals}
    assert len(hands) == 4


def test_r3_without_a_seed_the_service_draws_a_new_one_each_time(client):
    body = {key: value for key, value in WORKED.items() if key != "seed"}
    seeds = [post(client, body).get_json()["seed"] for _ in range(10)]
    assert len(set(seeds)) == 10 and all(0 <= s <= MAX_SEED for s in seeds)
    again = post(client, {**body, "seed": seeds[0]}).get_json()
    assert again["seed"] == seeds[0]


@pytest.mark.parametrize("preset", sorted(HEADERS))
def test_r3_rounds_dealt_over_http_append_to_a_log_that_replays_valid(client, preset):
    log = dealt_game(lambda body: post(client, body).get_json(), preset, seed=99, rounds=3)
    reply = client.post("/v1/games/replay", json=log).get_json()
    assert reply["valid"], reply["violations"]
    assert len(reply["rounds"]) == 3


@pytest.mark.parametrize("body, status, pointer, code, rule", [
    ({**WORKED, "dealer": None}, 422, "/dealer", "required_by_variant", "R-3.2"),
    ({**WORKED, "dealer": "zoe"}, 422, "/dealer", "not_a_player", "R-3.1"),
    ({**WORKED, "players": ["ann"]}, 422, "/players", "wrong_player_count", None),
    ({**WORKED, "rules": "rummy"}, 422, "/rules", "unknown_preset", "R-10"),
    ({**WORKED, "tables": [["ann", "bob"]]}, 422, "/tables", "not_for_this_variant", "R-9.4"),
    ({**BOX, "dealer": "ann"}, 422, "/dealer", "wrong_dealer", "R-9.2"),
    ({**BOX, "roles": None}, 422, "/roles", "invalid_roles", "R-9.2"),
    ({**PARTNERSHIP, "tables": None}, 422, "/tables", "required_by_variant", "R-9.4"),
    ({**PARTNERSHIP, "tables": [["ann", "cy"], ["bob", "dee"]]}, 422, "/tables",
     "wrong_pairing", "R-9.4"),
    ({**PARTNERSHIP, "dealer": "ann"}, 422, "/dealer", "not_for_this_variant", "R-9.4"),
    ({**WORKED, "seed": -1}, 400, "/seed", "invalid_value", "R-3.1"),
    ({**WORKED, "seed": MAX_SEED + 1}, 400, "/seed", "invalid_value", "R-3.1"),
    ({**WORKED, "seed": "42"}, 400, "/seed", "invalid_value", "R-3.1"),
    ({**WORKED, "seed": 4.5}, 400, "/seed", "invalid_value", "R-3.1"),
    ({**WORKED, "round": -2}, 400, "/round", "invalid_value", "R-3.1"),
    ({**WORKED, "players": None}, 400, "/players", "required", None),
    ({**WORKED, "rules": None}, 400, "/rules", "required", None),
    ({**WORKED, "shuffle": "mine"}, 400, "/shuffle", "unknown_field", None),
    ({**PARTNERSHIP, "tables": [["ann", 3]]}, 400, "/tables/0/1", "wrong_type", None),
])
def test_a_deal_request_that_cannot_be_dealt_is_a_problem_naming_its_field(
        client, body, status, pointer, code, rule):
    reply = post(client, {key: value for key, value in body.items() if value is not None})
    assert reply.status_code == status, reply.get_json()
    assert reply.mimetype == "application/problem+json"
    error = reply.get_json()["errors"][0]
    assert (error["pointer"], error["code"]) == (pointer, code), error
    assert error.get("rule") == rule
    if rule is not None:
        assert error["rule_url"] == f"/rules#{rule}"


def test_a_seed_given_as_true_is_refused(client):
    reply = post(client, {**WORKED, "seed": True})
    assert reply.status_code == 400
    assert reply.get_json()["errors"][0]["pointer"] == "/seed"
