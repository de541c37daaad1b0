"""The conformance corpus: well-formed, unique, covering every rule, and passed in process."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree

import pytest
from jsonschema import Draft202012Validator

from ginrules.cli import main
from ginrules.conformance import in_process, load_cases, run_case

from testkit import ROOT

CASES = ROOT / "conformance"
RULES_TEXT = (ROOT.parent / "shared" / "docs/rules.md")
RULE_BOOK = ROOT / "docs" / "rules.md"
CASE_FILES = sorted(p for p in CASES.glob("*.json") if not p.name.endswith(".schema.json"))


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_every_case_file_matches_the_schema(path):
    schema = json.loads((CASES / "cases.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    errors = list(Draft202012Validator(schema).iter_errors(json.loads(path.read_text())))
    assert not errors, [e.message for e in errors[:5]]


def test_descriptions_are_unique_and_the_corpus_is_large():
    cases = load_cases(CASES)
    names = [case.name for case in cases]
    assert len(names) == len(set(names))
    assert len(cases) >= 250


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


AWAITING_CASES = {"R-3.3"}
"""Rules played by the service whose conformance cases are still to be written (R-3.3 comes
with the conformance kit being rewritten as facts): each leaves this set once it has a case."""


def test_every_rule_has_a_case():
    covered = {rule for case in load_cases(CASES) for rule in case.rule}
    missing = _rule_ids() - covered - AWAITING_CASES
    assert not missing, f"rules without a conformance case: {sorted(missing)}"
    assert not AWAITING_CASES & covered, "a rule awaiting cases has one now: drop it from the set"


def test_the_corpus_passes_in_process():
    send = in_process()
    failures = [outcome for outcome in (run_case(case, send) for case in load_cases(CASES))
                if not outcome.passed]
    assert not failures, [(f.case.name, f.failures) for f in failures[:5]]


def test_the_runner_reports_a_summary_and_junit(tmp_path, capsys):
    report = tmp_path / "report.xml"
    assert main(["conformance", "--filter", "cards", "--junit", str(report)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^\d+ passed, 0 failed$", out, re.M)
    suite = ElementTree.parse(report).getroot()
    assert suite.tag == "testsuite" and int(suite.get("failures")) == 0
    assert int(suite.get("tests")) == len(load_cases(CASES, ["cards"]))


def test_the_runner_shows_each_failure_and_exits_non_zero(tmp_path, capsys):
    broken = json.loads((CASES / "cards.json").read_text())
    broken["cases"] = broken["cases"][:1]
    broken["cases"][0]["expected"]["checks"][0]["equals"] = ["XX"]
    (tmp_path / "cards.json").write_text(json.dumps(broken))
    assert main(["conformance", "--cases", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL cards: every notation names the same cards" in out
    assert '/hand: expected ["XX"]' in out and "0 passed, 1 failed" in out


def test_an_unreachable_server_is_one_line_and_exit_2(capsys):
    import socket

    with socket.socket() as sock:  # a loopback port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    assert main(["conformance", "--url", f"http://127.0.0.1:{port}"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"ginrules conformance: cannot reach the server at http://127.0.0.1:{port} "
        "(connection refused)"]


def test_a_url_that_is_no_server_address_is_one_line_and_exit_2(capsys):
    assert main(["conformance", "--url", "127.0.0.1:8"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "not a server address" in lines[0]


def test_the_default_corpus_is_the_one_shipped_in_the_package():
    from ginrules.conformance import default_cases_dir

    assert default_cases_dir().resolve() == CASES.resolve()
    assert len(load_cases()) == len(load_cases(CASES))
