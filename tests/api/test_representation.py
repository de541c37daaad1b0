"""Representation invariance: the same request written as another client would write it gets
the same answer (R-1.4, R-2, R-6.1, docs/gamelog.md), up to the remapping of declared meld indexes.

Each property writes one request twice with tests/api/rewrite.py (card spellings, card order in a
hand or meld, meld order with layoff indexes remapped, list or object melds, optional fields
left out or given their defaults) and compares the service's answers over HTTP.
"""

from __future__ import annotations

import os
import random
from urllib.parse import quote

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrules.rules import best_arrangement, cards_mask
from testkit.generator import knock_position, random_game

from . import rewrite
from .rewrite import ORDER

LONG = os.environ.get("GINRULES_HYPOTHESIS") == "long"
EXAMPLES = 5000 if LONG else 150
"""Examples per property: every example makes several requests through the contract check."""
GAMES = 600 if LONG else 30

seeds = st.integers(0, 2**32 - 1)


def names(cards) -> list[str]:
    return [ORDER[c] for c in cards]


def rules_field(rng: random.Random, body: dict) -> dict:
    """The default rules said in one of the ways a client may say them, or not at all."""
    choice = rng.randrange(3)
    if choice == 1:
        body["rules"] = "standard"
    elif choice == 2:
        body["rules"] = {"preset": "standard"}
    return body


@settings(max_examples=EXAMPLES)
@given(seed=seeds)
def test_r1_4_r2_5_analysis_does_not_depend_on_how_the_hand_is_written(app, seed):
    client = app.test_client()
    rng = random.Random(seed)
    hand = names(rng.sample(range(52), rng.choice([10, 11])))
    every = rng.random() < 0.3
    replies = []
    for _ in range(2):
        body = rules_field(rng, {"hand": rewrite.hand(hand, rng)})
        if every or rng.random() < 0.5:
            body["all_arrangements"] = every
        replies.append(client.post("/v1/hands/analyze", json=body).get_json())
    assert replies[0] == replies[1]
    cards = ",".join(quote(t) for t in rewrite.hand(hand, rng))
    by_url = client.get(f"/v1/hands/{cards}/analysis"
                        + ("?all_arrangements=true" if every else "")).get_json()
    assert by_url == replies[0]


@settings(max_examples=EXAMPLES)
@given(seed=seeds)
def test_r5_3_a_knock_reads_the_same_however_its_melds_are_written(app, seed):
    client = app.test_client()
    rng = random.Random(seed)
    spread, defender = knock_position(rng)
    discard = rng.choice(defender)  # any card not in the spread
    eleven = names(spread + [discard])
    melds = [names(m.cards) for m in best_arrangement(cards_mask(spread)).melds]
    melds, _ = rewrite.melds(melds, rng)
    first = client.post("/v1/knock", json={"hand": eleven, "discard": ORDER[discard],
                                           "melds": melds}).get_json()
    again, moved = rewrite.melds(melds, rng)
    second = client.post("/v1/knock", json=rules_field(rng, {
        "hand": rewrite.hand(eleven, rng), "discard": rewrite.spell(ORDER[discard], rng),
        "melds": again})).get_json()
    # The reply echoes the declared melds in the declared order (docs/gamelog.md).
    echoed = first["arrangement"]["melds"]
    assert [second["arrangement"]["melds"][moved[i]] for i in range(len(echoed))] == echoed
    for reply in (first, second):
        del reply["arrangement"]["melds"]
    assert first == second


def declared_knock(rng: random.Random):
    """A seeded knock position, the knocker's best melds written in a random order and form."""
    spread, defender = knock_position(rng)
    arrangement = best_arrangement(cards_mask(spread))
    knocker, _ = rewrite.melds([names(m.cards) for m in arrangement.melds], rng)
    return spread, defender, arrangement, knocker


@settings(max_examples=EXAMPLES)
@given(seed=seeds)
def test_r6_1_r6_4_layoffs_name_the_melds_as_sent_and_choose_the_same_play(app, seed):
    client = app.test_client()
    rng = random.Random(seed)
    spread, defender, _, knocker = declared_knock(rng)
    first = client.post("/v1/layoffs", json={"knocker_melds": knocker,
                                             "defender_hand": names(defender)}).get_json()
    again, moved = rewrite.melds(knocker, rng)
    body = rules_field(rng, {"knocker_melds": again,
                             "defender_hand": rewrite.hand(names(defender), rng)})
    if rng.random() < 0.5:
        body["gin"] = False
    second = client.post("/v1/layoffs", json=body).get_json()
    assert second["layoffs"] == [{"card": x["card"], "meld": moved[x["meld"]]}
                                 for x in first["layoffs"]]
    del first["layoffs"], second["layoffs"]
    assert first == second


@settings(max_examples=EXAMPLES)
@given(seed=seeds)
def test_r6_1_r7_a_round_scores_the_same_however_its_spreads_are_written(app, seed):
    client = app.test_client()
    rng = random.Random(seed)
    spread, defender, arrangement, knocker = declared_knock(rng)
    rest = [c for c in range(52) if c not in spread and c not in defender]
    discard = ORDER[rng.choice(rest)]
    # The defender's spread as /v1/layoffs advises it, fed back with the same knocker melds.
    advice = client.post("/v1/layoffs", json={
        "knocker_melds": knocker, "defender_hand": names(defender),
        "gin": arrangement.deadwood_count == 0}).get_json()
    defense = {"hand": names(defender), "melds": advice["melds"], "layoffs": advice["layoffs"]}
    first = client.post("/v1/rounds/score", json={
        "knocker": {"hand": names(spread), "discard": discard, "melds": knocker},
        "defender": defense}).get_json()
    assert "defender" in first, first["errors"]  # scored, not refused
    again, moved = rewrite.melds(knocker, rng)
    second = client.post("/v1/rounds/score", json=rules_field(rng, {
        "knocker": {"hand": rewrite.hand(names(spread), rng),
                    "discard": rewrite.spell(discard, rng), "melds": again},
        "defender": {"hand": rewrite.hand(defense["hand"], rng),
                     "melds": rewrite.melds(defense["melds"], rng)[0],
                     "layoffs": rewrite.layoffs(defense["layoffs"], moved, rng)},
    })).get_json()
    assert rewrite.normal_result(_as_result(first)) == rewrite.normal_result(_as_result(second))
    assert first["outcome"] == second["outcome"] and first["points"] == second["points"]
    assert first["warnings"] == [] and second["warnings"] == []


def _as_result(reply: dict) -> dict:
    """A /v1/rounds/score reply in the shape of a replay's round result, to compare spreads."""
    return {"knocker_melds": reply["knocker"]["melds"], "layoffs": reply["defender"]["layoffs"],
            "defender_melds": reply["defender"]["melds"], "outcome": reply["outcome"],
            "points": reply["points"], "breakdown": reply["breakdown"],
            "deadwood": [reply["knocker"]["deadwood_count"], reply["defender"]["deadwood_count"]]}


PRESETS = ["standard", "modern", "oklahoma", "hollywood", "box", "cutthroat", "partnership",
           "openspiel"]


def test_gamelog_replay_does_not_depend_on_how_the_log_is_written(client):
    rng = random.Random(10)
    for seed in range(GAMES):
        log = random_game(seed, PRESETS[seed % len(PRESETS)])
        # Cut it somewhere too, so games in progress (and their next moves) are compared.
        if rng.random() < 0.5:
            entry = log["rounds"][-1]
            for table in entry["tables"] if "tables" in entry else [entry]:
                table["actions"] = table["actions"][: rng.randrange(len(table["actions"]) + 1)]
        first = client.post("/v1/games/replay", json=log).get_json()
        assert first["valid"], (seed, first["violations"])
        written, _ = rewrite.log(log, rng)
        second = client.post("/v1/games/replay", json=written).get_json()
        assert rewrite.normal_replay(first) == rewrite.normal_replay(second), seed
