"""``/v1/bots`` and ``/v1/hints`` over HTTP: legal actions in the log format, the player's view
only (the view-swap property on logs), problems for a log that is not in progress or a player
who is not to move, and the contract's examples."""

from __future__ import annotations

import copy
import random

import pytest

from testkit import ROOT
from testkit.generator import random_game

from . import rewrite
from .test_views import in_play, nobody_has_seen, seen_by, swap

PRESETS = ["standard", "oklahoma", "openspiel", "modern", "straight", "hollywood",
           "cutthroat", "partnership"]


def logs_in_progress(count: int, seed: int = 11):
    """Random logs cut at a random action of their last round, with the player to move."""
    rng = random.Random(seed)
    found = []
    game = 0
    while len(found) < count:
        game += 1
        preset = PRESETS[game % len(PRESETS)]
        log = random_game(seed * 1000 + game, preset, max_rounds=rng.randint(1, 3))
        tables = log["rounds"][-1]["tables"] if "tables" in log["rounds"][-1] else [
            log["rounds"][-1]]
        for table in tables:
            table["actions"] = table["actions"][: rng.randrange(len(table["actions"]) + 1)]
        found.append(log)
    return found


def player_to_move(client, log) -> tuple[str, str] | None:
    """The player to move in a log in progress and the phase, if a deal is live."""
    reply = client.post("/v1/games/replay", json=log).get_json()
    move = reply.get("next")
    if not reply["valid"] or move is None:
        return None
    if "tables" in move:
        move = move["tables"][0]
    if move["phase"] == "deal":
        return None
    return move["player"], move["phase"]


LOGS = logs_in_progress(60)


@pytest.mark.parametrize("bot", ["random", "simple", "advisor"])
def test_a_bot_move_appended_to_the_log_keeps_it_valid(client, bot):
    played = 0
    for index, log in enumerate(LOGS):
        found = player_to_move(client, log)
        if found is None:
            continue
        player, phase = found
        reply = client.post(f"/v1/bots/{bot}/move", json={"log": log, "player": player,
                                                          "seed": index})
        assert reply.status_code == 200, reply.get_json()
        action = reply.get_json()["action"]
        assert action["player"] == player
        longer = copy.deepcopy(log)
        round_entry = longer["rounds"][-1]
        tables = round_entry["tables"] if "tables" in round_entry else [round_entry]
        table = next(t for t in tables if player in t["hands"])
        if action.get("source") == "stock" and "stock" not in table:
            # Without a stock in the log the client names the card it drew.
            action = {**action, "card": sorted(nobody_has_seen(table))[0]}
        table["actions"].append(action)
        replayed = client.post("/v1/games/replay", json=longer).get_json()
        assert replayed["valid"], (index, phase, action, replayed["violations"])
        played += 1
    assert played >= 30


def test_a_hint_lists_each_legal_action_once_in_the_log_format(client):
    checked = 0
    for index, log in enumerate(LOGS[:25]):
        found = player_to_move(client, log)
        if found is None or found[1] == "lay_down":
            continue
        player, _ = found
        hint = client.post("/v1/hints", json={"log": log, "player": player, "seed": index,
                                              "budget_ms": 5}).get_json()
        assert hint["player"] == player and hint["playouts"] == 30  # 6 a millisecond
        ranks = [o["rank"] for o in hint["options"]]
        assert ranks == list(range(1, len(ranks) + 1))
        actions = [(o["action"]["action"], o["action"].get("source"), o["action"].get("card"),
                    o["action"].get("discard")) for o in hint["options"]]
        assert len(set(actions)) == len(actions)
        checked += 1
    assert checked >= 10


def test_no_bot_move_and_no_hint_changes_when_a_card_the_player_cannot_see_changes(client):
    rng = random.Random(3)
    compared = 0
    for index, log in enumerate(LOGS):
        found = player_to_move(client, log)
        if found is None:
            continue
        player, phase = found
        changed = copy.deepcopy(log)
        entry = changed["rounds"][-1]
        tables = entry["tables"] if "tables" in entry else [entry]
        table = next(t for t in tables if player in t["hands"])
        settled = phase != "lay_down"
        hidden = in_play(table) - seen_by(player, table, settled)
        unseen = nobody_has_seen(table)
        mine = {rewrite.code(c) for c in table["hands"][player]}
        candidates = sorted((hidden - mine) & (in_play(table) | unseen))
        if not candidates or len(unseen) < 2:
            continue
        x = rng.choice(candidates)
        ys = sorted(unseen - {x})
        swap(table, x, rng.choice(ys))
        assert client.post("/v1/games/replay", json=changed).get_json()["valid"]
        for path, extra in (("/v1/bots/simple/move", {}), ("/v1/bots/random/move", {}),
                            ("/v1/bots/advisor/move", {}),
                            ("/v1/bots/advisor/move", {"level": 1 + index % 4}),
                            ("/v1/hints", {"budget_ms": 4})):
            body = {"player": player, "seed": index, **extra}
            before = client.post(path, json={"log": log, **body})
            after = client.post(path, json={"log": changed, **body})
            assert before.status_code == after.status_code == 200
            assert before.data == after.data, (index, path, x)
        compared += 1
    assert compared >= 20


def test_a_player_who_is_not_to_move_gets_a_422_saying_whose_turn_it_is(client):
    log = next(log for log in LOGS if log["players"] == ["ann", "bob"]
               and (player_to_move(client, log) or ("", "deal"))[1] in ("draw", "discard"))
    player, _ = player_to_move(client, log)
    other = "bob" if player == "ann" else "ann"
    for path in ("/v1/bots/simple/move", "/v1/hints"):
        reply = client.post(path, json={"log": log, "player": other})
        assert reply.status_code == 422
        problem = reply.get_json()
        assert problem["code"] == "not_your_turn"
        assert f"it is {player}'s turn" in problem["detail"]
        assert problem["errors"][0]["pointer"] == "/player"
        assert problem["errors"][0]["rule"] == "R-4.4"


def test_a_log_that_breaks_a_rule_or_is_over_gets_a_422_pointing_into_the_log(client):
    log = copy.deepcopy(LOGS[0])
    table = log["rounds"][0] if "tables" not in log["rounds"][0] else log["rounds"][0]["tables"][0]
    table["actions"].insert(0, {"player": table["dealer"], "action": "discard",
                                "card": table["hands"][table["dealer"]][0]})
    reply = client.post("/v1/hints", json={"log": log, "player": log["players"][0]})
    assert reply.status_code == 422
    assert reply.get_json()["errors"][0]["pointer"].startswith("/log/rounds/0")
    finished = random_game(5, "standard")
    reply = client.post("/v1/bots/simple/move", json={"log": finished, "player": "ann"})
    assert reply.status_code == 422 and reply.get_json()["code"] == "game_over"
    reply = client.post("/v1/bots/simple/move", json={"log": LOGS[0], "player": "zed"})
    assert reply.status_code == 422 and reply.get_json()["errors"][0]["pointer"] == "/player"


def test_bad_requests_are_problems_naming_the_field(client):
    log = LOGS[0]
    reply = client.post("/v1/bots/nobody/move", json={"log": log, "player": "ann"})
    assert reply.status_code == 404 and reply.get_json()["code"] == "unknown_bot"
    reply = client.post("/v1/hints", json={"log": log, "player": "ann", "budget_ms": 0})
    assert reply.status_code == 400
    assert reply.get_json()["errors"][0]["pointer"] == "/budget_ms"
    reply = client.post("/v1/hints", json={"log": log, "player": "ann", "seed": "7"})
    assert reply.status_code == 400 and reply.get_json()["errors"][0]["pointer"] == "/seed"
    reply = client.post("/v1/bots/simple/move", json={"player": "ann"})
    assert reply.status_code == 400 and reply.get_json()["errors"][0]["pointer"] == "/log"


def test_the_bots_are_listed_with_what_each_does(client):
    bots = client.get("/v1/bots").get_json()["bots"]
    assert [b["name"] for b in bots] == ["random", "simple", "advisor"]
    assert all(len(b["description"]) > 20 for b in bots)


def test_the_advisors_levels_are_listed_with_strengths_measured_for_their_play(client):
    from ginrules.rules.players.bots import LEVELS

    bots = {b["name"]: b for b in client.get("/v1/bots").get_json()["bots"]}
    assert "levels" not in bots["simple"] and "levels" not in bots["random"]
    levels = bots["advisor"]["levels"]
    assert [(lv["level"], lv["stray"], lv["budget_ms"]) for lv in levels] == [
        (n, LEVELS[n].stray, LEVELS[n].budget_ms) for n in sorted(LEVELS)]
    # Every level is measured for the play it has now (a receipt of other play is left out),
    # under the EAAI rules, and the levels are monotone: each wins more often against
    # simple than the one below, and beats the one below (random below level 1), the 95%
    # intervals' lower ends above one half.
    for level in levels:
        against, below = level["against_simple"], level["against_level_below"]
        assert against is not None and below is not None, level["level"]
        assert against["rules"] == below["rules"] == "eaai"
        assert against["opponent"] == "simple" and below["low"] > 0.5
        assert below["opponent"] == ("random" if level["level"] == 1
                                     else f"advisor:level{level['level'] - 1}")
        assert against["low"] <= against["win_share"] <= against["high"]
    shares = [level["against_simple"]["win_share"] for level in levels]
    assert shares == sorted(shares) and len(set(shares)) == len(shares)


def test_a_levels_strength_is_left_out_when_its_receipt_names_other_playouts(client,
                                                                             monkeypatch):
    from ginrules.rules.players import hints
    from ginrules.wire import strength

    # The same budget buying other playouts is other play: the receipts of level 5 (the only
    # level with playouts) no longer name it, those of the levels below still do.
    monkeypatch.setattr(hints, "PLAYOUTS_PER_SECOND", hints.PLAYOUTS_PER_SECOND + 500)
    strength.dump_levels.cache_clear()  # read once per process: read again with this rate
    try:
        bots = {b["name"]: b for b in client.get("/v1/bots").get_json()["bots"]}
    finally:
        strength.dump_levels.cache_clear()
    for level in bots["advisor"]["levels"]:
        measured = (level["against_simple"], level["against_level_below"])
        if level["budget_ms"]:
            assert measured == (None, None), level["level"]
        else:
            assert None not in measured, level["level"]


def test_a_levels_strength_is_left_out_when_its_receipt_names_other_settings_or_none(client,
                                                                                   monkeypatch):
    import json

    from ginrules.rules.players.arena import advisor_settings
    from ginrules.wire import strength

    def levels_with(settings):
        """The levels as listed when every receipt's advisors record ``settings``."""
        def text(name):
            receipt = json.loads(read(name))
            for player in receipt["players"]:
                if player.get("level") is not None:
                    player.pop("settings", None)
                    if settings is not None:
                        player["settings"] = settings
            return json.dumps(receipt)

        read = strength.text
        monkeypatch.setattr(strength, "text", text)
        strength.dump_levels.cache_clear()
        try:
            return client.get("/v1/bots").get_json()["bots"][2]["levels"]
        finally:
            monkeypatch.setattr(strength, "text", read)
            strength.dump_levels.cache_clear()

    same = levels_with(advisor_settings())
    assert all(None not in (lv["against_simple"], lv["against_level_below"]) for lv in same)
    other = dict(advisor_settings(), **{"knowledge.TAKEN_KEEP": 0.37})
    assert all((lv["against_simple"], lv["against_level_below"]) == (None, None)
               for lv in levels_with(other))
    # A receipt of before the arena recorded the settings names no play for certain.
    assert all((lv["against_simple"], lv["against_level_below"]) == (None, None)
               for lv in levels_with(None))


def test_a_bot_move_at_a_level_is_the_levels_move_and_only_the_advisor_takes_one(client):
    from ginrules.rules.players.bots import LEVELS, advisor_move
    from ginrules.rules.usecases.progress import GameInProgress
    from ginrules.wire.replies import dump_move

    compared = 0
    for index, log in enumerate(LOGS):
        found = player_to_move(client, log)
        if found is None or log["rules"] in ("hollywood", "cutthroat", "partnership"):
            continue
        player, _ = found
        level = sorted(LEVELS)[index % (len(LEVELS) - 1)]  # those without playouts: quick
        reply = client.post("/v1/bots/advisor/move", json={"log": log, "player": player,
                                                           "seed": index, "level": level})
        assert reply.status_code == 200, reply.get_json()
        game = GameInProgress.from_log(log)
        view = game.view(player)
        expected = advisor_move(view, index, level=level, standing=game.standing(player))
        assert reply.get_json()["action"] == dump_move(expected)
        compared += 1
        if compared == 12:
            break
    assert compared == 12
    log = LOGS[0]
    player = player_to_move(client, log)[0]
    reply = client.post("/v1/bots/simple/move", json={"log": log, "player": player, "level": 2})
    assert reply.status_code == 422
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [
        ("/level", "level_not_offered")]
    for level in (0, 6, "3", None, 2.5):
        reply = client.post("/v1/bots/advisor/move",
                            json={"log": log, "player": player, "level": level})
        assert reply.status_code == 400, level
        assert reply.get_json()["errors"][0]["pointer"] == "/level"


def test_a_hint_is_the_same_for_the_same_request(client):
    log = LOGS[1]
    found = player_to_move(client, log)
    body = {"log": log, "player": found[0], "seed": 9, "budget_ms": 10}
    assert client.post("/v1/hints", json=body).data == client.post("/v1/hints", json=body).data


def test_r8_1_a_hint_over_http_sees_the_score_of_the_game_as_self_play_does(client, monkeypatch):
    # The standing the hint weighs its knocks against is the game's running totals,
    # read by the same use case self-play plays through, not a game just begun.
    import importlib

    from ginrules.rules.match.standings import Standing
    from ginrules.rules.usecases.progress import GameInProgress

    endpoint = importlib.import_module("ginrules.api.bots")
    seen = []
    real_advise = endpoint.advise

    def advise(view, **options):
        seen.append(options["standing"])
        return real_advise(view, **options)

    monkeypatch.setattr(endpoint, "advise", advise)
    checked = 0
    for seed in range(200):
        log = random_game(seed, "standard", max_rounds=4)
        last = log["rounds"][-1]
        last["actions"] = last["actions"][:3]
        reply = client.post("/v1/games/replay", json=log).get_json()
        totals = reply.get("totals")
        found = player_to_move(client, log)
        if not totals or not any(totals.values()) or found is None:
            continue
        player = found[0]
        opponent = next(p for p in log["players"] if p != player)
        response = client.post("/v1/hints", json={"log": log, "player": player, "seed": 1,
                                                  "budget_ms": 1})
        assert response.status_code == 200
        expected = Standing(totals[player], totals[opponent], 100)
        assert seen[-1] == expected
        assert GameInProgress.from_log(log).standing(player) == expected
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_a_hint_names_the_opponent_model_its_numbers_assume(client):
    """Its win chances and expected points assume an opponent (hints.OPPONENT_MODEL): the reply
    says which, as the contract documents it."""
    import json

    from ginrules.rules.players.hints import OPPONENT_MODEL

    log = json.loads((ROOT / "examples"
                      / "game-in-progress.json").read_text())
    reply = client.post("/v1/hints", json={"log": log, "player": "bob", "budget_ms": 20})
    assert reply.status_code == 200 and reply.get_json()["opponent_model"] == OPPONENT_MODEL


def test_a_hint_takes_the_opponent_model_its_numbers_assume_and_refuses_an_unknown_one(client):
    """``opponent_model`` (OPPONENT_MODELS) changes what the numbers assume and the reply names
    it; an unknown one is a 400 naming the field."""
    import json

    log = json.loads((ROOT / "examples"
                      / "game-in-progress.json").read_text())
    # A budget whose playouts are enough for the first option to show numbers (MIN_SAMPLES).
    body = {"log": log, "player": "bob", "budget_ms": 60}
    greedy = client.post("/v1/hints", json=body).get_json()
    wild = client.post("/v1/hints", json={**body, "opponent_model": "random"}).get_json()
    assert wild["opponent_model"] == "random"
    assert wild["options"][0]["win_chance"] > greedy["options"][0]["win_chance"]
    refused = client.post("/v1/hints", json={**body, "opponent_model": "psychic"})
    assert refused.status_code == 400
    problem = refused.get_json()
    assert any(e["pointer"] == "/opponent_model" for e in problem["errors"]), problem
