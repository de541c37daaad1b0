"""The facts: JSON files that match their schema, described uniquely and briefly, in the rules'
own terms (card codes, option names, rule ids), and the comparison that holds an engine's
answer to them."""

from __future__ import annotations

import json
import re

import pytest
from jsonschema import Draft202012Validator

from ginrules.conformance.compare import differences
from ginrules.conformance.facts import TOPICS, Fact, load_facts, option_defaults
from ginrules.rules.base.options import PRESETS, Rules

from testkit import ROOT

KIT = ROOT / "conformance"
SCHEMA = KIT / "facts.schema.json"
FACT_FILES = sorted((KIT / "facts").glob("*.json"))


@pytest.mark.parametrize("path", FACT_FILES, ids=[p.stem for p in FACT_FILES])
def test_every_facts_file_matches_the_facts_schema(path):
    schema = json.loads(SCHEMA.read_text())
    Draft202012Validator.check_schema(schema)
    document = json.loads(path.read_text())
    errors = list(Draft202012Validator(schema).iter_errors(document))
    assert not errors, [f"{list(e.absolute_path)[:4]}: {e.message[:120]}" for e in errors[:5]]
    assert path.stem.split("-")[0] == document["topic"]


def test_the_schema_refuses_a_misspelt_answer_an_unknown_option_and_a_bad_card():
    validator = Draft202012Validator(json.loads(SCHEMA.read_text()))
    document = json.loads((KIT / "facts" / "deadwood.json").read_text())
    document["facts"][3]["answer"] = {"deadwod": 3}
    document["facts"][4]["options"] = {"knock": 3}
    document["facts"][5]["question"]["hand"] = ["1S"]
    assert len(list(validator.iter_errors(document))) == 3


def test_descriptions_are_unique_and_short():
    facts = load_facts(KIT)
    descriptions = [fact.description for fact in facts]
    assert len(descriptions) == len(set(descriptions))
    assert max(map(len, descriptions)) <= 120 and min(map(len, descriptions)) >= 3


def test_every_topic_has_facts():
    assert {fact.topic for fact in load_facts(KIT)} == set(TOPICS)


def test_the_option_defaults_the_schema_states_are_the_standard_preset():
    assert option_defaults(SCHEMA) == Rules().options() == PRESETS["standard"].options()


def test_facts_speak_of_rules_by_id_and_options_by_name():
    rule = re.compile(r"^R-\d+(\.\d+)?$")
    names = set(Rules().options())
    for fact in load_facts(KIT):
        assert all(rule.match(r) for r in fact.rules), fact.name
        assert set(fact.options) <= names, fact.name
        text = json.dumps([fact.question, fact.answer])
        assert "/v1/" not in text and "deadwood_count" not in text, fact.name


def _fact(topic: str, answer: dict, question: dict | None = None) -> Fact:
    return Fact(topic, "x/0", "a fact", ("R-2.5",), {}, question or {}, answer)


def test_an_answer_is_held_to_what_the_fact_states():
    fact = _fact("deadwood", {"deadwood": 20, "arrangements": [
        {"melds": [["JS", "QS", "KS"]], "deadwood": ["KH", "KD"]},
        {"melds": [["KS", "KH", "KD"]], "deadwood": ["JS", "QS"]}]})
    assert differences(fact, {"deadwood": 20}) == []
    assert differences(fact, {"deadwood": 20, "melds": [["KD", "KH", "KS"]]}) == []
    wrong = differences(fact, {"deadwood": 21, "melds": [["JS", "QS", "KS"]]})
    assert wrong == ["deadwood: expected 20, got 21"]
    assert "one of the optimal arrangements" in differences(
        fact, {"deadwood": 20, "melds": [["QS", "KS", "KH"]]})[0]
    assert differences(fact, {"melds": []}) == ["deadwood: expected 20, got (absent)"]


def test_rules_an_engine_names_must_be_among_the_facts():
    fact = _fact("knock", {"legal": False, "breaks": ["R-2.1", "R-2.2"]})
    assert differences(fact, {"legal": False}) == []
    assert differences(fact, {"legal": False, "breaks": ["R-2.2"]}) == []
    assert differences(fact, {"legal": False, "breaks": ["R-5.1"]}) != []
    assert differences(fact, {"legal": True}) == ["legal: expected false, got true"]


def test_a_refused_question_must_be_refused():
    fact = _fact("deadwood", {"refused": {"breaks": ["R-1.5"], "at": ["/hand/2"]}})
    assert differences(fact, {"refused": {"breaks": ["R-1.5"], "at": ["/hand/2"]}}) == []
    assert differences(fact, {"refused": {}}) == []
    assert differences(fact, {"deadwood": 3}) != []
    assert differences(fact, "garbage") == ['the answer is not a JSON object: "garbage"']


def test_a_discards_answer_gives_every_discard_and_the_least_follows():
    fact = _fact("discards", {"least": 2, "best": ["KD"], "after": {"KD": 2}})
    after = {"KD": 2, "AS": 3}
    assert differences(fact, {"after": after}) == []
    assert differences(fact, {"after": {**after, "AS": 2}}) == [
        'best (the discards leaving the least): expected ["KD"], got ["AS", "KD"]']


def test_matches_and_games_state_parts_of_a_reply():
    fact = _fact("matches", {"rounds": [None, {"credited": [0, 1]}],
                             "totals": {"games": [{"totals": {"ann": 20}}]}})
    answer = {"rounds": [{"credited": [0]}, {"credited": [0, 1]}],
              "totals": {"games": [{"totals": {"ann": 20, "bob": 0}, "closed": False}]}}
    assert differences(fact, answer) == []
    answer["rounds"][1]["credited"] = [0]
    assert differences(fact, answer) == ["rounds/1/credited: expected [0, 1], got [0]"]
    game = _fact("games", {"valid": False, "at": "/rounds/0/actions/3", "breaks": ["R-4.2"]})
    assert differences(game, {"valid": False, "at": "/rounds/0/actions/3"}) == []
    assert differences(game, {"valid": False, "at": "/rounds/0/actions/4"}) != []
