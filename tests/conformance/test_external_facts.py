"""Facts other projects' test suites assert (conformance/facts/*-external.json), each naming
its source, and what those suites assert that the kit leaves out, each with its reason
(conformance/left-out.json).  Every fact runs with the others, against this service in process
and over HTTP and against the reference; these check that they are there and sourced."""

from __future__ import annotations

import json
import re

from ginrules.conformance import load_facts

from testkit import ROOT

KIT = ROOT / "conformance"


def _external():
    return [f for f in load_facts(KIT) if f.id.split("/")[0].endswith("-external")]


def test_at_least_120_external_facts_from_six_projects():
    facts = _external()
    assert len(facts) >= 120
    assert len({f.extra["source"]["repository"] for f in facts}) >= 6


def test_every_external_fact_names_its_source_and_every_fact_left_out_its_reason():
    for fact in _external():
        source = fact.extra["source"]
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", source["repository"]) and source["path"]
        assert source["test"] and source["test"].split(",")[0] in fact.description, fact.name
    left_out = json.loads((KIT / "left-out.json").read_text())["left_out"]
    assert left_out
    for entry in left_out:
        assert entry["repository"] and entry["path"] and entry["test"]
        assert entry["what"] and entry["reason"]


def test_facts_left_out_for_a_rule_name_the_rule():
    reasons = " ".join(e["reason"] for e in json.loads((KIT / "left-out.json").read_text())[
        "left_out"])
    for rule in ("R-4.7", "R-4.8"):
        assert rule in reasons


def test_r7_7_r8_2_r8_3_facts_once_left_out_are_asked_now():
    rules = {rule for fact in _external() for rule in fact.rules}
    assert {"R-7.7", "R-8.2", "R-8.3"} <= rules
