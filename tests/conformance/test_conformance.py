"""The kit against this service: every fact as a request (and the hand-written cases) passes,
in process; the runner's report, its JUnit, its exit statuses, its topics and its wait."""

from __future__ import annotations

import json
import re
import shutil
import time
import xml.etree.ElementTree as ElementTree

import pytest
from jsonschema import Draft202012Validator

from ginrules.cli import main
from ginrules.conformance import (Unreachable, in_process, load_cases, load_facts, run_case,
                                  wait_for)
from ginrules.conformance.api_cases import case_of, load_http_cases

from testkit import ROOT, free_port

KIT = ROOT / "conformance"
RULES_TEXT = (ROOT.parent / "shared" / "docs/rules.md")
RULE_BOOK = ROOT / "docs" / "rules.md"
HTTP_FILES = sorted((KIT / "http").glob("*.json"))


@pytest.mark.parametrize("path", HTTP_FILES, ids=[p.stem for p in HTTP_FILES])
def test_every_hand_written_request_case_file_matches_its_schema(path):
    schema = json.loads((KIT / "cases.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    errors = list(Draft202012Validator(schema).iter_errors(json.loads(path.read_text())))
    assert not errors, [e.message for e in errors[:5]]


def test_case_names_are_unique_and_most_cases_are_facts():
    cases = load_cases(KIT)
    names = [case.name for case in cases]
    assert len(names) == len(set(names))
    facts = [case for case in cases if case.fact_id]
    assert len(cases) >= 800 and len(facts) >= 0.9 * len(cases)


def _rule_ids() -> set[str]:
    """Every rule id: the shared spec's ``- R-x.y`` items, and the ``### R-x.y`` headings of the
    project's own rule book (docs/rules.md) but those marked planned (not implemented yet)."""
    ours = set(re.findall(r"^### (R-\d+\.\d+) (?!.*\(planned\))", RULE_BOOK.read_text(
        encoding="utf-8"), re.M))
    if RULES_TEXT.is_file():
        text = RULES_TEXT.read_text(encoding="utf-8")
        return set(re.findall(r"^- (R-\d+\.\d+)", text, re.M)) | ours | {"R-10"}
    # Without the rules text beside the checkout: the ids it has.
    return {f"R-{s}.{n}" for s, count in ((1, 5), (2, 6), (3, 2), (4, 6), (5, 6), (6, 4),
                                          (7, 6), (8, 3), (9, 5)) for n in range(1, count + 1)
            } | ours | {"R-10"}


def test_rule_ids_come_from_the_rule_book_headings_too():
    assert "R-2.7" in _rule_ids()
    assert {"R-1.1", "R-6.4", "R-9.5"} <= _rule_ids()


def test_every_rule_has_a_fact():
    covered = {rule for fact in load_facts(KIT) for rule in fact.rules}
    missing = _rule_ids() - covered
    assert not missing, f"rules without a fact: {sorted(missing)}"


def test_the_kit_passes_in_process():
    send = in_process()
    failures = [outcome for outcome in (run_case(case, send) for case in load_cases(KIT))
                if not outcome.passed]
    assert not failures, [(f.case.name, f.failures) for f in failures[:5]]


def test_a_fact_becomes_the_request_and_checks_it_states():
    fact = next(f for f in load_facts(KIT, ["knock"])
                if f.description == "a knock over a lower limit is not")
    case = case_of(fact)
    assert case.request == {"method": "POST", "path": "/v1/knock", "body": {
        "hand": fact.question["hand"], "discard": "KC", "rules": {"preset": "standard",
                                                                  "knock_limit": 9}}}
    assert {"pointer": "/legal", "equals": False} in case.expected["checks"]
    assert {"pointer": "/violations/0/code", "equals": "deadwood_over_limit"} in \
        case.expected["checks"]


def test_the_runner_reports_each_topic_a_summary_and_junit(tmp_path, capsys):
    report = tmp_path / "report.xml"
    assert main(["conformance", "--filter", "cards", "--junit", str(report)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^cards +\d+ +0 +0$", out, re.M)
    assert re.search(r"^\d+ passed, 0 failed$", out.splitlines()[-1])
    suite = ElementTree.parse(report).getroot()
    assert suite.tag == "testsuite" and int(suite.get("failures")) == 0
    assert int(suite.get("tests")) == len(load_cases(KIT, ["cards"]))


def _kit_copy(tmp_path):
    kit = tmp_path / "kit"
    (kit / "facts").mkdir(parents=True)
    shutil.copy(KIT / "facts.schema.json", kit)
    return kit


def test_the_runner_shows_each_failure_and_exits_non_zero(tmp_path, capsys):
    kit = _kit_copy(tmp_path)
    broken = json.loads((KIT / "facts" / "deadwood.json").read_text())
    fact = next(f for f in broken["facts"] if f["description"].startswith("values: ace 1"))
    fact["answer"]["deadwood"] = 54
    broken["facts"] = [fact]
    (kit / "facts" / "deadwood.json").write_text(json.dumps(broken))
    assert main(["conformance", "--cases", str(kit)]) == 1
    out = capsys.readouterr().out
    assert "FAIL deadwood: values: ace 1, pips at face value, faces 10 (deadwood/0)" in out
    assert "/deadwood_count: expected 54, got 55" in out and "0 passed, 1 failed" in out


def test_an_unknown_topic_exits_2_and_lists_the_topics(capsys):
    assert main(["conformance", "--filter", "knocks"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith("ginrules conformance: unknown topic 'knocks'; the topics are ")
    assert "deadwood, discards, knock, layoffs" in line and "malformed" in line


def test_an_unreachable_server_is_one_line_and_exit_2_after_the_wait(capsys):
    port = free_port()
    start = time.monotonic()
    assert main(["conformance", "--url", f"http://127.0.0.1:{port}", "--wait", "1"]) == 2
    assert 1 <= time.monotonic() - start < 10
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"ginrules conformance: cannot reach the server at http://127.0.0.1:{port} "
        "(connection refused)"]


def test_the_runner_waits_for_a_server_that_is_still_starting():
    calls = []

    def send(method, path, body):
        calls.append(path)
        if len(calls) < 3:
            raise Unreachable("cannot reach the server at x (connection refused)")
        return 200, {"status": "ok"}

    wait_for(send, 5)
    assert calls == ["/healthz"] * 3


def test_a_url_that_is_no_server_address_is_one_line_and_exit_2_at_once(capsys):
    start = time.monotonic()
    assert main(["conformance", "--url", "127.0.0.1:8", "--wait", "30"]) == 2
    assert time.monotonic() - start < 10
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "not a server address" in lines[0]


def test_the_default_kit_is_the_one_shipped_in_the_package():
    from ginrules.conformance import default_cases_dir

    assert default_cases_dir().resolve() == KIT.resolve()
    assert len(load_cases()) == len(load_cases(KIT))


def test_the_hand_written_cases_are_what_no_fact_can_state():
    topics = {case.topic for case in load_http_cases(KIT)}
    assert topics == {"cards", "deals", "malformed", "melds", "representation", "variants"}
