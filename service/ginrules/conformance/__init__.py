"""The conformance runner: the language-neutral cases of ``conformance/`` against the API.

    ginrules conformance                        # in process, no server needed
    ginrules conformance --url http://127.0.0.1:8000 --filter layoffs --junit report.xml

Each case sends one request and checks the reply: the status, then either the listed checks
(each on a JSON Pointer into the reply: ``equals``, ``one_of``, ``same_items``, ``contains``,
``absent``, ``at_least``, ``at_most``) or, for an error, the problem's codes and pointers.
Errors are compared by machine code and pointer, never by message.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from xml.sax.saxutils import escape, quoteattr

Transport = Callable[[str, str, Any], tuple[int, Any]]
"""Sends (method, path, JSON body) and returns (status, parsed JSON reply)."""

_MISSING = object()


class Unreachable(Exception):
    """The server cannot be reached at all: the run stops (no case can pass)."""


def default_cases_dir() -> Path:
    """The corpus shipped in the package (``conformance/`` of the source tree)."""
    from ..package_data import conformance_dir

    return conformance_dir()


@dataclass(frozen=True)
class Case:
    topic: str
    description: str
    rule: tuple[str, ...]
    request: dict[str, Any]
    expected: dict[str, Any]

    @property
    def name(self) -> str:
        return f"{self.topic}: {self.description}"


@dataclass(frozen=True)
class Outcome:
    case: Case
    failures: tuple[str, ...]
    seconds: float

    @property
    def passed(self) -> bool:
        return not self.failures


def load_cases(directory: Path | None = None, topics: Iterable[str] = ()) -> list[Case]:
    """Every case of the case files in ``directory``, of the given topics (all if none)."""
    directory = directory or default_cases_dir()
    wanted = set(topics)
    cases = []
    for path in sorted(directory.glob("*.json")):
        if path.name.endswith(".schema.json"):
            continue
        document = json.loads(path.read_text(encoding="utf-8"))
        topic = document["topic"]
        if wanted and topic not in wanted:
            continue
        for case in document["cases"]:
            cases.append(Case(topic, case["description"], tuple(case.get("rule", ())),
                              case["request"], case["expected"]))
    return cases


def resolve(document: Any, pointer: str) -> Any:
    """The value at a JSON Pointer (RFC 6901), or ``_MISSING``."""
    if pointer == "":
        return document
    value = document
    for token in pointer.lstrip("/").split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and token in value:
            value = value[token]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return _MISSING
    return value


def _show(value: Any) -> str:
    if value is _MISSING:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "..."


def _same_items(a: Any, b: Any) -> bool:
    if not isinstance(a, list) or not isinstance(b, list) or len(a) != len(b):
        return False
    rest = list(b)
    for item in a:
        if item not in rest:
            return False
        rest.remove(item)
    return True


def check(expected: dict[str, Any], status: int, reply: Any) -> list[str]:
    """Every way a reply differs from what a case expects."""
    failures = []
    if status != expected["status"]:
        failures.append(f"status: expected {expected['status']}, got {status}"
                        + (f" ({reply.get('code')}: {reply.get('detail')})"
                           if isinstance(reply, dict) and "code" in reply else ""))
        return failures
    if "codes" in expected or "pointers" in expected:
        errors = reply.get("errors", []) if isinstance(reply, dict) else []
        codes = {e.get("code") for e in errors}
        pointers = {e.get("pointer") for e in errors}
        for code in expected.get("codes", []):
            if code not in codes:
                failures.append(f"error code {code!r} expected, got {sorted(codes)}")
        for pointer in expected.get("pointers", []):
            if pointer not in pointers:
                failures.append(f"error at {pointer!r} expected, got {sorted(pointers)}")
    for item in expected.get("checks", []):
        pointer = item["pointer"]
        actual = resolve(reply, pointer)
        if "equals" in item and actual != item["equals"]:
            failures.append(f"{pointer}: expected {_show(item['equals'])}, got {_show(actual)}")
        if "one_of" in item and actual not in item["one_of"]:
            failures.append(f"{pointer}: expected one of {_show(item['one_of'])}, "
                            f"got {_show(actual)}")
        if "same_items" in item and not _same_items(actual, item["same_items"]):
            failures.append(f"{pointer}: expected the items {_show(item['same_items'])} in any "
                            f"order, got {_show(actual)}")
        if "contains" in item:
            missing = [x for x in item["contains"]
                       if not isinstance(actual, list) or x not in actual]
            if missing:
                failures.append(f"{pointer}: expected to contain {_show(missing)}, "
                                f"got {_show(actual)}")
        if item.get("absent") and actual is not _MISSING:
            failures.append(f"{pointer}: expected absent, got {_show(actual)}")
        if "at_least" in item and not (isinstance(actual, (int, float))
                                       and actual >= item["at_least"]):
            failures.append(f"{pointer}: expected at least {item['at_least']}, "
                            f"got {_show(actual)}")
        if "at_most" in item and not (isinstance(actual, (int, float))
                                      and actual <= item["at_most"]):
            failures.append(f"{pointer}: expected at most {item['at_most']}, got {_show(actual)}")
    return failures


def run_case(case: Case, send: Transport) -> Outcome:
    start = time.perf_counter()
    request = case.request
    try:
        status, reply = send(request["method"], request["path"], request.get("body"))
        failures = check(case.expected, status, reply)
    except Unreachable:
        raise
    except Exception as error:  # a transport failure fails the case, not the run
        failures = [f"request failed: {error}"]
    return Outcome(case, tuple(failures), time.perf_counter() - start)


def in_process() -> Transport:
    """A transport to the app in this process (Flask's test client)."""
    from ..api import create_app

    client = create_app().test_client()

    def send(method: str, path: str, body: Any) -> tuple[int, Any]:
        response = client.open(path, method=method, json=body)
        return response.status_code, response.get_json(silent=True)

    return send


def over_http(url: str) -> Transport:
    """A transport to a server at ``url``."""
    import requests

    from ..client import Client

    api = Client(url)

    def send(method: str, path: str, body: Any) -> tuple[int, Any]:
        try:
            status, _, parsed = api.request(method, path, body)
        except requests.ConnectionError as error:
            reason = "connection refused" if "refused" in str(error).lower() else "no connection"
            raise Unreachable(f"cannot reach the server at {url} ({reason})") from None
        except requests.Timeout:
            raise Unreachable(f"the server at {url} did not answer in time") from None
        except (requests.exceptions.InvalidURL, requests.exceptions.MissingSchema,
                requests.exceptions.InvalidSchema):
            raise Unreachable(f"not a server address: {url!r} (e.g. http://127.0.0.1:8000)") \
                from None
        return status, parsed

    return send


def junit_xml(outcomes: list[Outcome]) -> str:
    """A JUnit XML report of the outcomes, one test case per conformance case."""
    failed = sum(not o.passed for o in outcomes)
    total = sum(o.seconds for o in outcomes)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuite name="ginrules-conformance" tests="{len(outcomes)}" '
             f'failures="{failed}" time="{total:.3f}">']
    for outcome in outcomes:
        case = outcome.case
        head = (f'  <testcase classname={quoteattr("conformance." + case.topic)} '
                f'name={quoteattr(case.description)} time="{outcome.seconds:.4f}"')
        if outcome.passed:
            lines.append(head + "/>")
        else:
            message = "; ".join(outcome.failures)
            lines.append(head + ">")
            lines.append(f"    <failure message={quoteattr(message[:500])}>"
                         f"{escape(message)}</failure>")
            lines.append("  </testcase>")
    lines.append("</testsuite>")
    return "\n".join(lines) + "\n"


def main(url: str | None, topics: list[str], junit: str | None, cases_dir: str | None,
         out: TextIO | None = None) -> int:
    """Run the corpus; one line per failing case, then ``N passed, N failed``."""
    out = out or sys.stdout
    directory = Path(cases_dir) if cases_dir else default_cases_dir()
    if not directory.is_dir():
        print(f"ginrules conformance: no case folder at {directory}",
              file=sys.stderr)
        return 2
    cases = load_cases(directory, topics)
    if not cases:
        print(f"ginrules conformance: no cases for {', '.join(topics) or 'any topic'}",
              file=sys.stderr)
        return 2
    send = over_http(url) if url else in_process()
    try:
        outcomes = [run_case(case, send) for case in cases]
    except Unreachable as error:
        print(f"ginrules conformance: {error}", file=sys.stderr)
        return 2
    for outcome in outcomes:
        if not outcome.passed:
            print(f"FAIL {outcome.case.name}", file=out)
            for failure in outcome.failures:
                print(f"     {failure}", file=out)
    if junit:
        Path(junit).write_text(junit_xml(outcomes), encoding="utf-8")
    failed = sum(not o.passed for o in outcomes)
    print(f"{len(outcomes) - failed} passed, {failed} failed", file=out)
    return 1 if failed else 0
