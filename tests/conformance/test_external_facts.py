"""The external-facts topic: other projects' test facts, each named by its source.

The corpus tests run every topic, this one included, in process and against a server; these
check that the topic is there, large enough, and is what its script writes.
"""

from __future__ import annotations

import json
import re

from ginrules.conformance import load_cases
from testkit import ROOT
from tests.scripts import load_script

CASES = ROOT / "conformance"


def _script():
    return load_script("conformance/external_facts.py", "external_facts")


def test_the_external_facts_topic_holds_at_least_120_facts_from_six_projects():
    cases = load_cases(CASES, ["external-facts"])
    assert len(cases) >= 120
    script = _script()
    projects = {script.SOURCES[f["source"]][1] for f in script.FACTS}
    assert len(projects) >= 6, projects


def test_the_case_file_is_what_the_script_writes():
    written = json.loads((CASES / "external-facts.json").read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(_script().document(), ensure_ascii=False))


def test_every_fact_names_its_source_and_every_fact_left_out_its_reason():
    script = _script()
    for fact in script.FACTS:
        label, repository, path = script.SOURCES[fact["source"]]
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", repository) and path
        assert fact["case"]["description"].startswith(f"{label} {fact['test']}: ")
    assert script.LEFT_OUT
    for source, test, what, reason in script.LEFT_OUT:
        assert source in script.SOURCES and test and what and reason


def test_facts_left_out_for_a_rule_name_the_rule():
    reasons = " ".join(reason for *_, reason in _script().LEFT_OUT)
    for rule in ("R-4.7", "R-4.8"):
        assert rule in reasons


def test_r7_7_r8_2_r8_3_facts_once_left_out_are_asked_now():
    topic = json.loads((CASES / "external-facts.json").read_text(encoding="utf-8"))
    rules = {rule for case in topic["cases"] for rule in case["rule"]}
    assert {"R-7.7", "R-8.2", "R-8.3"} <= rules
