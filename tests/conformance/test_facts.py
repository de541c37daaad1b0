"""The facts: JSON files that match their schema, described uniquely and briefly, in the rules'
own terms (card codes, option names, rule ids)."""

from __future__ import annotations

import json
import re

import pytest
from jsonschema import Draft202012Validator

from testkit import ROOT

KIT = ROOT / "conformance"
SCHEMA = KIT / "facts.schema.json"
FACT_FILES = sorted((KIT / "facts").glob("*.json"))


def _facts() -> list[dict]:
    return [fact for path in FACT_FILES for fact in json.loads(path.read_text())["facts"]]


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
    descriptions = [fact["description"] for fact in _facts()]
    assert len(descriptions) >= 500
    assert len(descriptions) == len(set(descriptions))
    assert max(map(len, descriptions)) <= 120 and min(map(len, descriptions)) >= 3


def test_facts_speak_of_rules_by_id_and_options_by_name():
    rule = re.compile(r"^R-\d+(\.\d+)?$")
    names = set(json.loads(SCHEMA.read_text())["$defs"]["options"]["properties"])
    for fact in _facts():
        assert all(rule.match(r) for r in fact["rules"]), fact["description"]
        assert set(fact.get("options", {})) <= names, fact["description"]
        text = json.dumps([fact["question"], fact["answer"]])
        assert "/v1/" not in text and "deadwood_count" not in text, fact["description"]


def test_the_option_defaults_the_schema_states_are_the_standard_preset():
    from ginrules.rules.base.options import Rules

    properties = json.loads(SCHEMA.read_text())["$defs"]["options"]["properties"]
    assert {name: spec["default"] for name, spec in properties.items()} == Rules().options()
