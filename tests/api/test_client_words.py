"""The client's words stand: declared meld order, one shape per concept, private views, the
defender's move (R-6.1, R-6.4, R-9.1, docs/gamelog.md)."""

from __future__ import annotations

import copy
import re


REPLAY = "/v1/games/replay"

# Bob takes the upcard 5D and knocks with KD, declaring 8S 8H 8C first and 6S 6D 6C second;
# Ann holds 6H, which fits only the second meld as written.
KNOCK_MELDS = [["8S", "8H", "8C"], ["6S", "6D", "6C"], ["2C", "3C", "4C"]]


def the_log(target: int = 100) -> dict:
    return {
        "rules": {"preset": "standard", "game_target": target},
        "players": ["ann", "bob"],
        "rounds": [{
            "dealer": "ann",
            "hands": {"bob": "8S 8H 8C 6S 6D 6C 2C 3C 4C KD".split(),
                      "ann": "6H KS QS JS 9H 9D 9C TH JD QD".split()},
            "upcard": "5D",
            "actions": [
                {"player": "bob", "action": "draw", "source": "discard", "card": "5D"},
                {"player": "bob", "action": "knock", "discard": "KD", "melds": KNOCK_MELDS},
                {"player": "ann", "action": "lay_down",
                 "melds": [["JS", "QS", "KS"], ["9H", "9D", "9C"]],
                 "layoffs": [{"card": "6H", "meld": 1}]},
            ],
        }],
    }


def test_r6_1_a_layoff_names_the_meld_at_its_declared_position(client):
    body = client.post(REPLAY, json=the_log()).get_json()
    assert body["valid"], body["violations"]
    result = body["rounds"][0]["result"]
    # The reply echoes the declared melds in the declared order.
    assert [m["cards"] for m in result["knocker_melds"]] == KNOCK_MELDS
    assert result["layoffs"] == [{"card": "6H", "meld": 1}]
    assert (result["winner"], result["points"]) == ("bob", 30 - 5)


def test_r6_1_a_layoff_on_the_wrong_declared_meld_is_refused(client):
    log = the_log()
    log["rounds"][0]["actions"][2]["layoffs"] = [{"card": "6H", "meld": 0}]
    body = client.post(REPLAY, json=log).get_json()
    (violation,) = body["violations"]
    assert violation["code"] == "layoff_does_not_fit" and violation["rule"] == "R-6.2"
    assert violation["pointer"].startswith("/rounds/0/actions/2")
    assert "8S 8H 8C" in violation["detail"]


def test_r6_1_round_score_reads_layoffs_against_the_declared_melds(client):
    request = {
        "knocker": {"hand": "8S 8H 8C 6S 6D 6C 2C 3C 4C 5D".split(), "discard": "KD",
                    "melds": KNOCK_MELDS},
        "defender": {"hand": "6H KS QS JS 9H 9D 9C TH JD QD".split(),
                     "melds": [["JS", "QS", "KS"], ["9H", "9D", "9C"]],
                     "layoffs": [{"card": "6H", "meld": 1}]},
    }
    body = client.post("/v1/rounds/score", json=request).get_json()
    assert [m["cards"] for m in body["knocker"]["melds"]] == KNOCK_MELDS
    assert body["defender"]["layoffs"] == [{"card": "6H", "meld": 1}]
    assert body["points"] == 25 and body["warnings"] == []


def test_r6_1_the_layoffs_answer_is_accepted_by_round_score(client):
    advice = client.post("/v1/layoffs", json={
        "knocker_melds": KNOCK_MELDS,
        "defender_hand": "6H KS QS JS 9H 9D 9C TH JD QD".split()}).get_json()
    assert advice["layoffs"] == [{"card": "6H", "meld": 1}]
    body = client.post("/v1/rounds/score", json={
        "knocker": {"hand": "8S 8H 8C 6S 6D 6C 2C 3C 4C 5D".split(), "discard": "KD",
                    "melds": KNOCK_MELDS},
        "defender": {"hand": "6H KS QS JS 9H 9D 9C TH JD QD".split(),
                     "melds": advice["melds"], "layoffs": advice["layoffs"]}}).get_json()
    assert body["defender"]["deadwood_count"] == advice["deadwood_count"]


def test_r9_1_hollywood_round_totals_take_the_shape_of_the_final_totals(client):
    body = client.post("/v1/matches/score", json={
        "rules": "hollywood", "players": ["bob", "alexandra"],
        "rounds": [{"winner": w, "points": p} for w, p in
                   [("bob", 10), ("alexandra", 18), ("bob", 30), ("bob", 4)]]}).get_json()
    shapes = [entry["totals"] for entry in body["rounds"]] + [body["totals"]]
    for totals in shapes:
        assert [set(game) for game in totals["games"]] == [{"totals", "winner", "closed"}] * 3
    assert shapes[2]["games"][1]["totals"] == {"bob": 30, "alexandra": 0}


def awaiting(target: int = 100) -> dict:
    log = the_log(target)
    del log["rounds"][0]["actions"][2]  # the log ends at the knock
    return log


def test_r6_1_a_log_ending_at_a_knock_offers_the_defender_lay_down(client):
    body = client.post(REPLAY, json=awaiting()).get_json()
    assert body["valid"] and not body["complete"]
    move = body["next"]
    assert (move["phase"], move["player"]) == ("lay_down", "ann")
    (option,) = move["legal_actions"]
    assert option["action"] == "lay_down"
    assert [m["cards"] for m in option["knocker_melds"]] == KNOCK_MELDS
    assert option["layable"] == [{"card": "6H", "meld": 1}]
    # Meanwhile the round is scored with Ann's best reply, and says it is provisional.
    entry = body["rounds"][0]
    assert entry["provisional"] is True
    assert entry["result"]["layoffs"] == [{"card": "6H", "meld": 1}]
    assert body["totals"] == {"ann": 0, "bob": 25}


def test_r8_1_a_game_ending_knock_awaiting_lay_down_leaves_the_game_open(client):
    body = client.post(REPLAY, json=awaiting(target=20)).get_json()
    assert (body["complete"], body["winner"]) == (False, None)
    assert "bonuses" not in body and body["next"]["phase"] == "lay_down"
    done = client.post(REPLAY, json=the_log(target=20)).get_json()
    assert (done["complete"], done["winner"]) == (True, "bob") and "next" not in done


def test_a_log_going_on_past_the_knock_accepts_the_best_reply(client):
    log = awaiting()
    log["rounds"].append({"dealer": "bob", "hands": {"ann": [], "bob": []}, "upcard": "AS",
                          "actions": []})
    body = client.post(REPLAY, json=log).get_json()
    assert "provisional" not in body["rounds"][0]
    assert body["rounds"][0]["result"]["points"] == 25


def test_r6_3_gin_is_settled_at_once(client):
    log = awaiting()
    table = log["rounds"][0]
    table["hands"]["bob"] = "8S 8H 8C 6S 6D 6C 2C 3C 4C 5C".split()
    table["hands"]["ann"] = "6H KS QS JS 9H 9D 9C TH JD 5D".split()
    table["upcard"] = "KD"
    table["actions"] = [
        {"player": "bob", "action": "draw", "source": "discard", "card": "KD"},
        {"player": "bob", "action": "knock", "discard": "KD", "melds": [
            ["8S", "8H", "8C"], ["6S", "6D", "6C"], ["2C", "3C", "4C", "5C"]]}]
    log["rules"] = {"preset": "standard", "taken_card_discard": "allow"}
    body = client.post(REPLAY, json=log).get_json()
    assert body["valid"], body["violations"]
    assert body["rounds"][0]["result"]["outcome"] == "gin"
    assert "provisional" not in body["rounds"][0] and body["next"]["phase"] == "deal"


def test_view_another_players_options_have_their_public_shape(client):
    log = the_log()
    log["rounds"][0]["actions"] = log["rounds"][0]["actions"][:1]  # Bob has drawn
    full = client.post(REPLAY, json=log).get_json()["next"]
    assert {"action": "knock", "discard": "KD"} in full["legal_actions"]
    seen = client.post(REPLAY, json={**log, "view": "ann"}).get_json()["next"]
    assert seen["legal_actions"] == [{"action": "discard"}, {"action": "knock"}]
    # The same shape when Bob could not knock at all.
    log["rounds"][0]["hands"]["bob"] = "8S 8H 7C 6S 5D 2H 2C 3D 4C KD".split()
    log["rounds"][0]["upcard"] = "6D"
    log["rounds"][0]["actions"][0]["card"] = "6D"
    full = client.post(REPLAY, json=log).get_json()["next"]
    assert not any(a["action"] == "knock" for a in full["legal_actions"])
    assert client.post(REPLAY, json={**log, "view": "ann"}).get_json()["next"] == seen


def test_view_a_provisional_round_shows_only_to_its_defender(client):
    knocker = client.post(REPLAY, json={**awaiting(), "view": "bob"}).get_json()
    assert knocker["rounds"] == [] and knocker["totals"] == {"ann": 0, "bob": 0}
    assert knocker["next"]["legal_actions"] == [{"action": "lay_down"}]
    defender = client.post(REPLAY, json={**awaiting(), "view": "ann"}).get_json()
    assert defender["rounds"][0]["provisional"] is True
    assert defender["next"]["legal_actions"][0]["layable"] == [{"card": "6H", "meld": 1}]


CARD = re.compile(r"(?i)\b(10|[2-9atjqk])([shdc]\b|[\u2660-\u2667])")


def test_view_violation_details_name_no_card_and_no_count(client):
    log = the_log()
    actions = log["rounds"][0]["actions"]
    over = copy.deepcopy(log)
    over["rounds"][0]["actions"][1]["melds"] = KNOCK_MELDS[:1]  # deadwood 26: over the limit
    missing = copy.deepcopy(log)
    missing["rounds"][0]["actions"][1]["melds"] = [["8S", "8H", "8D"]] + KNOCK_MELDS[1:]
    discard = copy.deepcopy(log)
    discard["rounds"][0]["actions"][1:] = [{"player": "bob", "action": "discard", "card": "QH"}]
    assert actions  # the untouched log stays valid
    for faulty, code in ((over, "deadwood_over_limit"), (missing, "meld_card_not_in_hand"),
                         (discard, "card_not_in_hand")):
        full = client.post(REPLAY, json=faulty).get_json()["violations"][0]
        assert full["code"] == code
        seen = client.post(REPLAY, json={**faulty, "view": "ann"}).get_json()["violations"][0]
        assert (seen["pointer"], seen["code"], seen["rule"]) == (
            full["pointer"], full["code"], full["rule"])
        text = seen["detail"].replace(seen["rule"], "")
        assert not CARD.search(text) and not re.search(r"\d", text), seen["detail"]
